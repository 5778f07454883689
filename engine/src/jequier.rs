//! `jequier`: Senet as Gustave Jéquier proposed it (1930), in the wording of a digital game
//! library.
//!
//! Five pieces a side start on the first row, alternating white (odd squares) and black
//! (even squares). Four two-sided sticks give 1, 2, 3, 4 or 6; 1, 4 and 6 throw again. The
//! first player to throw a 1 is black and opens by moving the front piece (square 10) one
//! square. A piece landing on an opposing piece sends it back to the lowest empty square,
//! unless that piece stands next to another of its colour or on a safe square (15, 26, 28,
//! 29). Three opposing pieces in a row cannot be passed. A piece landing on 27 is sent back.
//! When no piece can move forward, a piece must move backward to an empty square. Pieces bear
//! off (any overshoot) once all of their side are in the last row. The winner scores 3, 2 or
//! 1 points per opposing piece left on the first, middle or last row.
//!
//! Every reading of an unclear sentence is listed in `docs/rules/jequier.md`.
//!
//! # Notation
//!
//! A position is three words: `BOARD SEATS STATE`.
//! - `BOARD`: 30 characters for squares 1 to 30: `W`/`B` a white/black piece, `w`/`b` one
//!   that has not yet left its starting square, `.` empty. Pieces not on the board are off.
//! - `SEATS`: `b1` (player 1 is black), `b2`, or `b-` (nobody has thrown a 1 yet).
//! - `STATE`: `t1` (player 1 throws), `m2:3` (player 2 moves a throw of 3), `w1` (player 1
//!   won by bearing off), `r1` (player 1 won by resignation).
//!
//! The start: `wbwbwbwbwb.................... b- t1`.
//!
//! A move is `FROM-TO` (`10-11`, `14-12` backward) or `FROM-off` (bearing off).

use serde::{Deserialize, Serialize};

use crate::discs::{self, BOARD_MASK, ROW1, ROW2};
use crate::geometry::{self, Geometry, Layout, Piece, PieceKind, Place, Placement, StepKind};
use crate::notes::{Note, SideCount};
use crate::ruleset::track_square;
use crate::scoring::Breakdown;
use crate::stuck::PieceNoun;
use crate::{
    BoardKind, Concession, Die, EndReason, IllegalMove, IllegalThrow, Outcome, ParseError, Player,
    PositionNotation, Rules, Ruleset, Setup, SetupError, SpecialSquare, SquareKind, Status, Throw,
    ThrowEffect, ThrowSpec, Variant,
};

/// Pieces per player.
pub const PIECES: u32 = 5;
/// Squares whose pieces cannot be sent back. The source's "20" is read as 15 (see the docs).
pub const SAFE_SQUARES: [u8; 4] = [15, 26, 28, 29];
/// The trap: a piece landing here is sent back to the lowest empty square.
pub const TRAP: u8 = 27;
pub use crate::discs::OFF;
/// What the four sticks give, with their chances out of 16: `(value, chances)`.
///
/// Each stick is fair; the value is the number of plain sides up, or 6 when none is.
pub const THROW_TABLE: [(u8, u8); 5] = [(1, 4), (2, 6), (3, 4), (4, 1), (6, 1)];

const SAFE_MASK: u32 = 1 << 15 | 1 << 26 | 1 << 28 | 1 << 29;
const START_WHITE: u32 = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7 | 1 << 9;
const START_BLACK: u32 = 1 << 2 | 1 << 4 | 1 << 6 | 1 << 8 | 1 << 10;

/// The value of a throw of the four sticks (faces: 1 plain side up, 0 red side up).
pub fn throw_value(throw: &Throw) -> u8 {
    match throw.faces().iter().filter(|&&f| f == 1).count() {
        0 => 6,
        n => n as u8,
    }
}

/// True if a throw of this value lets the thrower throw again (1, 4 and 6).
pub const fn grants_another_throw(value: u8) -> bool {
    matches!(value, 1 | 4 | 6)
}

pub use crate::discs::Colour;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Phase {
    Throw { player: Player },
    Move { player: Player, throw: u8 },
    Over { winner: Player, reason: EndReason },
}

/// A game of `jequier`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Jequier {
    /// Bit `s` set: a white piece on square `s` (1 to 30).
    white: u32,
    /// Bit `s` set: a black piece on square `s`.
    black: u32,
    /// Bit `s` set: the piece on `s` has never left its starting square.
    unmoved: u32,
    /// The player who plays black, once someone has thrown a 1.
    black_seat: Option<Player>,
    phase: Phase,
}

pub use crate::discs::Move;

/// Where the legal moves start, by kind (bit `s`: the piece on square `s`).
struct Sources {
    forward: u32,
    bear_off: u32,
    backward: u32,
}

impl Sources {
    fn any(&self) -> bool {
        self.forward | self.bear_off | self.backward != 0
    }
}

/// Bits strictly between squares `a` and `b` (`a < b <= 31`).
#[inline]
fn between(a: u32, b: u32) -> u32 {
    debug_assert!(a < b && b <= 31);
    ((1u32 << b) - 1) & !((1u32 << (a + 1)) - 1)
}

/// Squares of `pieces` that belong to a run of three or more in a row along the track.
#[inline]
fn blockade_squares(pieces: u32) -> u32 {
    let r = pieces & (pieces >> 1) & (pieces >> 2);
    r | r << 1 | r << 2
}

/// Pieces of `pieces` that cannot be sent back: next to one of their own, or on a safe square.
#[inline]
fn protected_squares(pieces: u32) -> u32 {
    pieces & ((pieces << 1) | (pieces >> 1) | SAFE_MASK)
}

/// The lowest empty square of the board `occupied`.
#[inline]
fn lowest_empty(occupied: u32) -> u32 {
    // At most 10 pieces, so this is at most 11; the bound only guards hand-made states.
    (!(occupied | 1)).trailing_zeros().min(31)
}

impl Jequier {
    /// The player who plays black, once someone has thrown a 1.
    pub fn black_seat(&self) -> Option<Player> {
        self.black_seat
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

    /// The squares (as bits) of pieces that have never left their starting square.
    pub fn unmoved(&self) -> u32 {
        self.unmoved
    }

    fn colour_bits(&self, player: Player) -> (u32, u32) {
        discs::own_and_other(self.white, self.black, self.black_seat, player)
    }

    /// Squares of pieces that must still wait for the piece that started in front of them.
    #[inline]
    fn waiting(&self) -> u32 {
        self.unmoved & (self.unmoved >> 1)
    }

    /// The sources of the legal moves of `player` for a throw of `n`, as bit masks: forward
    /// moves on the board, bearing off, and (only when neither exists) backward moves to
    /// empty squares. Every piece is handled at once with shifts.
    #[inline]
    fn sources(&self, player: Player, n: u8) -> Sources {
        let none = Sources {
            forward: 0,
            bear_off: 0,
            backward: 0,
        };
        if !(1..=6).contains(&n) {
            return none;
        }
        let n = u32::from(n);
        let (own, opp) = self.colour_bits(player);
        let movable = own & !self.waiting();
        let block = blockade_squares(opp);
        // Bit s set: a blockade square lies strictly between s and s + n.
        let mut passes_block = 0;
        for k in 1..n {
            passes_block |= block >> k;
        }
        let landing = BOARD_MASK & !own & !protected_squares(opp);
        let forward = movable & !passes_block & (landing >> n);
        let bear_off = if own & (ROW1 | ROW2) == 0 {
            // Pieces that go past 30 and have no blockade square above them.
            let past_end = BOARD_MASK & !((1u32 << (31 - n)) - 1);
            let below_block = if block == 0 {
                0
            } else {
                (1u32 << (31 - block.leading_zeros())) - 1
            };
            movable & past_end & !below_block
        } else {
            0
        };
        if forward | bear_off != 0 {
            return Sources {
                forward,
                bear_off,
                backward: 0,
            };
        }
        let empty = BOARD_MASK & !(own | opp);
        let to = (movable >> n) & empty & !passes_block;
        Sources {
            backward: to << n,
            ..none
        }
    }

    /// Calls `f` with each legal move of `player` for a throw of `n`, in order of the square
    /// it leaves.
    #[inline]
    fn for_each_move(&self, player: Player, n: u8, mut f: impl FnMut(Move)) {
        let src = self.sources(player, n);
        let mut bits = src.forward | src.bear_off | src.backward;
        while bits != 0 {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let to = if src.forward & (1 << s) != 0 {
                s + n
            } else if src.bear_off & (1 << s) != 0 {
                OFF
            } else {
                s - n
            };
            f(Move::new(s, to));
        }
    }

    /// The pieces the loser of a game won by `winner` still has on the board.
    fn loser_pieces(&self, winner: Player) -> u32 {
        if self.black_seat.is_none() {
            // Colours not yet decided: both sides still have all five on the first row.
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

    /// Parses one word of the state: `t1`, `m2:3`, `w1`, `r2`.
    fn parse_phase(word: &str) -> Result<Phase, ParseError> {
        let bad = || ParseError::new(format!("bad state {word:?}: want t1, m1:3, w1 or r1"));
        let mut chars = word.chars();
        let kind = chars.next().ok_or_else(bad)?;
        let rest = chars.as_str();
        let player = |p: &str| p.parse::<Player>().ok().filter(|p| p.index() < 2);
        Ok(match kind {
            't' => Phase::Throw {
                player: player(rest).ok_or_else(bad)?,
            },
            'w' | 'r' | 'x' => Phase::Over {
                winner: player(rest).ok_or_else(bad)?,
                reason: match kind {
                    'w' => EndReason::Completed,
                    'r' => EndReason::Resigned,
                    _ => EndReason::Timeout,
                },
            },
            'm' => {
                let (p, n) = rest.split_once(':').ok_or_else(bad)?;
                let n: u8 = n.parse().map_err(|_| bad())?;
                if !THROW_TABLE.iter().any(|&(v, _)| v == n) {
                    return Err(bad());
                }
                Phase::Move {
                    player: player(p).ok_or_else(bad)?,
                    throw: n,
                }
            }
            _ => return Err(bad()),
        })
    }
}

impl Rules for Jequier {
    type Move = Move;
    const VARIANT: Variant = Variant::Jequier;

    fn new(setup: Setup) -> Result<Self, SetupError> {
        Variant::Jequier.check_players(setup.players)?;
        Ok(Jequier {
            white: START_WHITE,
            black: START_BLACK,
            unmoved: START_WHITE | START_BLACK,
            black_seat: None,
            phase: Phase::Throw {
                player: Player::One,
            },
        })
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Throw { player } => Status::Throw {
                player,
                spec: ThrowSpec::FOUR_STICKS,
            },
            Phase::Move { player, .. } => Status::Move { player },
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
        let mut plain = 0;
        for &face in faces {
            if face > 1 {
                return Err(IllegalThrow::FaceOutOfRange {
                    die: Die::Stick,
                    face,
                });
            }
            plain += face;
        }
        let n = if plain == 0 { 6 } else { plain };
        if self.black_seat.is_none() {
            if n != 1 {
                // Deciding who starts: one throw each, in turn, until someone throws a 1.
                self.phase = Phase::Throw {
                    player: player.opponent(),
                };
                return Ok(ThrowEffect::Decided);
            }
            self.black_seat = Some(player);
        }
        self.phase = Phase::Move { player, throw: n };
        if !self.sources(player, n).any() {
            // "If no moves are possible, the turn ends": no extra throw, even on 1, 4 or 6.
            self.phase = Phase::Throw {
                player: player.opponent(),
            };
            return Ok(ThrowEffect::NoMove);
        }
        Ok(ThrowEffect::Move)
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if let Phase::Move { player, throw } = self.phase {
            self.for_each_move(player, throw, |m| out.push(m));
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
        let Phase::Move { player, throw } = self.phase else {
            return match self.phase {
                Phase::Over { .. } => IllegalMove::GameOver,
                _ => IllegalMove::MustThrowFirst,
            };
        };
        if !mv.well_formed() {
            return IllegalMove::Malformed;
        }
        let (own, opp) = self.colour_bits(player);
        let (s, d, n) = (u32::from(mv.from), u32::from(mv.to), u32::from(throw));
        if own & (1 << s) == 0 {
            return IllegalMove::NoSuchPiece;
        }
        let distance_ok = if d == u32::from(OFF) {
            s + n > 30
        } else if d > s {
            d - s == n
        } else {
            s - d == n
        };
        if !distance_ok {
            return IllegalMove::NoSuchDie;
        }
        if self.waiting() & (1 << s) != 0 {
            return IllegalMove::MustWait;
        }
        let block = blockade_squares(opp);
        if d < s {
            // Backward: only when no forward move exists, only to an empty square.
            let src = self.sources(player, throw);
            if src.forward | src.bear_off != 0 {
                return IllegalMove::NoBackward;
            }
            if own & (1 << d) != 0 {
                return IllegalMove::OccupiedByOwn;
            }
            if opp & (1 << d) != 0 || block & between(d, s) != 0 {
                return IllegalMove::Blocked;
            }
            return IllegalMove::NotLegal;
        }
        if d == u32::from(OFF) {
            if own & (ROW1 | ROW2) != 0 {
                return IllegalMove::CannotBearOff;
            }
            if block & between(s, 31) != 0 {
                return IllegalMove::Blocked;
            }
            return IllegalMove::NotLegal;
        }
        if own & (1 << d) != 0 {
            return IllegalMove::OccupiedByOwn;
        }
        if block & between(s, d) != 0 {
            return IllegalMove::Blocked;
        }
        if protected_squares(opp) & (1 << d) != 0 {
            return IllegalMove::Protected;
        }
        IllegalMove::NotLegal
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Phase::Move { player, throw } = self.phase else {
            return;
        };
        let black = self.black_seat == Some(player);
        let (mut own, mut opp) = self.colour_bits(player);
        let (s, d) = (u32::from(mv.from), u32::from(mv.to));
        own &= !(1 << s);
        self.unmoved &= !(1 << s);
        if d != u32::from(OFF) {
            self.unmoved &= !(1 << d);
            own |= 1 << d;
            if opp & (1 << d) != 0 {
                // Sent back to the lowest empty square; the square just left counts as empty.
                opp &= !(1 << d);
                opp |= 1 << lowest_empty(own | opp);
            }
            if d == u32::from(TRAP) {
                own &= !(1 << d);
                own |= 1 << lowest_empty(own | opp);
            }
        }
        if black {
            (self.black, self.white) = (own, opp);
        } else {
            (self.white, self.black) = (own, opp);
        }
        self.phase = if own == 0 {
            Phase::Over {
                winner: player,
                reason: EndReason::Completed,
            }
        } else if grants_another_throw(throw) {
            Phase::Throw { player }
        } else {
            Phase::Throw {
                player: player.opponent(),
            }
        };
    }

    fn concede(&mut self, player: Player, how: Concession) -> Result<(), IllegalMove> {
        if matches!(self.phase, Phase::Over { .. }) {
            return Err(IllegalMove::GameOver);
        }
        if player.index() >= 2 {
            return Err(IllegalMove::NotYourTurn);
        }
        self.phase = Phase::Over {
            winner: player.opponent(),
            reason: how.into(),
        };
        Ok(())
    }

    fn to_notation(&self) -> String {
        let mut s = String::with_capacity(40);
        discs::write_squares_and_seats(
            &mut s,
            self.white,
            self.black,
            self.unmoved,
            self.black_seat,
        );
        match self.phase {
            Phase::Throw { player } => s.push_str(&format!("t{player}")),
            Phase::Move { player, throw } => s.push_str(&format!("m{player}:{throw}")),
            Phase::Over { winner, reason } => {
                let k = match reason {
                    EndReason::Resigned => 'r',
                    EndReason::Timeout => 'x',
                    _ => 'w',
                };
                s.push_str(&format!("{k}{winner}"));
            }
        }
        s
    }

    fn from_notation(text: &str) -> Result<Self, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [board, seats, state] = words.as_slice() else {
            return Err(ParseError::new(format!(
                "a jequier position is BOARD SEATS STATE, got {text:?}"
            )));
        };
        let mut g = Jequier {
            white: 0,
            black: 0,
            unmoved: 0,
            black_seat: None,
            phase: Phase::Throw {
                player: Player::One,
            },
        };
        (g.white, g.black, g.unmoved) = discs::read_squares(board, true)?;
        g.black_seat = discs::read_seats(seats)?;
        g.phase = Jequier::parse_phase(state)?;
        g.check_invariants().map_err(ParseError::new)?;
        Ok(g)
    }

    fn check_invariants(&self) -> Result<(), String> {
        discs::check_squares(self.white, self.black, self.black_seat)?;
        let (w, b) = (self.white.count_ones(), self.black.count_ones());
        if w > PIECES || b > PIECES {
            return Err(format!(
                "more than {PIECES} pieces of a colour: {w} white, {b} black"
            ));
        }
        if (self.white | self.black) & (1 << TRAP) != 0 {
            return Err(format!("a piece rests on the trap square {TRAP}"));
        }
        if self.unmoved & !((self.white & START_WHITE) | (self.black & START_BLACK)) != 0 {
            return Err("an unmoved piece is not on a starting square of its colour".into());
        }
        let over = matches!(self.phase, Phase::Over { .. });
        if self.black_seat.is_none() {
            let start = self.white == START_WHITE
                && self.black == START_BLACK
                && self.unmoved == START_WHITE | START_BLACK;
            if !start {
                return Err("before anyone has thrown a 1 the board must be the start".into());
            }
            if matches!(self.phase, Phase::Move { .. }) {
                return Err("no move before anyone has thrown a 1".into());
            }
        }
        if !over && (w == 0 || b == 0) {
            return Err("a side has borne off every piece but the game is not over".into());
        }
        match self.phase {
            Phase::Throw { player } if player.index() >= 2 => {
                return Err("only players 1 and 2 play".into());
            }
            Phase::Move { player, throw } => {
                if player.index() >= 2 {
                    return Err("only players 1 and 2 play".into());
                }
                if !THROW_TABLE.iter().any(|&(v, _)| v == throw) {
                    return Err(format!("{throw} is not a throw of the sticks"));
                }
                if !self.sources(player, throw).any() {
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
                    return Err("a jequier game ends by bearing off, resignation or time".into());
                }
            }
            Phase::Throw { .. } => {}
        }
        Ok(())
    }
}

impl Jequier {
    /// The seat playing `colour`, once decided.
    fn seat_of(&self, colour: Colour) -> Option<Player> {
        discs::seat_of(self.black_seat, colour)
    }
}

impl Layout for Jequier {
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
                if bits & (1 << sq) != 0 {
                    p.put(geometry::track(sq), piece);
                }
            }
            for _ in bits.count_ones()..PIECES {
                p.put(Place::Off, piece);
            }
        }
        p.normalise();
        p
    }

    fn candidate_moves(&self, mut f: impl FnMut(Place, Move)) {
        let Phase::Move { player, throw } = self.phase else {
            return;
        };
        let mut own = self.colour_bits(player).0;
        while own != 0 {
            let s = own.trailing_zeros() as u8;
            own &= own - 1;
            let place = geometry::track(s);
            // Forward (off the board past 30), then backward.
            f(place, Move::new(s, (s + throw).min(OFF)));
            if s > throw {
                f(place, Move::new(s, s - throw));
            }
        }
    }

    fn geometry_unchecked(&self, mv: Move) -> Geometry {
        let Phase::Move { player, throw } = self.phase else {
            return Geometry::default();
        };
        let (kind, other) = if self.black_seat == Some(player) {
            (PieceKind::Black, PieceKind::White)
        } else {
            (PieceKind::White, PieceKind::Black)
        };
        let (own, opp) = self.colour_bits(player);
        let mut after = self.clone();
        after.play_unchecked(mv);
        let (own_after, opp_after) = after.colour_bits(player);
        // The square the mover comes to rest on: new in its colour, unless borne off.
        let new = own_after & !own;
        let rest = if new == 0 {
            mv.from
        } else {
            new.trailing_zeros() as u8
        };
        let mut step = geometry::mover_step(
            player,
            geometry::track(mv.from),
            if mv.to == OFF {
                Place::Off
            } else {
                geometry::track(rest)
            },
            kind,
            smallvec::smallvec![throw],
        );
        if mv.to == TRAP {
            step.via.push(geometry::track(TRAP));
        }
        let mut steps = smallvec::smallvec![step];
        let sent = opp_after & !opp;
        if sent != 0 {
            steps.push(geometry::caused_step(
                StepKind::SentBack,
                player.opponent(),
                geometry::track(mv.to),
                geometry::track(sent.trailing_zeros() as u8),
                other,
            ));
        }
        Geometry {
            steps,
            coaster: None,
        }
    }
}

impl Ruleset for Jequier {
    const ID: &'static str = "jequier";
    const NAME: &'static str = "Jéquier's Senet (1930)";
    const PLAYER_RANGE: (u8, u8) = (2, 2);
    const OPTIONS: &'static [&'static str] = &[];
    const THROW: ThrowSpec = ThrowSpec::FOUR_STICKS;
    const BOARD: BoardKind = BoardKind::Track30;
    const POSITION_NOTATION: PositionNotation = PositionNotation::TrackDiscs;
    const MOVE_NOTATION: &'static str = "FROM-TO (10-11) or FROM-off (28-off)";
    const SUMMARY: &'static str = "Five pieces each on the S-shaped track of 30 squares, and four \
        throwing sticks (1 to 4 plain sides up, or 6 with all red sides up). The first to throw \
        a 1 plays black and moves first. Throws of 1, 4 and 6 throw again. A piece that lands \
        on an opposing piece sends it back to the lowest empty square, unless that piece has \
        one of its colour beside it or stands on square 15, 26, 28 or 29; three in a row \
        cannot be passed. Square 27 sends a piece back too. When no piece can move forward, \
        one must move backward. Bear off once all your pieces are in the last row: the first \
        to bear off all five wins.";
    const PIECE: PieceNoun = PieceNoun::Piece;
    const SPECIAL_SQUARES: &'static [SpecialSquare] = &[
        SpecialSquare {
            place: track_square(15),
            mark: "↺",
            name: "House of Rebirth",
            rule: "Safe: a piece here cannot be sent back.",
            kind: SquareKind::Safe,
        },
        SpecialSquare {
            place: track_square(26),
            mark: "☥",
            name: "House of Happiness",
            rule: "Safe: a piece here cannot be sent back.",
            kind: SquareKind::Safe,
        },
        SpecialSquare {
            place: track_square(TRAP),
            mark: "≈",
            name: "Water",
            rule: "A piece that lands here goes back at once to the lowest empty square.",
            kind: SquareKind::Trap,
        },
        SpecialSquare {
            place: track_square(28),
            mark: "III",
            name: "Safe square",
            rule: "Safe: a piece here cannot be sent back.",
            kind: SquareKind::Safe,
        },
        SpecialSquare {
            place: track_square(29),
            mark: "II",
            name: "Safe square",
            rule: "Safe: a piece here cannot be sent back.",
            kind: SquareKind::Safe,
        },
    ];

    fn own_words(reason: IllegalMove) -> Option<&'static str> {
        match reason {
            IllegalMove::MustWait => {
                Some("That piece must wait until the piece in front of it has moved.")
            }
            IllegalMove::Blocked => {
                Some("That piece is blocked by three opposing pieces in a row.")
            }
            IllegalMove::Protected => Some(
                "That piece would land on a protected piece: two of a colour side by side, or \
                 one on a safe square (15, 26, 28, 29).",
            ),
            IllegalMove::CannotBearOff => {
                Some("You may bear off only once all your pieces are in the last row.")
            }
            IllegalMove::NoBackward => {
                Some("A piece moves backward only when none of yours can move forward.")
            }
            IllegalMove::NoSuchDie => Some("The sticks do not move that piece that far."),
            _ => None,
        }
    }

    /// `black` and `white` once someone has thrown the first 1, `None` before.
    fn sides(&self) -> Vec<Option<&'static str>> {
        discs::sides(self.black_seat)
    }

    /// The pieces of each colour borne off: `borne off: white 2, black 0`.
    fn notes(&self) -> Vec<Note> {
        let off = |bits: u32| PIECES - (bits & BOARD_MASK).count_ones();
        vec![Note::BorneOff {
            sides: vec![
                SideCount::new("white", off(self.white)),
                SideCount::new("black", off(self.black)),
            ],
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throw_table_matches_the_sticks() {
        let mut counts = [0u8; 7];
        for t in ThrowSpec::FOUR_STICKS.all_throws() {
            counts[usize::from(throw_value(&t))] += 1;
        }
        for (v, c) in THROW_TABLE {
            assert_eq!(counts[usize::from(v)], c, "value {v}");
        }
        assert_eq!(counts[5], 0);
        assert_eq!(counts[0], 0);
        assert_eq!(
            THROW_TABLE.iter().map(|&(_, c)| u32::from(c)).sum::<u32>(),
            16
        );
    }

    #[test]
    fn rows_and_masks() {
        assert_eq!((ROW1 | ROW2 | discs::ROW3).count_ones(), 30);
        assert_eq!(ROW1 & ROW2, 0);
        assert_eq!(ROW2 & discs::ROW3, 0);
        assert_eq!(discs::ROW3 & (1 << 21), 1 << 21);
        assert_eq!(discs::ROW3 & (1 << 30), 1 << 30);
        assert_eq!(ROW2 & (1 << 11), 1 << 11);
        assert_eq!(between(3, 7), 1 << 4 | 1 << 5 | 1 << 6);
        assert_eq!(between(28, 31), 1 << 29 | 1 << 30);
        assert_eq!(between(4, 5), 0);
        assert_eq!(discs::row_points(1 << 1 | 1 << 11 | 1 << 30), 6);
    }

    #[test]
    fn runs_of_three_block_and_pairs_protect() {
        let opp = 1 << 5 | 1 << 6 | 1 << 7 | 1 << 10 | 1 << 12 | 1 << 13;
        assert_eq!(blockade_squares(opp), 1 << 5 | 1 << 6 | 1 << 7);
        assert_eq!(
            protected_squares(opp),
            1 << 5 | 1 << 6 | 1 << 7 | 1 << 12 | 1 << 13
        );
        assert_eq!(protected_squares(1 << 15 | 1 << 20), 1 << 15);
    }

    #[test]
    fn start_and_notation_round_trip() {
        let g = Jequier::new(Setup::default()).unwrap();
        assert_eq!(g.to_notation(), "wbwbwbwbwb.................... b- t1");
        assert_eq!(Jequier::from_notation(&g.to_notation()).unwrap(), g);
        assert!(Jequier::new(Setup::players(3)).is_err());
    }

    #[test]
    fn garbage_moves_do_not_panic() {
        let g = Jequier::from_notation("..........W.B................. b2 m1:6").unwrap();
        for from in 0..=40 {
            for to in 0..=40 {
                let _ = g.why_illegal(Move::new(from, to));
                let mut h = g.clone();
                let _ = h.play(Player::One, Move::new(from, to));
            }
        }
    }

    /// The rules written out piece by piece, the slow way, to check the bit-parallel generator.
    fn reference_moves(g: &Jequier, player: Player, n: u8) -> Vec<Move> {
        let (own, opp) = g.colour_bits(player);
        let has = |set: u32, sq: u32| (1..=30).contains(&sq) && set & (1 << sq) != 0;
        let in_blockade = |sq: u32| (0..3).any(|k| sq > k && (0..3).all(|j| has(opp, sq - k + j)));
        let protected = |sq: u32| {
            has(opp, sq)
                && (SAFE_SQUARES.contains(&(sq as u8)) || has(opp, sq - 1) || has(opp, sq + 1))
        };
        let waits = |sq: u32| has(g.unmoved, sq) && has(g.unmoved, sq + 1);
        let all_last_row = (1..=20).all(|sq| !has(own, sq));
        let n = u32::from(n);
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        for s in (1..=30).filter(|&sq| has(own, sq) && !waits(sq)) {
            let d = s + n;
            if d > 30 {
                if all_last_row && !(s + 1..=30).any(in_blockade) {
                    forward.push(Move::new(s as u8, OFF));
                }
            } else if !has(own, d) && !(s + 1..d).any(in_blockade) && !protected(d) {
                forward.push(Move::new(s as u8, d as u8));
            }
            if s > n {
                let d = s - n;
                if !has(own | opp, d) && !(d + 1..s).any(in_blockade) {
                    backward.push(Move::new(s as u8, d as u8));
                }
            }
        }
        if forward.is_empty() {
            backward
        } else {
            forward
        }
    }

    #[test]
    fn generator_matches_the_rules_written_out() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut positions = 0;
        for _ in 0..100 {
            let mut g = Jequier::new(Setup::default()).unwrap();
            for _ in 0..5_000 {
                match g.status() {
                    Status::Over(_) => break,
                    Status::Throw { .. } => {
                        let faces: Vec<u8> = (0..4).map(|_| (next() & 1) as u8).collect();
                        g.throw(Throw::new(ThrowSpec::FOUR_STICKS, &faces).unwrap())
                            .unwrap();
                    }
                    Status::Move { player } => {
                        positions += 1;
                        let Phase::Move { throw, .. } = g.phase else {
                            unreachable!()
                        };
                        let legal = g.legal_moves();
                        assert_eq!(
                            legal,
                            reference_moves(&g, player, throw),
                            "{}",
                            g.to_notation()
                        );
                        // Every other move of the right shape is refused with a precise reason.
                        for from in 1..=30u8 {
                            for to in [from.wrapping_sub(throw), from + throw, OFF] {
                                let m = Move::new(from, to);
                                if m.well_formed() && !legal.contains(&m) {
                                    let why = g.why_illegal(m);
                                    assert_ne!(
                                        why,
                                        IllegalMove::NotLegal,
                                        "{m} in {}",
                                        g.to_notation()
                                    );
                                }
                            }
                        }
                        let m = legal[(next() % legal.len() as u64) as usize];
                        g.play(player, m).unwrap();
                        g.check_invariants().unwrap();
                    }
                }
            }
        }
        assert!(positions > 25_000, "only {positions} positions");
    }

    #[test]
    fn inconsistent_positions_are_refused() {
        for bad in [
            "wbwbwbwbwb.................... b- m1:1",
            "wbwbwbwbw.B................... b- t1",
            "WWWWWW.......B................ b1 t1",
            "W.........B...............B... b1 t1",
            "Ww........B................... b1 t1",
            "b.........W................... b1 t1",
            "W.........B................... b1 m1:5",
            "W.........B................... b1 t3",
            "W.........B................... b1 w1",
            "..........B................... b1 t1",
            "W.........B.................. b1 t1",
            "W.........B................... b3 t1",
            "W.........X................... b1 t1",
            "W.........B...................",
            "B............................. b1 m1:4",
        ] {
            assert!(Jequier::from_notation(bad).is_err(), "{bad}");
        }
        assert!(Jequier::from_notation("W.........B................... b1 m1:4").is_ok());
        assert!(Jequier::from_notation("..........B................... b1 w2").is_ok());
    }

    #[test]
    fn moves_serialise() {
        let m = Move::new(28, OFF);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
    }

    #[test]
    fn throws_report_their_effect_and_bad_throws_change_nothing() {
        let sticks = |f: &[u8]| Throw::new(ThrowSpec::FOUR_STICKS, f).unwrap();
        let mut g = Jequier::new(Setup::default()).unwrap();
        assert_eq!(g.throw(sticks(&[1, 1, 0, 0])), Ok(ThrowEffect::Decided));
        let before = g.clone();
        assert!(matches!(
            g.throw(Throw::from_faces(&[1, 0]).unwrap()),
            Err(IllegalThrow::WrongCount {
                expected: 4,
                got: 2
            })
        ));
        assert!(matches!(
            g.throw(Throw::from_faces(&[1, 0, 2, 0]).unwrap()),
            Err(IllegalThrow::FaceOutOfRange { face: 2, .. })
        ));
        assert_eq!(g, before);
        assert_eq!(g.throw(sticks(&[0, 0, 1, 0])), Ok(ThrowEffect::Move));
        assert_eq!(g.black_seat(), Some(Player::Two));
        assert_eq!(g.colour_of(Player::One), Some(Colour::White));
        assert_eq!(
            g.throw(sticks(&[0, 0, 1, 0])),
            Err(IllegalThrow::NotExpected)
        );
        let mut stuck = Jequier::from_notation("B...WW.............W.......... b1 t1").unwrap();
        assert_eq!(stuck.throw(sticks(&[1, 1, 1, 1])), Ok(ThrowEffect::NoMove));
        assert_eq!(stuck.status().player(), Some(Player::Two));
    }
}
