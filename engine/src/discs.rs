//! What the rulesets of two sides of alike discs on the 30-square track share (`jequier`,
//! `kendall`, `bell`): the move `FROM-TO`, the two colours and which seat plays which, and
//! the first two words of their position notation ([`crate::PositionNotation::TrackDiscs`]):
//! the squares, one character each, and who plays black. Squares are bits of a `u32`, bit
//! `s` for square `s`, in three rows of ten; the shared checks of a position and the row
//! scoring of `jequier` and `kendall` are here too; what else a ruleset does with them is
//! its own.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::notation::{self, To};
use crate::scoring::{Breakdown, ScoreLabel, Whose};
use crate::{ParseError, Player};

/// Where a borne-off piece goes: one past square 30.
pub const OFF: u8 = 31;

/// The first row of ten: squares 1 to 10.
pub(crate) const ROW1: u32 = 0x7FE;
/// The middle row: squares 11 to 20.
pub(crate) const ROW2: u32 = ROW1 << 10;
/// The last row: squares 21 to 30.
pub(crate) const ROW3: u32 = ROW1 << 20;
/// The 30 squares.
pub(crate) const BOARD_MASK: u32 = ROW1 | ROW2 | ROW3;

/// The rows with what each of the loser's pieces left on one scores where a ruleset counts
/// rows (`jequier`, `kendall`): 3 on the first row, 2 on the middle, 1 on the last.
const ROW_POINTS: [(u32, u32, ScoreLabel); 3] = [
    (ROW1, 3, ScoreLabel::FirstRowPieces),
    (ROW2, 2, ScoreLabel::MiddleRowPieces),
    (ROW3, 1, ScoreLabel::LastRowPieces),
];

/// Points for the pieces `pieces` a loser left on the board: 3 on the first row, 2 on the
/// middle, 1 on the last.
pub(crate) fn row_points(pieces: u32) -> u32 {
    ROW_POINTS
        .iter()
        .map(|&(row, each, _)| each * (pieces & row).count_ones())
        .sum()
}

/// [`row_points`] line by line.
pub(crate) fn row_breakdown(pieces: u32) -> Breakdown {
    let mut b = Breakdown::new(Whose::Loser);
    for (row, each, label) in ROW_POINTS {
        b.add(label, (pieces & row).count_ones(), each);
    }
    b
}

/// What every position of these rulesets keeps: every piece on one of the 30 squares, no
/// two on one square, and black played by player 1 or 2 once it is decided.
pub(crate) fn check_squares(
    white: u32,
    black: u32,
    black_seat: Option<Player>,
) -> Result<(), String> {
    if (white | black) & !BOARD_MASK != 0 {
        return Err("pieces off the 30 squares".into());
    }
    if white & black != 0 {
        return Err("two pieces on one square".into());
    }
    if black_seat.is_some_and(|p| p.index() >= 2) {
        return Err("black must be player 1 or 2".into());
    }
    Ok(())
}

/// A move of one disc, from a square to a square or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The square the piece leaves, 1 to 30.
    pub from: u8,
    /// The square it lands on, 1 to 30, or [`OFF`] when it is borne off.
    pub to: u8,
}

impl Move {
    /// A move from `from` to `to` (`to` = [`OFF`] bears off).
    pub const fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// Whether both ends are places of the track and differ.
    pub(crate) fn well_formed(self) -> bool {
        (1..=30).contains(&self.from) && (1..=OFF).contains(&self.to) && self.from != self.to
    }
}

/// `FROM-TO` or `FROM-off`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_from_to(f, self.from, (self.to != OFF).then_some(self.to))
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::new(format!("not a move: {s:?} (want FROM-TO or FROM-off)"));
        let (from, to) = notation::parse_from_to(s).ok_or_else(bad)?;
        let to = match to {
            To::Off => OFF,
            To::Square(t) if t <= 30 => t,
            To::Square(_) => return Err(bad()),
        };
        let mv = Move { from, to };
        if mv.well_formed() { Ok(mv) } else { Err(bad()) }
    }
}

/// The colour of a side. Black moves first; where each starts is the ruleset's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The side that moves second.
    White,
    /// The side that moves first, decided by the first throws.
    Black,
}

impl Colour {
    /// 0 for white, 1 for black (for arrays by colour).
    pub const fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }
}

/// The colour `player` plays, once a player is black (`black_seat`).
pub(crate) fn colour_of(black_seat: Option<Player>, player: Player) -> Option<Colour> {
    black_seat.map(|b| {
        if b == player {
            Colour::Black
        } else {
            Colour::White
        }
    })
}

/// The seat playing `colour`, once a player is black.
pub(crate) fn seat_of(black_seat: Option<Player>, colour: Colour) -> Option<Player> {
    black_seat.map(|b| match colour {
        Colour::Black => b,
        Colour::White => b.opponent(),
    })
}

/// The squares of `player`'s pieces and of the opponent's (`player` counts as white until a
/// player is black).
pub(crate) fn own_and_other(
    white: u32,
    black: u32,
    black_seat: Option<Player>,
    player: Player,
) -> (u32, u32) {
    if black_seat == Some(player) {
        (black, white)
    } else {
        (white, black)
    }
}

/// Each player's side as the rules name it (`black`, `white`), `None` before it is decided.
pub(crate) fn sides(black_seat: Option<Player>) -> Vec<Option<&'static str>> {
    [Player::One, Player::Two]
        .into_iter()
        .map(|p| {
            colour_of(black_seat, p).map(|c| match c {
                Colour::Black => "black",
                Colour::White => "white",
            })
        })
        .collect()
}

/// The first two words of the notation: a character per square (`W`, `B`; `w`, `b` for a
/// piece in `unmoved`; `.` for empty), then who plays black (`b1`, `b2`, `b-`), each followed
/// by a space.
pub(crate) fn write_squares_and_seats(
    s: &mut String,
    white: u32,
    black: u32,
    unmoved: u32,
    black_seat: Option<Player>,
) {
    for sq in 1..=30u32 {
        let bit = 1 << sq;
        let still = unmoved & bit != 0;
        s.push(match (white & bit != 0, black & bit != 0, still) {
            (true, _, false) => 'W',
            (true, _, true) => 'w',
            (_, true, false) => 'B',
            (_, true, true) => 'b',
            _ => '.',
        });
    }
    s.push_str(match black_seat {
        Some(Player::One) => " b1 ",
        Some(_) => " b2 ",
        None => " b- ",
    });
}

/// The squares read from the first word of the notation: `(white, black, unmoved)`.
/// Lowercase letters (pieces not moved yet) only when `unmoved_kept`.
pub(crate) fn read_squares(board: &str, unmoved_kept: bool) -> Result<(u32, u32, u32), ParseError> {
    if board.chars().count() != 30 {
        return Err(ParseError::new(format!(
            "the board has 30 squares, got {} characters",
            board.chars().count()
        )));
    }
    let (mut white, mut black, mut unmoved) = (0u32, 0u32, 0u32);
    for (i, c) in board.chars().enumerate() {
        let bit = 1u32 << (i + 1);
        match c {
            'W' => white |= bit,
            'B' => black |= bit,
            'w' if unmoved_kept => {
                white |= bit;
                unmoved |= bit;
            }
            'b' if unmoved_kept => {
                black |= bit;
                unmoved |= bit;
            }
            '.' => {}
            _ => {
                let allowed = if unmoved_kept { "W B w b ." } else { "W B ." };
                return Err(ParseError::new(format!(
                    "square {}: {c:?} is not one of {allowed}",
                    i + 1
                )));
            }
        }
    }
    Ok((white, black, unmoved))
}

/// Who plays black, read from the second word of the notation.
pub(crate) fn read_seats(word: &str) -> Result<Option<Player>, ParseError> {
    match word {
        "b1" => Ok(Some(Player::One)),
        "b2" => Ok(Some(Player::Two)),
        "b-" => Ok(None),
        _ => Err(ParseError::new(format!(
            "bad seats {word:?}: want b1, b2 or b-"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_and_print() {
        for text in ["1-2", "30-off", "12-9"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        for bad in ["", "0-2", "3-3", "30-31", "1-", "a-b", "off-3"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn squares_and_seats_round_trip() {
        let (white, black, unmoved) = (1 << 1 | 1 << 30, 1 << 2, 1 << 1);
        let mut s = String::new();
        write_squares_and_seats(&mut s, white, black, unmoved, Some(Player::Two));
        assert_eq!(s, "wB...........................W b2 ");
        let mut words = s.split_whitespace();
        assert_eq!(
            read_squares(words.next().unwrap(), true).unwrap(),
            (white, black, unmoved)
        );
        assert!(read_squares("wB...........................W", false).is_err());
        assert_eq!(
            read_seats(words.next().unwrap()).unwrap(),
            Some(Player::Two)
        );
        assert!(read_seats("b3").is_err());
    }

    #[test]
    fn seats_and_colours_agree() {
        assert_eq!(sides(None), [None, None]);
        assert_eq!(sides(Some(Player::Two)), [Some("white"), Some("black")]);
        for p in [Player::One, Player::Two] {
            let c = colour_of(Some(p), p).unwrap();
            assert_eq!(c, Colour::Black);
            assert_eq!(seat_of(Some(p), c), Some(p));
            assert_eq!(seat_of(Some(p), Colour::White), Some(p.opponent()));
        }
        assert_eq!(own_and_other(1, 2, Some(Player::One), Player::One), (2, 1));
        assert_eq!(own_and_other(1, 2, None, Player::One), (1, 2));
    }
}
