//! The match core's work per event, without sockets or a store: deciding a command on the
//! match state and encoding each resulting event as the actor does (the stored fact and the
//! broadcast frame with its legal moves, position and geometry).
//!
//! One iteration plays one whole game of a variant from its first throw to `game_over`; the
//! game is the same every iteration (fixed dice seed, moves chosen by a seeded generator), so
//! figures compare across builds. Throughput is counted in events.
//!
//! ```sh
//! cargo bench -p senet-match --bench match_core            # every variant
//! cargo bench -p senet-match --bench match_core -- pyramid # one
//! ```

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use senet_engine::{Setup, Variant};
use senet_match::dice::ServerSeed;
use senet_match::state::{NewGame, Waiting};
use senet_match::{Command, MatchSpec, MatchState, view};
use senet_protocol::{Series, SeriesKind};

/// The server binary's allocator, so the figures are the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A started match (no seed window: the server throws at once).
fn started(variant: Variant) -> MatchState {
    let spec = MatchSpec {
        variant,
        setup: Setup::players(2),
        series: Series {
            kind: SeriesKind::BestOf,
            target: 99,
        },
        seed_window: false,
        clock: None,
    };
    let start = Command::StartGame(NewGame {
        game_id: format!("bench-{}", variant.id()),
        seed: ServerSeed([7; 32]),
    });
    MatchState::new(spec)
        .decide(&start)
        .expect("a new match starts")
        .after
}

/// Plays the game of `state` to its end as the actor would, encoding every event; returns
/// how many events it made.
fn play(mut state: MatchState, moves_seed: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(moves_seed);
    let first = state.events();
    loop {
        let command = match state.waiting() {
            Waiting::Move(seat) => {
                let legal = state.game().expect("a game is on").engine.legal_moves();
                let mv = legal[rng.random_range(0..legal.len())].to_string();
                Command::Move {
                    seat,
                    game: state.game_no(),
                    mv,
                    thinking: std::time::Duration::ZERO,
                }
            }
            Waiting::Throw(_) => Command::CatchUp,
            _ => return state.events() - first,
        };
        let mut no = state.events();
        let decision = state
            .decide_observed(&command, |after, fact, geometry| {
                no += 1;
                black_box(view::encode(after, no, fact, geometry));
            })
            .expect("a legal move is taken");
        state = decision.after;
    }
}

fn match_core(c: &mut Criterion) {
    let mut group = c.benchmark_group("match_core");
    for variant in Variant::ALL {
        let start = started(variant);
        let events = play(start.clone(), 1);
        group.throughput(Throughput::Elements(events));
        group.bench_function(variant.id(), |b| b.iter(|| play(start.clone(), 1)));
    }
    group.finish();
}

criterion_group!(benches, match_core);
criterion_main!(benches);
