//! Move geometry: where the pieces are, and which pieces a move takes from where to where.
//!
//! A client that draws a board needs no rules: [`Layout::placement`] says which pieces stand
//! on which [`Place`], and [`Layout::geometry`] says, for a legal move before it is played,
//! every piece that will go somewhere: the mover's own step, and what it causes (a piece sent
//! back, captured, borne off, a Martian coaster carrying its stacks). [`crate::Game`] offers
//! the same for any variant.
//!
//! # Places and their string forms
//!
//! A [`Place`] is written (and serialised) as a short string, the square keys of the web
//! client:
//!
//! | form | place | variants |
//! |---|---|---|
//! | `s1` … `s30` | a square of the 30-square S track ([`crate::board30`]) | `jequier`, `pyramid`, `modern` |
//! | `p1-1` … `p2-20` | square 1 to 20 of a player's own path (`p2-13`: player 2's square 13) | `parker` |
//! | `S1` … `S9`, `B1` … `B9`, `P1` … `P9` | a square of the Source, Balance or Perfect Track | `martian` |
//! | `off` | borne off (`modern`: gone up) | all but `parker` |
//! | `out` | out of the game: captured, or pushed off the sun | `pyramid`, `parker`, `modern` |
//!
//! # Applying a geometry
//!
//! The steps of one move happen together: lift every step's pieces off its `from` place
//! first, then set each down on its `to` place. [`Placement::apply`] does exactly that, and
//! the property tests check that applying a move's geometry to the placement before it gives
//! the placement after it.
//!
//! ```
//! use senet_engine::geometry::{Place, StepKind};
//! use senet_engine::{Game, Variant};
//!
//! // Jequier: white (player 1) on 12 takes black's lone piece on 14 with a throw of 2.
//! let game = Game::from_notation(Variant::Jequier, "...........W.B................ b2 m1:2")?;
//! let mv = game.parse_move("12-14")?;
//! let geometry = game.geometry(mv)?;
//! assert_eq!(geometry.steps[0].from, "s12".parse::<Place>()?);
//! assert_eq!(geometry.steps[1].kind, StepKind::SentBack);
//! assert_eq!(geometry.steps[1].to.to_string(), "s1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

pub use crate::place::{LaneSquare, PathSquare, Place, PlaceName};
use crate::stuck::{Stuck, most_specific};
use crate::{IllegalMove, ParseError, Player, Rules, Status};

/// What a piece is, beyond its owner. Serialised as its string form: `white`, `black`,
/// `pharaoh`, `man`, `small`, `medium`, `large`, or `dots1` … `dots5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub enum PieceKind {
    /// A white piece (`jequier`).
    White,
    /// A black piece (`jequier`).
    Black,
    /// A Pharaoh peg (`parker`).
    Pharaoh,
    /// A plain peg (`parker`).
    Man,
    /// A small pyramid (`pyramid`, `martian`).
    Small,
    /// A medium pyramid (`pyramid`, `martian`).
    Medium,
    /// A large pyramid (`pyramid`, `martian`).
    Large,
    /// A numbered piece with 1 to 5 dots (`modern`).
    Numbered(u8),
}

impl PieceKind {
    /// The pyramid of size `size` (1 small, 2 medium, 3 large; anything else is large).
    pub(crate) const fn pyramid(size: u8) -> PieceKind {
        match size {
            1 => PieceKind::Small,
            2 => PieceKind::Medium,
            _ => PieceKind::Large,
        }
    }
}

impl PieceKind {
    /// The string form; for a `Numbered` piece with a count the engine never makes (it
    /// numbers 1 to 5), that count instead.
    const fn name(self) -> Result<&'static str, u8> {
        Ok(match self {
            PieceKind::White => "white",
            PieceKind::Black => "black",
            PieceKind::Pharaoh => "pharaoh",
            PieceKind::Man => "man",
            PieceKind::Small => "small",
            PieceKind::Medium => "medium",
            PieceKind::Large => "large",
            PieceKind::Numbered(1) => "dots1",
            PieceKind::Numbered(2) => "dots2",
            PieceKind::Numbered(3) => "dots3",
            PieceKind::Numbered(4) => "dots4",
            PieceKind::Numbered(5) => "dots5",
            PieceKind::Numbered(n) => return Err(n),
        })
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Ok(name) => f.write_str(name),
            Err(n) => write!(f, "dots{n}"),
        }
    }
}

impl Serialize for PieceKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.name() {
            Ok(name) => serializer.serialize_str(name),
            Err(_) => serializer.collect_str(self),
        }
    }
}

impl FromStr for PieceKind {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<PieceKind, ParseError> {
        Ok(match s {
            "white" => PieceKind::White,
            "black" => PieceKind::Black,
            "pharaoh" => PieceKind::Pharaoh,
            "man" => PieceKind::Man,
            "small" => PieceKind::Small,
            "medium" => PieceKind::Medium,
            "large" => PieceKind::Large,
            "dots1" => PieceKind::Numbered(1),
            "dots2" => PieceKind::Numbered(2),
            "dots3" => PieceKind::Numbered(3),
            "dots4" => PieceKind::Numbered(4),
            "dots5" => PieceKind::Numbered(5),
            _ => return Err(ParseError::new(format!("not a piece kind: {s:?}"))),
        })
    }
}

impl TryFrom<String> for PieceKind {
    type Error = ParseError;

    fn try_from(s: String) -> Result<PieceKind, ParseError> {
        s.parse()
    }
}

/// One piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Piece {
    /// Whose piece it is; `None` while nobody owns it yet: `jequier`'s pieces before anyone
    /// has thrown the 1 that decides who plays black, `pyramid`'s before the roll-off winner
    /// has chosen a colour.
    pub owner: Option<Player>,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `owner`.
    pub const fn new(owner: Player, kind: PieceKind) -> Piece {
        Piece {
            owner: Some(owner),
            kind,
        }
    }
}

/// What a [`Step`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// The mover's piece (or, in `martian`, the mover's pyramid with the pyramids on top of
    /// it) goes from one square to another, forward or backward. A special square it lands
    /// on on the way (`jequier`'s water, `modern`'s moon and bird) is in [`Step::via`].
    Move,
    /// The mover's piece leaves the board by its end, to [`Place::Off`].
    BearOff,
    /// An opposing piece is sent back along the track: `jequier`'s send-back to the lowest
    /// empty square, `modern`'s send-back to the sun; also `kendall`'s swap, where the piece
    /// landed on takes the mover's square (or, attacked on 28 to 30, goes into the water).
    SentBack,
    /// An opposing piece is captured and leaves the game, to [`Place::Out`] (`pyramid`,
    /// `parker`).
    Capture,
    /// A piece on `modern`'s sun is pushed off it by a piece sent there and leaves the game,
    /// to [`Place::Out`]; it may be the mover's own.
    Removed,
    /// A whole stack rides a moving `martian` coaster (the move of a 5); see
    /// [`Geometry::coaster`].
    Coaster,
}

/// The places a step touches on the way ([`Step::via`]); held inline, as most steps touch
/// none and the rest one or two.
pub type Places = SmallVec<[Place; 2]>;

/// The pieces of a step, bottom to top ([`Step::pieces`]): one, or a `martian` stack.
pub type Pieces = SmallVec<[Piece; 2]>;

/// The dice values a step spends ([`Step::dice`]): one or two.
pub type DiceValues = SmallVec<[u8; 2]>;

/// The steps of a move ([`Geometry::steps`]): the mover's, and at most a few it causes.
pub type Steps = SmallVec<[Step; 2]>;

/// One piece, or one stack of pieces, going from one place to another as part of a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Step {
    /// What kind of step it is.
    pub kind: StepKind,
    /// Whose piece goes: the owner of the bottom piece of [`Step::pieces`].
    pub owner: Player,
    /// Where the pieces leave.
    pub from: Place,
    /// Where they come to rest.
    pub to: Place,
    /// Places the piece touches on the way where the rules turn it: `modern`'s goal (`off`)
    /// when it bounces back, `modern`'s moon (`s26`) or bird (`s27`), `jequier`'s water
    /// (`s27`). Empty for a plain step (and then left out of the JSON).
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub via: Places,
    /// The pieces that go, bottom to top: one piece, or a `martian` stack (the moving
    /// pyramid and everything on top of it; for a coaster step, the whole stack).
    pub pieces: Pieces,
    /// The dice values this step spends, on the steps of the mover's own move ([`StepKind::Move`],
    /// [`StepKind::BearOff`], [`StepKind::Coaster`]): one die, both dice of a combined step
    /// (`parker`, `modern`), the die of `martian`, the value of `jequier`'s sticks. Empty on
    /// the steps the move causes (and then left out of the JSON).
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub dice: DiceValues,
}

/// Which end coaster a `martian` 5 moves ([`Geometry::coaster`]). Serialised as
/// `east_to_west` or `west_to_east`.
///
/// Also re-exported as `martian::Coaster`, beside the move that names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Coaster {
    /// The east coaster goes to the west end (notation `E>W`).
    EastToWest,
    /// The west coaster goes to the east end (notation `W>E`).
    WestToEast,
}

/// Everything a move does to the pieces, before it is played.
///
/// The first step is the mover's own; the steps it causes follow. Moves that take no piece
/// anywhere (`pyramid`'s choice of colour, `modern`'s choice of dice) have no steps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Geometry {
    /// The pieces that go, in the order a board would show them.
    pub steps: Steps,
    /// The coaster that moves (`martian`'s 5), if any: every stack then rides it or is
    /// shifted along by it, one [`StepKind::Coaster`] step each. Left out of the JSON when
    /// none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coaster: Option<Coaster>,
}

/// The pieces on one place, bottom to top.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stack {
    /// The place.
    pub place: Place,
    /// Its pieces, bottom to top (one, except `martian` stacks).
    pub pieces: Pieces,
}

/// Where every piece of a game is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The occupied places on the board, in the order of [`Place`].
    pub board: Vec<Stack>,
    /// Pieces borne off (`modern`: gone up), sorted.
    pub off: Vec<Piece>,
    /// Pieces out of the game (captured, pushed off the sun), sorted.
    pub out: Vec<Piece>,
}

impl Placement {
    /// Puts `piece` on top of `place` (or among the pieces off or out).
    pub fn put(&mut self, place: Place, piece: Piece) {
        match place {
            Place::Off => self.off.push(piece),
            Place::Out => self.out.push(piece),
            _ => match self.board.iter_mut().find(|s| s.place == place) {
                Some(stack) => stack.pieces.push(piece),
                None => self.board.push(Stack {
                    place,
                    pieces: smallvec::smallvec![piece],
                }),
            },
        }
    }

    /// Sorts the board by place and the pieces off and out, and drops empty stacks, so that
    /// two placements of the same position compare equal.
    pub fn normalise(&mut self) {
        self.board.retain(|s| !s.pieces.is_empty());
        self.board.sort_by_key(|s| s.place);
        self.off.sort();
        self.out.sort();
    }

    /// Applies a move's geometry: lifts every step's pieces off the top of its `from` place,
    /// then sets each step's pieces down on its `to` place, in step order.
    ///
    /// # Errors
    /// A description of the first step whose pieces are not on top of its `from` place; the
    /// placement is then left part-way.
    pub fn apply(&mut self, geometry: &Geometry) -> Result<(), String> {
        for step in &geometry.steps {
            let lifted = match step.from {
                Place::Off | Place::Out => {
                    let list = if step.from == Place::Off {
                        &mut self.off
                    } else {
                        &mut self.out
                    };
                    let mut got = Pieces::new();
                    for p in &step.pieces {
                        let i = list
                            .iter()
                            .position(|q| q == p)
                            .ok_or_else(|| format!("no {p:?} at {}", step.from))?;
                        got.push(list.remove(i));
                    }
                    got
                }
                from => {
                    let stack = self
                        .board
                        .iter_mut()
                        .find(|s| s.place == from)
                        .ok_or_else(|| format!("nothing on {from}"))?;
                    let n = step.pieces.len();
                    let keep = stack
                        .pieces
                        .len()
                        .checked_sub(n)
                        .ok_or_else(|| format!("fewer than {n} pieces on {from}"))?;
                    if stack.pieces[keep..] != step.pieces[..] {
                        return Err(format!(
                            "{from} has {:?} on top, not {:?}",
                            &stack.pieces[keep..],
                            step.pieces
                        ));
                    }
                    stack.pieces.drain(keep..).collect()
                }
            };
            debug_assert_eq!(lifted.as_slice(), step.pieces.as_slice());
        }
        for step in &geometry.steps {
            for &p in &step.pieces {
                self.put(step.to, p);
            }
        }
        self.normalise();
        Ok(())
    }
}

/// Where the pieces of a variant are, and where its moves take them.
///
/// Implemented by every variant; [`crate::Game`] offers the same for any variant.
pub trait Layout: Rules {
    /// Where every piece is now.
    fn placement(&self) -> Placement;

    /// What `mv` does to the pieces, for a move in [`Rules::legal_moves`].
    ///
    /// # Panics
    /// May panic, or describe nonsense, if `mv` is not legal now; [`Layout::geometry`]
    /// checks first.
    fn geometry_unchecked(&self, mv: Self::Move) -> Geometry;

    /// What `mv` will do to the pieces if it is played now.
    ///
    /// # Errors
    /// [`IllegalMove`], as [`Rules::play`] would refuse the move for the player to move.
    fn geometry(&self, mv: Self::Move) -> Result<Geometry, IllegalMove> {
        match self.status() {
            Status::Over(_) => Err(IllegalMove::GameOver),
            Status::Throw { .. } => Err(IllegalMove::MustThrowFirst),
            Status::Move { .. } if self.legal_moves().contains(&mv) => {
                Ok(self.geometry_unchecked(mv))
            }
            Status::Move { .. } => Err(self.why_illegal(mv)),
        }
    }

    /// While the game waits for a piece to move, calls `f(place, mv)` for every move each of
    /// the mover's pieces could make with the dice of this turn, legal or not: each die
    /// value (and the sum where the variant moves it), forward, and backward where the
    /// variant has backward moves. The legal moves are among them. All the moves from one
    /// place come one after another. Calls nothing in any other state (a throw is due, a
    /// choice of colour or dice, the game is over).
    fn candidate_moves(&self, f: impl FnMut(Place, Self::Move));

    /// The places of the mover's pieces from which no legal move starts, each with the most
    /// specific reason the rules give (see [`crate::stuck`]), in the order of
    /// [`Layout::candidate_moves`]. Empty unless a piece is to move.
    fn stuck(&self) -> Vec<Stuck> {
        if !matches!(self.status(), Status::Move { .. }) {
            return Vec::new();
        }
        let legal = self.legal_moves();
        let mut movable: SmallVec<[Place; 8]> = SmallVec::new();
        self.candidate_moves(|place, mv| {
            if legal.contains(&mv) && !movable.contains(&place) {
                movable.push(place);
            }
        });
        self.stuck_except(|place| movable.contains(&place))
    }

    /// [`Layout::stuck`] for a caller that has the legal moves' geometry already:
    /// `movable(place)` says whether a legal move starts from `place` (some legal move's
    /// first step leaves it), and every other place of the mover's pieces is stuck. Spares
    /// working out the legal moves again.
    fn stuck_except(&self, movable: impl Fn(Place) -> bool) -> Vec<Stuck> {
        let mut out = Vec::new();
        let mut current: Option<(Place, IllegalMove)> = None;
        self.candidate_moves(|place, mv| {
            if movable(place) {
                return;
            }
            let reason = self.why_illegal(mv);
            match &mut current {
                Some((at, best)) if *at == place => *best = most_specific([*best, reason]),
                _ => {
                    if let Some((from, reason)) = current.take() {
                        out.push(Stuck { from, reason });
                    }
                    current = Some((place, most_specific([reason])));
                }
            }
        });
        if let Some((from, reason)) = current {
            out.push(Stuck { from, reason });
        }
        out
    }
}

/// A mover's step (used by the variants).
pub(crate) fn mover_step(
    owner: Player,
    from: Place,
    to: Place,
    piece: PieceKind,
    dice: DiceValues,
) -> Step {
    Step {
        kind: if to == Place::Off {
            StepKind::BearOff
        } else {
            StepKind::Move
        },
        owner,
        from,
        to,
        via: Places::new(),
        pieces: smallvec::smallvec![Piece::new(owner, piece)],
        dice,
    }
}

/// A step a move causes to one piece (used by the variants).
pub(crate) fn caused_step(
    kind: StepKind,
    owner: Player,
    from: Place,
    to: Place,
    piece: PieceKind,
) -> Step {
    Step {
        kind,
        owner,
        from,
        to,
        via: Places::new(),
        pieces: smallvec::smallvec![Piece::new(owner, piece)],
        dice: DiceValues::new(),
    }
}

/// The 30-square track's place for square `n` (1 to 30); `off` past the end. Only called
/// with squares the rules put a piece on.
pub(crate) fn track(n: u8) -> Place {
    Place::square(n).unwrap_or(Place::Off)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_serialise_as_strings() {
        let p = Piece::new(Player::Two, PieceKind::Numbered(3));
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, r#"{"owner":2,"kind":"dots3"}"#);
        assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), p);
        for k in [
            "white", "black", "pharaoh", "man", "small", "medium", "large",
        ] {
            assert_eq!(k.parse::<PieceKind>().unwrap().to_string(), k);
        }
        assert!("dots6".parse::<PieceKind>().is_err());
    }

    #[test]
    fn apply_lifts_everything_first() {
        let a = Piece::new(Player::One, PieceKind::White);
        let b = Piece::new(Player::Two, PieceKind::Black);
        let s = |n| Place::square(n).unwrap();
        let mut placement = Placement::default();
        placement.put(s(3), a);
        placement.put(s(5), b);
        // a takes b's square; b goes back to 1.
        let g = Geometry {
            steps: smallvec::smallvec![
                mover_step(
                    Player::One,
                    s(3),
                    s(5),
                    PieceKind::White,
                    smallvec::smallvec![2]
                ),
                caused_step(
                    StepKind::SentBack,
                    Player::Two,
                    s(5),
                    s(1),
                    PieceKind::Black,
                ),
            ],
            coaster: None,
        };
        placement.apply(&g).unwrap();
        let mut want = Placement::default();
        want.put(s(5), a);
        want.put(s(1), b);
        want.normalise();
        assert_eq!(placement, want);
        assert!(placement.apply(&g).is_err());
    }
}
