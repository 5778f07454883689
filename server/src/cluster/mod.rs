//! Several nodes behind one load balancer (`docs/cluster.md`): Postgres decides which node
//! owns each live match (a lease with a fencing token: [`crate::store::sql::lease`]), and
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

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc, oneshot};

pub mod bus;
mod proxy;
pub mod wire;

use bus::{Bus, BusError, Listener};
use proxy::Inbound;
use wire::{NodeMsg, Reply, Request};

use crate::config::Config;
use crate::matches::{
    Cmd, Frame, MatchHandle, OutboxRx, Outgoing, Registry, SeatClaim, SocketHello, Summary,
};
use crate::metrics::METRICS;
use crate::store::sql::SqlStore;
use crate::store::sql::lease::Leases;
use crate::store::{EventStore, StoreError};

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

/// The Redis key of node `node_id`'s summaries.
fn lobby_key(node_id: &str) -> String {
    format!("senet:lobby:node:{node_id}")
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
    config: Arc<Config>,
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
        config: Arc<Config>,
        redis_url: &str,
        sql: Arc<SqlStore>,
        registry: Arc<Registry>,
    ) -> Result<Arc<Cluster>, ClusterError> {
        let node_id = config
            .node_id
            .clone()
            .unwrap_or_else(crate::store::sql::lease::default_node_id);
        let bus = Bus::connect(redis_url).await?;
        let leases = sql.enable_leases(node_id.clone(), config.lease_ttl())?;
        let node_channel = wire::node_channel(&node_id);
        let cluster = Arc::new(Cluster {
            config,
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
        tracing::info!(node_id = %cluster.node_id, lease_ms = cluster.config.lease_ttl().as_millis() as u64, "joined the other nodes");
        Ok(cluster)
    }

    /// This node's id.
    pub fn node_id(&self) -> &str {
        &self.node_id
    }

    /// The public matches of every node: this node's as they are now, the others' as they
    /// put them in Redis (at most [`LOBBY_EVERY`] old). When Redis does not answer, this
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
    async fn put_lobby(&self) {
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

    /// How many matches this node holds leases on.
    pub fn leases_held(&self) -> usize {
        self.leases.count()
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

    /// Takes match `id` over when nobody holds its lease (or it expired): the lease, then the
    /// match rebuilt from the store and started here. None when another node holds it or no
    /// unfinished match has this id.
    async fn take_over(self: &Arc<Self>, id: &str) -> Result<Option<MatchHandle>, Unavailable> {
        if let Some(h) = self.registry.get(id) {
            return Ok(Some(h));
        }
        if !self.sql.is_unfinished(id).await? {
            return Ok(None);
        }
        self.take_over_many(vec![id.to_owned()]).await?;
        Ok(self.registry.get(id))
    }

    /// Takes over those of the stored matches `ids` that nobody holds (or whose lease
    /// expired) and that are not running here: their leases in one statement, then the
    /// matches read in three queries and their chat in one, rebuilt and started. How many
    /// were started.
    async fn take_over_many(self: &Arc<Self>, ids: Vec<String>) -> Result<usize, Unavailable> {
        let _one_at_a_time = self.taking.lock().await;
        let ids: Vec<String> = ids
            .into_iter()
            .filter(|id| self.registry.get(id).is_none())
            .collect();
        if ids.is_empty() {
            return Ok(0);
        }
        let taken: Vec<String> = self
            .leases
            .acquire_many(&ids)
            .await?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        if taken.is_empty() {
            return Ok(0);
        }
        // Read after the leases are ours: the last owner can append nothing more.
        let ttl = self.config.invite_ttl();
        let loaded = async {
            let recs = self.sql.unfinished_some(&taken, ttl).await?;
            Ok::<_, StoreError>((recs, self.sql.recent_chat_of(&taken).await?))
        };
        let (recs, mut chat) = match loaded.await {
            Ok(l) => l,
            Err(e) => {
                for id in &taken {
                    self.give_back(id).await;
                }
                return Err(e.into());
            }
        };
        let mut started = std::collections::HashSet::with_capacity(recs.len());
        for rec in recs {
            let id = rec.row.id.clone();
            let lines = chat.remove(&id).unwrap_or_default();
            match crate::matches::restore_match(rec, lines, self.store.clone(), self.config.clone())
            {
                Ok(handle) => {
                    self.registry.insert(handle);
                    METRICS.takeovers.inc();
                    tracing::debug!(match_id = %id, "took the match over");
                    started.insert(id);
                }
                Err(e) => {
                    tracing::error!(match_id = %id, error = %e, "cannot rebuild the match; lease given back");
                }
            }
        }
        // Finished meanwhile, or not rebuilt: nobody runs them here.
        for id in taken.iter().filter(|id| !started.contains(*id)) {
            self.give_back(id).await;
        }
        tracing::info!(matches = started.len(), "took matches over");
        Ok(started.len())
    }

    async fn give_back(&self, id: &str) {
        if let Err(e) = self.leases.release(id).await {
            tracing::warn!(match_id = %id, error = %e, "lease not given back; it expires by itself");
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
            METRICS
                .redis_request
                .observe(started.elapsed().as_secs_f64());
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

    async fn reply(&self, to: &str, req: u64, body: Reply) {
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
    fn serve(self: Arc<Self>, match_id: String, from: String, req: u64, body: Request) {
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

    async fn serve_waiting(
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
                let (outbox, out_rx) = crate::matches::outbox();
                let (reply, rx) = oneshot::channel();
                let cmd = Cmd::Connect(Box::new(SocketHello {
                    token,
                    last_event,
                    tail: tail.and_then(|t| crate::protocol::Tail::try_from(t).ok()),
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
    async fn relay(self: Arc<Self>, match_id: String, mut rx: broadcast::Receiver<Frame>) {
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
    async fn forward(self: Arc<Self>, match_id: String, conn: u64, node: String, out_rx: OutboxRx) {
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

    async fn drop_remote(&self, match_id: &str, conn: u64) {
        let known = lock(&self.remote_conns)
            .remove(&(match_id.to_owned(), conn))
            .is_some();
        if known {
            if let Some(h) = self.registry.get(match_id) {
                let _gone = h.mailbox.send(Cmd::Disconnect { conn }).await;
            }
        }
    }

    /// Renews this node's leases; tells the matches whose lease was lost.
    async fn renew(&self) {
        match self.leases.renew().await {
            Ok(lost) => {
                for id in lost {
                    tracing::warn!(match_id = %id, "lease lost to another node");
                    if let Some(h) = self.registry.get(&id) {
                        let _gone = h.mailbox.send(Cmd::LeaseLost).await;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "leases not renewed"),
        }
        METRICS.leases.set(self.leases.count() as i64);
    }

    /// Takes over orphaned matches, and stops proxies whose owner changed or died. Whether
    /// it found a whole batch of orphans (more may wait).
    async fn sweep(self: &Arc<Self>) -> bool {
        let mut full = false;
        match self
            .leases
            .orphans(self.config.invite_ttl(), SWEEP_BATCH)
            .await
        {
            Ok(ids) => {
                let whole_batch = ids.len() as i64 >= SWEEP_BATCH;
                match self.take_over_many(ids).await {
                    // Only when this sweep made progress: a batch it cannot take must not
                    // make the sweeper spin.
                    Ok(took) => full = whole_batch && took > 0,
                    Err(e) => tracing::warn!(error = %e, "take-over failed"),
                }
            }
            Err(e) => tracing::debug!(error = %e, "orphans not read"),
        }
        let ids: Vec<String> = lock(&self.proxies).keys().cloned().collect();
        if ids.is_empty() {
            return full;
        }
        let Ok(owners) = self.leases.owners(&ids).await else {
            return full;
        };
        let stale: Vec<mpsc::Sender<Inbound>> = {
            let proxies = lock(&self.proxies);
            ids.iter()
                .filter_map(|id| {
                    let (_, inbound) = proxies.get(id)?;
                    let fine = owners
                        .get(id)
                        .is_some_and(|o| o.live && o.node_id != self.node_id);
                    (!fine).then(|| inbound.clone())
                })
                .collect()
        };
        for inbound in stale {
            let _stopping = inbound.send(Inbound::Stop).await;
        }
        full
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

async fn renew_loop(cluster: Weak<Cluster>) {
    loop {
        let Some(c) = cluster.upgrade() else { return };
        let every = c.config.lease_ttl() / 3;
        c.renew().await;
        drop(c);
        tokio::time::sleep(every).await;
    }
}

async fn lobby_loop(cluster: Weak<Cluster>) {
    loop {
        let Some(c) = cluster.upgrade() else { return };
        c.put_lobby().await;
        drop(c);
        tokio::time::sleep(LOBBY_EVERY).await;
    }
}

async fn sweep_loop(cluster: Weak<Cluster>) {
    let mut more = false;
    loop {
        // A whole batch taken: more orphans may wait, so the next sweep comes at once.
        if !more {
            tokio::time::sleep(SWEEP_EVERY).await;
        }
        let Some(c) = cluster.upgrade() else { return };
        more = c.sweep().await;
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
        series: crate::protocol::Series::default(),
        status: crate::matches::Status::Live,
        names: Vec::new(),
        game: 0,
        score: Vec::new(),
        wins: Vec::new(),
        spectators: 0,
        clock: None,
        bots: Vec::new(),
    }
}
