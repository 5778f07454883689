//! What `match`, `calibrate` and `isotonic` print from the games' records.

use std::time::Duration;

use crate::games::{Record, Timing};
use crate::options::{Options, Player};

pub(crate) fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub(crate) fn report_times(label: Player, decisions: &[Timing]) {
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

pub(crate) fn run_match(options: &Options, records: &[Record]) {
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
pub(crate) fn run_isotonic(options: &Options, records: &[Record]) {
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

pub(crate) fn run_calibration(options: &Options, records: &[Record]) {
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
