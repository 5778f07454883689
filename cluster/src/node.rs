//! This node among the others: [`Cluster`] — its settings, its connections (Redis, the
//! leases), what it knows of other nodes' matches (the proxies it runs) and of its own
//! matches' remote sockets — and the requests it sends another node.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use senet_live::{Frame, MatchHandle, OutboxTx, Outgoing, Registry};
use senet_protocol::{Series, Status, Summary};
use senet_store::sql::SqlStore;
use senet_store::sql::lease::Leases;
use senet_store::{EventStore, StoreError};
use tokio::sync::{mpsc, oneshot};

use crate::bus::{Bus, BusError};
use crate::counters::REDIS_REQUEST;
use crate::wire::{self, NodeMsg, Reply, Request};

/// How long a node waits for another node's answer before it takes that node for gone.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(2);
/// How one node of several runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// This node's id among the others (none: the host name and four random hex digits).
    pub node_id: Option<String>,
    /// How long a lease lasts after its last renewal (renewed every third of it).
    pub lease_ttl: Duration,
    /// How the matches this node runs (or takes over) live.
    pub live: Arc<senet_live::Settings>,
}

/// Why a match could not be reached now (a 503; the client tries again).
#[derive(Debug, thiserror::Error)]
pub enum Unavailable {
    /// Postgres did not answer.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Redis did not answer.
    #[error(transparent)]
    Bus(#[from] BusError),
}

/// Why the node could not join the others.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The store cannot hold leases (SQLite).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Redis could not be reached.
    #[error(transparent)]
    Bus(#[from] BusError),
}

/// This node among the others.
pub struct Cluster {
    pub(crate) settings: Settings,
    pub(crate) node_id: String,
    pub(crate) node_channel: String,
    pub(crate) leases: Arc<Leases>,
    pub(crate) bus: Arc<Bus>,
    pub(crate) sql: Arc<SqlStore>,
    pub(crate) store: Arc<dyn EventStore>,
    pub(crate) registry: Arc<Registry>,
    /// Matches other nodes own that this node's sockets use.
    pub(crate) proxies: Mutex<HashMap<String, (MatchHandle, mpsc::Sender<Inbound>)>>,
    /// Requests sent, waiting for their reply.
    pub(crate) pending: Mutex<HashMap<u64, oneshot::Sender<Reply>>>,
    pub(crate) next_req: AtomicU64,
    /// Owner side: the matches whose broadcast is relayed to their channel.
    pub(crate) relays: Mutex<HashSet<String>>,
    /// Owner side: every remote connection, by match and connection, with its node.
    pub(crate) remote_conns: Mutex<HashMap<(String, u64), String>>,
    /// One take-over at a time on this node.
    pub(crate) taking: tokio::sync::Mutex<()>,
    /// Where the words for players that Redis brings go (`people_feed`), once asked for.
    pub(crate) people: Mutex<Option<mpsc::UnboundedSender<(String, String)>>>,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("node_id", &self.node_id)
            .finish_non_exhaustive()
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What reaches a proxy besides its mailbox.
#[derive(Debug)]
pub(crate) enum Inbound {
    /// A broadcast frame (from the match's channel).
    Frame(Frame),
    /// The owner's relay fell behind: sockets must start over.
    Lagged,
    /// A frame for one connection.
    Out(u64, Outgoing),
    /// A connection was accepted by the owner: keep its outbox.
    Accepted(u64, OutboxTx),
    /// Stop (the owner is gone, or Redis is).
    Stop,
}

impl Cluster {
    /// This node's id.
    pub fn node_id(&self) -> &str {
        &self.node_id
    }

    pub(crate) fn proxy(&self, id: &str) -> Option<MatchHandle> {
        let proxies = lock(&self.proxies);
        let (h, _) = proxies.get(id)?;
        (!h.mailbox.is_closed()).then(|| h.clone())
    }

    /// A proxy stopped: forget it and its channel (unless a newer proxy took its place).
    pub(crate) async fn proxy_stopped(&self, id: &str, inbound: &mpsc::Sender<Inbound>) {
        let gone = {
            let mut proxies = lock(&self.proxies);
            match proxies.get(id) {
                Some((_, i)) if i.same_channel(inbound) => proxies.remove(id).is_some(),
                _ => false,
            }
        };
        if gone {
            self.bus.unsubscribe(&wire::match_channel(id)).await;
        }
    }

    /// Sends `body` for match `id` to node `owner` and waits for its reply: none when the
    /// owner does not answer in time (or nobody listens on its channel).
    pub(crate) async fn request(&self, owner: &str, id: &str, body: Request) -> Option<Reply> {
        let req = self.next_req.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        lock(&self.pending).insert(req, tx);
        let msg = NodeMsg::Request {
            match_id: id.to_owned(),
            from: self.node_id.clone(),
            req,
            body,
        };
        let started = std::time::Instant::now();
        let sent = match serde_json::to_string(&msg) {
            Ok(text) => self.bus.publish(&wire::node_channel(owner), &text).await,
            Err(e) => {
                tracing::error!(error = %e, "request not encoded");
                Ok(0)
            }
        };
        let reply = match sent {
            Ok(n) if n > 0 => tokio::time::timeout(REQUEST_TIMEOUT, rx)
                .await
                .ok()
                .and_then(Result::ok),
            Ok(_) => None,
            Err(e) => {
                tracing::warn!(owner, error = %e, "request not sent");
                None
            }
        };
        lock(&self.pending).remove(&req);
        if reply.is_some() {
            REDIS_REQUEST.observe(started.elapsed().as_secs_f64());
        } else {
            tracing::warn!(match_id = %id, owner, "the owner did not answer");
        }
        reply
    }

    /// Sends `body` for match `id` to node `owner` without waiting for anything.
    pub(crate) async fn send(&self, owner: &str, id: &str, body: Request) {
        let msg = NodeMsg::Request {
            match_id: id.to_owned(),
            from: self.node_id.clone(),
            req: 0,
            body,
        };
        if let Ok(text) = serde_json::to_string(&msg) {
            if let Err(e) = self.bus.publish(&wire::node_channel(owner), &text).await {
                tracing::debug!(owner, error = %e, "message to the owner lost");
            }
        }
    }
}

/// The summary a proxy's handle carries: the match is read from the store for listings, so
/// only its id matters (and `public: false` makes a private match's readers show a key).
pub(crate) fn placeholder(id: &str) -> Summary {
    Summary {
        match_id: id.to_owned(),
        name: String::new(),
        variant: senet_engine::Variant::Martian,
        players: 0,
        public: false,
        rated: false,
        series: Series::default(),
        status: Status::Live,
        names: Vec::new(),
        game: 0,
        score: Vec::new(),
        wins: Vec::new(),
        spectators: 0,
        clock: None,
        bots: Vec::new(),
    }
}
