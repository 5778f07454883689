//! A match's terms, chosen when it is created: how its series is decided ([`Series`]) and
//! its clock ([`ClockSpec`]); and the clocks as they stand ([`ClockView`]).

use serde::{Deserialize, Serialize};

/// How a series is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Series {
    /// `best_of` N games, or `first_to` N points.
    pub kind: SeriesKind,
    /// N.
    pub target: u32,
}

impl Default for Series {
    fn default() -> Series {
        Series {
            kind: SeriesKind::BestOf,
            target: 1,
        }
    }
}

/// A match's clock, chosen when it is created (none: no clock). The clock of a seat runs only
/// while the match waits for that seat's move; a seat whose time runs out loses the game
/// (`timeout`). Each game of a series starts with fresh clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSpec {
    /// Fischer: `base_secs` per seat for the game, plus `increment_secs` after each of its
    /// moves.
    Fischer {
        /// The time each seat starts the game with, in seconds (1 to 10,800).
        base_secs: u32,
        /// Added to a seat's time after each of its moves, in seconds (0 to 180).
        increment_secs: u32,
    },
    /// Correspondence: `days` for every move (the time left does not carry over).
    Correspondence {
        /// Days per move (1 to 14).
        days: u32,
    },
}

impl ClockSpec {
    /// The most base time of a Fischer clock: three hours.
    pub const MAX_BASE_SECS: u32 = 10_800;
    /// The most increment of a Fischer clock: three minutes.
    pub const MAX_INCREMENT_SECS: u32 = 180;
    /// The most days per move of a correspondence clock.
    pub const MAX_DAYS: u32 = 14;

    /// Whether the figures are in range; the message says which is not.
    ///
    /// # Errors
    /// A figure out of its range.
    pub fn check(self) -> Result<ClockSpec, crate::Detail> {
        use crate::{Detail, Reason};
        match self {
            ClockSpec::Fischer { base_secs, .. }
                if !(1..=Self::MAX_BASE_SECS).contains(&base_secs) =>
            {
                Err(Detail::new(
                    Reason::ClockBase,
                    format!(
                        "a Fischer clock's base_secs is 1 to {}",
                        Self::MAX_BASE_SECS
                    ),
                )
                .with("max", Self::MAX_BASE_SECS))
            }
            ClockSpec::Fischer { increment_secs, .. }
                if increment_secs > Self::MAX_INCREMENT_SECS =>
            {
                Err(Detail::new(
                    Reason::ClockIncrement,
                    format!(
                        "a Fischer clock's increment_secs is 0 to {}",
                        Self::MAX_INCREMENT_SECS
                    ),
                )
                .with("max", Self::MAX_INCREMENT_SECS))
            }
            ClockSpec::Correspondence { days } if !(1..=Self::MAX_DAYS).contains(&days) => {
                Err(Detail::new(
                    Reason::ClockDays,
                    format!("a correspondence clock's days is 1 to {}", Self::MAX_DAYS),
                )
                .with("max", Self::MAX_DAYS))
            }
            ok => Ok(ok),
        }
    }
}

/// The clocks of a game as an event or snapshot leaves the server: the server's figures,
/// which a client counts down from for the seat whose clock runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClockView {
    /// The match's clock.
    pub rule: ClockSpec,
    /// Per seat, the milliseconds left: in an event, as they stand when it happened (the
    /// running seat's time is its whole time for the decision that starts); in a snapshot,
    /// at the moment it was made.
    pub remaining_ms: Vec<u64>,
    /// The seat whose clock runs (the seat the game waits for to move); none otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<u8>,
}

/// The two kinds of series.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeriesKind {
    /// Best of N games: the first seat to win ceil(N/2) games, or the most wins after N.
    BestOf,
    /// First to N series points.
    FirstTo,
}

impl SeriesKind {
    /// The wire (and store) name: `best_of` or `first_to`.
    pub fn as_str(self) -> &'static str {
        match self {
            SeriesKind::BestOf => "best_of",
            SeriesKind::FirstTo => "first_to",
        }
    }

    /// The kind a wire (or store) name names.
    pub fn parse(s: &str) -> Option<SeriesKind> {
        match s {
            "best_of" => Some(SeriesKind::BestOf),
            "first_to" => Some(SeriesKind::FirstTo),
            _ => None,
        }
    }
}
