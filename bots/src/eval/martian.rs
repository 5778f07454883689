//! `martian`: a race of twelve pyramids each along one 27-square path (Source, Balance,
//! Perfect tracks), first to bear all off wins. Pyramids stack; those inside a nest cannot
//! move; a complete one-colour tree blocks the other colour; nobody bears off while a
//! pyramid of theirs is on the Source track; a 5 moves a whole coaster.

use senet_engine::geometry::{Piece, PieceKind, Place, Placement};

use super::features::{self, Context, FeatureRows};

/// Feature names, in row order: pyramids on each stretch of three squares of the path (a
/// piece-square table), pyramids borne off, and the stacking facts.
pub(crate) const NAMES: &[&str] = &[
    "on_s1_s3",
    "on_s4_s6",
    "on_s7_s9",
    "on_b1_b3",
    "on_b4_b6",
    "on_b7_b9",
    "on_p1_p3",
    "on_p4_p6",
    "on_p7_p9",
    "borne_off",
    "trapped_by_other",
    "trapped_by_own",
    "blocks",
    "on_turn",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 1, 0];

/// Weights: an evenly decreasing piece-square table (a plain race), the trap weights
/// improved by self-play hill climbing, all scaled to calibrated log-odds (see
/// `docs/bots.md`, "Tuning": weights fitted by regression played worse here).
pub(crate) const WEIGHTS: &[f64] = &[
    -0.045, -0.040, -0.035, -0.030, -0.025, -0.020, -0.015, -0.010, -0.005, 0.000, -0.025, -0.050,
    0.050, 0.000,
];

fn size(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Small => 1,
        PieceKind::Medium => 2,
        _ => 3,
    }
}

/// Fills one row per player; the race is measured in whole paths (27 squares).
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let players = ctx.players.min(2);
    let mut zones = [[0.0; 9]; 2];
    let mut trapped_by_other = [0.0; 2];
    let mut trapped_by_own = [0.0; 2];
    let mut blocks = [0.0; 2];
    let owner = |piece: &Piece| piece.owner.map(|o| o.index()).filter(|&o| o < players);
    for stack in &placement.board {
        let Place::Path(square) = stack.place else {
            continue;
        };
        let p = usize::from(square.index());
        let pieces = &stack.pieces;
        // Sizes rise to the peak and fall after it, so the largest pyramid is the peak.
        let peak = (0..pieces.len())
            .max_by_key(|&k| size(pieces[k].kind))
            .unwrap_or(0);
        let peak_owner = pieces.get(peak).and_then(owner);
        for (k, piece) in pieces.iter().enumerate() {
            let Some(o) = owner(piece) else { continue };
            zones[o][p / 3] += 1.0;
            if k < peak {
                if peak_owner == Some(o) {
                    trapped_by_own[o] += 1.0;
                } else {
                    trapped_by_other[o] += 1.0;
                }
            }
        }
        // A block is a large, a medium and a small of one colour on top, tree-wise.
        if let [.., large, medium, small] = pieces.as_slice() {
            let tree = [large, medium, small].map(|piece| size(piece.kind)) == [3, 2, 1];
            let one_colour = owner(large).is_some()
                && large.owner == medium.owner
                && medium.owner == small.owner;
            if let (true, true, Some(o)) = (tree, one_colour, owner(large)) {
                blocks[o] += 1.0;
            }
        }
    }
    for (i, row) in rows.iter_mut().enumerate().take(players) {
        let borne_off = features::borne_off(placement, i);
        row[..9].copy_from_slice(&zones[i]);
        row[9..NAMES.len()].copy_from_slice(&[
            borne_off as f64,
            trapped_by_other[i],
            trapped_by_own[i],
            blocks[i],
            ctx.on_turn(i),
        ]);
    }
}
