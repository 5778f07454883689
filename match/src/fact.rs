//! [`Fact`]: what happened in a match, as stored.
//!
//! A stored event says only what happened — `{"v":1,"kind":"moved","seat":1,"move":"19-21"}`
//! — never what can be derived from it (the legal moves after it, the position, whose turn
//! it is, the score): those are computed when the event is broadcast
//! ([`super::view`]). So the wire protocol can change without touching stored games, and a
//! stored row is a few dozen bytes. `v` is the format's version: a reader refuses a version
//! it does not know instead of guessing.

use senet_engine::EndReason;
use serde::{Deserialize, Serialize};

use crate::seat::Seat;

/// The version of the stored format written by this release.
pub const FACT_VERSION: u8 = 1;

/// What a `game_started` fact says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStart {
    /// The game's id (part of the dice derivation).
    pub game_id: String,
    /// `seats[i]` plays engine player `i + 1` in this game.
    pub seats: Vec<Seat>,
    /// `hex(SHA-256(seed))`, published before any throw.
    pub commitment: String,
    /// The server seed, 64 hex digits. Stored so that a restarted server throws on; it
    /// is never sent to a client before the game is over.
    pub seed: String,
}

/// Something that happened in a match. Events are numbered by the store (per match, from 1),
/// and belong to a game (the store's `game` column), so neither is part of the fact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fact {
    /// A game of the series began. Boxed: the largest fact by far and one per game, it
    /// would otherwise set the size of every throw and move a live match keeps.
    GameStarted(Box<GameStart>),
    /// A seat contributed a client seed.
    ClientSeed {
        /// The seat.
        seat: Seat,
        /// The seed.
        seed: String,
    },
    /// The server threw for a seat (throws are numbered 1, 2, … per game by their order).
    Thrown {
        /// Whose throw.
        seat: Seat,
        /// The faces, in roll order.
        faces: Vec<u8>,
    },
    /// The thrower had no legal move and the turn went on.
    Passed {
        /// The seat that could not move.
        seat: Seat,
    },
    /// A seat moved.
    Moved {
        /// The seat.
        seat: Seat,
        /// The move in the engine's notation.
        #[serde(rename = "move")]
        mv: String,
        /// On a clock, the milliseconds the seat took over the move, as the server measured
        /// them: what its clock is charged (absent in a match without a clock). The time the
        /// server was down is in no event, so it is charged to nobody.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        used_ms: Option<u64>,
    },
    /// A seat resigned.
    Resigned {
        /// The seat.
        seat: Seat,
    },
    /// A seat won the game against a seat that was gone too long.
    Claimed {
        /// The claimant.
        seat: Seat,
        /// The absent seat, ruled out.
        against: Seat,
    },
    /// Nobody acted for too long: the server ruled out the seat the game waited for (as a
    /// resignation) and the series ends with this game.
    Abandoned {
        /// The seat that was waited for.
        against: Seat,
    },
    /// The clock of the seat the game waited for ran out: it loses the game on time.
    TimedOut {
        /// The seat whose time ran out.
        seat: Seat,
        /// The milliseconds it had used of that decision (at least its time left).
        used_ms: u64,
    },
    /// The game ended (the outcome is the engine's; applying checks that it agrees).
    GameOver {
        /// The winning seat; none on a draw.
        winner: Option<Seat>,
        /// Why.
        reason: EndReason,
        /// Series points the winner took.
        points: u32,
    },
    /// A seat asked for the next game.
    RematchRequested {
        /// The seat.
        seat: Seat,
    },
    /// The series is decided.
    MatchOver {
        /// The series winner; none if tied.
        winner: Option<Seat>,
    },
}

/// A stored fact that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FactError {
    /// Not the stored shape (bad JSON, an unknown kind, a seat 0, …).
    #[error("not a stored event: {0}")]
    Malformed(String),
    /// Written by a newer release.
    #[error("stored event version {0} is not known to this release (it reads {FACT_VERSION})")]
    Version(u8),
}

#[derive(Serialize)]
struct Versioned<'a> {
    v: u8,
    #[serde(flatten)]
    fact: &'a Fact,
}

#[derive(Deserialize)]
struct VersionedOwned {
    v: u8,
    #[serde(flatten)]
    fact: Fact,
}

impl Fact {
    /// The stored JSON text, with its version.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&Versioned {
            v: FACT_VERSION,
            fact: self,
        })
        .expect("facts always serialise")
    }

    /// Reads a stored fact.
    ///
    /// # Errors
    /// Malformed text, or a version this release does not know.
    pub fn from_json(text: &str) -> Result<Fact, FactError> {
        #[derive(Deserialize)]
        struct VersionOnly {
            v: u8,
        }
        match serde_json::from_str::<VersionedOwned>(text) {
            Ok(VersionedOwned {
                v: FACT_VERSION,
                fact,
            }) => Ok(fact),
            Ok(VersionedOwned { v, .. }) => Err(FactError::Version(v)),
            Err(e) => match serde_json::from_str::<VersionOnly>(text) {
                Ok(VersionOnly { v }) if v != FACT_VERSION => Err(FactError::Version(v)),
                _ => Err(FactError::Malformed(e.to_string())),
            },
        }
    }

    /// The kind, as in the JSON and the store's `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            Fact::GameStarted { .. } => "game_started",
            Fact::ClientSeed { .. } => "client_seed",
            Fact::Thrown { .. } => "thrown",
            Fact::Passed { .. } => "passed",
            Fact::Moved { .. } => "moved",
            Fact::Resigned { .. } => "resigned",
            Fact::Claimed { .. } => "claimed",
            Fact::Abandoned { .. } => "abandoned",
            Fact::TimedOut { .. } => "timed_out",
            Fact::GameOver { .. } => "game_over",
            Fact::RematchRequested { .. } => "rematch_requested",
            Fact::MatchOver { .. } => "match_over",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    #[test]
    fn facts_are_small_versioned_json() {
        let f = Fact::Moved {
            seat: seat(1),
            mv: "19-21".into(),
            used_ms: None,
        };
        assert_eq!(
            f.to_json(),
            r#"{"v":1,"kind":"moved","seat":1,"move":"19-21"}"#
        );
        assert_eq!(Fact::from_json(&f.to_json()).unwrap(), f);
        let t = Fact::Thrown {
            seat: seat(2),
            faces: vec![3, 1],
        };
        assert_eq!(
            t.to_json(),
            r#"{"v":1,"kind":"thrown","seat":2,"faces":[3,1]}"#
        );
        assert_eq!(Fact::from_json(&t.to_json()).unwrap().kind(), "thrown");
    }

    #[test]
    fn unknown_versions_and_bad_rows_are_refused() {
        assert_eq!(
            Fact::from_json(r#"{"v":2,"kind":"moved","seat":1,"move":"a"}"#),
            Err(FactError::Version(2))
        );
        assert_eq!(
            Fact::from_json(r#"{"v":9,"kind":"teleported"}"#),
            Err(FactError::Version(9))
        );
        for bad in [
            r#"{"v":1,"kind":"moved","seat":0,"move":"a"}"#,
            r#"{"v":1,"kind":"moved","seat":9,"move":"a"}"#,
            r#"{"v":1,"kind":"teleported"}"#,
            r#"{"kind":"moved","seat":1,"move":"a"}"#,
            r#"{"type":"event","no":1,"kind":"moved","seat":1,"move":"a"}"#,
            "[]",
            "",
        ] {
            assert!(
                matches!(Fact::from_json(bad), Err(FactError::Malformed(_))),
                "{bad}"
            );
        }
    }
}
