//! The Easy level: a beginner who moves at random but sees what is plainly good.

use rand::Rng;
use rand::seq::IndexedRandom;
use senet_engine::geometry::StepKind;
use senet_engine::{Game, Move, Player};

/// A random legal move, chosen among the "obvious" ones when there are any: a move that
/// captures or sends back an opposing piece, or bears off one of the mover's own. `None`
/// when the game has no legal move.
pub(crate) fn choose(game: &Game, player: Player, rng: &mut impl Rng) -> Option<Move> {
    let legal = game.legal_moves_with_geometry();
    let obvious: Vec<Move> = legal
        .iter()
        .filter(|m| {
            m.geometry.steps.iter().any(|step| match step.kind {
                StepKind::Capture | StepKind::SentBack => step.owner != player,
                StepKind::BearOff => step.owner == player,
                _ => false,
            })
        })
        .map(|m| m.mv)
        .collect();
    if obvious.is_empty() {
        legal.choose(rng).map(|m| m.mv)
    } else {
        obvious.choose(rng).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use senet_engine::Variant;

    #[test]
    fn takes_the_capture_when_there_is_one() {
        // Jequier: white (player 1) on 12 with a throw of 2 can take black's lone piece on
        // 14; the other white piece could only step to an empty square.
        let game = Game::from_notation(Variant::Jequier, "W..........W.B................ b2 m1:2")
            .unwrap();
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mv = choose(&game, Player::One, &mut rng).unwrap();
            assert_eq!(mv.to_string(), "12-14");
        }
    }
}
