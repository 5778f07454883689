//! `climb`: hill climbing on the evaluation's weights by greedy self-play.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_bots::eval;
use senet_engine::{Game, Setup, Status, Throw};

use crate::options::Options;

/// The greedy (Medium) choice under `weights`: the end of the mover's run of moves whose
/// chances by those weights are best for the mover. Built on the public API only, so that
/// candidate weights can play before they are compiled in.
fn greedy_move(game: &Game, weights: &[f64]) -> Option<senet_engine::Move> {
    fn best(
        game: &Game,
        player: senet_engine::Player,
        weights: &[f64],
    ) -> (f64, Option<senet_engine::Move>) {
        let mut top = (f64::NEG_INFINITY, None);
        for mv in game.legal_moves() {
            let mut next = game.clone();
            if next.play(player, mv).is_err() {
                continue;
            }
            let value = match next.status() {
                Status::Move { player: p } if p == player => best(&next, player, weights).0,
                Status::Over(outcome) => match outcome.winner {
                    Some(w) if w == player => 1.0,
                    Some(_) => 0.0,
                    None => 1.0 / f64::from(game.players()),
                },
                _ => eval::chances_from(weights, &eval::features(&next))[player.index()],
            };
            if value > top.0 {
                top = (value, Some(mv));
            }
        }
        top
    }
    let Status::Move { player } = game.status() else {
        return None;
    };
    best(game, player, weights).1
}

/// Greedy play with weights `a` in one seat and `b` in the others over `games` games (`a`
/// takes each seat in turn, and every dice seed is played once per seat of `a`, which
/// cancels much of the luck): `a`'s score per game, and its standard error.
fn duel(options: &Options, a: &[f64], b: &[f64], games: u32) -> (f64, f64) {
    let players = u32::from(options.players);
    let mut scores = Vec::with_capacity(games as usize);
    for g in 0..games {
        let a_seat = (g % players) as usize;
        let seed = options.seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ u64::from(g / players);
        let mut dice = ChaCha8Rng::seed_from_u64(seed);
        let Ok(mut game) = Game::new(options.variant, Setup::players(options.players)) else {
            return (0.0, 0.0);
        };
        let mut faces = [0u8; Throw::MAX_DICE];
        let score = loop {
            match game.status() {
                Status::Over(outcome) => {
                    break match outcome.winner {
                        Some(w) => f64::from(u8::from(w.index() == a_seat)),
                        None => 1.0 / f64::from(options.players),
                    };
                }
                Status::Throw { spec, .. } => {
                    let faces = &mut faces[..usize::from(spec.count)];
                    for face in faces.iter_mut() {
                        *face = dice.random_range(spec.die.min_face()..=spec.die.max_face());
                    }
                    let Ok(throw) = Throw::new(spec, faces) else {
                        break 0.0;
                    };
                    if game.throw(throw).is_err() {
                        break 0.0;
                    }
                }
                Status::Move { player } => {
                    let weights = if player.index() == a_seat { a } else { b };
                    let Some(mv) = greedy_move(&game, weights) else {
                        break 0.0;
                    };
                    if game.play(player, mv).is_err() {
                        break 0.0;
                    }
                }
            }
        };
        scores.push(score);
    }
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    (mean, (var / n).sqrt())
}

/// Hill climbing on the weights by self-play: each weight in turn is moved up and down by
/// half its size (at least 0.05), within its sign; a move is kept when greedy play with it
/// beats greedy play with the weights before by more than two standard errors.
pub(crate) fn run_climb(options: &Options) {
    let signs = eval::feature_signs(options.variant);
    let names = eval::feature_names(options.variant);
    let mut current: Vec<f64> = options
        .weights
        .clone()
        .unwrap_or_else(|| eval::weights(options.variant, options.players).to_vec());
    let fair = 1.0 / f64::from(options.players);
    for round in 0..options.rounds {
        for j in 0..current.len() {
            let step = current[j].abs().max(0.1) / 2.0;
            for direction in [1.0, -1.0] {
                let mut candidate = current.clone();
                candidate[j] += direction * step;
                if candidate[j] * f64::from(signs[j]) < 0.0 {
                    candidate[j] = 0.0;
                }
                if candidate[j] == current[j] {
                    continue;
                }
                let (score, se) = duel(options, &candidate, &current, options.games);
                let kept = score - fair > 2.0 * se;
                println!(
                    "  round {round} {:>18} {:>8.3} -> {:>8.3}: {:.1}% ± {:.1}%{}",
                    names[j],
                    current[j],
                    candidate[j],
                    100.0 * score,
                    100.0 * se,
                    if kept { "  kept" } else { "" }
                );
                if kept {
                    current = candidate;
                    break;
                }
            }
        }
        let list: Vec<String> = current.iter().map(|w| format!("{w:.3}")).collect();
        println!("  after round {round}: [{}]", list.join(", "));
    }
    let start = eval::weights(options.variant, options.players);
    let (score, se) = duel(options, &current, start, options.games);
    println!(
        "{} {}p: climbed weights against the crate's: {:.1}% ± {:.1}% over {} games",
        options.variant,
        options.players,
        100.0 * score,
        100.0 * se,
        options.games
    );
}
