//! What a position holds that its board does not draw (pieces borne off, the dice still to
//! play, counters towards a limit), as data: each ruleset states its [`Note`]s, and
//! [`english`] says them in one line. A client in another language says the same notes in
//! its own words from the same data; it needs no rule for that.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A side (as [`Ruleset::sides`](crate::Ruleset::sides) names it) and a number of its
/// pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SideCount {
    /// The side: `white`, `black`, `red`, `yellow`, `blue` or `green`.
    pub side: Cow<'static, str>,
    /// How many of its pieces.
    pub count: u32,
}

impl SideCount {
    /// `count` pieces of `side`.
    pub fn new(side: &'static str, count: u32) -> SideCount {
        SideCount {
            side: Cow::Borrowed(side),
            count,
        }
    }
}

/// A side and the sizes of its pyramids, largest first (`pyramid`'s borne-off pieces).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SideSizes {
    /// The side: `black` or `white`.
    pub side: Cow<'static, str>,
    /// One size per pyramid: `large`, `medium` or `small`; empty when none.
    pub sizes: Vec<Cow<'static, str>>,
}

/// A numbered piece gone up (`modern`): its side and the number of dots it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PieceUp {
    /// The side that owns it: `red`, `yellow`, `blue` or `green`.
    pub side: Cow<'static, str>,
    /// The dots on the piece.
    pub piece: u8,
}

/// One thing a position holds that its board does not draw. Serialised with its `kind`
/// (`{"kind": "borne_off", "sides": [{"side": "white", "count": 4}, …]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Note {
    /// How many pieces each side has borne off.
    BorneOff {
        /// Per side, in the ruleset's order.
        sides: Vec<SideCount>,
    },
    /// The sizes of the pyramids each side has borne off (`pyramid`).
    SizesBorneOff {
        /// Per side, black first.
        sides: Vec<SideSizes>,
    },
    /// How many pieces of each side have been captured (`bell`).
    Captured {
        /// Per side, black first.
        sides: Vec<SideCount>,
    },
    /// The pieces gone up, in the order they went; the third ends the game (`modern`).
    PiecesUp {
        /// Each piece up; empty while none has.
        pieces: Vec<PieceUp>,
    },
    /// Whether a man waits on square 20 for a throw of one to leave the Senet Row
    /// (`parker`).
    WaitingForOne {
        /// True while one waits.
        waiting: bool,
    },
    /// The turns since the last capture, and the number at which the game is drawn
    /// (`parker`).
    QuietTurns {
        /// Turns since the last capture.
        turns: u32,
        /// The draw comes at this many.
        limit: u32,
    },
    /// The dice of this throw still to play, in the order thrown.
    DiceToPlay {
        /// Each die's face.
        dice: Vec<u8>,
    },
    /// The die this move plays (`martian`).
    Die {
        /// Its face.
        die: u8,
    },
    /// The side needs a throw of 1 before any of its pieces may move (`kendall`).
    NeedsOne {
        /// The waiting side.
        side: Cow<'static, str>,
    },
    /// The throws of this turn still to play (`kendall`, who throws all before moving).
    ThrowsToPlay {
        /// Each throw, in the order thrown.
        throws: Vec<u8>,
    },
    /// The throws kept so far while the turn still throws (`kendall`).
    ThrowsKept {
        /// Each throw, in the order thrown.
        throws: Vec<u8>,
    },
    /// The side's piece came back from the water to `square` and must move next
    /// (`kendall`).
    BackFromWater {
        /// The side whose piece it is.
        side: Cow<'static, str>,
        /// The square it stands on.
        square: u8,
    },
    /// The side loses its next turn (`kendall`).
    LosesTurn {
        /// The side that loses it.
        side: Cow<'static, str>,
    },
}

/// The words English joins a list with (and the web's catalogue keeps: `notes-list-separator`).
const LIST: &str = ", ";

fn list<T>(items: &[T], say: impl Fn(&T) -> String) -> String {
    items.iter().map(say).collect::<Vec<_>>().join(LIST)
}

fn counts(sides: &[SideCount]) -> String {
    list(sides, |c| format!("{} {}", c.side, c.count))
}

fn numbers(faces: &[u8]) -> String {
    list(faces, u8::to_string)
}

impl fmt::Display for Note {
    /// The note in English, as [`english`] joins it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::BorneOff { sides } => write!(f, "borne off: {}", counts(sides)),
            Note::SizesBorneOff { sides } => {
                let each: Vec<String> = sides
                    .iter()
                    .map(|s| {
                        let sizes = if s.sizes.is_empty() {
                            "none".to_owned()
                        } else {
                            list(&s.sizes, |size| size.to_string())
                        };
                        format!("{} {sizes}", s.side)
                    })
                    .collect();
                write!(f, "borne off: {}", each.join("; "))
            }
            Note::Captured { sides } => write!(f, "captured: {}", counts(sides)),
            Note::PiecesUp { pieces } if pieces.is_empty() => {
                f.write_str("pieces up: none yet (the third ends the game)")
            }
            Note::PiecesUp { pieces } => write!(
                f,
                "pieces up: {} (the third ends the game)",
                list(pieces, |p| format!("{} {}", p.side, p.piece))
            ),
            Note::WaitingForOne { waiting: true } => {
                f.write_str("a man waits for a throw of one to leave the Senet Row")
            }
            Note::WaitingForOne { waiting: false } => f.write_str("no waiting for a one"),
            Note::QuietTurns { turns, limit } => write!(
                f,
                "turns since the last capture: {turns} (a draw at {limit})"
            ),
            Note::DiceToPlay { dice } => write!(f, "dice to play: {}", numbers(dice)),
            Note::Die { die } => write!(f, "die: {die}"),
            Note::NeedsOne { side } => write!(f, "{side} needs a 1 to start moving"),
            Note::ThrowsToPlay { throws } => write!(f, "throws to play: {}", numbers(throws)),
            Note::ThrowsKept { throws } => write!(f, "throws kept: {}", numbers(throws)),
            Note::BackFromWater { side, square } => write!(
                f,
                "{side}'s piece on {square} came back from the water and must move next"
            ),
            Note::LosesTurn { side } => write!(f, "{side} loses the next turn"),
        }
    }
}

/// `notes` in one English line, joined by ` · ` (empty when there are none).
///
/// ```
/// use senet_engine::notes::{english, Note, SideCount};
/// let notes = [
///     Note::BorneOff { sides: vec![SideCount::new("white", 4), SideCount::new("black", 1)] },
///     Note::DiceToPlay { dice: vec![3, 5] },
/// ];
/// assert_eq!(english(&notes), "borne off: white 4, black 1 · dice to play: 3, 5");
/// ```
pub fn english(notes: &[Note]) -> String {
    notes
        .iter()
        .map(Note::to_string)
        .collect::<Vec<_>>()
        .join(" · ")
}
