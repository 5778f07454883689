//! Opening a board with `hello.tail`: a client that missed more events than its tail gets one
//! `welcome` with the snapshot and the current game's last events (`recent`), not a replay
//! of the whole match; one that missed fewer gets the missed frames as before. On a durable
//! store a live match keeps only its current game in memory: a client that missed events of
//! an earlier game gets the welcome it would get with the longest tail, and earlier games'
//! records come from the store.

use crate::common::{Lcg, TestServer, Ws, play_random_move, start, start_durable};
use serde_json::{Value, json};

/// The match is played until it has at least this many events...
const MATCH_EVENTS: usize = 300;
/// ...and its current game at least this many, so that a short tail holds only part of it.
const GAME_EVENTS: usize = 30;

/// A long series (games played out, the last one under way), every event as a spectator
/// watching from the first saw it live, and the players' sockets.
struct Series {
    id: String,
    tokens: Vec<String>,
    seats: Vec<Ws>,
    /// Every event of the match, in order, as broadcast.
    live: Vec<Value>,
    /// The number of the current game's `game_started`.
    game_start: u64,
}

/// Sends a message with the next sequence number on `ws` and checks it is acknowledged.
async fn acked(ws: &mut Ws, msg: Value) {
    let seq = ws.act(msg).await;
    let reply = ws.reply(seq).await;
    assert_eq!(reply["type"], "ack", "{reply}");
}

/// Plays games of a pyramid series with random legal moves until the match has
/// [`MATCH_EVENTS`] events and its game (the second or a later one) [`GAME_EVENTS`], and
/// it waits for a move (so the match is quiet: the server throws only after a move).
async fn long_series(s: &TestServer) -> Series {
    let (id, tokens, _) = s
        .create_full(json!({"variant": "pyramid", "series": {"kind": "best_of", "target": 99}}))
        .await;
    let (mut watcher, _) = s.hello(&id, None, Some(0)).await;
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(s.hello(&id, Some(t), None).await.0);
    }
    let mut rng = Lcg(17);
    let mut live: Vec<Value> = Vec::new();
    let mut game_start = 0;
    loop {
        let m = watcher.recv().await;
        if m["type"] != "event" {
            continue;
        }
        live.push(m.clone());
        assert_eq!(
            m["no"],
            live.len() as u64,
            "events are numbered without gaps"
        );
        if m["kind"] == "game_started" {
            game_start = live.len();
            for ws in &mut seats {
                acked(ws, json!({"type": "client_seed", "seed": ""})).await;
            }
        }
        match m["turn"]["kind"].as_str() {
            Some("game_over") if m["kind"] == "game_over" => {
                for ws in &mut seats {
                    acked(ws, json!({"type": "rematch"})).await;
                }
            }
            Some("move") => {
                let in_game = live.len() - game_start + 1;
                if live.len() >= MATCH_EVENTS && game_start > 1 && in_game >= GAME_EVENTS {
                    break;
                }
                play_random_move(&mut seats, &m, &mut rng).await;
            }
            Some("match_over") => panic!("a best-of-99 series ended"),
            _ => {}
        }
    }
    Series {
        id,
        tokens,
        seats,
        live,
        game_start: game_start as u64,
    }
}

/// Says `hello` with the given fields; returns the socket and the welcome.
async fn hello_with(s: &TestServer, id: &str, fields: Value) -> (Ws, Value) {
    let mut ws = s.ws(id).await;
    let mut hello = json!({"type": "hello"});
    for (k, v) in fields.as_object().expect("fields are an object") {
        hello[k] = v.clone();
    }
    ws.send(hello).await;
    let welcome = ws.recv().await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    ws.seq = welcome["last_seq"].as_u64().unwrap_or(0);
    (ws, welcome)
}

/// Every event frame `ws` receives until the answer to a ping (the match is quiet, so these
/// are what followed the welcome).
async fn events_before_pong(ws: &mut Ws) -> Vec<Value> {
    ws.send(json!({"type": "ping", "seq": 777})).await;
    let mut events = Vec::new();
    loop {
        let m = ws.recv().await;
        match m["type"].as_str() {
            Some("pong") => return events,
            Some("event") | Some("snapshot") => events.push(m),
            _ => {}
        }
    }
}

#[tokio::test]
async fn a_board_opens_from_the_snapshot_and_the_current_games_last_events() {
    let s = start().await;
    let mut series = long_series(&s).await;
    let total = series.live.len();
    let game_start = series.game_start as usize;
    let game = &series.live[total - 1]["game"];
    eprintln!(
        "{total} events; game {game} from event {game_start} ({} events)",
        total - game_start + 1
    );

    // A full replay (no tail, from event 0) sends exactly what the live spectator saw.
    let (mut full, w) = hello_with(&s, &series.id, json!({"last_event": 0})).await;
    assert_eq!(w["missed"], total as u64);
    assert!(w.get("recent").is_none(), "{w}");
    assert_eq!(events_before_pong(&mut full).await, series.live);

    // A spectator with a short tail and no last_event: one welcome, no event frames, the
    // last 10 events in `recent`, equal to the frames that were broadcast.
    let (mut spectator, w) = hello_with(&s, &series.id, json!({"tail": 10})).await;
    assert_eq!(w["seat"], Value::Null);
    assert_eq!(w["missed"], 0);
    assert_eq!(w["snapshot"]["last_event"], total as u64);
    assert_eq!(w["recent"].as_array().unwrap(), &series.live[total - 10..]);
    assert_eq!(
        events_before_pong(&mut spectator).await,
        Vec::<Value>::new()
    );

    // A player at last_event 0 with a tail longer than the current game: all of that game,
    // from its start, and nothing of the games before.
    let (mut player, w) = hello_with(
        &s,
        &series.id,
        json!({"token": series.tokens[0], "last_event": 0, "tail": 200}),
    )
    .await;
    assert_eq!(w["seat"], 1);
    assert_eq!(w["missed"], 0);
    let recent = w["recent"].as_array().unwrap();
    if total - game_start < 200 {
        assert_eq!(recent, &series.live[game_start - 1..]);
        assert_eq!(
            (&recent[0]["kind"], &recent[0]["game"]),
            (&json!("game_started"), game)
        );
    } else {
        assert_eq!(recent, &series.live[total - 200..]);
    }
    // The last recent event is the snapshot's: it says the same turn and legal moves.
    let last = recent.last().unwrap();
    assert_eq!(last["no"], w["snapshot"]["last_event"]);
    assert_eq!(last["turn"], w["snapshot"]["turn"]);
    assert_eq!(last["legal"], w["snapshot"]["legal"]);
    assert_eq!(events_before_pong(&mut player).await, Vec::<Value>::new());

    // Missed no more than the tail (here exactly the tail, and fewer): the frames, as before.
    for missed in [10, 4] {
        let after = total - missed;
        let (mut back, w) = hello_with(
            &s,
            &series.id,
            json!({"token": series.tokens[1], "last_event": after, "tail": 10}),
        )
        .await;
        assert_eq!(w["missed"], missed as u64);
        assert!(w.get("recent").is_none(), "{w}");
        assert_eq!(events_before_pong(&mut back).await, series.live[after..]);
    }

    // Nothing missed: neither frames nor `recent`. A tail of 0: only the snapshot.
    let (_, w) = hello_with(&s, &series.id, json!({"last_event": total, "tail": 10})).await;
    assert_eq!((&w["missed"], w.get("recent")), (&json!(0), None));
    let (_, w) = hello_with(&s, &series.id, json!({"last_event": 1, "tail": 0})).await;
    assert_eq!((&w["missed"], &w["recent"]), (&json!(0), &json!([])));
    // No tail and no last_event: only the snapshot, as before.
    let (_, w) = hello_with(&s, &series.id, json!({})).await;
    assert_eq!((&w["missed"], w.get("recent")), (&json!(0), None));

    // The match goes on: the clients that opened with a tail get the next events live.
    let view = series.live.last().unwrap().clone();
    play_random_move(&mut series.seats, &view, &mut Lcg(5)).await;
    let next = json!(total as u64 + 1);
    for ws in [&mut spectator, &mut player] {
        let e = ws.until(|m| m["type"] == "event").await;
        assert_eq!((&e["no"], &e["kind"]), (&next, &json!("moved")));
    }
}

#[tokio::test]
async fn a_tail_out_of_range_is_refused_with_a_structured_error() {
    let s = start().await;
    let (id, _, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let mut ws = s.ws(&id).await;
    for bad in [json!(201), json!(1000), json!(-1), json!("60"), json!(1.5)] {
        ws.send(json!({"type": "hello", "tail": bad})).await;
        let e = ws.recv().await;
        assert_eq!(
            (&e["type"], &e["code"]),
            (&json!("error"), &json!("malformed")),
            "{bad}: {e}"
        );
        let message = e["message"].as_str().unwrap();
        assert!(
            message.contains("expected a tail of 0 to 200 events"),
            "{e}"
        );
    }
    // A refused hello is not the first message: the socket still takes a good one.
    ws.send(json!({"type": "hello", "tail": 200})).await;
    let w = ws.recv().await;
    assert_eq!(w["type"], "welcome", "{w}");
}

/// On a durable store, the games before the current one leave the match's memory: what a
/// client asks of them is answered from the current game and the store, before and after
/// a restart.
#[tokio::test]
async fn earlier_games_leave_memory_and_are_read_from_the_store() {
    let (_dir, url) = crate::db::sqlite();
    // The series' players send their client seeds, as in the other tests here.
    let config = || {
        let mut cfg = crate::db::config(&url);
        cfg.seed_wait_ms = 5_000;
        cfg
    };
    let s = start_durable(config()).await;
    let series = long_series(&s).await;
    let total = series.live.len();
    let game_start = series.game_start as usize;
    let current = series.live[total - 1]["game"].as_u64().unwrap();
    let current_game = || {
        let from = (game_start - 1).max(total.saturating_sub(200));
        series.live[from..].to_vec()
    };

    let mut restarted: Option<TestServer> = None;
    for round in ["live", "after a restart"] {
        if round != "live" {
            restarted = Some(start_durable(config()).await);
        }
        let s = restarted.as_ref().unwrap_or(&s);
        // Missed events of an earlier game, no tail: the welcome of the longest tail.
        for last_event in [0, game_start as u64 - 2] {
            let (mut ws, w) = hello_with(s, &series.id, json!({"last_event": last_event})).await;
            assert_eq!(w["missed"], 0, "{round}: {w}");
            assert_eq!(w["snapshot"]["last_event"], total as u64, "{round}");
            assert_eq!(w["recent"].as_array().unwrap(), &current_game(), "{round}");
            assert_eq!(events_before_pong(&mut ws).await, Vec::<Value>::new());
        }
        // With a tail, that tail, however few events were missed.
        let (_, w) = hello_with(
            s,
            &series.id,
            json!({"last_event": game_start as u64 - 2, "tail": 10}),
        )
        .await;
        assert_eq!(w["missed"], 0, "{round}: {w}");
        assert_eq!(
            w["recent"].as_array().unwrap(),
            &series.live[total - 10..],
            "{round}"
        );
        // From the event before the current game's start on: exactly the frames missed.
        for after in [game_start - 1, game_start + 2] {
            let (mut ws, w) = hello_with(s, &series.id, json!({"last_event": after as u64})).await;
            assert_eq!(w["missed"], (total - after) as u64, "{round}");
            assert!(w.get("recent").is_none(), "{round}: {w}");
            assert_eq!(
                events_before_pong(&mut ws).await,
                series.live[after..],
                "{round}"
            );
        }
        // Every game's record: the earlier ones from the store, the current one from memory.
        for game in 1..=current {
            let (st, record) = s
                .get(&format!("/api/matches/{}/games/{game}", series.id))
                .await;
            assert_eq!(st, 200, "{round}: game {game}: {record}");
            let moves: Vec<&Value> = series
                .live
                .iter()
                .filter(|m| m["game"] == game && m["kind"] == "moved")
                .map(|m| &m["move"])
                .collect();
            let recorded: Vec<&Value> = record["events"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["kind"] == "moved")
                .map(|e| &e["move"])
                .collect();
            assert_eq!(recorded, moves, "{round}: game {game}");
        }
        let (st, _) = s
            .get(&format!("/api/matches/{}/games/{}", series.id, current + 1))
            .await;
        assert_eq!(st, 404, "{round}: a game not begun");
        if round == "live" {
            s.running.shutdown.send(true).unwrap();
            assert!(
                s.running
                    .sockets_closed(std::time::Duration::from_secs(10))
                    .await
            );
        }
    }
}
