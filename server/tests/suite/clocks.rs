//! Match clocks over the wire: a seat whose time runs out loses the game on time, every
//! event carries the clocks, a reconnect gets the running figure, and a restart charges the
//! time the server was down to nobody.

use std::time::{Duration, Instant};

use crate::common::{Client, Ws, start};
use crate::db::config;
use serde_json::{Value, json};

fn fischer(base_secs: u32, increment_secs: u32) -> Value {
    json!({"kind": "fischer", "base_secs": base_secs, "increment_secs": increment_secs})
}

/// Reads `ws` until the match waits for a move; returns that event or snapshot.
async fn until_move(ws: &mut Ws) -> Value {
    ws.until(|m| m["type"] == "event" && m["turn"]["kind"] == "move")
        .await
}

/// Creates a clocked pyramid match with every seat taken; returns its id, the tokens and
/// each seat's socket (the welcome read).
async fn clocked_match(c: &Client, clock: Value) -> (String, Vec<String>, Vec<Ws>) {
    let (id, tokens, _) = c
        .create_full(json!({"variant": "pyramid", "clock": clock}))
        .await;
    let mut seats = Vec::new();
    for t in &tokens {
        let (mut ws, _) = c.hello(&id, Some(t), Some(0)).await;
        // The seed window closes once every seat has given one.
        let seq = ws.act(json!({"type": "client_seed", "seed": ""})).await;
        let reply = ws.reply(seq).await;
        assert_eq!(reply["type"], "ack", "{reply}");
        seats.push(ws);
    }
    (id, tokens, seats)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_whose_time_runs_out_loses_on_time() {
    let s = start().await;
    let (id, _, mut seats) = clocked_match(&s, fischer(2, 0)).await;
    let waiting = until_move(&mut seats[0]).await;
    let mover = waiting["turn"]["seat"].as_u64().unwrap();
    assert_eq!(waiting["clock"]["running"], mover, "{waiting}");
    assert_eq!(waiting["clock"]["remaining_ms"], json!([2000, 2000]));
    // Nobody moves: the server's clock ends the game.
    let started = Instant::now();
    let flagged = seats[0].until(|m| m["kind"] == "timed_out").await;
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(flagged["seat"], mover);
    assert!(flagged["used_ms"].as_u64().unwrap() >= 2000, "{flagged}");
    let over = seats[0].until(|m| m["kind"] == "game_over").await;
    assert_eq!(over["reason"], "timeout");
    assert_eq!(over["winner"], 3 - mover, "{over}");
    assert!(over["points"].as_u64().unwrap() > 0, "{over}");
    assert_eq!(over["clock"]["remaining_ms"][(mover - 1) as usize], 0);
    seats[0].until(|m| m["kind"] == "match_over").await;
    // A move after the flag is refused; the record says `timeout`.
    let seq = seats[(mover - 1) as usize]
        .act(json!({"type": "move", "game": 1, "move": "x"}))
        .await;
    let reply = seats[(mover - 1) as usize].reply(seq).await;
    assert_eq!(reply["type"], "error", "{reply}");
    let (st, summary) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(st, 200);
    assert_eq!(summary["clock"], fischer(2, 0), "{summary}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_charged_and_a_reconnect_sees_the_running_clock() {
    let s = start().await;
    let (id, tokens, mut seats) = clocked_match(&s, fischer(600, 5)).await;
    // A spectator reads the events; the seats' sockets read their replies.
    let (mut watcher, _) = s.hello(&id, None, Some(0)).await;
    let waiting = until_move(&mut watcher).await;
    let mover = waiting["turn"]["seat"].as_u64().unwrap() as usize;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mv = waiting["legal"][0].as_str().unwrap().to_owned();
    let seq = seats[mover - 1]
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    assert_eq!(seats[mover - 1].reply(seq).await["type"], "ack");
    let moved = watcher.until(|m| m["kind"] == "moved").await;
    let used = moved["used_ms"].as_u64().unwrap();
    assert!((300..5_000).contains(&used), "{moved}");
    let left = moved["clock"]["remaining_ms"][mover - 1].as_u64().unwrap();
    assert_eq!(left, 600_000 - used + 5_000);
    // Whoever is to move now, a reconnecting client gets the clocks as they stand.
    let now = until_move(&mut watcher).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (_, welcome) = s.hello(&id, Some(&tokens[0]), None).await;
    let clock = &welcome["snapshot"]["clock"];
    assert_eq!(welcome["snapshot"]["clock_rule"], fischer(600, 5));
    let running = clock["running"].as_u64().unwrap() as usize;
    assert_eq!(running as u64, now["turn"]["seat"].as_u64().unwrap());
    let shown = clock["remaining_ms"][running - 1].as_u64().unwrap();
    let at_event = now["clock"]["remaining_ms"][running - 1].as_u64().unwrap();
    assert!(
        shown <= at_event - 200 && shown + 5_000 > at_event,
        "{clock} after {now}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_charges_the_time_it_was_down_to_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let s1 = senet_server::spawn_durable(config(&url)).await.unwrap();
    let c1 = Client { addr: s1.addr };
    let (id, tokens, _) = c1
        .create_full(json!({"variant": "jequier", "clock": fischer(900, 0)}))
        .await;
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(c1.hello(&id, Some(t), Some(0)).await.0);
    }
    let (mut watcher, _) = c1.hello(&id, None, Some(0)).await;
    // Two moves, so the clocks differ from their start.
    for _ in 0..2 {
        let m = until_move(&mut watcher).await;
        let mover = m["turn"]["seat"].as_u64().unwrap() as usize;
        tokio::time::sleep(Duration::from_millis(150)).await;
        let mv = m["legal"][0].as_str().unwrap().to_owned();
        let game = m["game"].clone();
        let seq = seats[mover - 1]
            .act(json!({"type": "move", "game": game, "move": mv}))
            .await;
        assert_eq!(seats[mover - 1].reply(seq).await["type"], "ack");
    }
    let before = until_move(&mut watcher).await;
    s1.shutdown.send(true).unwrap();
    drop((seats, watcher));
    // Down for a second and a half: not a millisecond of it is charged.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let s2 = senet_server::spawn_durable(config(&url)).await.unwrap();
    let c2 = Client { addr: s2.addr };
    let (_, welcome) = c2.hello(&id, Some(&tokens[1]), None).await;
    let clock = &welcome["snapshot"]["clock"];
    let running = clock["running"].as_u64().unwrap() as usize;
    for seat in 1..=2 {
        let was = before["clock"]["remaining_ms"][seat - 1].as_u64().unwrap();
        let is = clock["remaining_ms"][seat - 1].as_u64().unwrap();
        if seat == running {
            assert!(
                is <= was && is + 1_000 > was,
                "seat {seat}: {is} after {was}"
            );
        } else {
            assert_eq!(is, was, "seat {seat}");
        }
    }
    s2.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_out_of_range_are_refused_at_creation() {
    let s = start().await;
    for clock in [
        fischer(0, 0),
        fischer(10_801, 0),
        fischer(60, 181),
        json!({"kind": "correspondence", "days": 0}),
        json!({"kind": "correspondence", "days": 15}),
    ] {
        let (st, e) = s
            .post(
                "/api/matches",
                json!({"variant": "martian", "clock": clock}),
            )
            .await;
        assert_eq!(st, 422, "{clock}: {e}");
        assert_eq!(e["code"], "invalid", "{clock}: {e}");
    }
    // Not a clock at all: the body is malformed.
    for clock in [
        json!({"kind": "sudden"}),
        json!({"kind": "fischer", "base_secs": 60}),
        json!({"kind": "fischer", "base_secs": 60, "increment_secs": 0, "extra": 1}),
        json!("5+3"),
    ] {
        let (st, e) = s
            .post(
                "/api/matches",
                json!({"variant": "martian", "clock": clock}),
            )
            .await;
        assert_eq!(
            (st, e["code"].as_str()),
            (400, Some("malformed")),
            "{clock}: {e}"
        );
    }
    let (st, created) = s
        .post(
            "/api/matches",
            json!({"variant": "martian", "clock": {"kind": "correspondence", "days": 3}}),
        )
        .await;
    assert_eq!(st, 201, "{created}");
}
