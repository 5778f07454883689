//! Faults of the real binary under load: SIGKILL while many matches play as fast as they can
//! (every acknowledged move must be stored; at most the one move per match in flight may be
//! stored without its ack), on SQLite and on Postgres; and SIGTERM (clients are told to
//! reconnect, the process exits cleanly, nothing acknowledged is lost).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::common::{Client, Lcg, Ws};
use serde_json::{Value, json};
use sqlx::Connection;

/// Starts the binary on a free port with the given store; returns it and its address.
fn start(data: &std::path::Path, database_url: Option<&str>) -> (Child, SocketAddr) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_senet-server"));
    // The bots move as fast as the server answers, all from one address: no rate limits.
    cmd.args([
        "--port",
        "0",
        "--rate-per-sec",
        "0",
        "--addr-rate-per-sec",
        "0",
    ])
    .args([
        "--create-per-min",
        "0",
        "--max-sockets-per-addr",
        "0",
        "--max-open-per-address",
        "0",
        "--upgrades-per-sec",
        "0",
    ])
    .arg("--data-dir")
    .arg(data)
    .env_remove("DATABASE_URL")
    .env("SENET_SEED_WAIT_MS", "0")
    .env("NO_COLOR", "1")
    .env("RUST_LOG", "info")
    .stdout(Stdio::piped())
    .stderr(Stdio::null());
    if let Some(url) = database_url {
        cmd.env("DATABASE_URL", url);
    }
    let mut child = cmd.spawn().expect("the server binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = crate::common::serving_addr(&mut lines);
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

/// The next event on a socket, or None once the socket is gone.
async fn next_event(ws: &mut Ws) -> Option<Value> {
    loop {
        let m = ws.next().await?;
        if m["type"] == "event" {
            return Some(m);
        }
    }
}

/// Both seats and a watcher of a match, connected.
async fn connect_all(c: &Client, id: &str, tokens: &[String]) -> (Vec<Ws>, Ws) {
    let mut seats = Vec::new();
    for t in tokens {
        seats.push(c.hello(id, Some(t), None).await.0);
    }
    let (watcher, _) = c.hello(id, None, Some(0)).await;
    (seats, watcher)
}

/// Plays random moves as fast as the server acknowledges them until the server goes away;
/// returns the acknowledged moves in order.
async fn hammer(
    id: String,
    mut seats: Vec<Ws>,
    mut watcher: Ws,
    total: Arc<AtomicUsize>,
) -> Vec<String> {
    let mut rng = Lcg(id.len() as u64 ^ 0x5eed);
    let mut acked = Vec::new();
    while let Some(view) = next_event(&mut watcher).await {
        if view["turn"]["kind"] != "move" {
            if view["turn"]["kind"] == "game_over" || view["turn"]["kind"] == "match_over" {
                break;
            }
            continue;
        }
        let seat = view["turn"]["seat"].as_u64().unwrap() as usize;
        let legal = view["legal"].as_array().unwrap();
        let mv = legal[rng.pick(legal.len())].as_str().unwrap().to_owned();
        let ws = &mut seats[seat - 1];
        let seq = ws
            .act(json!({"type": "move", "game": view["game"], "move": mv}))
            .await;
        let reply = loop {
            match ws.next().await {
                Some(m) if m["seq"] == json!(seq) => break Some(m),
                Some(_) => {}
                None => break None,
            }
        };
        match reply {
            Some(r) if r["type"] == "ack" => {
                acked.push(mv);
                total.fetch_add(1, Ordering::Relaxed);
            }
            Some(r) => panic!("{id}: a legal move was refused: {r}"),
            None => break,
        }
    }
    acked
}

async fn kill_under_load(database_url: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = start(dir.path(), database_url);
    let c = Client { addr };
    let total = Arc::new(AtomicUsize::new(0));
    let mut games = Vec::new();
    for _ in 0..24 {
        // Long games, so none ends before the kill.
        let (id, tokens, _) = c
            .create_full(json!({"variant": "jequier", "series": {"kind": "best_of", "target": 99}}))
            .await;
        let (seats, watcher) = connect_all(&c, &id, &tokens).await;
        games.push((id, tokens, seats, watcher));
    }
    // Everyone is connected before play starts, so the kill finds every match mid-game.
    let mut tasks = Vec::new();
    for (id, tokens, seats, watcher) in games {
        let task = tokio::spawn(hammer(id.clone(), seats, watcher, total.clone()));
        tasks.push((id, tokens, task));
    }
    // Kill in the middle of play, once a few hundred moves were acknowledged.
    while total.load(Ordering::Relaxed) < 400 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    child.kill().expect("SIGKILL");
    child.wait().unwrap();
    let mut acked = Vec::new();
    for (id, tokens, task) in tasks {
        acked.push((id, tokens, task.await.unwrap()));
    }

    let (mut child, addr) = start(dir.path(), database_url);
    let c = Client { addr };
    let (mut n_acked, mut n_stored) = (0, 0);
    for (id, tokens, acked) in &acked {
        let stored = crate::common::stored_moves(&c, id, Some(&tokens[0])).await;
        n_acked += acked.len();
        n_stored += stored.len();
        assert!(
            stored.len() >= acked.len() && stored[..acked.len()] == acked[..],
            "{id}: acknowledged {acked:?} but stored {stored:?}"
        );
        // One move at a time per match: at most the one in flight was stored unacknowledged.
        assert!(
            stored.len() - acked.len() <= 1,
            "{id}: {} unacknowledged moves stored",
            stored.len() - acked.len()
        );
    }
    eprintln!("SIGKILL under load: {n_acked} moves acknowledged, {n_stored} stored");
    assert!(n_acked >= 400);
    child.kill().unwrap();
    child.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_under_load_loses_no_acknowledged_move_sqlite() {
    kill_under_load(None).await;
}

/// A fresh database on the Postgres the suite uses (`DATABASE_URL`, else 127.0.0.1:5432).
async fn fresh_pg_database(test: &str) -> Option<(String, String)> {
    let admin = std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let Ok(mut conn) = sqlx::PgConnection::connect(&admin).await else {
        eprintln!(
            "SKIPPED {test}: no Postgres at {admin} (the store tests start a throwaway cluster; this one needs a running server)"
        );
        return None;
    };
    let name = format!("senet_fault_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
    Some((format!("{base}/{name}"), name))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_under_load_loses_no_acknowledged_move_postgres() {
    let Some((url, name)) =
        fresh_pg_database("sigkill_under_load_loses_no_acknowledged_move_postgres").await
    else {
        return;
    };
    kill_under_load(Some(&url)).await;
    let admin = url.replace(&name, "postgres");
    if let Ok(mut conn) = sqlx::PgConnection::connect(&admin).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut conn)
            .await;
    }
}

/// SIGTERM mid-game: every client is told to reconnect, the process exits with success, and a
/// move acknowledged just before is there after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_tells_clients_to_reconnect_and_keeps_what_was_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = start(dir.path(), None);
    let c = Client { addr };
    let (id, tokens, _) = c.create_full(json!({"variant": "pyramid"})).await;
    let total = Arc::new(AtomicUsize::new(0));
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(c.hello(&id, Some(t), None).await.0);
    }
    let (mut watcher, _) = c.hello(&id, None, Some(0)).await;
    let view = watcher
        .until(|m| m["type"] == "event" && m["turn"]["kind"] == "move")
        .await;
    let mv = crate::common::play_random_move(&mut seats, &view, &mut Lcg(3)).await;
    total.fetch_add(1, Ordering::Relaxed);
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    for ws in seats.iter_mut().chain([&mut watcher]) {
        let mut got = Vec::new();
        let bye = loop {
            match ws.next().await {
                Some(m) if m["type"] == "going_away" => break m,
                Some(m) => got.push(m),
                None => panic!("closed without going_away after {got:?}"),
            }
        };
        assert!(
            bye["message"].as_str().unwrap().contains("reconnect"),
            "{bye}"
        );
        assert!(
            ws.next().await.is_none(),
            "the socket closes after going_away"
        );
    }
    let status = tokio::task::spawn_blocking(move || child.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(status.success(), "exit status {status}");
    let (mut child, addr) = start(dir.path(), None);
    let stored = crate::common::stored_moves(&Client { addr }, &id, Some(&tokens[0])).await;
    assert_eq!(stored, vec![mv]);
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A spectator that stops reading while a long game is played: the players are not held up
/// (the game runs to its end), and when it reads again it gets a fresh snapshot rather than
/// everything it missed — the server kept no backlog for it beyond a bounded window.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_that_stops_reading_costs_the_others_nothing() {
    let s = crate::common::start_with(|c| {
        c.broadcast_capacity = 16;
        c.socket_send_buffer = 4096;
    })
    .await;
    let (id, tokens, _) = s
        .create_full(json!({"variant": "jequier", "series": {"kind": "best_of", "target": 1}}))
        .await;
    // A small receive buffer, so the server's writes back up after a few KiB, as they would
    // for a client that stopped reading a while ago.
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.set_recv_buffer_size(4096).unwrap();
    let stream = sock.connect(s.addr).await.unwrap();
    let url = format!("ws://{}/ws/matches/{id}", s.addr);
    let (ws, _) =
        tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
            .await
            .unwrap();
    let mut slow = Ws { ws, seq: 0 };
    slow.send(json!({"type": "hello", "token": null, "last_event": 0}))
        .await;
    let mut players = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let (ws, _) = s.hello(&id, Some(t), None).await;
        players.push(tokio::spawn(crate::common::play_seat(
            ws,
            i as u64 + 1,
            40 + i as u64,
        )));
    }
    // The slow socket is not read at all until the game is over.
    let mut total = 0;
    for p in players {
        let seen = tokio::time::timeout(Duration::from_secs(60), p)
            .await
            .expect("the players finish although one socket does not read")
            .unwrap();
        total = total.max(seen.len());
    }
    assert!(total > 150, "a long game: {total} events");
    let mut frames = 0;
    let mut snapshot = false;
    let mut last_no = 0;
    let mut gaps = 0;
    while let Some(m) = slow.next().await {
        frames += 1;
        if let Some(no) = m["no"].as_u64() {
            if no != last_no + 1 {
                gaps += 1;
            }
            last_no = no;
        }

        if m["type"] == "snapshot" {
            snapshot = true;
        }
        if m["kind"] == "match_over"
            || (m["type"] == "snapshot" && m["snapshot"]["turn"]["kind"] == "match_over")
        {
            break;
        }
    }
    assert!(
        snapshot,
        "the slow socket got no snapshot in {frames} frames, gaps {gaps}, last {last_no}"
    );
    assert!(
        frames < total,
        "{frames} frames for {total} events: nothing was skipped"
    );
}
