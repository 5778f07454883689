//! The leaderboard as read ([`LeaderLine`]), and the one-second cache of it that the store
//! keeps per variant, so that a flood of leaderboard requests costs one query a second.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a leaderboard read stays the answer: a board that changes when series end does
/// not need to be newer than a second.
const FRESH: Duration = Duration::from_secs(1);

/// A player's line on the leaderboard.
#[derive(Clone, Debug)]
pub struct LeaderLine {
    /// The player.
    pub player_id: String,
    /// The name.
    pub name: String,
    /// Series won.
    pub series_won: i64,
    /// Points from games won.
    pub points: i64,
    /// Games won.
    pub games_won: i64,
}

/// A leaderboard as read, and when.
type Read = (Instant, Arc<Vec<LeaderLine>>);

/// The leaderboards read in the last second, by variant.
#[derive(Debug, Default)]
pub(super) struct BoardCache {
    boards: Mutex<HashMap<String, Read>>,
}

impl BoardCache {
    /// The board of `variant`, if it was read less than a second ago.
    pub(super) fn fresh(&self, variant: &str) -> Option<Arc<Vec<LeaderLine>>> {
        let boards = self.boards.lock().unwrap_or_else(|e| e.into_inner());
        boards
            .get(variant)
            .filter(|(at, _)| at.elapsed() < FRESH)
            .map(|(_, lines)| lines.clone())
    }

    /// Keeps `lines` as the board of `variant`, read now (and forgets stale boards).
    pub(super) fn keep(&self, variant: &str, lines: Arc<Vec<LeaderLine>>) {
        let mut boards = self.boards.lock().unwrap_or_else(|e| e.into_inner());
        boards.retain(|_, (at, _)| at.elapsed() < FRESH);
        boards.insert(variant.to_owned(), (Instant::now(), lines));
    }
}
