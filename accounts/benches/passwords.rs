//! What a password costs the server: hashing one (sign-up) and checking one (every password
//! sign-in, and every sign-in with a name that is no account's, which checks a decoy). Both
//! run on tokio's blocking pool, so they take a core each while they run, not the sockets'.
//!
//! ```sh
//! cargo bench -p senet-accounts --bench passwords
//! ```

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use senet_accounts::passwords::{hash, verify};

fn passwords(c: &mut Criterion) {
    let mut group = c.benchmark_group("argon2id");
    group.sample_size(20);
    group.bench_function("hash", |b| {
        b.iter(|| hash(black_box("correct horse battery")).unwrap())
    });
    let phc = hash("correct horse battery").unwrap();
    group.bench_function("verify", |b| {
        b.iter(|| verify(black_box("correct horse battery"), black_box(&phc)))
    });
    group.finish();
}

criterion_group!(benches, passwords);
criterion_main!(benches);
