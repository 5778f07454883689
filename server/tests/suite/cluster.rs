//! Several nodes (`docs/cluster.md`): real `senet-server` processes on free ports sharing one
//! Postgres database (a fresh one per test) and a Redis — the machine's at `REDIS_URL` or
//! 127.0.0.1:6379, else a throwaway `redis-server` on a free port (and always a throwaway one
//! for the test that restarts Redis). Skipped loudly only when neither can be had.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::{Client, Lcg, Ws, play_seat};
use crate::db::pg_db;
use serde_json::{Value, json};

/// A lease this short keeps the take-over tests quick.
const LEASE_MS: u64 = 2_000;

/// A Redis server: the machine's, or one started for the test (killed on drop).
struct Redis {
    url: String,
    port: u16,
    child: Option<Child>,
}

impl Drop for Redis {
    fn drop(&mut self) {
        if let Some(c) = self.child.as_mut() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn redis_answers(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut s) = std::net::TcpStream::connect_timeout(
        &SocketAddr::from(([127, 0, 0, 1], port)),
        Duration::from_millis(300),
    ) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_millis(500)));
    let mut buf = [0u8; 16];
    s.write_all(b"PING\r\n").is_ok()
        && s.read(&mut buf)
            .is_ok_and(|n| buf[..n].starts_with(b"+PONG"))
}

/// Starts `redis-server` on `port` (no persistence).
fn redis_server(port: u16) -> Option<Child> {
    let child = Command::new("redis-server")
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if redis_answers(port) {
            return Some(child);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A Redis for the test; `own`: always a throwaway one (the test restarts it).
fn redis(test: &str, own: bool) -> Option<Redis> {
    if !own {
        if let Ok(url) = std::env::var("REDIS_URL") {
            return Some(Redis {
                url,
                port: 0,
                child: None,
            });
        }
        if redis_answers(6379) {
            return Some(Redis {
                url: "redis://127.0.0.1:6379".into(),
                port: 6379,
                child: None,
            });
        }
    }
    let port = free_port();
    match redis_server(port) {
        Some(child) => Some(Redis {
            url: format!("redis://127.0.0.1:{port}"),
            port,
            child: Some(child),
        }),
        None => {
            eprintln!(
                "\n**************************************************************\n\
                 SKIPPED {test}: no Redis on 127.0.0.1:6379 (or REDIS_URL) and no\n\
                 redis-server to start one\n\
                 **************************************************************\n"
            );
            None
        }
    }
}

/// A `senet-server` node.
struct Node {
    child: Child,
    addr: SocketAddr,
}

impl Node {
    fn start(db: &str, redis: &str, id: &str) -> Node {
        let mut child = Command::new(env!("CARGO_BIN_EXE_senet-server"))
            .args([
                "--port",
                "0",
                "--rate-per-sec",
                "100000",
                "--rate-burst",
                "100000",
            ])
            .args(["--node-id", id, "--lease-ttl-ms", &LEASE_MS.to_string()])
            .env("DATABASE_URL", db)
            .env("REDIS_URL", redis)
            // Long enough for the players' seeds (`play_seat` sends one first).
            .env("SENET_SEED_WAIT_MS", "1000")
            .env("SENET_DATA_DIR", std::env::temp_dir())
            .env("NO_COLOR", "1")
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let addr = crate::common::serving_addr(&mut lines);
        let tag = id.to_owned();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                if std::env::var_os("SENET_TEST_NODE_LOGS").is_some() {
                    eprintln!("[{tag}] {line}");
                }
            }
        });
        Node { child, addr }
    }

    fn client(&self) -> Client {
        Client { addr: self.addr }
    }

    fn signal(&self, sig: &str) {
        let ok = Command::new("kill")
            .args([sig, &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "kill {sig}");
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A new match created on `owner`, its other seats joined through `joiner`: (id, tokens).
async fn new_match(owner: &Client, joiner: &Client, variant: &str) -> (String, Vec<String>) {
    let (st, created) = owner
        .post(
            "/api/matches",
            json!({"variant": variant, "series": {"kind": "best_of", "target": 1}, "name": "cluster"}),
        )
        .await;
    assert_eq!(st, 201, "{created}");
    let id = created["match_id"].as_str().unwrap().to_owned();
    let mut tokens = vec![created["token"].as_str().unwrap().to_owned()];
    for inv in created["invites"].as_array().unwrap() {
        let (st, joined) = joiner
            .post(
                &format!("/api/matches/{id}/join"),
                json!({"invite": inv["invite"], "name": format!("seat {}", inv["seat"])}),
            )
            .await;
        assert_eq!(st, 200, "{joined}");
        tokens.push(joined["token"].as_str().unwrap().to_owned());
    }
    (id, tokens)
}

/// Every event of a match, by saying hello from event 0 as a seat (retrying while the match
/// moves between nodes).
async fn log_of(c: &Client, id: &str, token: &str) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(events) = try_log_of(c, id, token).await {
            return events;
        }
        assert!(Instant::now() < deadline, "{id}: no welcome within 20 s");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn try_log_of(c: &Client, id: &str, token: &str) -> Option<Vec<Value>> {
    let mut ws = c.ws(id).await;
    ws.send(json!({"type": "hello", "token": token, "last_event": 0}))
        .await;
    let welcome = ws.next().await?;
    if welcome["type"] != "welcome" {
        return None;
    }
    let n = welcome["missed"].as_u64()?;
    let mut events = Vec::new();
    while (events.len() as u64) < n {
        let m = ws.next().await?;
        if m["type"] == "event" {
            events.push(m);
        }
    }
    Some(events)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_nodes_and_spectators_on_a_third_see_one_game() {
    let Some(redis) = redis(
        "players_on_two_nodes_and_spectators_on_a_third_see_one_game",
        false,
    ) else {
        return;
    };
    let Some(db) = pg_db("players_on_two_nodes_and_spectators_on_a_third_see_one_game").await
    else {
        return;
    };
    let a = Node::start(&db.url, &redis.url, "test-a");
    let b = Node::start(&db.url, &redis.url, "test-b");
    let c = Node::start(&db.url, &redis.url, "test-c");
    // Made on A; seat 2 joins through B (the join crosses to A).
    let (id, tokens) = new_match(&a.client(), &b.client(), "pyramid").await;
    // Spectators on C from the first event, the players on A and B.
    let mut spectators = Vec::new();
    for _ in 0..2 {
        let (ws, welcome) = c.client().hello(&id, None, Some(0)).await;
        spectators.push((ws, welcome["missed"].as_u64().unwrap()));
    }
    let (seat1, _) = b.client().hello(&id, Some(&tokens[0]), Some(0)).await;
    let (seat2, _) = a.client().hello(&id, Some(&tokens[1]), Some(0)).await;
    let p1 = tokio::spawn(play_seat(seat1, 1, 11));
    let p2 = tokio::spawn(play_seat(seat2, 2, 22));
    let seen1 = p1.await.unwrap();
    let seen2 = p2.await.unwrap();
    assert_eq!(seen1.last().unwrap()["kind"], "game_over");
    // Both players saw the same events (each from its own node).
    let tail = |seen: &[Value], from: u64| -> Vec<Value> {
        seen.iter()
            .filter(|e| e["no"].as_u64().unwrap() >= from)
            .cloned()
            .collect()
    };
    let from = seen1[0]["no"]
        .as_u64()
        .unwrap()
        .max(seen2[0]["no"].as_u64().unwrap());
    assert_eq!(tail(&seen1, from), tail(&seen2, from));
    let last = seen1.last().unwrap()["no"].as_u64().unwrap();
    for (mut ws, missed) in spectators {
        let mut events = Vec::new();
        while events
            .last()
            .is_none_or(|e: &Value| e["no"].as_u64().unwrap() < last)
        {
            let m = ws.recv().await;
            if m["type"] == "event" {
                events.push(m);
            }
        }
        // Exactly the players' events, in order, numbered 1.. with no gap.
        for (i, e) in events.iter().enumerate() {
            assert_eq!(e["no"].as_u64().unwrap(), i as u64 + 1, "{e}");
        }
        assert!(events.len() as u64 >= missed);
        assert_eq!(tail(&events, from), tail(&seen1, from));
    }
    // What the store holds is what everyone saw.
    let stored = log_of(&c.client(), &id, &tokens[0]).await;
    assert!(stored.len() as u64 >= last);
    let stored: Vec<Value> = stored.into_iter().take(last as usize).collect();
    assert_eq!(tail(&stored, from), tail(&seen1, from));
}

/// Plays random legal moves in a match through `node` until the socket closes or the game
/// ends; every acknowledged move goes into `acked` as (event number, move).
async fn drive(
    node: Client,
    id: String,
    tokens: Vec<String>,
    seed: u64,
    acked: Arc<Mutex<Vec<(u64, String)>>>,
) {
    let mut seats: Vec<Ws> = Vec::new();
    for t in &tokens {
        let Some(ws) = hello(&node, &id, Some(t), None).await else {
            return;
        };
        seats.push(ws);
    }
    let Some((mut watcher, welcome)) = hello_welcome(&node, &id, None, None).await else {
        return;
    };
    let mut rng = Lcg(seed);
    // The first view is the welcome's snapshot: the match may be waiting for a move.
    let mut first = Some({
        let mut s = welcome["snapshot"].clone();
        s["no"] = s["last_event"].clone();
        s
    });
    loop {
        // Then the watcher's events, or a snapshot after falling behind.
        let v = match first.take() {
            Some(v) => v,
            None => {
                let Some(m) = watcher.next().await else {
                    return;
                };
                if m["type"] == "event" {
                    m
                } else if m["type"] == "snapshot" {
                    let mut s = m["snapshot"].clone();
                    s["no"] = s["last_event"].clone();
                    s
                } else {
                    continue;
                }
            }
        };
        let v = &v;
        let kind = &v["turn"]["kind"];
        if kind == "game_over" || kind == "match_over" {
            return;
        }
        if kind != "move" {
            continue;
        }
        let seat = v["turn"]["seat"].as_u64().unwrap() as usize;
        let legal = v["legal"].as_array().unwrap();
        let mv = legal[rng.pick(legal.len())].as_str().unwrap().to_owned();
        let ws = &mut seats[seat - 1];
        ws.seq += 1;
        let seq = ws.seq;
        ws.send(json!({"type": "move", "game": v["game"], "move": mv, "seq": seq}))
            .await;
        loop {
            let Some(r) = ws.next().await else { return };
            if r["seq"] == json!(seq) && r["type"] == "ack" {
                acked
                    .lock()
                    .unwrap()
                    .push((v["no"].as_u64().unwrap() + 1, mv.clone()));
                break;
            }
            if r["seq"] == json!(seq) && r["type"] == "error" {
                return;
            }
        }
    }
}

/// Says hello; none when the socket is refused or closes first.
async fn hello(c: &Client, id: &str, token: Option<&str>, last_event: Option<u64>) -> Option<Ws> {
    hello_welcome(c, id, token, last_event)
        .await
        .map(|(ws, _)| ws)
}

/// As [`hello`], with the welcome.
async fn hello_welcome(
    c: &Client,
    id: &str,
    token: Option<&str>,
    last_event: Option<u64>,
) -> Option<(Ws, Value)> {
    let url = format!("ws://{}/ws/matches/{id}", c.addr);
    let (ws, _) = tokio_tungstenite::connect_async(url).await.ok()?;
    let mut ws = Ws { ws, seq: 0 };
    ws.send(json!({"type": "hello", "token": token, "last_event": last_event}))
        .await;
    let welcome = ws.next().await?;
    if welcome["type"] != "welcome" {
        return None;
    }
    ws.seq = welcome["last_seq"].as_u64().unwrap_or(0);
    Some((ws, welcome))
}

/// Checks a match's stored log: numbered 1.. without a gap, and every acknowledged move at
/// its number, once.
fn check_log(id: &str, events: &[Value], acked: &[(u64, String)]) {
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e["no"].as_u64().unwrap(), i as u64 + 1, "{id}: {e}");
    }
    for (no, mv) in acked {
        let e = &events[*no as usize - 1];
        assert_eq!(
            e["kind"], "moved",
            "{id}: event {no} is not the acknowledged move: {e}"
        );
        assert_eq!(e["move"], json!(mv), "{id}: event {no}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_owner_is_replaced_and_no_acknowledged_move_is_lost() {
    let test = "a_dead_owner_is_replaced_and_no_acknowledged_move_is_lost";
    let Some(redis) = redis(test, false) else {
        return;
    };
    let Some(db) = pg_db(test).await else { return };
    let a = Node::start(&db.url, &redis.url, "kill-a");
    let b = Node::start(&db.url, &redis.url, "kill-b");
    // Six matches owned by A, played through B's sockets (which outlive A).
    let mut games = Vec::new();
    for i in 0..6u64 {
        let variant = ["martian", "parker", "jequier"][i as usize % 3];
        let (id, tokens) = new_match(&a.client(), &b.client(), variant).await;
        let acked = Arc::new(Mutex::new(Vec::new()));
        let task = tokio::spawn(drive(
            b.client(),
            id.clone(),
            tokens.clone(),
            40 + i,
            acked.clone(),
        ));
        games.push((id, tokens, acked, task));
    }
    // Under way: kill the owner.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let moves_before: usize = games.iter().map(|g| g.2.lock().unwrap().len()).sum();
    assert!(moves_before > 0, "the games are under way before the kill");
    let killed = Instant::now();
    a.signal("-KILL");
    for g in &mut games {
        // Every driver stops: its sockets close or its move is refused.
        tokio::time::timeout(Duration::from_secs(15), &mut g.3)
            .await
            .expect("the driver stops")
            .unwrap();
    }
    // B takes each match over within the lease plus a second (its sweeper runs every 0.5 s).
    let deadline = killed + Duration::from_millis(LEASE_MS + 1000);
    loop {
        let (_, m) = b.client().get("/metrics").await;
        let text = m
            .as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| m.to_string());
        let took = text
            .lines()
            .find(|l| l.starts_with("senet_lease_takeovers_total"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse::<f64>().ok())
            .unwrap_or(0.0);
        if took >= games.len() as f64 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "only {took} of {} matches taken over within the lease plus 1 s",
            games.len()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for (id, tokens, acked, _) in &games {
        let acked = acked.lock().unwrap().clone();
        let events = log_of(&b.client(), id, &tokens[1]).await;
        check_log(id, &events, &acked);
        // And play goes on at B.
        let more = Arc::new(Mutex::new(Vec::new()));
        let driver = tokio::spawn(drive(
            b.client(),
            id.clone(),
            tokens.clone(),
            7,
            more.clone(),
        ));
        tokio::time::sleep(Duration::from_millis(300)).await;
        driver.abort();
        let events = log_of(&b.client(), id, &tokens[0]).await;
        let mut all = acked.clone();
        all.extend(more.lock().unwrap().iter().cloned());
        check_log(id, &events, &all);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_paused_past_its_lease_cannot_append() {
    let test = "a_node_paused_past_its_lease_cannot_append";
    let Some(redis) = redis(test, false) else {
        return;
    };
    let Some(db) = pg_db(test).await else { return };
    let a = Node::start(&db.url, &redis.url, "pause-a");
    let b = Node::start(&db.url, &redis.url, "pause-b");
    let (id, tokens) = new_match(&a.client(), &a.client(), "martian").await;
    // Both seats on A, waiting for a move.
    let mut s1 = hello(&a.client(), &id, Some(&tokens[0]), None)
        .await
        .unwrap();
    let mut s2 = hello(&a.client(), &id, Some(&tokens[1]), None)
        .await
        .unwrap();
    let before = log_of(&a.client(), &id, &tokens[0]).await;
    a.signal("-STOP");
    // B takes the match over once the lease expired, and plays a move there.
    tokio::time::sleep(Duration::from_millis(LEASE_MS + 1000)).await;
    let acked = Arc::new(Mutex::new(Vec::new()));
    let driver = tokio::spawn(drive(
        b.client(),
        id.clone(),
        tokens.clone(),
        3,
        acked.clone(),
    ));
    let deadline = Instant::now() + Duration::from_secs(10);
    while acked.lock().unwrap().is_empty() {
        assert!(Instant::now() < deadline, "no move at B within 10 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    driver.abort();
    let at_b = log_of(&b.client(), &id, &tokens[0]).await;
    assert!(at_b.len() > before.len());
    a.signal("-CONT");
    // A's sockets try to move on what A still holds: it must not be stored.
    let last = before.last().unwrap();
    let seat = last["turn"]["seat"].as_u64().unwrap_or(1);
    let ws = if seat == 1 { &mut s1 } else { &mut s2 };
    let legal = last["legal"].as_array().cloned().unwrap_or_default();
    if let Some(mv) = legal.first() {
        ws.seq += 1;
        let seq = ws.seq;
        ws.send(json!({"type": "move", "game": last["game"], "move": mv, "seq": seq}))
            .await;
        // Refused (`match_moved`) and closed, or closed at once (the renewal found the lease
        // lost first): never acknowledged.
        while let Some(r) = ws.next().await {
            if r["seq"] == json!(seq) {
                assert_eq!(r["type"], "error", "{r}");
                assert_eq!(r["code"], "match_moved", "{r}");
            }
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after = log_of(&b.client(), &id, &tokens[0]).await;
    assert_eq!(
        after, at_b,
        "the paused node wrote to a match it no longer owns"
    );
    let mut acked_all = acked.lock().unwrap().clone();
    acked_all.sort();
    check_log(&id, &after, &acked_all);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_restarted_under_load_leaves_local_play_alone_and_comes_back() {
    let test = "redis_restarted_under_load_leaves_local_play_alone_and_comes_back";
    let Some(mut redis) = redis(test, true) else {
        return;
    };
    let Some(db) = pg_db(test).await else { return };
    let a = Node::start(&db.url, &redis.url, "redis-a");
    let b = Node::start(&db.url, &redis.url, "redis-b");
    // One match played on its owner's node, one across nodes.
    let (local, local_tokens) = new_match(&a.client(), &a.client(), "parker").await;
    let (remote, remote_tokens) = new_match(&a.client(), &b.client(), "parker").await;
    let local_acked = Arc::new(Mutex::new(Vec::new()));
    let remote_acked = Arc::new(Mutex::new(Vec::new()));
    let local_driver = tokio::spawn(drive(
        a.client(),
        local.clone(),
        local_tokens.clone(),
        5,
        local_acked.clone(),
    ));
    let remote_driver = tokio::spawn(drive(
        b.client(),
        remote.clone(),
        remote_tokens.clone(),
        6,
        remote_acked.clone(),
    ));
    tokio::time::sleep(Duration::from_millis(800)).await;
    // Redis goes away.
    if let Some(c) = redis.child.as_mut() {
        c.kill().unwrap();
        c.wait().unwrap();
    }
    // The cross-node driver stops (closed, or a clear error); the local one plays on.
    tokio::time::timeout(Duration::from_secs(10), remote_driver)
        .await
        .expect("the cross-node sockets end")
        .unwrap();
    let n = local_acked.lock().unwrap().len();
    let deadline = Instant::now() + Duration::from_secs(10);
    while local_acked.lock().unwrap().len() < n + 5 && !local_driver.is_finished() {
        assert!(
            Instant::now() < deadline,
            "local play stalled while Redis was down"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // While Redis is down, a socket on B for A's match gets a clear refusal.
    let refused = hello(&b.client(), &remote, Some(&remote_tokens[0]), None).await;
    assert!(
        refused.is_none(),
        "a cross-node socket was welcomed while Redis was down"
    );
    // Redis comes back on the same port: everything resumes.
    redis.child = Some(redis_server(redis.port).expect("redis-server restarts"));
    let deadline = Instant::now() + Duration::from_secs(15);
    let more = Arc::new(Mutex::new(Vec::new()));
    loop {
        let driver = tokio::spawn(drive(
            b.client(),
            remote.clone(),
            remote_tokens.clone(),
            9,
            more.clone(),
        ));
        tokio::time::sleep(Duration::from_millis(700)).await;
        driver.abort();
        if !more.lock().unwrap().is_empty() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "cross-node play did not resume after Redis came back"
        );
    }
    local_driver.abort();
    let local_all = local_acked.lock().unwrap().clone();
    let mut remote_all = remote_acked.lock().unwrap().clone();
    remote_all.extend(more.lock().unwrap().iter().cloned());
    for (id, tokens, acked) in [
        (&local, &local_tokens, local_all),
        (&remote, &remote_tokens, remote_all),
    ] {
        let events = log_of(&a.client(), id, &tokens[0]).await;
        check_log(id, &events, &acked);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_taken_over_fences_the_old_owner_s_appends() {
    use senet_store::{EventStore, MatchRow, StoreError, StoredEvent};
    let Some(db) = pg_db("a_lease_taken_over_fences_the_old_owner_s_appends").await else {
        return;
    };
    let ttl = Duration::from_millis(300);
    let ((one, leases_one), (two, leases_two)) = two_nodes(&db.url, ttl).await;
    let row = MatchRow {
        id: "fenced".into(),
        name: "m".into(),
        variant: "martian".into(),
        options: "{}".into(),
        players: 2,
        series_kind: "best_of".into(),
        series_target: 1,
        public: true,
        spectator_key_hash: None,
        rated: false,
        clock: None,
        seats: Vec::new(),
    };
    // Made by node one: its lease, token 1.
    one.create_match(&row).await.unwrap();
    assert_eq!(leases_one.token("fenced"), Some(1));
    let event = |no: u64| StoredEvent {
        match_id: "fenced".into(),
        no,
        game: 1,
        json: format!("{{\"v\":1,\"kind\":\"test\",\"no\":{no}}}"),
        kind: "test",
        side: None,
    };
    one.append(&[event(1)]).await.unwrap();
    // Node two cannot take a live lease, nor append without one.
    assert_eq!(leases_two.acquire("fenced").await.unwrap(), None);
    assert_eq!(
        two.append(&[event(2)]).await,
        Err(StoreError::Fenced("fenced".into()))
    );
    // Once it expired, node two takes it (token 2) and appends; node one is fenced.
    tokio::time::sleep(ttl + Duration::from_millis(100)).await;
    assert_eq!(leases_two.acquire("fenced").await.unwrap(), Some(2));
    two.append(&[event(2)]).await.unwrap();
    assert_eq!(
        one.append(&[event(3)]).await,
        Err(StoreError::Fenced("fenced".into()))
    );
    assert_eq!(one.stored_count("fenced").await.unwrap(), 2);
    // Chat is fenced as events are: the old owner's line 1 is refused, so the new owner's
    // line 1 does not clash with it (issue 28's split brain of the chat).
    let line = |id: u64, text: &str| senet_protocol::ChatLine {
        room: senet_protocol::Room::Players,
        id,
        seat: Some(1),
        name: "Ann".into(),
        text: text.into(),
        at: "2026-11-27T00:00:00Z".into(),
    };
    assert_eq!(
        one.append_chat("fenced", &line(1, "stale")).await,
        Err(StoreError::Fenced("fenced".into()))
    );
    two.append_chat("fenced", &line(1, "current"))
        .await
        .unwrap();
    // So is a seat's claim.
    assert_eq!(
        one.claim_seat("fenced", 1, "Ann", "hash", None).await,
        Err(StoreError::Fenced("fenced".into()))
    );
    let lines = two.chat("fenced").await.unwrap();
    assert_eq!(
        lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(),
        ["current"]
    );
    // Node one's renewal finds the lease lost; node two's keeps it.
    assert_eq!(leases_one.renew().await.unwrap(), vec!["fenced".to_owned()]);
    assert_eq!(leases_one.token("fenced"), None);
    assert!(leases_two.renew().await.unwrap().is_empty());
    // Given up, it may be taken at once, and the token still grows.
    leases_two.release("fenced").await.unwrap();
    assert_eq!(leases_one.acquire("fenced").await.unwrap(), Some(3));
}

/// Two nodes' stores on one Postgres database, "one" and "two", each holding leases of
/// `ttl`.
async fn two_nodes(
    url: &str,
    ttl: Duration,
) -> (
    (
        Arc<senet_store::SqlStore>,
        Arc<senet_store::sql::lease::Leases>,
    ),
    (
        Arc<senet_store::SqlStore>,
        Arc<senet_store::sql::lease::Leases>,
    ),
) {
    let mut nodes = Vec::new();
    for name in ["one", "two"] {
        let store = senet_store::SqlStore::connect(url).await.unwrap();
        let leases = store.enable_leases(name.into(), ttl).unwrap();
        nodes.push((store, leases));
    }
    let two = nodes.pop().unwrap();
    (nodes.pop().unwrap(), two)
}

/// A game's end, and with it the series result and the ratings, is fenced as every event
/// is (issue 28: every write about a match): the old owner's `game_over` stores nothing and
/// rates nobody, and the new owner's rates the game once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_owner_s_game_end_rates_nobody() {
    use senet_store::{EventStore, MatchRow, SeatRow, Side, StoreError, StoredEvent};
    let Some(db) = pg_db("a_stale_owner_s_game_end_rates_nobody").await else {
        return;
    };
    let ttl = Duration::from_millis(300);
    let ((one, leases_one), (two, leases_two)) = two_nodes(&db.url, ttl).await;
    let seat = |n: u8, player: &str| SeatRow {
        seat: n,
        player_id: Some(player.into()),
        name: Some(player.into()),
        token_hash: format!("t{n}"),
        invite_hash: format!("i{n}"),
        claimed: true,
        bot: None,
    };
    for (id, name) in [("ann", "Ann"), ("bo", "Bo")] {
        one.create_player(id, name, &format!("key-{id}"))
            .await
            .unwrap();
    }
    let row = MatchRow {
        id: "rated".into(),
        name: "m".into(),
        variant: "parker".into(),
        options: "{}".into(),
        players: 2,
        series_kind: "best_of".into(),
        series_target: 1,
        public: true,
        spectator_key_hash: None,
        rated: true,
        clock: None,
        seats: vec![seat(1, "ann"), seat(2, "bo")],
    };
    one.create_match(&row).await.unwrap();
    assert_eq!(leases_one.token("rated"), Some(1));
    let event = |no: u64, kind: &'static str, side: Side| StoredEvent {
        match_id: "rated".into(),
        no,
        game: 1,
        json: format!("{{\"v\":1,\"kind\":\"{kind}\",\"no\":{no}}}"),
        kind,
        side: Some(side),
    };
    let started = Side::GameStarted {
        game_id: "g1".into(),
        seed: "00".repeat(32),
        commitment: "11".repeat(32),
        seats: vec![1, 2],
    };
    let over = || Side::GameOver {
        winner: Some(1),
        reason: "resigned".into(),
        points: 1,
        client_seeds: vec![String::new(), String::new()],
        every_seat_moved: true,
    };
    one.append(&[event(1, "game_started", started)])
        .await
        .unwrap();
    tokio::time::sleep(ttl + Duration::from_millis(100)).await;
    assert_eq!(leases_two.acquire("rated").await.unwrap(), Some(2));
    assert_eq!(
        one.append(&[event(2, "game_over", over())]).await,
        Err(StoreError::Fenced("rated".into()))
    );
    let ended =
        |rows: Option<senet_store::sql::read::MatchRows>| rows.expect("stored").games[0].ended_ms;
    assert_eq!(
        ended(two.match_rows("rated").await.unwrap()),
        None,
        "no result from the stale owner"
    );
    assert!(
        two.match_rating_changes("rated").await.unwrap().is_empty(),
        "no rating either"
    );
    two.append(&[event(2, "game_over", over())]).await.unwrap();
    assert!(ended(two.match_rows("rated").await.unwrap()).is_some());
    let changes = two.match_rating_changes("rated").await.unwrap();
    assert_eq!(changes.len(), 2, "both players, once: {changes:?}");
    assert_eq!(
        one.append(&[event(3, "game_over", over())]).await,
        Err(StoreError::Fenced("rated".into()))
    );
    assert_eq!(two.match_rating_changes("rated").await.unwrap().len(), 2);
}

/// The ids of the matches `/api/matches` lists on a node.
async fn listed(c: &Client) -> Vec<String> {
    let (st, list) = c.get("/api/matches").await;
    assert_eq!(st, 200, "{list}");
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| s["match_id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_node_lists_every_node_s_public_matches() {
    let test = "every_node_lists_every_node_s_public_matches";
    let Some(redis) = redis(test, false) else {
        return;
    };
    let Some(db) = pg_db(test).await else { return };
    let a = Node::start(&db.url, &redis.url, "lobby-a");
    let b = Node::start(&db.url, &redis.url, "lobby-b");
    let (public, _) = new_match(&a.client(), &b.client(), "pyramid").await;
    let (st, private) = a
        .client()
        .post(
            "/api/matches",
            json!({"variant": "jequier", "public": false, "name": "not listed"}),
        )
        .await;
    assert_eq!(st, 201, "{private}");
    let private = private["match_id"].as_str().unwrap().to_owned();
    // A lists its match at once; B within a second or two (A puts its list every second).
    assert!(listed(&a.client()).await.contains(&public));
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let on_b = listed(&b.client()).await;
        assert!(!on_b.contains(&private), "a private match is listed");
        if on_b.contains(&public) {
            break;
        }
        assert!(Instant::now() < deadline, "B does not list A's match");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Each match once, whichever node answers.
    let on_b = listed(&b.client()).await;
    assert_eq!(on_b.iter().filter(|id| **id == public).count(), 1);
    // A dies: B takes the match over and goes on listing it, as its own.
    a.signal("-KILL");
    tokio::time::sleep(Duration::from_millis(LEASE_MS + 3_500)).await;
    let on_b = listed(&b.client()).await;
    assert_eq!(
        on_b.iter().filter(|id| **id == public).count(),
        1,
        "{on_b:?}"
    );
    assert!(!on_b.contains(&private));
}

/// Accounts on several nodes (`docs/accounts.md`): a session made on one node is known on
/// another, a passkey ceremony started on one finishes on another, "sign out everywhere"
/// on one ends the sessions every node sees, and wrong passwords count on every node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_is_the_same_on_every_node() {
    use crate::accounts::{Browser, origin, unique};
    use crate::common::soft_passkey::SoftPasskey;
    let test = "an_account_is_the_same_on_every_node";
    let Some(redis) = redis(test, false) else {
        return;
    };
    let Some(db) = pg_db(test).await else { return };
    let a = Node::start(&db.url, &redis.url, "accounts-a");
    let b = Node::start(&db.url, &redis.url, "accounts-b");
    let name = unique("Nia ");
    let mut on_a = Browser::new(a.addr);
    let made = on_a
        .post(
            "/api/accounts",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let mut on_b = Browser::new(b.addr);
    on_b.cookie = on_a.cookie.clone();
    let me = on_b.me().await;
    assert_eq!(me.status, 200, "node B knows node A's session");
    assert_eq!(me.body["player_id"], made.body["player_id"]);

    // A passkey added: started on B, finished on A.
    let start = on_b.post("/api/me/passkeys", json!({})).await;
    assert_eq!(start.status, 200, "{}", start.body);
    let (mut key, credential) = SoftPasskey::register(&start.body["public_key"], &origin(a.addr));
    let added = on_a
        .post(
            "/api/me/passkeys/finish",
            json!({"ceremony": start.body["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!(added.status, 200, "{}", added.body);
    // Signed in with it on B, by a browser of its own.
    let mut phone = Browser::new(b.addr);
    let signed = phone.passkey_sign_in(&mut key, None).await;
    assert_eq!(signed.status, 200, "{}", signed.body);

    // Everywhere means every node.
    let out = on_b.post("/api/session/end-everywhere", json!({})).await;
    assert_eq!(out.status, 204);
    assert_eq!(on_a.me().await.status, 401);
    let mut phone_on_a = Browser::new(a.addr);
    phone_on_a.cookie = phone.cookie.clone();
    assert_eq!(phone_on_a.me().await.status, 401);

    // Wrong passwords count on every node: three on A and two on B hold the name on both.
    for (n, node) in [&a, &a, &a, &b, &b].into_iter().enumerate() {
        let mut guesser = Browser::new(node.addr);
        let r = guesser
            .post(
                "/api/session",
                json!({"username": name, "password": format!("guess {n}")}),
            )
            .await;
        assert_eq!(r.status, 401, "guess {n}");
    }
    for node in [&a, &b] {
        let mut owner = Browser::new(node.addr);
        let r = owner
            .post(
                "/api/session",
                json!({"username": name, "password": "correct horse"}),
            )
            .await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
    }
}

/// Challenges and who is online on several nodes (`docs/cluster.md`): a player whose page is
/// open on node B is online to a follower on node A; a challenge sent on A reaches B's page
/// socket at once; accepted on B, its answer and seat token reach the challenger's page on A,
/// whose token then seats them through A.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_and_who_is_online_cross_nodes() {
    use crate::accounts::{Browser, unique};
    use crate::people::{challenge_in, next, page_socket};
    let test = "challenges_and_who_is_online_cross_nodes";
    let Some(redis) = redis(test, false) else {
        return;
    };
    let Some(db) = pg_db(test).await else { return };
    let a = Node::start(&db.url, &redis.url, "people-a");
    let b = Node::start(&db.url, &redis.url, "people-b");
    let (ana_name, bo_name) = (unique("Ana "), unique("Bo "));
    let mut ana = Browser::signed_up(a.addr, &ana_name).await;
    let mut bo = Browser::signed_up(b.addr, &bo_name).await;
    let mut bo_page = page_socket(b.addr, bo.cookie.as_deref()).await;
    assert_eq!(next(&mut bo_page).await["type"], "online");
    assert_eq!(next(&mut bo_page).await["type"], "challenges");
    let mut ana_page = page_socket(a.addr, ana.cookie.as_deref()).await;
    next(&mut ana_page).await;
    next(&mut ana_page).await;

    // Followed on A, Bo (a page open on B) is online within the second nodes put it in.
    let f = ana
        .post("/api/me/follows", json!({"username": bo_name}))
        .await;
    assert_eq!(f.status, 200, "{}", f.body);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let f = ana.send("GET", "/api/me/follows", None).await;
        if f.body["follows"][0]["status"] == "online" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{}", f.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let sent = ana
        .post(
            "/api/challenges",
            json!({"username": bo_name, "terms": {"variant": "bell"}}),
        )
        .await;
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = sent.body["id"].as_str().unwrap().to_owned();
    assert_eq!(challenge_in(&mut bo_page, "open").await["id"], id.as_str());
    let accepted = bo
        .post(&format!("/api/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let told = challenge_in(&mut ana_page, "accepted").await;
    let match_id = accepted.body["match_id"].as_str().unwrap();
    assert_eq!(told["match_id"], match_id);
    let token = told["token"].as_str().expect("the challenger's token on A");
    let (_ws, welcome) = Client { addr: a.addr }
        .hello(match_id, Some(token), None)
        .await;
    assert_eq!(welcome["seat"], 1, "seated through node A");
}

/// Polls tournament `id` as `b` until `f` holds of its view (panics after 30 s).
async fn arena_view_until(
    b: &mut crate::accounts::Browser,
    id: &str,
    f: fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let v = b.send("GET", &format!("/api/tournaments/{id}"), None).await;
        if v.status == 200 && f(&v.body) {
            return v.body;
        }
        assert!(Instant::now() < deadline, "{}", v.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Tournaments on two nodes (`docs/tournaments.md`, "Several nodes"): one node at a time pairs
/// an arena; when that node is killed, the other takes over within its term and goes on
/// from what was stored: the first game's result is counted once, the waiting players are
/// paired, and nobody is ever in two games of the arena at once.
#[tokio::test]
async fn an_arena_outlives_its_director_node() {
    use crate::accounts::{Browser, unique};
    let test = "an_arena_outlives_its_director_node";
    let Some(redis) = redis(test, false) else {
        return;
    };
    let Some(db) = pg_db(test).await else { return };
    let nodes = [
        Node::start(&db.url, &redis.url, "arena-a"),
        Node::start(&db.url, &redis.url, "arena-b"),
    ];
    let names = [unique("Ana "), unique("Bo "), unique("Cleo ")];
    let mut players = Vec::new();
    for (i, n) in names.iter().enumerate() {
        players.push(Browser::signed_up(nodes[i % 2].addr, n).await);
    }
    let clock = json!({"kind": "fischer", "base_secs": 300, "increment_secs": 2});
    let made = players[0]
        .post(
            "/api/tournaments",
            json!({"kind": "arena", "variant": "kendall", "clock": clock, "duration_mins": 10}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_owned();
    for p in players.iter_mut().take(2) {
        let joined = p
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
    }
    let v = arena_view_until(&mut players[1], &id, |v| !v["me"]["playing"].is_null()).await;
    let first = v["me"]["playing"].clone();

    // Kill the node that directs it (its term is in the store).
    let pg = sqlx::PgPool::connect(&db.url).await.unwrap();
    let director: String = sqlx::query_scalar("SELECT director FROM tournaments WHERE id = $1")
        .bind(&id)
        .fetch_one(&pg)
        .await
        .unwrap();
    let dead = usize::from(director == "arena-b");
    nodes[dead].signal("-KILL");
    let alive = nodes[1 - dead].addr;
    let mut players: Vec<Browser> = players
        .into_iter()
        .map(|mut b| {
            b.addr = alive;
            b
        })
        .collect();

    // Cleo joins through the living node; Bo resigns the first game there (its match is
    // taken over if it ran on the dead node).
    let joined = players[2]
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let c = Client { addr: alive };
    let match_id = first["match_id"].as_str().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let (mut ws, _) = loop {
        if let Some(ws) = hello_welcome(&c, match_id, first["token"].as_str(), None).await {
            break ws;
        }
        assert!(
            Instant::now() < deadline,
            "the first game was never taken over"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    ws.send(json!({"type": "resign", "seq": 1})).await;
    ws.until(|m| m["type"] == "event" && m["kind"] == "game_over")
        .await;

    let v = arena_view_until(&mut players[2], &id, |v| !v["me"]["playing"].is_null()).await;
    let games = v["games"].as_array().unwrap();
    let settled: Vec<&Value> = games.iter().filter(|g| !g["result"].is_null()).collect();
    assert_eq!(settled.len(), 1, "the first game counted once: {v}");
    let in_play: Vec<&Value> = games.iter().filter(|g| g["result"].is_null()).collect();
    assert_eq!(in_play.len(), 1, "{v}");
    let mut seated: Vec<&str> = in_play
        .iter()
        .flat_map(|g| [g["first"].as_str().unwrap(), g["second"].as_str().unwrap()])
        .collect();
    seated.sort_unstable();
    seated.dedup();
    assert_eq!(seated.len(), 2, "nobody in two games at once: {v}");
    assert!(seated.contains(&names[2].as_str()), "{v}");
    let total: f64 = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 2.0, "one win of two points: {v}");
    let director: String = sqlx::query_scalar("SELECT director FROM tournaments WHERE id = $1")
        .bind(&id)
        .fetch_one(&pg)
        .await
        .unwrap();
    assert_ne!(director, if dead == 0 { "arena-a" } else { "arena-b" });
}
