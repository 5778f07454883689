//! `kendall`: Senet as Timothy Kendall reconstructed it (1978), with the four options a
//! digital game library gives it.
//!
//! Seven pieces a side (five with the option `five_pieces`) start on the first squares of
//! the Z track, alternating white (odd squares) and black (even squares). Four two-sided
//! sticks give 1, 2, 3 or 4, or 5 when no marked side is up; a 1, 4 or 5 is kept and the
//! player throws again, and after a 2 or 3 plays the turn's throws, one piece per throw, in
//! any order (all throws are made before moving). The first player to throw a 1 plays black and opens by moving the front piece one square. A
//! piece landing on a lone opposing piece swaps places with it; two of a colour side by side
//! protect each other. Every piece must land exactly on square 26; from there a 1 goes into
//! the water (27), 2, 3 or 4 to 28, 29 or 30, and 5 bears off. A piece on 28 leaves only
//! with a 3, on 29 only with a 2, on 30 with any throw. A piece in the water is the only one
//! its owner may move: it stays (`pass`, ending the turn), bears off with a 4, or goes back
//! to square 15 (or, if that is taken, the nearest empty square before it), which ends the
//! turn and loses the next; back there it stays the only piece its owner may move until it moves,
//! and meanwhile its owner's pairs protect nothing. Bearing off is never required: when every
//! forward move bears off, the player may pass. A throw that moves no piece forward must move
//! one backward; throws that nothing can use are lost, and the turn ends. The first to bear off
//! every piece wins; the winner scores 3, 2 or 1 points per opposing piece left on the
//! first, middle or last row.
//!
//! Options (all off by default, as Kendall published the game): `five_pieces`,
//! `starting_throw` (white may not move until it has thrown a 1), `trap` (a throw that
//! would carry a piece past 26 drops it into the water instead of being refused) and
//! `home_row` (no bearing off while a piece of yours is on the first row).
//!
//! Every reading of an unclear sentence is listed in `docs/rules/kendall.md`.
//!
//! # Notation
//!
//! A position is four words, `BOARD SEATS STATE RULES`, and a fifth, `MARKS`, when there are
//! any.
//! - `BOARD`: 30 characters for squares 1 to 30: `W`/`B` a white/black piece, `.` empty.
//!   Pieces not on the board are off.
//! - `SEATS`: `b1` (player 1 is black), `b2`, or `b-` (nobody has thrown a 1 yet).
//! - `STATE`: `t1` (player 1 throws), `t1:14` (player 1 throws again, a 1 and a 4 kept),
//!   `o2` (player 2 threw the first 1 and opens with the front piece), `m2:3` (player 2
//!   plays a throw of 3), `m2:124` (the throws 1, 2 and 4, digits smallest first), `w1` (player 1 won by bearing off),
//!   `r1` (player 1 won by resignation), `x1` (player 1 won on time).
//! - `RULES`: `7` or `5` (pieces a side), then `s` (starting throw, white has not yet thrown
//!   its 1) or `S` (starting throw, white has), `t` (trap), `h` (home row), in that order.
//! - `MARKS`: `h1:15` (player 1's piece on 15 came back from the water and is held), `l2`
//!   (player 2 loses the next turn), joined by commas.
//!
//! The start: `WBWBWBWBWBWBWB................ b- t1 7`.
//!
//! A move is `FROM-TO` (`14-15`, `12-10` backward, `27-15` back from the water), `FROM-off`
//! (bearing off) or `pass` (the turn's throws left unused: staying in the water, or declining
//! to bear off). Where the squares do not say which throw a move uses, `/N` names it:
//! `30-off/2`, `24-27/5` (into the water with the trap).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::discs::{self, BOARD_MASK, ROW1};
use crate::geometry::{self, Geometry, Layout, Piece, PieceKind, Place, Placement, StepKind};
use crate::notation::{self, To};
use crate::notes::{Note, SideCount};
use crate::ruleset::track_square;
use crate::scoring::Breakdown;
use crate::stuck::PieceNoun;
use crate::{
    BoardKind, Concession, Die, EndReason, IllegalMove, IllegalThrow, Outcome, ParseError, Player,
    PositionNotation, Rules, Ruleset, Setup, SetupError, SpecialSquare, SquareKind, Status, Throw,
    ThrowEffect, ThrowSpec, Variant,
};

/// The House of Rebirth: where a piece rescued from the water goes.
pub const REBIRTH: u8 = 15;
/// The House of Happiness: every piece must land on it exactly.
pub const HAPPINESS: u8 = 26;
/// The House of Water.
pub const WATER: u8 = 27;
pub use crate::discs::OFF;
/// What the four sticks give, with their chances out of 16: `(value, chances)`.
///
/// Each stick is fair; the value is the number of sides up that count, or 5 when none does.
pub const THROW_TABLE: [(u8, u8); 5] = [(1, 4), (2, 6), (3, 4), (4, 1), (5, 1)];

const WATER_BIT: u32 = 1 << WATER;
const FIVE_WHITE: u32 = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7 | 1 << 9;
const FIVE_BLACK: u32 = FIVE_WHITE << 1;
const SEVEN_WHITE: u32 = FIVE_WHITE | 1 << 11 | 1 << 13;
const SEVEN_BLACK: u32 = SEVEN_WHITE << 1;

/// The value of a throw of the four sticks (faces: 1 a side that counts up, 0 not).
pub fn throw_value(throw: &Throw) -> u8 {
    match throw.faces().iter().filter(|&&f| f == 1).count() {
        0 => 5,
        n => n as u8,
    }
}

/// True if a throw of this value lets the thrower throw again (1, 4 and 5).
pub const fn grants_another_throw(value: u8) -> bool {
    matches!(value, 1 | 4 | 5)
}

pub use crate::discs::Colour;

/// The options of a game, fixed when it is created (from [`Setup`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Five pieces a side instead of seven.
    pub five_pieces: bool,
    /// White may not move a piece until it has thrown a 1.
    pub starting_throw: bool,
    /// A throw that would carry a piece from squares 1 to 25 past square 26 drops it into
    /// the water (if the water is empty) instead of being refused.
    pub trap: bool,
    /// No bearing off while a piece of the player's is on the first row (squares 1 to 10).
    pub home_row: bool,
}

impl Options {
    /// The options `setup` asks for.
    pub fn from_setup(setup: &Setup) -> Options {
        Options {
            five_pieces: setup.five_pieces,
            starting_throw: setup.starting_throw,
            trap: setup.trap,
            home_row: setup.home_row,
        }
    }

    /// Pieces a side: 5 or 7.
    pub const fn pieces(self) -> u32 {
        if self.five_pieces { 5 } else { 7 }
    }

    /// The starting squares of `colour`, as bits.
    const fn start(self, colour: Colour) -> u32 {
        match (self.five_pieces, colour) {
            (true, Colour::White) => FIVE_WHITE,
            (true, Colour::Black) => FIVE_BLACK,
            (false, Colour::White) => SEVEN_WHITE,
            (false, Colour::Black) => SEVEN_BLACK,
        }
    }

    /// The square of the front piece, which black's opening 1 moves: 10 or 14.
    pub const fn front(self) -> u8 {
        if self.five_pieces { 10 } else { 14 }
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Phase {
    Throw {
        player: Player,
    },
    /// The first 1 has been thrown by `player`: the front piece moves one square.
    Opening {
        player: Player,
    },
    /// `player` plays the turn's throws ([`Kendall::throws`]), one move each.
    Move {
        player: Player,
    },
    Over {
        winner: Player,
        reason: EndReason,
    },
}

/// A game of `kendall`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Kendall {
    /// Bit `s` set: a white piece on square `s` (1 to 30).
    white: u32,
    /// Bit `s` set: a black piece on square `s`.
    black: u32,
    /// The player who plays black, once someone has thrown a 1.
    black_seat: Option<Player>,
    /// With the option `starting_throw`: white has not yet thrown its first 1.
    white_waits: bool,
    options: Options,
    phase: Phase,
    /// The turn's throws not yet played: while throwing, those kept (1, 4 and 5, each
    /// earning the next throw); while moving, those still to use.
    throws: Throws,
    /// By player: the square of the piece that came back from the water and has not moved
    /// since (0: none). It is the only piece its owner may move, and its owner's pieces are
    /// not protected meanwhile.
    held: [u8; 2],
    /// By player: the player went back from the water and loses the next turn.
    loses_turn: [bool; 2],
}

/// A move of `kendall`: a piece moved by one throw of the turn, the piece in the water
/// brought back, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Move {
    /// The piece on `from` goes to `to` (a square, or [`OFF`]) by the full value of one of
    /// the turn's throws, `throw` (`FROM-TO`, or `FROM-TO/N` where the squares do not say
    /// which throw: `30-off/2`, `24-27/5` with the trap).
    Piece {
        /// The square the piece leaves, 1 to 30.
        from: u8,
        /// The square it lands on, 1 to 30, or [`OFF`].
        to: u8,
        /// The throw it uses, 1 to 5.
        throw: u8,
    },
    /// The piece in the water goes back to square `to` (15, or the nearest empty square
    /// before it), ending the turn (`27-15`).
    Back {
        /// Where it lands, 1 to 15.
        to: u8,
    },
    /// The turn's remaining throws are left unused (`pass`): the piece in the water stays
    /// there, or the player declines to bear off.
    Pass,
}

/// The throw a move from `from` to `to` must use, when the squares say it; `None` where
/// several throws give the same move (bearing off from 30, a drop into the water with the
/// trap).
const fn implied_throw(from: u8, to: u8) -> Option<u8> {
    match (from, to) {
        (HAPPINESS, OFF) => Some(5),
        (WATER, OFF) => Some(4),
        (28, OFF) => Some(3),
        (29, OFF) => Some(2),
        (_, OFF) => None,
        (f, WATER) if f < HAPPINESS => None,
        (f, t) if t > f => Some(t - f),
        (f, t) => Some(f - t),
    }
}

impl Move {
    /// The piece on `from` goes to `to` ([`OFF`] bears it off) by the throw the squares
    /// imply (1 where they imply none).
    pub const fn new(from: u8, to: u8) -> Move {
        let throw = match implied_throw(from, to) {
            Some(n) => n,
            None => 1,
        };
        Move::Piece { from, to, throw }
    }

    /// The piece on `from` goes to `to` by a throw of `throw`.
    pub const fn by(from: u8, to: u8, throw: u8) -> Move {
        Move::Piece { from, to, throw }
    }
}

/// `FROM-TO`, `FROM-TO/N`, `FROM-off`, `FROM-off/N` or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Piece { from, to, throw } => {
                notation::write_from_to(f, from, (to != OFF).then_some(to))?;
                if implied_throw(from, to) != Some(throw) {
                    write!(f, "/{throw}")?;
                }
                Ok(())
            }
            Move::Back { to } => write!(f, "{WATER}-{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        let bad = || {
            ParseError::new(format!(
                "not a move: {s:?} (want FROM-TO, FROM-off, either with /N for the throw, or \
                 pass)"
            ))
        };
        if s == "pass" {
            return Ok(Move::Pass);
        }
        let (squares, throw) = match s.split_once('/') {
            Some((squares, n)) => (squares, Some(n.parse::<u8>().map_err(|_| bad())?)),
            None => (s, None),
        };
        let (from, to) = notation::parse_from_to(squares).ok_or_else(bad)?;
        let to = match to {
            To::Off => OFF,
            To::Square(t) if t <= 30 => t,
            To::Square(_) => return Err(bad()),
        };
        if !(1..=30).contains(&from) || from == to || throw.is_some_and(|n| !(1..=5).contains(&n)) {
            return Err(bad());
        }
        if from == WATER && to != OFF {
            return if throw.is_none() && to <= REBIRTH {
                Ok(Move::Back { to })
            } else {
                Err(bad())
            };
        }
        let throw = match (throw, implied_throw(from, to)) {
            (Some(n), _) | (None, Some(n)) => n,
            (None, None) => {
                return Err(ParseError::new(format!("{s:?}: say which throw, as {s}/N")));
            }
        };
        Ok(Move::Piece { from, to, throw })
    }
}

/// The throws of a turn not yet played: all throws are made before moving. A count per
/// value, 1 to 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Throws([u8; 5]);

impl Throws {
    /// Whether no throw is left.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// Whether a throw of `n` is left.
    pub fn has(&self, n: u8) -> bool {
        (1..=5).contains(&n) && self.0[usize::from(n - 1)] > 0
    }

    /// Every throw left, smallest first.
    pub fn all(&self) -> Vec<u8> {
        (1..=5u8)
            .flat_map(|n| std::iter::repeat_n(n, usize::from(self.0[usize::from(n - 1)])))
            .collect()
    }

    /// The distinct values left, smallest first.
    fn values(self) -> impl Iterator<Item = u8> {
        (1..=5u8).filter(move |&n| self.has(n))
    }

    fn add(&mut self, n: u8) {
        let c = &mut self.0[usize::from(n - 1)];
        *c = c.saturating_add(1);
    }

    fn take(&mut self, n: u8) {
        let c = &mut self.0[usize::from(n - 1)];
        *c = c.saturating_sub(1);
    }

    /// The throws as digits, smallest first: `144`.
    fn digits(&self) -> String {
        self.all().iter().map(|n| char::from(b'0' + n)).collect()
    }
}

#[inline]
const fn bit(s: u8) -> u32 {
    1 << s
}

/// True if the piece of `pieces` on `s` has one of its colour beside it on the track.
#[inline]
fn protected(pieces: u32, s: u8) -> bool {
    pieces & (bit(s) << 1 | bit(s) >> 1) & BOARD_MASK != 0
}

/// Where a piece leaving the water lands on the board `occupied`: square 15, or the nearest
/// empty square before it.
#[inline]
fn rescue_square(occupied: u32) -> u8 {
    let free = !occupied & ((bit(REBIRTH) << 1) - 2);
    // At most 14 pieces, one of them in the water: squares 1 to 15 always have a free one.
    31u32.saturating_sub(free.leading_zeros()).max(1) as u8
}

impl Kendall {
    /// The options this game is played with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The player who plays black, once someone has thrown a 1.
    pub fn black_seat(&self) -> Option<Player> {
        self.black_seat
    }

    /// With the option `starting_throw`: white has not yet thrown the 1 it needs to start.
    pub fn white_waits(&self) -> bool {
        self.white_waits
    }

    /// The colour `player` plays, once decided.
    pub fn colour_of(&self, player: Player) -> Option<Colour> {
        discs::colour_of(self.black_seat, player)
    }

    /// The squares (as bits: bit `s` for square `s`) holding pieces of `colour`.
    pub fn pieces(&self, colour: Colour) -> u32 {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }

    fn colour_bits(&self, player: Player) -> (u32, u32) {
        discs::own_and_other(self.white, self.black, self.black_seat, player)
    }

    /// Whether `player` (with pieces `own`) is bound to one piece: a piece in the water, or
    /// one back from it that has not moved since. Its other pieces may not move, and none of
    /// its pieces is protected meanwhile.
    #[inline]
    fn bound(&self, player: Player, own: u32) -> bool {
        own & WATER_BIT != 0 || self.held[player.index()] != 0
    }

    /// `player`'s pieces, the opponent's, and the opponent's that protect each other now
    /// (none while the opponent is bound).
    #[inline]
    fn sides_of(&self, player: Player) -> (u32, u32, u32) {
        let (own, opp) = self.colour_bits(player);
        let guard = if self.bound(player.opponent(), opp) {
            0
        } else {
            opp
        };
        (own, opp, guard)
    }

    /// The pieces of `player` (with pieces `own`, none in the water) that may move now: the
    /// held one, or all.
    #[inline]
    fn movable(&self, player: Player, own: u32) -> u32 {
        match self.held[player.index()] {
            0 => own,
            s => own & bit(s),
        }
    }

    /// The end of `player`'s turn: its unused throws are lost and the other player throws.
    fn end_turn(&mut self, player: Player) -> Phase {
        self.throws = Throws::default();
        self.hand_to(player.opponent())
    }

    /// The end of the game, won by `winner`: nothing of a turn is left pending.
    fn over(&mut self, winner: Player, reason: EndReason) -> Phase {
        self.held = [0; 2];
        self.loses_turn = [false; 2];
        self.throws = Throws::default();
        Phase::Over { winner, reason }
    }

    /// The turn passes to `player`, unless `player` loses it (after going back from the
    /// water); then to the other player.
    fn hand_to(&mut self, player: Player) -> Phase {
        let i = player.index();
        if self.loses_turn[i] {
            self.loses_turn[i] = false;
            self.hand_to(player.opponent())
        } else {
            Phase::Throw { player }
        }
    }

    fn at_start(&self) -> bool {
        self.white == self.options.start(Colour::White)
            && self.black == self.options.start(Colour::Black)
    }

    /// Whether the player with pieces `own` may bear off now.
    #[inline]
    fn may_bear_off(&self, own: u32) -> bool {
        !self.options.home_row || own & ROW1 == 0
    }

    /// Where the piece on `s` goes forward with a throw of `n`, if it can.
    #[inline]
    fn forward(&self, own: u32, opp: u32, guard: u32, s: u8, n: u8) -> Option<u8> {
        let occ = own | opp;
        let off = self.may_bear_off(own).then_some(OFF);
        match s {
            30 => off,
            29 if n == 2 => off,
            28 if n == 3 => off,
            27..=29 => None,
            HAPPINESS => match n {
                5 => off,
                1 => (occ & WATER_BIT == 0).then_some(WATER),
                _ => {
                    let d = s + n;
                    if occ & bit(d) == 0 {
                        Some(d)
                    } else {
                        // A swap here sends the lone piece on to the water, so it needs
                        // the water empty.
                        (opp & bit(d) != 0 && !protected(guard, d) && occ & WATER_BIT == 0)
                            .then_some(d)
                    }
                }
            },
            _ => {
                let d = s + n;
                if d <= HAPPINESS {
                    if occ & bit(d) == 0 || (opp & bit(d) != 0 && !protected(guard, d)) {
                        Some(d)
                    } else {
                        None
                    }
                } else {
                    (self.options.trap && occ & WATER_BIT == 0).then_some(WATER)
                }
            }
        }
    }

    /// Where the piece on `s` goes backward with a throw of `n`, if it can.
    #[inline]
    fn backward(own: u32, opp: u32, guard: u32, s: u8, n: u8) -> Option<u8> {
        if s > HAPPINESS || s <= n {
            return None;
        }
        let d = s - n;
        let free = (own | opp) & bit(d) == 0;
        (free || (opp & bit(d) != 0 && !protected(guard, d))).then_some(d)
    }

    /// Calls `f` with each legal move of `player` for the turn's throws (not the opening),
    /// by throw, then in order of the square it leaves, a pass last; returns how many.
    ///
    /// A piece in the water may go back to square 15 (or the nearest empty square before
    /// it), ending the turn; bear off with a 4; or stay (a pass). Otherwise the held piece,
    /// or every piece, moves forward by a throw; a throw that moves nothing forward moves a
    /// piece backward. A player whose only moves bear off may pass instead.
    #[inline]
    fn for_each_move(&self, player: Player, mut f: impl FnMut(Move)) -> usize {
        if self.throws.is_empty() {
            return 0;
        }
        let (own, opp, guard) = self.sides_of(player);
        if own & WATER_BIT != 0 {
            f(Move::Back {
                to: rescue_square(own | opp),
            });
            let off = self.throws.has(4) && self.may_bear_off(own);
            if off {
                f(Move::by(WATER, OFF, 4));
            }
            f(Move::Pass);
            return 2 + usize::from(off);
        }
        let movable = self.movable(player, own);
        let mut count = 0;
        let mut only_off = true;
        for n in self.throws.values() {
            let mut forward = 0;
            let mut bits = movable;
            while bits != 0 {
                let s = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if let Some(to) = self.forward(own, opp, guard, s, n) {
                    f(Move::by(s, to, n));
                    forward += 1;
                    only_off &= to == OFF;
                }
            }
            count += forward;
            if forward > 0 {
                continue;
            }
            let mut bits = movable;
            while bits != 0 {
                let s = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if let Some(to) = Self::backward(own, opp, guard, s, n) {
                    f(Move::by(s, to, n));
                    count += 1;
                    only_off = false;
                }
            }
        }
        if count > 0 && only_off {
            f(Move::Pass);
            count += 1;
        }
        count
    }

    /// Whether a piece of `player`'s that may move now moves forward by a throw of `n`.
    fn has_forward(&self, player: Player, n: u8) -> bool {
        let (own, opp, guard) = self.sides_of(player);
        let mut bits = self.movable(player, own);
        while bits != 0 {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if self.forward(own, opp, guard, s, n).is_some() {
                return true;
            }
        }
        false
    }

    /// The pieces the loser of a game won by `winner` still has on the board.
    fn loser_pieces(&self, winner: Player) -> u32 {
        if self.black_seat.is_none() {
            // Colours not yet decided: both sides still have their starting pieces.
            self.white
        } else {
            self.colour_bits(winner.opponent()).0
        }
    }

    fn outcome(&self, winner: Player, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
            points: discs::row_points(self.loser_pieces(winner)),
        }
    }

    /// The player a move is due from, and whether it is the opening.
    fn due(&self) -> Option<(Player, bool)> {
        match self.phase {
            Phase::Move { player } => Some((player, false)),
            Phase::Opening { player } => Some((player, true)),
            _ => None,
        }
    }

    fn opening_move(&self) -> Move {
        let f = self.options.front();
        Move::by(f, f + 1, 1)
    }

    /// Parses one word of the state: `t1`, `t1:14`, `o1`, `m2:3`, `m2:145`, `w1`, `r2`,
    /// `x1`; with the throws it names.
    fn parse_phase(word: &str) -> Result<(Phase, Throws), ParseError> {
        let bad = || {
            ParseError::new(format!(
                "bad state {word:?}: want t1, t1:14, o1, m1:3, m1:142, w1, r1 or x1"
            ))
        };
        let mut chars = word.chars();
        let kind = chars.next().ok_or_else(bad)?;
        let (who, digits) = match chars.as_str().split_once(':') {
            Some((who, digits)) if matches!(kind, 't' | 'm') => (who, Some(digits)),
            Some(_) => return Err(bad()),
            None => (chars.as_str(), None),
        };
        let mut throws = Throws::default();
        for c in digits.unwrap_or("").chars() {
            match c.to_digit(10) {
                Some(n @ 1..=5) => throws.add(n as u8),
                _ => return Err(bad()),
            }
        }
        if digits.is_some() && throws.is_empty() || kind == 'm' && digits.is_none() {
            return Err(bad());
        }
        let player = who
            .parse::<Player>()
            .ok()
            .filter(|p| p.index() < 2)
            .ok_or_else(bad)?;
        let phase = match kind {
            't' => Phase::Throw { player },
            'o' => Phase::Opening { player },
            'm' => Phase::Move { player },
            'w' | 'r' | 'x' => Phase::Over {
                winner: player,
                reason: match kind {
                    'w' => EndReason::Completed,
                    'r' => EndReason::Resigned,
                    _ => EndReason::Timeout,
                },
            },
            _ => return Err(bad()),
        };
        Ok((phase, throws))
    }

    /// Parses the `MARKS` word: `h1:15` (player 1's piece on 15 came back from the water and
    /// is held), `l2` (player 2 loses the next turn), separated by commas.
    fn parse_marks(&mut self, word: &str) -> Result<(), ParseError> {
        let bad = |mark: &str| {
            ParseError::new(format!(
                "bad mark {mark:?}: want h1:15 (a held piece) or l1 (a lost turn), by commas"
            ))
        };
        for mark in word.split(',') {
            let player = |p: &str| p.parse::<Player>().ok().filter(|p| p.index() < 2);
            if let Some(rest) = mark.strip_prefix('h') {
                let (p, sq) = rest.split_once(':').ok_or_else(|| bad(mark))?;
                let p = player(p).ok_or_else(|| bad(mark))?;
                let sq: u8 = sq.parse().map_err(|_| bad(mark))?;
                if !(1..=REBIRTH).contains(&sq) || self.held[p.index()] != 0 {
                    return Err(bad(mark));
                }
                self.held[p.index()] = sq;
            } else if let Some(p) = mark.strip_prefix('l') {
                let p = player(p).ok_or_else(|| bad(mark))?;
                if self.loses_turn[p.index()] {
                    return Err(bad(mark));
                }
                self.loses_turn[p.index()] = true;
            } else {
                return Err(bad(mark));
            }
        }
        Ok(())
    }

    /// Parses the `RULES` word: `7`, `5sth`, …
    fn parse_rules(word: &str) -> Result<(Options, bool), ParseError> {
        let bad = || {
            ParseError::new(format!(
                "bad rules {word:?}: want 7 or 5, then s or S, t, h in that order"
            ))
        };
        let mut chars = word.chars();
        let mut options = Options {
            five_pieces: match chars.next() {
                Some('5') => true,
                Some('7') => false,
                _ => return Err(bad()),
            },
            ..Options::default()
        };
        let mut waits = false;
        let mut last = 0;
        for c in chars {
            let (rank, flag) = match c {
                's' => (1, &mut options.starting_throw),
                'S' => (1, &mut options.starting_throw),
                't' => (2, &mut options.trap),
                'h' => (3, &mut options.home_row),
                _ => return Err(bad()),
            };
            if rank <= last {
                return Err(bad());
            }
            last = rank;
            *flag = true;
            waits |= c == 's';
        }
        Ok((options, waits))
    }

    /// The seat playing `colour`, once decided.
    fn seat_of(&self, colour: Colour) -> Option<Player> {
        discs::seat_of(self.black_seat, colour)
    }

    /// The most specific reason a move of the right piece from `s` to `d` (`d` > `s`, or
    /// [`OFF`]) is refused, for a throw of `n`.
    fn why_not_forward(&self, own: u32, opp: u32, guard: u32, s: u8, d: u8, n: u8) -> IllegalMove {
        let occ = own | opp;
        let needed = match s {
            HAPPINESS if d == OFF => Some(5),
            28 => Some(3),
            29 => Some(2),
            30 => None,
            _ if d == OFF => return IllegalMove::OffPath,
            _ => {
                if d == WATER && s + n > HAPPINESS && s < HAPPINESS && self.options.trap {
                    return IllegalMove::Blocked;
                }
                if d != s + n {
                    return IllegalMove::NoSuchDie;
                }
                if s < HAPPINESS && d > HAPPINESS {
                    return IllegalMove::OffPath;
                }
                if s > HAPPINESS {
                    return IllegalMove::OffPath;
                }
                if own & bit(d) != 0 {
                    return IllegalMove::OccupiedByOwn;
                }
                if opp & bit(d) != 0 && protected(guard, d) {
                    return IllegalMove::Protected;
                }
                if d == WATER || occ & WATER_BIT != 0 {
                    return IllegalMove::Blocked;
                }
                return IllegalMove::NotLegal;
            }
        };
        if d != OFF {
            return IllegalMove::OffPath;
        }
        if needed.is_some_and(|k| k != n) {
            return IllegalMove::NoSuchDie;
        }
        if !self.may_bear_off(own) {
            return IllegalMove::CannotBearOff;
        }
        IllegalMove::NotLegal
    }
}

impl Rules for Kendall {
    type Move = Move;
    const VARIANT: Variant = Variant::Kendall;

    fn new(setup: Setup) -> Result<Self, SetupError> {
        Variant::Kendall.check_players(setup.players)?;
        let options = Options::from_setup(&setup);
        Ok(Kendall {
            white: options.start(Colour::White),
            black: options.start(Colour::Black),
            black_seat: None,
            white_waits: options.starting_throw,
            options,
            phase: Phase::Throw {
                player: Player::One,
            },
            throws: Throws::default(),
            held: [0; 2],
            loses_turn: [false; 2],
        })
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Throw { player } => Status::Throw {
                player,
                spec: ThrowSpec::FOUR_STICKS,
            },
            Phase::Move { player, .. } | Phase::Opening { player } => Status::Move { player },
            Phase::Over { winner, reason } => Status::Over(self.outcome(winner, reason)),
        }
    }

    fn players(&self) -> u8 {
        2
    }

    fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow> {
        let Phase::Throw { player } = self.phase else {
            return Err(IllegalThrow::NotExpected);
        };
        let faces = throw.faces();
        if faces.len() != 4 {
            return Err(IllegalThrow::WrongCount {
                expected: 4,
                got: faces.len(),
            });
        }
        if let Some(&face) = faces.iter().find(|&&f| f > 1) {
            return Err(IllegalThrow::FaceOutOfRange {
                die: Die::Stick,
                face,
            });
        }
        let n = throw_value(&throw);
        if self.black_seat.is_none() {
            if n != 1 {
                // Deciding who starts: one throw each, in turn, until someone throws a 1.
                self.phase = Phase::Throw {
                    player: player.opponent(),
                };
                return Ok(ThrowEffect::Decided);
            }
            self.black_seat = Some(player);
            self.phase = Phase::Opening { player };
            return Ok(ThrowEffect::Move);
        }
        self.throws.add(n);
        if grants_another_throw(n) {
            // All throws are made before moving: a 1, 4 or 5 is kept for later.
            return Ok(ThrowEffect::Kept);
        }
        if self.white_waits && self.colour_of(player) == Some(Colour::White) {
            if !self.throws.has(1) {
                self.phase = self.end_turn(player);
                return Ok(ThrowEffect::NoMove);
            }
            self.white_waits = false;
        }
        if self.for_each_move(player, |_| {}) == 0 {
            self.phase = self.end_turn(player);
            return Ok(ThrowEffect::NoMove);
        }
        self.phase = Phase::Move { player };
        Ok(ThrowEffect::Move)
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Opening { .. } => out.push(self.opening_move()),
            Phase::Move { player } => {
                self.for_each_move(player, |m| out.push(m));
            }
            _ => {}
        }
    }

    fn breakdown(&self) -> Option<Breakdown> {
        match self.phase {
            Phase::Over { winner, .. } => Some(discs::row_breakdown(self.loser_pieces(winner))),
            _ => None,
        }
    }

    fn throw_value(throw: &Throw) -> Option<u8> {
        Some(throw_value(throw))
    }

    fn why_illegal(&self, mv: Move) -> IllegalMove {
        let Some((player, opening)) = self.due() else {
            return match self.phase {
                Phase::Over { .. } => IllegalMove::GameOver,
                _ => IllegalMove::MustThrowFirst,
            };
        };
        let (own, opp, guard) = self.sides_of(player);
        let (s, d, n) = match mv {
            // A pass is refused only where a piece must move.
            Move::Pass => return IllegalMove::NotLegal,
            Move::Back { to } => {
                return if own & WATER_BIT == 0 {
                    IllegalMove::NoSuchPiece
                } else if opening {
                    IllegalMove::MustMoveForcedPiece
                } else if to != rescue_square(own | opp) {
                    IllegalMove::NoSuchDie
                } else {
                    IllegalMove::NotLegal
                };
            }
            Move::Piece { from, to, throw } => (from, to, throw),
        };
        if !(1..=30).contains(&s) || !(1..=OFF).contains(&d) || s == d || !(1..=5).contains(&n) {
            return IllegalMove::Malformed;
        }
        if own & bit(s) == 0 {
            return IllegalMove::NoSuchPiece;
        }
        if opening {
            return if mv == self.opening_move() {
                IllegalMove::NotLegal
            } else {
                IllegalMove::MustMoveForcedPiece
            };
        }
        if (own & WATER_BIT != 0 && s != WATER) || self.movable(player, own) & bit(s) == 0 {
            return IllegalMove::MustMoveForcedPiece;
        }
        if !self.throws.has(n) {
            return IllegalMove::NoSuchDie;
        }
        if s == WATER {
            return if d != OFF || n != 4 {
                IllegalMove::NoSuchDie
            } else {
                // The only refusal of a 4 bearing off: home_row forbids it.
                IllegalMove::CannotBearOff
            };
        }
        if d < s {
            if s - d != n {
                return IllegalMove::NoSuchDie;
            }
            if s > HAPPINESS || self.has_forward(player, n) {
                return IllegalMove::NoBackward;
            }
            if own & bit(d) != 0 {
                return IllegalMove::OccupiedByOwn;
            }
            if opp & bit(d) != 0 {
                return IllegalMove::Protected;
            }
            return IllegalMove::NotLegal;
        }
        self.why_not_forward(own, opp, guard, s, d, n)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Some((player, opening)) = self.due() else {
            return;
        };
        let (mine, theirs) = (player.index(), player.opponent().index());
        // `throw`: the throw the move uses; none for going back from the water.
        let (s, d, throw) = match mv {
            Move::Pass => {
                self.phase = self.end_turn(player);
                return;
            }
            Move::Back { to } => (WATER, to, None),
            Move::Piece { from, to, throw } => (from, to, Some(throw)),
        };
        let black = self.black_seat == Some(player);
        let (mut own, mut opp) = self.colour_bits(player);
        if self.held[mine] == s {
            self.held[mine] = 0;
        }
        own &= !bit(s);
        if d != OFF {
            own |= bit(d);
            if opp & bit(d) != 0 {
                // The lone piece takes the mover's place; one attacked on 28 to 30 from the
                // House of Happiness goes on into the water.
                let into_water = s == HAPPINESS && d > WATER;
                if self.held[theirs] == d || into_water {
                    // The held piece sent away from where it came back, or another piece
                    // of its owner's now in the water (the one bound from now on): the
                    // hold ends.
                    self.held[theirs] = 0;
                }
                opp &= !bit(d);
                opp |= if into_water { WATER_BIT } else { bit(s) };
            }
        }
        if black {
            (self.black, self.white) = (own, opp);
        } else {
            (self.white, self.black) = (own, opp);
        }
        self.phase = if own == 0 {
            self.over(player, EndReason::Completed)
        } else if opening {
            // The opening used the deciding 1, which throws again.
            Phase::Throw { player }
        } else if let Some(throw) = throw {
            self.throws.take(throw);
            if self.for_each_move(player, |_| {}) == 0 {
                // Every throw used, or none of those left can move a piece.
                self.end_turn(player)
            } else {
                Phase::Move { player }
            }
        } else {
            // Back from the water: the piece is held where it lands, the turn ends and the
            // player loses the next one.
            self.held[mine] = d;
            self.loses_turn[mine] = true;
            self.end_turn(player)
        };
    }

    fn concede(&mut self, player: Player, how: Concession) -> Result<(), IllegalMove> {
        if matches!(self.phase, Phase::Over { .. }) {
            return Err(IllegalMove::GameOver);
        }
        if player.index() >= 2 {
            return Err(IllegalMove::NotYourTurn);
        }
        self.phase = self.over(player.opponent(), how.into());
        Ok(())
    }

    fn to_notation(&self) -> String {
        let mut s = String::with_capacity(48);
        discs::write_squares_and_seats(&mut s, self.white, self.black, 0, self.black_seat);
        match self.phase {
            Phase::Throw { player } if self.throws.is_empty() => s.push_str(&format!("t{player}")),
            Phase::Throw { player } => {
                s.push_str(&format!("t{player}:{}", self.throws.digits()));
            }
            Phase::Opening { player } => s.push_str(&format!("o{player}")),
            Phase::Move { player } => {
                s.push_str(&format!("m{player}:{}", self.throws.digits()));
            }
            Phase::Over { winner, reason } => {
                let k = match reason {
                    EndReason::Resigned => 'r',
                    EndReason::Timeout => 'x',
                    _ => 'w',
                };
                s.push_str(&format!("{k}{winner}"));
            }
        }
        let o = self.options;
        s.push(' ');
        s.push(if o.five_pieces { '5' } else { '7' });
        if o.starting_throw {
            s.push(if self.white_waits { 's' } else { 'S' });
        }
        if o.trap {
            s.push('t');
        }
        if o.home_row {
            s.push('h');
        }
        let mut marks = Vec::new();
        for player in [Player::One, Player::Two] {
            let i = player.index();
            if self.held[i] != 0 {
                marks.push(format!("h{player}:{}", self.held[i]));
            }
            if self.loses_turn[i] {
                marks.push(format!("l{player}"));
            }
        }
        if !marks.is_empty() {
            s.push(' ');
            s.push_str(&marks.join(","));
        }
        s
    }

    fn from_notation(text: &str) -> Result<Self, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (board, seats, state, rules, marks) = match words.as_slice() {
            [board, seats, state, rules] => (board, seats, state, rules, None),
            [board, seats, state, rules, marks] => (board, seats, state, rules, Some(*marks)),
            _ => {
                return Err(ParseError::new(format!(
                    "a kendall position is BOARD SEATS STATE RULES [MARKS], got {text:?}"
                )));
            }
        };
        let (options, white_waits) = Kendall::parse_rules(rules)?;
        let (phase, throws) = Kendall::parse_phase(state)?;
        let mut g = Kendall {
            white: 0,
            black: 0,
            black_seat: None,
            white_waits,
            options,
            phase,
            throws,
            held: [0; 2],
            loses_turn: [false; 2],
        };
        if let Some(marks) = marks {
            g.parse_marks(marks)?;
        }
        (g.white, g.black, _) = discs::read_squares(board, false)?;
        g.black_seat = discs::read_seats(seats)?;
        g.check_invariants().map_err(ParseError::new)?;
        Ok(g)
    }

    fn check_invariants(&self) -> Result<(), String> {
        discs::check_squares(self.white, self.black, self.black_seat)?;
        let pieces = self.options.pieces();
        let (w, b) = (self.white.count_ones(), self.black.count_ones());
        if w > pieces || b > pieces {
            return Err(format!(
                "more than {pieces} pieces of a colour: {w} white, {b} black"
            ));
        }
        if self.white_waits && !self.options.starting_throw {
            return Err("white waits for a 1 only with the starting throw".into());
        }
        if self.black_seat.is_none() {
            if !self.at_start() {
                return Err("before anyone has thrown a 1 the board must be the start".into());
            }
            if self.white_waits != self.options.starting_throw {
                return Err("white has not thrown before the first 1".into());
            }
            if matches!(self.phase, Phase::Move { .. } | Phase::Opening { .. }) {
                return Err("no move before anyone has thrown a 1".into());
            }
        }
        let over = matches!(self.phase, Phase::Over { .. });
        if !over && (w == 0 || b == 0) {
            return Err("a side has borne off every piece but the game is not over".into());
        }
        let kept = self.throws.all();
        match self.phase {
            Phase::Throw { .. } if kept.iter().any(|&n| !grants_another_throw(n)) => {
                return Err("only throws of 1, 4 and 5 are kept while throwing".into());
            }
            Phase::Move { .. }
                if kept.iter().filter(|&&n| !grants_another_throw(n)).count() > 1 =>
            {
                return Err("a turn's throws end with one 2 or 3".into());
            }
            Phase::Opening { .. } | Phase::Over { .. } if !kept.is_empty() => {
                return Err("no throws are kept at the opening or after the game".into());
            }
            _ => {}
        }
        if self.black_seat.is_none() && !kept.is_empty() {
            return Err("no throws are kept before anyone has thrown a 1".into());
        }
        for player in [Player::One, Player::Two] {
            let i = player.index();
            let held = self.held[i];
            if held == 0 && !self.loses_turn[i] {
                continue;
            }
            if self.black_seat.is_none() || over {
                return Err("a held piece or a lost turn only while a game is played".into());
            }
            let own = self.colour_bits(player).0;
            if held != 0 && (held > REBIRTH || own & bit(held) == 0 || own & WATER_BIT != 0) {
                return Err(format!(
                    "player {player}'s held piece must be its own, on 1 to 15, with none in the water"
                ));
            }
            let to_play = match self.phase {
                Phase::Throw { player }
                | Phase::Move { player, .. }
                | Phase::Opening { player } => Some(player),
                Phase::Over { .. } => None,
            };
            if self.loses_turn[i] && to_play == Some(player) {
                return Err(format!("player {player} loses this turn but is to play"));
            }
        }
        match self.phase {
            Phase::Throw { player } if player.index() >= 2 => {
                return Err("only players 1 and 2 play".into());
            }
            Phase::Opening { player } => {
                if self.black_seat != Some(player) || !self.at_start() {
                    return Err("the opening is black's, from the starting position".into());
                }
            }
            Phase::Move { player } => {
                if player.index() >= 2 {
                    return Err("only players 1 and 2 play".into());
                }
                if self.throws.is_empty() {
                    return Err("a move is due but no throw is left".into());
                }
                if self.white_waits && self.colour_of(player) == Some(Colour::White) {
                    return Err("white moves nothing before its first 1".into());
                }
                if self.for_each_move(player, |_| {}) == 0 {
                    return Err("a move is due but none is possible".into());
                }
            }
            Phase::Over { winner, reason } => {
                if winner.index() >= 2 {
                    return Err("only players 1 and 2 play".into());
                }
                if reason == EndReason::Completed
                    && (self.black_seat.is_none() || self.colour_bits(winner).0 != 0)
                {
                    return Err("the winner by bearing off still has pieces on the board".into());
                }
                if !(reason == EndReason::Completed || reason.is_concession()) {
                    return Err("a kendall game ends by bearing off, resignation or time".into());
                }
            }
            Phase::Throw { .. } => {}
        }
        Ok(())
    }
}

impl Layout for Kendall {
    fn placement(&self) -> Placement {
        let mut p = Placement::default();
        for (colour, bits, kind) in [
            (Colour::White, self.white, PieceKind::White),
            (Colour::Black, self.black, PieceKind::Black),
        ] {
            let piece = Piece {
                owner: self.seat_of(colour),
                kind,
            };
            for sq in 1..=30u8 {
                if bits & bit(sq) != 0 {
                    p.put(geometry::track(sq), piece);
                }
            }
            for _ in bits.count_ones()..self.options.pieces() {
                p.put(Place::Off, piece);
            }
        }
        p.normalise();
        p
    }

    fn candidate_moves(&self, mut f: impl FnMut(Place, Move)) {
        let Some((player, opening)) = self.due() else {
            return;
        };
        let throws: Vec<u8> = if opening {
            vec![1]
        } else {
            self.throws.values().collect()
        };
        let mut own = self.colour_bits(player).0;
        while own != 0 {
            let s = own.trailing_zeros() as u8;
            own &= own - 1;
            let place = geometry::track(s);
            if s == WATER {
                f(
                    place,
                    Move::Back {
                        to: rescue_square(self.white | self.black),
                    },
                );
                if self.throws.has(4) {
                    f(place, Move::by(WATER, OFF, 4));
                }
                continue;
            }
            for &n in &throws {
                let forward = match s {
                    HAPPINESS if n == 5 => OFF,
                    28..=30 => OFF,
                    _ if s < HAPPINESS && s + n > HAPPINESS && self.options.trap => WATER,
                    _ => (s + n).min(OFF),
                };
                f(place, Move::by(s, forward, n));
                if s > n && s <= HAPPINESS {
                    f(place, Move::by(s, s - n, n));
                }
            }
        }
    }

    fn geometry_unchecked(&self, mv: Move) -> Geometry {
        let Some((player, _)) = self.due() else {
            return Geometry::default();
        };
        let (from, to_square, dice) = match mv {
            Move::Pass => return Geometry::default(),
            // Going back ends the turn: it spends every throw left.
            Move::Back { to } => (WATER, to, self.throws.all().into_iter().collect()),
            Move::Piece { from, to, throw } => (from, to, smallvec::smallvec![throw]),
        };
        let (kind, other) = if self.black_seat == Some(player) {
            (PieceKind::Black, PieceKind::White)
        } else {
            (PieceKind::White, PieceKind::Black)
        };
        let opp = self.colour_bits(player).1;
        let to = if to_square == OFF {
            Place::Off
        } else {
            geometry::track(to_square)
        };
        let step = geometry::mover_step(player, geometry::track(from), to, kind, dice);
        let mut steps = smallvec::smallvec![step];
        if to_square != OFF && opp & bit(to_square) != 0 {
            let back = if from == HAPPINESS && to_square > WATER {
                WATER
            } else {
                from
            };
            steps.push(geometry::caused_step(
                StepKind::SentBack,
                player.opponent(),
                to,
                geometry::track(back),
                other,
            ));
        }
        Geometry {
            steps,
            coaster: None,
        }
    }
}

impl Ruleset for Kendall {
    const ID: &'static str = "kendall";
    const NAME: &'static str = "Kendall's Senet (1978)";
    const PLAYER_RANGE: (u8, u8) = (2, 2);
    const OPTIONS: &'static [&'static str] = &["five_pieces", "starting_throw", "trap", "home_row"];
    const THROW: ThrowSpec = ThrowSpec::FOUR_STICKS;
    const BOARD: BoardKind = BoardKind::Track30;
    const POSITION_NOTATION: PositionNotation = PositionNotation::TrackDiscs;
    const MOVE_NOTATION: &'static str = "FROM-TO (14-15), FROM-off (26-off), with /N for the throw where the squares do not say it (30-off/2), or pass";
    const SUMMARY: &'static str = "Seven pieces each (five with that option) on the Z-shaped \
        track of 30 squares, and four throwing sticks (1 to 4, or 5 when none counts). The \
        first to throw a 1 plays black and opens by moving the front piece one square. All \
        throws are made before moving: a 1, 4 or 5 throws again, and after a 2 or 3 the \
        player plays each throw with one piece, in any order. A piece that lands on a lone opposing piece swaps places \
        with it; two of a colour side by side protect each other. Every piece must stop \
        exactly on square 26; from there a 1 falls into the water (27), 2 to 4 go to 28 to \
        30, 5 bears off. A piece on 28 leaves with a 3, on 29 with a 2, on 30 with any \
        throw; bearing off is never required. A piece in the water is the only one its owner \
        moves: it stays (ending the turn), bears off with a 4, or goes back to square 15 (or \
        the nearest empty square before it), which ends the turn and loses the next; until it moves on, it \
        stays the only piece its owner moves and its owner's pairs protect nothing. A throw \
        that moves no piece forward must move one backward. The first to bear off every piece \
        wins.";
    const PIECE: PieceNoun = PieceNoun::Piece;
    const SPECIAL_SQUARES: &'static [SpecialSquare] = &[
        SpecialSquare {
            place: track_square(REBIRTH),
            mark: "↺",
            name: "House of Rebirth",
            rule: "A piece rescued from the water comes back here (or to the nearest empty \
                   square before it), and is the only piece its owner may move until it moves \
                   on.",
            kind: SquareKind::Rebirth,
        },
        SpecialSquare {
            place: track_square(HAPPINESS),
            mark: "☥",
            name: "House of Happiness",
            rule: "Every piece must stop here by an exact throw; from here a 5 bears off.",
            kind: SquareKind::BearOff,
        },
        SpecialSquare {
            place: track_square(WATER),
            mark: "≈",
            name: "House of Water",
            rule: "A piece here is the only one its owner may move. Its owner may leave it \
                   here (a pass, ending the turn), bear it off with a 4, or bring it back to \
                   square 15 (or the nearest empty square before it), which ends the turn and \
                   loses the next.",
            kind: SquareKind::Trap,
        },
        SpecialSquare {
            place: track_square(28),
            mark: "III",
            name: "House of Three Truths",
            rule: "A piece here leaves the board with a throw of 3, and with nothing else.",
            kind: SquareKind::BearOff,
        },
        SpecialSquare {
            place: track_square(29),
            mark: "II",
            name: "House of Re-Atoum",
            rule: "A piece here leaves the board with a throw of 2, and with nothing else.",
            kind: SquareKind::BearOff,
        },
        SpecialSquare {
            place: track_square(30),
            mark: "☼",
            name: "House of Horus",
            rule: "A piece here leaves the board with any throw.",
            kind: SquareKind::BearOff,
        },
    ];

    fn own_words(reason: IllegalMove) -> Option<&'static str> {
        match reason {
            IllegalMove::MustMoveForcedPiece => Some(
                "Another piece must move: the front piece on the opening 1, your piece in the \
                 water, or your piece back from the water until it moves on.",
            ),
            IllegalMove::OffPath => Some(
                "A piece must stop exactly on square 26 before going on, and leaves 28 to 30 \
                 only by bearing off.",
            ),
            IllegalMove::Protected => {
                Some("That piece has one of its colour beside it: they protect each other.")
            }
            IllegalMove::Blocked => Some("The water already holds a piece."),
            IllegalMove::CannotBearOff => {
                Some("You may bear off only once none of your pieces is on the first row.")
            }
            IllegalMove::NoBackward => Some(
                "A piece moves backward only when none of yours can move forward, and never \
                 from 27 to 30.",
            ),
            IllegalMove::NoSuchDie => Some(
                "The sticks do not move that piece so: 26 bears off with a 5, the water with a \
                 4, 28 with a 3, 29 with a 2.",
            ),
            _ => None,
        }
    }

    /// `black` and `white` once someone has thrown the first 1, `None` before.
    fn sides(&self) -> Vec<Option<&'static str>> {
        discs::sides(self.black_seat)
    }

    /// The pieces of each colour borne off, and whether white still needs its first 1:
    /// `borne off: white 2, black 0`.
    fn notes(&self) -> Vec<Note> {
        let off = |bits: u32| self.options.pieces() - (bits & BOARD_MASK).count_ones();
        let mut notes = vec![Note::BorneOff {
            sides: vec![
                SideCount::new("white", off(self.white)),
                SideCount::new("black", off(self.black)),
            ],
        }];
        if self.white_waits {
            notes.push(Note::NeedsOne {
                side: Cow::Borrowed("white"),
            });
        }
        match self.phase {
            Phase::Move { .. } => notes.push(Note::ThrowsToPlay {
                throws: self.throws.all(),
            }),
            Phase::Throw { .. } if !self.throws.is_empty() => notes.push(Note::ThrowsKept {
                throws: self.throws.all(),
            }),
            _ => {}
        }
        for player in [Player::One, Player::Two] {
            let i = player.index();
            let side = Cow::Borrowed(match self.colour_of(player) {
                Some(Colour::Black) => "black",
                _ => "white",
            });
            if self.held[i] != 0 {
                notes.push(Note::BackFromWater {
                    side: side.clone(),
                    square: self.held[i],
                });
            }
            if self.loses_turn[i] {
                notes.push(Note::LosesTurn { side });
            }
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rescue_square_is_15_or_the_nearest_empty_one_before_it() {
        assert_eq!(rescue_square(0), 15);
        assert_eq!(rescue_square(bit(15) | bit(27)), 14);
        assert_eq!(rescue_square(bit(15) | bit(14) | bit(13) | bit(16)), 12);
        assert_eq!(rescue_square((bit(16) - 2) & !bit(1)), 1);
    }

    #[test]
    fn throw_table_matches_the_sticks() {
        let mut counts = [0u8; 7];
        for t in ThrowSpec::FOUR_STICKS.all_throws() {
            counts[usize::from(throw_value(&t))] += 1;
        }
        for (v, c) in THROW_TABLE {
            assert_eq!(counts[usize::from(v)], c, "value {v}");
        }
        assert_eq!(counts[0] + counts[6], 0);
    }

    #[test]
    fn start_and_notation_round_trip() {
        let g = Kendall::new(Setup::default()).unwrap();
        assert_eq!(g.to_notation(), "WBWBWBWBWBWBWB................ b- t1 7");
        assert_eq!(Kendall::from_notation(&g.to_notation()).unwrap(), g);
        let all = Setup {
            five_pieces: true,
            starting_throw: true,
            trap: true,
            home_row: true,
            ..Setup::default()
        };
        let g = Kendall::new(all).unwrap();
        assert_eq!(g.to_notation(), "WBWBWBWBWB.................... b- t1 5sth");
        assert_eq!(Kendall::from_notation(&g.to_notation()).unwrap(), g);
        assert!(Kendall::new(Setup::players(3)).is_err());
    }

    #[test]
    fn bad_positions_are_refused() {
        for bad in [
            "WBWBWBWBWBWBWB................ b- m1:1 7",
            "WBWBWBWBWBWBWB................ b- o1 7",
            "WBWBWBWBWBWBW.B............... b1 o1 7",
            "W.........B................... b- t1 7",
            "W.........B................... b1 t1 7Ss",
            "W.........B................... b1 t1 7ts",
            "W.........B................... b1 t1 6",
            "W.........B................... b1 w1 7",
            "W.........B.................. b1 t1 7",
            "W.........B................... b1 t1",
            "WWWWWWWW..B................... b1 t1 7",
            "WWWWWWW...B................... b1 t1 5",
            "W.........X................... b1 t1 7",
        ] {
            assert!(Kendall::from_notation(bad).is_err(), "{bad}");
        }
        assert!(Kendall::from_notation("W.........B................... b1 t1 5S").is_ok());
    }

    #[test]
    fn garbage_moves_do_not_panic() {
        for pos in [
            "W.........B..............WBWBW b2 m1:3 7",
            "WBWBWBWBWBWBWB................ b1 o1 7",
            "W.........B...............B... b1 m2:4 5th",
        ] {
            let g = Kendall::from_notation(pos).unwrap();
            for from in 0..=40 {
                for to in 0..=40 {
                    let _ = g.why_illegal(Move::new(from, to));
                    let mut h = g.clone();
                    let _ = h.play(Player::One, Move::new(from, to));
                }
            }
        }
    }

    /// Random games under every combination of options: every position is consistent and
    /// round-trips, every candidate move that is refused has a precise reason.
    #[test]
    fn random_games_under_every_option() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut finished = 0;
        for k in 0..64u32 {
            let setup = Setup {
                five_pieces: k & 1 != 0,
                starting_throw: k & 2 != 0,
                trap: k & 4 != 0,
                home_row: k & 8 != 0,
                ..Setup::default()
            };
            let mut g = Kendall::new(setup).unwrap();
            for _ in 0..20_000 {
                match g.status() {
                    Status::Over(_) => {
                        finished += 1;
                        break;
                    }
                    Status::Throw { .. } => {
                        let faces: Vec<u8> = (0..4).map(|_| (next() & 1) as u8).collect();
                        g.throw(Throw::new(ThrowSpec::FOUR_STICKS, &faces).unwrap())
                            .unwrap();
                    }
                    Status::Move { player } => {
                        let legal = g.legal_moves();
                        assert!(!legal.is_empty(), "{}", g.to_notation());
                        g.candidate_moves(|_, m| {
                            if !legal.contains(&m) {
                                assert_ne!(
                                    g.why_illegal(m),
                                    IllegalMove::NotLegal,
                                    "{m} in {}",
                                    g.to_notation()
                                );
                            }
                        });
                        // A pass moves no piece: it is no candidate of a place.
                        for &m in legal.iter().filter(|&&m| m != Move::Pass) {
                            let mut found = false;
                            g.candidate_moves(|_, c| found |= c == m);
                            assert!(found, "{m} not a candidate in {}", g.to_notation());
                        }
                        let m = legal[(next() % legal.len() as u64) as usize];
                        g.play(player, m).unwrap();
                        g.check_invariants().unwrap();
                        assert_eq!(Kendall::from_notation(&g.to_notation()).unwrap(), g);
                    }
                }
            }
        }
        assert!(finished >= 60, "only {finished} of 64 games finished");
    }

    #[test]
    fn throws_report_their_effect_and_bad_throws_change_nothing() {
        let sticks = |f: &[u8]| Throw::new(ThrowSpec::FOUR_STICKS, f).unwrap();
        let mut g = Kendall::new(Setup::default()).unwrap();
        assert_eq!(g.throw(sticks(&[1, 1, 0, 0])), Ok(ThrowEffect::Decided));
        let before = g.clone();
        assert!(g.throw(Throw::from_faces(&[1, 0]).unwrap()).is_err());
        assert!(g.throw(Throw::from_faces(&[1, 0, 2, 0]).unwrap()).is_err());
        assert_eq!(g, before);
        assert_eq!(g.throw(sticks(&[0, 0, 1, 0])), Ok(ThrowEffect::Move));
        assert_eq!(g.black_seat(), Some(Player::Two));
        assert_eq!(g.legal_moves(), vec![Move::new(14, 15)]);
        assert_eq!(
            g.why_illegal(Move::new(12, 13)),
            IllegalMove::MustMoveForcedPiece
        );
    }
}
