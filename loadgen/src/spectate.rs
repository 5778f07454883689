//! The watchers: spectators (counting the events they receive, and when each move reached
//! the last of its match's spectators) and flooders (hostile sockets).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use senet_protocol::ClientMsg;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use crate::args::Args;
use crate::play::{Counters, FanOut};
use crate::sockets::{Socket, connect};

/// The number of a `moved` event frame, read from its start (the server writes `type`, `no`,
/// `game` and `kind` first) without parsing the whole frame.
pub(crate) fn moved_event_no(frame: &str) -> Option<u64> {
    let rest = frame.strip_prefix("{\"type\":\"event\",\"no\":")?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    let no = rest[..end].parse().ok()?;
    let rest = rest[end..].strip_prefix(",\"game\":")?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.starts_with(",\"kind\":\"moved\"").then_some(no)
}

/// One flooder: watches a match and sends pings and out-of-turn messages without pause,
/// reading nothing back; reconnects when the server closes the socket.
pub(crate) async fn flooder(
    args: Args,
    id: String,
    counters: Arc<Counters>,
    mut stop: watch::Receiver<bool>,
) {
    let junk = [
        serde_json::to_string(&ClientMsg::Ping { seq: Some(1) }).unwrap_or_default(),
        serde_json::to_string(&ClientMsg::Move {
            seq: 2,
            game: 1,
            mv: "1-2".into(),
        })
        .unwrap_or_default(),
        r#"{not json"#.to_owned(),
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
            let text = junk[n % junk.len()].as_str();
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
pub(crate) async fn spectator(
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
            counters.received(&measuring, t.len());
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

#[cfg(test)]
mod tests {
    use super::moved_event_no;
    use senet_protocol::{Event, EventKind, ServerMsg, Turn, TurnKind};

    /// The fast path reads the frames the server's own type writes.
    #[test]
    fn the_fast_path_reads_the_protocol_s_moved_frames() {
        let event = |kind| {
            ServerMsg::Event(Box::new(Event {
                no: 41,
                game: 2,
                kind,
                turn: Turn {
                    kind: TurnKind::Move,
                    seat: Some(1),
                },
                legal: vec!["1-2".into()],
                notation: None,
                geometry: None,
                moves: vec![],
                stuck: vec![],
                sides: vec![None, None],
                notes: String::new(),
                note_list: Vec::new(),
                clock: None,
            }))
        };
        let moved = event(EventKind::Moved {
            seat: 2,
            mv: "19-21".into(),
            used_ms: None,
        });
        assert_eq!(moved_event_no(&moved.to_json()), Some(41));
        let passed = event(EventKind::Passed { seat: 2 });
        assert_eq!(moved_event_no(&passed.to_json()), None);
    }

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
