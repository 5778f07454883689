//! The pages' own sockets across nodes (`docs/cluster.md`): a word for a player (a
//! challenge, its answer) is published once and every node gives it to that player's
//! sockets there; each node puts the accounts with a page open on it in Redis every second,
//! under a key that expires unless renewed, for the other nodes' counts and statuses.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::bus::BusError;
use crate::node::{Cluster, lock};

/// The channel every node hears words for players on.
pub(crate) const PEOPLE_CHANNEL: &str = "senet:people";
/// The Redis set of the nodes that put who is online on them.
const PEOPLE_NODES: &str = "senet:people:nodes";
/// How long a node's list stays without being put again (a dead node's people leave the
/// others' counts after this).
const PEOPLE_TTL: Duration = Duration::from_secs(3);

/// A word for a player's pages, as it crosses Redis.
#[derive(Serialize, Deserialize)]
struct Word {
    player: String,
    text: String,
}

/// Who is online on one node, as it crosses Redis.
#[derive(Serialize, Deserialize)]
struct OnNode {
    players: Vec<String>,
    guests: usize,
}

fn people_key(node_id: &str) -> String {
    format!("senet:people:node:{node_id}")
}

impl Cluster {
    /// Publishes `text` for every page of `player`, whichever node holds it (this one
    /// too: it hears its own word back, through [`Cluster::people_feed`]).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn tell_person(&self, player: &str, text: &str) -> Result<(), BusError> {
        let word = serde_json::to_string(&Word {
            player: player.to_owned(),
            text: text.to_owned(),
        })
        .map_err(|e| BusError(e.to_string()))?;
        self.bus.publish(PEOPLE_CHANNEL, &word).await?;
        Ok(())
    }

    /// The words for players that reach this node, as (player, text), from now on (a
    /// second call takes them from the first).
    pub fn people_feed(&self) -> mpsc::UnboundedReceiver<(String, String)> {
        let (tx, rx) = mpsc::unbounded_channel();
        *lock(&self.people) = Some(tx);
        rx
    }

    pub(crate) fn heard_for_person(&self, payload: &str) {
        let Ok(word) = serde_json::from_str::<Word>(payload) else {
            tracing::warn!("a word for a player that does not read");
            return;
        };
        if let Some(tx) = lock(&self.people).as_ref() {
            let _gone = tx.send((word.player, word.text));
        }
    }

    /// Puts who is online on this node in Redis for the others.
    pub async fn put_people(&self, players: &[String], guests: usize) {
        let text = match serde_json::to_string(&OnNode {
            players: players.to_vec(),
            guests,
        }) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = %e, "who is online not encoded");
                return;
            }
        };
        let key = people_key(&self.node_id);
        if let Err(e) = self
            .bus
            .put_indexed(PEOPLE_NODES, &self.node_id, &key, &text, PEOPLE_TTL)
            .await
        {
            tracing::debug!(error = %e, "who is online not put in redis");
        }
    }

    /// Who is online on the other nodes: (accounts, guests' pages) per node, as they put
    /// them (at most a second old); none when Redis does not answer.
    pub async fn people_elsewhere(&self) -> Vec<(Vec<String>, usize)> {
        match self.bus.get_indexed(PEOPLE_NODES, people_key).await {
            Ok(nodes) => nodes
                .into_iter()
                .filter(|(node, _)| *node != self.node_id)
                .filter_map(|(_, text)| serde_json::from_str::<OnNode>(&text).ok())
                .map(|n| (n.players, n.guests))
                .collect(),
            Err(e) => {
                tracing::warn!(error = %e, "the other nodes' people are not counted");
                Vec::new()
            }
        }
    }
}
