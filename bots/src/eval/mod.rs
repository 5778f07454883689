//! The evaluation: a position's chances of winning, per player.
//!
//! Each variant describes a position by a few features per player (pieces borne off, the
//! race still to run, pieces at risk of capture, protection, blockades, whose throw it is;
//! see the variant's module). A player's score is the weighted sum of their features, and
//! the chances are the softmax of the scores: `P(i) = exp(s_i) / Σ exp(s_j)`, which for two
//! players is the logistic function of the score difference. The weights were tuned on
//! self-play games with the arena example (`cargo run --release -p senet-bots --example
//! arena -- fit|climb|scale …`; `docs/bots.md` gives the runs): fitted by logistic
//! regression of who won, or climbed for playing strength, and in every case scaled by one
//! fitted factor so that the scores are log-odds and the chances calibrated, not just
//! ordered.
//!
//! The features are computed from [`Game::placement`], the engine's public view of where
//! every piece is, so the bots need nothing from the engine beyond its public API.

mod bell;
pub(crate) mod calibration;
mod features;
mod jequier;
mod kendall;
mod martian;
mod modern;
mod parker;
mod pyramid;

use senet_engine::{Game, Outcome, Status, Variant};

pub use features::MAX_FEATURES;
pub(crate) use features::{Chances, MAX_PLAYERS};
use features::{Context, FeatureRows};

/// The names of the features the evaluation of `variant` uses, in the order of
/// [`features`] and [`weights`].
pub fn feature_names(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Jequier => jequier::NAMES,
        Variant::Pyramid => pyramid::NAMES,
        Variant::Bell => bell::NAMES,
        Variant::Modern => modern::NAMES,
        Variant::Parker => parker::NAMES,
        Variant::Martian => martian::NAMES,
        Variant::Kendall => kendall::NAMES,
    }
}

/// The weights the evaluation gives the features of a game of `variant` with `players`
/// players (only `modern` has separate sets for three and for four players).
pub fn weights(variant: Variant, players: u8) -> &'static [f64] {
    match variant {
        Variant::Jequier => jequier::WEIGHTS,
        Variant::Pyramid => pyramid::WEIGHTS,
        Variant::Bell => bell::WEIGHTS,
        Variant::Modern if players == 3 => modern::WEIGHTS_THREE,
        Variant::Modern if players > 3 => modern::WEIGHTS_FOUR,
        Variant::Modern => modern::WEIGHTS,
        Variant::Parker => parker::WEIGHTS,
        Variant::Martian => martian::WEIGHTS,
        Variant::Kendall => kendall::WEIGHTS,
    }
}

/// The sign each weight of `variant`'s evaluation must have, in the order of
/// [`feature_names`]: 1 for at least 0 (more of it never hurts: pieces borne off), -1 for at
/// most 0 (pieces at risk), 0 for either. Tuning keeps to them, so that the fitted weights
/// cannot turn a correlation of the training games into a rule such as "losing a piece at
/// the back is good".
pub fn feature_signs(variant: Variant) -> &'static [i8] {
    match variant {
        Variant::Jequier => jequier::SIGNS,
        Variant::Pyramid => pyramid::SIGNS,
        Variant::Bell => bell::SIGNS,
        Variant::Modern => modern::SIGNS,
        Variant::Parker => parker::SIGNS,
        Variant::Martian => martian::SIGNS,
        Variant::Kendall => kendall::SIGNS,
    }
}

/// Every player's features in this position, one row per player (player 1 first), each in
/// the order of [`feature_names`]. For tuning and inspection; the bots use the same numbers.
pub fn features(game: &Game) -> Vec<Vec<f64>> {
    let rows = feature_rows(game);
    let width = feature_names(game.variant()).len();
    rows.iter()
        .take(usize::from(game.players()))
        .map(|row| row[..width].to_vec())
        .collect()
}

/// The softmax of each row's weighted sum: the chances the evaluation gives each player.
/// Rows and weights as [`features`] and [`weights`] give them.
pub fn chances_from(weights: &[f64], rows: &[Vec<f64>]) -> Vec<f64> {
    let scores: Vec<f64> = rows
        .iter()
        .map(|row| row.iter().zip(weights).map(|(f, w)| f * w).sum())
        .collect();
    softmax(&scores)
}

/// The chances of each player winning from `game`, by the static evaluation (no search).
/// A finished game gives the winner 1 (a draw shares it equally).
pub(crate) fn evaluate(game: &Game) -> Chances {
    let players = usize::from(game.players()).min(MAX_PLAYERS);
    if let Status::Over(outcome) = game.status() {
        return terminal(outcome, players);
    }
    let rows = feature_rows(game);
    let weights = weights(game.variant(), game.players());
    let mut scores = [0.0; MAX_PLAYERS];
    for (score, row) in scores.iter_mut().zip(&rows).take(players) {
        *score = row.iter().zip(weights).map(|(f, w)| f * w).sum();
    }
    let mut chances = [0.0; MAX_PLAYERS];
    for (c, p) in chances.iter_mut().zip(softmax(&scores[..players])) {
        *c = p;
    }
    chances
}

/// The chances at the end of a game: all to the winner, or shared on a draw.
pub(crate) fn terminal(outcome: Outcome, players: usize) -> Chances {
    let mut chances = [0.0; MAX_PLAYERS];
    match outcome.winner {
        Some(winner) if winner.index() < players => chances[winner.index()] = 1.0,
        _ => {
            for c in chances.iter_mut().take(players) {
                *c = 1.0 / players as f64;
            }
        }
    }
    chances
}

fn softmax(scores: &[f64]) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps.iter().map(|e| e / total).collect()
}

fn feature_rows(game: &Game) -> FeatureRows {
    let mut rows = [[0.0; MAX_FEATURES]; MAX_PLAYERS];
    let placement = game.placement();
    let ctx = Context::new(game);
    match game {
        Game::Jequier(_) => jequier::features(&ctx, &placement, &mut rows),
        Game::Pyramid(_) => pyramid::features(&ctx, &placement, &mut rows),
        Game::Bell(_) => bell::features(&ctx, &placement, &mut rows),
        Game::Modern(_) => modern::features(&ctx, &placement, &mut rows),
        Game::Parker(_) => parker::features(&ctx, &placement, &mut rows),
        Game::Martian(_) => martian::features(&ctx, &placement, &mut rows),
        Game::Kendall(_) => kendall::features(&ctx, &placement, &mut rows),
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::features::{REACH, Track};
    use super::*;
    use senet_engine::Setup;

    #[test]
    fn reach_tables_match_the_dice() {
        let r = &*REACH;
        assert_eq!(r.sticks[1], 4.0 / 16.0);
        assert_eq!(r.sticks[2], 6.0 / 16.0);
        assert_eq!(r.sticks[5], 0.0);
        assert_eq!(r.sticks[6], 1.0 / 16.0);
        // 2d4, distance 3: a die shows 3 (7 of 16) or 1+2 / 2+1 (2 more).
        assert_eq!(r.two_d4[3], 9.0 / 16.0);
        assert_eq!(r.two_d4[8], 1.0 / 16.0);
        assert_eq!(r.two_d6[12], 1.0 / 36.0);
        assert_eq!(r.two_d6[0], 0.0);
    }

    #[test]
    fn every_start_is_even_and_every_row_has_its_names() {
        for variant in Variant::ALL {
            let (min, max) = variant.player_range();
            for players in min..=max {
                let game = Game::new(variant, Setup::players(players)).unwrap();
                let rows = features(&game);
                assert_eq!(rows.len(), usize::from(players));
                let names = feature_names(variant);
                assert_eq!(weights(variant, players).len(), names.len(), "{variant}");
                let signs = feature_signs(variant);
                assert_eq!(signs.len(), names.len(), "{variant}");
                for (w, s) in weights(variant, players).iter().zip(signs) {
                    assert!(
                        w * f64::from(*s) >= 0.0,
                        "{variant}: weight {w} against sign {s}"
                    );
                }
                assert!(names.len() <= MAX_FEATURES);
                assert!(rows.iter().all(|r| r.len() == names.len()));
                let chances = evaluate(&game);
                let total: f64 = chances.iter().sum();
                assert!((total - 1.0).abs() < 1e-9, "{variant}: {chances:?}");
            }
        }
    }

    #[test]
    fn runs_and_neighbours_follow_the_track() {
        let game =
            Game::from_notation(Variant::Jequier, "...........W.B....BBB...W..... b2 t1").unwrap();
        let track = Track::new(&game.placement());
        let runs = track.run_lengths();
        assert_eq!((runs[19], runs[20], runs[21], runs[12]), (3, 3, 3, 1));
        assert!(track.has_neighbour(20, track.owner(19).unwrap()));
        assert!(!track.has_neighbour(12, track.owner(12).unwrap()));
    }
}
