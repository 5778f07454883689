//! `bell`: the side that saves more of its ten pieces wins (borne off, or still on the board
//! when a side has none left); a piece landed on is captured and leaves the game; the last
//! five squares are safe, and 27–30 bear off only with their exact number.

use senet_engine::bell::ANKH;
use senet_engine::geometry::Placement;

use super::features::{self, Context, FeatureRows, Track};

/// Feature names, in row order: pieces borne off, pieces on each stretch of the track, the
/// risk of capture, whose throw it is, and the colour (black moves first).
pub(crate) const NAMES: &[&str] = &[
    "borne_off",
    "on_1_10",
    "on_11_20",
    "on_21_25",
    "on_marked",
    "exposed_now",
    "exposed_later",
    "on_turn",
    "plays_black",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[1, 1, 1, 1, 1, -1, -1, 0, 0];

/// Weights fitted by sign-constrained logistic regression on medium self-play, then scaled
/// to calibrated log-odds (see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[
    2.396, 1.701, 1.275, 1.554, 1.843, -1.410, -1.253, 0.163, 0.205,
];

/// The chance that one d4 covers a distance `d` (index 0 is 0).
const ONE_D4: [f64; 5] = [0.0, 0.25, 0.25, 0.25, 0.25];

/// Fills one row per player. Pieces nobody owns yet (before the roll-off) count for nobody.
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let track = Track::new(placement);
    for (i, row) in rows.iter_mut().enumerate().take(ctx.players) {
        let mut zones = [0.0; 4];
        let mut exposed = 0.0;
        for n in 1..=30usize {
            if track.owner(n as i32) != Some(i) {
                continue;
            }
            zones[match n {
                1..=10 => 0,
                11..=20 => 1,
                21..=25 => 2,
                _ => 3,
            }] += 1.0;
            if n < usize::from(ANKH) {
                exposed += track.hit_chance(n, i, &ONE_D4, |_| true);
            }
        }
        let borne_off = features::borne_off(placement, i);
        let plays_black = features::plays_black(placement, i);
        let next = ctx.opponent_acts_next(i);
        row[..NAMES.len()].copy_from_slice(&[
            borne_off as f64,
            zones[0],
            zones[1],
            zones[2],
            zones[3],
            if next { exposed } else { 0.0 },
            if next { 0.0 } else { exposed },
            ctx.on_turn(i),
            if plays_black { 1.0 } else { 0.0 },
        ]);
    }
}
