//! `--arena N`: an arena of N players, bots standing in for people. It signs up N accounts
//! with passwords (start the server with `SENET_PLAYERS_PER_MIN=0`), the first creates a
//! Kendall arena (Fischer 60 s + 1 s, `--arena-mins` long, starting `--arena-start-secs`
//! after its creation), all join, and each opens its page socket and plays every game the
//! tournament gives it ([`crate::arena_bot`]). With several nodes in `--addr`, bot `k`'s
//! sign-up, join and page socket go to node `k` and its match sockets to node `k + seat`.
//!
//! It reports the re-pairing latency (from a player's `game_over` to its next
//! `tournament_game`, for games that ended before the arena's last 10 s), and after the end
//! checks the standings against the stored games ([`crate::arena_check`]); the exit status
//! is the verdict.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tokio::sync::{Semaphore, watch};

use crate::arena_bot::{Account, Arena, BotReport, bot};
use crate::arena_http::{http, unix_ms};
use crate::args::Args;
use crate::report::{cpu_seconds, percentile, servers_cpu};

/// A name no earlier run took: letters of this run, then the bot's number, in letters too
/// (no digits: a name's look folds some digits into letters, which could make two alike).
fn name_of(run: u64, k: usize) -> String {
    const LETTERS: &[u8] = b"acdefhkptwxyz";
    let base = LETTERS.len() as u64;
    let letters = |mut r: u64, n: usize| -> String {
        (0..n)
            .map(|_| {
                let c = char::from(LETTERS[(r % base) as usize]);
                r /= base;
                c
            })
            .collect()
    };
    format!("ar {} {}", letters(run, 5), letters(k as u64, 4))
}

/// Signs up bot `k` on node `k`.
async fn sign_up(args: &Args, run: u64, k: usize) -> Result<Account, String> {
    let body = json!({"username": name_of(run, k), "password": "arena load password"});
    let a = http(args.node(k), "POST", "/api/accounts", None, Some(&body)).await?;
    if a.status != 201 {
        return Err(format!("sign-up {}: {}", a.status, a.body));
    }
    Ok(Account {
        player_id: a.body["player_id"]
            .as_str()
            .ok_or("no player_id")?
            .to_owned(),
        cookie: a.cookie.ok_or("no session cookie")?,
    })
}

/// Runs `jobs` with at most `at_once` of them at a time, in order.
async fn bounded<T: Send + 'static>(
    at_once: usize,
    jobs: Vec<impl Future<Output = T> + Send + 'static>,
) -> Vec<T> {
    let sem = Arc::new(Semaphore::new(at_once.max(1)));
    let handles: Vec<_> = jobs
        .into_iter()
        .map(|job| {
            let sem = sem.clone();
            tokio::spawn(async move {
                let _permit = sem.acquire().await.ok();
                job.await
            })
        })
        .collect();
    let mut out = Vec::with_capacity(handles.len());
    for h in handles {
        if let Ok(v) = h.await {
            out.push(v);
        }
    }
    out
}

/// The whole run; true when every check passed.
pub(crate) async fn run(args: &Args, n: usize) -> bool {
    let Some(db_url) = args.check_db.clone() else {
        eprintln!("--arena needs --check-db (the store's Postgres URL) for its checks");
        return false;
    };
    let t0 = Instant::now();
    let run = unix_ms() as u64 ^ (u64::from(std::process::id()) << 20);
    let jobs: Vec<_> = (0..n)
        .map(|k| {
            let args = args.clone();
            async move { sign_up(&args, run, k).await }
        })
        .collect();
    let mut accounts = Vec::new();
    for (k, made) in bounded(args.sign_up_concurrency, jobs)
        .await
        .into_iter()
        .enumerate()
    {
        match made {
            Ok(a) => accounts.push(a),
            Err(e) => {
                eprintln!("bot {k}: {e}");
                return false;
            }
        }
    }
    eprintln!(
        "{} accounts signed up in {:?}",
        accounts.len(),
        t0.elapsed()
    );
    let body = json!({"kind": "arena", "variant": "kendall",
        "clock": {"kind": "fischer", "base_secs": 60, "increment_secs": 1},
        "duration_mins": args.arena_mins, "starts_in_secs": args.arena_start_secs,
        "name": "Load arena"});
    let made = match http(
        args.node(0),
        "POST",
        "/api/tournaments",
        Some(&accounts[0].cookie),
        Some(&body),
    )
    .await
    {
        Ok(a) if a.status == 201 => a.body,
        Ok(a) => {
            eprintln!("the arena was not made: {} {}", a.status, a.body);
            return false;
        }
        Err(e) => {
            eprintln!("the arena was not made: {e}");
            return false;
        }
    };
    let (Some(id), Some(starts_ms), Some(ends_ms)) = (
        made["id"].as_str().map(str::to_owned),
        made["starts_ms"].as_i64(),
        made["ends_ms"].as_i64(),
    ) else {
        eprintln!("the arena's answer lacks id, starts_ms or ends_ms: {made}");
        return false;
    };
    let t_join = Instant::now();
    let jobs: Vec<_> = accounts
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let (addr, cookie) = (args.node(k).to_owned(), a.cookie.clone());
            let path = format!("/api/tournaments/{id}/join");
            async move {
                http(&addr, "POST", &path, Some(&cookie), Some(&json!({})))
                    .await
                    .and_then(|a| match a.status {
                        200 => Ok(()),
                        s => Err(format!("{s} {}", a.body)),
                    })
            }
        })
        .collect();
    for (k, joined) in bounded(16, jobs).await.into_iter().enumerate() {
        if let Err(e) = joined {
            eprintln!("bot {k} did not join: {e}");
            return false;
        }
    }
    eprintln!(
        "arena {id}: {n} joined in {:?}; it starts in {} ms and lasts {} min",
        t_join.elapsed(),
        starts_ms - unix_ms(),
        args.arena_mins
    );
    if unix_ms() > starts_ms {
        eprintln!(
            "warning: the joins ended after the start: raise --arena-start-secs (a player who \
             joined more than 45 s before the first pairing is not there)"
        );
    }
    let arena = Arc::new(Arena {
        args: args.clone(),
        id: id.clone(),
        starts_ms,
        ends_ms,
    });
    let (stop_tx, stop) = watch::channel(false);
    let bots: Vec<_> = accounts
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let rng = (0x9E37_79B9_7F4A_7C15u64 ^ ((k as u64) << 16)) | 1;
            tokio::spawn(bot(arena.clone(), a.clone(), k, rng, stop.clone()))
        })
        .collect();
    let cpu_before = (servers_cpu(&args.server_pid), cpu_seconds("self"));
    // Until the end, and a few seconds more for the last results to be settled.
    let until = ends_ms + 3_000;
    while unix_ms() < until {
        let left = Duration::from_millis((until - unix_ms()).max(0) as u64);
        tokio::time::sleep(left.min(Duration::from_secs(60))).await;
        if unix_ms() < until {
            eprintln!("{} s into the arena", (unix_ms() - starts_ms).max(0) / 1000);
        }
    }
    let cpu_after = (servers_cpu(&args.server_pid), cpu_seconds("self"));
    let _ = stop_tx.send(true);
    let mut reports: Vec<BotReport> = Vec::new();
    for b in bots {
        if let Ok(r) = b.await {
            reports.push(r);
        }
    }
    print_figures(&reports, starts_ms, ends_ms);
    let secs = ((ends_ms - starts_ms) as f64 / 1000.0).max(1.0);
    if let (Some(a), Some(b)) = (cpu_before.0, cpu_after.0) {
        let used = b.since(a);
        println!(
            "server CPU: {:.1} s ({:.0}% of one core)",
            used.total(),
            100.0 * used.total() / secs
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
    crate::arena_check::check(args, &db_url, &id, ends_ms, &reports).await
}

/// Prints the re-pairing latency and what the bots did.
fn print_figures(reports: &[BotReport], starts_ms: i64, ends_ms: i64) {
    let mut lat: Vec<(u64, i64)> = reports
        .iter()
        .flat_map(|r| r.repaired.iter().copied())
        .collect();
    lat.sort_unstable();
    // `percentile` reads microseconds.
    let us: Vec<u32> = lat
        .iter()
        .map(|(l, _)| (l.saturating_mul(1000)).min(u64::from(u32::MAX)) as u32)
        .collect();
    let ms: Vec<u64> = lat.iter().map(|(l, _)| *l).collect();
    println!(
        "re-pairing (game_over -> next tournament_game, games ended before the last 10 s): \
         {} samples, p50 {:.0} ms  p99 {:.0} ms  max {} ms",
        ms.len(),
        percentile(&us, 0.50),
        percentile(&us, 0.99),
        ms.last().copied().unwrap_or(0)
    );
    let over_2s = ms.iter().filter(|&&l| l > 2_000).count();
    println!("  over 2 s: {over_2s}");
    for (l, at) in lat.iter().rev().take(5) {
        println!(
            "  slow: {l} ms after a game that ended {:.1} s into the arena",
            (at - starts_ms) as f64 / 1000.0
        );
    }
    let games: usize = reports.iter().map(|r| r.games.len()).sum();
    let seen_over = reports
        .iter()
        .flat_map(|r| &r.games)
        .filter(|g| g.over.is_some())
        .count();
    let resigned = reports
        .iter()
        .flat_map(|r| &r.games)
        .filter(|g| g.resigned)
        .count();
    let sum = |f: fn(&BotReport) -> u64| reports.iter().map(f).sum::<u64>();
    println!(
        "bots: {} players, {games} seats played ({seen_over} seen to their end, {resigned} \
         resigned), {} moves ({:.0}/s), {} games found by reading the page, {} page reads, \
         {} sockets opened again, {} refused as their match's node was taken over, {} errors",
        reports.len(),
        sum(|r| r.moves),
        sum(|r| r.moves) as f64 / ((ends_ms - starts_ms) as f64 / 1000.0).max(1.0),
        sum(|r| r.found_by_look as u64),
        sum(|r| r.looks as u64),
        sum(|r| r.reconnects as u64),
        sum(|r| r.unavailable),
        sum(|r| r.errors),
    );
}
