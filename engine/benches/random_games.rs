//! Full random games per second, per variant: uniformly random throws and legal moves,
//! single thread. Run: `cargo bench -p senet-engine --bench random_games`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use senet_engine::{Rules, Setup, Throw, playout};
use std::hint::black_box;

/// Criterion's own filter only skips the timing; this also skips the length sample of
/// variants the command line did not ask for.
fn wanted(name: &str) -> bool {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    filters.is_empty()
        || filters
            .iter()
            .any(|f| name.contains(f.as_str()) || f.contains(name))
}

fn bench_variant<R: Rules>(c: &mut Criterion, name: &str, setup: Setup) {
    if !wanted(name) {
        return;
    }
    let mut rng = SmallRng::seed_from_u64(0x5e_4e7);
    let mut buf = Vec::new();
    // Average game length, reported once so docs/performance.md can quote it.
    let sample = 2_000;
    let (mut actions, mut moves) = (0u64, 0u64);
    for _ in 0..sample {
        let mut g = R::new(setup).unwrap();
        let p = play(&mut g, &mut rng, &mut buf);
        actions += u64::from(p.throws + p.moves);
        moves += u64::from(p.moves);
    }
    eprintln!(
        "{name}: average game {:.1} moves, {:.1} throws+moves",
        moves as f64 / sample as f64,
        actions as f64 / sample as f64
    );
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    group.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            let mut g = R::new(setup).unwrap();
            black_box(play(&mut g, &mut rng, &mut buf))
        })
    });
    group.finish();
}

fn play<R: Rules>(g: &mut R, rng: &mut SmallRng, buf: &mut Vec<R::Move>) -> playout::Playout {
    let mut faces = [0u8; Throw::MAX_DICE];
    let mut picks = SmallRng::seed_from_u64(rng.random());
    let p = playout::play_out(
        g,
        |spec| {
            for f in faces.iter_mut().take(usize::from(spec.count)) {
                *f = rng.random_range(spec.die.min_face()..=spec.die.max_face());
            }
            Throw::new(spec, &faces[..usize::from(spec.count)]).unwrap()
        },
        |n| picks.random_range(0..n),
        buf,
        1_000_000,
    );
    assert!(p.outcome.is_some(), "random game did not end");
    p
}

fn benches(c: &mut Criterion) {
    bench_variant::<senet_engine::jequier::Jequier>(c, "jequier", Setup::default());
    bench_variant::<senet_engine::pyramid::Pyramid>(c, "pyramid", Setup::default());
    bench_variant::<senet_engine::modern::Modern>(c, "modern_2p", Setup::players(2));
    bench_variant::<senet_engine::modern::Modern>(c, "modern_4p", Setup::players(4));
    bench_variant::<senet_engine::parker::Parker>(c, "parker", Setup::default());
    bench_variant::<senet_engine::martian::Martian>(c, "martian", Setup::default());
}

criterion_group!(random_games, benches);
criterion_main!(random_games);
