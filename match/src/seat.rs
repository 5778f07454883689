//! [`Seat`]: a table seat of a match, 1 to 4, never 0.

use std::fmt;
use std::num::NonZeroU8;

use serde::{Deserialize, Serialize};

/// The most seats a match has (`modern` with four players).
pub const MAX_SEATS: u8 = 4;

/// A table seat, 1-based (1 to [`MAX_SEATS`]). It is what the protocol and the store call a
/// seat; engine players are mapped to seats per game (seats rotate between games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(NonZeroU8);

/// A number that is not a seat (0, or above [`MAX_SEATS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a seat (seats are 1 to {MAX_SEATS})")]
pub struct NotASeat(pub u64);

impl Seat {
    /// Seat 1, the match's creator.
    pub const FIRST: Seat = Seat(NonZeroU8::MIN);

    /// The seat with this 1-based number.
    ///
    /// # Errors
    /// 0 or a number above [`MAX_SEATS`].
    pub fn new(n: u8) -> Result<Seat, NotASeat> {
        match NonZeroU8::new(n) {
            Some(n) if n.get() <= MAX_SEATS => Ok(Seat(n)),
            _ => Err(NotASeat(u64::from(n))),
        }
    }

    /// The seat at 0-based position `i` (`i < MAX_SEATS`).
    ///
    /// # Errors
    /// An index past the last seat.
    pub fn from_index(i: usize) -> Result<Seat, NotASeat> {
        u8::try_from(i + 1)
            .map_err(|_| NotASeat(i as u64 + 1))
            .and_then(Seat::new)
    }

    /// The 1-based number.
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// The 0-based position, for per-seat vectors.
    pub fn index(self) -> usize {
        usize::from(self.0.get() - 1)
    }

    /// The seats of a table of `n`, in order.
    pub fn all(n: u8) -> impl Iterator<Item = Seat> {
        (1..=n.min(MAX_SEATS)).filter_map(|i| Seat::new(i).ok())
    }
}

impl TryFrom<u8> for Seat {
    type Error = NotASeat;
    fn try_from(n: u8) -> Result<Seat, NotASeat> {
        Seat::new(n)
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.get()
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_to_four_are_seats() {
        assert!(Seat::new(0).is_err());
        assert!(Seat::new(5).is_err());
        assert_eq!(Seat::new(3).unwrap().index(), 2);
        assert_eq!(Seat::from_index(0).unwrap(), Seat::FIRST);
        assert!(Seat::from_index(4).is_err());
        assert!(serde_json::from_str::<Seat>("0").is_err());
        assert_eq!(serde_json::to_string(&Seat::new(2).unwrap()).unwrap(), "2");
        assert_eq!(Seat::all(3).map(Seat::get).collect::<Vec<_>>(), [1, 2, 3]);
    }
}
