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

/// One analyst: plays a line from the variant's start, as a player exploring the board
/// would. Each throw (one of those offered, in turn) is answered with the position's moves,
/// searched (the measured request); the best is played, and so on until the game ends, then
/// again from the start, until `stop`. Returns the microseconds each searched answer took
/// while `measuring`, and how many requests failed.
pub(crate) async fn analyst(
    args: Args,
    k: usize,
    measuring: Arc<AtomicBool>,
    stop: watch::Receiver<bool>,
) -> (Vec<u32>, u64) {
    let (mut took, mut failed) = (Vec::new(), 0u64);
    let mut n = k;
    let mut at = post(
        &args.addr,
        "/api/analysis",
        &json!({"variant": args.variant}),
    )
    .await;
    while !*stop.borrow() {
        let Ok(here) = at else {
            failed += 1;
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            at = post(
                &args.addr,
                "/api/analysis",
                &json!({"variant": args.variant}),
            )
            .await;
            continue;
        };
        let position = here["position"].clone();
        at = match here["turn"].as_str() {
            Some("throw") => {
                let offered = here["throws"].as_array().cloned().unwrap_or_default();
                n += 1;
                let throw = offered.get(n % offered.len().max(1)).cloned();
                let step = json!({"variant": args.variant, "position": position, "throw": throw});
                let t = Instant::now();
                let answer = post(&args.addr, "/api/analysis", &step).await;
                if answer.is_ok() && measuring.load(Ordering::Relaxed) {
                    took.push(u32::try_from(t.elapsed().as_micros()).unwrap_or(u32::MAX));
                }
                answer
            }
            Some("move") => {
                let best = here["options"][0]["move"].clone();
                let step = json!({"variant": args.variant, "position": position, "move": best});
                post(&args.addr, "/api/analysis", &step).await
            }
            // Over: from the start again.
            _ => {
                post(
                    &args.addr,
                    "/api/analysis",
                    &json!({"variant": args.variant}),
                )
                .await
            }
        };
    }
    (took, failed)
}
