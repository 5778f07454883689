//! `bell`: Senet as R. C. Bell suggested it (1960, *Board and Table Games from Many
//! Civilizations*).
//!
//! Ten pieces a side start on the first twenty squares of the S track, alternating black (odd
//! squares) and white (even squares). One four-sided die; the winner of a roll-off plays black
//! and moves first. A throw moves one piece forward; a piece that lands on an opposing piece
//! captures it (it leaves the game). The last five squares are marked (☥, X, III, II, I): a
//! piece there cannot be captured, must move on at the first possible throw, and from X, III,
//! II and I it leaves only by bearing off with that square's number. The game ends when a side
//! has no piece left on the board; whoever has saved more pieces (borne off, or still on the
//! board and so certain to get off) wins.
//!
//! Every reading of an unclear sentence is listed in `docs/rules/bell.md`.
//!
//! # Notation
//!
//! A position is four words: `BOARD SEATS STATE OFF`.
//! - `BOARD`: 30 characters for squares 1 to 30: `W`/`B` a white/black piece, `.` empty.
//! - `SEATS`: `b1` (player 1 is black), `b2`, or `b-` (the roll-off is not decided yet).
//! - `STATE`: `t1` (player 1 throws; with `b-`, its roll-off throw), `t2:3` (with `b-`: player
//!   2's roll-off throw, player 1 threw 3), `m2:3` (player 2 moves a throw of 3), `w1` (player
//!   1 won), `r1` (player 1 won by resignation), `x1` (on time).
//! - `OFF`: `off:w2,b3`, the pieces of each colour borne off. Pieces of a colour neither on
//!   the board nor borne off have been captured.
//!
//! The start: `BWBWBWBWBWBWBWBWBWBW.......... b- t1 off:w0,b0`.
//!
//! A move is `FROM-TO` (`20-23`) or `FROM-off` (`28-off`).

use serde::{Deserialize, Serialize};

use crate::discs::{self, BOARD_MASK};
use crate::geometry::{self, Geometry, Layout, Piece, PieceKind, Place, Placement, StepKind};
use crate::mechanics;
use crate::notes::{Note, SideCount};
use crate::ruleset::track_square;
use crate::scoring::{Breakdown, ScoreLabel, Whose};
use crate::stuck::PieceNoun;
use crate::{
    BoardKind, Concession, EndReason, IllegalMove, IllegalThrow, Outcome, ParseError, Player,
    PositionNotation, Rules, Ruleset, Setup, SetupError, SpecialSquare, SquareKind, Status, Throw,
    ThrowEffect, ThrowSpec, Variant,
};

/// Pieces per player.
pub const PIECES: u32 = 10;
pub use crate::discs::OFF;
/// The first marked square (☥); 27 to 30 are X, III, II and I.
pub const ANKH: u8 = 26;

/// Bit `s` is square `s`, 1 to 30.
/// The five marked squares 26–30.
const MARKED: u32 = 0b11111 << 26;
/// The numbered squares 27–30, left only by bearing off.
const NUMBERED: u32 = 0b1111 << 27;
/// Black starts on the odd squares 1 to 19.
const START_BLACK: u32 = 0x000A_AAAA;
/// White starts on the even squares 2 to 20.
const START_WHITE: u32 = START_BLACK << 1;

pub use crate::discs::Colour;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Phase {
    /// The roll-off: `player` throws; `first` is player 1's throw once thrown.
    RollOff {
        player: Player,
        first: Option<u8>,
    },
    Throw {
        player: Player,
    },
    Move {
        player: Player,
        throw: u8,
    },
    Over {
        winner: Player,
        reason: EndReason,
    },
}

/// A game of `bell`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bell {
    /// Bit `s` set: a white piece on square `s` (1 to 30).
    white: u32,
    /// Bit `s` set: a black piece on square `s`.
    black: u32,
    /// Pieces borne off: white, black.
    off: [u8; 2],
    /// The player who plays black, once the roll-off is decided.
    black_seat: Option<Player>,
    phase: Phase,
}

pub use crate::discs::Move;

/// The squares (bits) of `own` pieces that may move a throw of `n` against `opp`, before the
/// rule of the marked squares: forward onto an empty square or a capturable opposing piece,
/// or off the board from the numbered square whose number is `n`.
#[inline]
fn raw_sources(own: u32, opp: u32, n: u8) -> u32 {
    if !(1..=4).contains(&n) {
        return 0;
    }
    let n = u32::from(n);
    // Never onto a piece of one's own, nor onto an opposing piece on a marked square.
    let landing = BOARD_MASK & !own & !(opp & MARKED);
    let forward = own & !NUMBERED & (landing >> n);
    let bear_off = own & NUMBERED & (1 << (31 - n));
    forward | bear_off
}

/// [`raw_sources`] with the rule of the marked squares: when a piece on one of them can move,
/// only such pieces may.
#[inline]
fn sources(own: u32, opp: u32, n: u8) -> u32 {
    let all = raw_sources(own, opp, n);
    if all & MARKED != 0 { all & MARKED } else { all }
}

impl Bell {
    /// The player who plays black, once the roll-off is decided.
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

    /// The pieces of `colour` borne off.
    pub fn borne_off(&self, colour: Colour) -> u32 {
        u32::from(self.off[colour.index()])
    }

    /// The pieces of `colour` captured (neither on the board nor borne off).
    pub fn captured(&self, colour: Colour) -> u32 {
        PIECES - self.pieces(colour).count_ones() - self.borne_off(colour)
    }

    /// The pieces of `colour` saved: borne off, or still on the board. At the end of a game
    /// the side with more wins.
    pub fn saved(&self, colour: Colour) -> u32 {
        self.borne_off(colour) + self.pieces(colour).count_ones()
    }

    fn colour_bits(&self, player: Player) -> (u32, u32) {
        discs::own_and_other(self.white, self.black, self.black_seat, player)
    }

    /// The colour `player` plays; white while the roll-off is open (both sides are alike
    /// then: ten pieces on the board each).
    fn colour_or_white(&self, player: Player) -> Colour {
        self.colour_of(player).unwrap_or(Colour::White)
    }

    /// Calls `f` with each legal move of `player` for a throw of `n`, in order of the square
    /// it leaves.
    #[inline]
    fn for_each_move(&self, player: Player, n: u8, mut f: impl FnMut(Move)) {
        let (own, opp) = self.colour_bits(player);
        let mut bits = sources(own, opp, n);
        while bits != 0 {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            f(Move::new(s, (s + n).min(OFF)));
        }
    }

    fn any_move(&self, player: Player, n: u8) -> bool {
        let (own, opp) = self.colour_bits(player);
        raw_sources(own, opp, n) != 0
    }

    fn outcome(&self, winner: Player, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
            points: self.saved(self.colour_or_white(winner)),
        }
    }

    /// The winner when a side has no piece left on the board after `mover`'s move: more
    /// pieces saved, and on equal numbers the mover, who ended the game.
    fn winner_at_end(&self, mover: Player) -> Player {
        let me = self.saved(self.colour_or_white(mover));
        let them = self.saved(self.colour_or_white(mover.opponent()));
        if them > me { mover.opponent() } else { mover }
    }

    fn parse_off(word: &str) -> Result<[u8; 2], ParseError> {
        let bad = || ParseError::new(format!("bad borne-off word {word:?}: want off:w2,b3"));
        let rest = word.strip_prefix("off:w").ok_or_else(bad)?;
        let (w, b) = rest.split_once(",b").ok_or_else(bad)?;
        let w: u8 = w.parse().map_err(|_| bad())?;
        let b: u8 = b.parse().map_err(|_| bad())?;
        Ok([w, b])
    }

    /// Parses the state word; `rolling` when the roll-off is not decided yet (`b-`).
    fn parse_phase(word: &str, rolling: bool) -> Result<Phase, ParseError> {
        let bad = || {
            ParseError::new(format!(
                "bad state {word:?}: want t1, t2:3 (roll-off), m1:3, w1, r1 or x1"
            ))
        };
        let mut chars = word.chars();
        let kind = chars.next().ok_or_else(bad)?;
        let rest = chars.as_str();
        let player = |p: &str| p.parse::<Player>().ok().filter(|p| p.index() < 2);
        let value = |v: &str| v.parse::<u8>().ok().filter(|v| (1..=4).contains(v));
        Ok(match kind {
            't' if rolling => match rest.split_once(':') {
                None if rest == "1" => Phase::RollOff {
                    player: Player::One,
                    first: None,
                },
                Some(("2", v)) => Phase::RollOff {
                    player: Player::Two,
                    first: Some(value(v).ok_or_else(bad)?),
                },
                _ => return Err(bad()),
            },
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
                Phase::Move {
                    player: player(p).ok_or_else(bad)?,
                    throw: value(n).ok_or_else(bad)?,
                }
            }
            _ => return Err(bad()),
        })
    }

    /// The seat playing `colour`, once decided.
    fn seat_of(&self, colour: Colour) -> Option<Player> {
        discs::seat_of(self.black_seat, colour)
    }
}

impl Rules for Bell {
    type Move = Move;
    const VARIANT: Variant = Variant::Bell;

    fn new(setup: Setup) -> Result<Self, SetupError> {
        Variant::Bell.check_players(setup.players)?;
        Ok(Bell {
            white: START_WHITE,
            black: START_BLACK,
            off: [0, 0],
            black_seat: None,
            phase: Phase::RollOff {
                player: Player::One,
                first: None,
            },
        })
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::RollOff { player, .. } | Phase::Throw { player } => Status::Throw {
                player,
                spec: ThrowSpec::ONE_D4,
            },
            Phase::Move { player, .. } => Status::Move { player },
            Phase::Over { winner, reason } => Status::Over(self.outcome(winner, reason)),
        }
    }

    fn players(&self) -> u8 {
        2
    }

    fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow> {
        let n = match self.phase {
            Phase::RollOff { .. } | Phase::Throw { .. } => {
                throw.check(ThrowSpec::ONE_D4)?;
                throw.faces()[0]
            }
            _ => return Err(IllegalThrow::NotExpected),
        };
        match self.phase {
            Phase::RollOff { first: None, .. } => {
                self.phase = Phase::RollOff {
                    player: Player::Two,
                    first: Some(n),
                };
                Ok(ThrowEffect::Decided)
            }
            Phase::RollOff {
                first: Some(first), ..
            } => {
                match mechanics::roll_off_winner(first, n) {
                    // "whoever rolls the higher score plays first"; a tie throws again.
                    None => {
                        self.phase = Phase::RollOff {
                            player: Player::One,
                            first: None,
                        }
                    }
                    Some(winner) => {
                        self.black_seat = Some(winner);
                        self.phase = Phase::Throw { player: winner };
                    }
                }
                Ok(ThrowEffect::Decided)
            }
            Phase::Throw { player } => {
                if self.any_move(player, n) {
                    self.phase = Phase::Move { player, throw: n };
                    Ok(ThrowEffect::Move)
                } else {
                    self.phase = Phase::Throw {
                        player: player.opponent(),
                    };
                    Ok(ThrowEffect::NoMove)
                }
            }
            _ => Err(IllegalThrow::NotExpected),
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if let Phase::Move { player, throw } = self.phase {
            self.for_each_move(player, throw, |m| out.push(m));
        }
    }

    fn breakdown(&self) -> Option<Breakdown> {
        let Phase::Over { winner, .. } = self.phase else {
            return None;
        };
        let colour = self.colour_or_white(winner);
        let mut b = Breakdown::new(Whose::Winner);
        b.add(ScoreLabel::PiecesBorneOff, self.borne_off(colour), 1);
        b.add(
            ScoreLabel::PiecesOnBoard,
            self.pieces(colour).count_ones(),
            1,
        );
        Some(b)
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
        if d < s {
            return IllegalMove::NoBackward;
        }
        // Bearing off takes the exact throw: 31 − s.
        if d - s != n {
            return IllegalMove::NoSuchDie;
        }
        if d != u32::from(OFF) {
            if NUMBERED & (1 << s) != 0 {
                // A piece on X, III, II or I leaves only by bearing off with its number.
                return IllegalMove::MustWait;
            }
            if own & (1 << d) != 0 {
                return IllegalMove::OccupiedByOwn;
            }
            if opp & MARKED & (1 << d) != 0 {
                return IllegalMove::Protected;
            }
        }
        if MARKED & (1 << s) == 0 && sources(own, opp, throw) & MARKED != 0 {
            return IllegalMove::MustMoveForcedPiece;
        }
        IllegalMove::NotLegal
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Phase::Move { player, .. } = self.phase else {
            return;
        };
        let colour = self.colour_or_white(player);
        let (mut own, mut opp) = self.colour_bits(player);
        let (s, d) = (u32::from(mv.from), u32::from(mv.to));
        own &= !(1 << s);
        if d == u32::from(OFF) {
            self.off[colour.index()] += 1;
        } else {
            own |= 1 << d;
            // A piece landed on is captured: it leaves the game.
            opp &= !(1 << d);
        }
        if colour == Colour::Black {
            (self.black, self.white) = (own, opp);
        } else {
            (self.white, self.black) = (own, opp);
        }
        self.phase = if own == 0 || opp == 0 {
            Phase::Over {
                winner: self.winner_at_end(player),
                reason: EndReason::Completed,
            }
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
        let mut s = String::with_capacity(48);
        discs::write_squares_and_seats(&mut s, self.white, self.black, 0, self.black_seat);
        match self.phase {
            Phase::RollOff { first: None, .. } => s.push_str("t1"),
            Phase::RollOff { first: Some(v), .. } => s.push_str(&format!("t2:{v}")),
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
        s.push_str(&format!(" off:w{},b{}", self.off[0], self.off[1]));
        s
    }

    fn from_notation(text: &str) -> Result<Self, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [board, seats, state, off] = words.as_slice() else {
            return Err(ParseError::new(format!(
                "a bell position is BOARD SEATS STATE OFF, got {text:?}"
            )));
        };
        let (white, black, _) = discs::read_squares(board, false)?;
        let black_seat = discs::read_seats(seats)?;
        let g = Bell {
            white,
            black,
            off: Bell::parse_off(off)?,
            black_seat,
            phase: Bell::parse_phase(state, black_seat.is_none())?,
        };
        g.check_invariants().map_err(ParseError::new)?;
        Ok(g)
    }

    fn check_invariants(&self) -> Result<(), String> {
        discs::check_squares(self.white, self.black, self.black_seat)?;
        for colour in [Colour::White, Colour::Black] {
            let on = self.pieces(colour).count_ones();
            if on + self.borne_off(colour) > PIECES {
                return Err(format!(
                    "more than {PIECES} pieces of a colour on the board and borne off"
                ));
            }
        }
        let over = matches!(self.phase, Phase::Over { .. });
        match self.black_seat {
            None => {
                if self.white != START_WHITE || self.black != START_BLACK || self.off != [0, 0] {
                    return Err("before the roll-off is decided the board must be the start".into());
                }
                if !over && !matches!(self.phase, Phase::RollOff { .. }) {
                    return Err("nothing but the roll-off before it is decided".into());
                }
            }
            Some(_) => {
                if matches!(self.phase, Phase::RollOff { .. }) {
                    return Err("a roll-off after it was decided".into());
                }
            }
        }
        if !over && (self.white == 0 || self.black == 0) {
            return Err("a side has no piece on the board but the game is not over".into());
        }
        match self.phase {
            Phase::Throw { player } if player.index() >= 2 => {
                return Err("only players 1 and 2 play".into());
            }
            Phase::Move { player, throw } => {
                if player.index() >= 2 {
                    return Err("only players 1 and 2 play".into());
                }
                if !self.any_move(player, throw) {
                    return Err("a move is due but none is possible".into());
                }
            }
            Phase::Over { winner, reason } => {
                if winner.index() >= 2 {
                    return Err("only players 1 and 2 play".into());
                }
                if reason == EndReason::Completed {
                    if self.black_seat.is_none() || (self.white != 0 && self.black != 0) {
                        return Err("a game ends only when a side has no piece left".into());
                    }
                    let me = self.saved(self.colour_or_white(winner));
                    let them = self.saved(self.colour_or_white(winner.opponent()));
                    if me < them {
                        return Err("the winner saved fewer pieces than the loser".into());
                    }
                } else if !reason.is_concession() {
                    return Err("a bell game ends by play, resignation or time".into());
                }
            }
            Phase::Throw { .. } | Phase::RollOff { .. } => {}
        }
        Ok(())
    }
}

impl Layout for Bell {
    fn placement(&self) -> Placement {
        let mut p = Placement::default();
        for (colour, kind) in [
            (Colour::White, PieceKind::White),
            (Colour::Black, PieceKind::Black),
        ] {
            let piece = Piece {
                owner: self.seat_of(colour),
                kind,
            };
            let bits = self.pieces(colour);
            for sq in 1..=30u8 {
                if bits & (1 << sq) != 0 {
                    p.put(geometry::track(sq), piece);
                }
            }
            for _ in 0..self.borne_off(colour) {
                p.put(Place::Off, piece);
            }
            for _ in 0..self.captured(colour) {
                p.put(Place::Out, piece);
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
            f(geometry::track(s), Move::new(s, (s + throw).min(OFF)));
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
        let opp = self.colour_bits(player).1;
        let mut steps: geometry::Steps = smallvec::smallvec![geometry::mover_step(
            player,
            geometry::track(mv.from),
            if mv.to == OFF {
                Place::Off
            } else {
                geometry::track(mv.to)
            },
            kind,
            smallvec::smallvec![throw],
        )];
        if mv.to != OFF && opp & (1 << mv.to) != 0 {
            steps.push(geometry::caused_step(
                StepKind::Capture,
                player.opponent(),
                geometry::track(mv.to),
                Place::Out,
                other,
            ));
        }
        Geometry {
            steps,
            coaster: None,
        }
    }
}

const MARKED_RULE: &str = "Safe; a piece here must move on at the first possible throw.";

impl Ruleset for Bell {
    const ID: &'static str = "bell";
    const NAME: &'static str = "Bell's Senet (1960)";
    const PLAYER_RANGE: (u8, u8) = (2, 2);
    const OPTIONS: &'static [&'static str] = &[];
    const THROW: ThrowSpec = ThrowSpec::ONE_D4;
    const BOARD: BoardKind = BoardKind::Track30;
    const POSITION_NOTATION: PositionNotation = PositionNotation::TrackDiscs;
    const MOVE_NOTATION: &'static str = "FROM-TO (20-23) or FROM-off (28-off)";
    const SUMMARY: &'static str = "Ten pieces each, alternating on the first twenty squares of \
        the S-shaped track, and one four-sided die. The winner of a roll-off plays black and \
        moves first; each throw moves one piece forward. A piece that lands on an opposing \
        piece captures it. The last five squares are marked: a piece there cannot be captured \
        and must move on at the first possible throw; from X, III, II and I a piece leaves \
        only by bearing off with that number. When a side has no piece left on the board, \
        whoever has saved more pieces (borne off, or still on the board) wins.";
    const PIECE: PieceNoun = PieceNoun::Piece;
    const SPECIAL_SQUARES: &'static [SpecialSquare] = &[
        SpecialSquare {
            place: track_square(ANKH),
            mark: "☥",
            name: "Ankh",
            rule: MARKED_RULE,
            kind: SquareKind::Forced,
        },
        SpecialSquare {
            place: track_square(27),
            mark: "X",
            name: "X (4)",
            rule: "Safe; a piece here must leave at the first throw of 4, which bears it off.",
            kind: SquareKind::BearOff,
        },
        SpecialSquare {
            place: track_square(28),
            mark: "III",
            name: "III (3)",
            rule: "Safe; a piece here must leave at the first throw of 3, which bears it off.",
            kind: SquareKind::BearOff,
        },
        SpecialSquare {
            place: track_square(29),
            mark: "II",
            name: "II (2)",
            rule: "Safe; a piece here must leave at the first throw of 2, which bears it off.",
            kind: SquareKind::BearOff,
        },
        SpecialSquare {
            place: track_square(30),
            mark: "I",
            name: "I (1)",
            rule: "Safe; a piece here must leave at the first throw of 1, which bears it off.",
            kind: SquareKind::BearOff,
        },
    ];

    fn own_words(reason: IllegalMove) -> Option<&'static str> {
        match reason {
            IllegalMove::MustWait => Some(
                "A piece on X, III, II or I leaves only by bearing off with that number (4, 3, \
                 2, 1).",
            ),
            IllegalMove::Protected => Some(
                "That piece would land on an opposing piece on a marked square, which is safe.",
            ),
            IllegalMove::MustMoveForcedPiece => {
                Some("A piece on a marked square can move, so it must move first.")
            }
            IllegalMove::NoSuchDie => Some(
                "The die does not move that piece that far; bearing off takes the exact number.",
            ),
            IllegalMove::NoBackward => Some("Pieces only move forward."),
            _ => None,
        }
    }

    /// `black` and `white` once the roll-off is decided, `None` before.
    fn sides(&self) -> Vec<Option<&'static str>> {
        discs::sides(self.black_seat)
    }

    /// Pieces borne off and captured: `borne off: black 2, white 0; captured: black 1, white 3`.
    fn notes(&self) -> Vec<Note> {
        let per_side = |count: fn(&Self, Colour) -> u32| {
            [(Colour::Black, "black"), (Colour::White, "white")]
                .into_iter()
                .map(|(colour, side)| SideCount::new(side, count(self, colour)))
                .collect()
        };
        vec![
            Note::BorneOff {
                sides: per_side(Self::borne_off),
            },
            Note::Captured {
                sides: per_side(Self::captured),
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "BWBWBWBWBWBWBWBWBWBW.......... b- t1 off:w0,b0";

    #[test]
    fn masks() {
        assert_eq!(START_BLACK.count_ones(), PIECES);
        assert_eq!(START_BLACK & 1 << 1, 1 << 1);
        assert_eq!(START_WHITE & 1 << 20, 1 << 20);
        assert_eq!(START_WHITE & 1 << 21, 0);
        assert_eq!(BOARD_MASK.count_ones(), 30);
        assert_eq!(MARKED & BOARD_MASK, MARKED);
        assert_eq!(MARKED.trailing_zeros(), u32::from(ANKH));
        assert_eq!(NUMBERED.trailing_zeros(), 27);
        assert_eq!(MARKED & !NUMBERED, 1 << ANKH);
    }

    #[test]
    fn start_and_notation_round_trip() {
        let g = Bell::new(Setup::default()).unwrap();
        assert_eq!(g.to_notation(), START);
        assert_eq!(Bell::from_notation(START).unwrap(), g);
        assert!(Bell::new(Setup::players(3)).is_err());
        let mid = "W....B......................BW b2 t2:3 off:w0,b0";
        assert!(Bell::from_notation(mid).is_err());
        let rolling = "BWBWBWBWBWBWBWBWBWBW.......... b- t2:3 off:w0,b0";
        assert_eq!(Bell::from_notation(rolling).unwrap().to_notation(), rolling);
    }

    #[test]
    fn garbage_moves_do_not_panic() {
        let g = Bell::from_notation("..........W.B...............B. b2 m1:3 off:w0,b0").unwrap();
        for from in 0..=40 {
            for to in 0..=40 {
                let _ = g.why_illegal(Move::new(from, to));
                let mut h = g.clone();
                let _ = h.play(Player::One, Move::new(from, to));
            }
        }
    }

    /// The rules written out piece by piece, the slow way, to check the bit generator.
    fn reference_moves(g: &Bell, player: Player, n: u8) -> Vec<Move> {
        let (own, opp) = g.colour_bits(player);
        let has = |set: u32, sq: u32| (1..=30).contains(&sq) && set & (1 << sq) != 0;
        let marked = |sq: u32| (26..=30).contains(&sq);
        let n = u32::from(n);
        let mut moves = Vec::new();
        for s in (1..=30).filter(|&sq| has(own, sq)) {
            let d = s + n;
            if s >= 27 {
                if d == 31 {
                    moves.push(Move::new(s as u8, OFF));
                }
            } else if d <= 30 && !has(own, d) && !(marked(d) && has(opp, d)) {
                moves.push(Move::new(s as u8, d as u8));
            }
        }
        if moves.iter().any(|m| marked(u32::from(m.from))) {
            moves.retain(|m| marked(u32::from(m.from)));
        }
        moves
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
        for _ in 0..200 {
            let mut g = Bell::new(Setup::default()).unwrap();
            for _ in 0..5_000 {
                match g.status() {
                    Status::Over(_) => break,
                    Status::Throw { .. } => {
                        let face = (next() % 4) as u8 + 1;
                        g.throw(Throw::new(ThrowSpec::ONE_D4, &[face]).unwrap())
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
                        for from in 1..=30u8 {
                            for to in [from.wrapping_sub(throw), (from + throw).min(OFF)] {
                                let m = Move::new(from, to);
                                if m.well_formed() && !legal.contains(&m) {
                                    assert_ne!(
                                        g.why_illegal(m),
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
                        assert_eq!(Bell::from_notation(&g.to_notation()).unwrap(), g);
                    }
                }
            }
            assert!(matches!(g.status(), Status::Over(_)), "{}", g.to_notation());
        }
        assert!(positions > 10_000, "only {positions} positions");
    }

    #[test]
    fn inconsistent_positions_are_refused() {
        for bad in [
            "BWBWBWBWBWBWBWBWBWBW.......... b- m1:1 off:w0,b0",
            "BWBWBWBWBWBWBWBWBWB........... b- t1 off:w0,b0",
            "BWBWBWBWBWBWBWBWBWBW.......... b- t1:3 off:w0,b0",
            "BWBWBWBWBWBWBWBWBWBW.......... b1 t2:3 off:w0,b0",
            "W.........B................... b1 m1:5 off:w0,b0",
            "W.........B................... b1 t3 off:w0,b0",
            "W.........B................... b1 w1 off:w0,b0",
            "..........B................... b1 t1 off:w0,b0",
            "W.........B.................. b1 t1 off:w0,b0",
            "W.........B................... b3 t1 off:w0,b0",
            "W.........X................... b1 t1 off:w0,b0",
            "W.........B................... b1 t1",
            "W.........B................... b1 t1 off:w10,b0",
            "W.........B................... b1 t1 off:3,2",
            "..........B................... b1 w2 off:w0,b0",
            ".........................WWWWB b1 m1:2 off:w0,b0",
        ] {
            assert!(Bell::from_notation(bad).is_err(), "{bad}");
        }
        assert!(Bell::from_notation("W.........B................... b1 m1:4 off:w0,b0").is_ok());
        assert!(Bell::from_notation("..........B................... b1 w1 off:w0,b0").is_ok());
        assert!(Bell::from_notation("..........B................... b1 w2 off:w3,b0").is_ok());
    }

    #[test]
    fn throws_report_their_effect_and_bad_throws_change_nothing() {
        let d4 = |f: u8| Throw::new(ThrowSpec::ONE_D4, &[f]).unwrap();
        let mut g = Bell::new(Setup::default()).unwrap();
        assert_eq!(g.throw(d4(2)), Ok(ThrowEffect::Decided));
        let before = g.clone();
        assert!(matches!(
            g.throw(Throw::from_faces(&[1, 2]).unwrap()),
            Err(IllegalThrow::WrongCount { .. })
        ));
        assert!(g.throw(Throw::from_faces(&[5]).unwrap()).is_err());
        assert_eq!(g, before);
        assert_eq!(g.throw(d4(2)), Ok(ThrowEffect::Decided));
        assert_eq!(g.black_seat(), None);
        assert_eq!(g.throw(d4(1)), Ok(ThrowEffect::Decided));
        assert_eq!(g.throw(d4(4)), Ok(ThrowEffect::Decided));
        assert_eq!(g.black_seat(), Some(Player::Two));
        assert_eq!(g.colour_of(Player::One), Some(Colour::White));
        assert_eq!(g.status().player(), Some(Player::Two));
        assert_eq!(g.throw(d4(1)), Ok(ThrowEffect::Move));
        assert_eq!(g.throw(d4(1)), Err(IllegalThrow::NotExpected));
    }

    #[test]
    fn moves_serialise() {
        let m = Move::new(28, OFF);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
    }
}
