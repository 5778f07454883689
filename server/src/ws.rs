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
use tokio::sync::{oneshot, watch};

use senet_live::{
    Cmd, Connected, Frame, MatchHandle, OutboxRx, OutboxTx, Outgoing, SocketHello, outbox,
};
use senet_protocol::{ClientMsg, ServerMsg};

use crate::config::Config;
use crate::limits::{Bucket, SocketGuard};

/// The largest text frame a client may send.
pub const MAX_FRAME: usize = 8 * 1024;
/// How long a refused socket's last words may take to send (a client that reads nothing
/// does not hold its socket open with them).
const LAST_WORDS: Duration = Duration::from_secs(1);
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
                    ServerMsg::error(
                        "malformed",
                        format!("not a client message: {e}"),
                        seq_of(&t),
                    )
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

/// The `seq` a text frame carries, if it is a JSON object with a whole-number `seq`, so
/// that a refusal of a frame that is not a valid message (or is over an allowance) still
/// answers the request the client awaits.
fn seq_of(text: &str) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct Seq {
        seq: Option<u64>,
    }
    if text.len() > MAX_FRAME {
        return None;
    }
    serde_json::from_str::<Seq>(text).ok().and_then(|s| s.seq)
}

/// The `seq` of any frame, as [`seq_of`]; none for a frame that is not text.
fn frame_seq(frame: &Message) -> Option<u64> {
    match frame {
        Message::Text(t) => seq_of(t.as_str()),
        _ => None,
    }
}

/// Runs one socket until it closes. `upgraded` is when the upgrade was accepted: `hello`
/// must come within the hello timeout of it, whatever else the client sends before.
pub async fn run_socket(
    socket: WebSocket,
    handle: MatchHandle,
    cfg: std::sync::Arc<Config>,
    mut shutdown: watch::Receiver<bool>,
    guard: SocketGuard,
    upgraded: tokio::time::Instant,
    mut silence: Silence,
) {
    let (mut sink, mut stream) = socket.split();
    // The socket's and its address's allowances count from the first frame (`hello` itself
    // is free).
    let mut limits = FrameLimits {
        bucket: Bucket::new(cfg.rate_per_sec, cfg.rate_burst),
        guard: &guard,
        strikes: 0,
    };
    let deadline = upgraded + cfg.hello_timeout();
    // Boxed: an async fn holds the state of its largest await for as long as it runs, and
    // the handshake's (the hello's wait, the actor's reply, the refusals) is not needed once
    // the socket plays; boxed, it is freed when it is over.
    let Some((connected, outbox_tx, outbox_rx)) = Box::pin(hello(
        &mut sink,
        &mut stream,
        &handle,
        &mut limits,
        deadline,
    ))
    .await
    else {
        return;
    };
    let FrameLimits {
        mut bucket,
        mut strikes,
        ..
    } = limits;
    let mut chat = ChatGate::new(&cfg);
    let conn = connected.conn;
    let seat = connected.seat;
    let writer = tokio::spawn(write_loop(
        sink,
        connected,
        outbox_rx,
        handle.clone(),
        shutdown.clone(),
    ));
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
                frame_seq(&frame),
            );
            // A full outbox (a client that floods and does not read) is not waited for.
            let _sent = outbox_tx.try_send(Outgoing::Text(e.to_json().into()));
            if strikes >= STRIKES {
                // Best effort: the writer closes right after.
                let _sent = outbox_tx
                    .send_async(Outgoing::Close(close_code::POLICY, "rate limited"))
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
                    .send_async(Outgoing::Text(e.to_json().into()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            Ok(Some(msg)) => {
                let refused = match chat.refuse(&msg, &guard) {
                    Some(e) => Some(e),
                    None => silence.refuse(&msg, seat).await,
                };
                if let Some(e) = refused {
                    // Like any reply: a client that does not read loses it.
                    let _sent = outbox_tx.try_send(Outgoing::Text(e.to_json().into()));
                    continue;
                }
                if handle
                    .mailbox
                    .send(Cmd::Client {
                        conn,
                        msg: Box::new(msg),
                    })
                    .await
                    .is_err()
                {
                    break;
                }
            }
            Err(e) => {
                if outbox_tx
                    .send_async(Outgoing::Text(e.to_json().into()))
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

/// A socket's rate allowance and its address's, with the refusals in a row so far.
struct FrameLimits<'a> {
    bucket: Bucket,
    guard: &'a SocketGuard,
    strikes: u32,
}

/// Sends a refusal's last frames, giving up after [`LAST_WORDS`].
async fn last_words(sink: &mut Sink, msgs: Vec<Message>) {
    let _sent = tokio::time::timeout(LAST_WORDS, async {
        for m in msgs {
            if sink.send(m).await.is_err() {
                break;
            }
        }
    })
    .await;
}

/// What came before `hello`.
enum First {
    /// The first message (maybe `hello`).
    Msg(ClientMsg),
    /// Too many frames too fast: the socket is closed.
    Flood,
    /// The client went away.
    Gone,
}

/// Reads frames until the first client message, answering errors on the way; every frame
/// but `hello` spends the socket's and the address's allowance.
async fn first_message(
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    limits: &mut FrameLimits<'_>,
) -> First {
    loop {
        let m = match stream.next().await {
            None | Some(Err(_)) => return First::Gone,
            Some(Ok(Message::Close(_))) => return First::Gone,
            Some(Ok(m)) => m,
        };
        let seq = frame_seq(&m);
        let checked = check_frame(m);
        // `hello` itself is free (as after it); everything before it spends the allowances.
        if let Ok(Some(hello @ ClientMsg::Hello { .. })) = checked {
            return First::Msg(hello);
        }
        if !(limits.bucket.take() && limits.guard.allow_message()) {
            limits.strikes += 1;
            if limits.strikes >= STRIKES {
                return First::Flood;
            }
            let e = ServerMsg::error(
                "rate_limited",
                "too many messages; this one was dropped: slow down",
                seq,
            );
            if sink.send(text(&e)).await.is_err() {
                return First::Gone;
            }
            continue;
        }
        limits.strikes = 0;
        match checked {
            Ok(None) => {}
            Ok(Some(m)) => return First::Msg(m),
            Err(e) => {
                if sink.send(text(&e)).await.is_err() {
                    return First::Gone;
                }
            }
        }
    }
}

/// Waits for `hello` (until `deadline`) and registers the connection with the match.
async fn hello(
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    handle: &MatchHandle,
    limits: &mut FrameLimits<'_>,
    deadline: tokio::time::Instant,
) -> Option<(Connected, OutboxTx, OutboxRx)> {
    let refuse = |code: &str, msg: &str| text(&ServerMsg::error(code, msg, None));
    let first = match tokio::time::timeout_at(deadline, first_message(sink, stream, limits)).await {
        Err(_) => {
            let msgs = vec![
                refuse("hello_timeout", "say hello first"),
                close(close_code::POLICY, "no hello"),
            ];
            last_words(sink, msgs).await;
            return None;
        }
        Ok(First::Gone) => return None,
        Ok(First::Flood) => {
            let msgs = vec![
                refuse("rate_limited", "too many messages before hello; closing"),
                close(close_code::POLICY, "rate limited"),
            ];
            last_words(sink, msgs).await;
            return None;
        }
        Ok(First::Msg(m)) => m,
    };
    let ClientMsg::Hello {
        token,
        last_event,
        tail,
        name,
    } = first
    else {
        let msgs = vec![
            refuse("hello_first", "the first message must be hello"),
            close(close_code::POLICY, "no hello"),
        ];
        last_words(sink, msgs).await;
        return None;
    };
    let (outbox_tx, outbox_rx) = outbox();
    let (reply, rx) = oneshot::channel();
    let cmd = Cmd::Connect(Box::new(SocketHello {
        token,
        last_event,
        tail,
        outbox: outbox_tx.clone(),
        reply,
        name,
    }));
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
        Err(RecvError::Closed) => match_gone(sink).await,
    }
}

/// The match's broadcast ended while the socket was open: its actor (or, on another node's
/// match, its stand-in here) stopped because the match moved to another node. The client
/// reconnects and reaches the match where it is now.
async fn match_gone(sink: &mut Sink) -> Step {
    let _sent = sink.send(close(close_code::RESTART, "match moved")).await;
    Step::Stop
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
    outbox: OutboxRx,
    handle: MatchHandle,
    shutdown: watch::Receiver<bool>,
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
    // Made once, not on every turn of the loop: a fan-out wakes every spectator's writer, and
    // a new `changed()` registers with the watch each time.
    let mut stop = shutdown.clone();
    let stopping = stop.changed();
    tokio::pin!(stopping);
    loop {
        let step = tokio::select! {
            biased;
            _ = &mut stopping => {
                goodbye(&mut sink).await;
                return;
            }
            m = outbox.recv_async() => feed_out(&mut sink, m.ok()).await,
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
                Err(flume::TryRecvError::Disconnected) => Step::Stop,
                Err(flume::TryRecvError::Empty) => match rx.try_recv() {
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
                    Err(TryRecvError::Closed) => match_gone(&mut sink).await,
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

/// A socket's chat allowance (`--chat-per-sec`, `--chat-burst`), checked by its reader
/// before its address's ([`SocketGuard::allow_chat`]).
#[derive(Debug)]
pub struct ChatGate {
    bucket: Bucket,
}

impl ChatGate {
    /// A full allowance.
    pub fn new(cfg: &Config) -> ChatGate {
        ChatGate {
            bucket: Bucket::new(cfg.chat_per_sec, cfg.chat_burst),
        }
    }

    /// The refusal for a `chat` message over the socket's or the address's allowance (the
    /// message is then dropped, not stored; the socket stays open); none for any other
    /// message.
    pub fn refuse(&mut self, msg: &ClientMsg, guard: &SocketGuard) -> Option<ServerMsg> {
        let ClientMsg::Chat { seq, .. } = msg else {
            return None;
        };
        if self.bucket.take() && guard.allow_chat() {
            return None;
        }
        Some(ServerMsg::error(
            "rate_limited",
            "too many chat messages; this one was not posted: wait a little",
            Some(*seq),
        ))
    }
}

/// How long a socket trusts what it learnt of its account's silence before it looks again.
const SILENCE_FOR: Duration = Duration::from_secs(60);

/// Whether a socket's chat is refused because a moderator silenced its account
/// (`docs/accounts.md`): the account its seat was claimed by, or the one its cookie signs in
/// (a spectator). Looked up at the socket's first chat message, then once a minute.
#[derive(Debug)]
pub struct Silence {
    accounts: std::sync::Arc<senet_accounts::Accounts>,
    match_id: String,
    viewer_silenced: bool,
    known: Option<(bool, tokio::time::Instant)>,
}

impl Silence {
    /// For a socket of `match_id`, whose cookie signs in a silenced account or not.
    pub fn new(
        accounts: std::sync::Arc<senet_accounts::Accounts>,
        match_id: String,
        viewer_silenced: bool,
    ) -> Silence {
        Silence {
            accounts,
            match_id,
            viewer_silenced,
            known: None,
        }
    }

    /// The refusal of a `chat` message from a silenced account; none for any other.
    async fn refuse(&mut self, msg: &ClientMsg, seat: Option<u8>) -> Option<ServerMsg> {
        let ClientMsg::Chat { seq, .. } = msg else {
            return None;
        };
        let now = tokio::time::Instant::now();
        let silenced = match self.known {
            Some((silenced, at)) if now.duration_since(at) < SILENCE_FOR => silenced,
            _ => {
                let by_seat = match seat {
                    Some(seat) => self
                        .accounts
                        .seat_silenced(&self.match_id, seat)
                        .await
                        .unwrap_or_else(|e| {
                            tracing::warn!(error = %e, "a seat's silence not read: taken as none");
                            false
                        }),
                    None => false,
                };
                let silenced = self.viewer_silenced || by_seat;
                self.known = Some((silenced, now));
                silenced
            }
        };
        silenced.then(|| {
            ServerMsg::error(
                "silenced",
                "a moderator silenced this account: it cannot chat",
                Some(*seq),
            )
        })
    }
}
