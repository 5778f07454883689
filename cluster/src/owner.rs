//! The owner's side: what a match's node does for sockets on other nodes (joins, hellos,
//! messages), and the broadcast relayed to them.

use std::sync::Arc;

use senet_live::{Cmd, Frame, MatchHandle, OutboxRx, Outgoing, SeatClaim, SocketHello};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::node::{Cluster, lock};
use crate::proxy;
use crate::wire::{self, NodeMsg, Reply, Request};

impl Cluster {
    pub(crate) async fn reply(&self, to: &str, req: u64, body: Reply) {
        if req == 0 {
            return;
        }
        let msg = NodeMsg::Reply { req, body };
        match serde_json::to_string(&msg) {
            Ok(text) => {
                if let Err(e) = self.bus.publish(&wire::node_channel(to), &text).await {
                    tracing::debug!(to, error = %e, "reply lost");
                }
            }
            Err(e) => tracing::error!(error = %e, "reply not encoded"),
        }
    }

    /// Owner side: serves a request for one of this node's matches.
    pub(crate) fn serve(self: Arc<Self>, match_id: String, from: String, req: u64, body: Request) {
        let Some(handle) = self.registry.get(&match_id) else {
            tokio::spawn(async move { self.reply(&from, req, Reply::NotHere).await });
            return;
        };
        match body {
            // In order, without waiting: a socket's messages must reach the actor in the
            // order they were sent.
            Request::Client { conn, msg } => {
                if let Err(mpsc::error::TrySendError::Full(cmd)) =
                    handle.mailbox.try_send(Cmd::Client {
                        conn,
                        msg: Box::new(msg),
                    })
                {
                    tokio::spawn(async move { handle.mailbox.send(cmd).await });
                }
            }
            Request::Disconnect { conn } => {
                lock(&self.remote_conns).remove(&(match_id, conn));
                if let Err(mpsc::error::TrySendError::Full(cmd)) =
                    handle.mailbox.try_send(Cmd::Disconnect { conn })
                {
                    tokio::spawn(async move { handle.mailbox.send(cmd).await });
                }
            }
            body => {
                tokio::spawn(async move {
                    let reply = self.serve_waiting(&handle, &match_id, &from, body).await;
                    self.reply(&from, req, reply).await;
                });
            }
        }
    }

    pub(crate) async fn serve_waiting(
        self: &Arc<Self>,
        handle: &MatchHandle,
        match_id: &str,
        from: &str,
        body: Request,
    ) -> Reply {
        match body {
            Request::Join {
                invite,
                name,
                player_id,
            } => {
                let (reply, rx) = oneshot::channel();
                let cmd = Cmd::Join(Box::new(SeatClaim {
                    invite,
                    name,
                    player_id,
                    reply,
                }));
                if handle.mailbox.send(cmd).await.is_err() {
                    return Reply::NotHere;
                }
                match rx.await {
                    Ok(Ok((seat, token))) => Reply::Joined { seat, token },
                    Ok(Err(e)) => Reply::JoinRefused {
                        error: proxy::join_error_name(e).to_owned(),
                    },
                    Err(_) => Reply::NotHere,
                }
            }
            Request::Connect {
                token,
                last_event,
                tail,
                name,
            } => {
                let (outbox, out_rx) = senet_live::outbox();
                let (reply, rx) = oneshot::channel();
                let cmd = Cmd::Connect(Box::new(SocketHello {
                    token,
                    last_event,
                    tail: tail.and_then(|t| senet_protocol::Tail::try_from(t).ok()),
                    outbox,
                    reply,
                    name,
                }));
                if handle.mailbox.send(cmd).await.is_err() {
                    return Reply::NotHere;
                }
                match rx.await {
                    Ok(Ok(c)) => {
                        lock(&self.remote_conns)
                            .insert((match_id.to_owned(), c.conn), from.to_owned());
                        if lock(&self.relays).insert(match_id.to_owned()) {
                            tokio::spawn(self.clone().relay(match_id.to_owned(), c.rx));
                        }
                        tokio::spawn(self.clone().forward(
                            match_id.to_owned(),
                            c.conn,
                            from.to_owned(),
                            out_rx,
                        ));
                        Reply::Connected {
                            conn: c.conn,
                            seat: c.seat,
                            welcome: c.welcome.as_str().to_owned(),
                            missed: c.missed.iter().map(|m| m.as_str().to_owned()).collect(),
                            last_event: c.last_event,
                        }
                    }
                    Ok(Err(msg)) => Reply::ConnectRefused { msg },
                    Err(_) => Reply::NotHere,
                }
            }
            Request::Resync { conn } => {
                let (reply, rx) = oneshot::channel();
                if handle
                    .mailbox
                    .send(Cmd::Resync { conn, reply })
                    .await
                    .is_err()
                {
                    return Reply::NotHere;
                }
                match rx.await {
                    Ok((last_event, text)) => Reply::Resynced {
                        last_event,
                        text: text.as_str().to_owned(),
                    },
                    Err(_) => Reply::NotHere,
                }
            }
            Request::Record { game } => {
                let (reply, rx) = oneshot::channel();
                if handle
                    .mailbox
                    .send(Cmd::Record { game, reply })
                    .await
                    .is_err()
                {
                    return Reply::NotHere;
                }
                match rx.await {
                    Ok(record) => Reply::Record {
                        record: record.map(Box::new),
                    },
                    Err(_) => Reply::NotHere,
                }
            }
            Request::Client { .. } | Request::Disconnect { .. } => Reply::NotHere,
        }
    }

    /// Owner side: publishes a match's broadcast on its channel while another node listens.
    pub(crate) async fn relay(
        self: Arc<Self>,
        match_id: String,
        mut rx: broadcast::Receiver<Frame>,
    ) {
        let channel = wire::match_channel(&match_id);
        loop {
            let payload = match rx.recv().await {
                Ok(frame) => wire::encode_frame(frame.no, &frame.text),
                Err(broadcast::error::RecvError::Lagged(_)) => wire::LAGGED.to_owned(),
                Err(broadcast::error::RecvError::Closed) => break,
            };
            match self.bus.publish(&channel, &payload).await {
                // Nobody listens any more: stop until the next remote socket.
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => tracing::debug!(match_id, error = %e, "frame not relayed"),
            }
        }
        lock(&self.relays).remove(&match_id);
    }

    /// Owner side: sends what the match sends one remote connection to that connection's node.
    pub(crate) async fn forward(
        self: Arc<Self>,
        match_id: String,
        conn: u64,
        node: String,
        out_rx: OutboxRx,
    ) {
        let channel = wire::node_channel(&node);
        while let Ok(out) = out_rx.recv_async().await {
            let (text, close) = match out {
                Outgoing::Text(t) => (Some(t.as_str().to_owned()), None),
                Outgoing::Close(code, reason) => (None, Some((code, reason.to_owned()))),
            };
            let msg = NodeMsg::Out {
                match_id: match_id.clone(),
                conn,
                text,
                close,
            };
            let Ok(text) = serde_json::to_string(&msg) else {
                continue;
            };
            match self.bus.publish(&channel, &text).await {
                Ok(0) => {
                    // Its node is gone: so is the connection.
                    self.drop_remote(&match_id, conn).await;
                    break;
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::debug!(match_id, conn, error = %e, "frame for a remote socket lost")
                }
            }
        }
    }

    pub(crate) async fn drop_remote(&self, match_id: &str, conn: u64) {
        let known = lock(&self.remote_conns)
            .remove(&(match_id.to_owned(), conn))
            .is_some();
        if known {
            if let Some(h) = self.registry.get(match_id) {
                let _gone = h.mailbox.send(Cmd::Disconnect { conn }).await;
            }
        }
    }
}
