//! The partition harness's client (`--checked`, run by `scripts/partition.sh`): players and
//! spectators that survive faults, remember everything they were told, and a checker that
//! holds it against the store afterwards.
//!
//! Every socket reconnects whenever its node stops answering (no frame for
//! [`SILENCE`] although it pings every second), closes it, or says `match_moved`; it then
//! tries the next node of `--addr` with `last_event`, so it is told what it missed. Players
//! move at random when it is their turn, retry a refused move, start each game and ask for
//! the next, and post a chat line every `--chat-every` moves; each acknowledgement is
//! written down. The frames are read as JSON values, not as `senet-protocol`'s types: the
//! checker compares the fields as they were sent.
//!
//! The checker ([`checker`]) then holds it all against the store.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use crate::args::Args;
use crate::setup::{Match, create_match};
use crate::sockets::Socket;

mod checker;
mod record;

use record::{Record, Shown};

/// How long a socket may hear nothing (it pings every second) before it counts as cut off.
const SILENCE: Duration = Duration::from_secs(4);
/// How long to wait before sending a refused move again.
const RETRY: Duration = Duration::from_millis(300);

/// What a socket was last told about the match.
#[derive(Debug, Clone)]
struct View {
    point: u64,
    game: u64,
    kind: String,
    seat: Option<u64>,
    legal: Vec<String>,
}

impl View {
    fn of(frame: &Value, point: u64) -> View {
        View {
            point,
            game: frame["game"].as_u64().unwrap_or(0),
            kind: frame["turn"]["kind"].as_str().unwrap_or("").to_owned(),
            seat: frame["turn"]["seat"].as_u64(),
            legal: frame["legal"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|m| m.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// A message waiting for its reply.
enum Pending {
    Move { no: u64, mv: String },
    Chat(String),
    Other,
}

/// The player or spectator: everything the socket's life keeps across reconnections.
struct Participant {
    /// The command line: its `--addr` lists the nodes ([`Args::node`]).
    args: Arc<Args>,
    node: usize,
    match_id: String,
    token: Option<String>,
    seat: Option<u64>,
    chat_every: u64,
    rng: u64,
    seq: u64,
    /// The highest event number this socket knows of.
    last_event: u64,
    /// The event number at which this seat last sent a move (0: none owed on this
    /// connection).
    moved_at: u64,
    /// The game this seat last sent its client seed for.
    seeded_game: u64,
    /// The event number of the game's end at which this seat last asked for the next game.
    rematch_at: u64,
    moves_made: u64,
    chats_sent: u64,
    record: Record,
}

/// How one connection ended.
enum Ended {
    Stop,
    Reconnect,
}

impl Participant {
    fn next_random(&mut self, n: usize) -> usize {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % n as u64) as usize
    }

    async fn run(mut self, mut stop: watch::Receiver<bool>) -> Record {
        while !*stop.borrow() {
            let addr = self.args.node(self.node).to_owned();
            let opened = tokio::time::timeout(SILENCE, self.open(&addr)).await;
            if let Ok(Ok((ws, welcome))) = opened {
                self.record.connections += 1;
                if let Ended::Stop = self.connection(ws, welcome, &mut stop).await {
                    break;
                }
            }
            // Cut off, refused or closed: the next node, after a moment.
            self.node += 1;
            tokio::select! {
                () = tokio::time::sleep(Duration::from_millis(200)) => {}
                _ = stop.changed() => break,
            }
        }
        self.record
    }

    /// Connects and says hello with what this socket has seen; the socket and its welcome.
    async fn open(&mut self, addr: &str) -> Result<(Socket, Value), String> {
        let url = format!("ws://{addr}/ws/matches/{}", self.match_id);
        // Nagle off, as a browser has it: a move and its chat line must not wait for an ack.
        let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
            .await
            .map_err(|e| e.to_string())?;
        let mut hello = json!({"type": "hello", "token": self.token});
        if self.token.is_none() {
            hello["name"] = json!("watcher");
        }
        if self.last_event > 0 {
            hello["last_event"] = json!(self.last_event);
        }
        ws.send(Message::Text(hello.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        while let Some(frame) = ws.next().await {
            let Ok(Message::Text(t)) = frame else {
                continue;
            };
            let v: Value = serde_json::from_str(t.as_str()).map_err(|e| e.to_string())?;
            if v["type"] == "welcome" {
                return Ok((ws, v));
            }
            if v["type"] == "error" {
                return Err(v.to_string());
            }
        }
        Err("closed before its welcome".into())
    }

    /// One connection's life, from its welcome until it is cut off, closed or stopped.
    async fn connection(
        &mut self,
        mut ws: Socket,
        welcome: Value,
        stop: &mut watch::Receiver<bool>,
    ) -> Ended {
        let asked_from = self.last_event;
        self.seq = self.seq.max(welcome["last_seq"].as_u64().unwrap_or(0));
        // Whatever the last connection sent and heard no answer to may be lost: the welcome
        // shows the match as it is, so anything still owed is sent again (what was applied
        // moved the match on, and is not asked for twice).
        (self.moved_at, self.rematch_at, self.seeded_game) = (0, 0, 0);
        let snapshot = &welcome["snapshot"];
        let now_at = snapshot["last_event"].as_u64().unwrap_or(0);
        // Missed events follow the welcome as frames: the first is the one after what this
        // socket had; with none missed, the one after the snapshot.
        let mut expect = if welcome["missed"].as_u64().unwrap_or(0) > 0 {
            asked_from + 1
        } else {
            now_at + 1
        };
        if let Some(lines) = welcome["chat"].as_array() {
            self.see_chat(lines);
        }
        let mut view = View::of(snapshot, now_at);
        self.last_event = self.last_event.max(now_at);
        let mut pending: HashMap<u64, Pending> = HashMap::new();
        let mut retry_at: Option<Instant> = None;
        if self.act(&mut ws, &view, &mut pending).await.is_err() {
            return Ended::Reconnect;
        }
        let mut ping = tokio::time::interval(Duration::from_secs(1));
        let mut heard = Instant::now();
        loop {
            let retry = async {
                match retry_at {
                    Some(t) => tokio::time::sleep_until(t.into()).await,
                    None => std::future::pending().await,
                }
            };
            let frame = tokio::select! {
                f = ws.next() => f,
                _ = ping.tick() => {
                    if heard.elapsed() > SILENCE {
                        return Ended::Reconnect;
                    }
                    let ping = json!({"type": "ping"}).to_string();
                    if ws.send(Message::Text(ping.into())).await.is_err() {
                        return Ended::Reconnect;
                    }
                    continue;
                }
                () = retry => {
                    retry_at = None;
                    if self.act(&mut ws, &view, &mut pending).await.is_err() {
                        return Ended::Reconnect;
                    }
                    continue;
                }
                _ = stop.changed() => {
                    let _ = ws.close(None).await;
                    return Ended::Stop;
                }
            };
            let Some(Ok(frame)) = frame else {
                return Ended::Reconnect;
            };
            heard = Instant::now();
            let Message::Text(t) = frame else { continue };
            let Ok(v) = serde_json::from_str::<Value>(t.as_str()) else {
                continue;
            };
            match v["type"].as_str().unwrap_or("") {
                "event" => {
                    let Some(shown) = Shown::of(&v) else { continue };
                    if shown.no != expect {
                        self.record.order_faults.push(format!(
                            "{}: connection {} expected event {expect}, got {}",
                            self.record.label, self.record.connections, shown.no
                        ));
                    }
                    expect = shown.no + 1;
                    self.last_event = self.last_event.max(shown.no);
                    let no = shown.no;
                    self.record.shown.push(shown);
                    if no >= view.point {
                        view = View::of(&v, no);
                    }
                }
                "snapshot" => {
                    let s = &v["snapshot"];
                    let at = s["last_event"].as_u64().unwrap_or(0);
                    expect = at + 1;
                    self.last_event = self.last_event.max(at);
                    view = View::of(s, at);
                }
                "chat" => self.see_chat(std::slice::from_ref(&v)),
                "ack" => {
                    let Some(seq) = v["seq"].as_u64() else {
                        continue;
                    };
                    match pending.remove(&seq) {
                        Some(Pending::Move { no, mv }) => {
                            let seat = self.seat.unwrap_or(0);
                            self.record.acked_moves.push((no, seat, mv));
                        }
                        Some(Pending::Chat(text)) => self.record.acked_chat.push(text),
                        Some(Pending::Other) | None => {}
                    }
                    // The ack may come after the event that gives this seat the turn
                    // again: that turn waited for it.
                }
                "error" => {
                    if v["code"] == "match_moved" {
                        return Ended::Reconnect;
                    }
                    let Some(seq) = v["seq"].as_u64() else {
                        continue;
                    };
                    if let Some(Pending::Move { .. }) = pending.remove(&seq) {
                        // Refused (the store is away, say): nothing changed; try again.
                        self.record.refused_moves += 1;
                        self.moved_at = 0;
                        retry_at = Some(Instant::now() + RETRY);
                    }
                    continue;
                }
                "going_away" => return Ended::Reconnect,
                _ => continue,
            }
            if self.act(&mut ws, &view, &mut pending).await.is_err() {
                return Ended::Reconnect;
            }
        }
    }

    fn see_chat(&mut self, lines: &[Value]) {
        for l in lines {
            if let (Some(id), Some(text)) = (l["id"].as_u64(), l["text"].as_str()) {
                self.record.chat_shown.push((id, text.to_owned()));
            }
        }
    }

    /// What a player does about the match as `view` shows it, if anything.
    async fn act(
        &mut self,
        ws: &mut Socket,
        view: &View,
        pending: &mut HashMap<u64, Pending>,
    ) -> Result<(), ()> {
        let Some(seat) = self.seat else { return Ok(()) };
        // Only the newest news: a missed event replayed after the welcome is history.
        if view.point < self.last_event {
            return Ok(());
        }
        let mut out = Vec::new();
        match view.kind.as_str() {
            "seeds" if self.seeded_game != view.game => {
                self.seeded_game = view.game;
                self.seq += 1;
                pending.insert(self.seq, Pending::Other);
                out.push(json!({"type": "client_seed", "seq": self.seq, "seed": "checked"}));
            }
            "move"
                if view.seat == Some(seat)
                    && !view.legal.is_empty()
                    && view.point > self.moved_at
                    && !pending.values().any(|p| matches!(p, Pending::Move { .. })) =>
            {
                self.moved_at = view.point;
                let mv = view.legal[self.next_random(view.legal.len())].clone();
                self.seq += 1;
                pending.insert(
                    self.seq,
                    Pending::Move {
                        no: view.point + 1,
                        mv: mv.clone(),
                    },
                );
                out.push(json!({"type": "move", "seq": self.seq, "game": view.game, "move": mv}));
                self.moves_made += 1;
                if self.chat_every > 0 && self.moves_made % self.chat_every == 0 {
                    self.chats_sent += 1;
                    let text = format!(
                        "{} {} line {}",
                        self.match_id, self.record.label, self.chats_sent
                    );
                    self.seq += 1;
                    pending.insert(self.seq, Pending::Chat(text.clone()));
                    out.push(json!({"type": "chat", "seq": self.seq, "text": text}));
                }
            }
            "game_over" if view.point > self.rematch_at => {
                self.rematch_at = view.point;
                self.seq += 1;
                pending.insert(self.seq, Pending::Other);
                out.push(json!({"type": "rematch", "seq": self.seq}));
            }
            _ => {}
        }
        for m in out {
            ws.send(Message::Text(m.to_string().into()))
                .await
                .map_err(|_| ())?;
        }
        Ok(())
    }
}

/// Plays `--matches` matches with `--spectators` watchers through the faults for
/// `--duration`, then checks the store; the process's exit status is the verdict.
pub(crate) async fn run(args: &Args) -> bool {
    let Some(db_url) = args.check_db.clone() else {
        eprintln!("--checked needs --check-db (the store's Postgres URL)");
        return false;
    };
    let shared = Arc::new(args.clone());
    let mut matches: Vec<Match> = Vec::new();
    for i in 0..args.matches {
        match create_match(args, i).await {
            Ok(m) => matches.push(m),
            Err(e) => {
                eprintln!("match {i}: {e}");
                return false;
            }
        }
    }
    let (stop_tx, stop) = watch::channel(false);
    let mut tasks = Vec::new();
    for (i, m) in matches.iter().enumerate() {
        let mut sockets: Vec<(Option<String>, Option<u64>, String)> = m
            .tokens
            .iter()
            .enumerate()
            .map(|(s, t)| {
                (
                    Some(t.clone()),
                    Some(s as u64 + 1),
                    format!("seat {}", s + 1),
                )
            })
            .collect();
        let watchers = args.spectators / args.matches.max(1)
            + usize::from(i < args.spectators % args.matches.max(1));
        for w in 0..watchers {
            sockets.push((None, None, format!("watcher {}", w + 1)));
        }
        for (k, (token, seat, label)) in sockets.into_iter().enumerate() {
            let p = Participant {
                args: shared.clone(),
                node: i + k + 1,
                match_id: m.id.clone(),
                token,
                seat,
                chat_every: args.chat_every,
                rng: (0x9E37_79B9_7F4A_7C15u64 ^ ((i as u64) << 8 | k as u64)) | 1,
                seq: 0,
                last_event: 0,
                moved_at: 0,
                seeded_game: 0,
                rematch_at: 0,
                moves_made: 0,
                chats_sent: 0,
                record: Record {
                    label,
                    ..Record::default()
                },
            };
            tasks.push((i, tokio::spawn(p.run(stop.clone()))));
        }
    }
    eprintln!(
        "{} matches, {} sockets, playing for {:?}",
        matches.len(),
        tasks.len(),
        args.duration
    );
    tokio::time::sleep(args.duration).await;
    let _ = stop_tx.send(true);
    let mut records: Vec<Vec<Record>> = matches.iter().map(|_| Vec::new()).collect();
    for (i, t) in tasks {
        if let Ok(r) = t.await {
            records[i].push(r);
        }
    }
    match checker::check(&db_url, &matches, &records).await {
        Ok(faults) => faults == 0,
        Err(e) => {
            eprintln!("the checker could not read the store: {e}");
            false
        }
    }
}
