//! Helpers for the integration tests: a real server on a free port, a tiny HTTP client and
//! a WebSocket client.
#![allow(dead_code)]

pub mod soft_passkey;

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use senet_engine::Variant;
use senet_server::{Config, Running};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The variants the tests play: every variant the engine lists.
pub const IMPLEMENTED: &[Variant] = &Variant::ALL;

/// The first implemented variant, or `None` (and a loud notice) if the engine has none yet.
pub fn any_variant(test: &str) -> Option<Variant> {
    let v = IMPLEMENTED.first().copied();
    if v.is_none() {
        eprintln!(
            "SKIPPED {test}: no variant is implemented in the engine yet (tests/common IMPLEMENTED)"
        );
    }
    v
}

/// A server for one test.
pub struct TestServer {
    pub addr: SocketAddr,
    pub running: Running,
    client: Client,
}

impl std::ops::Deref for TestServer {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

/// HTTP and WebSocket helpers for a server at an address (in this process or not).
pub struct Client {
    pub addr: SocketAddr,
}

pub async fn start() -> TestServer {
    start_with(|_| {}).await
}

pub async fn start_with(f: impl FnOnce(&mut Config)) -> TestServer {
    start_with_store(f, std::sync::Arc::new(senet_store::MemoryStore::default())).await
}

/// A server on a durable store (`cfg.database_url`): SQLite or Postgres.
pub async fn start_durable(cfg: Config) -> TestServer {
    serving(
        senet_server::spawn_durable(cfg)
            .await
            .expect("server starts"),
    )
}

fn serving(running: Running) -> TestServer {
    TestServer {
        addr: running.addr,
        client: Client { addr: running.addr },
        running,
    }
}

pub async fn start_with_store(
    f: impl FnOnce(&mut Config),
    store: std::sync::Arc<dyn senet_store::EventStore>,
) -> TestServer {
    let mut cfg = Config::for_tests();
    cfg.seed_wait_ms = 5_000;
    // Test clients move as fast as the server answers; the rate limit has its own test.
    cfg.rate_per_sec = 100_000.0;
    cfg.rate_burst = 100_000.0;
    f(&mut cfg);
    serving(
        senet_server::spawn_with_store(cfg, store)
            .await
            .expect("server starts"),
    )
}

impl Client {
    /// A plain HTTP/1.1 request; returns the status and the JSON body (null if empty).
    pub async fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        self.http_with(method, path, body, None).await
    }

    /// As [`Client::http`], with `Authorization: Bearer <bearer>` when given.
    pub async fn http_with(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        bearer: Option<&str>,
    ) -> (u16, Value) {
        let mut s = TcpStream::connect(self.addr).await.expect("connect");
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let auth = bearer
            .map(|b| format!("Authorization: Bearer {b}\r\n"))
            .unwrap_or_default();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        s.write_all(req.as_bytes()).await.expect("write");
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await.expect("read");
        let text = String::from_utf8_lossy(&buf);
        let (head, body) = text.split_once("\r\n\r\n").expect("a response");
        let status: u16 = head
            .split(' ')
            .nth(1)
            .expect("status")
            .parse()
            .expect("status");
        let value = if body.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(body).unwrap_or(Value::String(body.to_owned()))
        };
        (status, value)
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.http("POST", path, Some(&body)).await
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.http("GET", path, None).await
    }

    /// Creates a match and claims every other seat; returns (match id, tokens by seat,
    /// creation reply).
    pub async fn create_full(&self, body: Value) -> (String, Vec<String>, Value) {
        let (st, created) = self.post("/api/matches", body).await;
        assert_eq!(st, 201, "{created}");
        let id = created["match_id"].as_str().unwrap().to_owned();
        let mut tokens = vec![created["token"].as_str().unwrap().to_owned()];
        for inv in created["invites"].as_array().unwrap() {
            let (st, joined) = self
                .post(
                    &format!("/api/matches/{id}/join"),
                    json!({"invite": inv["invite"], "name": format!("seat {}", inv["seat"])}),
                )
                .await;
            assert_eq!(st, 200, "{joined}");
            tokens.push(joined["token"].as_str().unwrap().to_owned());
        }
        (id, tokens, created)
    }

    pub async fn ws(&self, id: &str) -> Ws {
        let url = format!("ws://{}/ws/matches/{id}", self.addr);
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("ws connects");
        Ws { ws, seq: 0 }
    }

    /// Connects and says hello; returns the socket and the welcome.
    pub async fn hello(
        &self,
        id: &str,
        token: Option<&str>,
        last_event: Option<u64>,
    ) -> (Ws, Value) {
        let mut ws = self.ws(id).await;
        ws.send(json!({"type": "hello", "token": token, "last_event": last_event}))
            .await;
        let welcome = ws.recv().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        let last_seq = welcome["last_seq"].as_u64().unwrap_or(0);
        ws.seq = last_seq;
        (ws, welcome)
    }
}

pub struct Ws {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub seq: u64,
}

impl Ws {
    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .expect("send");
    }

    pub async fn send_raw(&mut self, m: Message) {
        self.ws.send(m).await.expect("send");
    }

    /// Sends a message with the next sequence number; returns the number.
    pub async fn act(&mut self, mut v: Value) -> u64 {
        self.seq += 1;
        v["seq"] = json!(self.seq);
        self.send(v).await;
        self.seq
    }

    /// The next text message as JSON (None when the socket closes). Panics after 10 s.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a message within 10 s");
            match m {
                Some(Ok(Message::Text(t))) => {
                    return Some(serde_json::from_str(t.as_str()).unwrap());
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    pub async fn recv(&mut self) -> Value {
        self.next().await.expect("socket open")
    }

    /// Reads until a message matches; returns it.
    pub async fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.recv().await;
            if f(&m) {
                return m;
            }
        }
    }

    /// Reads until the reply (ack or error) to `seq`.
    pub async fn reply(&mut self, seq: u64) -> Value {
        self.until(|m| (m["type"] == "ack" || m["type"] == "error") && m["seq"] == json!(seq))
            .await
    }
}

/// A small deterministic generator for picking moves.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays a random legal move for the seat `view` (an event or snapshot) says is to move,
/// on that seat's socket, and checks it is acknowledged; returns the move.
pub async fn play_random_move(seats: &mut [Ws], view: &Value, rng: &mut Lcg) -> String {
    let seat = view["turn"]["seat"].as_u64().expect("a seat to move") as usize;
    let legal = view["legal"].as_array().expect("legal moves");
    let mv = legal[rng.pick(legal.len())]
        .as_str()
        .expect("moves are strings")
        .to_owned();
    let ws = &mut seats[seat - 1];
    let seq = ws
        .act(json!({"type": "move", "game": view["game"], "move": mv}))
        .await;
    let r = ws.reply(seq).await;
    assert_eq!(r["type"], "ack", "{r}");
    mv
}

/// Plays one seat: sends its client seed, then a random legal move whenever it is its turn
/// (from an event or from a snapshot sent after falling behind), until the game is over.
/// Returns every event it saw.
pub async fn play_seat(mut ws: Ws, seat: u64, seed: u64) -> Vec<Value> {
    let mut rng = Lcg(seed);
    let mut seen = Vec::new();
    // The event number at which this seat last moved: the turn is still its own until that
    // move is applied, so a later message about the same point must not move again.
    let mut acted_at = 0;
    ws.act(json!({"type": "client_seed", "seed": format!("seat-{seat}")}))
        .await;
    loop {
        let m = ws.recv().await;
        let (no, view) = match m["type"].as_str() {
            Some("event") => {
                seen.push(m.clone());
                if m["kind"] == "game_over" {
                    return seen;
                }
                (m["no"].as_u64().unwrap(), m.clone())
            }
            Some("snapshot") => {
                let snap = m["snapshot"].clone();
                if snap["turn"]["kind"] == "game_over" || snap["turn"]["kind"] == "match_over" {
                    return seen;
                }
                (snap["last_event"].as_u64().unwrap(), snap)
            }
            Some("error") => panic!("seat {seat} got an error: {m}"),
            _ => continue,
        };
        if view["turn"]["kind"] == "move" && view["turn"]["seat"] == seat && no > acted_at {
            let legal = view["legal"].as_array().unwrap();
            let mv = legal[rng.pick(legal.len())].clone();
            acted_at = no;
            ws.act(json!({"type": "move", "game": view["game"], "move": mv}))
                .await;
        }
    }
}

/// Reads a spawned `senet-server`'s log lines until it says where it serves.
pub fn serving_addr(lines: &mut impl Iterator<Item = std::io::Result<String>>) -> SocketAddr {
    loop {
        let line = lines
            .next()
            .expect("the server logs where it listens")
            .expect("a log line");
        if let Some(rest) = line.split("serving on http://").nth(1) {
            return rest
                .split_whitespace()
                .next()
                .and_then(|a| a.parse().ok())
                .expect("an address after 'serving on'");
        }
    }
}

/// Every move of a match, in order: each game's record (game 1 on, until one that does not
/// exist), which a live match answers for its current game and the store for the others.
pub async fn stored_moves(c: &Client, id: &str, token: Option<&str>) -> Vec<String> {
    let mut moves = Vec::new();
    for game in 1.. {
        let path = format!("/api/matches/{id}/games/{game}");
        let (st, record) = c.http_with("GET", &path, None, token).await;
        if st == 404 {
            break;
        }
        assert_eq!(st, 200, "{path}: {record}");
        for e in record["events"].as_array().expect("a record's events") {
            if e["kind"] == "moved" {
                moves.push(e["move"].as_str().expect("a move").to_owned());
            }
        }
    }
    moves
}
