//! One arena player (`--arena`): its page socket (`/ws/people`, with its session cookie)
//! brings each `tournament_game`; it then plays that seat on the match socket (random legal
//! moves after `--think-ms`, resigning once it made its game's share of
//! `--arena-resign-after` moves) and waits for the next. Both sockets survive a node's
//! death: they reconnect to the next node of `--addr`. The page is read once more (one
//! `GET /api/tournaments/{id}`, which also says the player is there) only when its page
//! socket reconnected, or when no pairing came for 30 s.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use senet_protocol::people_msg::PeopleMsg;
use senet_protocol::{ClientMsg, EventKind, ServerMsg, TurnKind};
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::arena_http::{http, unix_ms};
use crate::args::Args;
use crate::sockets::{Socket, send};

/// How long a player with no game waits before reading the tournament's page once.
const IDLE_LOOK: Duration = Duration::from_secs(30);

/// How long a match socket may stay silent before it is opened again elsewhere.
const SILENT: Duration = Duration::from_secs(20);

/// What every bot shares.
#[derive(Debug)]
pub(crate) struct Arena {
    /// The command line.
    pub(crate) args: Args,
    /// The tournament.
    pub(crate) id: String,
    /// When it starts (Unix ms).
    pub(crate) starts_ms: i64,
    /// When it ends (Unix ms).
    pub(crate) ends_ms: i64,
}

/// A signed-in account that plays.
#[derive(Debug, Clone)]
pub(crate) struct Account {
    /// Its player id.
    pub(crate) player_id: String,
    /// Its `senet_session` cookie's value.
    pub(crate) cookie: String,
}

/// One game a bot was given, and what it saw of it.
#[derive(Debug, Clone)]
pub(crate) struct Played {
    /// The match.
    pub(crate) match_id: String,
    /// The bot's seat.
    pub(crate) seat: u8,
    /// Whether it saw the game end, and who won (`Some(None)`: over, winner not known, as
    /// when a reconnect found it over; `None`: not seen ending).
    pub(crate) over: Option<Option<u8>>,
    /// When it saw the end (Unix ms).
    pub(crate) over_ms: Option<i64>,
    /// The bot resigned it.
    pub(crate) resigned: bool,
}

/// What one bot reports.
#[derive(Debug, Default)]
pub(crate) struct BotReport {
    /// Its player id.
    pub(crate) player_id: String,
    /// Its games, in the order it was given them.
    pub(crate) games: Vec<Played>,
    /// Re-pairing latencies: (ms from a `game_over` to the next `tournament_game`, when the
    /// game ended, Unix ms).
    pub(crate) repaired: Vec<(u64, i64)>,
    /// Games found by reading the page rather than on the page socket.
    pub(crate) found_by_look: usize,
    /// Page reads (after a reconnect or an idle wait).
    pub(crate) looks: usize,
    /// Page and match sockets opened again after a close.
    pub(crate) reconnects: usize,
    /// Moves sent.
    pub(crate) moves: u64,
    /// Errors and refusals seen, but for the ones below.
    pub(crate) errors: u64,
    /// `match_unavailable` refusals: a match socket opened while the match's node was gone
    /// and before another took the match over (the bot tries again on the next node).
    pub(crate) unavailable: u64,
}

/// A pairing, as the page socket or the page said it.
#[derive(Debug)]
enum News {
    Game {
        match_id: String,
        seat: u8,
        token: String,
        at: Instant,
        by_look: bool,
    },
    /// The page socket was opened again: read the page once, for what it missed.
    Reopened,
}

/// Plays as `me` (bot `k`) until `stop`.
pub(crate) async fn bot(
    arena: Arc<Arena>,
    me: Account,
    k: usize,
    mut rng: u64,
    stop: watch::Receiver<bool>,
) -> BotReport {
    let mut report = BotReport {
        player_id: me.player_id.clone(),
        ..BotReport::default()
    };
    let (tx, mut rx) = mpsc::unbounded_channel();
    let page = tokio::spawn(page_socket(
        arena.clone(),
        me.cookie.clone(),
        k,
        tx,
        stop.clone(),
    ));
    let mut seen: HashSet<String> = HashSet::new();
    let mut last_over: Option<(Instant, i64)> = None;
    let mut stop_rx = stop.clone();
    loop {
        if *stop_rx.borrow() {
            break;
        }
        // Before the start nobody is paired: the idle wait counts from the start.
        let idle = IDLE_LOOK + Duration::from_millis((arena.starts_ms - unix_ms()).max(0) as u64);
        let news = tokio::select! {
            n = rx.recv() => n,
            _ = tokio::time::sleep(idle) => Some(News::Reopened),
            _ = stop_rx.changed() => break,
        };
        let news = match news {
            Some(News::Reopened) => match look(&arena, &me, &mut report).await {
                Some(n) => n,
                None => continue,
            },
            Some(n) => n,
            None => break,
        };
        let News::Game {
            match_id,
            seat,
            token,
            at,
            by_look,
        } = news
        else {
            continue;
        };
        if !seen.insert(match_id.clone()) {
            continue;
        }
        if let Some((t0, ended_ms)) = last_over.take() {
            // Only games that ended well before the arena's end count.
            if ended_ms < arena.ends_ms - 10_000 {
                let ms = at.saturating_duration_since(t0).as_millis() as u64;
                report.repaired.push((ms, ended_ms));
            }
        }
        report.found_by_look += usize::from(by_look);
        let cap = resign_cap(arena.args.arena_resign_after, &mut rng);
        let played = play(
            &arena,
            k,
            &match_id,
            seat,
            &token,
            cap,
            &mut rng,
            &mut report,
            stop.clone(),
        )
        .await;
        if let (Some(_), Some(ms)) = (played.over, played.over_ms) {
            last_over = Some((Instant::now(), ms));
        }
        report.games.push(played);
    }
    page.abort();
    report
}

/// This game's resignation point: a random share of `k` (half to one and a half), so the
/// seat that resigns is either; 0: never.
fn resign_cap(k: u64, rng: &mut u64) -> u64 {
    if k == 0 {
        return u64::MAX;
    }
    k / 2 + xorshift(rng) % (k + 1)
}

fn xorshift(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// Reads the tournament's page once (as the player: it also says they are there), and
/// returns the game it shows the player in, if any.
async fn look(arena: &Arena, me: &Account, report: &mut BotReport) -> Option<News> {
    report.looks += 1;
    let nodes = arena.args.addr.split(',').count();
    for attempt in 0..nodes.max(1) * 3 {
        let node = arena.args.node(report.looks + attempt);
        let path = format!("/api/tournaments/{}", arena.id);
        match http(node, "GET", &path, Some(&me.cookie), None).await {
            Ok(a) if a.status == 200 => {
                let p = &a.body["me"]["playing"];
                return Some(News::Game {
                    match_id: p["match_id"].as_str()?.to_owned(),
                    seat: u8::try_from(p["seat"].as_u64()?).ok()?,
                    token: p["token"].as_str()?.to_owned(),
                    at: Instant::now(),
                    by_look: true,
                });
            }
            _ => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
    report.errors += 1;
    None
}

/// The page socket, opened again (on the next node) whenever it closes; hands every
/// `tournament_game` of this tournament on.
async fn page_socket(
    arena: Arc<Arena>,
    cookie: String,
    k: usize,
    tx: mpsc::UnboundedSender<News>,
    mut stop: watch::Receiver<bool>,
) {
    let mut node = k;
    let mut opened = 0usize;
    loop {
        if *stop.borrow() {
            return;
        }
        let ws = match open_page(&arena.args, node, &cookie).await {
            Ok(ws) => ws,
            Err(_) => {
                node += 1;
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        opened += 1;
        if opened > 1 && tx.send(News::Reopened).is_err() {
            return;
        }
        let mut ws = ws;
        loop {
            let frame = tokio::select! {
                f = ws.next() => f,
                _ = stop.changed() => return,
            };
            let Some(Ok(frame)) = frame else { break };
            let Message::Text(t) = frame else { continue };
            let at = Instant::now();
            if let Ok(PeopleMsg::TournamentGame {
                tournament_id,
                match_id,
                seat,
                token,
                ..
            }) = serde_json::from_str::<PeopleMsg>(t.as_str())
            {
                if tournament_id == arena.id {
                    let news = News::Game {
                        match_id,
                        seat,
                        token,
                        at,
                        by_look: false,
                    };
                    if tx.send(news).is_err() {
                        return;
                    }
                }
            }
        }
        node += 1;
    }
}

async fn open_page(args: &Args, node: usize, cookie: &str) -> Result<Socket, String> {
    let mut req = format!("ws://{}/ws/people", args.node(node))
        .into_client_request()
        .map_err(|e| e.to_string())?;
    let value = format!("senet_session={cookie}")
        .parse()
        .map_err(|_| "a cookie that is no header".to_owned())?;
    req.headers_mut().insert("cookie", value);
    let (ws, _) = tokio_tungstenite::connect_async(req)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// Plays `seat` of `match_id` until its game ends (or `stop`), opening the socket again on
/// the next node whenever it closes or stays silent.
#[allow(clippy::too_many_arguments)]
async fn play(
    arena: &Arena,
    k: usize,
    match_id: &str,
    seat: u8,
    token: &str,
    cap: u64,
    rng: &mut u64,
    report: &mut BotReport,
    mut stop: watch::Receiver<bool>,
) -> Played {
    let mut played = Played {
        match_id: match_id.to_owned(),
        seat,
        over: None,
        over_ms: None,
        resigned: false,
    };
    let think = Duration::from_millis(arena.args.think_ms);
    let seed = format!("arena{seat}");
    let mut node = k + usize::from(seat);
    let mut seq = 0u64;
    let mut my_moves = 0u64;
    let mut acted_at = 0u64;
    let mut opened = 0usize;
    let give_up = Instant::now() + Duration::from_secs(120);
    'sockets: while Instant::now() < give_up {
        if *stop.borrow() {
            return played;
        }
        let mut ws = match crate::sockets::connect(&arena.args, node, match_id, Some(token)).await {
            Ok(ws) => ws,
            Err(_) => {
                node += 1;
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        opened += 1;
        if opened > 1 {
            report.reconnects += 1;
        }
        loop {
            let frame = tokio::select! {
                f = tokio::time::timeout(SILENT, ws.next()) => f,
                _ = stop.changed() => return played,
            };
            let Ok(Some(Ok(frame))) = frame else {
                node += 1;
                continue 'sockets;
            };
            let Message::Text(t) = frame else { continue };
            let Ok(m) = serde_json::from_str::<ServerMsg>(t.as_str()) else {
                report.errors += 1;
                continue;
            };
            let (turn, legal, game, point, started) = match m {
                ServerMsg::Welcome {
                    snapshot, last_seq, ..
                } => {
                    seq = seq.max(last_seq);
                    // The snapshot is where the match stands: a move sent before a socket
                    // died and never applied is to be made again.
                    acted_at = 0;
                    if matches!(snapshot.turn.kind, TurnKind::GameOver | TurnKind::MatchOver) {
                        played.over = Some(None);
                        played.over_ms = Some(unix_ms());
                        return played;
                    }
                    seq += 1;
                    let msg = ClientMsg::ClientSeed {
                        seq,
                        seed: seed.clone(),
                    };
                    if !send(&mut ws, &msg).await {
                        continue 'sockets;
                    }
                    let s = *snapshot;
                    (s.turn, s.legal, s.game, s.last_event, false)
                }
                ServerMsg::Snapshot { snapshot } => {
                    let s = *snapshot;
                    (s.turn, s.legal, s.game, s.last_event, false)
                }
                ServerMsg::Event(event) => {
                    let event = *event;
                    if let EventKind::GameOver { winner, .. } = event.kind {
                        played.over = Some(winner);
                        played.over_ms = Some(unix_ms());
                        return played;
                    }
                    let started = matches!(event.kind, EventKind::GameStarted { .. });
                    (event.turn, event.legal, event.game, event.no, started)
                }
                ServerMsg::Error { code, .. } => {
                    match code.as_str() {
                        "seeds_closed" => {}
                        "match_unavailable" => report.unavailable += 1,
                        _ => report.errors += 1,
                    }
                    continue;
                }
                _ => continue,
            };
            let reply = match turn.kind {
                TurnKind::Seeds if started => {
                    seq += 1;
                    Some(ClientMsg::ClientSeed {
                        seq,
                        seed: seed.clone(),
                    })
                }
                TurnKind::Move
                    if turn.seat == Some(seat) && !legal.is_empty() && point > acted_at =>
                {
                    acted_at = point;
                    if !think.is_zero() {
                        tokio::time::sleep(think).await;
                    }
                    seq += 1;
                    if my_moves >= cap {
                        played.resigned = true;
                        Some(ClientMsg::Resign { seq })
                    } else {
                        my_moves += 1;
                        report.moves += 1;
                        let n = legal.len() as u64;
                        let mv = legal[(xorshift(rng) % n) as usize].clone();
                        Some(ClientMsg::Move { seq, game, mv })
                    }
                }
                _ => None,
            };
            if let Some(msg) = reply {
                if !send(&mut ws, &msg).await {
                    node += 1;
                    continue 'sockets;
                }
            }
        }
    }
    played
}
