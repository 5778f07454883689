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

mod climb;
mod fit;
mod games;
mod options;
mod report;

use std::process::ExitCode;
use std::time::Instant;

use climb::run_climb;
use fit::{run_fit, run_scale};
use games::play_all;
use options::{Mode, parse};
use report::{run_calibration, run_isotonic, run_match};

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
