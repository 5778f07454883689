//! WebSocket connections: one reader and one writer task per socket.
//!
//! The reader checks size, rate and shape of every frame and forwards it to the match actor;
//! the writer sends the connection's own replies and every broadcast frame, and swaps in a
//! snapshot when the connection fell behind the broadcast.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::{mpsc, oneshot, watch};

use crate::config::Config;
use crate::limits::{Bucket, SocketGuard};
use crate::matches::{Cmd, Connected, Frame, MatchHandle, OUTBOX, Outgoing};
use crate::protocol::{ClientMsg, ServerMsg};

/// The largest text frame a client may send.
pub const MAX_FRAME: usize = 8 * 1024;
/// How long a new socket has to say `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// Messages refused for rate in a row before the socket is closed: a client that slows down
/// when told keeps its socket, one that keeps flooding loses it.
const STRIKES: u32 = 10;

fn text(msg: &ServerMsg) -> Message {
    Message::Text(msg.to_json().into())
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// Why a frame was refused (not a reason to close).
fn check_frame(msg: Message) -> Result<Option<ClientMsg>, ServerMsg> {
    match msg {
        Message::Text(t) => {
            if t.len() > MAX_FRAME {
                return Err(ServerMsg::error(
                    "too_large",
                    format!("frames are limited to {MAX_FRAME} bytes"),
                    None,
                ));
            }
            serde_json::from_str::<ClientMsg>(t.as_str())
                .map(Some)
                .map_err(|e| {
                    ServerMsg::error("malformed", format!("not a client message: {e}"), None)
                })
        }
        Message::Binary(_) => Err(ServerMsg::error(
            "binary_not_supported",
            "send JSON text frames",
            None,
        )),
        Message::Ping(_) | Message::Pong(_) | Message::Close(_) => Ok(None),
    }
}

/// Runs one socket until it closes.
pub async fn run_socket(
    socket: WebSocket,
    handle: MatchHandle,
    cfg: std::sync::Arc<Config>,
    mut shutdown: watch::Receiver<bool>,
    guard: SocketGuard,
) {
    let (mut sink, mut stream) = socket.split();
    let Some((connected, outbox_tx, outbox_rx)) = hello(&mut sink, &mut stream, &handle).await
    else {
        return;
    };
    let conn = connected.conn;
    let writer = tokio::spawn(write_loop(
        sink,
        connected,
        outbox_rx,
        handle.clone(),
        shutdown.clone(),
    ));
    let mut bucket = Bucket::new(cfg.rate_per_sec, cfg.rate_burst);
    let mut strikes = 0;
    loop {
        let frame = tokio::select! {
            f = stream.next() => f,
            _ = shutdown.changed() => break,
        };
        let Some(Ok(frame)) = frame else { break };
        if matches!(frame, Message::Close(_)) {
            break;
        }
        // The connection's own allowance first, so one socket cannot drain its address's.
        if !(bucket.take() && guard.allow_message()) {
            strikes += 1;
            let e = ServerMsg::error(
                "rate_limited",
                "too many messages; this one was dropped: slow down",
                None,
            );
            // A full outbox (a client that floods and does not read) is not waited for.
            let _sent = outbox_tx.try_send(Outgoing::Text(e.to_json().into()));
            if strikes >= STRIKES {
                // Best effort: the writer closes right after.
                let _sent = outbox_tx
                    .send(Outgoing::Close(close_code::POLICY, "rate limited"))
                    .await;
                break;
            }
            continue;
        }
        strikes = 0;
        match check_frame(frame) {
            Ok(None) => {}
            Ok(Some(ClientMsg::Hello { .. })) => {
                let e = ServerMsg::error("already_hello", "hello was already said", None);
                if outbox_tx
                    .send(Outgoing::Text(e.to_json().into()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            Ok(Some(msg)) => {
                if handle
                    .mailbox
                    .send(Cmd::Client { conn, msg })
                    .await
                    .is_err()
                {
                    break;
                }
            }
            Err(e) => {
                if outbox_tx
                    .send(Outgoing::Text(e.to_json().into()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
        }
    }
    drop(outbox_tx);
    // The actor drops its copy of the outbox on disconnect; the writer then ends.
    if handle.mailbox.send(Cmd::Disconnect { conn }).await.is_err() {
        writer.abort();
    }
    if let Err(e) = writer.await {
        if !e.is_cancelled() {
            tracing::warn!(error = %e, "socket writer failed");
        }
    }
}

type Sink = SplitSink<WebSocket, Message>;

/// Waits for `hello` and registers the connection with the match.
async fn hello(
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    handle: &MatchHandle,
) -> Option<(Connected, mpsc::Sender<Outgoing>, mpsc::Receiver<Outgoing>)> {
    let refuse = |code: &str, msg: &str| text(&ServerMsg::error(code, msg, None));
    let first = loop {
        match tokio::time::timeout(HELLO_TIMEOUT, stream.next()).await {
            Err(_) => {
                let _sent = sink.send(refuse("hello_timeout", "say hello first")).await;
                let _sent = sink.send(close(close_code::POLICY, "no hello")).await;
                return None;
            }
            Ok(None | Some(Err(_))) => return None,
            Ok(Some(Ok(m))) => match check_frame(m) {
                Ok(None) => continue,
                Ok(Some(m)) => break m,
                Err(e) => {
                    let _sent = sink.send(text(&e)).await;
                    continue;
                }
            },
        }
    };
    let ClientMsg::Hello { token, last_event } = first else {
        let _sent = sink
            .send(refuse("hello_first", "the first message must be hello"))
            .await;
        let _sent = sink.send(close(close_code::POLICY, "no hello")).await;
        return None;
    };
    let (outbox_tx, outbox_rx) = mpsc::channel(OUTBOX);
    let (reply, rx) = oneshot::channel();
    let cmd = Cmd::Connect {
        token,
        last_event,
        outbox: outbox_tx.clone(),
        reply,
    };
    let answer = match handle.mailbox.send(cmd).await {
        Ok(()) => rx.await.ok(),
        Err(_) => None,
    };
    match answer {
        Some(Ok(c)) => Some((c, outbox_tx, outbox_rx)),
        Some(Err(e)) => {
            let _sent = sink.send(text(&e)).await;
            let _sent = sink.send(close(close_code::POLICY, "refused")).await;
            None
        }
        None => {
            let _sent = sink
                .send(refuse("match_unavailable", "the match is not available"))
                .await;
            let _sent = sink.send(close(close_code::ERROR, "unavailable")).await;
            None
        }
    }
}

/// What the writer does with one item.
enum Step {
    /// Keep going.
    Go,
    /// Close the socket (after sending what was fed).
    Stop,
}

/// Feeds one broadcast frame (or, after a lag, a snapshot) to the sink without flushing.
async fn feed_frame(
    sink: &mut Sink,
    frame: Result<Frame, RecvError>,
    last: &mut u64,
    conn: u64,
    handle: &MatchHandle,
) -> Step {
    match frame {
        Ok(f) => {
            if (f.no == 0 || f.no > *last) && sink.feed(Message::Text(f.text)).await.is_err() {
                return Step::Stop;
            }
            *last = (*last).max(f.no);
            Step::Go
        }
        Err(RecvError::Lagged(n)) => {
            tracing::debug!(conn, skipped = n, "subscriber lagged; sending a snapshot");
            let (reply, r) = oneshot::channel();
            if handle
                .mailbox
                .send(Cmd::Resync { conn, reply })
                .await
                .is_err()
            {
                return Step::Stop;
            }
            let Ok((no, snap)) = r.await else {
                return Step::Stop;
            };
            *last = no;
            if sink.feed(Message::Text(snap)).await.is_err() {
                return Step::Stop;
            }
            Step::Go
        }
        Err(RecvError::Closed) => Step::Stop,
    }
}

/// Feeds one outbox item to the sink without flushing.
async fn feed_out(sink: &mut Sink, out: Option<Outgoing>) -> Step {
    match out {
        Some(Outgoing::Text(t)) => {
            if sink.feed(Message::Text(t)).await.is_err() {
                return Step::Stop;
            }
            Step::Go
        }
        Some(Outgoing::Close(code, reason)) => {
            let _sent = sink.send(close(code, reason)).await;
            Step::Stop
        }
        None => Step::Stop,
    }
}

/// Tells the client the server is going away and it should reconnect, then closes.
async fn goodbye(sink: &mut Sink) {
    let bye = ServerMsg::GoingAway {
        message: "the server is restarting; reconnect with last_event".into(),
    };
    let _sent = sink.send(text(&bye)).await;
    let _sent = sink.send(close(close_code::RESTART, "restarting")).await;
}

async fn write_loop(
    mut sink: Sink,
    connected: Connected,
    mut outbox: mpsc::Receiver<Outgoing>,
    handle: MatchHandle,
    mut shutdown: watch::Receiver<bool>,
) {
    let Connected {
        conn,
        mut rx,
        welcome,
        missed,
        last_event,
        ..
    } = connected;
    let mut last = last_event;
    if sink.feed(Message::Text(welcome)).await.is_err() {
        return;
    }
    for m in missed {
        if sink.feed(Message::Text(m)).await.is_err() {
            return;
        }
    }
    if sink.flush().await.is_err() {
        return;
    }
    loop {
        let step = tokio::select! {
            biased;
            _ = shutdown.changed() => {
                goodbye(&mut sink).await;
                return;
            }
            m = outbox.recv() => feed_out(&mut sink, m).await,
            f = rx.recv() => feed_frame(&mut sink, f, &mut last, conn, &handle).await,
        };
        if let Step::Stop = step {
            let _flushed = sink.flush().await;
            // The reader stops first on shutdown, which closes the outbox: still say why.
            if *shutdown.borrow() {
                goodbye(&mut sink).await;
            }
            return;
        }
        // Whatever else is ready goes out in the same flush.
        loop {
            let step = match outbox.try_recv() {
                Ok(m) => feed_out(&mut sink, Some(m)).await,
                Err(mpsc::error::TryRecvError::Disconnected) => Step::Stop,
                Err(mpsc::error::TryRecvError::Empty) => match rx.try_recv() {
                    Ok(f) => feed_frame(&mut sink, Ok(f), &mut last, conn, &handle).await,
                    Err(TryRecvError::Lagged(n)) => {
                        feed_frame(
                            &mut sink,
                            Err(RecvError::Lagged(n)),
                            &mut last,
                            conn,
                            &handle,
                        )
                        .await
                    }
                    Err(TryRecvError::Closed) => Step::Stop,
                    Err(TryRecvError::Empty) => break,
                },
            };
            if let Step::Stop = step {
                let _flushed = sink.flush().await;
                if *shutdown.borrow() {
                    goodbye(&mut sink).await;
                }
                return;
            }
        }
        if sink.flush().await.is_err() {
            return;
        }
    }
}
