//! Win chances: each seat's chance to win a game, from the bots' evaluation
//! ([`senet_bots::win_probability`], see `docs/bots.md`).
//!
//! The engine numbers players; a match's game maps them to table seats (`seats[i]` is the
//! table seat of engine player `i + 1`, and the seats change places from game to game).
//! Everything the server sends is **per table seat, seat 1 first**, rounded to 3 decimals.
//!
//! - Live, to spectators only: the match actor sends a `chances` frame after each stored
//!   batch of a watched match, and one after a spectator's `welcome` (see
//!   `matches/actor/chances.rs`).
//! - After the game: [`game_chances`] replays a finished game's record and gives one point
//!   per event (`GET /api/matches/{id}/games/{game}/chances`, `http/chances.rs`).

use senet_engine::Game;
use serde::{Deserialize, Serialize};

use crate::record::GameRecord;
use senet_protocol::EventKind;

/// `x` rounded to 3 decimals (what every frame and response carries).
pub fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The chances of `game` per table seat, seat 1 first, rounded to 3 decimals; `seats[i]`
/// is the table seat (1-based) of engine player `i + 1`. A seat that plays no engine player
/// (never in a started game) gets 0.
pub fn per_table_seat(game: &Game, seats: &[u8]) -> Vec<f64> {
    let by_player = senet_bots::win_probability(game);
    let mut out = vec![0.0; seats.len()];
    for (player, &seat) in seats.iter().enumerate() {
        if let (Some(slot), Some(&p)) = (
            usize::from(seat)
                .checked_sub(1)
                .and_then(|i| out.get_mut(i)),
            by_player.get(player),
        ) {
            *slot = round3(p);
        }
    }
    out
}

/// One point of a game's chart: the chances after event `no`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Point {
    /// The event's number in the match.
    pub no: u64,
    /// Per table seat, seat 1 first.
    pub chances: Vec<f64>,
}

/// A finished game's chances, one point per event of its record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GameChances {
    /// The game of the series (1-based).
    pub game: u32,
    /// The table seats the figures are for, in the order of every `chances` (1, 2, …).
    pub seats: Vec<u8>,
    /// One point per event, in order.
    pub points: Vec<Point>,
}

/// Why a game's chances cannot be given.
#[derive(Debug, thiserror::Error)]
pub enum ChancesError {
    /// The game is not over (its chances are for spectators only until then).
    #[error("the game is not over yet")]
    Live,
    /// The record does not replay (stored data that does not read: a bug).
    #[error("{0}")]
    Replay(String),
}

/// Whether a record's game is over (it holds its `game_over`).
pub fn is_over(record: &GameRecord) -> bool {
    record
        .events
        .iter()
        .any(|e| matches!(e.kind, EventKind::GameOver { .. }))
}

/// Replays a finished game's record through the engine and evaluates the position after
/// every event: one [`win_probability`](senet_bots::win_probability) per event (tens of
/// microseconds each, see `docs/bots.md`), so call it on a blocking thread.
///
/// # Errors
/// [`ChancesError::Live`] for a game that is not over; [`ChancesError::Replay`] when the
/// record does not replay.
pub fn game_chances(record: &GameRecord) -> Result<GameChances, ChancesError> {
    if !is_over(record) {
        return Err(ChancesError::Live);
    }
    let mut points = Vec::with_capacity(record.events.len());
    let seats = record.seats.clone();
    record
        .replay_each(|e, game| {
            points.push(Point {
                no: e.no,
                chances: per_table_seat(game, &seats),
            });
        })
        .map_err(ChancesError::Replay)?;
    Ok(GameChances {
        game: record.game,
        seats: (1..=u8::try_from(seats.len()).unwrap_or(u8::MAX)).collect(),
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::{Setup, Variant};

    #[test]
    fn table_seats_follow_the_mapping() {
        let game = Game::new(Variant::Modern, Setup::players(3)).expect("valid");
        let by_player = senet_bots::win_probability(&game);
        // Engine player 1 sits at table seat 3, player 2 at seat 1, player 3 at seat 2.
        let per_seat = per_table_seat(&game, &[3, 1, 2]);
        assert_eq!(per_seat.len(), 3);
        assert_eq!(per_seat[2], round3(by_player[0]));
        assert_eq!(per_seat[0], round3(by_player[1]));
        assert_eq!(per_seat[1], round3(by_player[2]));
        assert!((per_seat.iter().sum::<f64>() - 1.0).abs() < 0.01);
    }

    #[test]
    fn rounding_keeps_three_decimals() {
        assert_eq!(round3(0.61849), 0.618);
        assert_eq!(round3(0.6186), 0.619);
        assert_eq!(round3(1.0), 1.0);
    }
}
