//! `kendall`: a race of seven (or five) pieces each, first to bear all off wins; a piece
//! landed on swaps places with the attacker unless it has a neighbour of its colour; every
//! piece must stop on 26, and a piece in the water (27) holds up all its owner's others.

use senet_engine::geometry::Placement;
use senet_engine::kendall::{THROW_TABLE, WATER};

use super::features::{self, Context, FeatureRows, Track};

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
    "on_turn",
    "in_water",
    "plays_black",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, -1, 0];

/// Weights: a piece-square table fitted by logistic regression on medium self-play (rounds
/// of `fit` with 10 % random moves, each from the last's weights) and scaled to calibrated
/// log-odds (`scale` on plain medium games; see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[
    0.336, -0.257, -0.205, -0.153, -0.095, -0.057, -0.015, 0.022, 0.077, 0.102, 0.246, -0.004,
    -0.004, 0.022, 0.039, -0.261, -0.083,
];

/// The chance that one throw of the sticks gives `d` (1 to 5).
fn reach(d: usize) -> f64 {
    THROW_TABLE
        .iter()
        .find(|&&(v, _)| usize::from(v) == d)
        .map_or(0.0, |&(_, c)| f64::from(c) / 16.0)
}

/// The squares a piece on `n` loses to an attack, weighted by its chance: attackers stand
/// 1 to 5 squares behind; a piece on 28 to 30 is attacked only from 26 (and goes to the
/// water), one on 27 never.
fn expected_loss(track: &Track, n: usize, owner: usize) -> f64 {
    let attacker = |from: usize| track.owner(from as i32).is_some_and(|o| o != owner);
    match n {
        27 => 0.0,
        28..=30 => {
            if attacker(26) {
                reach(n - 26) * 3.0
            } else {
                0.0
            }
        }
        _ => (1..=5)
            .filter(|&d| d < n && attacker(n - d))
            .map(|d| reach(d) * d as f64)
            .sum(),
    }
}

/// Fills one row per player. Pieces nobody owns yet (before the first 1) count for nobody.
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let track = Track::new(placement);
    for (i, row) in rows.iter_mut().enumerate().take(ctx.players) {
        let mut zones = [0.0; 10];
        let mut exposed = 0.0;
        let mut protected = 0.0;
        let mut in_water = 0.0;
        for n in 1..=30usize {
            if track.owner(n as i32) != Some(i) {
                continue;
            }
            zones[(n - 1) / 3] += 1.0;
            if n == usize::from(WATER) {
                in_water = 1.0;
            }
            if track.has_neighbour(n as i32, i) {
                protected += 1.0;
            } else {
                exposed += expected_loss(&track, n, i);
            }
        }
        let borne_off = features::borne_off(placement, i);
        let plays_black = features::plays_black(placement, i);
        let next = ctx.opponent_acts_next(i);
        row[0] = borne_off as f64;
        row[1..11].copy_from_slice(&zones);
        row[11..NAMES.len()].copy_from_slice(&[
            if next { exposed } else { 0.0 },
            if next { 0.0 } else { exposed },
            protected,
            ctx.on_turn(i),
            in_water,
            if plays_black { 1.0 } else { 0.0 },
        ]);
    }
}
