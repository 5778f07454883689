//! `jequier`: a race of five pieces each, first to bear all off wins; a piece landed on goes
//! back to the lowest empty square unless it has a neighbour of its colour or stands on a
//! safe square; three in a row cannot be passed.

use senet_engine::geometry::Placement;
use senet_engine::jequier::SAFE_SQUARES;

use super::features::{self, Context, FeatureRows, REACH, Track};

/// Feature names, in row order: pieces borne off, pieces on each stretch of three squares
/// (a piece-square table: what a piece is worth where it stands), and the tactical facts.
pub(crate) const NAMES: &[&str] = &[
    "borne_off",
    "on_1_3",
    "on_4_6",
    "on_7_9",
    "on_10_12",
    "on_13_15",
    "on_16_18",
    "on_19_21",
    "on_22_24",
    "on_25_27",
    "on_28_30",
    "exposed_now",
    "exposed_later",
    "protected",
    "blockade",
    "on_turn",
    "behind_blockade",
    "plays_black",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 0, -1, 0];

/// Weights: a piece-square table fitted on medium self-play, improved by self-play hill
/// climbing, scaled to calibrated log-odds, and the weight of `plays_black` fitted alone
/// (see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[
    0.020, -0.038, -0.060, -0.043, -0.020, -0.047, 0.003, 0.012, 0.018, 0.081, 0.111, -0.215,
    -0.158, 0.023, -0.006, 0.009, 0.000, -0.148,
];

/// Fills one row per player. Pieces nobody owns yet (before the first 1) count for nobody.
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let track = Track::new(placement);
    let runs = track.run_lengths();
    let reach = &REACH.sticks;
    for (i, row) in rows.iter_mut().enumerate().take(ctx.players) {
        let mut zones = [0.0; 10];
        let mut exposed = 0.0;
        let mut protected = 0.0;
        let mut blockade = 0.0;
        let mut stuck = 0.0;
        for n in 1..=30usize {
            if track.owner(n as i32) != Some(i) {
                continue;
            }
            zones[(n - 1) / 3] += 1.0;
            if runs[n] >= 3 {
                blockade += 1.0;
            }
            if track.blockade_ahead(n, i, &runs) {
                stuck += 1.0;
            }
            let safe = SAFE_SQUARES.contains(&(n as u8)) || track.has_neighbour(n as i32, i);
            if safe {
                protected += 1.0;
            } else {
                // Landed on, the piece goes back to about the start: it loses its progress.
                exposed += track.hit_chance(n, i, reach, |_| true) * n as f64 / 30.0;
            }
        }
        let borne_off = features::borne_off(placement, i);
        // Black moves first, and keeps a lasting edge from it (docs/bots.md).
        let plays_black = features::plays_black(placement, i);
        let next = ctx.opponent_acts_next(i);
        row[0] = borne_off as f64;
        row[1..11].copy_from_slice(&zones);
        row[11..NAMES.len()].copy_from_slice(&[
            if next { exposed } else { 0.0 },
            if next { 0.0 } else { exposed },
            protected,
            blockade,
            ctx.on_turn(i),
            stuck,
            if plays_black { 1.0 } else { 0.0 },
        ]);
    }
}
