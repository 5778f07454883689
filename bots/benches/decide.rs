//! Time per decision, per level and variant, over a fixed set of positions reached by random
//! play (20 per variant, each with a choice to make). Run:
//! `cargo bench -p senet-bots --bench decide` (or `-- hard/parker` for one group).
//! Percentiles (p50, p99) come from the arena's own timing; this gives the mean.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_bots::{Bot, Budget, Level};
use senet_engine::{Game, Setup, Status, Throw, Variant};
use std::hint::black_box;
use std::time::Duration;

/// Up to `count` positions where a move with more than one choice is due, from random games.
fn positions(variant: Variant, players: u8, count: usize) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(0xbe7c);
    let mut out = Vec::new();
    let mut game = Game::new(variant, Setup::players(players)).expect("valid setup");
    let mut step = 0u32;
    while out.len() < count {
        match game.status() {
            Status::Over(_) => {
                game = Game::new(variant, Setup::players(players)).expect("valid setup");
            }
            Status::Throw { spec, .. } => {
                let faces: Vec<u8> = (0..spec.count)
                    .map(|_| rng.random_range(spec.die.min_face()..=spec.die.max_face()))
                    .collect();
                game.throw(Throw::new(spec, &faces).expect("in range"))
                    .expect("asked for");
            }
            Status::Move { player } => {
                let legal = game.legal_moves();
                step += 1;
                // Every seventh choice, so the positions spread over whole games.
                if legal.len() > 1 && step % 7 == 0 {
                    out.push(game.clone());
                }
                let mv = legal[rng.random_range(0..legal.len())];
                game.play(player, mv).expect("legal");
            }
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    // Every ruleset with two players, and with as many as it seats when that is more.
    let tables: Vec<(Variant, u8)> = Variant::ALL
        .into_iter()
        .flat_map(|variant| {
            let most = variant.player_range().1;
            std::iter::once((variant, 2)).chain((most > 2).then_some((variant, most)))
        })
        .collect();
    for level in Level::ALL {
        let mut group = c.benchmark_group(level.id());
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(if level == Level::Hard {
            20
        } else {
            3
        }));
        for &(variant, players) in &tables {
            let games = positions(variant, players, 20);
            let name = format!("{variant}_{players}p");
            group.bench_function(BenchmarkId::from_parameter(&name), |b| {
                let mut bot = Bot::new(level, 1);
                b.iter(|| {
                    for game in &games {
                        black_box(bot.choose(game, Budget::DEFAULT).expect("a move is due"));
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(decide, benches);
criterion_main!(decide);
