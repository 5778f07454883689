//! `pyramid`: Pyramid Senet by Peter Aronson.
//!
//! Two players, ten Icehouse pyramids each (two large, three medium, five small), the
//! 30-square S track of [`crate::board30`], two four-sided dice. Captured pyramids leave the
//! game; two neighbours of a colour are safe, three make a blockade; the last five squares are
//! the Ankh (26) and the numbered squares X, III, II, I (27–30), from which a pyramid bears
//! off only with that exact number. The winner is the side that bore off more points
//! (large 4, medium 3, small 2). The full reading of the source, every decision on its
//! ambiguities, and the notation are in `docs/rules/pyramid.md`.
//!
//! The position is a handful of bitboards (bit `n - 1` is square `n`), so move generation
//! is a few shifts and masks and never allocates.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::geometry::{self, Geometry, Layout, Piece, PieceKind, Place, Placement, StepKind};
use crate::mechanics;
use crate::notation::{self, To};
use crate::notes::{Note, SideSizes};
use crate::ruleset::track_square;
use crate::scoring::{Breakdown, ScoreLabel, Whose};
use crate::stuck::PieceNoun;
use crate::{
    BoardKind, Concession, EndReason, IllegalMove, IllegalThrow, Outcome, ParseError, Player,
    PositionNotation, RemainingDice, Rules, Ruleset, Setup, SetupError, SpecialSquare, SquareKind,
    Status, Throw, ThrowEffect, ThrowSpec, Variant,
};

/// The Ankh square (the fifth square from the end).
pub const ANKH: u8 = 26;
/// The destination written for a bear-off (`27-off`); one past the last square.
pub const OFF: u8 = 31;
/// After this many roll-off ties in a row, seat 1 wins the roll-off (a guard, not a rule of
/// the source).
pub const ROLL_OFF_TIE_LIMIT: u8 = 10;
/// After this many consecutive turns without a move, the game ends with
/// [`EndReason::MoveLimit`] (a guard, not a rule of the source).
pub const PASS_LIMIT: u8 = 60;

/// The probability table of a two-dice throw, unordered: `(high, low, sixteenths)`.
/// Both dice are fair d4s, so a double has probability 1/16 and any other pair 2/16. The
/// single die of black's first turn is 1/4 for each face.
pub const THROW_TABLE: [(u8, u8, u8); 10] = [
    (1, 1, 1),
    (2, 1, 2),
    (2, 2, 1),
    (3, 1, 2),
    (3, 2, 2),
    (3, 3, 1),
    (4, 1, 2),
    (4, 2, 2),
    (4, 3, 2),
    (4, 4, 1),
];

const ALL: u32 = (1 << 30) - 1;
/// Squares 26–30: the five marked squares, where a pyramid is always safe.
const SAFE: u32 = 0b11111 << 25;
const ANKH_BIT: u32 = 1 << 25;
/// Squares 27–30: X (4), III (3), II (2), I (1).
const NUMBERED: u32 = 0b1111 << 26;

const fn bit(square: u8) -> u32 {
    1 << (square - 1)
}

/// The numbered square a die of `d` bears off from: X (27) for 4 ... I (30) for 1.
const fn bear_off_square(d: u8) -> u8 {
    OFF - d
}

/// Pieces of `side` that the other side may not land on: next to one of their own along
/// the track, or on one of the five marked squares.
const fn protected(side: u32) -> u32 {
    side & (((side << 1) | (side >> 1)) & ALL | SAFE)
}

/// Every square of a run of three or more pieces of `side`.
const fn blockade(side: u32) -> u32 {
    let t = side & (side >> 1) & (side >> 2);
    t | (t << 1) | (t << 2)
}

/// Squares (as bits) from which a pyramid of `own` can make an ordinary move of `d` squares
/// against `opp`: not from a numbered square, not onto its own colour, not onto a
/// protected enemy, not past an enemy blockade.
fn movers(own: u32, opp: u32, d: u8) -> u32 {
    let d = u32::from(d);
    let bad = own | protected(opp);
    let mut ok = own & !NUMBERED & !(bad >> d) & (ALL >> d);
    let blk = blockade(opp);
    if blk != 0 {
        for k in 1..d {
            ok &= !(blk >> k);
        }
    }
    ok
}

/// True if `own` has any step (bear-off or ordinary move) with a die of `d`.
fn can_use(own: u32, opp: u32, d: u8) -> bool {
    own & bit(bear_off_square(d)) != 0 || movers(own, opp, d) != 0
}

/// A side of the board. Black starts on square 1 and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Black: squares 1, 3, ..., 19 at the start; plays the single-die first turn.
    Black,
    /// White: squares 2, 4, ..., 20 at the start.
    White,
}

impl Colour {
    const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    const fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }
}

/// The size of a pyramid, which is also what it scores when borne off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    /// 4 points; two per side, starting on squares 1–4.
    Large,
    /// 3 points; three per side, starting on squares 5–10.
    Medium,
    /// 2 points; five per side, starting on squares 11–20.
    Small,
}

impl Size {
    /// All sizes, largest first.
    pub const ALL: [Size; 3] = [Size::Large, Size::Medium, Size::Small];

    /// Points scored when a pyramid of this size is borne off.
    pub const fn points(self) -> u32 {
        match self {
            Size::Large => 4,
            Size::Medium => 3,
            Size::Small => 2,
        }
    }

    /// How many pyramids of this size each side has.
    pub const fn count(self) -> u8 {
        match self {
            Size::Large => 2,
            Size::Medium => 3,
            Size::Small => 5,
        }
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// Notation letter for black (uppercase) or white (lowercase).
    const fn letter(self, colour: Colour) -> char {
        let c = match self {
            Size::Large => 'L',
            Size::Medium => 'M',
            Size::Small => 'S',
        };
        match colour {
            Colour::Black => c,
            Colour::White => c.to_ascii_lowercase(),
        }
    }

    fn from_letter(c: char) -> Option<(Colour, Size)> {
        let size = match c.to_ascii_uppercase() {
            'L' => Size::Large,
            'M' => Size::Medium,
            'S' => Size::Small,
            _ => return None,
        };
        let colour = if c.is_ascii_uppercase() {
            Colour::Black
        } else {
            Colour::White
        };
        Some((colour, size))
    }
}

/// One step of a `pyramid` turn.
///
/// Notation: `FROM-TO` (`19-21`), `FROM-off` for a bear-off (`27-off`), and `black` /
/// `white` for the roll-off winner's choice of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Move the pyramid on square `from` to square `to` (1–30), or off the board when `to`
    /// is [`OFF`]. The distance is the die used.
    Step {
        /// Starting square, 1–30.
        from: u8,
        /// Destination square, 1–30, or [`OFF`] (31) for a bear-off.
        to: u8,
    },
    /// The roll-off winner plays black and goes first.
    Black,
    /// The roll-off winner plays white and goes second.
    White,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Step { from, to } => notation::write_from_to(f, from, (to != OFF).then_some(to)),
            Move::Black => f.write_str("black"),
            Move::White => f.write_str("white"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        match s {
            "black" => return Ok(Move::Black),
            "white" => return Ok(Move::White),
            _ => {}
        }
        let bad = || ParseError::new(format!("not a pyramid move: {s:?}"));
        let (from, to) = notation::parse_from_to(s).ok_or_else(bad)?;
        let (to, off) = match to {
            To::Off => (OFF, true),
            To::Square(t) => (t, false),
        };
        if !(1..=30).contains(&from) || !(1..=OFF).contains(&to) || (!off && to == OFF) {
            return Err(bad());
        }
        Ok(Move::Step { from, to })
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// `seat` rolls 2d4 to decide who chooses; `first` is seat 1's total once it has rolled.
    RollOff { seat: Player, first: u8 },
    /// `seat` won the roll-off and picks a colour.
    Choose { seat: Player },
    /// `colour` must throw; `first` is black's single-die first turn.
    Throw { colour: Colour, first: bool },
    /// `colour` moves with the dice left.
    Move { colour: Colour },
    /// Over.
    Over(Outcome),
}

/// A game of Pyramid Senet. Serialised as its notation (see `docs/rules/pyramid.md`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pyramid {
    /// Pieces by colour, bit `n - 1` for square `n`.
    men: [u32; 2],
    /// Squares holding a large pyramid (either colour).
    large: u32,
    /// Squares holding a medium pyramid (either colour).
    medium: u32,
    /// Pyramids borne off, by colour and size.
    off: [[u8; 3]; 2],
    /// Dice left in the turn, highest first.
    dice: RemainingDice,
    phase: Phase,
    /// The seat playing black (seat 1 until the colours are chosen).
    black_seat: Player,
    /// Roll-off ties so far.
    ties: u8,
    /// Consecutive turns that passed without a move.
    passes: u8,
}

impl Pyramid {
    /// The seat that plays `colour` (meaningful once colours are chosen).
    pub fn seat(&self, colour: Colour) -> Player {
        match colour {
            Colour::Black => self.black_seat,
            Colour::White => self.black_seat.opponent(),
        }
    }

    /// The colour `player` plays, once the roll-off winner has chosen.
    pub fn colour_of(&self, player: Player) -> Option<Colour> {
        match self.phase {
            Phase::RollOff { .. } | Phase::Choose { .. } => None,
            _ if player == self.black_seat => Some(Colour::Black),
            _ => Some(Colour::White),
        }
    }

    /// The pyramid on square `n` (1–30), if any.
    pub fn piece_at(&self, n: u8) -> Option<(Colour, Size)> {
        if !(1..=30).contains(&n) {
            return None;
        }
        let b = bit(n);
        let colour = if self.men[0] & b != 0 {
            Colour::Black
        } else if self.men[1] & b != 0 {
            Colour::White
        } else {
            return None;
        };
        Some((colour, self.size_at(b)))
    }

    /// Pyramids of `colour` borne off, as counts of large, medium and small.
    pub fn borne_off(&self, colour: Colour) -> [u8; 3] {
        self.off[colour.index()]
    }

    /// Points `colour` has borne off so far.
    pub fn points(&self, colour: Colour) -> u32 {
        Size::ALL
            .iter()
            .map(|s| u32::from(self.off[colour.index()][s.index()]) * s.points())
            .sum()
    }

    /// The dice left in the current turn, highest first (empty outside a move).
    pub fn dice(&self) -> &[u8] {
        self.dice.values()
    }

    /// How many of `colour`'s pyramids are on the board, per size (large, medium, small).
    fn on_board_by_size(&self, colour: Colour) -> [u32; 3] {
        let men = self.men[colour.index()];
        [
            (men & self.large).count_ones(),
            (men & self.medium).count_ones(),
            (men & !self.large & !self.medium).count_ones(),
        ]
    }

    fn size_at(&self, b: u32) -> Size {
        if self.large & b != 0 {
            Size::Large
        } else if self.medium & b != 0 {
            Size::Medium
        } else {
            Size::Small
        }
    }

    fn start() -> Pyramid {
        let mut g = Pyramid {
            men: [0; 2],
            large: 0,
            medium: 0,
            off: [[0; 3]; 2],
            dice: RemainingDice::NONE,
            phase: Phase::RollOff {
                seat: Player::One,
                first: 0,
            },
            black_seat: Player::One,
            ties: 0,
            passes: 0,
        };
        for n in 1..=20u8 {
            let b = bit(n);
            g.men[usize::from(n % 2 == 0)] |= b;
            if n <= 4 {
                g.large |= b;
            } else if n <= 10 {
                g.medium |= b;
            }
        }
        g
    }

    /// Appends the steps allowed by the order of obligations (bear-offs, then the Ankh,
    /// then anything), before the "use both dice" filter.
    fn candidates(&self, colour: Colour, out: &mut Vec<Move>) {
        let own = self.men[colour.index()];
        let opp = self.men[colour.other().index()];
        for d in self.dice.distinct() {
            let from = bear_off_square(d);
            if own & bit(from) != 0 {
                out.push(Move::Step { from, to: OFF });
            }
        }
        if !out.is_empty() {
            return;
        }
        if own & ANKH_BIT != 0 {
            for d in self.dice.distinct() {
                if movers(own, opp, d) & ANKH_BIT != 0 {
                    out.push(Move::Step {
                        from: ANKH,
                        to: ANKH + d,
                    });
                }
            }
            if !out.is_empty() {
                return;
            }
        }
        for d in self.dice.distinct() {
            let mut m = movers(own, opp, d);
            while m != 0 {
                let from = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                out.push(Move::Step { from, to: from + d });
            }
        }
    }

    /// With two dice left: true if, after `mv`, the other die can still be used.
    fn leaves_second_die(&self, colour: Colour, mv: Move) -> bool {
        let Move::Step { from, to } = mv else {
            return false;
        };
        let used = to - from;
        let v = self.dice.values();
        let other = if v[0] == used { v[1] } else { v[0] };
        let mut own = self.men[colour.index()] & !bit(from);
        let mut opp = self.men[colour.other().index()];
        if to != OFF {
            own |= bit(to);
            opp &= !bit(to);
        }
        if own == 0 || opp == 0 {
            // The step ends the game: the other die no longer matters.
            return true;
        }
        can_use(own, opp, other)
    }

    fn any_step(&self, colour: Colour) -> bool {
        let own = self.men[colour.index()];
        let opp = self.men[colour.other().index()];
        self.dice.distinct().any(|d| can_use(own, opp, d))
    }

    fn finish(&mut self, reason: EndReason, ender: Colour) {
        let (pb, pw) = (self.points(Colour::Black), self.points(Colour::White));
        let winner = if pb > pw {
            Colour::Black
        } else if pw > pb {
            Colour::White
        } else {
            ender
        };
        self.dice.clear();
        self.phase = Phase::Over(Outcome {
            winner: Some(self.seat(winner)),
            reason,
            points: self.points(winner),
        });
    }

    fn next_turn(&mut self, colour: Colour) {
        self.dice.clear();
        self.phase = Phase::Throw {
            colour: colour.other(),
            first: false,
        };
    }

    fn step_reason(&self, colour: Colour, from: u8, to: u8) -> IllegalMove {
        let own = self.men[colour.index()];
        let opp = self.men[colour.other().index()];
        if to == from {
            return IllegalMove::Malformed;
        }
        if to < from {
            return IllegalMove::NoBackward;
        }
        if own & bit(from) == 0 {
            return IllegalMove::NoSuchPiece;
        }
        let d = to - from;
        if NUMBERED & bit(from) != 0 {
            // "must remain on that square until they roll that square's number"
            return if to == OFF && self.dice.contains(d) {
                IllegalMove::NotLegal
            } else {
                IllegalMove::MustWait
            };
        }
        if to == OFF {
            return IllegalMove::CannotBearOff;
        }
        if !self.dice.contains(d) {
            return IllegalMove::NoSuchDie;
        }
        let tb = bit(to);
        if own & tb != 0 {
            return IllegalMove::OccupiedByOwn;
        }
        let between = (bit(to) - 1) & !((bit(from) << 1) - 1);
        if blockade(opp) & between != 0 {
            return IllegalMove::Blocked;
        }
        if protected(opp) & tb != 0 {
            return IllegalMove::Protected;
        }
        IllegalMove::NotLegal
    }
}

impl Rules for Pyramid {
    type Move = Move;
    const VARIANT: Variant = Variant::Pyramid;

    fn new(setup: Setup) -> Result<Self, SetupError> {
        Variant::Pyramid.check_players(setup.players)?;
        Ok(Pyramid::start())
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::RollOff { seat, .. } => Status::Throw {
                player: seat,
                spec: ThrowSpec::TWO_D4,
            },
            Phase::Choose { seat } => Status::Move { player: seat },
            Phase::Throw { colour, first } => Status::Throw {
                player: self.seat(colour),
                spec: if first {
                    ThrowSpec::ONE_D4
                } else {
                    ThrowSpec::TWO_D4
                },
            },
            Phase::Move { colour } => Status::Move {
                player: self.seat(colour),
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    fn players(&self) -> u8 {
        2
    }

    fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow> {
        match self.phase {
            Phase::RollOff { seat, first } => {
                throw.check(ThrowSpec::TWO_D4)?;
                let total = throw.sum();
                if seat == Player::One {
                    self.phase = Phase::RollOff {
                        seat: Player::Two,
                        first: total,
                    };
                } else if let Some(seat) = mechanics::roll_off_winner(first, total) {
                    self.ties = 0;
                    self.phase = Phase::Choose { seat };
                } else {
                    self.ties += 1;
                    self.phase = if self.ties >= ROLL_OFF_TIE_LIMIT {
                        self.ties = 0;
                        Phase::Choose { seat: Player::One }
                    } else {
                        Phase::RollOff {
                            seat: Player::One,
                            first: 0,
                        }
                    };
                }
                Ok(ThrowEffect::Decided)
            }
            Phase::Throw { colour, first } => {
                throw.check(if first {
                    ThrowSpec::ONE_D4
                } else {
                    ThrowSpec::TWO_D4
                })?;
                let f = throw.faces();
                self.dice = if f.len() == 2 && f[1] > f[0] {
                    RemainingDice::new(&[f[1], f[0]])
                } else {
                    RemainingDice::new(f)
                };
                self.phase = Phase::Move { colour };
                if self.any_step(colour) {
                    return Ok(ThrowEffect::Move);
                }
                self.passes += 1;
                if self.passes >= PASS_LIMIT {
                    self.finish(EndReason::MoveLimit, colour);
                } else {
                    self.next_turn(colour);
                }
                Ok(ThrowEffect::NoMove)
            }
            _ => Err(IllegalThrow::NotExpected),
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Choose { .. } => out.extend([Move::Black, Move::White]),
            Phase::Move { colour } => {
                self.candidates(colour, out);
                if self.dice.len() == 2 && out.len() > 1 {
                    let mut follows = 0u64;
                    for (i, &m) in out.iter().enumerate() {
                        if self.leaves_second_die(colour, m) {
                            follows |= 1 << i;
                        }
                    }
                    mechanics::keep_moves_using_both_dice(out, follows);
                }
            }
            _ => {}
        }
    }

    fn breakdown(&self) -> Option<Breakdown> {
        let Phase::Over(outcome) = self.phase else {
            return None;
        };
        let mut b = Breakdown::new(Whose::Winner);
        let Some(winner) = outcome.winner else {
            return Some(b);
        };
        // As `resign` and `finish` choose the winner's colour.
        let colour = if winner == self.black_seat {
            Colour::Black
        } else {
            Colour::White
        };
        let off = self.off[colour.index()];
        for (size, label) in Size::ALL.into_iter().zip([
            ScoreLabel::LargeBorneOff,
            ScoreLabel::MediumBorneOff,
            ScoreLabel::SmallBorneOff,
        ]) {
            b.add(label, u32::from(off[size.index()]), size.points());
        }
        if outcome.reason.is_concession() {
            // A resignation (or a loss on time) also gives the winner every pyramid it still has on the board.
            let on = self.on_board_by_size(colour);
            for (size, label) in Size::ALL.into_iter().zip([
                ScoreLabel::LargeOnBoard,
                ScoreLabel::MediumOnBoard,
                ScoreLabel::SmallOnBoard,
            ]) {
                b.add(label, on[size.index()], size.points());
            }
        }
        Some(b)
    }

    fn why_illegal(&self, mv: Move) -> IllegalMove {
        match (self.phase, mv) {
            (Phase::Over(_), _) => IllegalMove::GameOver,
            (Phase::RollOff { .. } | Phase::Throw { .. }, _) => IllegalMove::MustThrowFirst,
            (Phase::Choose { .. }, Move::Step { .. }) => IllegalMove::Malformed,
            (Phase::Choose { .. }, _) => IllegalMove::NotLegal,
            (Phase::Move { .. }, Move::Black | Move::White) => IllegalMove::Malformed,
            (Phase::Move { colour }, Move::Step { from, to }) => {
                let r = self.step_reason(colour, from, to);
                if r != IllegalMove::NotLegal {
                    return r;
                }
                // The step itself is possible: an obligation or the dice rule forbids it.
                let own = self.men[colour.index()];
                let opp = self.men[colour.other().index()];
                let bear_off_due = self
                    .dice
                    .distinct()
                    .any(|d| own & bit(bear_off_square(d)) != 0);
                if bear_off_due && to != OFF {
                    return IllegalMove::MustBearOffFirst;
                }
                let ankh_due = own & ANKH_BIT != 0
                    && self
                        .dice
                        .distinct()
                        .any(|d| movers(own, opp, d) & ANKH_BIT != 0);
                if !bear_off_due && ankh_due && from != ANKH {
                    return IllegalMove::MustMoveForcedPiece;
                }
                if self.dice.len() == 2 && !self.leaves_second_die(colour, mv) {
                    return IllegalMove::MustUseAllDice;
                }
                IllegalMove::NotLegal
            }
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        match (self.phase, mv) {
            (Phase::Choose { seat }, Move::Black | Move::White) => {
                self.black_seat = if mv == Move::Black {
                    seat
                } else {
                    seat.opponent()
                };
                self.phase = Phase::Throw {
                    colour: Colour::Black,
                    first: true,
                };
            }
            (Phase::Move { colour }, Move::Step { from, to }) => {
                let (c, o) = (colour.index(), colour.other().index());
                let fb = bit(from);
                let size = self.size_at(fb);
                self.men[c] &= !fb;
                self.large &= !fb;
                self.medium &= !fb;
                self.dice.take(to - from);
                self.passes = 0;
                if to == OFF {
                    self.off[c][size.index()] += 1;
                } else {
                    let tb = bit(to);
                    self.men[o] &= !tb;
                    self.large &= !tb;
                    self.medium &= !tb;
                    self.men[c] |= tb;
                    match size {
                        Size::Large => self.large |= tb,
                        Size::Medium => self.medium |= tb,
                        Size::Small => {}
                    }
                }
                if self.men[c] == 0 || self.men[o] == 0 {
                    self.finish(EndReason::Completed, colour);
                } else if self.dice.is_empty() || !self.any_step(colour) {
                    self.next_turn(colour);
                }
            }
            _ => {}
        }
    }

    fn concede(&mut self, player: Player, how: Concession) -> Result<(), IllegalMove> {
        if let Phase::Over(_) = self.phase {
            return Err(IllegalMove::GameOver);
        }
        let winner = player.opponent();
        let colour = if winner == self.black_seat {
            Colour::Black
        } else {
            Colour::White
        };
        // The winner takes what it bore off plus every pyramid it still has on the board.
        let mut points = self.points(colour);
        let mut own = self.men[colour.index()];
        while own != 0 {
            let b = own & own.wrapping_neg();
            own &= own - 1;
            points += self.size_at(b).points();
        }
        self.dice.clear();
        self.ties = 0;
        self.phase = Phase::Over(Outcome {
            winner: Some(winner),
            reason: how.into(),
            points,
        });
        Ok(())
    }

    fn to_notation(&self) -> String {
        let mut s = String::with_capacity(64);
        for n in 1..=30u8 {
            if n == 11 || n == 21 {
                s.push('/');
            }
            s.push(match self.piece_at(n) {
                Some((c, size)) => size.letter(c),
                None => '.',
            });
        }
        s.push(' ');
        for colour in [Colour::Black, Colour::White] {
            if colour == Colour::White {
                s.push('/');
            }
            let off = self.off[colour.index()];
            if off == [0; 3] {
                s.push('-');
            }
            for size in Size::ALL {
                for _ in 0..off[size.index()] {
                    s.push(size.letter(colour));
                }
            }
        }
        match self.phase {
            Phase::RollOff {
                seat: Player::One, ..
            } => s.push_str(" rolloff 1"),
            Phase::RollOff { seat, first } => s.push_str(&format!(" rolloff {seat} {first}")),
            Phase::Choose { seat } => s.push_str(&format!(" choose {seat}")),
            Phase::Throw { colour, first } => {
                s.push_str(&format!(" throw {}", colour.letter()));
                if first {
                    s.push_str(" first");
                }
            }
            Phase::Move { colour } => {
                s.push_str(&format!(" move {} ", colour.letter()));
                for (i, d) in self.dice.values().iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    s.push_str(&d.to_string());
                }
            }
            Phase::Over(o) => {
                let w = o
                    .winner
                    .map_or_else(|| "draw".to_string(), |p| p.to_string());
                s.push_str(&format!(" over {w} {} {}", o.reason.code(), o.points));
            }
        }
        if !matches!(self.phase, Phase::RollOff { .. } | Phase::Choose { .. }) {
            s.push_str(&format!(" black={}", self.black_seat));
        }
        if self.ties > 0 {
            s.push_str(&format!(" ties={}", self.ties));
        }
        if self.passes > 0 {
            s.push_str(&format!(" passes={}", self.passes));
        }
        s
    }

    fn from_notation(text: &str) -> Result<Self, ParseError> {
        let err = |m: &str| ParseError::new(format!("pyramid position: {m}"));
        let mut tokens = text.split_whitespace();
        let board = tokens.next().ok_or_else(|| err("empty"))?;
        let mut g = Pyramid::start();
        g.men = [0; 2];
        g.large = 0;
        g.medium = 0;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 10) {
            return Err(err("the board is three groups of ten squares split by '/'"));
        }
        for (i, c) in rows.concat().chars().enumerate() {
            if c == '.' {
                continue;
            }
            let (colour, size) =
                Size::from_letter(c).ok_or_else(|| err(&format!("unknown piece {c:?}")))?;
            let b = 1u32 << i;
            g.men[colour.index()] |= b;
            match size {
                Size::Large => g.large |= b,
                Size::Medium => g.medium |= b,
                Size::Small => {}
            }
        }
        let off = tokens
            .next()
            .ok_or_else(|| err("missing borne-off field"))?;
        let (ob, ow) = off
            .split_once('/')
            .ok_or_else(|| err("borne-off field is BLACK/WHITE"))?;
        for (colour, part) in [(Colour::Black, ob), (Colour::White, ow)] {
            if part == "-" {
                continue;
            }
            for c in part.chars() {
                let (_, size) =
                    Size::from_letter(c).ok_or_else(|| err(&format!("unknown piece {c:?}")))?;
                g.off[colour.index()][size.index()] += 1;
            }
        }
        let word = tokens.next().ok_or_else(|| err("missing phase"))?;
        let rest: Vec<&str> = tokens.collect();
        let (args, keys): (Vec<&str>, Vec<&str>) = rest.into_iter().partition(|t| !t.contains('='));
        let seat = |t: Option<&&str>| -> Result<Player, ParseError> {
            t.ok_or_else(|| err("missing seat"))?.parse()
        };
        let colour = |t: Option<&&str>| match t.copied() {
            Some("b") => Ok(Colour::Black),
            Some("w") => Ok(Colour::White),
            _ => Err(err("colour is b or w")),
        };
        let num = |t: Option<&&str>| -> Result<u32, ParseError> {
            t.ok_or_else(|| err("missing number"))?
                .parse()
                .map_err(|_| err("bad number"))
        };
        let nargs = match word {
            "rolloff" => {
                let seat = seat(args.first())?;
                let first = if seat == Player::Two {
                    u8::try_from(num(args.get(1))?).map_err(|_| err("bad total"))?
                } else {
                    0
                };
                g.phase = Phase::RollOff { seat, first };
                if seat == Player::Two { 2 } else { 1 }
            }
            "choose" => {
                g.phase = Phase::Choose {
                    seat: seat(args.first())?,
                };
                1
            }
            "throw" => {
                let first = args.get(1) == Some(&"first");
                g.phase = Phase::Throw {
                    colour: colour(args.first())?,
                    first,
                };
                if first { 2 } else { 1 }
            }
            "move" => {
                let c = colour(args.first())?;
                let dice = args.get(1).ok_or_else(|| err("missing dice"))?;
                let mut faces = Vec::new();
                for d in dice.split(',') {
                    let v: u8 = d.parse().map_err(|_| err("bad die"))?;
                    if !(1..=4).contains(&v) {
                        return Err(err("a die shows 1 to 4"));
                    }
                    faces.push(v);
                }
                if faces.is_empty() || faces.len() > 2 {
                    return Err(err("one or two dice"));
                }
                faces.sort_unstable_by(|a, b| b.cmp(a));
                g.dice = RemainingDice::new(&faces);
                g.phase = Phase::Move { colour: c };
                2
            }
            "over" => {
                let winner = match args.first() {
                    Some(&"draw") => None,
                    t => Some(seat(t)?),
                };
                let reason = match args.get(1).copied().and_then(EndReason::from_code) {
                    Some(r) if r != EndReason::NoMove => r,
                    _ => {
                        return Err(err(
                            "end reason is completed, resigned, timeout or move_limit",
                        ));
                    }
                };
                let points = num(args.get(2))?;
                g.phase = Phase::Over(Outcome {
                    winner,
                    reason,
                    points,
                });
                3
            }
            _ => return Err(err(&format!("unknown phase {word:?}"))),
        };
        if args.len() != nargs {
            return Err(err("wrong number of phase arguments"));
        }
        for kv in keys {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            match k {
                "black" => g.black_seat = v.parse()?,
                "ties" => g.ties = v.parse().map_err(|_| err("bad ties"))?,
                "passes" => g.passes = v.parse().map_err(|_| err("bad passes"))?,
                _ => return Err(err(&format!("unknown key {k:?}"))),
            }
        }
        if matches!(g.phase, Phase::RollOff { .. } | Phase::Choose { .. }) {
            g.black_seat = Player::One;
        }
        if g.black_seat.index() > 1 {
            return Err(err("black is seat 1 or 2"));
        }
        g.check_invariants().map_err(|e| err(&e))?;
        Ok(g)
    }

    fn check_invariants(&self) -> Result<(), String> {
        let occupied = self.men[0] | self.men[1];
        if self.men[0] & self.men[1] != 0 {
            return Err("two pyramids share a square".into());
        }
        if occupied & !ALL != 0 || (self.large | self.medium) & !occupied != 0 {
            return Err("size marks on empty squares or off the board".into());
        }
        if self.large & self.medium != 0 {
            return Err("a square is both large and medium".into());
        }
        for colour in [Colour::Black, Colour::White] {
            let on = self.on_board_by_size(colour);
            for size in Size::ALL {
                let total = on[size.index()] + u32::from(self.off[colour.index()][size.index()]);
                if total > u32::from(size.count()) {
                    return Err(format!(
                        "{colour:?} has {total} {size:?} pyramids on and off the board, more than {}",
                        size.count()
                    ));
                }
            }
        }
        match self.phase {
            Phase::RollOff { .. } | Phase::Choose { .. } => {
                if *self != Pyramid::start().with_phase(self.phase, self.ties) {
                    return Err("before the colours are chosen the board is as set up".into());
                }
                if let Phase::RollOff {
                    seat: Player::Two,
                    first,
                } = self.phase
                {
                    if !(2..=8).contains(&first) {
                        return Err("a roll-off total is 2 to 8".into());
                    }
                }
                if self.ties >= ROLL_OFF_TIE_LIMIT {
                    return Err("too many roll-off ties".into());
                }
            }
            Phase::Throw { .. } | Phase::Move { .. } => {
                if self.men[0] == 0 || self.men[1] == 0 {
                    return Err("a side without pyramids on the board: the game is over".into());
                }
                if self.passes >= PASS_LIMIT {
                    return Err("the pass limit was reached: the game is over".into());
                }
                if self.ties != 0 {
                    return Err("roll-off ties after the roll-off".into());
                }
                match self.phase {
                    Phase::Throw { .. } if !self.dice.is_empty() => {
                        return Err("dice left before the throw".into());
                    }
                    Phase::Throw {
                        colour: Colour::White,
                        first: true,
                    } => {
                        return Err("only black has a single-die first turn".into());
                    }
                    Phase::Move { colour } => {
                        let v = self.dice.values();
                        if v.is_empty() || v.iter().any(|d| !(1..=4).contains(d)) {
                            return Err("a move needs dice of 1 to 4".into());
                        }
                        if v.len() == 2 && v[0] < v[1] {
                            return Err("dice are kept highest first".into());
                        }
                        if !self.any_step(colour) {
                            return Err("a move is due but none is possible".into());
                        }
                    }
                    _ => {}
                }
            }
            Phase::Over(o) => {
                if !self.dice.is_empty() || self.ties != 0 {
                    return Err("dice or ties left in a finished game".into());
                }
                if o.winner.is_none() {
                    return Err("pyramid games are never drawn".into());
                }
            }
        }
        Ok(())
    }
}

impl Pyramid {
    fn with_phase(mut self, phase: Phase, ties: u8) -> Pyramid {
        self.phase = phase;
        self.ties = ties;
        self
    }
}

impl From<Pyramid> for String {
    fn from(g: Pyramid) -> String {
        g.to_notation()
    }
}

impl Serialize for Pyramid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_notation())
    }
}

impl<'de> Deserialize<'de> for Pyramid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pyramid, D::Error> {
        let s = String::deserialize(d)?;
        Pyramid::from_notation(&s).map_err(serde::de::Error::custom)
    }
}

impl Size {
    const fn kind(self) -> PieceKind {
        match self {
            Size::Large => PieceKind::Large,
            Size::Medium => PieceKind::Medium,
            Size::Small => PieceKind::Small,
        }
    }
}

impl Layout for Pyramid {
    fn placement(&self) -> Placement {
        let mut p = Placement::default();
        // Nobody owns a colour until the roll-off winner has chosen.
        let piece = |colour: Colour, size: Size| Piece {
            owner: self.colour_of(self.seat(colour)).map(|_| self.seat(colour)),
            kind: size.kind(),
        };
        for n in 1..=30u8 {
            if let Some((colour, size)) = self.piece_at(n) {
                p.put(geometry::track(n), piece(colour, size));
            }
        }
        for colour in [Colour::Black, Colour::White] {
            let on = self.on_board_by_size(colour);
            for size in Size::ALL {
                let piece = piece(colour, size);
                let off = self.off[colour.index()][size.index()];
                for _ in 0..off {
                    p.put(Place::Off, piece);
                }
                let gone =
                    u32::from(size.count()).saturating_sub(on[size.index()] + u32::from(off));
                for _ in 0..gone {
                    p.put(Place::Out, piece);
                }
            }
        }
        p.normalise();
        p
    }

    fn candidate_moves(&self, mut f: impl FnMut(Place, Move)) {
        let Phase::Move { colour } = self.phase else {
            return;
        };
        let mut own = self.men[colour.index()];
        while own != 0 {
            let from = own.trailing_zeros() as u8 + 1;
            own &= own - 1;
            for d in self.dice.distinct() {
                // Past the end is a bear-off, which only a numbered square's own number makes.
                let to = (from + d).min(OFF);
                f(geometry::track(from), Move::Step { from, to });
            }
        }
    }

    fn geometry_unchecked(&self, mv: Move) -> Geometry {
        let (Phase::Move { colour }, Move::Step { from, to }) = (self.phase, mv) else {
            return Geometry::default();
        };
        let me = self.seat(colour);
        let size = self.size_at(bit(from));
        let mut steps: geometry::Steps = smallvec::smallvec![geometry::mover_step(
            me,
            geometry::track(from),
            if to == OFF {
                Place::Off
            } else {
                geometry::track(to)
            },
            size.kind(),
            smallvec::smallvec![to - from],
        )];
        if to != OFF
            && let Some((victim, vsize)) = self.piece_at(to)
            && victim != colour
        {
            steps.push(geometry::caused_step(
                StepKind::Capture,
                self.seat(victim),
                geometry::track(to),
                Place::Out,
                vsize.kind(),
            ));
        }
        Geometry {
            steps,
            coaster: None,
        }
    }
}

/// The five marked squares at the end of the track, each with its mark, name and rule.
const MARKED_SQUARES: [SpecialSquare; 5] = [
    SpecialSquare {
        place: track_square(ANKH),
        mark: "☥",
        name: "Ankh",
        rule: "Safe; a pyramid here must move on at the next possible roll, after any bear-off.",
        kind: SquareKind::Forced,
    },
    SpecialSquare {
        place: track_square(27),
        mark: "X",
        name: "X (4)",
        rule: "Safe; a pyramid here waits for a die of 4, which bears it off.",
        kind: SquareKind::BearOff,
    },
    SpecialSquare {
        place: track_square(28),
        mark: "III",
        name: "III (3)",
        rule: "Safe; a pyramid here waits for a die of 3, which bears it off.",
        kind: SquareKind::BearOff,
    },
    SpecialSquare {
        place: track_square(29),
        mark: "II",
        name: "II (2)",
        rule: "Safe; a pyramid here waits for a die of 2, which bears it off.",
        kind: SquareKind::BearOff,
    },
    SpecialSquare {
        place: track_square(30),
        mark: "I",
        name: "I (1)",
        rule: "Safe; a pyramid here waits for a die of 1, which bears it off.",
        kind: SquareKind::BearOff,
    },
];

impl Ruleset for Pyramid {
    const ID: &'static str = "pyramid";
    const NAME: &'static str = "Pyramid Senet";
    const PLAYER_RANGE: (u8, u8) = (2, 2);
    const OPTIONS: &'static [&'static str] = &[];
    const THROW: ThrowSpec = ThrowSpec::TWO_D4;
    const BOARD: BoardKind = BoardKind::Track30;
    const POSITION_NOTATION: PositionNotation = PositionNotation::TrackPyramids;
    const MOVE_NOTATION: &'static str = "FROM-TO (19-21), FROM-off (27-off), or black / white";
    const SUMMARY: &'static str = "Ten Icehouse pyramids each (two large worth 4 points, three \
        medium worth 3, five small worth 2) and two four-sided dice. The winner of a roll-off \
        chooses a colour: black moves first, with one die on that first turn. Move two \
        pyramids a die each, or one twice; both dice must be used if possible, and nothing \
        moves backward. A pyramid landed on leaves the game, unless one of its colour stands \
        next to it or it is on one of the five marked squares; three in a row cannot be \
        passed. The numbered squares X, III, II and I bear a pyramid off with exactly that \
        number; the Ankh must move on. When one side has no pyramid left on the board, the \
        more points borne off wins.";
    const PIECE: PieceNoun = PieceNoun::Pyramid;
    const SPECIAL_SQUARES: &'static [SpecialSquare] = &MARKED_SQUARES;

    fn own_words(reason: IllegalMove) -> Option<&'static str> {
        match reason {
            IllegalMove::MustWait => Some(
                "That pyramid must wait on its numbered square until a die shows that square's \
                 number.",
            ),
            IllegalMove::Blocked => {
                Some("That pyramid is blocked by three opposing pyramids in a row.")
            }
            IllegalMove::Protected => Some(
                "That pyramid would land on a protected pyramid: one next to another of its \
                 colour, or one on a marked square (26 to 30).",
            ),
            IllegalMove::MustBearOffFirst => Some(
                "A pyramid on a numbered square that a die of this throw bears off must go \
                 first.",
            ),
            IllegalMove::MustMoveForcedPiece => {
                Some("The pyramid on the Ankh (26) must move first.")
            }
            IllegalMove::CannotBearOff => Some(
                "Only a pyramid on a numbered square (27 to 30) bears off, with that square's \
                 number.",
            ),
            IllegalMove::NoBackward => Some("Pyramids never move backward."),
            _ => None,
        }
    }

    /// `black` and `white` once the roll-off winner has chosen, `None` before.
    fn sides(&self) -> Vec<Option<&'static str>> {
        [Player::One, Player::Two]
            .into_iter()
            .map(|p| {
                self.colour_of(p).map(|c| match c {
                    Colour::Black => "black",
                    Colour::White => "white",
                })
            })
            .collect()
    }

    /// The pyramids each colour bore off, by size, and the dice still to play:
    /// `borne off: black large, small; white none · dice to play: 4 2`.
    fn notes(&self) -> Vec<Note> {
        let sizes = |colour: Colour, side: &'static str| {
            let off = self.off[colour.index()];
            let sizes = Size::ALL
                .into_iter()
                .flat_map(|size| {
                    let name = match size {
                        Size::Large => "large",
                        Size::Medium => "medium",
                        Size::Small => "small",
                    };
                    std::iter::repeat_n(Cow::Borrowed(name), usize::from(off[size.index()]))
                })
                .collect();
            SideSizes {
                side: Cow::Borrowed(side),
                sizes,
            }
        };
        let mut notes = vec![Note::SizesBorneOff {
            sides: vec![sizes(Colour::Black, "black"), sizes(Colour::White, "white")],
        }];
        if let Phase::Move { .. } = self.phase {
            notes.push(Note::DiceToPlay {
                dice: self.dice.values().to_vec(),
            });
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "LlLlMmMmMm/SsSsSsSsSs/.......... -/- rolloff 1";

    #[test]
    fn the_throw_table_sums_to_one_and_matches_the_dice() {
        let total: u32 = THROW_TABLE.iter().map(|&(_, _, n)| u32::from(n)).sum();
        assert_eq!(total, 16);
        for t in ThrowSpec::TWO_D4.all_throws() {
            let f = t.faces();
            let (hi, lo) = (f[0].max(f[1]), f[0].min(f[1]));
            let want = ThrowSpec::TWO_D4
                .all_throws()
                .iter()
                .filter(|u| {
                    let g = u.faces();
                    (g[0].max(g[1]), g[0].min(g[1])) == (hi, lo)
                })
                .count();
            let row = THROW_TABLE.iter().find(|r| (r.0, r.1) == (hi, lo)).unwrap();
            assert_eq!(usize::from(row.2), want);
        }
    }

    #[test]
    fn the_start_position_follows_the_set_up() {
        let g = Pyramid::new(Setup::default()).unwrap();
        assert_eq!(g.to_notation(), START);
        assert_eq!(g.piece_at(1), Some((Colour::Black, Size::Large)));
        assert_eq!(g.piece_at(4), Some((Colour::White, Size::Large)));
        assert_eq!(g.piece_at(5), Some((Colour::Black, Size::Medium)));
        assert_eq!(g.piece_at(10), Some((Colour::White, Size::Medium)));
        assert_eq!(g.piece_at(11), Some((Colour::Black, Size::Small)));
        assert_eq!(g.piece_at(20), Some((Colour::White, Size::Small)));
        assert_eq!(g.piece_at(21), None);
        assert_eq!(Pyramid::from_notation(START).unwrap(), g);
        g.check_invariants().unwrap();
    }

    #[test]
    fn safety_and_blockades_follow_the_track() {
        // Squares 10 and 11 are track neighbours; 9 and 12 touch on the board but are not.
        let side = bit(10) | bit(11) | bit(9) | bit(5);
        assert_eq!(protected(side), bit(9) | bit(10) | bit(11));
        assert_eq!(protected(bit(12) | bit(9)), 0);
        assert_eq!(protected(bit(27)), bit(27));
        assert_eq!(
            blockade(bit(3) | bit(4) | bit(5) | bit(7)),
            bit(3) | bit(4) | bit(5)
        );
        assert_eq!(blockade(bit(3) | bit(4)), 0);
        // Nothing wraps past square 30 or before square 1.
        assert_eq!(protected(bit(30) | bit(1)) & bit(1), 0);
    }

    #[test]
    fn movers_respect_blockades_and_the_board_end() {
        let opp = bit(5) | bit(6) | bit(7);
        assert_eq!(movers(bit(4), opp, 4), 0);
        assert_eq!(movers(bit(3), opp, 1), bit(3));
        assert_eq!(movers(bit(26), 0, 4), bit(26));
        assert_eq!(movers(bit(27), 0, 1), 0);
    }

    #[test]
    fn moves_print_and_parse() {
        for m in [
            Move::Step { from: 19, to: 21 },
            Move::Step { from: 27, to: OFF },
            Move::Black,
            Move::White,
        ] {
            assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
        }
        assert_eq!("27-off".parse::<Move>().unwrap().to_string(), "27-off");
        assert!("0-3".parse::<Move>().is_err());
        assert!("3-31".parse::<Move>().is_err());
        assert!("3".parse::<Move>().is_err());
    }

    /// A square-by-square reading of the rules, independent of the bitboards.
    fn naive_legal(g: &Pyramid, colour: Colour) -> Vec<Move> {
        let at = |sq: &[Option<Colour>; 32], n: i32| {
            if (1..=30).contains(&n) {
                sq[n as usize]
            } else {
                None
            }
        };
        let board = |g: &Pyramid| {
            let mut sq = [None; 32];
            for n in 1..=30u8 {
                sq[usize::from(n)] = g.piece_at(n).map(|p| p.0);
            }
            sq
        };
        let step_ok = |sq: &[Option<Colour>; 32], from: u8, d: u8| -> bool {
            if sq[usize::from(from)] != Some(colour) {
                return false;
            }
            if from >= 27 {
                return OFF - from == d;
            }
            let to = i32::from(from + d);
            if to > 30 {
                return false;
            }
            let opp = Some(colour.other());
            let target = at(sq, to);
            if target == Some(colour) {
                return false;
            }
            let safe = to >= 26 || at(sq, to - 1) == opp || at(sq, to + 1) == opp;
            if target == opp && safe {
                return false;
            }
            for x in i32::from(from) + 1..to {
                for start in x - 2..=x {
                    if (start..start + 3).all(|y| at(sq, y) == opp) {
                        return false;
                    }
                }
            }
            true
        };
        let all = |sq: &[Option<Colour>; 32], d: u8| -> Vec<Move> {
            (1..=30u8)
                .filter(|&f| step_ok(sq, f, d))
                .map(|f| Move::Step {
                    from: f,
                    to: if f >= 27 { OFF } else { f + d },
                })
                .collect()
        };
        let sq = board(g);
        let dice: Vec<u8> = g.dice.distinct().collect();
        let steps: Vec<Move> = dice.iter().flat_map(|&d| all(&sq, d)).collect();
        let bear: Vec<Move> = steps
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Step { to: OFF, .. }))
            .collect();
        let ankh: Vec<Move> = steps
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Step { from: ANKH, .. }))
            .collect();
        let cands = if !bear.is_empty() {
            bear
        } else if !ankh.is_empty() {
            ankh
        } else {
            steps
        };
        if g.dice.len() < 2 {
            return cands;
        }
        let keep: Vec<Move> = cands
            .iter()
            .copied()
            .filter(|&m| {
                let mut h = g.clone();
                h.play_unchecked(m);
                match h.phase {
                    Phase::Over(_) => true,
                    _ => {
                        let Move::Step { from, to } = m else {
                            return false;
                        };
                        let v = g.dice.values();
                        let other = if v[0] == to - from { v[1] } else { v[0] };
                        !all(&board(&h), other).is_empty()
                    }
                }
            })
            .collect();
        if keep.is_empty() { cands } else { keep }
    }

    #[test]
    fn legal_moves_agree_with_a_square_by_square_reading() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut reasons = 0;
        for _ in 0..150 {
            let mut g = Pyramid::new(Setup::default()).unwrap();
            loop {
                match g.status() {
                    Status::Over(_) => break,
                    Status::Throw { spec, .. } => {
                        let f: Vec<u8> = (0..spec.count).map(|_| next(4) as u8 + 1).collect();
                        g.throw(Throw::new(spec, &f).unwrap()).unwrap();
                    }
                    Status::Move { .. } => {
                        let mut got = g.legal_moves();
                        if let Phase::Move { colour } = g.phase {
                            let mut want = naive_legal(&g, colour);
                            got.sort_by_key(|m| m.to_string());
                            want.sort_by_key(|m| m.to_string());
                            assert_eq!(got, want, "{}", g.to_notation());
                            for from in 1..=30u8 {
                                for to in from + 1..=OFF {
                                    let m = Move::Step { from, to };
                                    if !got.contains(&m) {
                                        assert_ne!(g.why_illegal(m), IllegalMove::NotLegal);
                                        reasons += 1;
                                    }
                                }
                            }
                        }
                        let m = got[next(got.len())];
                        g.play_unchecked(m);
                    }
                }
                g.check_invariants().unwrap();
            }
        }
        assert!(reasons > 0);
    }
}
