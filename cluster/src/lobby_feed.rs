//! Every node's public matches for the lobby: each node puts the summaries of the matches
//! it runs in Redis every second, under a key that expires unless renewed.

use std::sync::Weak;
use std::time::Duration;

use senet_protocol::Summary;

use crate::node::Cluster;

/// How often a node puts the summaries of its public matches in Redis for the others.
const LOBBY_EVERY: Duration = Duration::from_secs(1);
/// How long a node's summaries stay listed without being put again (a dead node's matches
/// leave the other nodes' lists after this).
const LOBBY_TTL: Duration = Duration::from_secs(3);
/// The Redis set of the nodes that put summaries.
const LOBBY_NODES: &str = "senet:lobby:nodes";

impl Cluster {
    /// The public matches of every node: this node's as they are now, the others' as they
    /// put them in Redis (at most a second old). When Redis does not answer, this
    /// node's alone.
    pub async fn public_summaries(&self) -> Vec<Summary> {
        let mut list = self.registry.public_summaries();
        let others = match self.bus.get_indexed(LOBBY_NODES, lobby_key).await {
            Ok(others) => others,
            Err(e) => {
                tracing::warn!(error = %e, "the other nodes' matches are not listed");
                return list;
            }
        };
        let mut seen: std::collections::HashSet<String> =
            list.iter().map(|s| s.match_id.clone()).collect();
        for (node, text) in others {
            if node == self.node_id {
                continue;
            }
            match serde_json::from_str::<Vec<Summary>>(&text) {
                // A match being taken over may be listed by two nodes for a moment.
                Ok(theirs) => list.extend(
                    theirs
                        .into_iter()
                        .filter(|s| seen.insert(s.match_id.clone())),
                ),
                Err(e) => tracing::warn!(node, error = %e, "a node's summaries do not read"),
            }
        }
        list
    }

    /// Puts this node's public summaries in Redis for the other nodes' lists.
    pub(crate) async fn put_lobby(&self) {
        let list = self.registry.public_summaries();
        let text = match serde_json::to_string(&list) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = %e, "summaries not encoded");
                return;
            }
        };
        let key = lobby_key(&self.node_id);
        if let Err(e) = self
            .bus
            .put_indexed(LOBBY_NODES, &self.node_id, &key, &text, LOBBY_TTL)
            .await
        {
            tracing::debug!(error = %e, "summaries not put in redis");
        }
    }
}

/// The Redis key of node `node_id`'s summaries.
pub(crate) fn lobby_key(node_id: &str) -> String {
    format!("senet:lobby:node:{node_id}")
}

pub(crate) async fn lobby_loop(cluster: Weak<Cluster>) {
    loop {
        let Some(c) = cluster.upgrade() else { return };
        c.put_lobby().await;
        drop(c);
        tokio::time::sleep(LOBBY_EVERY).await;
    }
}
