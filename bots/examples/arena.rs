//! Bots against bots: strength, calibration of the win probability, and tuning of the
//! evaluation's weights. Dice are rolled like the server's: each face uniform, from a seeded
//! generator (ChaCha8), so every run is reproducible from its `--seed`.
//!
//! ```text
//! cargo run --release -p senet-bots --example arena -- match VARIANT A B [options]
//!     N games of level A against level B (easy, medium, hard, or random: a uniformly
//!     random legal move), seats alternated; prints A's win rate ± its standard error and
//!     each level's decision time (p50, p99, max).
//! cargo run --release -p senet-bots --example arena -- calibrate VARIANT A B [options]
//!     N games; at every throw and move of every game (until it is over) each seat's
//!     win_probability goes in a decile bucket; prints predicted vs actual win rate per
//!     bucket.
//! cargo run --release -p senet-bots --example arena -- isotonic VARIANT A B [options]
//!     N games; fits the calibration curve of the raw (uncalibrated) win probability by
//!     isotonic regression (pool adjacent violators over bins of 2 %) and prints its knots.
//! cargo run --release -p senet-bots --example arena -- fit VARIANT A B [options]
//!     N games; fits the evaluation's weights by softmax (logistic) regression of who won
//!     on the features of every position waiting for a throw, each weight of the sign
//!     `eval::feature_signs` gives (only the `--free` ones, if given); prints them.
//! cargo run --release -p senet-bots --example arena -- scale VARIANT A B [options]
//!     N games; fits one factor for all the weights (the softmax's temperature).
//! cargo run --release -p senet-bots --example arena -- climb VARIANT [options]
//!     hill climbing for strength: each weight in turn moved up and down, kept when greedy
//!     play with it beats greedy play without by two standard errors over N games.
//!
//! options: --games N (200)  --players P (2; 3 or 4 for modern)  --nodes N (the Hard
//!          budget, default senet_bots::Budget::DEFAULT)  --seed S (1)  --explore X (0: the
//!          share of moves played at random, for tuning data)  --rounds R (climb, 2)
//!          --weights W,W,... (climb: start from these)  --free I,J,... (fit: only these)
//!          --threads T (1: games played at once; every game is seeded by its index, so the
//!          results are the same for any T)
//! ```
//!
//! In a game of P players level A takes seat `g mod P` in game `g` and level B every other
//! seat, so each seat is A's equally often.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_bots::{Bot, Budget, Level, eval};
use senet_engine::{Game, Setup, Status, Throw, Variant};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    /// A uniformly random legal move.
    Random,
    /// A bot of this level.
    Bot(Level),
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        if s == "random" {
            return Ok(Player::Random);
        }
        s.parse().map(Player::Bot).map_err(|e| e.to_string())
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Bot(level) => write!(f, "{level}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Match,
    Calibrate,
    Isotonic,
    Fit,
    Scale,
    Climb,
}

#[derive(Clone, Debug)]
struct Options {
    mode: Mode,
    variant: Variant,
    a: Player,
    b: Player,
    games: u32,
    players: u8,
    budget: Budget,
    seed: u64,
    explore: f64,
    /// Climb: passes over the weights.
    rounds: u32,
    /// Climb: the weights to start from, instead of the crate's.
    weights: Option<Vec<f64>>,
    /// Fit: the only features whose weights may change (all when not given).
    free: Option<Vec<usize>>,
    /// Threads playing games at once; each game is seeded by its index, so the results do
    /// not depend on it.
    threads: usize,
}

const USAGE: &str = "usage: arena match|calibrate|isotonic|fit|scale VARIANT A B [options]\n       \
                     arena climb VARIANT [options]\n\
                     options: --games N --players P --nodes N --seed S --explore X \
                     --threads T --rounds R --weights W,W,... --free I,J,...";

fn parse(args: &[String]) -> Result<Options, String> {
    let [mode, variant, rest @ ..] = args else {
        return Err(USAGE.into());
    };
    let mode = match mode.as_str() {
        "match" => Mode::Match,
        "calibrate" => Mode::Calibrate,
        "isotonic" => Mode::Isotonic,
        "fit" => Mode::Fit,
        "scale" => Mode::Scale,
        "climb" => Mode::Climb,
        other => return Err(format!("unknown mode {other:?}\n{USAGE}")),
    };
    let (a, b, rest) = match (mode, rest) {
        (Mode::Climb, rest) => (Player::Bot(Level::Medium), Player::Bot(Level::Medium), rest),
        (_, [a, b, rest @ ..]) => (a.parse()?, b.parse()?, rest),
        _ => return Err(USAGE.into()),
    };
    let mut options = Options {
        mode,
        variant: variant.parse().map_err(|e| format!("{e}"))?,
        a,
        b,
        rounds: 2,
        weights: None,
        free: None,
        games: 200,
        players: 2,
        budget: Budget::DEFAULT,
        seed: 1,
        explore: 0.0,
        threads: 1,
    };
    let mut rest = rest.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--games" => options.games = value.parse().map_err(|e| bad(&e))?,
            "--players" => options.players = value.parse().map_err(|e| bad(&e))?,
            "--nodes" => options.budget = Budget::nodes(value.parse().map_err(|e| bad(&e))?),
            "--seed" => options.seed = value.parse().map_err(|e| bad(&e))?,
            "--explore" => options.explore = value.parse().map_err(|e| bad(&e))?,
            "--rounds" => options.rounds = value.parse().map_err(|e| bad(&e))?,
            "--threads" => {
                options.threads = value.parse().map_err(|e| bad(&e))?;
                if options.threads == 0 {
                    return Err(format!("{flag} must be at least 1"));
                }
            }
            "--free" => {
                let list: Result<Vec<usize>, _> = value
                    .split(',')
                    .map(|j| j.trim().parse::<usize>())
                    .collect();
                options.free = Some(list.map_err(|e| bad(&e))?);
            }
            "--weights" => {
                let list: Result<Vec<f64>, _> = value
                    .trim_matches(|c| c == '[' || c == ']')
                    .split(',')
                    .map(|w| w.trim().parse::<f64>())
                    .collect();
                options.weights = Some(list.map_err(|e| bad(&e))?);
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    options
        .variant
        .check_players(options.players)
        .map_err(|e| e.to_string())?;
    Ok(options)
}

/// What one decision cost.
#[derive(Clone, Copy, Debug)]
struct Timing {
    /// Wall-clock time.
    wall: Duration,
    /// CPU time of this thread: on a shared, loaded machine the wall clock also counts the
    /// time other processes had the core.
    cpu: Option<Duration>,
    /// Nodes of work the search did.
    nodes: u64,
    /// Depth of its deepest completed iteration.
    depth: u32,
}

/// CPU time this thread has run (`CLOCK_THREAD_CPUTIME_ID`, through rustix's safe call).
fn thread_cpu_time() -> Option<Duration> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    let secs = u64::try_from(t.tv_sec).ok()?;
    let nanos = u32::try_from(t.tv_nsec).ok()?;
    Some(Duration::new(secs, nanos))
}

/// Everything one game left behind.
#[derive(Default)]
struct Record {
    /// The winner's seat index, `None` on a draw.
    winner: Option<usize>,
    /// Seat of level A.
    a_seat: usize,
    /// Decisions with a choice by level A and by level B.
    times: [Vec<Timing>; 2],
    /// Every seat's win probability at every throw and move.
    predictions: Vec<Vec<f64>>,
    /// Every seat's features at every throw.
    features: Vec<Vec<Vec<f64>>>,
    /// Moves and throws played.
    actions: u32,
}

fn play(options: &Options, game_index: u32) -> Result<Record, String> {
    let seed = options.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(game_index);
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut explore = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let players = usize::from(options.players);
    let a_seat = game_index as usize % players;
    let mut bots: Vec<(Player, Option<Bot>)> = (0..players)
        .map(|seat| {
            let who = if seat == a_seat { options.a } else { options.b };
            let bot = match who {
                Player::Bot(level) => Some(Bot::new(level, seed ^ seat as u64)),
                Player::Random => None,
            };
            (who, bot)
        })
        .collect();
    let mut game =
        Game::new(options.variant, Setup::players(options.players)).map_err(|e| e.to_string())?;
    let mut record = Record {
        a_seat,
        ..Record::default()
    };
    let mut faces = [0u8; Throw::MAX_DICE];
    loop {
        // A finished game's figures are right by construction: only live positions count.
        if game.status().outcome().is_none() {
            match options.mode {
                Mode::Calibrate => record.predictions.push(senet_bots::win_probability(&game)),
                Mode::Isotonic => record
                    .predictions
                    .push(senet_bots::win_probability_uncalibrated(&game)),
                _ => {}
            }
        }
        match game.status() {
            Status::Over(outcome) => {
                record.winner = outcome.winner.map(|p| p.index());
                return Ok(record);
            }
            Status::Throw { spec, .. } => {
                if matches!(options.mode, Mode::Fit | Mode::Scale) {
                    record.features.push(eval::features(&game));
                }
                let faces = &mut faces[..usize::from(spec.count)];
                for face in faces.iter_mut() {
                    *face = dice.random_range(spec.die.min_face()..=spec.die.max_face());
                }
                let throw = Throw::new(spec, faces).map_err(|e| e.to_string())?;
                game.throw(throw).map_err(|e| e.to_string())?;
            }
            Status::Move { player } => {
                let seat = player.index();
                let legal = game.legal_moves();
                let (who, bot) = &mut bots[seat];
                let random = *who == Player::Random
                    || (options.explore > 0.0 && explore.random_bool(options.explore.min(1.0)));
                let mv = match bot {
                    Some(bot) if !random => {
                        let cpu_before = thread_cpu_time();
                        let started = Instant::now();
                        let decision = bot
                            .decide(&game, options.budget)
                            .map_err(|e| e.to_string())?;
                        let wall = started.elapsed();
                        let cpu = thread_cpu_time()
                            .zip(cpu_before)
                            .map(|(after, before)| after.saturating_sub(before));
                        if legal.len() > 1 {
                            record.times[usize::from(seat != a_seat)].push(Timing {
                                wall,
                                cpu,
                                nodes: decision.nodes,
                                depth: decision.depth,
                            });
                        }
                        decision.mv
                    }
                    _ => *legal.choose(&mut explore).ok_or("no legal move")?,
                };
                game.play(player, mv).map_err(|e| e.to_string())?;
            }
        }
        record.actions += 1;
        if record.actions > 200_000 {
            return Err(format!("game {game_index} did not end"));
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn report_times(label: Player, decisions: &[Timing]) {
    if matches!(label, Player::Random) || decisions.is_empty() {
        return;
    }
    let sorted = |pick: &dyn Fn(&Timing) -> Option<Duration>| {
        let mut v: Vec<Duration> = decisions.iter().filter_map(pick).collect();
        v.sort_unstable();
        v
    };
    let wall = sorted(&|t| Some(t.wall));
    let cpu = sorted(&|t| t.cpu);
    let n = decisions.len() as f64;
    let nodes = decisions.iter().map(|d| d.nodes as f64).sum::<f64>() / n;
    let depth = decisions.iter().map(|d| f64::from(d.depth)).sum::<f64>() / n;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let max = |v: &[Duration]| ms(v.last().copied().unwrap_or_default());
    println!(
        "  {label:>6} decisions {:>6}  cpu p50 {:>7.3} ms  p99 {:>7.3} ms  max {:>7.3} ms | \
         wall p50 {:>7.3} ms  p99 {:>7.3} ms  max {:>7.3} ms | mean nodes {nodes:.0}, \
         mean depth {depth:.2}",
        decisions.len(),
        ms(percentile(&cpu, 50.0)),
        ms(percentile(&cpu, 99.0)),
        max(&cpu),
        ms(percentile(&wall, 50.0)),
        ms(percentile(&wall, 99.0)),
        max(&wall),
    );
}

fn run_match(options: &Options, records: &[Record]) {
    let n = records.len() as f64;
    let players = f64::from(options.players);
    let wins = records
        .iter()
        .filter(|r| r.winner == Some(r.a_seat))
        .count() as f64;
    let draws = records.iter().filter(|r| r.winner.is_none()).count();
    // A draw counts half a win (two players) so the rate stays an average of scores.
    let score = wins + draws as f64 / players;
    let rate = score / n;
    let se = (rate * (1.0 - rate) / n).sqrt();
    let fair = 1.0 / players;
    println!(
        "{} {}p: {} vs {} over {} games: {} wins {:.1}% ± {:.1}% (draws {draws}); even is {:.1}%, \
         margin {:.1} standard errors",
        options.variant,
        options.players,
        options.a,
        options.b,
        records.len(),
        options.a,
        100.0 * rate,
        100.0 * se,
        100.0 * fair,
        if se > 0.0 { (rate - fair) / se } else { 0.0 },
    );
    let actions: u32 = records.iter().map(|r| r.actions).sum();
    println!(
        "  average game {:.1} throws and moves",
        f64::from(actions) / n
    );
    let mut times_a: Vec<_> = records.iter().flat_map(|r| r.times[0].clone()).collect();
    let mut times_b: Vec<_> = records.iter().flat_map(|r| r.times[1].clone()).collect();
    if options.a == options.b {
        times_a.append(&mut times_b);
    }
    report_times(options.a, &times_a);
    report_times(options.b, &times_b);
}

/// Isotonic regression of who won on the raw win probability: the samples are binned by
/// 2 % of prediction, adjacent bins are pooled while their win rates fall, and each pool
/// becomes a knot (its mean prediction, its win rate); a pool of fewer than 200 samples is
/// merged with a neighbour. Decided positions (0 or 1) are left out: the curve keeps its
/// ends fixed.
fn run_isotonic(options: &Options, records: &[Record]) {
    const BINS: usize = 50;
    // Per bin: samples, sum of predictions, wins.
    let mut bins = [(0.0f64, 0.0f64, 0.0f64); BINS];
    for record in records {
        for prediction in &record.predictions {
            for (seat, &p) in prediction.iter().enumerate() {
                if p <= 1e-9 || p >= 1.0 - 1e-9 {
                    continue;
                }
                let won = match record.winner {
                    Some(w) => f64::from(u8::from(w == seat)),
                    None => 1.0 / prediction.len() as f64,
                };
                let bin = &mut bins[((p * BINS as f64) as usize).min(BINS - 1)];
                bin.0 += 1.0;
                bin.1 += p;
                bin.2 += won;
            }
        }
    }
    let mut pools: Vec<(f64, f64, f64)> = Vec::new();
    for bin in bins.into_iter().filter(|b| b.0 > 0.0) {
        pools.push(bin);
        while let [.., before, last] = pools.as_slice() {
            if before.2 / before.0 < last.2 / last.0 {
                break;
            }
            let (n, p, w) = pools.pop().unwrap_or_default();
            if let Some(merged) = pools.last_mut() {
                *merged = (merged.0 + n, merged.1 + p, merged.2 + w);
            }
        }
    }
    // A pool of a handful of samples is noise: merge each with a neighbour (merging two
    // adjacent pools of a rising sequence keeps it rising).
    const MIN_POOL: f64 = 200.0;
    while pools.len() > 1 {
        let Some(k) = pools.iter().position(|pool| pool.0 < MIN_POOL) else {
            break;
        };
        let with = if k == 0 {
            1
        } else if k + 1 == pools.len() || pools[k - 1].0 <= pools[k + 1].0 {
            k - 1
        } else {
            k + 1
        };
        let (keep, gone) = (k.min(with), k.max(with));
        let (n, p, w) = pools.remove(gone);
        pools[keep] = (pools[keep].0 + n, pools[keep].1 + p, pools[keep].2 + w);
    }
    println!(
        "{} {}p: isotonic calibration over {} games of {} vs {} ({} pools)",
        options.variant,
        options.players,
        records.len(),
        options.a,
        options.b,
        pools.len()
    );
    let knots: Vec<String> = pools
        .iter()
        .map(|(n, p, w)| format!("({:.4}, {:.4})", p / n, w / n))
        .collect();
    println!("  const CURVE: &[(f64, f64)] = &[{}];", knots.join(", "));
}

fn run_calibration(options: &Options, records: &[Record]) {
    // Bucket k holds predictions in [k/10, (k+1)/10): count, sum of predictions, wins.
    let mut buckets = [(0u64, 0.0f64, 0.0f64); 10];
    for record in records {
        for prediction in &record.predictions {
            for (seat, &p) in prediction.iter().enumerate() {
                let k = ((p * 10.0) as usize).min(9);
                let won = match record.winner {
                    Some(w) => f64::from(u8::from(w == seat)),
                    None => 1.0 / prediction.len() as f64,
                };
                buckets[k].0 += 1;
                buckets[k].1 += p;
                buckets[k].2 += won;
            }
        }
    }
    println!(
        "{} {}p: calibration over {} games of {} vs {} (every seat at every throw and move)",
        options.variant,
        options.players,
        records.len(),
        options.a,
        options.b
    );
    println!("  | predicted | samples | mean predicted | actual | difference |");
    println!("  |---|---|---|---|---|");
    for (k, (count, predicted, won)) in buckets.iter().enumerate() {
        if *count == 0 {
            continue;
        }
        let c = *count as f64;
        println!(
            "  | {}–{}% | {count} | {:.1}% | {:.1}% | {:+.1} pp |",
            k * 10,
            k * 10 + 10,
            100.0 * predicted / c,
            100.0 * won / c,
            100.0 * (won - predicted) / c,
        );
    }
}

/// One position of the tuning data: each seat's features and each seat's share of the win.
struct Sample {
    rows: Vec<Vec<f64>>,
    target: Vec<f64>,
}

fn samples(records: &[Record]) -> Vec<Sample> {
    let mut out = Vec::new();
    for record in records {
        for rows in &record.features {
            let target = (0..rows.len())
                .map(|seat| match record.winner {
                    Some(w) => f64::from(u8::from(w == seat)),
                    None => 1.0 / rows.len() as f64,
                })
                .collect();
            out.push(Sample {
                rows: rows.clone(),
                target,
            });
        }
    }
    out
}

/// Mean cross-entropy of the softmax model with `weights` on the samples (lower is better).
fn log_loss(weights: &[f64], samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = eval::chances_from(weights, &s.rows);
            -s.target
                .iter()
                .zip(&p)
                .map(|(t, p)| t * p.max(1e-12).ln())
                .sum::<f64>()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The softmax regression's weights, each of the sign `signs` asks for, the `frozen` ones
/// kept at their `start` values: fitted freely, then, while some weight has the wrong sign,
/// the worst of them is held at 0 and the rest fitted again (an active-set method).
fn fit(start: &[f64], samples: &[Sample], signs: &[i8], frozen: &[bool]) -> Vec<f64> {
    let mut start = start.to_vec();
    let mut held = frozen.to_vec();
    loop {
        let w = fit_free(&start, samples, &held);
        let wrong = |j: usize| w[j] * f64::from(signs[j]);
        let worst = (0..w.len())
            .filter(|&j| !held[j] && wrong(j) < 0.0)
            .min_by(|&a, &b| wrong(a).total_cmp(&wrong(b)));
        match worst {
            Some(j) => {
                held[j] = true;
                start[j] = 0.0;
            }
            None => return w,
        }
    }
}

/// Newton's method on the softmax regression's log-likelihood, with the `held` weights
/// kept at their `start` values and a small ridge penalty so that features that never
/// differ between seats keep a weight of about 0.
fn fit_free(start: &[f64], samples: &[Sample], held: &[bool]) -> Vec<f64> {
    let k = start.len();
    let ridge = 1e-3 * samples.len() as f64 / 1000.0;
    let mut w = start.to_vec();
    for _ in 0..25 {
        let mut gradient = vec![0.0; k];
        let mut hessian = vec![vec![0.0; k]; k];
        for s in samples {
            let p = eval::chances_from(&w, &s.rows);
            let mean: Vec<f64> = (0..k)
                .map(|j| s.rows.iter().zip(&p).map(|(r, p)| p * r[j]).sum())
                .collect();
            for (row, (t, p)) in s.rows.iter().zip(s.target.iter().zip(&p)) {
                for j in 0..k {
                    gradient[j] += (t - p) * row[j];
                    for l in 0..k {
                        hessian[j][l] += p * row[j] * row[l];
                    }
                }
            }
            for (hessian_row, mean_j) in hessian.iter_mut().zip(&mean) {
                for (h, mean_l) in hessian_row.iter_mut().zip(&mean) {
                    *h -= mean_j * mean_l;
                }
            }
        }
        for j in 0..k {
            gradient[j] -= ridge * w[j];
            hessian[j][j] += ridge;
            if held[j] {
                gradient[j] = 0.0;
                hessian[j].fill(0.0);
                for row in hessian.iter_mut() {
                    row[j] = 0.0;
                }
                hessian[j][j] = 1.0;
            }
        }
        let Some(step) = solve(hessian, gradient) else {
            break;
        };
        // Damped: halve the step until the penalised loss goes down.
        let penalised = |w: &[f64]| {
            log_loss(w, samples) * samples.len() as f64
                + 0.5 * ridge * w.iter().map(|x| x * x).sum::<f64>()
        };
        let before = penalised(&w);
        let mut scale = 1.0;
        let mut improved = false;
        while scale > 1e-4 {
            let trial: Vec<f64> = w.iter().zip(&step).map(|(a, s)| a + scale * s).collect();
            if penalised(&trial) < before {
                w = trial;
                improved = true;
                break;
            }
            scale /= 2.0;
        }
        if !improved {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let factor = a[row][col] / a[col][col];
            let pivot_row = a[col].clone();
            for (x, p) in a[row].iter_mut().zip(&pivot_row).skip(col) {
                *x -= factor * p;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|c| a[row][c] * x[c]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    Some(x)
}

fn run_fit(options: &Options, records: &[Record]) {
    let data = samples(records);
    let names = eval::feature_names(options.variant);
    let current = eval::weights(options.variant, options.players);
    let signs = eval::feature_signs(options.variant);
    let start: Vec<f64> = current
        .iter()
        .zip(signs)
        .map(|(&w, &s)| if w * f64::from(s) < 0.0 { 0.0 } else { w })
        .collect();
    let frozen: Vec<bool> = (0..start.len())
        .map(|j| options.free.as_ref().is_some_and(|free| !free.contains(&j)))
        .collect();
    let fitted = fit(&start, &data, signs, &frozen);
    println!(
        "{} {}p: tuning on {} positions of {} games of {} vs {} (explore {})",
        options.variant,
        options.players,
        data.len(),
        records.len(),
        options.a,
        options.b,
        options.explore
    );
    println!(
        "  log loss: current weights {:.4}, fitted {:.4}, coin {:.4}",
        log_loss(current, &data),
        log_loss(&fitted, &data),
        (f64::from(options.players)).ln(),
    );
    for ((name, c), f) in names.iter().zip(current).zip(&fitted) {
        println!("  {name:>18}  current {c:>8.3}  fitted {f:>8.3}");
    }
    let list: Vec<String> = fitted.iter().map(|w| format!("{w:.3}")).collect();
    println!(
        "  pub(crate) const WEIGHTS: &[f64] = &[{}];",
        list.join(", ")
    );
}

/// Fits one factor for all the weights (the softmax's temperature), keeping their ratios:
/// the moves the evaluation prefers stay the same, its chances become calibrated.
fn run_scale(options: &Options, records: &[Record]) {
    let data = samples(records);
    let current = eval::weights(options.variant, options.players);
    let scaled = |t: f64| -> Vec<f64> { current.iter().map(|w| w * t).collect() };
    // The loss is convex in the factor: a golden-section search on [0, 4] finds it.
    let (mut lo, mut hi) = (0.0f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let m1 = hi - ratio * (hi - lo);
        let m2 = lo + ratio * (hi - lo);
        if log_loss(&scaled(m1), &data) < log_loss(&scaled(m2), &data) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let factor = (lo + hi) / 2.0;
    println!(
        "{} {}p: scale on {} positions of {} games of {} vs {}: factor {factor:.3}, \
         log loss {:.4} -> {:.4} (coin {:.4})",
        options.variant,
        options.players,
        data.len(),
        records.len(),
        options.a,
        options.b,
        log_loss(current, &data),
        log_loss(&scaled(factor), &data),
        f64::from(options.players).ln(),
    );
    let list: Vec<String> = scaled(factor).iter().map(|w| format!("{w:.3}")).collect();
    println!(
        "  pub(crate) const WEIGHTS: &[f64] = &[{}];",
        list.join(", ")
    );
}

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
fn run_climb(options: &Options) {
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

/// Plays every game, `options.threads` at a time, and returns their records in game order.
fn play_all(options: &Options) -> Result<Vec<Record>, String> {
    let threads = u32::try_from(options.threads).unwrap_or(u32::MAX).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..options.games)
                        .step_by(threads as usize)
                        .map(|g| play(options, g).map(|r| (g, r)))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        let mut all = Vec::with_capacity(options.games as usize);
        for worker in workers {
            all.extend(
                worker
                    .join()
                    .map_err(|_| "a game thread panicked".to_string())??,
            );
        }
        all.sort_unstable_by_key(|(g, _)| *g);
        Ok(all.into_iter().map(|(_, r)| r).collect())
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    if options.mode == Mode::Climb {
        run_climb(&options);
        println!("  ({:.1} s)", started.elapsed().as_secs_f64());
        return ExitCode::SUCCESS;
    }
    let records = match play_all(&options) {
        Ok(records) => records,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match options.mode {
        Mode::Match => run_match(&options, &records),
        Mode::Calibrate => run_calibration(&options, &records),
        Mode::Isotonic => run_isotonic(&options, &records),
        Mode::Fit => run_fit(&options, &records),
        Mode::Scale => run_scale(&options, &records),
        Mode::Climb => unreachable!("climb plays its own games"),
    }
    println!("  ({:.1} s)", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
