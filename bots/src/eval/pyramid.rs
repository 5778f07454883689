//! `pyramid`: the side that bears off more points wins (large 4, medium 3, small 2); a
//! pyramid landed on is captured and scores nothing; two neighbours of a colour are safe,
//! three are a blockade; the last five squares are safe, and 27–30 bear off only with their
//! exact number.

use senet_engine::geometry::{PieceKind, Placement};
use senet_engine::pyramid::ANKH;

use super::features::{Context, FeatureRows, REACH, Track};

/// Feature names, in row order.
pub(crate) const NAMES: &[&str] = &[
    "points_off",
    "points_on_1_10",
    "points_on_11_20",
    "points_on_21_26",
    "points_waiting",
    "exposed_now",
    "exposed_later",
    "protected",
    "blockade",
    "on_turn",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[1, 1, 1, 1, 1, -1, -1, 0, 0, 0];

/// Weights fitted by sign-constrained logistic regression on medium self-play, then scaled
/// to calibrated log-odds (see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[
    5.719, 0.000, 1.074, 2.693, 5.346, 0.000, 0.000, -0.010, 0.145, 0.186,
];

/// Points a pyramid scores when borne off.
pub(crate) fn points(kind: PieceKind) -> f64 {
    match kind {
        PieceKind::Large => 4.0,
        PieceKind::Medium => 3.0,
        _ => 2.0,
    }
}

/// Fills one row per player; points are in tens (a side has 27 in all).
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let track = Track::new(placement);
    let runs = track.run_lengths();
    let reach = &REACH.two_d4;
    for (i, row) in rows.iter_mut().enumerate().take(ctx.players) {
        // Points on squares 1-10, 11-20, 21-26 and 27-30.
        let mut zones = [0.0; 4];
        let mut exposed = 0.0;
        let mut protected = 0.0;
        let mut blockade = 0.0;
        for n in 1..=30usize {
            let Some((owner, kind)) = track.square[n] else {
                continue;
            };
            if owner != i {
                continue;
            }
            let value = points(kind) / 10.0;
            zones[match n {
                1..=10 => 0,
                11..=20 => 1,
                21..=26 => 2,
                _ => 3,
            }] += value;
            if runs[n] >= 3 {
                blockade += 1.0;
            }
            if n >= usize::from(ANKH) || track.has_neighbour(n as i32, i) {
                protected += 1.0;
            } else {
                exposed += value * track.hit_chance(n, i, reach, |_| true);
            }
        }
        let off: f64 = placement
            .off
            .iter()
            .filter(|p| p.owner.map(|o| o.index()) == Some(i))
            .map(|p| points(p.kind) / 10.0)
            .sum();
        let next = ctx.opponent_acts_next(i);
        row[..NAMES.len()].copy_from_slice(&[
            off,
            zones[0],
            zones[1],
            zones[2],
            zones[3],
            if next { exposed } else { 0.0 },
            if next { 0.0 } else { exposed },
            protected,
            blockade,
            ctx.on_turn(i),
        ]);
    }
}
