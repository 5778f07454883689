//! `jequier`: a race of five pieces each, first to bear all off wins; a piece landed on goes
//! back to the lowest empty square unless it has a neighbour of its colour or stands on a
//! safe square; three in a row cannot be passed.

use senet_engine::geometry::Placement;
use senet_engine::jequier::SAFE_SQUARES;

use super::{Context, FeatureRows, REACH, Track, relative_to_total};

/// Feature names, in row order.
pub(crate) const NAMES: &[&str] = &[
    "pips_relative",
    "borne_off",
    "all_in_last_row",
    "first_row",
    "exposed_now",
    "exposed_later",
    "protected",
    "blockade",
    "on_turn",
    "exposed_far",
    "behind_blockade",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[-1, 0, 0, 0, -1, -1, 0, 0, 0, -1, -1];

/// Fitted weights (see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[-1.526, -0.201, 0.009, 0.132, -0.358, -0.280, -0.003, -0.020, 0.021, -0.138, -0.004];

/// Fills one row per player. Pieces nobody owns yet (before the first 1) count for nobody.
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let track = Track::new(placement);
    let runs = track.run_lengths();
    let reach = &REACH.sticks;
    for (i, row) in rows.iter_mut().enumerate().take(ctx.players) {
        let mut pips = 0.0;
        let mut on_board = 0;
        let mut outside_last_row = 0;
        let mut first_row = 0.0;
        let mut exposed = 0.0;
        let mut protected = 0.0;
        let mut blockade = 0.0;
        let mut exposed_far = 0.0;
        let mut stuck = 0.0;
        for n in 1..=30usize {
            if track.owner(n as i32) != Some(i) {
                continue;
            }
            on_board += 1;
            pips += (31 - n) as f64 / 30.0;
            if n <= 20 {
                outside_last_row += 1;
            }
            if n <= 10 {
                first_row += 1.0;
            }
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
                exposed_far += track.behind(n, i) as f64 / 5.0 * n as f64 / 30.0;
            }
        }
        let borne_off = placement
            .off
            .iter()
            .filter(|p| p.owner.map(|o| o.index()) == Some(i))
            .count();
        let next = ctx.opponent_acts_next(i);
        row[..NAMES.len()].copy_from_slice(&[
            pips,
            borne_off as f64,
            if on_board > 0 && outside_last_row == 0 {
                1.0
            } else {
                0.0
            },
            first_row,
            if next { exposed } else { 0.0 },
            if next { 0.0 } else { exposed },
            protected,
            blockade,
            ctx.on_turn(i),
            exposed_far,
            stuck,
        ]);
    }
    relative_to_total(rows, ctx.players, 0);
}
