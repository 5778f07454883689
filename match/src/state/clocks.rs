//! Clock arithmetic: what a move costs a seat's clock, and when a flag stands. The figures
//! come in from outside (the actor measures how long the match waited); nothing here reads
//! a clock.

use std::time::Duration;

use senet_engine::Status;

use super::{ApplyError, GameState};
use crate::seat::Seat;
use senet_protocol::ClockSpec;

/// The time each seat has at the start of a game (Fischer), or for each move
/// (correspondence).
fn initial_time(rule: ClockSpec) -> Duration {
    match rule {
        ClockSpec::Fischer { base_secs, .. } => Duration::from_secs(u64::from(base_secs)),
        ClockSpec::Correspondence { days } => Duration::from_secs(u64::from(days) * 86_400),
    }
}

/// A seat's time after a move that took `used` of the `left` it had.
fn after_move(rule: ClockSpec, left: Duration, used: Duration) -> Duration {
    match rule {
        ClockSpec::Fischer { increment_secs, .. } => {
            left.saturating_sub(used) + Duration::from_secs(u64::from(increment_secs))
        }
        ClockSpec::Correspondence { .. } => initial_time(rule),
    }
}

/// `used_ms` of a stored time, as a duration.
fn millis(used_ms: u64) -> Duration {
    Duration::from_millis(used_ms)
}

impl GameState {
    /// Every seat's time at the start of a game of `players` seats on `rule`.
    pub(super) fn fresh_clocks(rule: ClockSpec, players: u8) -> Vec<Duration> {
        vec![initial_time(rule); usize::from(players)]
    }

    /// Charges `seat` for a move: a clocked match's moves carry the time they took, which must
    /// be less than the time the seat had; a match without a clock has none.
    pub(super) fn charge_clock(
        &mut self,
        clock: Option<ClockSpec>,
        seat: Seat,
        used_ms: Option<u64>,
    ) -> Result<(), ApplyError> {
        let g = self;
        match (clock, used_ms) {
            (None, None) => Ok(()),
            (None, Some(_)) => Err(ApplyError::Disagrees(
                "a move with a time in a match without a clock".into(),
            )),
            (Some(_), None) => Err(ApplyError::Disagrees(
                "a move without its time in a match with a clock".into(),
            )),
            (Some(rule), Some(used_ms)) => {
                let left = g
                    .time_left
                    .get_mut(seat.index())
                    .ok_or(ApplyError::NoSuchSeat(seat))?;
                let used = millis(used_ms);
                if used >= *left {
                    return Err(ApplyError::Disagrees(format!(
                        "seat {seat} moved after its time ran out"
                    )));
                }
                *left = after_move(rule, *left, used);
                Ok(())
            }
        }
    }

    /// Checks a flag against `seat`'s clock and sets its time to zero.
    pub(super) fn flag_clock(
        &mut self,
        clock: Option<ClockSpec>,
        seat: Seat,
        used_ms: u64,
    ) -> Result<(), ApplyError> {
        let g = self;
        if clock.is_none() {
            return Err(ApplyError::Disagrees(
                "a loss on time in a match without a clock".into(),
            ));
        }
        if g.seat_to_act() != Some(seat) || !matches!(g.engine.status(), Status::Move { .. }) {
            return Err(ApplyError::OutOfOrder(format!(
                "seat {seat} lost on time while the game waited for no move of it"
            )));
        }
        let left = g
            .time_left
            .get_mut(seat.index())
            .ok_or(ApplyError::NoSuchSeat(seat))?;
        if millis(used_ms) < *left {
            return Err(ApplyError::Disagrees(format!(
                "seat {seat} lost on time with time left"
            )));
        }
        *left = Duration::ZERO;
        Ok(())
    }
}
