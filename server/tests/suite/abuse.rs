//! Abuse and access: per-address limits on sockets, messages and match creation, the cap on
//! spectators per match and on open matches, origin checks on WebSocket upgrades, and no
//! secret in the server's logs even at the most verbose level.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{Client, start_with};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest};

/// A raw HTTP/1.1 request; returns the status line's code, the head and the body.
async fn raw(addr: std::net::SocketAddr, req: &str) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head.to_ascii_lowercase(), body.to_owned())
}

/// Opens a WebSocket with extra headers; the HTTP status and JSON body when refused.
async fn upgrade(
    addr: std::net::SocketAddr,
    id: &str,
    headers: &[(&'static str, &str)],
) -> Result<crate::common::Ws, (u16, Value)> {
    let mut req = format!("ws://{addr}/ws/matches/{id}")
        .into_client_request()
        .unwrap();
    for (k, v) in headers {
        req.headers_mut().insert(*k, v.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((ws, _)) => Ok(crate::common::Ws { ws, seq: 0 }),
        Err(tungstenite::Error::Http(res)) => {
            let body = res
                .body()
                .as_ref()
                .map(|b| serde_json::from_slice(b).unwrap_or(Value::Null))
                .unwrap_or(Value::Null);
            Err((res.status().as_u16(), body))
        }
        Err(e) => panic!("unexpected upgrade failure: {e}"),
    }
}

async fn public_match(c: &Client) -> Value {
    let (st, m) = c
        .post("/api/matches", json!({"variant": "modern", "players": 3}))
        .await;
    assert_eq!(st, 201, "{m}");
    m
}

#[tokio::test]
async fn sockets_per_address_are_capped_and_released() {
    let s = start_with(|c| c.max_sockets_per_addr = 3).await;
    let m = public_match(&s).await;
    let id = m["match_id"].as_str().unwrap();
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(upgrade(s.addr, id, &[]).await.expect("within the cap"));
    }
    let Err((st, e)) = upgrade(s.addr, id, &[]).await else {
        panic!("a fourth socket from one address was accepted");
    };
    assert_eq!(
        (st, e["code"].as_str()),
        (429, Some("too_many_connections"))
    );
    // Closing one frees its place (the server notices the close on its own time).
    drop(open.pop());
    let mut again = None;
    for _ in 0..100 {
        if let Ok(ws) = upgrade(s.addr, id, &[]).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a closed socket's place was not freed");
}

#[tokio::test]
async fn one_address_shares_one_message_allowance() {
    let s = start_with(|c| {
        c.addr_rate_per_sec = 0.5;
        c.addr_rate_burst = 4.0;
    })
    .await;
    let m = public_match(&s).await;
    let id = m["match_id"].as_str().unwrap();
    // `hello` does not count; the pings do, over both sockets together.
    let (mut a, _) = s.hello(id, None, None).await;
    let (mut b, _) = s.hello(id, None, None).await;
    for i in 0..3 {
        a.send(json!({"type": "ping", "seq": i})).await;
        b.send(json!({"type": "ping", "seq": i})).await;
    }
    let mut answers = Vec::new();
    for ws in [&mut a, &mut b] {
        let mut n = 0;
        while n < 3 {
            let msg = ws.recv().await;
            if msg["type"] == "pong" || msg["type"] == "error" {
                answers.push(msg);
                n += 1;
            }
        }
    }
    let pongs = answers.iter().filter(|m| m["type"] == "pong").count();
    let limited = answers
        .iter()
        .filter(|m| m["code"] == "rate_limited")
        .count();
    assert_eq!((pongs, limited), (4, 2), "{answers:?}");
    // Each answer, refusals too, carries the seq of the message it answers.
    for ws_answers in answers.chunks(3) {
        let mut seqs: Vec<u64> = ws_answers
            .iter()
            .filter_map(|m| m["seq"].as_u64())
            .collect();
        seqs.sort_unstable();
        assert_eq!(seqs, [0, 1, 2], "{answers:?}");
    }
}

#[tokio::test]
async fn match_creation_is_rate_limited_per_address_with_retry_after() {
    let s = start_with(|c| c.create_per_min = 3.0).await;
    for _ in 0..3 {
        public_match(&s).await;
    }
    let body = json!({"variant": "modern"}).to_string();
    let req = format!(
        "POST /api/matches HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (st, head, body) = raw(s.addr, &req).await;
    assert_eq!(st, 429, "{head}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(e["code"], "rate_limited");
    let retry: u64 = head
        .lines()
        .find_map(|l| l.strip_prefix("retry-after: "))
        .expect("a Retry-After header")
        .trim()
        .parse()
        .unwrap();
    assert!((1..=20).contains(&retry), "retry after {retry}s");
}

#[tokio::test]
async fn open_matches_are_capped() {
    let s = start_with(|c| c.max_open_matches = 2).await;
    public_match(&s).await;
    public_match(&s).await;
    let (st, e) = s.post("/api/matches", json!({"variant": "pyramid"})).await;
    assert_eq!((st, e["code"].as_str()), (503, Some("too_many_matches")));
}

#[tokio::test]
async fn finished_matches_count_until_they_leave_memory() {
    let s = start_with(|c| c.max_open_matches = 1).await;
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let (mut ws, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    ws.until(|m| m["kind"] == "match_over").await;
    let (_, summary) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["status"], "finished", "{summary}");
    let (st, e) = s.post("/api/matches", json!({"variant": "pyramid"})).await;
    assert_eq!((st, e["code"].as_str()), (503, Some("too_many_matches")));
}

#[tokio::test]
async fn a_storm_of_connects_costs_a_few_presence_frames() {
    let s = start_with(|_| {}).await;
    let m = public_match(&s).await;
    let id = m["match_id"].as_str().unwrap().to_owned();
    let (mut watcher, _) = s.hello(&id, None, None).await;
    let mut others = Vec::new();
    for _ in 0..60 {
        others.push(s.hello(&id, None, None).await.0);
    }
    // Count the presence frames the watcher gets until it sees all 61 spectators.
    let mut frames = 0;
    loop {
        let p = watcher.until(|m| m["type"] == "presence").await;
        frames += 1;
        if p["spectators"] == 61 {
            break;
        }
    }
    assert!(frames < 30, "{frames} presence frames for 60 connects");
}

#[tokio::test]
async fn spectators_per_match_are_capped() {
    let s = start_with(|c| c.max_spectators = 2).await;
    let m = public_match(&s).await;
    let id = m["match_id"].as_str().unwrap();
    let _one = s.hello(id, None, None).await;
    let _two = s.hello(id, None, None).await;
    let mut three = s.ws(id).await;
    three
        .send(json!({"type": "hello", "token": null, "last_event": null}))
        .await;
    assert_eq!(three.recv().await["code"], "too_many_spectators");
    assert!(three.next().await.is_none(), "the refused socket is closed");
    // Players are not spectators: seat 1 still connects.
    let (_, w) = s.hello(id, m["token"].as_str(), None).await;
    assert_eq!(w["seat"], 1);
}

#[tokio::test]
async fn websocket_origins_are_checked() {
    let s = start_with(|c| c.allowed_origins = vec!["https://senet.example".into()]).await;
    let m = public_match(&s).await;
    let id = m["match_id"].as_str().unwrap();
    let Err((st, e)) = upgrade(s.addr, id, &[("origin", "https://evil.example")]).await else {
        panic!("a foreign origin was accepted");
    };
    assert_eq!((st, e["code"].as_str()), (403, Some("origin_not_allowed")));
    // The server's own origin (same host as the request), a configured one, and clients
    // that send no Origin at all (not browsers) are let in.
    let own = format!("http://{}", s.addr);
    assert!(
        upgrade(s.addr, id, &[("origin", own.as_str())])
            .await
            .is_ok()
    );
    assert!(
        upgrade(s.addr, id, &[("origin", "https://senet.example")])
            .await
            .is_ok()
    );
    assert!(upgrade(s.addr, id, &[]).await.is_ok());
}

#[tokio::test]
async fn every_error_has_the_json_shape() {
    let s = start_with(|_| {}).await;
    // A body over the limit, a wrong method, a WebSocket route without an upgrade.
    let big = "x".repeat(senet_server::http::MAX_BODY + 1);
    let req = format!(
        "POST /api/matches HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{big}",
        big.len()
    );
    let (st, _, body) = raw(s.addr, &req).await;
    let e: Value = serde_json::from_str(&body).expect("a JSON error");
    assert_eq!((st, e["code"].as_str()), (413, Some("too_large")));
    let (st, e) = s.http("DELETE", "/api/matches", None).await;
    assert_eq!((st, e["code"].as_str()), (405, Some("method_not_allowed")));
    let m = public_match(&s).await;
    let (st, e) = s
        .get(&format!("/ws/matches/{}", m["match_id"].as_str().unwrap()))
        .await;
    assert_eq!(st, 400);
    assert_eq!(e["code"], "malformed", "{e}");
}

/// Runs the real binary at the most verbose log level through a private match, players with
/// keys, invites, seat tokens and a spectator key, then searches its whole output for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_secret_is_ever_logged() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_senet-server"))
        .args(["--port", "0", "--seed-wait-ms", "0"])
        .arg("--data-dir")
        .arg(dir.path())
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "trace")
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = crate::common::serving_addr(&mut out);
    let stdout = std::thread::spawn(move || out.map_while(Result::ok).collect::<Vec<_>>());
    let err = BufReader::new(child.stderr.take().unwrap()).lines();
    let stderr = std::thread::spawn(move || err.map_while(Result::ok).collect::<Vec<_>>());

    let c = Client { addr };
    let (_, p1) = c.post("/api/players", json!({"name": "Ann"})).await;
    let (_, p2) = c.post("/api/players", json!({"name": "Bo"})).await;
    let (st, m) = c
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "public": false, "player_key": p1["player_key"]}),
        )
        .await;
    assert_eq!(st, 201, "{m}");
    let id = m["match_id"].as_str().unwrap();
    let invite = m["invites"][0]["invite"].as_str().unwrap();
    let (st, j) = c
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": invite, "name": "Bo", "player_key": p2["player_key"]}),
        )
        .await;
    assert_eq!(st, 200, "{j}");
    let secrets: Vec<String> = [
        &p1["player_key"],
        &p2["player_key"],
        &m["token"],
        &m["invites"][0]["invite"],
        &m["spectator_key"],
        &j["token"],
    ]
    .iter()
    .map(|v| v.as_str().expect("a secret").to_owned())
    .collect();
    // Use every secret on the wire: both seats and the spectator say hello, and play a bit.
    let mut seats = vec![
        c.hello(id, Some(&secrets[2]), None).await.0,
        c.hello(id, Some(&secrets[5]), None).await.0,
    ];
    let (mut watcher, _) = c.hello(id, Some(&secrets[4]), Some(0)).await;
    let mut rng = crate::common::Lcg(5);
    for _ in 0..6 {
        let view = watcher
            .until(|m| m["type"] == "event" && m["turn"]["kind"] == "move")
            .await;
        crate::common::play_random_move(&mut seats, &view, &mut rng).await;
    }
    // A wrong token is logged as refused, and must not be echoed either.
    let mut bad = c.ws(id).await;
    bad.send(json!({"type": "hello", "token": "f".repeat(32)}))
        .await;
    assert_eq!(bad.recv().await["code"], "bad_token");
    drop((seats, watcher, bad));
    tokio::time::sleep(Duration::from_millis(200)).await;
    child.kill().unwrap();
    child.wait().unwrap();
    let lines: Vec<String> = stdout
        .join()
        .unwrap()
        .into_iter()
        .chain(stderr.join().unwrap())
        .collect();
    // The log was as verbose as it gets: statements, connections, claims.
    for needle in ["DEBUG sqlx::query", "seat claimed", "connected"] {
        assert!(
            lines.iter().any(|l| l.contains(needle)),
            "no {needle:?} in {} lines",
            lines.len()
        );
    }
    for secret in secrets.iter().chain([&"f".repeat(32)]) {
        let hit = lines.iter().find(|l| l.contains(secret.as_str()));
        assert!(hit.is_none(), "a secret was logged: {hit:?}");
    }
}
