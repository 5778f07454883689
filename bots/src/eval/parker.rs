//! `parker`: capture all the opposing pegs. Each player runs a circuit of 20 squares of
//! their own (1–10 the Safety Row, 11–20 the Senet Row); a peg that comes to rest alongside
//! an opposing peg in the Senet Row (a player's square `s` faces the other's `31 - s`)
//! captures it. Men go forward and never pass their own pegs; the Pharaoh (or a lone last
//! man) passes anything and may go backward within the Senet Row.

use senet_engine::geometry::{PieceKind, Place, Placement};

use super::features::{Context, FeatureRows, REACH};

/// Feature names, in row order.
pub(crate) const NAMES: &[&str] = &[
    "pharaoh",
    "men",
    "exposed_now",
    "exposed_later",
    "in_senet_row",
    "waiting_on_20",
    "on_turn",
    "lone_power",
];

/// The sign each weight must have (1: at least 0, -1: at most 0, 0: either).
pub(crate) const SIGNS: &[i8] = &[1, 1, -1, -1, 0, 0, 0, 0];

/// Weights fitted by sign-constrained logistic regression on medium self-play, then scaled
/// to calibrated log-odds (see `docs/bots.md`, "Tuning").
pub(crate) const WEIGHTS: &[f64] = &[1.410, 0.732, -0.371, 0.000, -0.160, -0.018, -0.023, -0.017];

/// The first square of the Senet Row, counted along a player's own path.
const SENET_ROW: u8 = 11;

/// The pegs of one player: squares 1 to 20 of their own path.
#[derive(Default)]
struct Pegs {
    pharaoh: Option<u8>,
    men: Vec<u8>,
}

impl Pegs {
    /// True when the pegs' powers are the Pharaoh's: a Pharaoh, or a lone man without one.
    fn powered(&self, square: u8) -> bool {
        self.pharaoh == Some(square) || (self.pharaoh.is_none() && self.men.len() == 1)
    }

    fn all(&self) -> impl Iterator<Item = u8> + '_ {
        self.pharaoh.iter().copied().chain(self.men.iter().copied())
    }

    /// The distance a peg on `from` covers to come to rest on `to`, if one throw may do it
    /// (at most 12, forward; backward only for a powered peg within the Senet Row).
    fn distance(&self, from: u8, to: u8) -> Option<usize> {
        let powered = self.powered(from);
        if from < to {
            let passes_own = self.all().any(|p| p > from && p < to);
            (to - from <= 12 && (powered || !passes_own)).then(|| usize::from(to - from))
        } else if powered && from > to && to >= SENET_ROW {
            (from - to <= 12).then(|| usize::from(from - to))
        } else {
            None
        }
    }
}

fn pegs_of(placement: &Placement, players: usize) -> [Pegs; 2] {
    let mut pegs: [Pegs; 2] = Default::default();
    for stack in &placement.board {
        let Place::Lane { lane, square } = stack.place else {
            continue;
        };
        let Some(side) = pegs
            .get_mut(lane.index())
            .filter(|_| lane.index() < players)
        else {
            continue;
        };
        for piece in &stack.pieces {
            match piece.kind {
                PieceKind::Pharaoh => side.pharaoh = Some(square.number()),
                _ => side.men.push(square.number()),
            }
        }
    }
    pegs
}

/// Fills one row per player; exposure is in men (a Pharaoh counts two and a half).
pub(crate) fn features(ctx: &Context, placement: &Placement, rows: &mut FeatureRows) {
    let pegs = pegs_of(placement, ctx.players);
    let reach = &REACH.two_d6;
    for (i, row) in rows.iter_mut().enumerate().take(ctx.players.min(2)) {
        let own = &pegs[i];
        let other = &pegs[1 - i];
        let mut exposed = 0.0;
        let mut in_row = 0.0;
        for square in own.all().filter(|&s| s >= SENET_ROW) {
            in_row += 1.0;
            let facing = 31 - square;
            let miss: f64 = other
                .all()
                .filter_map(|from| other.distance(from, facing))
                .map(|d| 1.0 - reach.get(d).copied().unwrap_or(0.0))
                .product();
            let value = if own.pharaoh == Some(square) {
                2.5
            } else {
                1.0
            };
            exposed += value * (1.0 - miss);
        }
        let waiting = own.men.iter().filter(|&&s| s == 20).count() as f64;
        let next = ctx.opponent_acts_next(i);
        let lone = own.pharaoh.is_none() && own.men.len() == 1;
        row[..NAMES.len()].copy_from_slice(&[
            if own.pharaoh.is_some() { 1.0 } else { 0.0 },
            own.men.len() as f64,
            if next { exposed } else { 0.0 },
            if next { 0.0 } else { exposed },
            in_row,
            waiting,
            ctx.on_turn(i),
            if lone { 1.0 } else { 0.0 },
        ]);
    }
}
