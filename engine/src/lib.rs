//! Pure rules for seven Senet rulesets.
//!
//! No I/O, no async, no randomness: the caller rolls the dice and passes them in, so a game is
//! exactly the replay of its throws and moves.
//!
//! | id | module | source |
//! |---|---|---|
//! | `martian` | [`martian`] | Martian Senet (M. Rogers, 2012) |
//! | `modern`  | [`modern`]  | Senet-modern, 2 to 4 players |
//! | `parker`  | [`parker`]  | Parker Brothers SENET (1946) |
//! | `jequier` | [`jequier`] | Jéquier's rules (1930) |
//! | `pyramid` | [`pyramid`] | Pyramid Senet (P. Aronson) |
//! | `bell`    | [`bell`]    | R. C. Bell's suggested rules (1960) |
//! | `kendall` | [`kendall`] | Kendall's reconstruction (1978) |
//!
//! Every variant implements [`Rules`] (its moves), [`Layout`] (where its pieces go) and
//! [`Ruleset`] (what it says about itself: name, players, throw, board, summary, special
//! squares, the words for a piece that cannot move, its sides); [`Game`] wraps them all behind
//! one type for code that does not care which variant it runs (the server, the scenario
//! runner).
//!
//! # Adding a ruleset
//!
//! Write its module (`pub mod <id>;` below), implementing [`Rules`], [`Layout`] and
//! [`Ruleset`] for its game type, and add one line to the list of rulesets in this file
//! (`with_rulesets!`). The list makes [`Variant`], [`Game`] and [`Move`] and every method of
//! theirs that depends on the ruleset; an item the module leaves out, or a `match` over
//! [`Variant`] elsewhere (the bots' evaluation) that does not name it, fails to compile.
//!
//! ```
//! use senet_engine::{Game, Setup, Status, Throw, Variant};
//!
//! let mut game = Game::new(Variant::Pyramid, Setup::default())?;
//! // Drive the game: throw when asked, move when asked.
//! for _ in 0..10 {
//!     match game.status() {
//!         Status::Throw { spec, .. } => {
//!             let faces = vec![spec.die.min_face(); usize::from(spec.count)];
//!             game.throw(Throw::new(spec, &faces)?)?;
//!         }
//!         Status::Move { player } => {
//!             let mv = game.legal_moves()[0];
//!             game.play(player, mv)?;
//!         }
//!         Status::Over(_) => break,
//!     }
//! }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

/// The list of rulesets, once: each ruleset's variant, its module and its game type. It hands
/// the list to the macro `$make`, which makes something of it: `variant.rs` the [`Variant`]
/// enum (from the names only), `game.rs` [`Game`], [`Move`] and every method that asks which
/// ruleset it is. A new ruleset is its module, declared below, and one line here.
macro_rules! with_rulesets {
    ($make:ident) => {
        $make! {
            /// Martian Senet: three coasters, stacking pyramids, one d6.
            Martian => martian::Martian,
            /// Senet-modern: 30 squares, numbered pieces, 2d6, 2 to 4 players.
            Modern => modern::Modern,
            /// Parker Brothers SENET (1946): Senet Row between two Safety Rows, captures.
            Parker => parker::Parker,
            /// Jéquier's rules: four throwing sticks, send-back, protected pairs.
            Jequier => jequier::Jequier,
            /// Pyramid Senet: two d4, captures, numbered bear-off squares.
            Pyramid => pyramid::Pyramid,
            /// R. C. Bell's suggested rules (1960): ten pieces each, one d4, captures.
            Bell => bell::Bell,
            /// Kendall's reconstruction (1978): swaps, protected pairs, the houses 26 to 30.
            Kendall => kendall::Kendall,
        }
    };
}

mod game;

pub mod bell;
pub mod board30;
pub mod dice;
pub mod discs;
pub mod geometry;
pub mod jequier;
pub mod kendall;
pub mod martian;
mod mechanics;
pub mod modern;
mod notation;
pub mod notes;
pub mod parker;
mod parse_error;
mod place;
mod player;
pub mod playout;
pub mod pyramid;
mod rules;
mod ruleset;
pub mod scenario;
#[cfg(feature = "schema")]
pub mod schema_impls;
pub mod scoring;
pub mod stuck;
mod variant;
mod variant_info;

pub use dice::{Die, IllegalThrow, RemainingDice, Throw, ThrowSpec};
pub use game::{Game, LegalMove, Move};
pub use geometry::{Geometry, Layout, Place, Placement};
pub use notes::Note;
pub use parse_error::ParseError;
pub use player::Player;
pub use rules::{
    Concession, EndReason, IllegalMove, Outcome, Rules, Setup, SetupError, Status, ThrowEffect,
};
pub use ruleset::{BoardKind, PositionNotation, Ruleset, SpecialSquare, SquareKind};
pub use scoring::Breakdown;
pub use stuck::{ExplainedStuck, PieceNoun, Stuck};
pub use variant::Variant;
pub use variant_info::{ThrowOdds, VariantInfo, VariantOption};
