//! [`Player`]: a seat at the table, in turn order.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ParseError;

/// A seat at the table, in turn order. Two-player variants use `One` and `Two` only.
///
/// Serialised as the number 1 to 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Player {
    /// The first seat.
    One,
    /// The second seat.
    Two,
    /// The third seat (`modern` only).
    Three,
    /// The fourth seat (`modern` only).
    Four,
}

impl Player {
    /// Every seat, in order.
    pub const ALL: [Player; 4] = [Player::One, Player::Two, Player::Three, Player::Four];

    /// Zero-based index (One is 0).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with zero-based index `i`, if any.
    pub const fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::One),
            1 => Some(Player::Two),
            2 => Some(Player::Three),
            3 => Some(Player::Four),
            _ => None,
        }
    }

    /// The seat after this one in a game of `players` players.
    pub const fn next(self, players: u8) -> Player {
        match Player::from_index((self.index() + 1) % players as usize) {
            Some(p) => p,
            None => Player::One,
        }
    }

    /// The other seat of a two-player game.
    pub const fn opponent(self) -> Player {
        self.next(2)
    }
}

impl From<Player> for u8 {
    fn from(p: Player) -> u8 {
        p.index() as u8 + 1
    }
}

impl TryFrom<u8> for Player {
    type Error = ParseError;

    fn try_from(n: u8) -> Result<Player, ParseError> {
        n.checked_sub(1)
            .and_then(|i| Player::from_index(usize::from(i)))
            .ok_or_else(|| ParseError::new(format!("no player {n}")))
    }
}

/// The seat number, 1 to 4.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", u8::from(*self))
    }
}

impl FromStr for Player {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Player, ParseError> {
        let n: u8 = s
            .parse()
            .map_err(|_| ParseError::new(format!("no player {s:?}")))?;
        Player::try_from(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_number_from_one_and_rotate() {
        assert_eq!(Player::One.to_string(), "1");
        assert_eq!("4".parse::<Player>().unwrap(), Player::Four);
        assert!("5".parse::<Player>().is_err());
        assert!("0".parse::<Player>().is_err());
        assert_eq!(Player::Two.next(2), Player::One);
        assert_eq!(Player::Two.next(3), Player::Three);
        assert_eq!(Player::Three.next(3), Player::One);
        assert_eq!(Player::One.opponent(), Player::Two);
        assert_eq!(serde_json::to_string(&Player::Three).unwrap(), "3");
    }
}
