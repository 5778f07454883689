//! `senet-cluster`: several nodes behind one load balancer (`docs/cluster.md`). Postgres
//! decides which node owns each live match (a lease with a fencing token:
//! [`senet_store::sql::lease`]), and
//! Redis carries what one node's sockets say to another node's match and what that match
//! broadcasts back (the lichess pattern between its socket and game servers).
//!
//! Any node accepts any socket. [`Cluster::resolve`] finds the match: run here, owned by a
//! live node (then a [`proxy`] stands in for it here), or owned by nobody — no lease, or one
//! that expired because its node died — and then this node takes the lease, rebuilds the match
//! from the store and runs it. A sweeper does the same every half second for every orphaned
//! match, so a dead node's matches (their clocks, their bots) go on without waiting for a
//! socket. Events keep their numbers across nodes, so reconnection works as on one node.
//!
//! Shared through Redis: the lobby's list of public matches (each node puts the summaries of
//! the matches it runs there every second, under a key that expires unless renewed), and so
//! Senet TV's choice of the most-watched match. Per node, not shared: the open-match cap, the
//! quick-game pools, Senet TV's own bot match and the per-address limits.
//!
//! - [`bus`]: the Redis connections; [`wire`]: what nodes say to each other;
//! - `proxy`: the stand-in of another node's match; `owner`: what the owner does for
//!   sockets on other nodes;
//! - `takeover`: leases renewed and taken, the sweeper; `lobby_feed`: every node's public
//!   matches.
//!
//! **Architecture invariant**: a live match knows nothing of other nodes. The cluster sits
//! above the live matches ([`senet_live`]) and the store, and is reached by the server only
//! through [`Cluster::resolve`] and [`Cluster::public_summaries`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, Weak};
use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use tokio::sync::{broadcast, mpsc, oneshot};

pub mod bus;
mod lobby_feed;
mod owner;
mod proxy;
mod takeover;
pub mod wire;

use bus::{Bus, BusError, Listener};
use proxy::Inbound;
use wire::{NodeMsg, Reply, Request};

use senet_live::{Cmd, Frame, MatchHandle, OutboxRx, Outgoing, Registry, SeatClaim, SocketHello};
use senet_protocol::{Series, Status, Summary};

use lobby_feed::lobby_loop;
use senet_store::sql::SqlStore;
use senet_store::sql::lease::Leases;
use senet_store::{EventStore, StoreError};
use takeover::{renew_loop, sweep_loop};

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

/// Round trip of each Redis `PUBLISH` (several nodes only), in seconds; `GET /metrics`
/// shows it.
pub static REDIS_PUBLISH: LazyLock<Histogram> =
    LazyLock::new(|| Histogram::new(exponential_buckets(0.000_05, 2.0, 16)));
/// Round trip of a request to another node and its reply over Redis, in seconds.
pub static REDIS_REQUEST: LazyLock<Histogram> =
    LazyLock::new(|| Histogram::new(exponential_buckets(0.000_05, 2.0, 16)));
/// Matches this node took over from another (dead or paused) node.
pub static TAKEOVERS: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Match leases this node holds.
pub static LEASES: LazyLock<Gauge> = LazyLock::new(Gauge::default);

/// How long a node waits for another node's answer before it takes that node for gone.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(2);
/// How often the sweeper looks for orphaned matches and stale proxies.
const SWEEP_EVERY: Duration = Duration::from_millis(500);
/// At most this many orphaned matches taken per sweep.
const SWEEP_BATCH: i64 = 500;
/// How often a node puts the summaries of its public matches in Redis for the others.
const LOBBY_EVERY: Duration = Duration::from_secs(1);
/// How long a node's summaries stay listed without being put again (a dead node's matches
/// leave the other nodes' lists after this).
const LOBBY_TTL: Duration = Duration::from_secs(3);
/// The Redis set of the nodes that put summaries.
const LOBBY_NODES: &str = "senet:lobby:nodes";

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
    settings: Settings,
    node_id: String,
    node_channel: String,
    leases: Arc<Leases>,
    bus: Arc<Bus>,
    sql: Arc<SqlStore>,
    store: Arc<dyn EventStore>,
    registry: Arc<Registry>,
    /// Matches other nodes own that this node's sockets use.
    proxies: Mutex<HashMap<String, (MatchHandle, mpsc::Sender<Inbound>)>>,
    /// Requests sent, waiting for their reply.
    pending: Mutex<HashMap<u64, oneshot::Sender<Reply>>>,
    next_req: AtomicU64,
    /// Owner side: the matches whose broadcast is relayed to their channel.
    relays: Mutex<std::collections::HashSet<String>>,
    /// Owner side: every remote connection, by match and connection, with its node.
    remote_conns: Mutex<HashMap<(String, u64), String>>,
    /// One take-over at a time on this node.
    taking: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("node_id", &self.node_id)
            .finish_non_exhaustive()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Cluster {
    /// Joins the nodes that share `sql` through Redis at `redis_url`: takes leases from now
    /// on, listens on this node's channel, and starts the lease renewal and the sweeper.
    ///
    /// # Errors
    /// When the store is not Postgres or Redis does not answer.
    pub async fn start(
        settings: Settings,
        redis_url: &str,
        sql: Arc<SqlStore>,
        registry: Arc<Registry>,
    ) -> Result<Arc<Cluster>, ClusterError> {
        let node_id = settings
            .node_id
            .clone()
            .unwrap_or_else(senet_store::sql::lease::default_node_id);
        let bus = Bus::connect(redis_url).await?;
        let leases = sql.enable_leases(node_id.clone(), settings.lease_ttl)?;
        let node_channel = wire::node_channel(&node_id);
        let cluster = Arc::new(Cluster {
            settings,
            node_id,
            node_channel: node_channel.clone(),
            leases,
            bus: bus.clone(),
            store: sql.clone(),
            sql,
            registry,
            proxies: Mutex::default(),
            pending: Mutex::default(),
            next_req: AtomicU64::new(1),
            relays: Mutex::default(),
            remote_conns: Mutex::default(),
            taking: tokio::sync::Mutex::new(()),
        });
        // Remembered before the listener connects: it subscribes to everything remembered.
        if let Err(e) = bus.subscribe(&node_channel).await {
            tracing::debug!(error = %e, "node channel: subscribed once the listener connects");
        }
        bus.listen(Arc::downgrade(&cluster));
        if !bus.wait_up(Duration::from_secs(5)).await {
            return Err(BusError::from(redis::RedisError::from((
                redis::ErrorKind::IoError,
                "the pub/sub connection did not come up",
            )))
            .into());
        }
        tokio::spawn(renew_loop(Arc::downgrade(&cluster)));
        tokio::spawn(sweep_loop(Arc::downgrade(&cluster)));
        tokio::spawn(lobby_loop(Arc::downgrade(&cluster)));
        tracing::info!(node_id = %cluster.node_id, lease_ms = cluster.settings.lease_ttl.as_millis() as u64, "joined the other nodes");
        Ok(cluster)
    }

    /// This node's id.
    pub fn node_id(&self) -> &str {
        &self.node_id
    }

    /// The match `id` as this node's handlers use it: run here, a stand-in for the node that
    /// runs it, or taken over from a dead node. None when no unfinished match has this id
    /// (callers read finished matches from the store).
    ///
    /// # Errors
    /// When Postgres or Redis does not answer.
    pub async fn resolve(self: &Arc<Self>, id: &str) -> Result<Option<MatchHandle>, Unavailable> {
        if let Some(h) = self.registry.get(id) {
            return Ok(Some(h));
        }
        if let Some(h) = self.proxy(id) {
            return Ok(Some(h));
        }
        for _ in 0..2 {
            match self.leases.owner(id).await? {
                Some(owner) if owner.live && owner.node_id != self.node_id => {
                    return self.open_proxy(id, owner.node_id).await.map(Some);
                }
                _ => {
                    if let Some(h) = self.take_over(id).await? {
                        return Ok(Some(h));
                    }
                    // Another node was quicker, or there is no such live match.
                    if !self.sql.is_unfinished(id).await? {
                        return Ok(None);
                    }
                }
            }
        }
        Ok(None)
    }

    fn proxy(&self, id: &str) -> Option<MatchHandle> {
        let proxies = lock(&self.proxies);
        let (h, _) = proxies.get(id)?;
        (!h.mailbox.is_closed()).then(|| h.clone())
    }

    async fn open_proxy(
        self: &Arc<Self>,
        id: &str,
        owner: String,
    ) -> Result<MatchHandle, Unavailable> {
        self.bus.subscribe(&wire::match_channel(id)).await?;
        let mut proxies = lock(&self.proxies);
        if let Some((h, _)) = proxies.get(id) {
            if !h.mailbox.is_closed() {
                return Ok(h.clone());
            }
        }
        let (handle, inbound) = proxy::start(self.clone(), id.to_owned(), owner, placeholder(id));
        proxies.insert(id.to_owned(), (handle.clone(), inbound));
        Ok(handle)
    }

    /// A proxy stopped: forget it and its channel (unless a newer proxy took its place).
    async fn proxy_stopped(&self, id: &str, inbound: &mpsc::Sender<Inbound>) {
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
    async fn request(&self, owner: &str, id: &str, body: Request) -> Option<Reply> {
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
    async fn send(&self, owner: &str, id: &str, body: Request) {
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

/// The summary a proxy's handle carries: the match is read from the store for listings, so
/// only its id matters (and `public: false` makes a private match's readers show a key).
fn placeholder(id: &str) -> Summary {
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
