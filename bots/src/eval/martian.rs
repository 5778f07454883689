//! `martian`: a race of twelve pyramids each along one 27-square path (Source, Balance,
//! Perfect tracks), first to bear all off wins. Pyramids stack; those inside a nest cannot
//! move; a complete one-colour tree blocks the other colour; nobody bears off while a
//! pyramid of theirs is on the Source track; a 5 moves a whole coaster.

use senet_engine::geometry::{PieceKind, Place, Placement};

use super::{Context, FeatureRows, relative_to_total, share_of_total};

/// Feature names, in row order.
pub(crate) const NAMES: &[&str] = &[
    "pips_share",
    "left_relative",
    "on_source",
    "on_perfect",
    "trapped_by_other",
    "trapped_by_own",
    "blocks",
    "on_turn",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[-1, -1, 0, 0, -1, 0, 1, 0];

/// Fitted weights (see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[-1.499, 0.000, 0.069, 0.005, -0.099, -0.184, 0.034, 0.022];

/// Squares on each track.
const TRACK: usize = 9;

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
    let mut pips = [0.0; 2];
    let mut on_source = [0.0; 2];
    let mut on_perfect = [0.0; 2];
    let mut trapped_by_other = [0.0; 2];
    let mut trapped_by_own = [0.0; 2];
    let mut blocks = [0.0; 2];
    let owner = |k: usize, pieces: &[senet_engine::geometry::Piece]| {
        pieces[k].owner.map(|o| o.index()).filter(|&o| o < players)
    };
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
        let peak_owner = owner(peak, pieces);
        for k in 0..pieces.len() {
            let Some(o) = owner(k, pieces) else { continue };
            pips[o] += (27 - p) as f64 / 27.0;
            if p < TRACK {
                on_source[o] += 1.0;
            } else if p >= 2 * TRACK {
                on_perfect[o] += 1.0;
            }
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
            if tree
                && large.owner.is_some()
                && large.owner == medium.owner
                && medium.owner == small.owner
            {
                if let Some(o) = large.owner.map(|o| o.index()).filter(|&o| o < players) {
                    blocks[o] += 1.0;
                }
            }
        }
    }
    for (i, row) in rows.iter_mut().enumerate().take(players) {
        let borne_off = placement
            .off
            .iter()
            .filter(|p| p.owner.map(|o| o.index()) == Some(i))
            .count();
        row[..NAMES.len()].copy_from_slice(&[
            pips[i],
            (12 - borne_off) as f64,
            on_source[i],
            on_perfect[i],
            trapped_by_other[i],
            trapped_by_own[i],
            blocks[i],
            ctx.on_turn(i),
        ]);
    }
    share_of_total(rows, players, 0, 0);
    relative_to_total(rows, players, 1);
}
