//! Kill -9 the real `senet-server` binary in the middle of games (SQLite in a temp dir),
//! start it again on the same data, reconnect with the seat tokens, and check every game
//! continues from exactly the last acknowledged move.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

use crate::common::{Client, Lcg, Ws, play_random_move};
use serde_json::{Value, json};

/// Starts the binary on a free port; returns it and its address (read from its log).
pub(crate) fn start(data: &std::path::Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_senet-server"))
        .args([
            "--port",
            "0",
            "--rate-per-sec",
            "100000",
            "--rate-burst",
            "100000",
        ])
        .arg("--data-dir")
        .arg(data)
        .env_remove("DATABASE_URL")
        .env("SENET_SEED_WAIT_MS", "0")
        // The sign-up test makes forty accounts from one address at once: no bound (0). A
        // high rate is not enough, since a bucket's burst stays at most ten.
        .env("SENET_PLAYERS_PER_MIN", "0")
        .env("NO_COLOR", "1")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = crate::common::serving_addr(&mut lines);
    // Keep draining the log so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

/// Every event of a match, by reconnecting from event 0 as a seat.
async fn log_of(c: &Client, id: &str, token: &str) -> (Vec<Value>, Value) {
    let (mut ws, welcome) = c.hello(id, Some(token), Some(0)).await;
    let n = welcome["missed"].as_u64().unwrap();
    let mut events = Vec::new();
    while (events.len() as u64) < n {
        let m = ws.recv().await;
        if m["type"] == "event" {
            events.push(m);
        }
    }
    (events, welcome["snapshot"].clone())
}

/// Plays `moves` random legal moves in a match (all seats); returns the events the seats
/// were acknowledged for (the `moved` events, by number) — a spectator drives.
async fn play_moves(
    c: &Client,
    id: &str,
    tokens: &[String],
    moves: usize,
    seed: u64,
) -> Vec<(u64, String)> {
    let mut seats: Vec<Ws> = Vec::new();
    for t in tokens {
        seats.push(c.hello(id, Some(t), None).await.0);
    }
    let (_, w) = c.hello(id, None, None).await;
    let last = w["snapshot"]["last_event"].as_u64().unwrap();
    let (mut watcher, _) = c.hello(id, None, Some(last.saturating_sub(1))).await;
    let mut rng = Lcg(seed);
    let mut acked = Vec::new();
    while acked.len() < moves {
        let view = watcher.until(|m| m["type"] == "event").await;
        let kind = &view["turn"]["kind"];
        if kind == "game_over" || kind == "match_over" {
            break;
        }
        if kind != "move" {
            continue;
        }
        let mv = play_random_move(&mut seats, &view, &mut rng).await;
        // The moved event comes right after the view it answered.
        acked.push((view["no"].as_u64().unwrap() + 1, mv));
    }
    acked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_continue_after_sigkill_from_the_last_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = start(dir.path());
    let c = Client { addr };
    let mut matches = Vec::new();
    for (i, variant) in ["martian", "modern", "parker"].into_iter().enumerate() {
        let (id, tokens, _) = c
            .create_full(json!({"variant": variant, "series": {"kind": "best_of", "target": 3}}))
            .await;
        let acked = play_moves(&c, &id, &tokens, 6 + i, 5 + i as u64).await;
        matches.push((id, tokens, acked));
    }
    // The last match gets one more move, and the kill comes right after its ack.
    let (id, tokens, acked) = matches.last_mut().unwrap();
    acked.extend(play_moves(&c, id, tokens, 1, 99).await);
    let before: Vec<(Vec<Value>, Value)> = {
        let mut v = Vec::new();
        for (id, tokens, _) in &matches {
            v.push(log_of(&c, id, &tokens[0]).await);
        }
        v
    };
    child.kill().expect("SIGKILL");
    child.wait().unwrap();

    let (mut child, addr) = start(dir.path());
    let c = Client { addr };
    for ((id, tokens, acked), (events, snap)) in matches.iter().zip(&before) {
        let (after, snap2) = log_of(&c, id, &tokens[1]).await;
        // Exactly the same events, in the same order, up to the last acknowledged move.
        assert_eq!(
            &after, events,
            "{id}: the event log changed across the restart"
        );
        let (no, mv) = acked.last().unwrap();
        let moved = &after[*no as usize - 1];
        assert_eq!(moved["kind"], "moved", "{moved}");
        assert_eq!(moved["move"], json!(mv));
        for k in ["last_event", "notation", "turn", "legal", "score", "game"] {
            assert_eq!(snap[k], snap2[k], "{id}: {k} differs after the restart");
        }
        // And play goes on.
        let more = play_moves(&c, id, tokens, 3, 7).await;
        assert!(!more.is_empty() || snap2["turn"]["kind"] != "move");
    }
    child.kill().unwrap();
    child.wait().unwrap();
}
