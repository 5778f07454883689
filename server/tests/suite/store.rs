//! The durable store, against SQLite (a temp dir) and Postgres (a fresh database per test):
//! migrations, every event stored before it is broadcast, game and match tables, recovery
//! of unfinished matches by a new server on the same database, the series API.

use std::sync::Arc;
use std::time::Duration;

use crate::common::{Client, Lcg, Ws, play_random_move};
use crate::db::{config, pg_db, start_cluster};
use senet_store::sql::SqlStore;
use serde_json::{Value, json};

/// Plays random legal moves for every seat until `stop` says so (given the last event
/// view); returns how many moves were acknowledged.
async fn play(
    watcher: &mut Ws,
    seats: &mut [Ws],
    rng: &mut Lcg,
    mut stop: impl FnMut(&Value) -> bool,
) -> (usize, Value) {
    let mut acked = 0;
    // A spectator's socket sees every event in order; it drives the loop.
    loop {
        let view = watcher
            .until(|m| m["type"] == "event" || m["type"] == "snapshot")
            .await;
        let view = if view["type"] == "snapshot" {
            view["snapshot"].clone()
        } else {
            view
        };
        if stop(&view) || view["turn"]["kind"] != "move" {
            if stop(&view)
                || view["turn"]["kind"] == "game_over"
                || view["turn"]["kind"] == "match_over"
            {
                return (acked, view);
            }
            continue;
        }
        play_random_move(seats, &view, rng).await;
        acked += 1;
    }
}

async fn suite(url: &str) {
    // Migrations run on every start and are idempotent.
    drop(SqlStore::connect(url).await.expect("first open"));
    let s1 = senet_server::spawn_durable(config(url))
        .await
        .expect("server 1");
    let c1 = Client { addr: s1.addr };
    let (st, player) = c1.post("/api/players", json!({"name": "Ann"})).await;
    assert_eq!(st, 201, "{player}");
    let (st, bad) = c1
        .post(
            "/api/matches",
            json!({"variant": "martian", "player_key": "nope"}),
        )
        .await;
    assert_eq!(st, 422, "{bad}");
    let (id, tokens, _) = c1
        .create_full(
            json!({"variant": "martian", "player_key": player["player_key"],
                            "series": {"kind": "best_of", "target": 1}}),
        )
        .await;
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(c1.hello(&id, Some(t), None).await.0);
    }
    let (mut watcher, _) = c1.hello(&id, None, Some(0)).await;
    let mut rng = Lcg(11);
    let (acked, _) = play(&mut watcher, &mut seats, &mut rng, |v| {
        v["no"].as_u64().unwrap_or(0) >= 25
    })
    .await;
    assert!(acked > 0);
    // What a spectator sees now; the server then goes away.
    let (_, before) = c1.hello(&id, None, None).await;
    let before = before["snapshot"].clone();
    drop(seats);
    drop(watcher);
    s1.shutdown.send(true).unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(5), s1.task).await;

    // A new server on the same database rebuilds the match from its events.
    let s2 = senet_server::spawn_durable(config(url))
        .await
        .expect("server 2");
    let c2 = Client { addr: s2.addr };
    let (_, after) = c2.hello(&id, Some(&tokens[0]), None).await;
    let after = after["snapshot"].clone();
    for k in [
        "last_event",
        "notation",
        "turn",
        "legal",
        "score",
        "game",
        "commitment",
    ] {
        assert_eq!(before[k], after[k], "{k} differs after recovery");
    }
    // Every event is stored, in order, as a versioned fact, and the reconnect replays the
    // same ones (the frames add what is derived: turn, legal moves, position).
    let store = SqlStore::connect(url).await.unwrap();
    let stored = store.events(&id).await.unwrap();
    assert_eq!(stored.len() as u64, after["last_event"].as_u64().unwrap());
    let (mut replay, _) = c2.hello(&id, Some(&tokens[1]), Some(0)).await;
    for (i, text) in stored.iter().enumerate() {
        let m = replay.until(|m| m["type"] == "event").await;
        let fact: Value = serde_json::from_str(text).unwrap();
        assert_eq!(fact["v"], 1, "{text}");
        assert_eq!(m["no"], json!(i + 1));
        for k in [
            "kind",
            "seat",
            "move",
            "faces",
            "against",
            "winner",
            "game_id",
            "commitment",
        ] {
            if fact.get(k).is_some() {
                assert_eq!(m[k], fact[k], "{k} of event {}", i + 1);
            }
        }
        assert!(
            fact.get("legal").is_none() && fact.get("turn").is_none(),
            "{text}"
        );
    }
    drop(replay);

    // The game goes on to the end on the new server.
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(c2.hello(&id, Some(t), None).await.0);
    }
    // The watcher starts from the last event (which says whose turn it is).
    let last_no = after["last_event"].as_u64().unwrap();
    let (mut watcher, _) = c2.hello(&id, None, Some(last_no - 1)).await;
    let (_, last) = play(&mut watcher, &mut seats, &mut rng, |_| false).await;
    assert_ne!(last["turn"]["kind"], "move");
    let over = watcher.until(|m| m["kind"] == "match_over").await;
    let winner = over["winner"].as_u64().unwrap();

    // Scoreboard, history, leaderboard.
    let (st, board) = c2.get(&format!("/api/matches/{id}/scoreboard")).await;
    assert_eq!(st, 200, "{board}");
    assert_eq!(board["status"], "finished");
    assert_eq!(board["winner"], json!(winner));
    assert_eq!(board["leader"], json!(winner));
    assert_eq!(board["series"], json!({"kind": "best_of", "target": 1}));
    assert_eq!(board["games"].as_array().unwrap().len(), 1);
    let g = &board["games"][0];
    assert_eq!(g["winner"], json!(winner));
    assert!(g["points"].as_u64().unwrap() > 0, "{board}");
    assert!(g["ended_at"].is_string());
    let ws = &board["seats"][winner as usize - 1];
    assert_eq!(ws["games_won"], 1);
    assert_eq!(ws["points"], g["points"]);
    assert_eq!(board["seats"][0]["player_id"], player["player_id"]);

    let pid = player["player_id"].as_str().unwrap();
    let (st, hist) = c2.get(&format!("/api/players/{pid}/history")).await;
    assert_eq!(st, 200, "{hist}");
    assert_eq!(hist["name"], "Ann");
    let m = &hist["matches"][0];
    assert_eq!(m["match_id"], json!(id));
    assert_eq!(m["won"], json!(winner == 1));
    assert_eq!(m["opponents"][0]["name"], "seat 2");

    let (st, board) = c2.get("/api/leaderboard?variant=martian").await;
    assert_eq!(st, 200, "{board}");
    assert_eq!(board[0]["player_id"], player["player_id"]);
    assert_eq!(board[0]["series_won"], json!(u64::from(winner == 1)));
    let (st, _) = c2.get("/api/leaderboard?variant=chess").await;
    assert_eq!(st, 422);
    let (st, _) = c2.get("/api/matches/nope/scoreboard").await;
    assert_eq!(st, 404);

    // A finished match is not recovered again, but its record is still served (from the
    // store) and verifies with the binary's `verify`.
    assert!(
        store
            .unfinished(Duration::from_secs(3600))
            .await
            .unwrap()
            .is_empty()
    );
    s2.shutdown.send(true).unwrap();
    let s3 = senet_server::spawn_durable(config(url))
        .await
        .expect("server 3");
    let c3 = Client { addr: s3.addr };
    let (st, record) = c3.get(&format!("/api/matches/{id}/games/1")).await;
    assert_eq!(st, 200, "{record}");
    assert!(record["seed"].is_string());
    // One game in this series: every event of the match belongs to it.
    assert_eq!(
        record["events"].as_array().unwrap().len(),
        store.events(&id).await.unwrap().len()
    );
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), record.to_string()).unwrap();
    // Left for `cargo run -p senet-engine --example replay -- FILE` by hand.
    let _ = std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("last-record.json"),
        record.to_string(),
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_senet-server"))
        .arg("verify")
        .arg(file.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("VERIFIED"), "{text}");
    let (st, _) = c3.get(&format!("/api/matches/{id}/games/2")).await;
    assert_eq!(st, 404);
    s3.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_store_suite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    suite(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_store_suite() {
    let Some(db) = pg_db("postgres_store_suite").await else {
        return;
    };
    suite(&db.url).await;
    db.drop_db().await;
}

async fn group_commit(url: &str) {
    use senet_store::{EventStore, MatchRow, SeatRow, StoredEvent};
    let store: Arc<SqlStore> = SqlStore::connect(url).await.unwrap();
    let mut ids = Vec::new();
    for m in 0..20 {
        let id = format!("m{m}");
        let row = MatchRow {
            id: id.clone(),
            name: "t".into(),
            variant: "martian".into(),
            options: "{}".into(),
            players: 2,
            series_kind: "best_of".into(),
            series_target: 1,
            public: true,
            spectator_key_hash: None,
            rated: false,
            clock: None,
            seats: (1..=2)
                .map(|s| SeatRow {
                    seat: s,
                    player_id: None,
                    name: None,
                    token_hash: format!("t{s}"),
                    invite_hash: format!("i{s}"),
                    claimed: s == 1,
                    bot: None,
                })
                .collect(),
        };
        store.create_match(&row).await.unwrap();
        ids.push(id);
    }
    // 20 matches append 50 events each, concurrently: every append resolves once stored.
    let mut tasks = Vec::new();
    for id in ids.clone() {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            for no in 1..=50u64 {
                let e = StoredEvent {
                    match_id: id.clone(),
                    no,
                    game: 1,
                    json: format!("{{\"no\":{no}}}"),
                    kind: "moved",
                    side: None,
                };
                store.append(std::slice::from_ref(&e)).await.unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    for id in &ids {
        let ev = store.events(id).await.unwrap();
        assert_eq!(ev.len(), 50);
        assert_eq!(ev[49], "{\"no\":50}");
    }
    // One append of 300 rows of three matches, interleaved: one multi-row INSERT (SQLite's
    // parameters are anonymous, Postgres's numbered), every value in its own row and column.
    let big: Vec<StoredEvent> = (51..=150u64)
        .flat_map(|no| {
            ids[2..5].iter().map(move |id| StoredEvent {
                match_id: id.clone(),
                no,
                game: 1,
                json: format!("{{\"match\":\"{id}\",\"no\":{no}}}"),
                kind: "moved",
                side: None,
            })
        })
        .collect();
    store.append(&big).await.unwrap();
    for id in &ids[2..5] {
        let ev = store.events(id).await.unwrap();
        assert_eq!(ev.len(), 150, "{id}");
        for (i, json) in ev.iter().enumerate().skip(50) {
            assert_eq!(json, &format!("{{\"match\":\"{id}\",\"no\":{}}}", i + 1));
        }
    }
    // A duplicate fails alone and leaves the log as it was; others in its batch succeed.
    let dup = StoredEvent {
        match_id: "m0".into(),
        no: 50,
        game: 1,
        json: "{}".to_owned(),
        kind: "moved",
        side: None,
    };
    let ok = StoredEvent {
        match_id: "m1".into(),
        no: 51,
        ..dup.clone()
    };
    let (a, b) = tokio::join!(
        store.append(std::slice::from_ref(&dup)),
        store.append(std::slice::from_ref(&ok))
    );
    assert!(a.is_err());
    assert!(b.is_ok());
    assert_eq!(store.events("m0").await.unwrap()[49], "{\"no\":50}");
    assert_eq!(store.events("m1").await.unwrap().len(), 51);
    // An event for a match that does not exist breaks the foreign key.
    let orphan = StoredEvent {
        match_id: "nope".into(),
        no: 1,
        ..dup
    };
    assert!(store.append(std::slice::from_ref(&orphan)).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_group_commit() {
    let dir = tempfile::tempdir().unwrap();
    group_commit(&format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("t.db").display()
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_group_commit() {
    let Some(db) = pg_db("postgres_group_commit").await else {
        return;
    };
    group_commit(&db.url).await;
    db.drop_db().await;
}

/// A TCP proxy in front of Postgres that can cut every connection and refuse new ones.
struct Proxy {
    addr: std::net::SocketAddr,
    up: tokio::sync::watch::Sender<bool>,
}

async fn proxy(target: String) -> Proxy {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (up, rx) = tokio::sync::watch::channel(true);
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            let mut rx = rx.clone();
            if !*rx.borrow() {
                continue; // dropped: connection refused, in effect
            }
            let target = target.clone();
            tokio::spawn(async move {
                let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await else {
                    return;
                };
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                    _ = rx.wait_for(|up| !up) => {}
                }
            });
        }
    });
    Proxy { addr, up }
}

/// The database goes away mid-game (every connection cut, new ones refused): moves are
/// refused with `store_unavailable` and change nothing; when it is back the same move is
/// accepted and the log has no gap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_outage_refuses_moves_then_resumes() {
    let Some(db) = pg_db("postgres_outage_refuses_moves_then_resumes").await else {
        return;
    };
    // postgres://user@HOST:PORT/db -> the same through the proxy.
    let (head, rest) = db.url.split_once('@').unwrap();
    let (hostport, dbname) = rest.split_once('/').unwrap();
    let px = proxy(hostport.to_owned()).await;
    let url = format!("{head}@{}/{dbname}", px.addr);
    let s = senet_server::spawn_durable(config(&url))
        .await
        .expect("server");
    let c = Client { addr: s.addr };
    let (id, tokens, _) = c.create_full(json!({"variant": "pyramid"})).await;
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(c.hello(&id, Some(t), None).await.0);
    }
    let (mut watcher, _) = c.hello(&id, None, Some(0)).await;
    let view = watcher
        .until(|m| m["type"] == "event" && m["turn"]["kind"] == "move")
        .await;
    let seat = view["turn"]["seat"].as_u64().unwrap() as usize;
    let mv = view["legal"][0].clone();
    let msg = json!({"type": "move", "game": view["game"], "move": mv});

    px.up.send_replace(false);
    let seq = seats[seat - 1].act(msg.clone()).await;
    let r = seats[seat - 1].reply(seq).await;
    assert_eq!(r["code"], "store_unavailable", "{r}");
    let (_, w) = c.hello(&id, None, None).await;
    assert_eq!(w["snapshot"]["last_event"], view["no"], "nothing applied");

    px.up.send_replace(true);
    let seq = seats[seat - 1].act(msg).await;
    let r = seats[seat - 1].reply(seq).await;
    assert_eq!(r["type"], "ack", "{r}");
    let moved = watcher.until(|m| m["kind"] == "moved").await;
    assert_eq!(moved["no"], json!(view["no"].as_u64().unwrap() + 1));
    let store = SqlStore::connect(&db.url).await.unwrap();
    let stored = store.events(&id).await.unwrap();
    let (_, w) = c.hello(&id, None, None).await;
    assert_eq!(json!(stored.len()), w["snapshot"]["last_event"]);
    s.shutdown.send(true).unwrap();
    drop(store);
    db.drop_db().await;
}

/// A crash between a series-deciding `game_over` and its `match_over`: recovery ends the
/// series (same event number, match finished) instead of leaving it open for a rematch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recovery_ends_a_decided_series() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let s1 = senet_server::spawn_durable(config(&url)).await.unwrap();
    let c1 = Client { addr: s1.addr };
    let (id, tokens, _) = c1.create_full(json!({"variant": "parker"})).await;
    let (mut ws, _) = c1.hello(&id, Some(&tokens[0]), None).await;
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    drop(ws);
    s1.shutdown.send(true).unwrap();
    let store = SqlStore::connect(&url).await.unwrap();
    let events = store.events(&id).await.unwrap();
    let last: Value = serde_json::from_str(events.last().unwrap()).unwrap();
    assert_eq!(last["kind"], "match_over");
    // As if the process died before the match_over commit.
    sqlx::query("DELETE FROM events WHERE match_id = $1 AND kind = 'match_over'")
        .bind(id.as_str())
        .execute(store.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE matches SET status = 'live', winner_seat = NULL WHERE id = $1")
        .bind(id.as_str())
        .execute(store.pool())
        .await
        .unwrap();
    let s2 = senet_server::spawn_durable(config(&url)).await.unwrap();
    let c2 = Client { addr: s2.addr };
    // The recovered actor ends the series as it starts (asynchronously): wait for it.
    let mut board = Value::Null;
    for _ in 0..100 {
        board = c2.get(&format!("/api/matches/{id}/scoreboard")).await.1;
        if board["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(board["status"], "finished", "{board}");
    assert_eq!(board["winner"], 2);
    let again = store.events(&id).await.unwrap();
    assert_eq!(again.len(), events.len());
    let redo: Value = serde_json::from_str(again.last().unwrap()).unwrap();
    assert_eq!(redo, last);
    s2.shutdown.send(true).unwrap();
}

/// A finished match with nobody connected leaves memory after `evict_after`; its summary,
/// scoreboard and records are then read from the store, and its socket route is gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_idle_match_leaves_memory_and_is_served_from_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let mut cfg = config(&url);
    cfg.evict_after = 0;
    let s = senet_server::spawn_durable(cfg).await.unwrap();
    let c = Client { addr: s.addr };
    let (id, tokens, _) = c.create_full(json!({"variant": "parker"})).await;
    let (mut ws, _) = c.hello(&id, Some(&tokens[0]), None).await;
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    let (st, live) = c.get(&format!("/api/matches/{id}")).await;
    assert_eq!((st, live["status"].as_str()), (200, Some("finished")));
    drop(ws);
    // Eviction happens in the actor's own time: poll the lobby until the match is gone.
    let mut listed = true;
    for _ in 0..200 {
        let (_, list) = c.get("/api/matches").await;
        listed = list
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["match_id"] == id.as_str());
        if !listed {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(!listed, "the finished match is still in memory");
    let (st, stored) = c.get(&format!("/api/matches/{id}")).await;
    assert_eq!(st, 200, "{stored}");
    for key in [
        "match_id", "name", "variant", "players", "series", "status", "names", "game", "score",
        "wins",
    ] {
        assert_eq!(stored[key], live[key], "{key}: {stored} vs {live}");
    }
    let (st, rec) = c.get(&format!("/api/matches/{id}/games/1")).await;
    assert_eq!(st, 200, "{rec}");
    let (st, board) = c.get(&format!("/api/matches/{id}/scoreboard")).await;
    assert_eq!((st, board["status"].as_str()), (200, Some("finished")));
    let url = format!("ws://{}/ws/matches/{id}", s.addr);
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
    s.shutdown.send(true).unwrap();
}

/// A match nobody joined within `invite_ttl` leaves memory, its invites stop working, and a
/// restart does not bring it back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invites_expire_and_expired_matches_are_not_recovered() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let mut cfg = config(&url);
    cfg.invite_ttl = 0;
    let s1 = senet_server::spawn_durable(cfg.clone()).await.unwrap();
    let c1 = Client { addr: s1.addr };
    let (st, created) = c1
        .post("/api/matches", json!({"variant": "modern", "players": 3}))
        .await;
    assert_eq!(st, 201, "{created}");
    let id = created["match_id"].as_str().unwrap().to_owned();
    let mut summary = Value::Null;
    for _ in 0..200 {
        summary = c1.get(&format!("/api/matches/{id}")).await.1;
        if summary["status"] == "expired" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(summary["status"], "expired", "{summary}");
    let (st, e) = c1
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": created["invites"][0]["invite"], "name": "Late"}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (404, Some("not_found")), "{e}");
    s1.shutdown.send(true).unwrap();
    let store = SqlStore::connect(&url).await.unwrap();
    assert!(
        store
            .unfinished(Duration::ZERO)
            .await
            .unwrap()
            .iter()
            .all(|r| r.row.id != id)
    );
    assert_eq!(
        store
            .unfinished(Duration::from_secs(3600))
            .await
            .unwrap()
            .len(),
        1
    );
    let s2 = senet_server::spawn_durable(cfg).await.unwrap();
    let c2 = Client { addr: s2.addr };
    let (_, list) = c2.get("/api/matches").await;
    assert!(list.as_array().unwrap().is_empty(), "{list}");
    s2.shutdown.send(true).unwrap();
}

/// Postgres itself stopped (`pg_ctl stop -m fast`) and started again while matches play as
/// fast as they can: the server stays up, refuses moves with `store_unavailable` while the
/// database is away, resumes on its own when it is back, and every acknowledged move is
/// stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_and_restarted_under_load() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let Some((admin, cluster)) = start_cluster() else {
        eprintln!(
            "SKIPPED postgres_stopped_and_restarted_under_load: no initdb/pg_ctl to start a cluster this test may stop"
        );
        return;
    };
    let s = senet_server::spawn_durable(config(&admin))
        .await
        .expect("server");
    let c = Client { addr: s.addr };
    let acks = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for i in 0..8u64 {
        let (id, tokens, _) = c
            .create_full(json!({"variant": "jequier", "series": {"kind": "best_of", "target": 99}}))
            .await;
        let (acks, refused, stop) = (acks.clone(), refused.clone(), stop.clone());
        let c = Client { addr: s.addr };
        tasks.push(tokio::spawn(async move {
            let mut seats = Vec::new();
            for t in &tokens {
                seats.push(c.hello(&id, Some(t), None).await.0);
            }
            let mut rng = Lcg(100 + i);
            let mut acked = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                // A fresh view each time: after a refusal the match may or may not have moved.
                let (_, w) = c.hello(&id, None, None).await;
                let view = &w["snapshot"];
                if view["turn"]["kind"] != "move" {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
                let seat = view["turn"]["seat"].as_u64().unwrap() as usize;
                let legal = view["legal"].as_array().unwrap();
                let mv = legal[rng.pick(legal.len())].as_str().unwrap().to_owned();
                let ws = &mut seats[seat - 1];
                let seq = ws
                    .act(json!({"type": "move", "game": view["game"], "move": mv}))
                    .await;
                let r = ws.reply(seq).await;
                if r["type"] == "ack" {
                    acked.push(mv);
                    acks.fetch_add(1, Ordering::Relaxed);
                } else {
                    assert_eq!(r["code"], "store_unavailable", "{r}");
                    refused.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
            (id, acked)
        }));
    }
    let wait_for = |n: usize| {
        let acks = acks.clone();
        async move {
            tokio::time::timeout(Duration::from_secs(60), async {
                while acks.load(Ordering::Relaxed) < n {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            })
            .await
            .expect("moves are acknowledged");
        }
    };
    wait_for(100).await;
    assert!(cluster.ctl(&["-m", "fast", "-w", "stop"]), "pg_ctl stop");
    let during = acks.load(Ordering::Relaxed);
    // Appends wait up to 3 s for a connection (the pool's acquire timeout) before refusing;
    // a slow machine may take longer to get there, so the refusal is waited for.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let refusal = tokio::time::timeout(Duration::from_secs(30), async {
        while refused.load(Ordering::Relaxed) == 0 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    // Still up, and refusing clearly.
    let (st, _) = c.get("/healthz").await;
    assert_eq!(st, 200);
    assert!(refusal.is_ok(), "no move was refused in 35 s");
    assert!(
        acks.load(Ordering::Relaxed) <= during + 8,
        "moves were acknowledged while the database was down"
    );
    assert!(cluster.ctl(&["-w", "start"]), "pg_ctl start");
    let back = acks.load(Ordering::Relaxed);
    wait_for(back + 100).await;
    stop.store(true, Ordering::Relaxed);
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap());
    }
    let (mut n_acked, mut n_stored) = (0, 0);
    for (id, acked) in &results {
        let stored = crate::common::stored_moves(&c, id, None).await;
        // Every acknowledged move is stored, in order; a refused one may have been kept
        // (its commit's answer lost) and is then in the log too, where the match found it.
        let mut it = stored.iter();
        for mv in acked {
            assert!(it.any(|s| s == mv), "{id}: acknowledged {mv} is not stored");
        }
        n_acked += acked.len();
        n_stored += stored.len();
    }
    eprintln!(
        "postgres stop/start under load: {n_acked} acknowledged, {n_stored} stored, {} refused",
        refused.load(Ordering::Relaxed)
    );
    s.shutdown.send(true).unwrap();
}

/// A database written by the release before stored events became versioned facts (a fixture
/// dumped from it: five unfinished matches, one of each variant, mid-game or between games),
/// migrated, recovered, and played on.
async fn migrate_a_previous_release(url: &str) {
    let fixture: Value =
        serde_json::from_str(include_str!("../fixtures/release-2c0e5df.json")).unwrap();
    let tables = &fixture["tables"];
    let pool = senet_store::sql::migrate_up_to(url, 1).await.unwrap();
    let token = |m: &str, seat: i64| format!("token-{m}-{seat}");
    let text = |v: &Value| v.as_str().map(str::to_owned);
    let int = |v: &Value| v.as_i64();
    for m in tables["matches"].as_array().unwrap() {
        sqlx::query(
            "INSERT INTO matches (id, name, variant, options, players, series_kind, series_target, \
             public, spectator_key_hash, status, winner_seat, created_ms, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(text(&m["id"]))
        .bind(text(&m["name"]))
        .bind(text(&m["variant"]))
        .bind(text(&m["options"]))
        .bind(int(&m["players"]))
        .bind(text(&m["series_kind"]))
        .bind(int(&m["series_target"]))
        .bind(m["public"].as_i64() == Some(1))
        .bind(text(&m["spectator_key_hash"]))
        .bind(text(&m["status"]))
        .bind(int(&m["winner_seat"]))
        .bind(int(&m["created_ms"]))
        .bind(int(&m["updated_ms"]))
        .execute(&pool)
        .await
        .unwrap();
    }
    // Tokens are stored only hashed: give every seat one this test knows.
    for s in tables["seats"].as_array().unwrap() {
        let id = s["match_id"].as_str().unwrap();
        let seat = s["seat"].as_i64().unwrap();
        sqlx::query(
            "INSERT INTO seats (match_id, seat, player_id, name, token_hash, invite_hash, claimed) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(seat)
        .bind(text(&s["player_id"]))
        .bind(text(&s["name"]))
        .bind(senet_store::hash_secret(&token(id, seat)))
        .bind(text(&s["invite_hash"]))
        .bind(s["claimed"].as_i64() == Some(1))
        .execute(&pool)
        .await
        .unwrap();
    }
    for g in tables["games"].as_array().unwrap() {
        sqlx::query(
            "INSERT INTO games (match_id, game, game_id, seed, commitment, seats, client_seeds, \
             winner_seat, reason, points, started_ms, ended_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(text(&g["match_id"]))
        .bind(int(&g["game"]))
        .bind(text(&g["game_id"]))
        .bind(text(&g["seed"]))
        .bind(text(&g["commitment"]))
        .bind(text(&g["seats"]))
        .bind(text(&g["client_seeds"]))
        .bind(int(&g["winner_seat"]))
        .bind(text(&g["reason"]))
        .bind(int(&g["points"]))
        .bind(int(&g["started_ms"]))
        .bind(int(&g["ended_ms"]))
        .execute(&pool)
        .await
        .unwrap();
    }
    let events = tables["events"].as_array().unwrap();
    for e in events {
        sqlx::query(
            "INSERT INTO events (match_id, no, game, kind, payload) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(text(&e["match_id"]))
        .bind(int(&e["no"]))
        .bind(int(&e["game"]))
        .bind(text(&e["kind"]))
        .bind(text(&e["payload"]))
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;

    // This release migrates the rows, recovers every match, and plays on.
    let s = senet_server::spawn_durable(config(url)).await.unwrap();
    let c = Client { addr: s.addr };
    let store = SqlStore::connect(url).await.unwrap();
    let mut rng = Lcg(11);
    for m in tables["matches"].as_array().unwrap() {
        let id = m["id"].as_str().unwrap();
        let old: Vec<&Value> = events.iter().filter(|e| e["match_id"] == id).collect();
        // Every stored row is a versioned fact now, and says what the old row said.
        let stored = store.events(id).await.unwrap();
        assert_eq!(stored.len(), old.len(), "{id}");
        for (fact, before) in stored.iter().zip(&old) {
            let fact: Value = serde_json::from_str(fact).unwrap();
            let before: Value = serde_json::from_str(before["payload"].as_str().unwrap()).unwrap();
            assert_eq!(fact["v"], 1);
            for k in [
                "kind",
                "seat",
                "move",
                "faces",
                "against",
                "winner",
                "game_id",
                "commitment",
            ] {
                assert_eq!(
                    fact.get(k),
                    before.get(k).filter(|v| !v.is_null()),
                    "{k} in {fact}"
                );
            }
        }
        // The earlier games' records and the frames of the game in memory (a reconnect
        // from just before its start) are the same events the old release broadcast.
        let current_start = old
            .iter()
            .rposition(|e| e["kind"] == "game_started")
            .unwrap_or(0);
        let mut seen: Vec<Value> = Vec::new();
        let games: Vec<i64> = old.iter().filter_map(|e| e["game"].as_i64()).collect();
        let current_game = old.get(current_start).and_then(|e| e["game"].as_i64());
        for game in games.iter().copied().filter(|&g| Some(g) != current_game) {
            if seen.iter().any(|e| e["game"] == game) {
                continue;
            }
            let (st, record) = c.get(&format!("/api/matches/{id}/games/{game}")).await;
            assert_eq!(st, 200, "{id} game {game}: {record}");
            for e in record["events"].as_array().unwrap() {
                let mut e = e.clone();
                e["type"] = json!("event");
                seen.push(e);
            }
        }
        let (mut ws, welcome) = c
            .hello(id, Some(&token(id, 1)), Some(current_start as u64))
            .await;
        assert_eq!(welcome["missed"], json!(old.len() - current_start));
        for _ in current_start..old.len() {
            seen.push(ws.until(|m| m["type"] == "event").await);
        }
        assert_eq!(seen.len(), old.len(), "{id}");
        // (They now also carry what the old release did not have: the move geometry, the
        // pieces that cannot move, a stick throw's value, the points breakdown, the sides and
        // the notes of the position, in English and as data.)
        for (mut frame, before) in seen.into_iter().zip(&old) {
            let frame_map = frame.as_object_mut().unwrap();
            for derived in [
                "geometry",
                "moves",
                "stuck",
                "value",
                "breakdown",
                "sides",
                "notes",
                "note_list",
            ] {
                frame_map.remove(derived);
            }
            let before: Value = serde_json::from_str(before["payload"].as_str().unwrap()).unwrap();
            assert_eq!(frame, before, "{id}");
        }
        drop(ws);
        let mut seats = Vec::new();
        for seat in 1..=m["players"].as_i64().unwrap() {
            seats.push(c.hello(id, Some(&token(id, seat)), None).await.0);
        }
        // Ten actions: moves, and the rematch of a game that had ended.
        let mut view = welcome["snapshot"].clone();
        for _ in 0..10 {
            let kind = view["turn"]["kind"].as_str().unwrap().to_owned();
            match kind.as_str() {
                "move" => {
                    play_random_move(&mut seats, &view, &mut rng).await;
                }
                "game_over" => {
                    for ws in &mut seats {
                        let seq = ws.act(json!({"type": "rematch"})).await;
                        assert_eq!(ws.reply(seq).await["type"], "ack");
                    }
                }
                other => panic!("{id}: waiting for {other}"),
            }
            view = c.hello(id, None, None).await.1["snapshot"].clone();
        }
        assert!(view["last_event"].as_u64().unwrap() > old.len() as u64);
        // A game that ended before the migration has a record that checks out.
        let (st, record) = c.get(&format!("/api/matches/{id}/games/1")).await;
        assert_eq!(st, 200, "{record}");
        if record["seed"].is_string() {
            let record: senet_match::record::GameRecord = serde_json::from_value(record).unwrap();
            assert!(record.check().ok, "{id}: {:?}", record.check());
        }
    }
    s.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_database_of_the_previous_release_migrates_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    migrate_a_previous_release(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_database_of_the_previous_release_migrates_and_plays_on() {
    let Some(db) = pg_db("postgres_database_of_the_previous_release_migrates_and_plays_on").await
    else {
        return;
    };
    migrate_a_previous_release(&db.url).await;
    db.drop_db().await;
}

/// A stored row that does not read (a seat 0, an unknown format version) or a log with a gap
/// costs only its own match at recovery: it is logged and left out; the others play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recovery_skips_only_the_broken_matches() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let s1 = senet_server::spawn_durable(config(&url)).await.unwrap();
    let c1 = Client { addr: s1.addr };
    let mut ids = Vec::new();
    for _ in 0..4 {
        // The last join starts the first game: its first events are stored before it answers.
        let (id, tokens, _) = c1.create_full(json!({"variant": "pyramid"})).await;
        ids.push((id, tokens));
    }
    s1.shutdown.send(true).unwrap();
    let store = SqlStore::connect(&url).await.unwrap();
    let breakage = [
        r#"{"v":1,"kind":"client_seed","seat":0,"seed":"x"}"#,
        r#"{"v":7,"kind":"teleported"}"#,
    ];
    for ((id, _), payload) in ids.iter().zip(breakage) {
        sqlx::query("UPDATE events SET payload = $2 WHERE match_id = $1 AND no = 1")
            .bind(id.as_str())
            .bind(payload)
            .execute(store.pool())
            .await
            .unwrap();
    }
    sqlx::query("DELETE FROM events WHERE match_id = $1 AND no = 1")
        .bind(ids[2].0.as_str())
        .execute(store.pool())
        .await
        .unwrap();
    drop(store);
    let s2 = senet_server::spawn_durable(config(&url)).await.unwrap();
    let c2 = Client { addr: s2.addr };
    for (id, _) in &ids[..3] {
        let url = format!("ws://{}/ws/matches/{id}", c2.addr);
        let refused = tokio_tungstenite::connect_async(url).await.err();
        assert!(
            refused.is_some_and(|e| e.to_string().contains("404")),
            "a broken match is not live"
        );
    }
    let (id, tokens) = &ids[3];
    let (mut ws, w) = c2.hello(id, Some(&tokens[0]), None).await;
    assert_eq!(w["snapshot"]["game"], 1);
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    s2.shutdown.send(true).unwrap();
}

/// The embedded store's files hold the seeds of games in progress: only this user may read
/// them, even when the directory or the file existed with looser modes.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_embedded_store_is_readable_by_its_user_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(data.join("senet.db"), b"").unwrap();
    std::fs::set_permissions(
        data.join("senet.db"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    let store = SqlStore::open(None, &data, 1).await.unwrap();
    drop(store);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&data.join("senet.db")), 0o600);
    let fresh = dir.path().join("fresh");
    drop(SqlStore::open(None, &fresh, 1).await.unwrap());
    assert_eq!(mode(&fresh), 0o700);
    assert_eq!(mode(&fresh.join("senet.db")), 0o600);
}
