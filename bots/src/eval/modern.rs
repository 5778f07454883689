//! `modern`: numbered pieces (1 to 5 dots); the game ends when three pieces are up, all
//! players together, and the most marks (dots up) win; a piece landed on goes back to the
//! sun, and whatever stood on the sun leaves the game; 28–30 are safe from pieces outside
//! them; a player who cannot move loses.

use senet_engine::geometry::{PieceKind, Placement};
use senet_engine::modern::{SAFE, SUN};

use super::features::{Context, FeatureRows, REACH, Track};

/// Feature names, in row order.
pub(crate) const NAMES: &[&str] = &[
    "marks",
    "pieces_up",
    "potential",
    "marks_in_zone",
    "exposed_now",
    "exposed_later",
    "on_board",
    "on_turn",
    "marks_late",
    "on_sun",
    "stranded",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[1, 0, 1, 1, -1, -1, 1, 0, 1, -1, -1];

/// Weights for two players, fitted by sign-constrained logistic regression on medium
/// self-play (see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[
    0.000, 0.171, 0.091, 0.000, -1.107, -0.339, 1.138, 0.012, 2.089, -0.120, -5.767,
];

/// Weights for three players, fitted the same way on three-player games.
pub(crate) const WEIGHTS_THREE: &[f64] = &[
    0.223, 0.388, 0.613, 0.000, -0.307, 0.000, 0.641, 0.041, 2.391, -0.036, -4.750,
];

/// Weights for four players, fitted the same way on four-player games.
pub(crate) const WEIGHTS_FOUR: &[f64] = &[
    1.052, 0.578, 1.072, 0.000, -0.537, -0.319, 0.459, 0.070, 2.120, -0.140, -3.252,
];

fn dots(kind: PieceKind) -> f64 {
    match kind {
        PieceKind::Numbered(n) => f64::from(n),
        _ => 0.0,
    }
}

/// Fills one row per player; marks are in fives (a player's five pieces carry 15).
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let track = Track::new(placement);
    let reach = &REACH.two_d6;
    let safe = usize::from(SAFE);
    let up_total = placement.off.len() as f64;
    for (i, row) in rows.iter_mut().enumerate().take(ctx.players) {
        let mut potential = 0.0;
        let mut in_zone = 0.0;
        let mut exposed = 0.0;
        let mut on_board = 0.0;
        let mut on_sun = 0.0;
        for n in 1..=30usize {
            let Some((owner, kind)) = track.square[n] else {
                continue;
            };
            if owner != i {
                continue;
            }
            let value = dots(kind) / 5.0;
            let along = n as f64 / 30.0;
            on_board += 1.0;
            potential += value * along * along;
            if n >= safe {
                in_zone += value;
            }
            if n == usize::from(SUN) {
                on_sun += 1.0;
            }
            // Only pieces inside the zone may take a piece on 28-30.
            let attack_from = |from: usize| n < safe || from >= safe;
            exposed += value * along * track.hit_chance(n, i, reach, attack_from);
        }
        let (mut marks, mut up) = (0.0, 0.0);
        for piece in &placement.off {
            if piece.owner.map(|o| o.index()) == Some(i) {
                marks += dots(piece.kind) / 5.0;
                up += 1.0;
            }
        }
        let next = ctx.opponent_acts_next(i);
        row[..NAMES.len()].copy_from_slice(&[
            marks,
            up,
            potential,
            in_zone,
            if next { exposed } else { 0.0 },
            if next { 0.0 } else { exposed },
            on_board,
            ctx.on_turn(i),
            marks * up_total / 3.0,
            on_sun,
            // No piece on the board: the player cannot move and loses on their next turn,
            // unless someone else's piece ends the game first.
            if on_board == 0.0 { 1.0 } else { 0.0 },
        ]);
    }
}

#[cfg(test)]
mod tests {
    use senet_engine::{Game, Setup, Variant};

    #[test]
    fn at_the_start_everyone_has_five_on_the_board_and_player_1_the_sun() {
        let game = Game::new(Variant::Modern, Setup::players(4)).unwrap();
        let rows = super::super::features(&game);
        assert!(rows.iter().all(|r| r[6] == 5.0));
        let on_sun: Vec<f64> = rows.iter().map(|r| r[9]).collect();
        assert_eq!(on_sun, [1.0, 0.0, 0.0, 0.0]);
    }
}
