//! What one `win_probability` costs, per variant: the server computes it once per stored
//! batch of a watched match (the spectators' bar) and once per event for a finished game's
//! chart. Plays random games (the dice from a seeded ChaCha8) and times the call at every
//! position, waiting for a throw or for a move, in thread CPU time. Run:
//! `cargo run --release -p senet-bots --example winprob_cost [-- GAMES]`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_engine::{Game, Setup, Status, Throw, Variant};
use std::hint::black_box;
use std::time::Duration;

/// CPU time this thread has run (`CLOCK_THREAD_CPUTIME_ID`): on a shared machine the wall
/// clock adds whatever other processes took.
fn cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    // Every ruleset with every number of players it seats.
    let tables = Variant::ALL.into_iter().flat_map(|variant| {
        let (least, most) = variant.player_range();
        (least..=most).map(move |players| (variant, players))
    });
    println!("{games} random games per table; thread CPU time per call");
    println!("| variant | calls | mean | p50 | p99 | max | per game |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (variant, players) in tables {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut times: Vec<Duration> = Vec::new();
        let mut per_game: Vec<Duration> = Vec::new();
        for _ in 0..games {
            let mut game = Game::new(variant, Setup::players(players)).expect("valid setup");
            let mut total = Duration::ZERO;
            loop {
                let start = cpu();
                black_box(senet_bots::win_probability(black_box(&game)));
                let took = cpu().saturating_sub(start);
                times.push(took);
                total += took;
                match game.status() {
                    Status::Over(_) => break,
                    Status::Throw { spec, .. } => {
                        let faces: Vec<u8> = (0..spec.count)
                            .map(|_| rng.random_range(spec.die.min_face()..=spec.die.max_face()))
                            .collect();
                        game.throw(Throw::new(spec, &faces).expect("in range"))
                            .expect("asked for");
                    }
                    Status::Move { player } => {
                        let legal = game.legal_moves();
                        let mv = legal[rng.random_range(0..legal.len())];
                        game.play(player, mv).expect("legal");
                    }
                }
            }
            per_game.push(total);
        }
        times.sort();
        per_game.sort();
        let n = times.len();
        let mean = times.iter().sum::<Duration>() / n as u32;
        let pct = |p: f64| times[((n as f64 * p) as usize).min(n - 1)];
        let us = |d: Duration| format!("{:.1} µs", d.as_secs_f64() * 1e6);
        println!(
            "| `{variant}` {players}p | {n} | {} | {} | {} | {} | {:.1} ms |",
            us(mean),
            us(pct(0.5)),
            us(pct(0.99)),
            us(times[n - 1]),
            per_game[per_game.len() / 2].as_secs_f64() * 1e3,
        );
    }
}
