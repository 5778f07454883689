//! `--reconnect-storm`: every player reconnects at once with `last_event` 0.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use senet_protocol::{ClientMsg, Tail};
use tokio_tungstenite::tungstenite::Message;

use crate::args::Args;
use crate::report::percentile;
use crate::setup::Match;
use crate::sockets::say_hello;

/// What one reconnect of the storm saw: time to its `welcome`, frames and bytes until then.
struct Rejoin {
    took: Duration,
    frames: u32,
    bytes: usize,
}

/// One player's reconnect from event 0 (with `--storm-tail`), until its `welcome`.
async fn rejoin(args: Args, id: String, token: String) -> Result<Rejoin, String> {
    let started = Instant::now();
    let tail = args
        .storm_tail
        .map(Tail::try_from)
        .transpose()
        .map_err(|e| e.to_string())?;
    let hello = ClientMsg::Hello {
        token: Some(token),
        last_event: Some(0),
        tail,
        name: None,
    };
    let mut ws = say_hello(&args, 0, &id, &hello).await?;
    let (mut frames, mut bytes) = (0u32, 0usize);
    while let Some(frame) = ws.next().await {
        let Message::Text(t) = frame.map_err(|e| e.to_string())? else {
            continue;
        };
        frames += 1;
        bytes += t.len();
        if t.as_str().starts_with("{\"type\":\"welcome\"") {
            return Ok(Rejoin {
                took: started.elapsed(),
                frames,
                bytes,
            });
        }
    }
    Err("closed before its welcome".into())
}

/// Every player reconnects at once (`--reconnect-storm`).
pub(crate) async fn reconnect_storm(args: &Args, matches: &[Match]) {
    let started = Instant::now();
    let tasks: Vec<_> = matches
        .iter()
        .flat_map(|m| m.tokens.iter().map(|t| (m.id.clone(), t.clone())))
        .map(|(id, token)| tokio::spawn(rejoin(args.clone(), id, token)))
        .collect();
    let mut done = Vec::new();
    let mut failed = 0usize;
    for task in tasks {
        match task.await {
            Ok(Ok(r)) => done.push(r),
            Ok(Err(e)) => {
                failed += 1;
                if failed <= 3 {
                    eprintln!("reconnect failed: {e}");
                }
            }
            Err(e) => {
                failed += 1;
                eprintln!("reconnect task failed: {e}");
            }
        }
    }
    let all = started.elapsed();
    let mut took: Vec<u32> = done
        .iter()
        .map(|r| r.took.as_micros().min(u128::from(u32::MAX)) as u32)
        .collect();
    took.sort_unstable();
    let n = done.len().max(1);
    println!(
        "reconnect storm: {} sockets at once, {} failed; all welcomed after {:.0} ms; \
         each: p50 {:.1} ms p99 {:.1} ms; frames until welcome: max {}; bytes: mean {:.0}",
        done.len() + failed,
        failed,
        all.as_secs_f64() * 1000.0,
        percentile(&took, 0.50),
        percentile(&took, 0.99),
        done.iter().map(|r| r.frames).max().unwrap_or(0),
        done.iter().map(|r| r.bytes).sum::<usize>() as f64 / n as f64,
    );
}
