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

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[derive(Parser, Debug, Clone)]
#[command(name = "senet-loadgen", about = "Load generator for senet-server")]
struct Args {
    /// The server's address; several nodes of one cluster as a comma-separated list: match
    /// `i` is made on node `i`, its second seat joins through node `i + 1`, seat `s` plays on
    /// node `i + s` and its spectators watch from node `i + 2` (so with two or three nodes
    /// every match has sockets on a node that does not own it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// Concurrent matches (two player connections each).
    #[arg(long, default_value_t = 100)]
    matches: usize,
    /// Spectator connections, spread over the matches.
    #[arg(long, default_value_t = 0)]
    spectators: usize,
    /// How long to play once everyone is connected (e.g. 30s, 2m, 500ms).
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    duration: Duration,
    /// Think time before each move, in milliseconds.
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// The variant to play.
    #[arg(long, default_value = "pyramid")]
    variant: String,
    /// The server's process id, to report its memory and CPU; several nodes' as a
    /// comma-separated list (their CPU is added up, their memory reported each).
    #[arg(long, value_delimiter = ',')]
    server_pid: Vec<u32>,
    /// Connections opened at once while setting up.
    #[arg(long, default_value_t = 64)]
    connect_concurrency: usize,
    /// Hostile sockets that watch a match and send messages as fast as they can, reconnecting
    /// whenever the server closes them (to measure what a flood costs everyone else).
    #[arg(long, default_value_t = 0)]
    flooders: usize,
    /// Messages per second each flooder tries to send (0: as fast as it can; then the load
    /// generator itself takes the machine's cores).
    #[arg(long, default_value_t = 1000)]
    flood_rate: u64,
    /// Matches against the computer, besides `--matches`: the server's bot takes seat 2 and
    /// one player connection of the load generator plays seat 1.
    #[arg(long, default_value_t = 0)]
    bot_matches: usize,
    /// The level of the bots in `--bot-matches` (easy, medium or hard).
    #[arg(long, default_value = "hard")]
    bot_level: String,
    /// After the run, reconnect every player at once with `last_event` 0 (a node restart's
    /// storm, at its worst: clients that saw nothing) and report how long until every one
    /// had its `welcome`, and how many frames and bytes each got until then.
    #[arg(long)]
    reconnect_storm: bool,
    /// Create the matches (every seat taken) and exit without connecting or playing: their
    /// games start and wait on the server (for a take-over's figures, say; one process may
    /// not hold two sockets per match when there are many).
    #[arg(long)]
    create_only: bool,
    /// The reconnect storm's `hello.tail` (the web client sends 60): a client that missed
    /// more events gets them in its welcome's `recent`, not as frames (none: no tail, every
    /// missed event follows the welcome as a frame).
    #[arg(long)]
    storm_tail: Option<u64>,
    /// A soak run's progress: every so often during the measurement (e.g. 60s), print the
    /// moves so far and their rate, and each server's memory.
    #[arg(long, value_parser = parse_duration)]
    report_every: Option<Duration>,
}

impl Args {
    /// Node `k` of `--addr` (round the list).
    fn node(&self, k: usize) -> &str {
        let nodes: Vec<&str> = self.addr.split(',').collect();
        nodes[k % nodes.len()].trim()
    }
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .map_or((s, "s"), |i| (&s[..i], &s[i..]));
    let n: f64 = num.parse().map_err(|_| format!("not a duration: {s}"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        _ => return Err(format!("unknown unit in {s}: use ms, s or m")),
    };
    Ok(Duration::from_secs_f64(secs))
}

/// A plain HTTP/1.1 POST with a JSON body; returns the status and JSON reply.
async fn post(
    addr: &str,
    path: &str,
    body: &serde_json::Value,
) -> Result<serde_json::Value, String> {
    let mut s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let body = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf);
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP response")?;
    if !head.starts_with("HTTP/1.1 2") {
        return Err(format!("{}: {body}", head.lines().next().unwrap_or("")));
    }
    serde_json::from_str(body).map_err(|e| e.to_string())
}

struct Match {
    id: String,
    /// One token per seat the load generator plays (both, or seat 1 against a bot).
    tokens: Vec<String>,
}

async fn create_match(args: &Args, i: usize) -> Result<Match, String> {
    let created = post(
        args.node(i),
        "/api/matches",
        &json!({"variant": args.variant, "series": {"kind": "best_of", "target": 99},
                "name": format!("load {i}")}),
    )
    .await?;
    let id = created["match_id"]
        .as_str()
        .ok_or("no match id")?
        .to_owned();
    let joined = post(
        args.node(i + 1),
        &format!("/api/matches/{id}/join"),
        &json!({"invite": created["invites"][0]["invite"], "name": "bot"}),
    )
    .await?;
    Ok(Match {
        tokens: vec![
            created["token"].as_str().ok_or("no token")?.to_owned(),
            joined["token"].as_str().ok_or("no token")?.to_owned(),
        ],
        id,
    })
}

async fn create_bot_match(args: &Args, i: usize) -> Result<Match, String> {
    let created = post(
        args.node(i),
        "/api/matches",
        &json!({"variant": args.variant, "series": {"kind": "best_of", "target": 99},
                "name": format!("load bot {i}"), "bots": [args.bot_level]}),
    )
    .await?;
    Ok(Match {
        id: created["match_id"]
            .as_str()
            .ok_or("no match id")?
            .to_owned(),
        tokens: vec![created["token"].as_str().ok_or("no token")?.to_owned()],
    })
}

#[derive(Deserialize)]
struct TurnM {
    kind: Option<String>,
    seat: Option<u8>,
}

#[derive(Deserialize)]
struct SnapM<'a> {
    game: u32,
    last_event: u64,
    turn: TurnM,
    #[serde(borrow, default)]
    legal: Vec<Cow<'a, str>>,
}

/// The parts of a server message a player looks at.
#[derive(Deserialize)]
struct Msg<'a> {
    #[serde(rename = "type", borrow)]
    ty: Cow<'a, str>,
    #[serde(borrow, default)]
    kind: Option<Cow<'a, str>>,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    no: Option<u64>,
    #[serde(default)]
    game: Option<u32>,
    #[serde(default)]
    turn: Option<TurnM>,
    #[serde(borrow, default)]
    legal: Vec<Cow<'a, str>>,
    #[serde(borrow, default)]
    snapshot: Option<SnapM<'a>>,
}

/// One match's moves as its spectators saw them: when each move was sent, and when its
/// `moved` event reached the last of the match's spectators (by event number).
#[derive(Default)]
struct FanOut {
    sent: std::sync::Mutex<HashMap<u64, Instant>>,
    last_seen: std::sync::Mutex<HashMap<u64, Instant>>,
}

impl FanOut {
    /// Microseconds from each move to its last spectator's receipt.
    fn samples(&self) -> Vec<u32> {
        let sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
        let seen = self.last_seen.lock().unwrap_or_else(|e| e.into_inner());
        sent.iter()
            .filter_map(|(no, t0)| {
                let last = seen.get(no)?;
                Some(
                    last.duration_since(*t0)
                        .as_micros()
                        .min(u128::from(u32::MAX)) as u32,
                )
            })
            .collect()
    }
}

/// The number of a `moved` event frame, read from its start (the server writes `type`, `no`,
/// `game` and `kind` first) without parsing the whole frame.
fn moved_event_no(frame: &str) -> Option<u64> {
    let rest = frame.strip_prefix("{\"type\":\"event\",\"no\":")?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    let no = rest[..end].parse().ok()?;
    let rest = rest[end..].strip_prefix(",\"game\":")?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.starts_with(",\"kind\":\"moved\"").then_some(no)
}

#[derive(Default)]
struct Counters {
    flood_sent: AtomicU64,
    flood_closed: AtomicU64,
    moves: AtomicU64,
    /// Moves of the server's bots, seen by the player they play against.
    bot_moves: AtomicU64,
    events_seen: AtomicU64,
    errors: AtomicU64,
    games: AtomicU64,
    lagged_snapshots: AtomicU64,
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn connect(
    args: &Args,
    node: usize,
    id: &str,
    token: Option<&str>,
) -> Result<Socket, String> {
    hello(args, node, id, token, None).await
}

/// Opens a match's socket and says hello, from `last_event` when given.
async fn hello(
    args: &Args,
    node: usize,
    id: &str,
    token: Option<&str>,
    last_event: Option<u64>,
) -> Result<Socket, String> {
    let mut hello = json!({"type": "hello", "token": token});
    if let Some(n) = last_event {
        hello["last_event"] = json!(n);
    }
    say_hello(args, node, id, hello).await
}

/// Opens a match's socket on node `node` and sends `hello`.
async fn say_hello(args: &Args, node: usize, id: &str, hello: Value) -> Result<Socket, String> {
    let url = format!("ws://{}/ws/matches/{id}", args.node(node));
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| e.to_string())?;
    ws.send(Message::Text(hello.to_string().into()))
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// One player: moves at random whenever it is its turn; returns its latency samples (µs).
#[allow(clippy::too_many_arguments)]
async fn player(
    mut ws: Socket,
    seat: u8,
    against_bot: bool,
    think: Duration,
    mut rng: u64,
    counters: Arc<Counters>,
    fanout: Arc<FanOut>,
    measuring: Arc<AtomicBool>,
    mut stop: watch::Receiver<bool>,
    mut go: watch::Receiver<bool>,
) -> Vec<u32> {
    let mut lat = Vec::new();
    // Everyone starts together, once every connection is open.
    if go.wait_for(|&g| g).await.is_err() {
        return lat;
    }
    let mut seq = 0u64;
    let mut sent_at: Option<Instant> = None;
    // The event number this seat last moved at: until that move is applied nothing else
    // happens in a two-player game, so a later message about the same point must not move.
    let mut acted_at = 0u64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    loop {
        let frame = tokio::select! {
            f = ws.next() => f,
            _ = stop.changed() => break,
        };
        let Some(Ok(frame)) = frame else { break };
        let Message::Text(t) = frame else { continue };
        let Ok(m) = serde_json::from_str::<Msg>(t.as_str()) else {
            counters.errors.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let kind = m.kind.clone();
        let (turn, legal, game, point) = match m.ty.as_ref() {
            "welcome" | "snapshot" => {
                if m.ty == "snapshot" {
                    counters.lagged_snapshots.fetch_add(1, Ordering::Relaxed);
                }
                let Some(s) = m.snapshot else { continue };
                seq += 1;
                if m.ty == "welcome" {
                    let msg =
                        json!({"type": "client_seed", "seq": seq, "seed": format!("bot{seat}")});
                    if ws
                        .send(Message::Text(msg.to_string().into()))
                        .await
                        .is_err()
                    {
                        break;
                    }
                }
                if s.last_event > acted_at {
                    // Whatever this seat sent was applied (or overtaken) meanwhile; its
                    // `moved` event was in what the snapshot replaced.
                    sent_at = None;
                }
                (s.turn, s.legal, s.game, s.last_event)
            }
            "event" => {
                if against_bot
                    && m.kind.as_deref() == Some("moved")
                    && m.seat != Some(seat)
                    && measuring.load(Ordering::Relaxed)
                {
                    counters.bot_moves.fetch_add(1, Ordering::Relaxed);
                }
                if m.kind.as_deref() == Some("moved") && m.seat == Some(seat) {
                    if let Some(t0) = sent_at.take() {
                        if measuring.load(Ordering::Relaxed) {
                            lat.push(t0.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                            counters.moves.fetch_add(1, Ordering::Relaxed);
                            if let Some(no) = m.no {
                                fanout
                                    .sent
                                    .lock()
                                    .unwrap_or_else(|e| e.into_inner())
                                    .insert(no, t0);
                            }
                        }
                    }
                }
                if m.kind.as_deref() == Some("game_over") && seat == 1 {
                    counters.games.fetch_add(1, Ordering::Relaxed);
                }
                let (Some(turn), Some(game), Some(no)) = (m.turn, m.game, m.no) else {
                    continue;
                };
                (turn, m.legal, game, no)
            }
            "error" => {
                // A seed that arrives after the seed wait ran out is expected under load.
                if t.as_str().contains("\"seeds_closed\"") {
                    continue;
                }
                if counters.errors.fetch_add(1, Ordering::Relaxed) < 3 {
                    eprintln!("error: {}", t.as_str());
                }
                continue;
            }
            _ => continue,
        };
        match turn.kind.as_deref() {
            Some("seeds") if kind.as_deref() == Some("game_started") => {
                seq += 1;
                let msg = json!({"type": "client_seed", "seq": seq, "seed": format!("bot{seat}")});
                if ws
                    .send(Message::Text(msg.to_string().into()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            Some("move")
                if turn.seat == Some(seat)
                    && !legal.is_empty()
                    && sent_at.is_none()
                    && point > acted_at =>
            {
                acted_at = point;
                if !think.is_zero() {
                    tokio::time::sleep(think).await;
                }
                seq += 1;
                let mv = &legal[next(legal.len())];
                let msg = json!({"type": "move", "seq": seq, "game": game, "move": mv});
                sent_at = Some(Instant::now());
                if ws
                    .send(Message::Text(msg.to_string().into()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            Some("game_over") if kind.as_deref() == Some("game_over") => {
                sent_at = None;
                seq += 1;
                let msg = json!({"type": "rematch", "seq": seq});
                if ws
                    .send(Message::Text(msg.to_string().into()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            _ => {}
        }
    }
    lat
}

/// One flooder: watches a match and sends pings and out-of-turn messages without pause,
/// reading nothing back; reconnects when the server closes the socket.
async fn flooder(args: Args, id: String, counters: Arc<Counters>, mut stop: watch::Receiver<bool>) {
    let junk = [
        r#"{"type":"ping","seq":1}"#,
        r#"{"type":"move","seq":2,"game":1,"move":"1-2"}"#,
        r#"{not json"#,
    ];
    let mut n = 0usize;
    while !*stop.borrow() {
        let Ok(ws) = connect(&args, 0, &id, None).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let (mut sink, mut stream) = ws.split();
        // Drain in the background (a flood that never reads is the slow-consumer case).
        let reader = tokio::spawn(async move { while let Some(Ok(_)) = stream.next().await {} });
        loop {
            if *stop.borrow() {
                break;
            }
            n += 1;
            let text = junk[n % junk.len()];
            if sink.send(Message::Text(text.into())).await.is_err() {
                counters.flood_closed.fetch_add(1, Ordering::Relaxed);
                break;
            }
            counters.flood_sent.fetch_add(1, Ordering::Relaxed);
            // Sends in bursts every 10 ms to keep to the rate.
            let per_tick = (args.flood_rate / 100).max(1) as usize;
            if args.flood_rate > 0 && n % per_tick == 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            } else if n % 64 == 0 {
                tokio::task::yield_now().await;
            }
        }
        reader.abort();
    }
    let _ = stop.changed().await;
}

/// One spectator: counts the events it receives.
async fn spectator(
    mut ws: Socket,
    counters: Arc<Counters>,
    fanout: Arc<FanOut>,
    measuring: Arc<AtomicBool>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        let frame = tokio::select! {
            f = ws.next() => f,
            _ = stop.changed() => break,
        };
        let Some(Ok(frame)) = frame else { break };
        if let Message::Text(t) = frame {
            if measuring.load(Ordering::Relaxed) && t.as_str().starts_with("{\"type\":\"event\"") {
                counters.events_seen.fetch_add(1, Ordering::Relaxed);
                if let Some(no) = moved_event_no(t.as_str()) {
                    let now = Instant::now();
                    fanout
                        .last_seen
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .entry(no)
                        .and_modify(|t| *t = (*t).max(now))
                        .or_insert(now);
                }
            }
        }
    }
}

/// What one reconnect of the storm saw: time to its `welcome`, frames and bytes until then.
struct Rejoin {
    took: Duration,
    frames: u32,
    bytes: usize,
}

async fn rejoin(args: Args, id: String, token: String) -> Result<Rejoin, String> {
    let started = Instant::now();
    let mut hello = json!({"type": "hello", "token": token, "last_event": 0});
    if let Some(tail) = args.storm_tail {
        hello["tail"] = json!(tail);
    }
    let mut ws = say_hello(&args, 0, &id, hello).await?;
    let (mut frames, mut bytes) = (0u32, 0usize);
    while let Some(frame) = ws.next().await {
        let Message::Text(t) = frame.map_err(|e| e.to_string())? else {
            continue;
        };
        frames += 1;
        bytes += t.len();
        if t.as_str().starts_with("{\"type\":\"welcome\"") {
            return Ok(Rejoin {
                took: started.elapsed(),
                frames,
                bytes,
            });
        }
    }
    Err("closed before its welcome".into())
}

/// Every player reconnects at once (`--reconnect-storm`).
async fn reconnect_storm(args: &Args, matches: &[Match]) {
    let started = Instant::now();
    let tasks: Vec<_> = matches
        .iter()
        .flat_map(|m| m.tokens.iter().map(|t| (m.id.clone(), t.clone())))
        .map(|(id, token)| tokio::spawn(rejoin(args.clone(), id, token)))
        .collect();
    let mut done = Vec::new();
    let mut failed = 0usize;
    for task in tasks {
        match task.await {
            Ok(Ok(r)) => done.push(r),
            Ok(Err(e)) => {
                failed += 1;
                if failed <= 3 {
                    eprintln!("reconnect failed: {e}");
                }
            }
            Err(e) => {
                failed += 1;
                eprintln!("reconnect task failed: {e}");
            }
        }
    }
    let all = started.elapsed();
    let mut took: Vec<u32> = done
        .iter()
        .map(|r| r.took.as_micros().min(u128::from(u32::MAX)) as u32)
        .collect();
    took.sort_unstable();
    let n = done.len().max(1);
    println!(
        "reconnect storm: {} sockets at once, {} failed; all welcomed after {:.0} ms; \
         each: p50 {:.1} ms p99 {:.1} ms; frames until welcome: max {}; bytes: mean {:.0}",
        done.len() + failed,
        failed,
        all.as_secs_f64() * 1000.0,
        percentile(&took, 0.50),
        percentile(&took, 0.99),
        done.iter().map(|r| r.frames).max().unwrap_or(0),
        done.iter().map(|r| r.bytes).sum::<usize>() as f64 / n as f64,
    );
}

/// Sleeps through the measurement, printing every `every` the moves so far, their rate since
/// the last line, the servers' CPU and their memory.
async fn soak(args: &Args, counters: &Counters, t0: Instant, every: Duration) {
    let end = t0 + args.duration;
    let (mut last_moves, mut last_at) = (0, t0);
    let mut last_cpu = servers_cpu(&args.server_pid);
    while Instant::now() < end {
        tokio::time::sleep_until((Instant::now() + every).min(end).into()).await;
        let now = Instant::now();
        let moves = counters.moves.load(Ordering::Relaxed);
        let secs = (now - last_at).as_secs_f64();
        let cpu = servers_cpu(&args.server_pid);
        let busy = match (last_cpu, cpu) {
            (Some(a), Some(b)) => {
                format!("{:.0}% of one core", 100.0 * (b.total() - a.total()) / secs)
            }
            _ => "-".to_owned(),
        };
        println!(
            "soak {:>5.0} s: moves {} ({:.0}/s); servers' CPU {}; memory {}",
            (now - t0).as_secs_f64(),
            moves,
            (moves - last_moves) as f64 / secs,
            busy,
            rss_of(&args.server_pid).unwrap_or_else(|| "-".to_owned()),
        );
        (last_moves, last_at, last_cpu) = (moves, now, cpu);
    }
}

fn rss(pid: u32) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_owned())
    };
    Some(format!(
        "VmRSS {} (peak VmHWM {})",
        field("VmRSS:")?,
        field("VmHWM:").unwrap_or_default()
    ))
}

/// The memory of each process in `pids` (none when there are none or one cannot be read).
fn rss_of(pids: &[u32]) -> Option<String> {
    if pids.is_empty() {
        return None;
    }
    let each: Option<Vec<String>> = pids.iter().map(|&p| rss(p)).collect();
    Some(each?.join("; "))
}

/// CPU seconds a process has used, in user space and in the kernel (on a loopback test
/// the kernel's share holds the receiving side of every TCP segment the process sends).
#[derive(Clone, Copy, Default)]
struct Cpu {
    user: f64,
    kernel: f64,
}

impl Cpu {
    fn total(self) -> f64 {
        self.user + self.kernel
    }

    fn since(self, earlier: Cpu) -> Cpu {
        Cpu {
            user: self.user - earlier.user,
            kernel: self.kernel - earlier.kernel,
        }
    }
}

/// CPU the processes in `pids` have used together (none when there are none or one cannot
/// be read).
fn servers_cpu(pids: &[u32]) -> Option<Cpu> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().try_fold(Cpu::default(), |sum, p| {
        let one = cpu_seconds(&p.to_string())?;
        Some(Cpu {
            user: sum.user + one.user,
            kernel: sum.kernel + one.kernel,
        })
    })
}

/// The CPU a process has used, from `/proc/<pid>/stat` (Linux's clock tick is 100 Hz on
/// every platform Rust targets).
fn cpu_seconds(pid: &str) -> Option<Cpu> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start at `) `.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let seconds = |i: usize| Some(fields.get(i)?.parse::<u64>().ok()? as f64 / 100.0);
    Some(Cpu {
        user: seconds(11)?,
        kernel: seconds(12)?,
    })
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
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
    // 3. Play; measure after a short warm-up.
    let _ = go_tx.send(true);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_before = rss_of(&args.server_pid);
    let cpu_before = (servers_cpu(&args.server_pid), cpu_seconds("self"));
    measuring.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    match args.report_every {
        Some(every) if !every.is_zero() => soak(&args, &counters, t0, every).await,
        _ => tokio::time::sleep(args.duration).await,
    }
    measuring.store(false, Ordering::Relaxed);
    let elapsed = t0.elapsed();
    let rss_after = rss_of(&args.server_pid);
    let cpu_after = (servers_cpu(&args.server_pid), cpu_seconds("self"));
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
    lat.sort_unstable();
    if args.reconnect_storm {
        reconnect_storm(&args, &matches).await;
    }
    report(
        &args, connected, failed, moves, events, elapsed, &counters, &lat, rss_before, rss_after,
    );
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

#[allow(clippy::too_many_arguments)]
fn report(
    args: &Args,
    connected: usize,
    failed: usize,
    moves: u64,
    events: u64,
    elapsed: Duration,
    counters: &Counters,
    lat: &[u32],
    rss_before: Option<String>,
    rss_after: Option<String>,
) {
    let secs = elapsed.as_secs_f64();
    println!(
        "matches {}  spectators {}  variant {}  think {} ms  duration {:.1} s",
        args.matches, args.spectators, args.variant, args.think_ms, secs
    );
    println!("connections: {connected} open, {failed} failed");
    println!(
        "moves: {moves} ({:.0}/s); games finished {}; spectator events received {} ({:.0}/s)",
        moves as f64 / secs,
        counters.games.load(Ordering::Relaxed),
        events,
        events as f64 / secs
    );
    println!(
        "errors: {}; lag snapshots: {}",
        counters.errors.load(Ordering::Relaxed),
        counters.lagged_snapshots.load(Ordering::Relaxed)
    );
    println!(
        "move->broadcast latency: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms  ({} samples)",
        percentile(lat, 0.50),
        percentile(lat, 0.99),
        lat.last().map_or(0.0, |&m| f64::from(m) / 1000.0),
        lat.len()
    );
    if args.bot_matches > 0 {
        let bot_moves = counters.bot_moves.load(Ordering::Relaxed);
        println!(
            "bot matches {} ({}): bot moves {bot_moves} ({:.0}/s), counted in the CPU per move \
             (the latency figures are the people's moves only)",
            args.bot_matches,
            args.bot_level,
            bot_moves as f64 / secs
        );
    }
    if args.flooders > 0 {
        println!(
            "flooders: {}; messages sent {}; sockets closed by the server {}",
            args.flooders,
            counters.flood_sent.load(Ordering::Relaxed),
            counters.flood_closed.load(Ordering::Relaxed)
        );
    }
    if let Some(r) = rss_before {
        println!("server memory when play began: {r}");
    }
    if let Some(r) = rss_after {
        println!("server memory at end of run:   {r}");
    }
}

#[cfg(test)]
mod tests {
    use super::moved_event_no;

    #[test]
    fn a_moved_event_s_number_is_read_from_its_start() {
        let moved = r#"{"type":"event","no":212,"game":3,"kind":"moved","seat":2,"move":"20-21"}"#;
        assert_eq!(moved_event_no(moved), Some(212));
        let thrown = r#"{"type":"event","no":213,"game":3,"kind":"thrown","seat":1,"throw_no":61}"#;
        assert_eq!(moved_event_no(thrown), None);
        // A later field that says "moved" is not the event's kind.
        let chat = r#"{"type":"event","no":9,"game":1,"kind":"passed","seat":1,"reason":"no_move","text":"\"kind\":\"moved\""}"#;
        assert_eq!(moved_event_no(chat), None);
        assert_eq!(moved_event_no(r#"{"type":"welcome"}"#), None);
    }
}
