//! Load generator for `senet-server`.
//!
//! Opens N matches with two player connections each (random legal moves, optional think
//! time, a rematch after every game) and M spectator connections spread over them, runs for a
//! while, then reports moves per second, the move→broadcast latency (from sending a move to
//! receiving its `moved` event on the same socket), connections, and the server's memory.
//!
//! ```sh
//! cargo run --release -p senet-server -- --rate-per-sec 1000 &
//! cargo run --release -p senet-loadgen -- --matches 2000 --spectators 4000 --duration 30s \
//!     --server-pid $!
//! ```
//!
//! Every frame of a load run is read and written as `senet-protocol`'s types (`ServerMsg`,
//! `ClientMsg`), the server's own (the checked mode reads JSON values, to compare fields as
//! sent): the modules are [`args`] (the command line), [`setup`] (REST), [`sockets`], [`play`] (players and
//! the counters), [`spectate`] (spectators and flooders), [`storm`] (the reconnect storm)
//! and [`report`], with [`counts`] (what the server does per move, counted); [`checked`] is
//! the partition harness's client and checker; [`arena_load`] (with [`arena_bot`] and
//! [`arena_check`]) runs a checked arena of bots (`--arena N`).

mod analyst;
mod arena_bot;
mod arena_check;
mod arena_http;
mod arena_load;
mod args;
mod checked;
mod counts;
mod play;
mod report;
mod setup;
mod sockets;
mod spectate;
mod storm;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use tokio::sync::{Semaphore, watch};

use args::Args;
use play::{Counters, FanOut, player};
use report::{cpu_seconds, percentile, report, rss_of, servers_cpu, soak};
use setup::{create_bot_match, create_match};
use sockets::connect;
use spectate::{flooder, spectator};
use storm::reconnect_storm;

#[tokio::main]
async fn main() {
    let args = Args::parse();
    if let Some(n) = args.arena {
        let passed = arena_load::run(&args, n).await;
        std::process::exit(if passed { 0 } else { 1 });
    }
    if args.checked {
        let passed = checked::run(&args).await;
        std::process::exit(if passed { 0 } else { 1 });
    }
    let t_setup = Instant::now();
    let sem = Arc::new(Semaphore::new(args.connect_concurrency.max(1)));
    // 1. Matches.
    let mut creating = Vec::new();
    for i in 0..args.matches + args.bot_matches {
        let args = args.clone();
        let sem = sem.clone();
        creating.push(tokio::spawn(async move {
            let _permit = sem.acquire().await.ok()?;
            let made = if i < args.matches {
                create_match(&args, i).await
            } else {
                create_bot_match(&args, i).await
            };
            match made {
                Ok(m) => Some(m),
                Err(e) => {
                    eprintln!("match {i}: {e}");
                    None
                }
            }
        }));
    }
    let mut matches = Vec::new();
    for c in creating {
        if let Ok(Some(m)) = c.await {
            matches.push(m);
        }
    }
    eprintln!(
        "{} matches created in {:?}",
        matches.len(),
        t_setup.elapsed()
    );
    if matches.is_empty() {
        eprintln!("no match could be created; is the server at {}?", args.addr);
        std::process::exit(1);
    }
    if args.create_only {
        return;
    }
    // 2. Connections.
    let counters = Arc::new(Counters::default());
    let measuring = Arc::new(AtomicBool::new(false));
    let (stop_tx, stop) = watch::channel(false);
    let (go_tx, go) = watch::channel(false);
    let think = Duration::from_millis(args.think_ms);
    let mut players = Vec::new();
    let mut spectators = Vec::new();
    let mut pending = Vec::new();
    for (i, m) in matches.iter().enumerate() {
        for (seat, token) in (0u8..).zip(&m.tokens) {
            let (args, sem, id, token) = (args.clone(), sem.clone(), m.id.clone(), token.clone());
            pending.push((
                true,
                i,
                seat,
                tokio::spawn(async move {
                    let _permit = sem.acquire().await.ok();
                    connect(&args, i + usize::from(seat), &id, Some(&token)).await
                }),
            ));
        }
    }
    // Spectators watch the people's matches (all matches when there are only bot matches).
    let watched = if args.matches > 0 && matches.len() > args.bot_matches {
        &matches[..matches.len() - args.bot_matches]
    } else {
        &matches[..]
    };
    for s in 0..args.spectators {
        let node = s % watched.len() + 2;
        let m = &watched[s % watched.len()];
        let (args, sem, id) = (args.clone(), sem.clone(), m.id.clone());
        pending.push((
            false,
            s,
            0,
            tokio::spawn(async move {
                let _permit = sem.acquire().await.ok();
                connect(&args, node, &id, None).await
            }),
        ));
    }
    let watched_len = watched.len();
    let fanouts: Vec<Arc<FanOut>> = matches.iter().map(|_| Arc::default()).collect();
    let mut connected = 0usize;
    let mut failed = 0usize;
    for (is_player, i, seat, h) in pending {
        match h.await {
            Ok(Ok(ws)) => {
                connected += 1;
                let (c, meas, st) = (counters.clone(), measuring.clone(), stop.clone());
                if is_player {
                    let rng = 0x9E37_79B9_7F4A_7C15u64 ^ ((i as u64) << 8 | u64::from(seat));
                    players.push(tokio::spawn(player(
                        ws,
                        seat + 1,
                        matches[i].tokens.len() == 1,
                        think,
                        rng | 1,
                        c,
                        fanouts[i].clone(),
                        meas,
                        st,
                        go.clone(),
                    )));
                } else {
                    let fanout = fanouts[i % watched_len].clone();
                    spectators.push(tokio::spawn(spectator(ws, c, fanout, meas, st)));
                }
            }
            Ok(Err(e)) => {
                failed += 1;
                if failed <= 5 {
                    eprintln!("connection failed: {e}");
                }
            }
            Err(e) => {
                failed += 1;
                eprintln!("connection task failed: {e}");
            }
        }
    }
    eprintln!(
        "{connected} connections open ({failed} failed) after {:?}; measuring for {:?}",
        t_setup.elapsed(),
        args.duration
    );
    let flooders: Vec<_> = (0..args.flooders)
        .map(|i| {
            let id = matches[i % matches.len()].id.clone();
            tokio::spawn(flooder(args.clone(), id, counters.clone(), stop.clone()))
        })
        .collect();
    let analysts: Vec<_> = (0..args.analysts)
        .map(|k| {
            tokio::spawn(analyst::analyst(
                args.clone(),
                k,
                measuring.clone(),
                stop.clone(),
            ))
        })
        .collect();
    // 3. Play; measure after a short warm-up.
    let _ = go_tx.send(true);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_before = rss_of(&args.server_pid);
    let cpu_before = (servers_cpu(&args.server_pid), cpu_seconds("self"));
    measuring.store(true, Ordering::Relaxed);
    let counting = (args.counts && !args.server_pid.is_empty())
        .then(|| counts::Counting::start(&args.server_pid, args.duration));
    let t0 = Instant::now();
    match args.report_every {
        Some(every) if !every.is_zero() => soak(&args, &counters, t0, every).await,
        _ => tokio::time::sleep(args.duration).await,
    }
    measuring.store(false, Ordering::Relaxed);
    let elapsed = t0.elapsed();
    let rss_after = rss_of(&args.server_pid);
    let cpu_after = (servers_cpu(&args.server_pid), cpu_seconds("self"));
    // Waiting for perf's own end is blocking work: off the runtime's workers.
    let counted = match counting {
        Some(c) => tokio::task::spawn_blocking(move || c.finish()).await.ok(),
        None => None,
    };
    let _ = stop_tx.send(true);
    let moves = counters.moves.load(Ordering::Relaxed);
    let bot_moves = counters.bot_moves.load(Ordering::Relaxed);
    let events = counters.events_seen.load(Ordering::Relaxed);
    // 4. Collect latencies (the tasks end at their next frame; don't wait for idle ones).
    let mut lat = Vec::new();
    for p in players {
        if let Ok(v) = p.await {
            lat.extend(v);
        }
    }
    for s in spectators {
        let _ = s.await;
    }
    for f in flooders {
        f.abort();
    }
    let mut searched = Vec::new();
    let mut analyses_failed = 0;
    for a in analysts {
        if let Ok((took, failed)) = a.await {
            searched.extend(took);
            analyses_failed += failed;
        }
    }
    searched.sort_unstable();
    lat.sort_unstable();
    if args.reconnect_storm {
        reconnect_storm(&args, &matches).await;
    }
    report(
        &args, connected, failed, moves, events, elapsed, &counters, &lat, rss_before, rss_after,
    );
    if args.analysts > 0 {
        println!(
            "analyses: {} searched while measuring ({:.1}/s), p50 {:.0} ms  p99 {:.0} ms; {analyses_failed} failed",
            searched.len(),
            searched.len() as f64 / elapsed.as_secs_f64(),
            percentile(&searched, 0.50),
            percentile(&searched, 0.99),
        );
    }
    if args.spectators > 0 {
        let mut fan: Vec<u32> = fanouts.iter().flat_map(|f| f.samples()).collect();
        fan.sort_unstable();
        println!(
            "move->last spectator: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms  ({} moves)",
            percentile(&fan, 0.50),
            percentile(&fan, 0.99),
            fan.last().copied().unwrap_or(0) as f64 / 1000.0,
            fan.len()
        );
    }
    if let Some(c) = &counted {
        counts::print(
            c,
            moves + bot_moves,
            (connected, matches.len()),
            counters.frames_received.load(Ordering::Relaxed),
            counters.bytes_received.load(Ordering::Relaxed),
        );
    }
    let secs = elapsed.as_secs_f64();
    let per_move = |s: f64| 1e6 * s / (moves + bot_moves).max(1) as f64;
    if let (Some(a), Some(b)) = (cpu_before.0, cpu_after.0) {
        let used = b.since(a);
        println!(
            "server CPU: {:.1} s ({:.0}% of one core), {:.0} µs per move (user {:.0}, kernel {:.0})",
            used.total(),
            100.0 * used.total() / secs,
            per_move(used.total()),
            per_move(used.user),
            per_move(used.kernel),
        );
    }
    if let (Some(a), Some(b)) = (cpu_before.1, cpu_after.1) {
        let used = b.since(a);
        println!(
            "load generator CPU: {:.1} s ({:.0}% of one core)",
            used.total(),
            100.0 * used.total() / secs
        );
    }
}
