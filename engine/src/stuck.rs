//! Why a piece cannot move: [`Stuck`], for a client that explains a click on such a piece.
//!
//! When a game waits for a move, [`Layout::stuck`](crate::Layout::stuck) names each place of
//! the mover's pieces from which no legal move starts, with the most specific reason the
//! rules give: every move that piece could make with this throw (each die, the sum where the
//! variant moves it, forward and backward where the variant allows) is put to
//! [`Rules::why_illegal`](crate::Rules::why_illegal), and the reason that says the most
//! about the piece is kept (see [`specificity`]).
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

use crate::IllegalMove;
use crate::place::Place;

/// A place of the mover's pieces from which no legal move starts, and why.
///
/// Serialised as `{"from": "s12", "reason": "blocked"}` (the reason as its
/// [`IllegalMove::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stuck {
    /// Where the piece (or, in `martian`, the mover's pyramids) stands.
    pub from: Place,
    /// The most specific reason its moves are refused.
    pub reason: IllegalMove,
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
