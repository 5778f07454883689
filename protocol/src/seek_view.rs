//! A seek as the lobby lists it: a player waiting for opponents on stated terms
//! (`GET /api/seeks`, and the page socket's `seeks` frame). Only what anyone may see: the
//! seek's public id, never its poster's ticket.

use serde::{Deserialize, Serialize};

use crate::terms::{ClockSpec, Series};

/// The ratings a seek takes opponents from, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingRange {
    /// The lowest rating taken.
    pub min: u32,
    /// The highest rating taken.
    pub max: u32,
}

impl RatingRange {
    /// Whether `rating` (rounded to the nearest whole point) lies in the range.
    pub fn takes(self, rating: f64) -> bool {
        let r = rating.round();
        r >= f64::from(self.min) && r <= f64::from(self.max)
    }
}

/// One open seek.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeekView {
    /// The seek's public id: what `POST /api/seeks/{id}/join` names.
    pub id: String,
    /// The poster's display name (empty: none given).
    pub name: String,
    /// The poster's rating in the seek's rating pool, rounded (1500 for a newcomer).
    pub rating: u32,
    /// The variant.
    pub variant: senet_engine::Variant,
    /// Seats of the match to be made (2; 3 or 4 for `modern`).
    pub players: u8,
    /// Seats taken so far, the poster's included.
    pub seats_filled: u8,
    /// The series.
    pub series: Series,
    /// The clock (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Rated: signed-in accounts only, and the match changes their ratings.
    pub rated: bool,
    /// The ratings the poster takes opponents from (absent: any).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<RatingRange>,
    /// When it was posted (Unix ms).
    pub since_ms: i64,
}
