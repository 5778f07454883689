//! Why a piece cannot move: [`Stuck`], for a client that explains a click on such a piece.
//!
//! When a game waits for a move, [`Layout::stuck`](crate::Layout::stuck) names each place of
//! the mover's pieces from which no legal move starts, with the most specific reason the
//! rules give: every move that piece could make with this throw (each die, the sum where the
//! variant moves it, forward and backward where the variant allows) is put to
//! [`Rules::why_illegal`](crate::Rules::why_illegal), and the reason that says the most
//! about the piece is kept (see [`specificity`]).
//!
//! The reason in words, for the player who clicked, is [`Variant::explain`]'s (and
//! [`Stuck::explained`] carries it): the variant's own sentence where its rules say more
//! ([`Ruleset::own_words`](crate::Ruleset::own_words), in the ruleset's module), else the
//! one every variant shares, with its word for a piece ([`generic_words`]).
//!
//! ```
//! use senet_engine::{Game, IllegalMove, Place, Variant};
//!
//! // Jequier, white to move a 2: the piece on 13 would land on black's 15, which is
//! // protected (a pair, on a safe square); the piece on 3 goes to 5.
//! let game = Game::from_notation(Variant::Jequier, "..W.........W.BB.............. b2 m1:2")?;
//! let stuck = game.stuck();
//! assert_eq!(stuck.len(), 1);
//! assert_eq!(stuck[0].from, "s13".parse::<Place>()?);
//! assert_eq!(stuck[0].reason, IllegalMove::Protected);
//! # Ok::<_, senet_engine::ParseError>(())
//! ```

use serde::{Deserialize, Serialize};

use crate::place::Place;
use crate::{IllegalMove, Variant};

/// A place of the mover's pieces from which no legal move starts, and why.
///
/// Serialised as `{"from": "s12", "reason": "blocked"}` (the reason as its
/// [`IllegalMove::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Stuck {
    /// Where the piece (or, in `martian`, the mover's pyramids) stands.
    pub from: Place,
    /// The most specific reason its moves are refused.
    pub reason: IllegalMove,
}

impl Stuck {
    /// This stuck piece with the sentence that explains it to a player of `variant`
    /// ([`Variant::explain`]), for a server to send.
    ///
    /// ```
    /// use senet_engine::{Game, Variant};
    ///
    /// let game = Game::from_notation(Variant::Jequier, "..W.........W.BB.............. b2 m1:2")?;
    /// let explained = game.stuck()[0].explained(Variant::Jequier);
    /// assert!(explained.text.starts_with("That piece would land on a protected piece"));
    /// let json = serde_json::to_value(explained).unwrap();
    /// assert_eq!((json["from"].as_str(), json["reason"].as_str()), (Some("s13"), Some("protected")));
    /// # Ok::<_, senet_engine::ParseError>(())
    /// ```
    pub fn explained(self, variant: Variant) -> ExplainedStuck {
        ExplainedStuck {
            from: self.from,
            reason: self.reason,
            text: variant
                .explain(self.reason)
                .unwrap_or_else(|| no_move(variant)),
        }
    }
}

/// A [`Stuck`] piece with the sentence a player of its variant sees: what
/// [`Stuck::explained`] gives. Serialised as `{"from": "s12", "reason": "blocked", "text":
/// "…"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ExplainedStuck {
    /// Where the piece stands, as [`Stuck::from`].
    pub from: Place,
    /// Why it cannot move, as [`Stuck::reason`].
    pub reason: IllegalMove,
    /// The reason in one sentence for the player ([`Variant::explain`]; for a reason that
    /// never concerns one piece, the sentence of [`IllegalMove::NotLegal`]).
    pub text: &'static str,
}

/// The sentence for a piece with no legal move and no more specific reason.
fn no_move(variant: Variant) -> &'static str {
    match variant.explain(IllegalMove::NotLegal) {
        Some(words) => words,
        None => "That piece has no legal move with this throw.",
    }
}

/// What a ruleset's rules call a piece ([`crate::Ruleset::PIECE`]), for the sentences of
/// [`generic_words`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum PieceNoun {
    /// `piece` (`jequier`, `modern`).
    Piece,
    /// `pyramid` (`pyramid`, `martian`).
    Pyramid,
    /// `peg` (`parker`, whose pegs are a Pharaoh and men).
    Peg,
}

impl PieceNoun {
    /// The noun, in lowercase.
    pub const fn as_str(self) -> &'static str {
        match self {
            PieceNoun::Piece => "piece",
            PieceNoun::Pyramid => "pyramid",
            PieceNoun::Peg => "peg",
        }
    }
}

/// The sentences of [`generic_words`] for one noun.
macro_rules! generic_words_for {
    ($noun:literal, $reason:expr) => {
        match $reason {
            IllegalMove::MustWait => Some(concat!("That ", $noun, " must wait.")),
            IllegalMove::MustBearOffFirst => Some("You must bear off first."),
            IllegalMove::MustMoveForcedPiece => {
                Some(concat!("Another ", $noun, " must move first."))
            }
            IllegalMove::MustUseAllDice => Some(concat!(
                "Moving that ",
                $noun,
                " would leave a die unused: both dice must be played when they can be."
            )),
            IllegalMove::Blocked => Some(concat!("That ", $noun, " is blocked.")),
            IllegalMove::Protected => Some(concat!(
                "That ",
                $noun,
                " would land on a protected ",
                $noun,
                "."
            )),
            IllegalMove::OccupiedByOwn => {
                Some(concat!("That ", $noun, " would land on one of your own."))
            }
            IllegalMove::IllegalStack => Some(concat!(
                "That ",
                $noun,
                " cannot be stacked where it would land."
            )),
            IllegalMove::CannotBearOff => Some(concat!("That ", $noun, " may not bear off yet.")),
            IllegalMove::OffPath => Some(concat!("That ", $noun, " would leave the board.")),
            IllegalMove::Trapped => Some(concat!(
                "That ",
                $noun,
                " is held inside another: the one around it moves first."
            )),
            IllegalMove::NoBackward => Some(concat!("That ", $noun, " may not move backward now.")),
            IllegalMove::NoSuchDie => Some(concat!("This throw does not move that ", $noun, ".")),
            IllegalMove::NotLegal => Some(concat!(
                "That ",
                $noun,
                " has no legal move with this throw."
            )),
            IllegalMove::GameOver
            | IllegalMove::NotYourTurn
            | IllegalMove::MustThrowFirst
            | IllegalMove::Malformed
            | IllegalMove::NoSuchPiece => None,
        }
    };
}

/// The sentence for `reason` that fits every ruleset, its pieces called `noun`: what a
/// ruleset says where its own rules add nothing ([`crate::Ruleset::explain`]). `None` for the
/// reasons that never concern one piece (those of [`specificity`] 0).
///
/// ```
/// use senet_engine::IllegalMove;
/// use senet_engine::stuck::{PieceNoun, generic_words};
/// assert_eq!(
///     generic_words(PieceNoun::Peg, IllegalMove::OccupiedByOwn),
///     Some("That peg would land on one of your own.")
/// );
/// assert_eq!(generic_words(PieceNoun::Piece, IllegalMove::GameOver), None);
/// ```
pub const fn generic_words(noun: PieceNoun, reason: IllegalMove) -> Option<&'static str> {
    match noun {
        PieceNoun::Piece => generic_words_for!("piece", reason),
        PieceNoun::Pyramid => generic_words_for!("pyramid", reason),
        PieceNoun::Peg => generic_words_for!("peg", reason),
    }
}

/// How much a refusal says about why a piece cannot move (higher says more); 0 for
/// reasons that never concern one piece of the mover (the game is over, not your turn, a
/// malformed move).
///
/// From the most specific: the piece itself must wait (`must_wait`); the piece could move,
/// but the turn owes another move first (`must_bear_off_first`, `must_move_forced_piece`,
/// `must_use_all_dice`); something on its way or where it would land (`blocked`,
/// `protected`, `occupied_by_own`, `illegal_stack`, `cannot_bear_off`, `off_path`); the
/// pyramid is held in a nest (`trapped`, below the others so that a `martian` square
/// with a free pyramid says why that one cannot go); backward is not allowed
/// (`no_backward`); no die gives the distance (`no_such_die`); and `not_legal`.
pub const fn specificity(reason: IllegalMove) -> u8 {
    match reason {
        IllegalMove::MustWait => 7,
        IllegalMove::MustBearOffFirst
        | IllegalMove::MustMoveForcedPiece
        | IllegalMove::MustUseAllDice => 6,
        IllegalMove::Blocked
        | IllegalMove::Protected
        | IllegalMove::OccupiedByOwn
        | IllegalMove::IllegalStack
        | IllegalMove::CannotBearOff
        | IllegalMove::OffPath => 5,
        IllegalMove::Trapped => 4,
        IllegalMove::NoBackward => 3,
        IllegalMove::NoSuchDie => 2,
        IllegalMove::NotLegal => 1,
        IllegalMove::GameOver
        | IllegalMove::NotYourTurn
        | IllegalMove::MustThrowFirst
        | IllegalMove::Malformed
        | IllegalMove::NoSuchPiece => 0,
    }
}

/// The most specific of `reasons` (the first of equally specific ones), or
/// [`IllegalMove::NotLegal`] when none says anything about a piece.
pub fn most_specific(reasons: impl IntoIterator<Item = IllegalMove>) -> IllegalMove {
    let mut best = IllegalMove::NotLegal;
    for r in reasons {
        if specificity(r) > specificity(best) {
            best = r;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_specific_reason_wins_and_ties_keep_the_first() {
        use IllegalMove::*;
        assert_eq!(most_specific([]), NotLegal);
        assert_eq!(most_specific([NoSuchPiece, Malformed]), NotLegal);
        assert_eq!(most_specific([NoBackward, Blocked]), Blocked);
        assert_eq!(most_specific([Protected, Blocked]), Protected);
        assert_eq!(most_specific([Blocked, MustBearOffFirst]), MustBearOffFirst);
        assert_eq!(most_specific([Trapped, IllegalStack]), IllegalStack);
        assert_eq!(
            most_specific([NoSuchDie, MustWait, MustUseAllDice]),
            MustWait
        );
        let json = serde_json::to_string(&Stuck {
            from: Place::square(12).unwrap(),
            reason: MustBearOffFirst,
        })
        .unwrap();
        assert_eq!(json, r#"{"from":"s12","reason":"must_bear_off_first"}"#);
    }
}
