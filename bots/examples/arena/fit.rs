//! `fit` and `scale`: the evaluation's weights by softmax regression on the games' features.

use senet_bots::eval;

use crate::games::Record;
use crate::options::Options;

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

pub(crate) fn run_fit(options: &Options, records: &[Record]) {
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
pub(crate) fn run_scale(options: &Options, records: &[Record]) {
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
