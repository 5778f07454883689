//! What this node hears on Redis ([`Listener`] for [`Cluster`]): requests for its own
//! matches, replies to its requests, frames for the sockets of its proxies; and what it
//! does when the pub/sub connection drops.

use std::sync::Arc;

use senet_live::Frame;
use tokio::sync::mpsc;

use crate::bus::Listener;
use crate::node::{Cluster, Inbound, lock};
use crate::proxy;
use crate::wire::{self, NodeMsg};

impl Listener for Cluster {
    fn heard(self: Arc<Self>, channel: &str, payload: &str) {
        if channel == self.node_channel {
            let msg: NodeMsg = match serde_json::from_str(payload) {
                Ok(m) => m,
                Err(e) => {
                    tracing::warn!(error = %e, "a node message that does not read");
                    return;
                }
            };
            match msg {
                NodeMsg::Request {
                    match_id,
                    from,
                    req,
                    body,
                } => self.serve(match_id, from, req, body),
                NodeMsg::Reply { req, body } => {
                    if let Some(tx) = lock(&self.pending).remove(&req) {
                        let _late = tx.send(body);
                    }
                }
                NodeMsg::Out {
                    match_id,
                    conn,
                    text,
                    close,
                } => {
                    let Some(out) = proxy::outgoing(text, close) else {
                        return;
                    };
                    if let Some((_, inbound)) = lock(&self.proxies).get(&match_id) {
                        let _full = inbound.try_send(Inbound::Out(conn, out));
                    }
                }
            }
        } else if channel == crate::people_feed::PEOPLE_CHANNEL {
            self.heard_for_person(payload);
        } else if let Some(id) = channel.strip_prefix("senet:match:") {
            let inbound = match wire::decode_frame(payload) {
                Some((no, text)) => Inbound::Frame(Frame {
                    no,
                    text: text.to_owned().into(),
                }),
                None => Inbound::Lagged,
            };
            if let Some((_, tx)) = lock(&self.proxies).get(id) {
                if tx.try_send(inbound).is_err() {
                    // A proxy that cannot keep up: its sockets start over.
                    let _full = tx.try_send(Inbound::Lagged);
                }
            }
        }
    }

    fn down(self: Arc<Self>) {
        // Messages may have been lost: every proxy's sockets start over, and the remote
        // sockets of this node's matches are taken for gone (their nodes drop them too).
        let inbound: Vec<mpsc::Sender<Inbound>> = lock(&self.proxies)
            .values()
            .map(|(_, i)| i.clone())
            .collect();
        for i in inbound {
            let _stopping = i.try_send(Inbound::Stop);
        }
        let remote: Vec<(String, u64)> = lock(&self.remote_conns).keys().cloned().collect();
        tokio::spawn(async move {
            for (match_id, conn) in remote {
                self.drop_remote(&match_id, conn).await;
            }
        });
    }
}
