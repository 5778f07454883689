//! The pages' own sockets, `GET /ws/people` (`docs/protocol.md`): what is said on them (the
//! count of who is online, a signed-in account's challenges, this node's open seeks) and, with several nodes, the
//! words for players that cross Redis ([`crate::people`] holds the sockets by account).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use senet_protocol::{ChallengeView, PeopleMsg, Status};
use senet_store::sql::people_rows::ChallengeRow;

use crate::AppState;
use crate::limits::SocketGuard;
use crate::people::Online;

/// How often a socket looks whether the count changed (and a signed-in one whether its
/// session still holds, every [`SESSION_EVERY`] looks).
const LOOK_EVERY: Duration = Duration::from_secs(5);
/// How old a count of people online may be when a socket looks (one count per node).
const COUNTS_FRESH: Duration = Duration::from_secs(1);
/// Looks between two checks of the session (30 s).
const SESSION_EVERY: u32 = 6;
/// The least time between two `seeks` frames: a burst of changes (a lobby full of quick
/// games pairing) makes one frame per quarter second, the last list in it.
const SEEKS_EVERY: Duration = Duration::from_millis(250);
/// Frames a socket may say (it should say none) before it is closed.
const STRIKES: u32 = 10;

/// A challenge as `viewer` sees it: the challenger alone gets its seat token.
pub(crate) fn view(row: ChallengeRow, viewer: &str) -> ChallengeView {
    let token = (row.from_id == viewer).then_some(row.from_token).flatten();
    ChallengeView {
        terms: serde_json::from_str(&row.terms).unwrap_or(serde_json::Value::Null),
        id: row.id,
        from: row.from_name,
        to: row.to_name,
        created_ms: row.created_ms,
        expires_ms: row.expires_ms,
        state: row.state,
        match_id: row.match_id,
        token,
    }
}

/// The open challenges to and from `player`, for a socket that just opened (none when the
/// session is gone or the store does not answer).
async fn open_challenges(state: &AppState, player: &str, secret: &str) -> Vec<ChallengeView> {
    let Ok(Some(account)) = state.accounts.session(secret).await else {
        return Vec::new();
    };
    match state.accounts.challenges(&account).await {
        Ok(rows) => rows
            .into_iter()
            .filter(|c| c.state == "open")
            .map(|c| view(c, player))
            .collect(),
        Err(e) => {
            tracing::warn!(error = %e, "challenges not read for a socket");
            Vec::new()
        }
    }
}

/// The public matches being played, on every node.
pub(crate) async fn games_playing(state: &AppState) -> u64 {
    state
        .public_summaries()
        .await
        .iter()
        .filter(|s| s.status == Status::Live)
        .count() as u64
}

/// Who is online: this node's sockets, and with several nodes the others' as they put them
/// in Redis (at most a second old).
pub async fn online(state: &AppState) -> Online {
    let mut online = Online {
        players: state.people.online_here().into_iter().collect(),
        guests: state.people.guests_here(),
    };
    if let Some(c) = &state.cluster {
        for (players, guests) in c.people_elsewhere().await {
            online.players.extend(players);
            online.guests += guests;
        }
    }
    online
}

/// Says `msg` to every page of `player`, on whichever node it is open.
pub async fn tell(state: &AppState, player: &str, msg: &PeopleMsg) {
    let text = msg.to_json();
    match &state.cluster {
        // Redis brings it back to this node too.
        Some(c) => {
            if let Err(e) = c.tell_person(player, &text).await {
                tracing::warn!(error = %e, "a word for a player was not sent to the other nodes");
                state.people.tell_here(player, &text);
            }
        }
        None => {
            state.people.tell_here(player, &text);
        }
    }
}

/// With several nodes: hands the words for players that Redis brings to this node's
/// sockets, and puts the accounts online here in Redis every second. Ends with the cluster.
pub fn start_cluster_feed(state: &AppState) {
    let Some(cluster) = &state.cluster else {
        return;
    };
    let mut words = cluster.people_feed();
    let people = state.people.clone();
    tokio::spawn(async move {
        while let Some((player, text)) = words.recv().await {
            people.tell_here(&player, &text);
        }
    });
    let weak = Arc::downgrade(cluster);
    let people = state.people.clone();
    tokio::spawn(async move {
        loop {
            let Some(c) = weak.upgrade() else { return };
            c.put_people(&people.online_here(), people.guests_here())
                .await;
            drop(c);
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

async fn online_msg(state: &AppState) -> PeopleMsg {
    let (online, playing) = state
        .people
        .counts(COUNTS_FRESH, || async {
            (online(state).await.count(), games_playing(state).await)
        })
        .await;
    PeopleMsg::Online { online, playing }
}

fn text(msg: &PeopleMsg) -> Message {
    Message::Text(msg.to_json().into())
}

/// Runs one `GET /ws/people` socket until it closes: the count, the account's challenges,
/// the open seeks, then what is said to the account and each change of the seeks. Frames from the client are answered `no_requests`;
/// after [`STRIKES`] of them the socket is closed.
pub async fn run_people_socket(
    socket: WebSocket,
    state: AppState,
    account: Option<(String, String)>,
    guard: SocketGuard,
) {
    let (present, mut words) = state.people.arrive(account.as_ref().map(|a| a.0.clone()));
    let (mut sink, mut stream) = socket.split();
    let mut last = online_msg(&state).await;
    if sink.send(text(&last)).await.is_err() {
        return;
    }
    if let Some((player, secret)) = &account {
        let challenges = open_challenges(&state, player, secret).await;
        if sink
            .send(text(&PeopleMsg::Challenges { challenges }))
            .await
            .is_err()
        {
            return;
        }
    }
    let mut seeks_changed = state.quick.subscribe();
    let mut seeks = state.quick.seeks();
    if sink
        .send(text(&PeopleMsg::Seeks {
            seeks: seeks.clone(),
        }))
        .await
        .is_err()
    {
        return;
    }
    let mut seeks_sent = tokio::time::Instant::now();
    // When a change of the seeks is due to be told (none: nothing changed since the last).
    let mut seeks_due: Option<tokio::time::Instant> = None;
    let mut shutdown = state.shutdown.clone();
    // Each socket's looks start at its own offset: sockets opened together (a tournament's
    // players) would otherwise all check their session in the same instant.
    let offset = LOOK_EVERY.mul_f64(f64::from(uuid::Uuid::new_v4().as_u128() as u16) / 65_536.0);
    let mut look = tokio::time::interval_at(
        tokio::time::Instant::now() + LOOK_EVERY + offset,
        LOOK_EVERY,
    );
    let (mut looks, mut strikes) = (0u32, 0u32);
    loop {
        tokio::select! {
            word = words.recv() => {
                let Some(word) = word else { break };
                if sink.send(Message::Text(word.into())).await.is_err() {
                    break;
                }
            }
            frame = stream.next() => {
                let Some(Ok(frame)) = frame else { break };
                match frame {
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => {}
                    Message::Text(_) | Message::Binary(_) => {
                        strikes += 1;
                        if strikes >= STRIKES || !guard.allow_message() {
                            let _sent = sink.send(close(close_code::POLICY, "this socket takes no requests")).await;
                            break;
                        }
                        let e = PeopleMsg::Error {
                            code: "no_requests".into(),
                            message: "this socket only listens: use the HTTP routes".into(),
                        };
                        if sink.send(text(&e)).await.is_err() {
                            break;
                        }
                    }
                }
            }
            changed = seeks_changed.changed(), if seeks_due.is_none() => {
                if changed.is_err() {
                    break;
                }
                seeks_due = Some(seeks_sent + SEEKS_EVERY);
            }
            () = tokio::time::sleep_until(seeks_due.unwrap_or_else(tokio::time::Instant::now)), if seeks_due.is_some() => {
                seeks_due = None;
                seeks_changed.mark_unchanged();
                let now = state.quick.seeks();
                if now != seeks {
                    if sink.send(text(&PeopleMsg::Seeks { seeks: now.clone() })).await.is_err() {
                        break;
                    }
                    seeks = now;
                    seeks_sent = tokio::time::Instant::now();
                }
            }
            _ = look.tick() => {
                looks += 1;
                if looks % SESSION_EVERY == 0 {
                    if let Some((_, secret)) = &account {
                        if matches!(state.accounts.session(secret).await, Ok(None)) {
                            let e = PeopleMsg::Error {
                                code: "signed_out".into(),
                                message: "this browser was signed out".into(),
                            };
                            let _sent = sink.send(text(&e)).await;
                            let _sent = sink.send(close(close_code::NORMAL, "signed out")).await;
                            break;
                        }
                    }
                }
                let now = online_msg(&state).await;
                if now != last {
                    if sink.send(text(&now)).await.is_err() {
                        break;
                    }
                    last = now;
                }
            }
            _ = shutdown.changed() => {
                let _sent = sink.send(close(close_code::AWAY, "the server is shutting down")).await;
                break;
            }
        }
    }
    drop(present);
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}
