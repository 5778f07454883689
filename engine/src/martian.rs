//! `martian`: Martian Senet (Matthew Rogers, 2012), played with Looney Pyramids on three
//! Martian Coasters.
//!
//! # Board and path
//!
//! Three 3 × 3 coasters lie in a line from East to West, giving three tracks of nine squares.
//! Every pyramid follows the same 27-square path, numbered 0 to 26 here:
//!
//! ```text
//!            West                                     East
//! Source   S9  S8  S7 | S6  S5  S4 | S3  S2  S1    <- moves East to West (path 0-8)
//! Balance  B1  B2  B3 | B4  B5  B6 | B7  B8  B9    -> moves West to East (path 9-17)
//! Perfect  P9  P8  P7 | P6  P5  P4 | P3  P2  P1    <- moves East to West (path 18-26)
//!           west coaster  middle      east coaster
//! ```
//!
//! S9 → B1 is the Birth Flip, B9 → P1 the Death Flip; a move past P9 bears off.
//!
//! # Stacks
//!
//! A square holds a stack of at most five pyramids, listed bottom to top. Going up, each
//! pyramid is one size larger (nest-wise) or one size smaller (tree-wise) than the one below
//! it, and once the sizes go down they never go up again ("nests cannot be built on trees").
//! The pyramids below the largest one (the peak) sit inside it and cannot move; the peak and
//! the tree above it can, each taking the smaller ones on top of it along.
//!
//! The full reading of the rules, with every decision, is in `docs/rules/martian.md`.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::geometry::{Geometry, Layout, Piece, PieceKind, Place, Placement, Step, StepKind};
use crate::notes::{Note, SideCount};
use crate::ruleset::path_square;
use crate::scoring::{Breakdown, ScoreLabel, Whose};
use crate::stuck::PieceNoun;
use crate::{
    BoardKind, Concession, EndReason, IllegalMove, IllegalThrow, Outcome, ParseError, Player,
    PositionNotation, Rules, Ruleset, Setup, SetupError, SpecialSquare, SquareKind, Status, Throw,
    ThrowEffect, ThrowSpec, Variant,
};

/// Squares on the path (three tracks of nine).
pub const SQUARES: usize = 27;

/// Throws after which the game stops: the player with fewer pyramids left in play wins, a tie
/// goes to player 2 ([`EndReason::MoveLimit`]).
pub const MOVE_LIMIT: u16 = 3000;

/// Pyramids of each size per player (four trios).
pub const PER_SIZE: u8 = 4;

/// What each face of the d6 does, as `(face, steps, throws again)`; `steps` 0 is the coaster
/// move of the 5. Every face has probability 1/6.
pub const THROW_TABLE: [(u8, u8, bool); 6] = [
    (1, 1, true),
    (2, 2, false),
    (3, 3, false),
    (4, 4, false),
    (5, 0, true),
    (6, 6, true),
];

/// The three tracks, in path order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Track {
    /// The first track, East to West; 3 series points per pip.
    Source,
    /// The middle track, West to East; 2 series points per pip.
    Balance,
    /// The last track, East to West; 1 series point per pip.
    Perfect,
}

impl Track {
    /// The three tracks, in path order.
    pub const ALL: [Track; 3] = [Track::Source, Track::Balance, Track::Perfect];

    /// The track of path square `p` (0 to 26).
    pub const fn of(p: usize) -> Track {
        match p / 9 {
            0 => Track::Source,
            1 => Track::Balance,
            _ => Track::Perfect,
        }
    }

    /// The letter used in square names (`S`, `B`, `P`).
    pub const fn letter(self) -> char {
        match self {
            Track::Source => 'S',
            Track::Balance => 'B',
            Track::Perfect => 'P',
        }
    }

    /// Series points per pip of a losing pyramid left on this track.
    pub const fn points_per_pip(self) -> u32 {
        match self {
            Track::Source => 3,
            Track::Balance => 2,
            Track::Perfect => 1,
        }
    }
}

/// Physical column of path square `p`: 0 is the easternmost column, 8 the westernmost.
pub const fn column(p: usize) -> usize {
    let k = p % 9;
    if p / 9 == 1 { 8 - k } else { k }
}

/// The path square on the track of `p` that lies in physical column `col`.
const fn on_column(p: usize, col: usize) -> usize {
    let base = p / 9 * 9;
    if p / 9 == 1 {
        base + 8 - col
    } else {
        base + col
    }
}

/// Where each path square goes when a coaster moves.
const fn coaster_perm(coaster: Coaster) -> [u8; SQUARES] {
    let mut out = [0u8; SQUARES];
    let mut p = 0;
    while p < SQUARES {
        let c = column(p);
        let nc = match coaster {
            // The east coaster (columns 0-2) goes to the west end; the others shift east.
            Coaster::EastToWest => {
                if c < 3 {
                    c + 6
                } else {
                    c - 3
                }
            }
            // The west coaster (columns 6-8) goes to the east end; the others shift west.
            Coaster::WestToEast => {
                if c >= 6 {
                    c - 6
                } else {
                    c + 3
                }
            }
        };
        out[p] = on_column(p, nc) as u8;
        p += 1;
    }
    out
}

const PERM_EW: [u8; SQUARES] = coaster_perm(Coaster::EastToWest);
const PERM_WE: [u8; SQUARES] = coaster_perm(Coaster::WestToEast);

/// Name of path square `p`, e.g. `S1`, `B9`, `P4`.
pub fn square_name(p: usize) -> String {
    format!("{}{}", Track::of(p).letter(), p % 9 + 1)
}

fn parse_square(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let t = match b[0].to_ascii_uppercase() {
        b'S' => 0,
        b'B' => 1,
        b'P' => 2,
        _ => return None,
    };
    let k = b[1].wrapping_sub(b'1');
    (k < 9).then_some(t * 9 + usize::from(k))
}

// ---------------------------------------------------------------------------------------
// Stacks: a u16 holding up to five 3-bit pieces, bottom first. A piece is its size (1 small,
// 2 medium, 3 large) in the low two bits, plus 4 for player Two. 0 is an empty slot.

const TWO: u16 = 4;

#[inline]
fn st_len(s: u16) -> usize {
    if s == 0 {
        0
    } else {
        (16 - s.leading_zeros() as usize).div_ceil(3)
    }
}

#[inline]
fn st_piece(s: u16, i: usize) -> u16 {
    (s >> (3 * i)) & 7
}

#[inline]
fn st_size(s: u16, i: usize) -> u8 {
    (st_piece(s, i) & 3) as u8
}

/// Index of the largest pyramid: the end of the nest part.
#[inline]
fn st_peak(s: u16, n: usize) -> usize {
    let mut i = 0;
    while i + 1 < n && st_size(s, i + 1) > st_size(s, i) {
        i += 1;
    }
    i
}

/// Can a unit whose bottom pyramid has size `base` be put on stack `d`?
#[inline]
fn st_can_place(d: u16, base: u8) -> bool {
    let n = st_len(d);
    if n == 0 {
        return true;
    }
    let top = st_size(d, n - 1);
    if base + 1 == top {
        true // tree-wise, onto the next-larger size
    } else if base == top + 1 {
        st_peak(d, n) == n - 1 // nest-wise, only onto a nest, never onto a tree
    } else {
        false
    }
}

/// The owner of a complete single-colour tree (large, medium, small) on top of `s`.
#[inline]
fn st_block(s: u16) -> Option<u16> {
    let n = st_len(s);
    if n < 3 {
        return None;
    }
    let (a, b, c) = (st_piece(s, n - 3), st_piece(s, n - 2), st_piece(s, n - 1));
    (a & 3 == 3 && b & 3 == 2 && c & 3 == 1 && a & TWO == b & TWO && b & TWO == c & TWO)
        .then_some(a & TWO)
}

fn st_valid(s: u16) -> Result<(), String> {
    let n = st_len(s);
    if n > 5 || s >> (3 * n) != 0 {
        return Err(format!("stack {s:#x} too high"));
    }
    let mut down = false;
    for i in 0..n {
        let size = st_size(s, i);
        if size == 0 {
            return Err(format!("stack {s:#x} has a gap"));
        }
        if i > 0 {
            let prev = st_size(s, i - 1);
            if size == prev + 1 {
                if down {
                    return Err("a nest built on a tree".into());
                }
            } else if size + 1 == prev {
                down = true;
            } else {
                return Err(format!("size {size} cannot stack on size {prev}"));
            }
        }
    }
    Ok(())
}

// Per-stack facts, looked up by the stack's u16 (the hot path of move generation):
// bits 0-2: which base sizes (bit size-1) a moving unit may have to be put on the stack;
// bits 3-4: owner of a complete single-colour tree on top (0 none, 1 player 1, 2 player 2);
// bit 5 / 6: player 1 / player 2 has a pyramid in the stack;
// from bit 7, 11 bits per player: the number of its movable pyramids (2 bits), then for each
// (top first) its size (2 bits) and whether the unit it takes along holds the other colour.
const INFO_BLOCK: u32 = 3;
const INFO_HAS_ONE: u32 = 1 << 5;
const INFO_MOVERS: u32 = 7;
const INFO_MOVER_BITS: u32 = 11;

fn stack_info(s: u16) -> u32 {
    let n = st_len(s);
    if n > 5 || st_valid(s).is_err() {
        return 0;
    }
    let mut info = 0u32;
    for base in 1..=3u8 {
        if st_can_place(s, base) {
            info |= 1 << (base - 1);
        }
    }
    match st_block(s) {
        Some(0) => info |= 1 << INFO_BLOCK,
        Some(_) => info |= 2 << INFO_BLOCK,
        None => {}
    }
    for i in 0..n {
        info |= if st_piece(s, i) & TWO == 0 {
            INFO_HAS_ONE
        } else {
            INFO_HAS_ONE << 1
        };
    }
    if n == 0 {
        return info;
    }
    let pk = st_peak(s, n);
    for who in 0..2u32 {
        let me = if who == 0 { 0 } else { TWO };
        let mut colours = 0u16;
        let mut entries = 0u32;
        let mut count = 0u32;
        for i in (pk..n).rev() {
            let pc = st_piece(s, i);
            colours |= 1 << ((pc & TWO) >> 2);
            if pc & TWO != me {
                continue;
            }
            let mixed = u32::from(colours == 3);
            entries |= (u32::from(pc & 3) | (mixed << 2)) << (3 * count);
            count += 1;
        }
        info |= (count | (entries << 2)) << (INFO_MOVERS + INFO_MOVER_BITS * who);
    }
    info
}

fn info_table() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| (0..=0x7fffu16).map(stack_info).collect())
}

fn piece_char(pc: u16) -> char {
    let c = match pc & 3 {
        1 => 'S',
        2 => 'M',
        _ => 'L',
    };
    if pc & TWO != 0 {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

fn size_char(size: u8) -> char {
    match size {
        1 => 'S',
        2 => 'M',
        _ => 'L',
    }
}

fn owner_bit(p: Player) -> u16 {
    if p == Player::One { 0 } else { TWO }
}

// ---------------------------------------------------------------------------------------

/// Which end coaster the 5 moves; defined with the geometry it appears in (a move's
/// [`Geometry::coaster`]), so that the geometry needs nothing of this module.
pub use crate::geometry::Coaster;

/// A move of `martian`.
///
/// Notation: `S1L` moves the large pyramid on S1 (with whatever smaller pyramids sit on top
/// of it) by the die; square `S1`–`S9`, `B1`–`B9`, `P1`–`P9`, size `S`, `M` or `L`. `E>W` and
/// `W>E` are the coaster moves of a 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Move {
    /// Move the mover's pyramid of size `size` (1 small, 2 medium, 3 large) that can move on
    /// path square `from` (0 to 26) by the die.
    Pyramid {
        /// Path square, 0 (S1) to 26 (P9).
        from: u8,
        /// 1 small, 2 medium, 3 large.
        size: u8,
    },
    /// Move an end coaster, with everything on it, to the other end (a 5).
    Coaster(Coaster),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Coaster(Coaster::EastToWest) => f.write_str("E>W"),
            Move::Coaster(Coaster::WestToEast) => f.write_str("W>E"),
            Move::Pyramid { from, size } if usize::from(from) < SQUARES => {
                write!(f, "{}{}", square_name(from.into()), size_char(size))
            }
            Move::Pyramid { from, size } => write!(f, "?{from}{size}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::new(format!("not a martian move: {s:?}"));
        match s.to_ascii_uppercase().as_str() {
            "E>W" => return Ok(Move::Coaster(Coaster::EastToWest)),
            "W>E" => return Ok(Move::Coaster(Coaster::WestToEast)),
            _ => {}
        }
        if s.len() != 3 || !s.is_ascii() {
            return Err(bad());
        }
        let from = parse_square(&s[..2]).ok_or_else(bad)?;
        let size = match s.as_bytes()[2].to_ascii_uppercase() {
            b'S' => 1,
            b'M' => 2,
            b'L' => 3,
            _ => return Err(bad()),
        };
        Ok(Move::Pyramid {
            from: from as u8,
            size,
        })
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

impl TryFrom<String> for Move {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Move, ParseError> {
        s.parse()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    Throw,
    Move(u8),
    Over(Player, EndReason),
}

/// A game of Martian Senet.
///
/// Serialised as its notation (see [`Rules::to_notation`] and `docs/rules/martian.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Martian {
    board: [u16; SQUARES],
    to_move: Player,
    phase: Phase,
    throws: u16,
    /// Square masks derived from `board`, kept up to date so move generation need not scan.
    masks: Masks,
}

/// Bit masks over the 27 path squares, a pure function of the board (see [`Masks::of`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Masks {
    occupied: u32,
    /// Squares topped by a complete single-colour tree of player 1 / player 2.
    blocks: [u32; 2],
    /// Squares where player 1 / player 2 has a pyramid free to move.
    movers: [u32; 2],
    /// Squares where player 1 / player 2 has any pyramid.
    has: [u32; 2],
}

impl Masks {
    fn of(board: &[u16; SQUARES]) -> Masks {
        let table = info_table();
        let mut m = Masks::default();
        for (p, &s) in board.iter().enumerate() {
            m.set(table, p, s);
        }
        m
    }

    /// Moves the bits as [`Coaster`] `c` moves the squares: within each track of nine bits, a
    /// rotation by three columns (the Balance Track's bits run the other way).
    fn permute(&mut self, c: Coaster) {
        // Bits 0-2 to 6-8 and the rest down by three; and its inverse.
        let east_to_west = |t: u32| ((t & 7) << 6) | (t >> 3);
        let west_to_east = |t: u32| (t >> 6) | ((t << 3) & 0x1ff);
        let (along, against): (&dyn Fn(u32) -> u32, &dyn Fn(u32) -> u32) = match c {
            Coaster::EastToWest => (&east_to_west, &west_to_east),
            Coaster::WestToEast => (&west_to_east, &east_to_west),
        };
        let perm = |m: u32| {
            along(m & 0x1ff) | (against((m >> 9) & 0x1ff) << 9) | (along((m >> 18) & 0x1ff) << 18)
        };
        self.occupied = perm(self.occupied);
        for who in 0..2 {
            self.blocks[who] = perm(self.blocks[who]);
            self.movers[who] = perm(self.movers[who]);
            self.has[who] = perm(self.has[who]);
        }
    }

    #[inline]
    fn set(&mut self, table: &[u32], p: usize, s: u16) {
        let keep = !(1u32 << p);
        let i = table[usize::from(s & 0x7fff)];
        let blk = (i >> INFO_BLOCK) & 3;
        let put = |mask: &mut u32, on: bool| *mask = (*mask & keep) | (u32::from(on) << p);
        put(&mut self.occupied, s != 0);
        put(&mut self.blocks[0], blk == 1);
        put(&mut self.blocks[1], blk == 2);
        put(&mut self.movers[0], (i >> INFO_MOVERS) & 3 != 0);
        put(
            &mut self.movers[1],
            (i >> (INFO_MOVERS + INFO_MOVER_BITS)) & 3 != 0,
        );
        put(&mut self.has[0], i & INFO_HAS_ONE != 0);
        put(&mut self.has[1], i & (INFO_HAS_ONE << 1) != 0);
    }
}

impl From<Martian> for String {
    fn from(g: Martian) -> String {
        g.to_notation()
    }
}

impl TryFrom<String> for Martian {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Martian, ParseError> {
        Martian::from_notation(&s)
    }
}

/// What stops a pyramid move, for [`Rules::why_illegal`].
enum Check {
    Ok,
    Fail(IllegalMove),
}

impl Martian {
    /// The starting position: from East to West on the Source Track, A-B-A, B-X-A, B-A-B,
    /// each trio nested (small inside medium inside large); A is player 1, who starts.
    pub fn start() -> Martian {
        let a: u16 = 1 | (2 << 3) | (3 << 6);
        let b: u16 = a | (TWO | (TWO << 3) | (TWO << 6));
        let mut board = [0u16; SQUARES];
        for (p, cell) in [a, b, a, b, 0, a, b, a, b].into_iter().enumerate() {
            board[p] = cell;
        }
        Martian {
            board,
            to_move: Player::One,
            phase: Phase::Throw,
            throws: 0,
            masks: Masks::of(&board),
        }
    }

    /// Throws made so far (the move limit counts them).
    pub fn throws(&self) -> u16 {
        self.throws
    }

    /// Pyramids of `player` still on the board.
    pub fn in_play(&self, player: Player) -> u32 {
        let bit = owner_bit(player);
        let mut n = 0;
        for &s in &self.board {
            for i in 0..st_len(s) {
                if st_piece(s, i) & TWO == bit {
                    n += 1;
                }
            }
        }
        n
    }

    /// The series points the opponent of `loser` takes: per pip of `loser`'s pyramids left,
    /// 1 on the Perfect Track, 2 on the Balance Track, 3 on the Source Track.
    pub fn points_against(&self, loser: Player) -> u32 {
        Track::ALL
            .iter()
            .zip(self.pips_by_track(loser))
            .map(|(t, pips)| pips * t.points_per_pip())
            .sum()
    }

    /// The pips of `player`'s pyramids on the board, per track in path order (Source,
    /// Balance, Perfect).
    pub fn pips_by_track(&self, player: Player) -> [u32; 3] {
        let bit = owner_bit(player);
        let mut pips = [0; 3];
        for (p, &s) in self.board.iter().enumerate() {
            for i in 0..st_len(s) {
                let pc = st_piece(s, i);
                if pc & TWO == bit {
                    pips[p / 9] += u32::from(pc & 3);
                }
            }
        }
        pips
    }

    fn has_in_source(&self, bit: u16) -> bool {
        self.board[..9].iter().any(|&s| {
            let mut i = 0;
            let n = st_len(s);
            while i < n {
                if st_piece(s, i) & TWO == bit {
                    return true;
                }
                i += 1;
            }
            false
        })
    }

    /// Bit masks of the squares holding a complete single-colour tree of player 1 and of
    /// player 2.
    fn blocks(&self) -> (u32, u32) {
        let (mut one, mut two) = (0u32, 0u32);
        for (p, &s) in self.board.iter().enumerate() {
            if s != 0 && s >> 6 != 0 {
                match st_block(s) {
                    Some(0) => one |= 1 << p,
                    Some(_) => two |= 1 << p,
                    None => {}
                }
            }
        }
        (one, two)
    }

    /// Calls `f` for every legal move with `die`; stops early when `f` returns false.
    /// Returns false if stopped.
    #[inline]
    fn for_each_move(&self, die: u8, mut f: impl FnMut(Move) -> bool) -> bool {
        if die == 5 {
            return f(Move::Coaster(Coaster::EastToWest)) && f(Move::Coaster(Coaster::WestToEast));
        }
        let table = info_table();
        let me = self.to_move.index() & 1;
        let mover_shift = INFO_MOVERS + INFO_MOVER_BITS * me as u32;
        let m = &self.masks;
        let occupied = m.occupied;
        let may_bear = m.has[me] & 0x1ff == 0;
        let opp_blocks = m.blocks[me ^ 1];
        let all_blocks = m.blocks[0] | m.blocks[1];
        let mut movers = m.movers[me];
        let d = usize::from(die);
        while movers != 0 {
            let p = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let e = table[usize::from(self.board[p] & 0x7fff)] >> mover_shift;
            let dest = p + d;
            let end = dest.min(SQUARES);
            let between: u32 = ((1u32 << end) - 1) & !((1u32 << (p + 1)) - 1);
            let accept = if dest >= SQUARES {
                0
            } else if occupied & (1 << dest) == 0 {
                7
            } else {
                table[usize::from(self.board[dest] & 0x7fff)] & 7
            };
            for j in 0..(e & 3) {
                let ent = (e >> (2 + 3 * j)) & 7;
                let size = (ent & 3) as u8;
                let mixed = ent & 4 != 0;
                let blockers = if mixed { all_blocks } else { opp_blocks };
                if blockers & between != 0 {
                    continue;
                }
                let ok = if dest >= SQUARES {
                    may_bear && !mixed
                } else {
                    (accept >> (size - 1)) & 1 != 0
                };
                if ok
                    && !f(Move::Pyramid {
                        from: p as u8,
                        size,
                    })
                {
                    return false;
                }
            }
        }
        true
    }

    /// The plain generator, kept to cross-check the table-driven one.
    #[cfg(test)]
    fn for_each_move_slow(&self, die: u8, mut f: impl FnMut(Move) -> bool) -> bool {
        if die == 5 {
            return f(Move::Coaster(Coaster::EastToWest)) && f(Move::Coaster(Coaster::WestToEast));
        }
        let me = owner_bit(self.to_move);
        let mine_colour: u8 = if me == 0 { 1 } else { 2 };
        let may_bear = !self.has_in_source(me);
        let (block1, block2) = self.blocks();
        let d = usize::from(die);
        for p in 0..SQUARES {
            let s = self.board[p];
            if s == 0 {
                continue;
            }
            let n = st_len(s);
            let pk = st_peak(s, n);
            let dest = p + d;
            let end = dest.min(SQUARES);
            let between: u32 = ((1u32 << end) - 1) & !((1u32 << (p + 1)) - 1);
            let mut colours = 0u8;
            for i in (pk..n).rev() {
                let pc = st_piece(s, i);
                colours |= if pc & TWO != 0 { 2 } else { 1 };
                if pc & TWO != me {
                    continue;
                }
                let blockers = (if colours & 2 != 0 { block1 } else { 0 })
                    | (if colours & 1 != 0 { block2 } else { 0 });
                if blockers & between != 0 {
                    continue;
                }
                let ok = if dest >= SQUARES {
                    may_bear && colours == mine_colour
                } else {
                    st_can_place(self.board[dest], (pc & 3) as u8)
                };
                if ok
                    && !f(Move::Pyramid {
                        from: p as u8,
                        size: (pc & 3) as u8,
                    })
                {
                    return false;
                }
            }
        }
        true
    }

    fn has_move(&self, die: u8) -> bool {
        !self.for_each_move(die, |_| false)
    }

    /// Index of the mover's movable pyramid of `size` on stack `s`, or why there is none.
    fn find_movable(s: u16, size: u8, me: u16) -> Result<usize, IllegalMove> {
        let n = st_len(s);
        let pk = st_peak(s, n);
        for i in (pk..n).rev() {
            let pc = st_piece(s, i);
            if pc & TWO == me && (pc & 3) as u8 == size {
                return Ok(i);
            }
        }
        for i in 0..pk {
            let pc = st_piece(s, i);
            if pc & TWO == me && (pc & 3) as u8 == size {
                return Err(IllegalMove::Trapped);
            }
        }
        Err(IllegalMove::NoSuchPiece)
    }

    fn check_pyramid(&self, from: usize, size: u8, die: u8) -> Check {
        let me = owner_bit(self.to_move);
        let s = self.board[from];
        let i = match Martian::find_movable(s, size, me) {
            Ok(i) => i,
            Err(e) => return Check::Fail(e),
        };
        let n = st_len(s);
        let mut colours = 0u8;
        for j in i..n {
            colours |= if st_piece(s, j) & TWO != 0 { 2 } else { 1 };
        }
        let mine_colour: u8 = if me == 0 { 1 } else { 2 };
        let dest = from + usize::from(die);
        let end = dest.min(SQUARES);
        let between: u32 = ((1u32 << end) - 1) & !((1u32 << (from + 1)) - 1);
        let (block1, block2) = self.blocks();
        let blockers = (if colours & 2 != 0 { block1 } else { 0 })
            | (if colours & 1 != 0 { block2 } else { 0 });
        if dest >= SQUARES && (self.has_in_source(me) || colours != mine_colour) {
            return Check::Fail(IllegalMove::CannotBearOff);
        }
        if blockers & between != 0 {
            return Check::Fail(IllegalMove::Blocked);
        }
        if dest < SQUARES && !st_can_place(self.board[dest], size) {
            return Check::Fail(IllegalMove::IllegalStack);
        }
        Check::Ok
    }

    /// Hands the dice to `player`, or ends the game at the move limit.
    fn next_throw(&mut self, player: Player) {
        self.to_move = player;
        if self.throws >= MOVE_LIMIT {
            let (one, two) = (self.in_play(Player::One), self.in_play(Player::Two));
            let winner = if one < two { Player::One } else { Player::Two };
            self.finish(winner, EndReason::MoveLimit);
        } else {
            self.phase = Phase::Throw;
        }
    }

    fn finish(&mut self, winner: Player, reason: EndReason) {
        self.to_move = winner;
        self.phase = Phase::Over(winner, reason);
    }

    fn apply_coaster(&mut self, c: Coaster) {
        let perm = match c {
            Coaster::EastToWest => &PERM_EW,
            Coaster::WestToEast => &PERM_WE,
        };
        let old = self.board;
        for (p, &s) in old.iter().enumerate() {
            self.board[usize::from(perm[p])] = s;
        }
        self.masks.permute(c);
    }
}

impl Rules for Martian {
    type Move = Move;
    const VARIANT: Variant = Variant::Martian;

    fn new(setup: Setup) -> Result<Self, SetupError> {
        Variant::Martian.check_players(setup.players)?;
        Ok(Martian::start())
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Throw => Status::Throw {
                player: self.to_move,
                spec: ThrowSpec::ONE_D6,
            },
            Phase::Move(_) => Status::Move {
                player: self.to_move,
            },
            Phase::Over(winner, reason) => Status::Over(Outcome {
                winner: Some(winner),
                reason,
                points: self.points_against(winner.opponent()),
            }),
        }
    }

    fn players(&self) -> u8 {
        2
    }

    fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow> {
        if self.phase != Phase::Throw {
            return Err(IllegalThrow::NotExpected);
        }
        throw.check(ThrowSpec::ONE_D6)?;
        let die = throw.faces()[0];
        self.throws += 1;
        if die == 5 || self.has_move(die) {
            self.phase = Phase::Move(die);
            Ok(ThrowEffect::Move)
        } else {
            let next = if die == 1 || die == 6 {
                self.to_move
            } else {
                self.to_move.opponent()
            };
            self.next_throw(next);
            Ok(ThrowEffect::NoMove)
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if let Phase::Move(die) = self.phase {
            self.for_each_move(die, |m| {
                out.push(m);
                true
            });
        }
    }

    fn breakdown(&self) -> Option<Breakdown> {
        let Phase::Over(winner, _) = self.phase else {
            return None;
        };
        let mut b = Breakdown::new(Whose::Loser);
        let pips = self.pips_by_track(winner.opponent());
        for ((track, label), pips) in Track::ALL
            .into_iter()
            .zip([
                ScoreLabel::SourceTrackPips,
                ScoreLabel::BalanceTrackPips,
                ScoreLabel::PerfectTrackPips,
            ])
            .zip(pips)
        {
            b.add(label, pips, track.points_per_pip());
        }
        Some(b)
    }

    fn why_illegal(&self, mv: Move) -> IllegalMove {
        let die = match self.phase {
            Phase::Move(d) => d,
            Phase::Throw => return IllegalMove::MustThrowFirst,
            Phase::Over(..) => return IllegalMove::GameOver,
        };
        match mv {
            Move::Coaster(_) if die != 5 => IllegalMove::NoSuchDie,
            Move::Coaster(_) => IllegalMove::NotLegal,
            Move::Pyramid { from, size } => {
                if usize::from(from) >= SQUARES || !(1..=3).contains(&size) {
                    return IllegalMove::Malformed;
                }
                if die == 5 {
                    return IllegalMove::NoSuchDie;
                }
                match self.check_pyramid(usize::from(from), size, die) {
                    Check::Fail(e) => e,
                    Check::Ok => IllegalMove::NotLegal,
                }
            }
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Phase::Move(die) = self.phase else {
            return;
        };
        let me = self.to_move;
        match mv {
            Move::Coaster(c) => self.apply_coaster(c),
            Move::Pyramid { from, size } => {
                let from = usize::from(from);
                let s = self.board[from];
                let Ok(i) = Martian::find_movable(s, size, owner_bit(me)) else {
                    return;
                };
                let table = info_table();
                let unit = s >> (3 * i);
                self.board[from] = s & ((1u16 << (3 * i)) - 1);
                self.masks.set(table, from, self.board[from]);
                let dest = from + usize::from(die);
                if dest < SQUARES {
                    let d = self.board[dest];
                    self.board[dest] = d | (unit << (3 * st_len(d)));
                    self.masks.set(table, dest, self.board[dest]);
                } else if self.masks.has[me.index() & 1] == 0 {
                    self.finish(me, EndReason::Completed);
                    return;
                }
            }
        }
        let next = if matches!(die, 1 | 5 | 6) {
            me
        } else {
            me.opponent()
        };
        self.next_throw(next);
    }

    fn concede(&mut self, player: Player, how: Concession) -> Result<(), IllegalMove> {
        if let Phase::Over(..) = self.phase {
            return Err(IllegalMove::GameOver);
        }
        self.finish(player.opponent(), how.into());
        Ok(())
    }

    fn to_notation(&self) -> String {
        let mut out = String::new();
        for (p, &s) in self.board.iter().enumerate() {
            if s == 0 {
                continue;
            }
            out.push_str(&square_name(p));
            out.push(':');
            for i in 0..st_len(s) {
                out.push(piece_char(st_piece(s, i)));
            }
            out.push(' ');
        }
        match self.phase {
            Phase::Throw => out.push_str(&format!("{} throw {}", self.to_move, self.throws)),
            Phase::Move(d) => out.push_str(&format!("{} move {d} {}", self.to_move, self.throws)),
            Phase::Over(w, r) => out.push_str(&format!("over {w} {} {}", r.code(), self.throws)),
        }
        out
    }

    fn from_notation(s: &str) -> Result<Self, ParseError> {
        let mut board = [0u16; SQUARES];
        let mut words = s.split_whitespace().peekable();
        while let Some(w) = words.peek() {
            let Some((sq, stack)) = w.split_once(':') else {
                break;
            };
            let p =
                parse_square(sq).ok_or_else(|| ParseError::new(format!("bad square {sq:?}")))?;
            if board[p] != 0 {
                return Err(ParseError::new(format!("square {sq} given twice")));
            }
            if stack.is_empty() || stack.len() > 5 {
                return Err(ParseError::new(format!("bad stack {stack:?}")));
            }
            let mut v = 0u16;
            for (i, c) in stack.chars().enumerate() {
                let pc = match c {
                    'S' => 1,
                    'M' => 2,
                    'L' => 3,
                    's' => TWO | 1,
                    'm' => TWO | 2,
                    'l' => TWO | 3,
                    _ => return Err(ParseError::new(format!("bad pyramid {c:?} in {stack:?}"))),
                };
                v |= pc << (3 * i);
            }
            board[p] = v;
            words.next();
        }
        let rest: Vec<&str> = words.collect();
        let num = |w: Option<&&str>| -> Result<u16, ParseError> {
            match w {
                None => Ok(0),
                Some(w) => w
                    .parse()
                    .map_err(|_| ParseError::new(format!("bad number {w:?}"))),
            }
        };
        let player = |w: &str| -> Result<Player, ParseError> {
            match w {
                "1" => Ok(Player::One),
                "2" => Ok(Player::Two),
                _ => Err(ParseError::new(format!("bad player {w:?}"))),
            }
        };
        let (to_move, phase, throws) = match rest.as_slice() {
            ["over", w, reason, tail @ ..] if tail.len() <= 1 => {
                let w = player(w)?;
                let reason = match EndReason::from_code(reason) {
                    Some(r) if r != EndReason::NoMove => r,
                    _ => return Err(ParseError::new(format!("bad end reason {reason:?}"))),
                };
                (w, Phase::Over(w, reason), num(tail.first())?)
            }
            [p, "throw", tail @ ..] if tail.len() <= 1 => {
                (player(p)?, Phase::Throw, num(tail.first())?)
            }
            [p, "move", d, tail @ ..] if tail.len() <= 1 => {
                let d: u8 = d
                    .parse()
                    .ok()
                    .filter(|d| (1..=6).contains(d))
                    .ok_or_else(|| ParseError::new(format!("bad die {d:?}")))?;
                (player(p)?, Phase::Move(d), num(tail.first())?)
            }
            _ => {
                return Err(ParseError::new(format!(
                    "expected `P throw [N]`, `P move D [N]` or `over P REASON [N]`, got {:?}",
                    rest.join(" ")
                )));
            }
        };
        let g = Martian {
            board,
            to_move,
            phase,
            throws,
            masks: Masks::of(&board),
        };
        g.check_invariants().map_err(ParseError::new)?;
        Ok(g)
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut count = [[0u8; 4]; 2];
        for (p, &s) in self.board.iter().enumerate() {
            st_valid(s).map_err(|e| format!("{}: {e}", square_name(p)))?;
        }
        if self.masks != Masks::of(&self.board) {
            return Err("the square masks do not match the board".into());
        }
        for &s in &self.board {
            for i in 0..st_len(s) {
                let pc = st_piece(s, i);
                count[usize::from(pc & TWO != 0)][usize::from(pc & 3)] += 1;
            }
        }
        for (who, sizes) in count.iter().enumerate() {
            for (size, &n) in sizes.iter().enumerate().skip(1) {
                if n > PER_SIZE {
                    return Err(format!(
                        "player {} has {n} pyramids of size {size} on the board (at most {PER_SIZE})",
                        who + 1,
                    ));
                }
            }
        }
        let left = [self.in_play(Player::One), self.in_play(Player::Two)];
        if self.throws > MOVE_LIMIT {
            return Err(format!(
                "{} throws, over the limit {MOVE_LIMIT}",
                self.throws
            ));
        }
        match self.phase {
            Phase::Throw | Phase::Move(_) => {
                if left.contains(&0) {
                    return Err("a player has borne everything off but the game goes on".into());
                }
                if self.phase == Phase::Throw && self.throws >= MOVE_LIMIT {
                    return Err("the move limit is reached but the game goes on".into());
                }
                if let Phase::Move(d) = self.phase {
                    if !(1..=6).contains(&d) {
                        return Err(format!("die {d}"));
                    }
                    if !self.has_move(d) {
                        return Err("a move is due but none is legal".into());
                    }
                }
            }
            Phase::Over(w, reason) => {
                if self.to_move != w {
                    return Err("game over: to_move must be the winner".into());
                }
                let (mine, theirs) = (left[w.index()], left[w.opponent().index()]);
                if theirs == 0 {
                    return Err("the loser has nothing left in play".into());
                }
                if reason == EndReason::Completed && mine != 0 {
                    return Err("completed, but the winner still has pyramids in play".into());
                }
                if reason == EndReason::NoMove {
                    return Err("martian games never end for want of a move".into());
                }
                if reason == EndReason::MoveLimit {
                    if self.throws < MOVE_LIMIT {
                        return Err(format!("move limit after only {} throws", self.throws));
                    }
                    if mine > theirs || (mine == theirs && w != Player::Two) {
                        return Err("move limit: the winner must have fewer pyramids in play \
                                    (a tie goes to player 2)"
                            .into());
                    }
                }
            }
        }
        Ok(())
    }
}

/// The geometry's piece for stack entry `pc`.
fn geometry_piece(pc: u16) -> Piece {
    let owner = if pc & TWO != 0 {
        Player::Two
    } else {
        Player::One
    };
    Piece::new(owner, PieceKind::pyramid((pc & 3) as u8))
}

/// The pieces of stack `s` from index `i` up, bottom to top.
fn geometry_pieces(s: u16, i: usize) -> crate::geometry::Pieces {
    (i..st_len(s))
        .map(|j| geometry_piece(st_piece(s, j)))
        .collect()
}

fn path_place(p: usize) -> Place {
    u8::try_from(p)
        .ok()
        .and_then(Place::path)
        .unwrap_or(Place::Off)
}

impl Layout for Martian {
    fn placement(&self) -> Placement {
        let mut out = Placement::default();
        let mut on = [[0u8; 4]; 2];
        for (p, &s) in self.board.iter().enumerate() {
            for piece in geometry_pieces(s, 0) {
                out.put(path_place(p), piece);
            }
            for i in 0..st_len(s) {
                let pc = st_piece(s, i);
                on[usize::from(pc & TWO != 0)][usize::from(pc & 3)] += 1;
            }
        }
        for (who, counts) in on.iter().enumerate() {
            for size in 1..=3u16 {
                let pc = size | if who == 1 { TWO } else { 0 };
                for _ in counts[usize::from(size)]..PER_SIZE {
                    out.put(Place::Off, geometry_piece(pc));
                }
            }
        }
        out.normalise();
        out
    }

    fn candidate_moves(&self, mut f: impl FnMut(Place, Move)) {
        if !matches!(self.phase, Phase::Move(_)) {
            return;
        }
        let me = owner_bit(self.to_move);
        for (p, &s) in self.board.iter().enumerate() {
            // Each of the mover's pyramids on the square, from the top down; a size the
            // mover has twice there (one free, one held in a nest) is asked once, as the
            // move names the free one.
            let mut sizes_seen = 0u8;
            for i in (0..st_len(s)).rev() {
                let pc = st_piece(s, i);
                let size = (pc & 3) as u8;
                if pc & TWO == me && sizes_seen & (1 << size) == 0 {
                    sizes_seen |= 1 << size;
                    f(
                        path_place(p),
                        Move::Pyramid {
                            from: p as u8,
                            size,
                        },
                    );
                }
            }
        }
    }

    fn geometry_unchecked(&self, mv: Move) -> Geometry {
        let Phase::Move(die) = self.phase else {
            return Geometry::default();
        };
        match mv {
            Move::Coaster(c) => {
                let perm = match c {
                    Coaster::EastToWest => &PERM_EW,
                    Coaster::WestToEast => &PERM_WE,
                };
                let steps = self
                    .board
                    .iter()
                    .enumerate()
                    .filter(|&(_, &s)| s != 0)
                    .map(|(p, &s)| {
                        let pieces = geometry_pieces(s, 0);
                        Step {
                            kind: StepKind::Coaster,
                            owner: pieces[0].owner.unwrap_or(Player::One),
                            from: path_place(p),
                            to: path_place(usize::from(perm[p])),
                            via: crate::geometry::Places::new(),
                            pieces,
                            dice: smallvec::smallvec![die],
                        }
                    })
                    .collect();
                Geometry {
                    steps,
                    coaster: Some(c),
                }
            }
            Move::Pyramid { from, size } => {
                let from = usize::from(from);
                let s = self.board[from];
                let Ok(i) = Martian::find_movable(s, size, owner_bit(self.to_move)) else {
                    return Geometry::default();
                };
                let to = from + usize::from(die);
                let to = if to < SQUARES {
                    path_place(to)
                } else {
                    Place::Off
                };
                Geometry {
                    steps: smallvec::smallvec![Step {
                        kind: if to == Place::Off {
                            StepKind::BearOff
                        } else {
                            StepKind::Move
                        },
                        owner: self.to_move,
                        from: path_place(from),
                        to,
                        via: crate::geometry::Places::new(),
                        pieces: geometry_pieces(s, i),
                        dice: smallvec::smallvec![die],
                    }],
                    coaster: None,
                }
            }
        }
    }
}

/// The colour of each player's pyramids, as the web client draws them (player 1 first).
pub const COLOURS: [&str; 2] = ["red", "yellow"];

/// Path square `p` as a special square: every square is on a named track with its rule;
/// the last of each track is where the path turns onto the next (the Birth and Death Flips)
/// or leaves the board.
const fn special_square(p: u8) -> SpecialSquare {
    let place = path_square(p);
    match p {
        8 => SpecialSquare {
            place,
            mark: "",
            name: "Birth Flip",
            rule: "The last square of the Source Track: the path goes on at B1, on the Balance \
                   Track.",
            kind: SquareKind::Flip,
        },
        17 => SpecialSquare {
            place,
            mark: "",
            name: "Death Flip",
            rule: "The last square of the Balance Track: the path goes on at P1, on the Perfect \
                   Track.",
            kind: SquareKind::Flip,
        },
        26 => SpecialSquare {
            place,
            mark: "",
            name: "Exit",
            rule: "The last square of the Perfect Track: a count that reaches past it bears a \
                   pyramid off, exactly or not.",
            kind: SquareKind::BearOff,
        },
        0..9 => SpecialSquare {
            place,
            mark: "",
            name: "Source Track",
            rule: "Pyramids move East to West here; none of yours bears off while one of yours \
                   is on this track.",
            kind: SquareKind::Track,
        },
        9..18 => SpecialSquare {
            place,
            mark: "",
            name: "Balance Track",
            rule: "Pyramids move West to East here.",
            kind: SquareKind::Track,
        },
        _ => SpecialSquare {
            place,
            mark: "",
            name: "Perfect Track",
            rule: "Pyramids move East to West here, and bear off past its end.",
            kind: SquareKind::Track,
        },
    }
}

/// Every square of the path, in path order.
const SPECIAL: [SpecialSquare; SQUARES] = {
    let mut out = [special_square(0); SQUARES];
    let mut p = 0;
    while p < SQUARES {
        out[p] = special_square(p as u8);
        p += 1;
    }
    out
};

impl Ruleset for Martian {
    const ID: &'static str = "martian";
    const NAME: &'static str = "Martian Senet";
    const PLAYER_RANGE: (u8, u8) = (2, 2);
    const OPTIONS: &'static [&'static str] = &[];
    const THROW: ThrowSpec = ThrowSpec::ONE_D6;
    const BOARD: BoardKind = BoardKind::Martian;
    const POSITION_NOTATION: PositionNotation = PositionNotation::MartianStacks;
    const MOVE_NOTATION: &'static str =
        "SQUARE then SIZE (S1L: the large pyramid on S1), or E>W / W>E (a coaster move)";
    const SUMMARY: &'static str = "Three 3×3 coasters in a line make three tracks of nine \
        squares, run one after another: Source, Balance, Perfect. Each player has four trios \
        of pyramids, which nest and stack on pyramids of either colour; a free pyramid moves \
        by the die with the smaller ones on top of it, and a complete tree of one colour \
        blocks the other. A 5 moves an end coaster, with everything on it, to the other end; \
        1, 5 and 6 throw again. Once none of yours is on the Source Track, bear off past the \
        end of the Perfect Track: the first to bear off all twelve wins.";
    const PIECE: PieceNoun = PieceNoun::Pyramid;
    const SPECIAL_SQUARES: &'static [SpecialSquare] = &SPECIAL;

    fn own_words(reason: IllegalMove) -> Option<&'static str> {
        match reason {
            IllegalMove::Blocked => {
                Some("That pyramid is blocked by a complete tree of the other colour in its way.")
            }
            IllegalMove::CannotBearOff => Some(
                "A pyramid bears off only once none of yours is on the Source Track, and never \
                 carrying the other colour.",
            ),
            IllegalMove::IllegalStack => Some(
                "That pyramid cannot stack where it would land: only on a pyramid one size \
                 larger or smaller, and never nesting over a tree.",
            ),
            IllegalMove::Trapped => {
                Some("That pyramid is held inside a larger one: the larger one moves first.")
            }
            IllegalMove::NoSuchDie => {
                Some("This throw moves a coaster, not a pyramid: choose a coaster move.")
            }
            _ => None,
        }
    }

    /// [`COLOURS`]: red for player 1, yellow for player 2.
    fn sides(&self) -> Vec<Option<&'static str>> {
        COLOURS.iter().map(|&c| Some(c)).collect()
    }

    /// The pyramids each player bore off, and the die to play:
    /// `borne off: red 3, yellow 0 · die: 4`.
    fn notes(&self) -> Vec<Note> {
        let all = 3 * u32::from(PER_SIZE);
        let off = |player| all.saturating_sub(self.in_play(player));
        let mut notes = vec![Note::BorneOff {
            sides: vec![
                SideCount::new(COLOURS[0], off(Player::One)),
                SideCount::new(COLOURS[1], off(Player::Two)),
            ],
        }];
        if let Phase::Move(die) = self.phase {
            notes.push(Note::Die { die });
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throw_table_covers_the_die_and_sums_to_one() {
        let faces: Vec<u8> = THROW_TABLE.iter().map(|t| t.0).collect();
        assert_eq!(faces, vec![1, 2, 3, 4, 5, 6]);
        let total: f64 = THROW_TABLE.iter().map(|_| 1.0 / 6.0).sum();
        assert!((total - 1.0).abs() < 1e-12);
        for (face, steps, again) in THROW_TABLE {
            assert_eq!(again, matches!(face, 1 | 5 | 6));
            if face != 5 {
                assert_eq!(steps, face);
            }
        }
    }

    #[test]
    fn path_geometry() {
        // Source and Perfect run East to West, Balance West to East.
        assert_eq!(column(0), 0);
        assert_eq!(column(8), 8);
        assert_eq!(column(9), 8, "B1 is at the west end: the Birth Flip");
        assert_eq!(column(17), 0, "B9 is at the east end: the Death Flip");
        assert_eq!(column(18), 0);
        assert_eq!(column(26), 8);
        assert_eq!(square_name(0), "S1");
        assert_eq!(square_name(13), "B5");
        assert_eq!(square_name(26), "P9");
        for p in 0..SQUARES {
            assert_eq!(parse_square(&square_name(p)), Some(p));
            assert_eq!(on_column(p, column(p)), p);
        }
    }

    #[test]
    fn coaster_moves_are_inverse_permutations_keeping_tracks() {
        let mut seen = [false; SQUARES];
        for (p, &q) in PERM_EW.iter().enumerate() {
            let q = usize::from(q);
            assert!(!seen[q]);
            seen[q] = true;
            assert_eq!(Track::of(p), Track::of(q), "a coaster keeps its tracks");
            assert_eq!(usize::from(PERM_WE[q]), p);
            // Not rotated or reversed: the order of columns within a coaster is kept.
            assert_eq!(column(p) % 3, column(q) % 3);
        }
        assert_eq!(PERM_EW[0], 6, "S1 (east end) goes to S7");
        assert_eq!(PERM_EW[3], 0, "S4 becomes S1");
        let mut g = Martian::from_notation("S1:SML S2:lms B1:M B8:s P3:L P9:ml 1 throw").unwrap();
        let start = g;
        for c in [
            Coaster::EastToWest,
            Coaster::WestToEast,
            Coaster::EastToWest,
        ] {
            g.apply_coaster(c);
            assert_eq!(g.masks, Masks::of(&g.board), "masks follow the coaster");
        }
        g.apply_coaster(Coaster::WestToEast);
        assert_eq!(g, start);
        for _ in 0..3 {
            g.apply_coaster(Coaster::EastToWest);
        }
        assert_eq!(g, start);
    }

    #[test]
    fn stack_rules() {
        // Tree-wise and nest-wise onto single pyramids.
        assert!(st_can_place(3, 2));
        assert!(st_can_place(1, 2));
        assert!(!st_can_place(2, 2));
        assert!(!st_can_place(3, 1));
        assert!(!st_can_place(1, 3));
        // Onto a tree (large, medium): medium-over-... no nest on a tree.
        let tree = 3 | (2 << 3);
        assert!(st_can_place(tree, 1));
        assert!(!st_can_place(tree, 3));
        // Onto a nest (small, medium): a large nests, a small trees.
        let nest = 1 | (2 << 3);
        assert!(st_can_place(nest, 3));
        assert!(st_can_place(nest, 1));
        assert_eq!(st_len(0), 0);
        assert_eq!(st_len(7), 1);
        assert_eq!(st_len(1 | (2 << 3) | (3 << 6) | (2 << 9) | (1 << 12)), 5);
        assert!(st_valid(1 | (2 << 3) | (3 << 6) | (2 << 9) | (1 << 12)).is_ok());
        assert!(st_valid(3 | (2 << 3) | (3 << 6)).is_err());
        assert_eq!(st_block(3 | (2 << 3) | (1 << 6)), Some(0));
        assert_eq!(st_block(3 | (2 << 3) | ((1 | TWO) << 6)), None);
    }

    #[test]
    fn start_position_round_trips() {
        let g = Martian::start();
        let text = g.to_notation();
        assert_eq!(
            text,
            "S1:SML S2:sml S3:SML S4:sml S6:SML S7:sml S8:SML S9:sml 1 throw 0"
        );
        assert_eq!(Martian::from_notation(&text).unwrap(), g);
        g.check_invariants().unwrap();
        assert_eq!(g.points_against(Player::Two), 4 * 6 * 3);
    }

    #[test]
    fn table_generator_agrees_with_the_plain_one() {
        // A cheap deterministic generator so the test needs no dependency.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..40 {
            let mut g = Martian::start();
            let mut buf = Vec::new();
            while g.status().outcome().is_none() {
                match g.phase {
                    Phase::Throw => {
                        let face = (next() % 6 + 1) as u8;
                        g.throw(Throw::from_faces(&[face]).unwrap()).unwrap();
                    }
                    Phase::Move(d) => {
                        for die in [1, 2, 3, 4, 6] {
                            let (mut fast, mut slow) = (Vec::new(), Vec::new());
                            g.for_each_move(die, |m| {
                                fast.push(m);
                                true
                            });
                            g.for_each_move_slow(die, |m| {
                                slow.push(m);
                                true
                            });
                            fast.sort_by_key(|m| m.to_string());
                            slow.sort_by_key(|m| m.to_string());
                            assert_eq!(fast, slow, "{}", g.to_notation());
                            checked += 1;
                        }
                        assert!(g.has_move(d));
                        g.legal_moves_into(&mut buf);
                        let m = buf[(next() % buf.len() as u64) as usize];
                        g.play(g.to_move, m).unwrap();
                    }
                    Phase::Over(..) => unreachable!(),
                }
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn notation_refuses_impossible_positions() {
        let bad = [
            "S1:LLLLL P9:l 1 throw 0",               // same size on same size
            "S1:L S2:L S3:L S4:L S5:L P9:l 1 throw", // five larges
            "S1:LMl P9:s 1 throw",                   // a nest built on a tree
            "S1:L S1:M P9:l 1 throw",                // a square twice
            "S1:L 1 throw",                          // player 2 has nothing left, game not over
            "S1:L S3:l 1 move 2",                    // no legal move for the due die
            "S1:L P9:l 1 throw 3000",                // the move limit has passed
            "S1:L P9:l over 1 completed",            // the winner still has pyramids
            "S1:L P9:l over 1 move_limit 3000",      // a tie goes to player 2
            "S1:L P9:l 3 throw",
            "X1:L P9:l 1 throw",
            "S1:LX P9:l 1 throw",
        ];
        for b in bad {
            assert!(Martian::from_notation(b).is_err(), "{b}");
        }
        assert!(Martian::from_notation("S1:L P9:l over 2 move_limit 3000").is_ok());
        assert!(Martian::from_notation("S1:L P9:l 2 move 5 17").is_ok());
    }

    #[test]
    fn state_stays_small() {
        assert!(std::mem::size_of::<Martian>() <= 96);
        assert!(std::mem::size_of::<Move>() <= 4);
    }

    #[test]
    fn serde_writes_notation() {
        let g = Martian::start();
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(json, format!("\"{}\"", g.to_notation()));
        assert_eq!(serde_json::from_str::<Martian>(&json).unwrap(), g);
        let m: Move = "s1l".parse().unwrap();
        assert_eq!(m, Move::Pyramid { from: 0, size: 3 });
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"S1L\"");
        assert_eq!("w>e".parse::<Move>().unwrap().to_string(), "W>E");
        assert!("S0L".parse::<Move>().is_err());
        assert!("Q1L".parse::<Move>().is_err());
        assert!("S1X".parse::<Move>().is_err());
    }
}
