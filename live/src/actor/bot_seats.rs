//! Bot seats: the actor plays them through the same commands as a person's seat. When the
//! match waits for a bot's move, the bot works it out on one of the process's
//! `--bot-threads` bot threads (`bot_pool`: lower priority, a shorter search when decisions
//! queue; so bots never hold up the async workers nor people's moves) from the
//! engine's game alone — the position and the throw in hand, never the server seed — and
//! the move comes back through the match's bot channel after `--bot-delay-ms`. The actor then
//! decides it as a `Move` command, exactly as a person's: the engine checks it, the store
//! keeps it, the broadcast sends it. A bot also gives its (empty) client seed and asks for
//! the next game as soon as it can. A match of bots only plays while somebody watches it.

use std::hash::{Hash, Hasher};

use senet_bots::{Bot, Budget, Level};
use tokio::sync::mpsc;
use tokio::time::Instant;

use senet_match::Seat;
use senet_match::state::{MatchState, Waiting};

use super::bot_pool::pool;

/// A bot's move, worked out for the decision that followed event `after`.
#[derive(Debug)]
pub(super) struct BotMove {
    seat: Seat,
    after: u64,
    /// The move in the engine's notation; none if the bot could not choose (a bug).
    mv: Option<String>,
}

/// What the match's bots owe now, each an ordinary command.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Duty {
    /// Nothing (no bot, or nothing a bot does now).
    Nothing,
    /// Their client seeds: a bot adds no entropy of its own, so the empty seed.
    Seeds(Vec<Seat>),
    /// Their requests for the next game.
    Rematches(Vec<Seat>),
    /// The move of a seat a bot plays, not yet being worked out.
    Think(Seat, Level),
}

/// What to do with a bot's move that came back.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum BotPlay {
    /// Play it.
    Move(Seat, String),
    /// The bot found no move: it resigns rather than leave the match waiting for ever.
    Resign(Seat),
}

/// How a worked-out move is paced and bounded.
#[derive(Clone, Copy, Debug)]
pub(super) struct Thinking {
    /// The search budget (`--bot-budget`).
    pub(super) budget: Budget,
    /// Decisions worked out at once, process-wide (`--bot-threads`).
    pub(super) threads: usize,
    /// When the move comes back at the earliest (`--bot-delay-ms` after the decision began).
    pub(super) due: Instant,
}

/// The match's bots: which seats they play, the decision one is working on, and the
/// channel their moves come back on.
#[derive(Debug)]
pub(super) struct BotSeats {
    /// Per seat, the level of the bot that plays it (none: a person's seat).
    levels: Vec<Option<Level>>,
    /// Where bot moves come back: made when a bot first thinks, since most matches have
    /// none and a channel costs a couple of kilobytes.
    tx: Option<mpsc::Sender<BotMove>>,
    rx: Option<mpsc::Receiver<BotMove>>,
    /// The event after which a bot's move is being worked out.
    thinking: Option<u64>,
}

impl BotSeats {
    /// `levels`: per seat, the bot that plays it, if one does.
    pub(super) fn new(levels: Vec<Option<Level>>) -> BotSeats {
        BotSeats {
            levels,
            tx: None,
            rx: None,
            thinking: None,
        }
    }

    /// Per seat, the level id of its bot, for the table's view (empty when no bot plays).
    pub(super) fn ids(&self) -> Vec<Option<String>> {
        if self.levels.iter().any(Option::is_some) {
            self.levels
                .iter()
                .map(|l| l.map(|l| l.id().to_owned()))
                .collect()
        } else {
            Vec::new()
        }
    }

    /// The level of the bot that plays `seat`, if one does.
    fn at(&self, seat: Seat) -> Option<Level> {
        self.levels.get(seat.index()).copied().flatten()
    }

    /// What the bots owe in `state`. A game between bots only (Senet TV) is for watching:
    /// it waits while nobody is `watched`, so an idle server spends nothing on it (a
    /// connection wakes the actor, and the bots go on).
    pub(super) fn duty(&self, state: &MatchState, watched: bool) -> Duty {
        if self.levels.iter().all(Option::is_none) {
            return Duty::Nothing;
        }
        if self.levels.iter().all(Option::is_some) && !watched {
            return Duty::Nothing;
        }
        let bots = || Seat::all(state.spec().setup.players).filter(|&s| self.at(s).is_some());
        match state.waiting() {
            Waiting::Seeds => Duty::Seeds(
                bots()
                    .filter(|s| {
                        state
                            .game()
                            .and_then(|g| g.client_seeds.get(s.index()))
                            .is_some_and(Option::is_none)
                    })
                    .collect(),
            ),
            Waiting::GameOver if !state.series_decided() => Duty::Rematches(
                bots()
                    .filter(|s| {
                        state
                            .game()
                            .and_then(|g| g.rematch.get(s.index()))
                            .is_some_and(|asked| !asked)
                    })
                    .collect(),
            ),
            Waiting::Move(seat) => match self.at(seat) {
                Some(level) if self.thinking != Some(state.events()) => Duty::Think(seat, level),
                _ => Duty::Nothing,
            },
            _ => Duty::Nothing,
        }
    }

    /// Starts working out the move of `seat` (played by a bot of `level`) in `state`; it
    /// comes back on [`BotSeats::next_move`]. `match_id` seeds the bot: the easy bot's
    /// random choices differ between matches and are the same after a restart.
    pub(super) fn think(
        &mut self,
        match_id: &str,
        seat: Seat,
        level: Level,
        state: &MatchState,
        how: Thinking,
    ) {
        let after = state.events();
        let Some(game) = state.game().map(|g| g.engine.clone()) else {
            return;
        };
        self.thinking = Some(after);
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (match_id, seat.get()).hash(&mut h);
        let seed = h.finish();
        let pool = pool(how.threads);
        let tx = self.tx.get_or_insert_with(|| {
            let (tx, rx) = mpsc::channel(4);
            self.rx = Some(rx);
            tx
        });
        let tx = tx.clone();
        let match_id = match_id.to_owned();
        tokio::spawn(async move {
            let work = pool.run(how.budget, move |budget| {
                Bot::new(level, seed)
                    .choose(&game, budget)
                    .map(|m| m.to_string())
            });
            let chosen = match work.await {
                Some(Ok(mv)) => Some(mv),
                Some(Err(e)) => {
                    tracing::error!(%match_id, %seat, error = %e, "the bot could not choose");
                    None
                }
                None => {
                    tracing::error!(%match_id, %seat, "the bot's search failed");
                    None
                }
            };
            tokio::time::sleep_until(how.due.max(Instant::now())).await;
            // The match may have gone: nothing to do then.
            let _gone = tx
                .send(BotMove {
                    seat,
                    after,
                    mv: chosen,
                })
                .await;
        });
    }

    /// The next move a bot worked out; never, while no bot has thought.
    pub(super) async fn next_move(&mut self) -> Option<BotMove> {
        match &mut self.rx {
            Some(rx) => rx.recv().await,
            None => std::future::pending().await,
        }
    }

    /// What to do with move `m` in `state`: play it if it is still the move the match waits
    /// for, else nothing (the match moved on: a resignation, a flag).
    pub(super) fn arrived(&mut self, m: BotMove, state: &MatchState) -> Option<BotPlay> {
        if self.thinking == Some(m.after) {
            self.thinking = None;
        }
        if m.after != state.events() || state.waiting() != Waiting::Move(m.seat) {
            return None;
        }
        Some(match m.mv {
            Some(mv) => BotPlay::Move(m.seat, mv),
            None => BotPlay::Resign(m.seat),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_matches::{decided, spec, start, waiting_for_a_move};
    use super::*;
    use senet_match::state::Command;

    fn both(level: Level) -> BotSeats {
        BotSeats::new(vec![Some(level), Some(level)])
    }

    #[test]
    fn a_match_without_bots_or_bots_nobody_watches_owe_nothing() {
        let (s, _) = waiting_for_a_move(spec(1, false, None));
        assert_eq!(
            BotSeats::new(vec![None, None]).duty(&s, true),
            Duty::Nothing
        );
        assert_eq!(both(Level::Easy).duty(&s, false), Duty::Nothing);
        assert!(matches!(both(Level::Easy).duty(&s, true), Duty::Think(..)));
        assert!(BotSeats::new(vec![None, None]).ids().is_empty());
        assert_eq!(
            BotSeats::new(vec![None, Some(Level::Easy)]).ids(),
            vec![None, Some("easy".to_owned())]
        );
    }

    #[test]
    fn bots_give_their_seeds_and_ask_for_the_next_game() {
        let bots = BotSeats::new(vec![None, Some(Level::Easy)]);
        let second = Seat::new(2).unwrap();
        let seeds = decided(&MatchState::new(spec(3, true, None)), start());
        assert_eq!(bots.duty(&seeds, false), Duty::Seeds(vec![second]));
        let given = Command::ClientSeed {
            seat: second,
            seed: String::new(),
        };
        assert_eq!(
            bots.duty(&decided(&seeds, given), false),
            Duty::Seeds(vec![])
        );

        let (s, seat) = waiting_for_a_move(spec(3, false, None));
        let over = decided(&s, Command::Resign { seat });
        assert_eq!(bots.duty(&over, false), Duty::Rematches(vec![second]));
        let (s, seat) = waiting_for_a_move(spec(1, false, None));
        let decided_series = decided(&s, Command::Resign { seat });
        assert_eq!(bots.duty(&decided_series, false), Duty::Nothing);
    }

    #[test]
    fn a_decision_is_worked_out_once_and_a_stale_move_is_dropped() {
        let (s, seat) = waiting_for_a_move(spec(1, false, None));
        let mut bots = both(Level::Easy);
        bots.thinking = Some(s.events());
        assert_eq!(bots.duty(&s, true), Duty::Nothing, "already thinking");

        let stale = BotMove {
            seat,
            after: s.events() - 1,
            mv: Some("x".into()),
        };
        assert_eq!(bots.arrived(stale, &s), None);
        assert_eq!(bots.thinking, Some(s.events()), "still thinking");
        let fresh = BotMove {
            seat,
            after: s.events(),
            mv: None,
        };
        assert_eq!(bots.arrived(fresh, &s), Some(BotPlay::Resign(seat)));
        assert_eq!(bots.thinking, None);
        assert!(matches!(bots.duty(&s, true), Duty::Think(..)));
    }

    #[tokio::test]
    async fn a_worked_out_move_comes_back_on_the_channel() {
        let (s, seat) = waiting_for_a_move(spec(1, false, None));
        let mut bots = both(Level::Easy);
        let how = Thinking {
            budget: Budget::DEFAULT,
            threads: 1,
            due: Instant::now(),
        };
        bots.think("m", seat, Level::Easy, &s, how);
        assert_eq!(bots.duty(&s, true), Duty::Nothing, "thinking");
        let m = bots.next_move().await.expect("a move");
        match bots.arrived(m, &s) {
            Some(BotPlay::Move(by, mv)) => {
                assert_eq!(by, seat);
                let legal = s.game().unwrap().engine.legal_moves();
                assert!(legal.iter().any(|l| l.to_string() == mv), "{mv}");
            }
            other => panic!("{other:?}"),
        }
    }
}
