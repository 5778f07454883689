//! A game's self-contained record (`GET /api/matches/{id}/games/{n}`), and its check: every
//! throw recomputed from the revealed seed, every event replayed through the engine.

use senet_engine::{Game, Player, Setup, Status, Throw, Variant};
use serde::{Deserialize, Serialize};

use crate::dice::{self, ThrowRecord, VerifyReport, VerifyRequest};
use crate::protocol::{Event, EventKind};

/// One game of a match, as exported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The match.
    pub match_id: String,
    /// The game of the series (1-based).
    pub game: u32,
    /// The game id (part of the dice derivation).
    pub game_id: String,
    /// The variant.
    pub variant: Variant,
    /// Players and options.
    pub setup: Setup,
    /// `seats[i]` played engine player `i + 1`.
    pub seats: Vec<u8>,
    /// The dice commitment.
    pub commitment: String,
    /// The server seed, once the game is over.
    pub seed: Option<String>,
    /// Client seeds in seat order.
    pub client_seeds: Vec<String>,
    /// The game's events, in order.
    pub events: Vec<Event>,
}

/// The verdict on a record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordReport {
    /// The dice check (absent while the seed is secret).
    pub dice: Option<VerifyReport>,
    /// Whether replaying every event through the engine reproduces the record.
    pub replay_ok: bool,
    /// The first replay problem, if any.
    pub replay_error: Option<String>,
    /// Dice and replay both check out.
    pub ok: bool,
}

impl GameRecord {
    /// The dice part of the record, for [`dice::verify`].
    pub fn verify_request(&self) -> Option<VerifyRequest> {
        Some(VerifyRequest {
            seed: self.seed.clone()?,
            commitment: self.commitment.clone(),
            game_id: self.game_id.clone(),
            client_seeds: self.client_seeds.clone(),
            throws: self
                .events
                .iter()
                .filter_map(|e| match &e.kind {
                    EventKind::Thrown {
                        throw_no,
                        spec,
                        faces,
                        ..
                    } => Some(ThrowRecord {
                        throw_no: *throw_no,
                        spec: *spec,
                        faces: faces.clone(),
                    }),
                    _ => None,
                })
                .collect(),
        })
    }

    fn player(&self, seat: u8) -> Result<Player, String> {
        self.seats
            .iter()
            .position(|&s| s == seat)
            .and_then(Player::from_index)
            .ok_or_else(|| format!("seat {seat} does not play in this game"))
    }

    /// Replays the events through the engine.
    ///
    /// # Errors
    /// The first event the engine does not accept, or a final state that disagrees.
    pub fn replay(&self) -> Result<Game, String> {
        let mut game = Game::new(self.variant, self.setup).map_err(|e| e.to_string())?;
        for e in &self.events {
            let at = |msg: String| format!("event {}: {msg}", e.no);
            match &e.kind {
                EventKind::Thrown {
                    seat, spec, faces, ..
                } => {
                    match game.status() {
                        Status::Throw { player, spec: s } if s == *spec => {
                            if player != self.player(*seat).map_err(at)? {
                                return Err(at("thrown for the wrong seat".into()));
                            }
                        }
                        other => return Err(at(format!("a throw where the game is {other:?}"))),
                    }
                    let t = Throw::new(*spec, faces).map_err(|e| at(e.to_string()))?;
                    game.throw(t).map_err(|e| at(e.to_string()))?;
                }
                EventKind::Moved { seat, mv } => {
                    game.play_notation(self.player(*seat).map_err(at)?, mv)
                        .map_err(|e| at(e.to_string()))?;
                }
                EventKind::Resigned { seat } => {
                    game.resign(self.player(*seat).map_err(at)?)
                        .map_err(|e| at(e.to_string()))?;
                }
                EventKind::Claimed { against, .. } => {
                    game.resign(self.player(*against).map_err(at)?)
                        .map_err(|e| at(e.to_string()))?;
                }
                EventKind::GameOver {
                    winner,
                    reason,
                    points,
                    ..
                } => {
                    let Status::Over(o) = game.status() else {
                        return Err(at("game_over while the game goes on".into()));
                    };
                    let w = o.winner.map(|p| self.seats[p.index()]);
                    if w != *winner || o.reason != *reason || o.points != *points {
                        return Err(at("the outcome differs from the engine's".into()));
                    }
                }
                _ => {}
            }
        }
        Ok(game)
    }

    /// Checks the dice and replays the game.
    pub fn check(&self) -> RecordReport {
        let dice = self.verify_request().map(|r| dice::verify(&r)).transpose();
        let (dice, dice_err) = match dice {
            Ok(d) => (d, None),
            Err(e) => (None, Some(e.to_string())),
        };
        let replay = self.replay();
        let replay_error = dice_err.or(replay.err());
        let replay_ok = replay_error.is_none();
        RecordReport {
            ok: replay_ok && dice.as_ref().is_some_and(|d| d.ok),
            dice,
            replay_ok,
            replay_error,
        }
    }
}
