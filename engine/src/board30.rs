//! The classic 3 × 10 Senet board and its S-shaped track, shared by `jequier`, `pyramid`
//! and `modern`.
//!
//! Squares are numbered 1 to 30 along the track. The first row runs left to right (1–10),
//! the second right to left (11–20, so 11 sits under 10), the third left to right again
//! (21–30, so 21 sits under 20). On the board:
//!
//! ```text
//!  1  2  3  4  5  6  7  8  9 10
//! 20 19 18 17 16 15 14 13 12 11
//! 21 22 23 24 25 26 27 28 29 30
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

/// A square of the 30-square track, 1 to 30. Cannot hold any other value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub struct Square(u8);

impl Square {
    /// The first square of the track.
    pub const FIRST: Square = Square(1);
    /// The last square of the track.
    pub const LAST: Square = Square(30);

    /// Square `n`, if `n` is 1 to 30.
    pub const fn new(n: u8) -> Option<Square> {
        if n >= 1 && n <= 30 {
            Some(Square(n))
        } else {
            None
        }
    }

    /// The number, 1 to 30.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Zero-based index, 0 to 29, for arrays.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The square `steps` further along the track (negative: back), if still on the board.
    pub const fn offset(self, steps: i16) -> Option<Square> {
        let n = self.0 as i16 + steps;
        if n >= 1 && n <= 30 {
            Some(Square(n as u8))
        } else {
            None
        }
    }

    /// The row of the board, 1 to 3 (1–10, 11–20, 21–30).
    pub const fn row(self) -> u8 {
        (self.0 - 1) / 10 + 1
    }

    /// Position on the drawn board: `(row, column)`, both zero-based, columns left to right.
    pub const fn coords(self) -> (u8, u8) {
        let row = (self.0 - 1) / 10;
        let along = (self.0 - 1) % 10;
        let col = if row == 1 { 9 - along } else { along };
        (row, col)
    }

    /// The square drawn at `(row, column)` (zero-based), if on the board.
    pub const fn at(row: u8, col: u8) -> Option<Square> {
        if row > 2 || col > 9 {
            return None;
        }
        let along = if row == 1 { 9 - col } else { col };
        Some(Square(row * 10 + along + 1))
    }

    /// Squares that touch this one on the drawn board (sharing an edge), which differs from
    /// track neighbours at the bends (10 touches 11, but also 9; 10 and 11 are one step apart
    /// on the track, yet 9 and 12 are three steps apart and still touch).
    pub fn touching(self) -> impl Iterator<Item = Square> {
        let (r, c) = self.coords();
        let (r, c) = (r as i8, c as i8);
        [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            .into_iter()
            .filter(|&(r, c)| r >= 0 && c >= 0)
            .filter_map(|(r, c)| Square::at(r as u8, c as u8))
    }

    /// Every square, 1 to 30.
    pub fn all() -> impl Iterator<Item = Square> {
        (1..=30).map(Square)
    }
}

impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.0
    }
}

impl TryFrom<u8> for Square {
    type Error = String;

    fn try_from(n: u8) -> Result<Square, String> {
        Square::new(n).ok_or_else(|| format!("no square {n} on a 30-square board"))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_track_bends_like_an_s() {
        assert_eq!(Square::new(1).unwrap().coords(), (0, 0));
        assert_eq!(Square::new(10).unwrap().coords(), (0, 9));
        assert_eq!(Square::new(11).unwrap().coords(), (1, 9));
        assert_eq!(Square::new(20).unwrap().coords(), (1, 0));
        assert_eq!(Square::new(21).unwrap().coords(), (2, 0));
        assert_eq!(Square::new(30).unwrap().coords(), (2, 9));
        for s in Square::all() {
            let (r, c) = s.coords();
            assert_eq!(Square::at(r, c), Some(s));
        }
    }

    #[test]
    fn rows_and_offsets() {
        assert_eq!(Square::new(10).unwrap().row(), 1);
        assert_eq!(Square::new(11).unwrap().row(), 2);
        assert_eq!(Square::new(26).unwrap().row(), 3);
        assert_eq!(Square::new(28).unwrap().offset(2), Square::new(30));
        assert_eq!(Square::new(28).unwrap().offset(3), None);
        assert_eq!(Square::new(2).unwrap().offset(-2), None);
        assert!(Square::new(0).is_none() && Square::new(31).is_none());
    }

    #[test]
    fn touching_follows_the_drawn_board() {
        let touching = |n: u8| {
            let mut v: Vec<u8> = Square::new(n)
                .unwrap()
                .touching()
                .map(Square::number)
                .collect();
            v.sort();
            v
        };
        assert_eq!(touching(1), vec![2, 20]);
        assert_eq!(touching(10), vec![9, 11]);
        assert_eq!(touching(15), vec![6, 14, 16, 26]);
        assert_eq!(touching(30), vec![11, 29]);
    }
}
