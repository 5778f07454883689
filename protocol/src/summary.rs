//! A match as the lobby lists it: [`Summary`] and its [`Status`].

use serde::{Deserialize, Serialize};

use crate::terms::{ClockSpec, Series};

/// Where a match stands, as listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Seats still to be taken.
    Joining,
    /// Games are being played.
    Live,
    /// The series is over.
    Finished,
    /// Nobody joined before the invites ran out.
    Expired,
}

impl Status {
    /// The wire (and store) name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Joining => "joining",
            Status::Live => "live",
            Status::Finished => "finished",
            Status::Expired => "expired",
        }
    }
}

/// A match's public state, as listed by the REST API (and, with several nodes, as one node
/// tells the others what it runs).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Summary {
    /// The id.
    pub match_id: String,
    /// The name.
    pub name: String,
    /// The variant.
    pub variant: senet_engine::Variant,
    /// Number of seats.
    pub players: u8,
    /// Listed publicly.
    pub public: bool,
    /// Rated: its games change the players' ratings.
    pub rated: bool,
    /// The series rule.
    pub series: Series,
    /// `joining`, `live` or `finished`; `expired` for a match nobody joined in time.
    pub status: Status,
    /// Display names per seat.
    pub names: Vec<Option<String>>,
    /// The current game (1-based; 0 before the first).
    pub game: u32,
    /// Series points per seat.
    pub score: Vec<u32>,
    /// Games won per seat.
    pub wins: Vec<u32>,
    /// How many spectators watch.
    pub spectators: u32,
    /// The clock (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Per seat, the level of the bot that plays it (absent when none does).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<Option<String>>,
}
