//! Analysts (`--analysts N`): clients of the analysis board that keep asking the server for
//! a position's moves and their chances, each request a search on the record checkers' pool
//! (`POST /api/analysis`), to measure what that pool costs the live matches beside it
//! (`docs/performance.md`). The server must be started without the per-address allowance
//! (`--analysis-per-min 0`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use serde_json::json;
use tokio::sync::watch;

use crate::args::Args;
use crate::setup::post;

/// One analyst: from the variant's start, a throw (each of the ones offered in turn), then
/// the searched moves of the position it leads to; again and again until `stop`. Returns the
/// microseconds each searched answer took while `measuring`, and how many requests failed.
pub(crate) async fn analyst(
    args: Args,
    k: usize,
    measuring: Arc<AtomicBool>,
    stop: watch::Receiver<bool>,
) -> (Vec<u32>, u64) {
    let (mut took, mut failed) = (Vec::new(), 0u64);
    let start = json!({"variant": args.variant});
    let mut n = k;
    while !*stop.borrow() {
        let offered = match post(&args.addr, "/api/analysis", &start).await {
            Ok(a) => a["throws"].as_array().cloned().unwrap_or_default(),
            Err(_) => Vec::new(),
        };
        if offered.is_empty() {
            failed += 1;
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            continue;
        }
        n += 1;
        let step = json!({"variant": args.variant, "throw": offered[n % offered.len()]});
        let t = Instant::now();
        match post(&args.addr, "/api/analysis", &step).await {
            Ok(_) if measuring.load(Ordering::Relaxed) => {
                took.push(u32::try_from(t.elapsed().as_micros()).unwrap_or(u32::MAX));
            }
            Ok(_) => {}
            Err(_) => failed += 1,
        }
    }
    (took, failed)
}
