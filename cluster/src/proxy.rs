//! A match another node owns, as this node's sockets see it: a [`MatchHandle`] whose mailbox
//! is served here. Commands go to the owner over Redis; the owner's broadcast comes back on
//! the match's channel into a local broadcast, and frames for one connection on this node's
//! channel. The sockets (`ws.rs`) cannot tell it from a local match.
//!
//! When the owner stops answering (dead, or Redis down) or says it no longer runs the match,
//! the proxy stops: its broadcast closes, so every socket on it closes and its client
//! reconnects, and the next `hello` finds the match's new owner (or takes the match over).

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::{broadcast, mpsc, watch};

use crate::node::{Cluster, Inbound};
use crate::wire::{Reply, Request};
use senet_live::{
    Cmd, Connected, Frame, JoinError, MatchHandle, OutboxTx, Outgoing, SeatClaim, SocketHello,
};
use senet_protocol::{ServerMsg, Summary};

/// Frames for a connection not yet registered (its `Out` came before its reply), at most this
/// many per connection.
const EARLY_KEPT: usize = 64;

pub(super) struct Proxy {
    pub(super) id: String,
    pub(super) owner: String,
    pub(super) cluster: Arc<Cluster>,
    pub(super) tx: broadcast::Sender<Frame>,
    pub(super) conns: HashMap<u64, OutboxTx>,
    pub(super) early: HashMap<u64, Vec<Outgoing>>,
}

/// A handle on the proxy of match `id`, owned by node `owner`, and the sender of its inbound
/// messages.
pub(super) fn start(
    cluster: Arc<Cluster>,
    id: String,
    owner: String,
    summary: Summary,
) -> (MatchHandle, mpsc::Sender<Inbound>) {
    let (mailbox, rx) = mpsc::channel(256);
    let (inbound_tx, inbound) = mpsc::channel(4096);
    let (tx, _) = broadcast::channel(cluster.settings.live.broadcast_capacity.max(1));
    let (_summary_tx, summary_rx) = watch::channel(summary);
    let proxy = Proxy {
        id: id.clone(),
        owner,
        cluster,
        tx,
        conns: HashMap::new(),
        early: HashMap::new(),
    };
    tokio::spawn(proxy.run(rx, inbound, inbound_tx.clone()));
    (
        MatchHandle {
            id,
            mailbox,
            summary: summary_rx,
        },
        inbound_tx,
    )
}

fn join_error(name: &str) -> JoinError {
    match name {
        "bad_invite" => JoinError::BadInvite,
        "invite_used" => JoinError::InviteUsed,
        "no_free_seat" => JoinError::NoFreeSeat,
        "private" => JoinError::Private,
        "unregistered" => JoinError::Unregistered,
        other => match other.strip_prefix("name_taken_").map(str::parse) {
            Some(Ok(seat)) => JoinError::NameTaken(seat),
            _ => JoinError::Unavailable,
        },
    }
}

/// The wire name of a [`JoinError`].
pub(super) fn join_error_name(e: JoinError) -> &'static str {
    match e {
        JoinError::BadInvite => "bad_invite",
        JoinError::InviteUsed => "invite_used",
        JoinError::NoFreeSeat => "no_free_seat",
        JoinError::Private => "private",
        JoinError::Unregistered => "unregistered",
        // The seat goes with the name: a match has at most four.
        JoinError::NameTaken(1) => "name_taken_1",
        JoinError::NameTaken(2) => "name_taken_2",
        JoinError::NameTaken(3) => "name_taken_3",
        JoinError::NameTaken(_) => "name_taken_4",
        JoinError::Unavailable => "unavailable",
    }
}

/// A close reason as the socket layer takes it (a `&'static str`): the known ones, else a
/// general one.
fn close_reason(reason: &str) -> &'static str {
    match reason {
        "match moved" => "match moved",
        "rate limited" => "rate limited",
        "refused" => "refused",
        _ => "closed",
    }
}

pub(super) fn outgoing(text: Option<String>, close: Option<(u16, String)>) -> Option<Outgoing> {
    match (text, close) {
        (Some(t), _) => Some(Outgoing::Text(t.into())),
        (None, Some((code, reason))) => Some(Outgoing::Close(code, close_reason(&reason))),
        (None, None) => None,
    }
}

impl Proxy {
    async fn run(
        mut self,
        mut mailbox: mpsc::Receiver<Cmd>,
        mut inbound: mpsc::Receiver<Inbound>,
        inbound_tx: mpsc::Sender<Inbound>,
    ) {
        tracing::debug!(match_id = %self.id, owner = %self.owner, "proxy started");
        loop {
            tokio::select! {
                cmd = mailbox.recv() => match cmd {
                    Some(cmd) => self.command(cmd, &inbound_tx).await,
                    None => break,
                },
                msg = inbound.recv() => match msg {
                    Some(Inbound::Stop) | None => break,
                    Some(msg) => self.inbound(msg),
                },
            }
        }
        self.cluster.proxy_stopped(&self.id, &inbound_tx).await;
        tracing::debug!(match_id = %self.id, "proxy stopped");
        // Dropping `tx` closes every socket's broadcast: their clients reconnect.
    }

    fn inbound(&mut self, msg: Inbound) {
        match msg {
            Inbound::Frame(frame) => {
                // No receivers is fine: every socket may have gone.
                let _receivers = self.tx.send(frame);
            }
            Inbound::Lagged => {
                // Sockets must start over from their last event: close them all.
                let (tx, _) =
                    broadcast::channel(self.cluster.settings.live.broadcast_capacity.max(1));
                self.tx = tx;
                self.conns.clear();
            }
            Inbound::Out(conn, out) => match self.conns.get(&conn) {
                Some(outbox) => {
                    // Like the owner's own outboxes: a socket that does not read loses it.
                    let _sent = outbox.try_send(out);
                }
                None => {
                    let early = self.early.entry(conn).or_default();
                    if early.len() < EARLY_KEPT {
                        early.push(out);
                    }
                }
            },
            Inbound::Accepted(conn, outbox) => {
                for out in self.early.remove(&conn).unwrap_or_default() {
                    let _sent = outbox.try_send(out);
                }
                self.conns.insert(conn, outbox);
            }
            Inbound::Stop => {}
        }
    }

    async fn command(&mut self, cmd: Cmd, inbound_tx: &mpsc::Sender<Inbound>) {
        let cluster = self.cluster.clone();
        let (id, owner) = (self.id.clone(), self.owner.clone());
        match cmd {
            Cmd::Join(request) => {
                let SeatClaim {
                    invite,
                    name,
                    player_id,
                    reply,
                } = *request;
                let stop = inbound_tx.clone();
                tokio::spawn(async move {
                    let body = Request::Join {
                        invite,
                        name,
                        player_id,
                    };
                    let r = match cluster.request(&owner, &id, body).await {
                        Some(Reply::Joined { seat, token }) => Ok((seat, token)),
                        Some(Reply::JoinRefused { error }) => Err(join_error(&error)),
                        _ => {
                            let _stopping = stop.send(Inbound::Stop).await;
                            Err(JoinError::Unavailable)
                        }
                    };
                    let _gone = reply.send(r);
                });
            }
            Cmd::Connect(request) => {
                let SocketHello {
                    token,
                    last_event,
                    tail,
                    outbox,
                    reply,
                    name,
                } = *request;
                // Subscribed before the request, so no frame after the welcome is missed.
                let rx = self.tx.subscribe();
                let inbound = inbound_tx.clone();
                tokio::spawn(async move {
                    let body = Request::Connect {
                        token,
                        last_event,
                        tail: tail.map(senet_protocol::Tail::get),
                        name,
                    };
                    let r = match cluster.request(&owner, &id, body).await {
                        Some(Reply::Connected {
                            conn,
                            seat,
                            welcome,
                            missed,
                            last_event,
                        }) => {
                            let _kept = inbound.send(Inbound::Accepted(conn, outbox)).await;
                            Ok(Connected {
                                conn,
                                seat,
                                rx,
                                welcome: welcome.into(),
                                missed: missed.into_iter().map(Into::into).collect(),
                                last_event,
                            })
                        }
                        Some(Reply::ConnectRefused { msg }) => Err(msg),
                        _ => {
                            let _stopping = inbound.send(Inbound::Stop).await;
                            Err(ServerMsg::error(
                                "match_unavailable",
                                "the server that runs this match does not answer; reconnect in a moment",
                                None,
                            ))
                        }
                    };
                    if let Err(Ok(connected)) = reply.send(r) {
                        // The socket went away meanwhile: tell the owner.
                        cluster
                            .send(
                                &owner,
                                &id,
                                Request::Disconnect {
                                    conn: connected.conn,
                                },
                            )
                            .await;
                    }
                });
            }
            Cmd::Client { conn, msg } => {
                cluster
                    .send(&owner, &id, Request::Client { conn, msg: *msg })
                    .await;
            }
            Cmd::Disconnect { conn } => {
                self.conns.remove(&conn);
                self.early.remove(&conn);
                cluster
                    .send(&owner, &id, Request::Disconnect { conn })
                    .await;
            }
            Cmd::Resync { conn, reply } => {
                let stop = inbound_tx.clone();
                tokio::spawn(async move {
                    match cluster.request(&owner, &id, Request::Resync { conn }).await {
                        Some(Reply::Resynced { last_event, text }) => {
                            let _gone = reply.send((last_event, text.into()));
                        }
                        // Dropping `reply` ends the socket; its client reconnects.
                        _ => {
                            let _stopping = stop.send(Inbound::Stop).await;
                        }
                    }
                });
            }
            Cmd::Record { game, reply } => {
                tokio::spawn(async move {
                    if let Some(Reply::Record { record }) =
                        cluster.request(&owner, &id, Request::Record { game }).await
                    {
                        let _gone = reply.send(record.map(|r| *r));
                    }
                });
            }
            Cmd::LeaseLost => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_refusals_cross_between_nodes_unchanged() {
        let every = [
            JoinError::BadInvite,
            JoinError::InviteUsed,
            JoinError::NoFreeSeat,
            JoinError::Private,
            JoinError::Unregistered,
            JoinError::NameTaken(1),
            JoinError::NameTaken(2),
            JoinError::NameTaken(3),
            JoinError::NameTaken(4),
            JoinError::Unavailable,
        ];
        for e in every {
            assert_eq!(join_error(join_error_name(e)), e);
        }
    }
}
