//! [`MatchState`]: the rules of a match, as a pure state machine.
//!
//! `decide` takes a [`Command`] (with everything it needs from outside in it: the time a
//! seat has been gone, the entropy of a new game) and returns the [`Fact`]s it leads to, or a
//! [`MatchError`]; `apply` changes the state by one fact. Live play decides then applies;
//! restart recovery, a game's record and the replay of a stored match only apply — so there
//! is one event-applier. Nothing here reads a clock, a socket, a database or a random
//! source, so all of it is tested without a runtime.

use std::time::Duration;

use senet_engine::{
    Concession, Game, Geometry, Player, Setup, Status, Throw, ThrowEffect, ThrowSpec, Variant,
};

use crate::dice::{GameDice, ServerSeed, valid_client_seed};
use crate::fact::{Fact, GameStart};
use crate::seat::Seat;
use senet_protocol::{ClockSpec, ClockView, Series, SeriesKind};

/// A safety net against an engine that never stops asking for throws.
pub const MAX_THROWS: u64 = 100_000;

/// What a match is: fixed when it is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSpec {
    /// The variant.
    pub variant: Variant,
    /// Players and options.
    pub setup: Setup,
    /// How the series is decided.
    pub series: Series,
    /// Whether a new game waits for client seeds before its first throw (otherwise the
    /// server throws at once).
    pub seed_window: bool,
    /// The match's clock, if it has one.
    pub clock: Option<ClockSpec>,
}

/// The entropy a new game needs, drawn by the caller (the state draws nothing itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The game's id.
    pub game_id: String,
    /// Its secret server seed.
    pub seed: ServerSeed,
}

/// A request to change the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start the first game (the caller knows when every seat is taken).
    StartGame(NewGame),
    /// A client seed for the current game.
    ClientSeed {
        /// From whom.
        seat: Seat,
        /// The seed.
        seed: String,
    },
    /// The wait for client seeds ran out: throw.
    CloseSeeds,
    /// A move, in the engine's notation.
    Move {
        /// Who moves.
        seat: Seat,
        /// The game the move is meant for.
        game: u32,
        /// The move.
        mv: String,
        /// How long the match has waited for this move (what a clock is charged; the caller
        /// measures it from the event before).
        thinking: Duration,
    },
    /// The clock of the seat the game waits for has run out: it loses on time.
    Flag {
        /// How long the match has waited for that seat's move.
        thinking: Duration,
    },
    /// Give up the current game.
    Resign {
        /// Who resigns.
        seat: Seat,
    },
    /// Win the game because the seat to move is gone, or has taken too long.
    Claim {
        /// The claimant.
        seat: Seat,
        /// Per seat, how long it has had no connection (none: connected now).
        gone_for: Vec<Option<Duration>>,
        /// How long a seat must be gone before a claim against it is taken.
        needed: Duration,
        /// How long the game has waited for the seat to move.
        waited: Duration,
        /// How long a seat may take over one decision, connected or not (none: no limit).
        move_limit: Option<Duration>,
    },
    /// End a match nobody has acted in for too long: the seat the game waits for is ruled
    /// out, and the series ends with this game.
    Abandon {
        /// How long the game has waited for that seat.
        waited: Duration,
        /// How long a match may wait before it is abandoned.
        limit: Duration,
    },
    /// Start the next game of an undecided series without waiting for every seat's request
    /// (the wait for them ran out).
    NextGame(NewGame),
    /// Ask for the next game; when every seat has, it starts with `next`.
    Rematch {
        /// Who asks.
        seat: Seat,
        /// The next game's entropy, used if this request is the last one needed.
        next: NewGame,
    },
    /// Do what the match owes by itself: throws the engine waits for, the end of a game or
    /// of a decided series (after a restart, or when the store refused them earlier).
    CatchUp,
}

/// What the last throw of a game was and what it did (for the broadcast of a `thrown`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastThrow {
    /// Its number within the game (1-based).
    pub throw_no: u64,
    /// What was thrown.
    pub spec: ThrowSpec,
    /// What the engine made of it.
    pub effect: ThrowEffect,
}

/// The game being played (or just finished) in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// The engine's game.
    pub engine: Game,
    seed: ServerSeed,
    /// `seats[i]` plays engine player `i + 1`.
    pub seats: Vec<Seat>,
    /// Client seeds given so far, per seat.
    pub client_seeds: Vec<Option<String>>,
    /// Client seeds are still taken (no throw yet).
    pub seeds_open: bool,
    /// The last throw, if any.
    pub last_throw: Option<LastThrow>,
    /// The game is over (its `game_over` happened).
    pub over: bool,
    /// Which seats asked for the next game.
    pub rematch: Vec<bool>,
    /// Which seats (by seat index) have made a move of this game: a game ended before every
    /// seat made one is not rated (`docs/ratings.md`).
    moved: Vec<bool>,
    /// On a clock, each seat's time left (at the start of the decision, for the seat the
    /// game waits for); empty without a clock.
    pub time_left: Vec<Duration>,
    /// The dice of the seed and client seeds above, kept so a throw costs one HMAC.
    dice: Dice,
}

/// A game's [`GameDice`], rebuilt whenever a client seed arrives. It is a function of the
/// game's id and seeds, which [`GameState`] compares; so it compares equal itself.
#[derive(Clone, Debug)]
struct Dice(GameDice);

impl Dice {
    fn of(seed: &ServerSeed, game_id: &str, client_seeds: &[Option<String>]) -> Dice {
        Dice(GameDice::new(seed, game_id, &given_seeds(client_seeds)))
    }
}

/// Client seeds in seat order, a seed not given as the empty string (as the dice take them).
fn given_seeds(client_seeds: &[Option<String>]) -> Vec<String> {
    client_seeds
        .iter()
        .map(|s| s.clone().unwrap_or_default())
        .collect()
}

impl PartialEq for Dice {
    fn eq(&self, _: &Dice) -> bool {
        true
    }
}

impl Eq for Dice {}

impl GameState {
    /// The seat that plays engine player `p`.
    pub fn seat_of(&self, p: Player) -> Option<Seat> {
        self.seats.get(p.index()).copied()
    }

    /// The seat the game waits for (to throw or to move); none once it is over.
    pub fn seat_to_act(&self) -> Option<Seat> {
        self.engine.status().player().and_then(|p| self.seat_of(p))
    }

    /// The engine player of `seat` in this game.
    pub fn player_of(&self, seat: Seat) -> Option<Player> {
        let i = self.seats.iter().position(|&s| s == seat)?;
        Player::from_index(i)
    }

    /// The client seeds in seat order (empty where none was given), as the dice use them.
    pub fn seeds(&self) -> Vec<String> {
        given_seeds(&self.client_seeds)
    }

    /// The server seed, 64 hex digits, once the game is over (secret before).
    pub fn revealed_seed(&self) -> Option<String> {
        self.over.then(|| self.seed.to_hex())
    }

    /// The server seed, for the store (never for a client before the game is over).
    pub fn secret_seed(&self) -> String {
        self.seed.to_hex()
    }

    /// The dice commitment.
    pub fn commitment(&self) -> String {
        self.seed.commitment()
    }

    /// Whether every seat has made at least one move of this game (a throw the player could
    /// not use is no decision of theirs; the server throws).
    pub fn every_seat_moved(&self) -> bool {
        self.moved.iter().all(|&m| m)
    }

    /// How many throws the game has had.
    pub fn throws(&self) -> u64 {
        self.last_throw.map_or(0, |t| t.throw_no)
    }

    /// Throw number `throw_no` of this game (see [`GameDice::throw`]).
    fn derive_throw(&self, throw_no: u64, spec: ThrowSpec) -> Throw {
        self.dice.0.throw(throw_no, spec)
    }

    fn player(&self, seat: Seat) -> Result<Player, ApplyError> {
        self.player_of(seat).ok_or(ApplyError::NoSuchSeat(seat))
    }
}

/// What the match waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Seats still to be taken (no game yet).
    Joining,
    /// Client seeds, before the first throw.
    Seeds,
    /// The server's throw for a seat.
    Throw(Seat),
    /// A seat's move.
    Move(Seat),
    /// The game is over; rematch requests.
    GameOver,
    /// Nothing: the series is over.
    MatchOver,
}

/// A decided command: its facts, in order, and the state after them.
#[derive(Clone, Debug)]
pub struct Decision {
    /// What happened, in order.
    pub facts: Vec<Fact>,
    /// The state after every fact.
    pub after: MatchState,
}

/// Everything the events of a match have decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchState {
    spec: MatchSpec,
    game_no: u32,
    game: Option<GameState>,
    score: Vec<u32>,
    wins: Vec<u32>,
    games_played: u32,
    match_over: bool,
    series_winner: Option<Seat>,
    abandoned: bool,
    events: u64,
}

impl MatchState {
    /// A match before any event.
    pub fn new(spec: MatchSpec) -> MatchState {
        let n = usize::from(spec.setup.players);
        MatchState {
            spec,
            game_no: 0,
            game: None,
            score: vec![0; n],
            wins: vec![0; n],
            games_played: 0,
            match_over: false,
            series_winner: None,
            abandoned: false,
            events: 0,
        }
    }

    /// What the match is.
    pub fn spec(&self) -> &MatchSpec {
        &self.spec
    }

    /// The current game's number (1-based; 0 before the first).
    pub fn game_no(&self) -> u32 {
        self.game_no
    }

    /// The current (or just finished) game.
    pub fn game(&self) -> Option<&GameState> {
        self.game.as_ref()
    }

    /// Series points per seat.
    pub fn score(&self) -> &[u32] {
        &self.score
    }

    /// Games won per seat.
    pub fn wins(&self) -> &[u32] {
        &self.wins
    }

    /// Whether the series is over.
    pub fn match_over(&self) -> bool {
        self.match_over
    }

    /// The series winner, once the series is over (none if tied).
    pub fn series_winner(&self) -> Option<Seat> {
        self.series_winner
    }

    /// How many facts have been applied (the number of the last event).
    pub fn events(&self) -> u64 {
        self.events
    }

    /// What the match waits for.
    pub fn waiting(&self) -> Waiting {
        if self.match_over {
            return Waiting::MatchOver;
        }
        let Some(g) = &self.game else {
            return Waiting::Joining;
        };
        if g.over || matches!(g.engine.status(), Status::Over(_)) {
            return Waiting::GameOver;
        }
        if g.seeds_open {
            return Waiting::Seeds;
        }
        match g.engine.status() {
            Status::Over(_) => Waiting::GameOver,
            Status::Throw { player, .. } => {
                g.seat_of(player).map_or(Waiting::GameOver, Waiting::Throw)
            }
            Status::Move { player } => g.seat_of(player).map_or(Waiting::GameOver, Waiting::Move),
        }
    }

    /// The seat whose clock runs now and the time it had when its decision began (none
    /// without a clock, or while the match waits for no move).
    pub fn clock_running(&self) -> Option<(Seat, Duration)> {
        self.spec.clock?;
        let Waiting::Move(seat) = self.waiting() else {
            return None;
        };
        let left = self.game.as_ref()?.time_left.get(seat.index()).copied()?;
        Some((seat, left))
    }

    /// The clocks as a client sees them, `thinking` into the running seat's decision (none
    /// without a clock or before the first game).
    pub fn clock_view(&self, thinking: Duration) -> Option<ClockView> {
        let rule = self.spec.clock?;
        let g = self.game.as_ref()?;
        let running = self.clock_running().map(|(s, _)| s);
        let remaining_ms = g
            .time_left
            .iter()
            .enumerate()
            .map(|(i, &left)| {
                let left = if running.is_some_and(|s| s.index() == i) {
                    left.saturating_sub(thinking)
                } else {
                    left
                };
                u64::try_from(left.as_millis()).unwrap_or(u64::MAX)
            })
            .collect();
        Some(ClockView {
            rule,
            remaining_ms,
            running: running.map(Seat::get),
        })
    }

    /// Whether the series is decided by the games played so far (an abandoned match is
    /// decided by the game it was abandoned in).
    pub fn series_decided(&self) -> bool {
        if self.abandoned {
            return true;
        }
        let target = self.spec.series.target;
        match self.spec.series.kind {
            SeriesKind::BestOf => {
                self.games_played >= target || self.wins.iter().any(|&w| w >= target.div_ceil(2))
            }
            SeriesKind::FirstTo => self.score.iter().any(|&p| p >= target),
        }
    }

    /// The seat leading the series: most games won (best of) or most points (first to),
    /// ties broken on the other measure; none if still tied.
    pub fn leader(&self) -> Option<Seat> {
        let key = |i: usize| match self.spec.series.kind {
            SeriesKind::BestOf => (self.wins[i], self.score[i]),
            SeriesKind::FirstTo => (self.score[i], self.wins[i]),
        };
        let n = self.score.len();
        let best = (0..n).map(key).max()?;
        let mut top = (0..n).filter(|&i| key(i) == best);
        let first = top.next()?;
        if top.next().is_some() {
            None
        } else {
            Seat::from_index(first).ok()
        }
    }

    /// Whether the match owes work it does by itself ([`Command::CatchUp`]): every client
    /// seed is in but nothing was thrown, a throw or a game's end the engine waits for, or
    /// the end of a decided series.
    pub fn owes_work(&self) -> bool {
        let Some(g) = &self.game else {
            return false;
        };
        if self.match_over {
            return false;
        }
        if g.over {
            return self.series_decided();
        }
        if g.seeds_open && !matches!(g.engine.status(), Status::Over(_)) {
            return g.client_seeds.iter().all(Option::is_some);
        }
        !matches!(g.engine.status(), Status::Move { .. })
    }

    /// Where the pieces of a `moved` fact go, in the state before it is applied (none for
    /// other facts, or a move that does not parse here).
    pub fn geometry_of(&self, fact: &Fact) -> Option<Geometry> {
        let Fact::Moved { mv, .. } = fact else {
            return None;
        };
        let engine = &self.game.as_ref()?.engine;
        engine.geometry(engine.parse_move(mv).ok()?).ok()
    }

    /// Decides a command: the facts it leads to, and the state after them. `self` is not
    /// changed, so a caller that cannot store the facts keeps its state as it was.
    ///
    /// # Errors
    /// The command is refused (see [`MatchError`]).
    pub fn decide(&self, command: &Command) -> Result<Decision, MatchError> {
        self.decide_observed(command, |_, _, _| {})
    }

    /// Changes the state by one fact. Every path that rebuilds a match — live play,
    /// recovery, records, replay — goes through here. Throws are recomputed from the seed
    /// and must equal the stored faces; moves must be legal.
    ///
    /// # Errors
    /// The fact does not follow from the state. The state may then be partly changed:
    /// callers that go on after an error apply to a copy.
    pub fn apply(&mut self, fact: &Fact) -> Result<(), ApplyError> {
        match fact {
            Fact::GameStarted(start) => {
                self.start(&start.game_id, &start.seats, &start.commitment, &start.seed)?;
            }
            Fact::MatchOver { winner } => {
                if self.match_over || !self.game.as_ref().is_some_and(|g| g.over) {
                    return Err(ApplyError::OutOfOrder(
                        "match_over before the game's end".into(),
                    ));
                }
                if !self.series_decided() || *winner != self.leader() {
                    return Err(ApplyError::Disagrees(
                        "match_over differs from the series rule".into(),
                    ));
                }
                self.match_over = true;
                self.series_winner = *winner;
            }
            Fact::GameOver {
                winner,
                reason,
                points,
            } => {
                let g = self.live_mut("game_over")?;
                let Status::Over(o) = g.engine.status() else {
                    return Err(ApplyError::OutOfOrder(
                        "game_over while the game goes on".into(),
                    ));
                };
                let w = o.winner.and_then(|p| g.seat_of(p));
                if w != *winner || o.reason != *reason || o.points != *points {
                    return Err(ApplyError::Disagrees(
                        "the outcome differs from the engine's".into(),
                    ));
                }
                g.over = true;
                if let Some(w) = w {
                    self.score[w.index()] += o.points;
                    self.wins[w.index()] += 1;
                }
                self.games_played += 1;
            }
            Fact::RematchRequested { seat } => {
                let g = self.game.as_mut().ok_or(ApplyError::NoGame("rematch"))?;
                if !g.over || self.match_over {
                    return Err(ApplyError::OutOfOrder(
                        "a rematch request while a game goes on".into(),
                    ));
                }
                *g.rematch
                    .get_mut(seat.index())
                    .ok_or(ApplyError::NoSuchSeat(*seat))? = true;
            }
            Fact::ClientSeed { seat, seed } => {
                let g = self.live_mut("client_seed")?;
                let given = g
                    .client_seeds
                    .get_mut(seat.index())
                    .ok_or(ApplyError::NoSuchSeat(*seat))?;
                if !g.seeds_open || given.is_some() || !valid_client_seed(seed) {
                    return Err(ApplyError::OutOfOrder(format!(
                        "client seed of seat {seat} not acceptable here"
                    )));
                }
                *given = Some(seed.clone());
                g.dice = Dice::of(&g.seed, &g.id, &g.client_seeds);
            }
            Fact::Thrown { seat, faces } => {
                let g = self.live_mut("thrown")?;
                let Status::Throw { player, spec } = g.engine.status() else {
                    return Err(ApplyError::OutOfOrder(
                        "a throw where the game waits for no throw".into(),
                    ));
                };
                if g.seat_of(player) != Some(*seat) {
                    return Err(ApplyError::OutOfOrder(format!(
                        "a throw for seat {seat} where another seat throws"
                    )));
                }
                let throw_no = g.throws() + 1;
                if throw_no > MAX_THROWS {
                    return Err(ApplyError::OutOfOrder("too many throws".into()));
                }
                let throw = g.derive_throw(throw_no, spec);
                if throw.faces() != faces.as_slice() {
                    return Err(ApplyError::DiceMismatch(throw_no));
                }
                let effect = g
                    .engine
                    .throw(throw)
                    .map_err(|e| ApplyError::Engine(e.to_string()))?;
                g.seeds_open = false;
                g.last_throw = Some(LastThrow {
                    throw_no,
                    spec,
                    effect,
                });
            }
            Fact::Passed { seat } => {
                let g = self.live_mut("passed")?;
                g.player(*seat)?;
                if g.last_throw.map(|t| t.effect) != Some(ThrowEffect::NoMove) {
                    return Err(ApplyError::OutOfOrder(
                        "a pass after a throw that allowed a move".into(),
                    ));
                }
            }
            Fact::Moved { seat, mv, used_ms } => {
                let clock = self.spec.clock;
                let g = self.live_mut("moved")?;
                let p = g.player(*seat)?;
                g.engine
                    .play_notation(p, mv)
                    .map_err(|e| ApplyError::Engine(e.to_string()))?;
                g.charge_clock(clock, *seat, *used_ms)?;
                if let Some(moved) = g.moved.get_mut(seat.index()) {
                    *moved = true;
                }
            }
            Fact::TimedOut { seat, used_ms } => {
                let clock = self.spec.clock;
                let g = self.live_mut("timed_out")?;
                let p = g.player(*seat)?;
                g.flag_clock(clock, *seat, *used_ms)?;
                g.engine
                    .concede(p, Concession::Timeout)
                    .map_err(|e| ApplyError::Engine(e.to_string()))?;
            }
            Fact::Resigned { seat } => {
                let g = self.live_mut("resigned")?;
                let p = g.player(*seat)?;
                g.engine
                    .resign(p)
                    .map_err(|e| ApplyError::Engine(e.to_string()))?;
            }
            Fact::Abandoned { against } => {
                let g = self.live_mut("abandoned")?;
                let p = g.player(*against)?;
                g.engine
                    .resign(p)
                    .map_err(|e| ApplyError::Engine(e.to_string()))?;
                self.abandoned = true;
            }
            Fact::Claimed { seat, against } => {
                let g = self.live_mut("claimed")?;
                g.player(*seat)?;
                let p = g.player(*against)?;
                g.engine
                    .resign(p)
                    .map_err(|e| ApplyError::Engine(e.to_string()))?;
            }
        }
        self.events += 1;
        Ok(())
    }

    fn start(
        &mut self,
        game_id: &str,
        seats: &[Seat],
        commitment: &str,
        seed: &str,
    ) -> Result<(), ApplyError> {
        if self.match_over || self.game.as_ref().is_some_and(|g| !g.over) {
            return Err(ApplyError::OutOfOrder(
                "a game started while another goes on, or after the series".into(),
            ));
        }
        let n = self.spec.setup.players;
        let mut sorted = seats.to_vec();
        sorted.sort();
        if !sorted.iter().copied().eq(Seat::all(n)) {
            return Err(ApplyError::OutOfOrder(format!(
                "game seats {seats:?} are not the match's {n} seats"
            )));
        }
        let seed = ServerSeed::from_hex(seed)
            .ok_or_else(|| ApplyError::BadSeed("the server seed is not 64 hex digits".into()))?;
        if seed.commitment() != commitment {
            return Err(ApplyError::BadSeed(
                "the commitment is not the seed's SHA-256".into(),
            ));
        }
        let engine = Game::new(self.spec.variant, self.spec.setup)
            .map_err(|e| ApplyError::Engine(e.to_string()))?;
        self.game_no += 1;
        let client_seeds = vec![None; usize::from(n)];
        self.game = Some(GameState {
            id: game_id.to_owned(),
            engine,
            dice: Dice::of(&seed, game_id, &client_seeds),
            seed,
            seats: seats.to_vec(),
            client_seeds,
            seeds_open: true,
            last_throw: None,
            over: false,
            rematch: vec![false; usize::from(n)],
            moved: vec![false; usize::from(n)],
            time_left: self
                .spec
                .clock
                .map(|c| GameState::fresh_clocks(c, n))
                .unwrap_or_default(),
        });
        Ok(())
    }

    fn live_mut(&mut self, what: &'static str) -> Result<&mut GameState, ApplyError> {
        match self.game.as_mut() {
            Some(g) if !g.over => Ok(g),
            _ => Err(ApplyError::NoGame(what)),
        }
    }

    fn live(&self) -> Result<&GameState, MatchError> {
        match &self.game {
            None => Err(MatchError::NotStarted),
            Some(g) if g.over => Err(MatchError::GameOver),
            Some(g) => Ok(g),
        }
    }

    /// The fact that starts the next game: seats rotate, so in game k engine player 1 (who
    /// starts, unless the rules decide by a roll-off) is seat ((k − 1) mod n) + 1.
    fn game_started(&self, new: &NewGame) -> Fact {
        let n = self.spec.setup.players;
        let shift = (self.game_no % u32::from(n)) as usize;
        let mut seats: Vec<Seat> = Seat::all(n).collect();
        seats.rotate_left(shift);
        Fact::GameStarted(Box::new(GameStart {
            game_id: new.game_id.clone(),
            seats,
            commitment: new.seed.commitment(),
            seed: new.seed.to_hex(),
        }))
    }
}

mod clocks;
mod decide;
mod errors;

pub use errors::{ApplyError, MatchError};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod clock_tests;
