//! Bot seats: the actor plays them through the same commands as a person's seat. When the
//! match waits for a bot's move, the bot works it out on a blocking thread (at most
//! `--bot-threads` at once, process-wide, so bots never hold up the async workers) from the
//! engine's game alone — the position and the throw in hand, never the server seed — and
//! the move comes back through the actor's bot channel after `--bot-delay-ms`. The actor then
//! decides it as a `Move` command, exactly as a person's: the engine checks it, the store
//! keeps it, the broadcast sends it. A bot also gives its (empty) client seed and asks for
//! the next game as soon as it can. A match of bots only plays while somebody watches it.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use senet_bots::{Bot, Level};
use tokio::sync::{Semaphore, mpsc};
use tokio::time::Instant;

use super::Actor;
use senet_match::Seat;
use senet_match::state::{Command, Waiting};

/// A bot's move, worked out for the decision that followed event `after`.
#[derive(Debug)]
pub(crate) struct BotMove {
    seat: Seat,
    after: u64,
    /// The move in the engine's notation; none if the bot could not choose (a bug).
    mv: Option<String>,
}

/// The channel a match's bot moves come back on (the actor holds both ends).
pub(super) fn channel() -> (mpsc::Sender<BotMove>, mpsc::Receiver<BotMove>) {
    mpsc::channel(4)
}

/// The process-wide bound on bot decisions worked out at once.
fn pool(threads: usize) -> Arc<Semaphore> {
    static POOL: OnceLock<Arc<Semaphore>> = OnceLock::new();
    POOL.get_or_init(|| Arc::new(Semaphore::new(threads.max(1))))
        .clone()
}

impl Actor {
    /// The level of the bot that plays `seat`, if a bot does.
    pub(super) fn bot_at(&self, seat: Seat) -> Option<Level> {
        self.seats.get(seat.index()).and_then(|s| s.bot)
    }

    /// What the match's bots owe now: a client seed, a request for the next game, or a move
    /// (started, not awaited). Each is an ordinary command.
    pub(super) async fn bot_duties(&mut self) {
        if !self.seats.iter().any(|s| s.bot.is_some()) || self.in_doubt.is_some() {
            return;
        }
        // A game between bots (Senet TV) is for watching: it waits while nobody watches, so an
        // idle server spends nothing on it. A connection wakes the actor, and the bots go on.
        if self.seats.iter().all(|s| s.bot.is_some()) && self.conns.is_empty() {
            return;
        }
        match self.state.waiting() {
            Waiting::Seeds => {
                let owed: Vec<Seat> = Seat::all(self.state.spec().setup.players)
                    .filter(|&s| self.bot_at(s).is_some())
                    .filter(|s| {
                        self.state
                            .game()
                            .and_then(|g| g.client_seeds.get(s.index()))
                            .is_some_and(Option::is_none)
                    })
                    .collect();
                for seat in owed {
                    // A bot adds no entropy of its own: the empty seed.
                    let command = Command::ClientSeed {
                        seat,
                        seed: String::new(),
                    };
                    if let Err(e) = self.execute(command).await {
                        tracing::debug!(match_id = %self.id, %seat, code = e.code(), "bot seed not taken");
                    }
                }
            }
            Waiting::GameOver if !self.state.series_decided() => {
                let owed: Vec<Seat> = Seat::all(self.state.spec().setup.players)
                    .filter(|&s| self.bot_at(s).is_some())
                    .filter(|s| {
                        self.state
                            .game()
                            .and_then(|g| g.rematch.get(s.index()))
                            .is_some_and(|asked| !asked)
                    })
                    .collect();
                for seat in owed {
                    let command = Command::Rematch {
                        seat,
                        next: self.fresh_game(),
                    };
                    if let Err(e) = self.execute(command).await {
                        tracing::debug!(match_id = %self.id, %seat, code = e.code(), "bot rematch not taken");
                    }
                }
            }
            Waiting::Move(seat) => self.start_bot_move(seat),
            _ => {}
        }
    }

    /// Starts working out the move of `seat` if a bot plays it and nothing works on this
    /// decision yet.
    fn start_bot_move(&mut self, seat: Seat) {
        let Some(level) = self.bot_at(seat) else {
            return;
        };
        let after = self.state.events();
        if self.bot_thinking == Some(after) {
            return;
        }
        let Some(game) = self.state.game().map(|g| g.engine.clone()) else {
            return;
        };
        self.bot_thinking = Some(after);
        // A seed per match and seat: the easy bot's random choices differ between matches
        // and are the same after a restart.
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.id.as_str(), seat.get()).hash(&mut h);
        let seed = h.finish();
        let pool = pool(self.cfg.bot_threads);
        let budget = self.cfg.bot_budget;
        let due = self.decision_since + self.cfg.bot_delay;
        let tx = self.bot_tx.get_or_insert_with(|| {
            let (tx, rx) = channel();
            self.bot_rx = Some(rx);
            tx
        });
        let tx = tx.clone();
        let match_id = self.id.clone();
        tokio::spawn(async move {
            let chosen = match pool.acquire_owned().await {
                Ok(permit) => {
                    let work = tokio::task::spawn_blocking(move || {
                        let _permit = permit;
                        Bot::new(level, seed)
                            .choose(&game, budget)
                            .map(|m| m.to_string())
                    });
                    match work.await {
                        Ok(Ok(mv)) => Some(mv),
                        Ok(Err(e)) => {
                            tracing::error!(%match_id, %seat, error = %e, "the bot could not choose");
                            None
                        }
                        Err(e) => {
                            tracing::error!(%match_id, %seat, error = %e, "the bot's thread failed");
                            None
                        }
                    }
                }
                Err(_) => None,
            };
            tokio::time::sleep_until(due.max(Instant::now())).await;
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

    /// Plays a bot's move if it is still the move the match waits for.
    pub(super) async fn bot_moved(&mut self, m: BotMove) {
        if self.bot_thinking == Some(m.after) {
            self.bot_thinking = None;
        }
        if m.after != self.state.events() || self.state.waiting() != Waiting::Move(m.seat) {
            return; // the match moved on (a resignation, a flag): the move is stale
        }
        let Some(mv) = m.mv else {
            // Never leave a match waiting for a bot that cannot move: it resigns.
            tracing::error!(match_id = %self.id, seat = %m.seat, "the bot resigns: it found no move");
            let _ = self.execute(Command::Resign { seat: m.seat }).await;
            return;
        };
        let command = Command::Move {
            seat: m.seat,
            game: self.state.game_no(),
            mv,
            thinking: self.decision_since.elapsed(),
        };
        if let Err(e) = self.execute(command).await {
            // The store refused it: the next round of duties works it out again.
            tracing::warn!(match_id = %self.id, seat = %m.seat, code = e.code(), error = %e, "bot move refused");
        }
    }
}
