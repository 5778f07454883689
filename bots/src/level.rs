//! How strong a bot plays.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A bot's playing strength. Serialised, parsed and displayed as `easy`, `medium`, `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A beginner: picks a random legal move, except that it never misses a capture or a
    /// bear-off that is there for the taking.
    Easy,
    /// Greedy: the move whose position after the current throw (the whole turn, when the
    /// turn has several steps) the evaluation likes best; no look-ahead over later throws.
    Medium,
    /// Expectimax over the variant's throws with the evaluation at the horizon, deepened
    /// iteratively within a node budget (see [`crate::Budget`]).
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The stable id: `easy`, `medium` or `hard`.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A text that names no [`Level`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level {0:?} (expected easy, medium or hard)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.id() == s)
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_text_and_json() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            let json = serde_json::to_string(&level).unwrap();
            assert_eq!(json, format!("\"{}\"", level.id()));
            assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), level);
        }
        assert_eq!(
            "expert".parse::<Level>(),
            Err(UnknownLevel("expert".into()))
        );
    }
}
