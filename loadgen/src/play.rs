//! A player: moves at random whenever it is its turn (what the server's frames say, read
//! as `senet-protocol`'s `ServerMsg`), and what it counts for the report.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use senet_protocol::{ClientMsg, EventKind, ServerMsg, Snapshot, Turn, TurnKind};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use crate::sockets::{Socket, send};

/// What every task counts, for the report.
#[derive(Default)]
pub(crate) struct Counters {
    pub(crate) flood_sent: AtomicU64,
    pub(crate) flood_closed: AtomicU64,
    pub(crate) moves: AtomicU64,
    /// Moves of the server's bots, seen by the player they play against.
    pub(crate) bot_moves: AtomicU64,
    pub(crate) events_seen: AtomicU64,
    pub(crate) errors: AtomicU64,
    pub(crate) games: AtomicU64,
    pub(crate) lagged_snapshots: AtomicU64,
    /// Frames every socket received during the measurement, and their bytes.
    pub(crate) frames_received: AtomicU64,
    pub(crate) bytes_received: AtomicU64,
}

impl Counters {
    /// Counts a frame received, while measuring.
    pub(crate) fn received(&self, measuring: &AtomicBool, bytes: usize) {
        if measuring.load(Ordering::Relaxed) {
            self.frames_received.fetch_add(1, Ordering::Relaxed);
            self.bytes_received
                .fetch_add(bytes as u64, Ordering::Relaxed);
        }
    }
}

/// One match's moves as its spectators saw them: when each move was sent, and when its
/// `moved` event reached the last of the match's spectators (by event number).
#[derive(Default)]
pub(crate) struct FanOut {
    pub(crate) sent: std::sync::Mutex<HashMap<u64, Instant>>,
    pub(crate) last_seen: std::sync::Mutex<HashMap<u64, Instant>>,
}

impl FanOut {
    /// Microseconds from each move to its last spectator's receipt.
    pub(crate) fn samples(&self) -> Vec<u32> {
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

/// What a frame says the match waits for, and where it stands.
struct View {
    turn: Turn,
    legal: Vec<String>,
    game: u32,
    /// The event it stands at.
    point: u64,
}

impl View {
    fn of(s: Snapshot) -> View {
        View {
            turn: s.turn,
            legal: s.legal,
            game: s.game,
            point: s.last_event,
        }
    }
}

/// A snapshot's view: when it stands past the seat's last move, whatever the seat sent was
/// applied (or overtaken) meanwhile, and its `moved` event was in what the snapshot
/// replaced.
fn caught_up(view: View, acted_at: u64, sent_at: &mut Option<Instant>) -> View {
    if view.point > acted_at {
        *sent_at = None;
    }
    view
}

/// One player: moves at random whenever it is its turn; returns its latency samples (µs).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn player(
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
    let seed = || format!("bot{seat}");
    loop {
        let frame = tokio::select! {
            f = ws.next() => f,
            _ = stop.changed() => break,
        };
        let Some(Ok(frame)) = frame else { break };
        let Message::Text(t) = frame else { continue };
        counters.received(&measuring, t.len());
        let Ok(m) = serde_json::from_str::<ServerMsg>(t.as_str()) else {
            counters.errors.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        // What happened, when it was an event: a game began or ended.
        let (mut started, mut over) = (false, false);
        let view = match m {
            ServerMsg::Welcome { snapshot, .. } => {
                seq += 1;
                let msg = ClientMsg::ClientSeed { seq, seed: seed() };
                if !send(&mut ws, &msg).await {
                    break;
                }
                caught_up(View::of(*snapshot), acted_at, &mut sent_at)
            }
            ServerMsg::Snapshot { snapshot } => {
                counters.lagged_snapshots.fetch_add(1, Ordering::Relaxed);
                caught_up(View::of(*snapshot), acted_at, &mut sent_at)
            }
            ServerMsg::Event(event) => {
                let event = *event;
                if let EventKind::Moved { seat: mover, .. } = event.kind {
                    if against_bot && mover != seat && measuring.load(Ordering::Relaxed) {
                        counters.bot_moves.fetch_add(1, Ordering::Relaxed);
                    }
                    if mover == seat {
                        if let Some(t0) = sent_at.take() {
                            if measuring.load(Ordering::Relaxed) {
                                lat.push(t0.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                                counters.moves.fetch_add(1, Ordering::Relaxed);
                                fanout
                                    .sent
                                    .lock()
                                    .unwrap_or_else(|e| e.into_inner())
                                    .insert(event.no, t0);
                            }
                        }
                    }
                }
                started = matches!(event.kind, EventKind::GameStarted { .. });
                over = matches!(event.kind, EventKind::GameOver { .. });
                if over && seat == 1 {
                    counters.games.fetch_add(1, Ordering::Relaxed);
                }
                View {
                    turn: event.turn,
                    legal: event.legal,
                    game: event.game,
                    point: event.no,
                }
            }
            ServerMsg::Error { code, .. } => {
                // A seed that arrives after the seed wait ran out is expected under load.
                if code == "seeds_closed" {
                    continue;
                }
                if counters.errors.fetch_add(1, Ordering::Relaxed) < 3 {
                    eprintln!("error: {}", t.as_str());
                }
                continue;
            }
            _ => continue,
        };
        let reply = match view.turn.kind {
            TurnKind::Seeds if started => {
                seq += 1;
                Some(ClientMsg::ClientSeed { seq, seed: seed() })
            }
            TurnKind::Move
                if view.turn.seat == Some(seat)
                    && !view.legal.is_empty()
                    && sent_at.is_none()
                    && view.point > acted_at =>
            {
                acted_at = view.point;
                if !think.is_zero() {
                    tokio::time::sleep(think).await;
                }
                seq += 1;
                let mv = view.legal[next(view.legal.len())].clone();
                sent_at = Some(Instant::now());
                Some(ClientMsg::Move {
                    seq,
                    game: view.game,
                    mv,
                })
            }
            TurnKind::GameOver if over => {
                sent_at = None;
                seq += 1;
                Some(ClientMsg::Rematch { seq })
            }
            _ => None,
        };
        if let Some(msg) = reply {
            if !send(&mut ws, &msg).await {
                break;
            }
        }
    }
    lat
}
