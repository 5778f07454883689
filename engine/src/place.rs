//! Places: where a piece can be, and their string forms (see the [module documentation of
//! `geometry`](crate::geometry), which re-exports everything here).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board30::Square;
use crate::{ParseError, Player};

/// A square 1 to 20 of a `parker` player's own path. Cannot hold any other value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LaneSquare(u8);

impl LaneSquare {
    /// Square `n` of the path, if `n` is 1 to 20.
    pub const fn new(n: u8) -> Option<LaneSquare> {
        if n >= 1 && n <= 20 {
            Some(LaneSquare(n))
        } else {
            None
        }
    }

    /// The number, 1 to 20.
    pub const fn number(self) -> u8 {
        self.0
    }
}

/// A square of the 27-square `martian` path: `S1` (0) to `P9` (26). Cannot hold any other
/// value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathSquare(u8);

impl PathSquare {
    /// Path square `p`, if `p` is 0 (`S1`) to 26 (`P9`).
    pub const fn new(p: u8) -> Option<PathSquare> {
        if p < 27 { Some(PathSquare(p)) } else { None }
    }

    /// The path index, 0 (`S1`) to 26 (`P9`), as in `martian::Move::Pyramid`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The track letter, `S`, `B` or `P`.
    pub const fn track_letter(self) -> char {
        match self.0 / 9 {
            0 => 'S',
            1 => 'B',
            _ => 'P',
        }
    }
}

/// Where a piece can be. Written and serialised as its string form (see the
/// [module documentation of `geometry`](crate::geometry)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub enum Place {
    /// A square of the 30-square track: `s1` … `s30`.
    Square(Square),
    /// A square of a `parker` player's own path: `p1-1` … `p2-20`.
    Lane {
        /// Whose path (player 1 or 2).
        lane: Player,
        /// The square, counted along that player's path.
        square: LaneSquare,
    },
    /// A square of the `martian` path: `S1` … `P9`.
    Path(PathSquare),
    /// Borne off (`modern`: gone up): `off`.
    Off,
    /// Out of the game (captured, or pushed off the sun): `out`.
    Out,
}

impl Place {
    /// Square `n` (1 to 30) of the 30-square track, if `n` is in range.
    pub const fn square(n: u8) -> Option<Place> {
        match Square::new(n) {
            Some(square) => Some(Place::Square(square)),
            None => None,
        }
    }

    /// Square `n` (1 to 20) of `lane`'s own `parker` path, if `n` is in range.
    pub const fn lane(lane: Player, n: u8) -> Option<Place> {
        match LaneSquare::new(n) {
            Some(square) => Some(Place::Lane { lane, square }),
            None => None,
        }
    }

    /// Square `p` (0 for `S1` to 26 for `P9`) of the `martian` path, if `p` is in range.
    pub const fn path(p: u8) -> Option<Place> {
        match PathSquare::new(p) {
            Some(square) => Some(Place::Path(square)),
            None => None,
        }
    }

    /// True for the places that are not on the board ([`Place::Off`], [`Place::Out`]).
    pub const fn is_off_board(self) -> bool {
        matches!(self, Place::Off | Place::Out)
    }

    /// The string form, without allocating (every event frame carries many of these).
    pub fn name(self) -> PlaceName {
        let mut name = PlaceName {
            bytes: [0; PlaceName::MAX],
            len: 0,
        };
        match self {
            Place::Square(s) => {
                name.push(b's');
                name.push_number(s.number());
            }
            Place::Lane { lane, square } => {
                name.push(b'p');
                name.push_number(u8::from(lane));
                name.push(b'-');
                name.push_number(square.number());
            }
            Place::Path(p) => {
                name.push(p.track_letter() as u8);
                name.push_number(p.index() % 9 + 1);
            }
            Place::Off => name.push_str(b"off"),
            Place::Out => name.push_str(b"out"),
        }
        name
    }
}

/// A [`Place`]'s string form held inline (the longest is `p2-20`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaceName {
    bytes: [u8; PlaceName::MAX],
    len: u8,
}

impl PlaceName {
    const MAX: usize = 5;

    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = b;
            self.len += 1;
        }
    }

    fn push_str(&mut self, s: &[u8]) {
        for &b in s {
            self.push(b);
        }
    }

    /// Places number at most 30: one or two digits.
    fn push_number(&mut self, n: u8) {
        if n >= 10 {
            self.push(b'0' + n / 10);
        }
        self.push(b'0' + n % 10);
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever pushed.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name().as_str())
    }
}

impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name().as_str())
    }
}

impl FromStr for Place {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Place, ParseError> {
        let bad = || ParseError::new(format!("not a place: {s:?}"));
        let number = |t: &str| -> Option<u8> {
            // Plain decimal digits only, no sign, no leading zero.
            if t.is_empty() || t.starts_with('0') || !t.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            t.parse().ok()
        };
        match s {
            "off" => return Ok(Place::Off),
            "out" => return Ok(Place::Out),
            _ => {}
        }
        if let Some(n) = s.strip_prefix('s') {
            return number(n).and_then(Place::square).ok_or_else(bad);
        }
        if let Some(rest) = s.strip_prefix('p') {
            let (lane, n) = rest.split_once('-').ok_or_else(bad)?;
            let lane = match lane {
                "1" => Player::One,
                "2" => Player::Two,
                _ => return Err(bad()),
            };
            return number(n).and_then(|n| Place::lane(lane, n)).ok_or_else(bad);
        }
        let track = match s.as_bytes().first() {
            Some(b'S') => 0,
            Some(b'B') => 1,
            Some(b'P') => 2,
            _ => return Err(bad()),
        };
        match number(&s[1..]) {
            Some(k @ 1..=9) => Place::path(track * 9 + k - 1).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

impl TryFrom<String> for Place {
    type Error = ParseError;

    fn try_from(s: String) -> Result<Place, ParseError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_print_and_parse() {
        let all: Vec<Place> = (1..=30)
            .filter_map(Place::square)
            .chain((1..=20).filter_map(|n| Place::lane(Player::One, n)))
            .chain((1..=20).filter_map(|n| Place::lane(Player::Two, n)))
            .chain((0..27).filter_map(Place::path))
            .chain([Place::Off, Place::Out])
            .collect();
        assert_eq!(all.len(), 30 + 40 + 27 + 2);
        for p in &all {
            assert_eq!(p.to_string().parse::<Place>().unwrap(), *p, "{p}");
            let json = serde_json::to_string(p).unwrap();
            assert_eq!(json, format!("\"{p}\""));
            assert_eq!(serde_json::from_str::<Place>(&json).unwrap(), *p);
        }
        let names: Vec<String> = [
            Place::square(1),
            Place::square(30),
            Place::lane(Player::Two, 13),
            Place::path(0),
            Place::path(9),
            Place::path(26),
        ]
        .into_iter()
        .map(|p| p.unwrap().to_string())
        .collect();
        assert_eq!(names, ["s1", "s30", "p2-13", "S1", "B1", "P9"]);
        for bad in [
            "", "s0", "s31", "s01", "s+1", "p3-1", "p1-0", "p1-21", "p1", "S0", "S10", "X1", "b1",
            "OFF",
        ] {
            assert!(bad.parse::<Place>().is_err(), "{bad}");
        }
    }
}
