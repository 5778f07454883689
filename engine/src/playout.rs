//! Playing a game to its end with caller-supplied choices: the loop behind the property
//! tests, the benchmarks and the load generator.
//!
//! The engine stays free of randomness: the caller passes one closure that rolls a
//! [`ThrowSpec`] and one that picks an index among the legal moves.

use crate::{Outcome, Rules, Status, Throw, ThrowSpec};

/// What a playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Throws applied.
    pub throws: u32,
    /// Moves played.
    pub moves: u32,
    /// How the game ended; `None` if `max_actions` ran out first.
    pub outcome: Option<Outcome>,
}

/// Plays `game` until it is over or `max_actions` throws and moves have been applied.
///
/// `roll` must return a throw that fits the spec; `pick(n)` must return an index below `n`.
/// `buf` is reused for the legal moves so the loop does not allocate.
///
/// # Panics
/// If `roll` returns a throw the game refuses, or `pick` an index out of range.
///
/// ```
/// use senet_engine::{playout, pyramid::Pyramid, Rules, Setup, Throw};
/// let mut game = Pyramid::new(Setup::default())?;
/// let mut buf = Vec::new();
/// // Always the lowest faces and the first legal move.
/// let p = playout::play_out(
///     &mut game,
///     |spec| Throw::new(spec, &vec![spec.die.min_face(); spec.count.into()]).unwrap(),
///     |_| 0,
///     &mut buf,
///     100_000,
/// );
/// assert!(p.outcome.is_some());
/// # Ok::<_, senet_engine::SetupError>(())
/// ```
pub fn play_out<R: Rules>(
    game: &mut R,
    mut roll: impl FnMut(ThrowSpec) -> Throw,
    mut pick: impl FnMut(usize) -> usize,
    buf: &mut Vec<R::Move>,
    max_actions: u32,
) -> Playout {
    let mut p = Playout::default();
    while p.throws + p.moves < max_actions {
        match game.status() {
            Status::Over(outcome) => {
                p.outcome = Some(outcome);
                break;
            }
            Status::Throw { spec, .. } => {
                let throw = roll(spec);
                if let Err(e) = game.throw(throw) {
                    panic!("throw {throw} refused for {spec}: {e}");
                }
                p.throws += 1;
            }
            Status::Move { .. } => {
                game.legal_moves_into(buf);
                assert!(
                    !buf.is_empty(),
                    "status is Move but no legal move: {}",
                    game.to_notation()
                );
                let mv = buf[pick(buf.len())];
                game.play_unchecked(mv);
                p.moves += 1;
            }
        }
    }
    if p.outcome.is_none() {
        p.outcome = game.status().outcome();
    }
    p
}
