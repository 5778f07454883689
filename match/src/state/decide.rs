//! `decide`: what a command leads to, worked out on a copy of the state by applying each
//! fact as it is made (so deciding and replaying are one code path).

use senet_engine::{Game, Geometry, IllegalMove, Status, ThrowEffect};

use super::{Command, Decision, MAX_THROWS, MatchError, MatchState};
use crate::dice::valid_client_seed;
use crate::fact::Fact;
use senet_protocol::ClockSpec;

impl MatchState {
    /// As [`MatchState::decide`], calling `observe` with the state right after each fact, the
    /// fact, and for a move its geometry (what the broadcast of that event is computed from).
    ///
    /// # Errors
    /// The command is refused (see [`MatchError`]).
    pub fn decide_observed(
        &self,
        command: &Command,
        mut observe: impl FnMut(&MatchState, &Fact, Option<&Geometry>),
    ) -> Result<Decision, MatchError> {
        let mut d = Decider {
            next: self.clone(),
            facts: Vec::new(),
            observe: &mut observe,
        };
        d.run(command)?;
        Ok(Decision {
            facts: d.facts,
            after: d.next,
        })
    }
}

/// A measured time in whole milliseconds, as stored.
fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Works out one command on a copy of the state.
struct Decider<'o> {
    next: MatchState,
    facts: Vec<Fact>,
    observe: &'o mut dyn FnMut(&MatchState, &Fact, Option<&Geometry>),
}

impl Decider<'_> {
    fn push(&mut self, fact: Fact) -> Result<(), MatchError> {
        let geometry = self.next.geometry_of(&fact);
        self.next
            .apply(&fact)
            .map_err(|e| MatchError::Internal(format!("{} did not apply: {e}", fact.kind())))?;
        (self.observe)(&self.next, &fact, geometry.as_ref());
        self.facts.push(fact);
        Ok(())
    }

    fn run(&mut self, command: &Command) -> Result<(), MatchError> {
        let s = &self.next;
        match command {
            Command::StartGame(new) => {
                if s.game_no != 0 {
                    return Err(MatchError::AlreadyStarted);
                }
                Game::new(s.spec.variant, s.spec.setup).map_err(|e| {
                    let mut detail = senet_protocol::Detail::from(e);
                    detail.reason = Some(senet_protocol::Reason::SetupPlayers);
                    MatchError::BadSetup(detail)
                })?;
                let fact = s.game_started(new);
                self.push(fact)?;
                if !self.next.spec.seed_window {
                    self.advance(true)?;
                }
            }
            Command::ClientSeed { seat, seed } => {
                let g = s.live()?;
                if !g.seeds_open {
                    return Err(MatchError::SeedsClosed);
                }
                if !valid_client_seed(seed) {
                    return Err(MatchError::BadSeed);
                }
                if g.client_seeds
                    .get(seat.index())
                    .is_some_and(Option::is_some)
                {
                    return Err(MatchError::SeedGiven);
                }
                self.push(Fact::ClientSeed {
                    seat: *seat,
                    seed: seed.clone(),
                })?;
                self.advance(false)?;
            }
            Command::CloseSeeds => {
                if s.game.as_ref().is_some_and(|g| g.seeds_open && !g.over) {
                    self.advance(true)?;
                }
            }
            Command::Move {
                seat,
                game,
                mv,
                thinking,
            } => {
                let g = s.live()?;
                if *game != s.game_no {
                    return Err(MatchError::WrongGame {
                        playing: s.game_no,
                        asked: *game,
                    });
                }
                let running = s.clock_running();
                if let Some((_, left)) = running.filter(|(s, _)| s == seat)
                    && *thinking >= left
                {
                    return Err(MatchError::OutOfTime);
                }
                let player = g
                    .player_of(*seat)
                    .ok_or(MatchError::Illegal(IllegalMove::NotYourTurn))?;
                // The engine decides on a copy; the fact names the move as the engine writes it.
                let mut engine = g.engine.clone();
                let played = engine
                    .play_notation(player, mv)
                    .map_err(MatchError::Illegal)?;
                self.push(Fact::Moved {
                    seat: *seat,
                    mv: played.to_string(),
                    used_ms: running.map(|_| millis(*thinking)),
                })?;
                self.advance(false)?;
            }
            Command::Resign { seat } => {
                let g = s.live()?;
                let player = g
                    .player_of(*seat)
                    .ok_or(MatchError::Illegal(IllegalMove::NotYourTurn))?;
                g.engine
                    .clone()
                    .resign(player)
                    .map_err(MatchError::Illegal)?;
                self.push(Fact::Resigned { seat: *seat })?;
                self.advance(false)?;
            }
            Command::Claim {
                seat,
                gone_for,
                needed,
                waited,
                move_limit,
            } => {
                let g = s.live()?;
                let against = g.seat_to_act().ok_or(MatchError::GameOver)?;
                if against == *seat {
                    return Err(MatchError::NotAbsent);
                }
                // On a clock, the clock is the move limit; on a correspondence clock, being away
                // is the normal case, so only the clock ends a game for time.
                if matches!(s.spec.clock, Some(ClockSpec::Correspondence { .. })) {
                    return Err(MatchError::ClockDecides);
                }
                let too_slow =
                    s.spec.clock.is_none() && move_limit.is_some_and(|limit| *waited >= limit);
                let gone = gone_for.get(against.index()).copied().flatten();
                match gone {
                    _ if too_slow => {}
                    None => return Err(MatchError::NotAbsent),
                    Some(gone) if gone < *needed => {
                        return Err(MatchError::TooEarly {
                            against,
                            gone: gone.as_secs(),
                            needed: needed.as_secs(),
                        });
                    }
                    Some(_) => {}
                }
                self.push(Fact::Claimed {
                    seat: *seat,
                    against,
                })?;
                self.advance(false)?;
            }
            Command::Flag { thinking } => {
                s.live()?;
                let Some((seat, left)) = s.clock_running() else {
                    return Err(MatchError::TimeLeft);
                };
                if *thinking < left {
                    return Err(MatchError::TimeLeft);
                }
                self.push(Fact::TimedOut {
                    seat,
                    used_ms: millis(*thinking),
                })?;
                self.advance(false)?;
            }
            Command::Abandon { waited, limit } => {
                let g = s.live()?;
                if s.spec.clock.is_some() {
                    return Err(MatchError::ClockDecides);
                }
                if waited < limit {
                    return Err(MatchError::NotIdle);
                }
                let against = g.seat_to_act().ok_or(MatchError::GameOver)?;
                self.push(Fact::Abandoned { against })?;
                self.advance(false)?;
            }
            Command::NextGame(next) => {
                if s.match_over {
                    return Err(MatchError::MatchOver);
                }
                if !s.game.as_ref().is_some_and(|g| g.over) {
                    return Err(MatchError::GameNotOver);
                }
                let fact = s.game_started(next);
                self.push(fact)?;
                if !self.next.spec.seed_window {
                    self.advance(true)?;
                }
            }
            Command::Rematch { seat, next } => {
                if s.match_over {
                    return Err(MatchError::MatchOver);
                }
                let Some(g) = s.game.as_ref().filter(|g| g.over) else {
                    return Err(MatchError::GameNotOver);
                };
                if g.rematch.get(seat.index()).copied().unwrap_or(true) {
                    return Ok(());
                }
                self.push(Fact::RematchRequested { seat: *seat })?;
                if self
                    .next
                    .game
                    .as_ref()
                    .is_some_and(|g| g.rematch.iter().all(|&r| r))
                {
                    let fact = self.next.game_started(next);
                    self.push(fact)?;
                    if !self.next.spec.seed_window {
                        self.advance(true)?;
                    }
                }
            }
            // While seeds are taken, this throws only once every seed is in (a restart came
            // between the last seed and the first throw).
            Command::CatchUp => self.advance(false)?,
        }
        Ok(())
    }

    /// Throws for the server whenever the engine asks, ends the game when the engine says it
    /// is over, and ends the series when that game decides it. `close_seeds`: throw even
    /// while client seeds are still taken (the wait ran out, or every seed is in).
    fn advance(&mut self, close_seeds: bool) -> Result<(), MatchError> {
        let mut close_seeds = close_seeds;
        loop {
            let s = &self.next;
            let Some(g) = &s.game else { return Ok(()) };
            if g.over {
                if !s.match_over && s.series_decided() {
                    let winner = s.leader();
                    self.push(Fact::MatchOver { winner })?;
                }
                return Ok(());
            }
            // Seeds hold back the first throw, not the end of a game resigned before it.
            let over = matches!(g.engine.status(), Status::Over(_));
            if g.seeds_open && !close_seeds && !over && !g.client_seeds.iter().all(Option::is_some)
            {
                return Ok(());
            }
            close_seeds = false;
            match g.engine.status() {
                Status::Move { .. } => return Ok(()),
                Status::Over(o) => {
                    let winner = o.winner.and_then(|p| g.seat_of(p));
                    self.push(Fact::GameOver {
                        winner,
                        reason: o.reason,
                        points: o.points,
                    })?;
                }
                Status::Throw { player, spec } => {
                    let seat = g.seat_of(player).ok_or_else(|| {
                        MatchError::Internal("the engine asks a player with no seat".into())
                    })?;
                    let throw_no = g.throws() + 1;
                    if throw_no > MAX_THROWS {
                        return Err(MatchError::Internal(
                            "the game asked for too many throws".into(),
                        ));
                    }
                    let throw = g.derive_throw(throw_no, spec);
                    self.push(Fact::Thrown {
                        seat,
                        faces: throw.faces().to_vec(),
                    })?;
                    let g = self
                        .next
                        .game
                        .as_ref()
                        .expect("a throw applied to this game");
                    let passed = g
                        .last_throw
                        .is_some_and(|t| t.effect == ThrowEffect::NoMove)
                        && g.engine.status().player().is_some_and(|p| p != player);
                    if passed {
                        self.push(Fact::Passed { seat })?;
                    }
                }
            }
        }
    }
}
