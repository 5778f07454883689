//! `senet-cluster`: several nodes behind one load balancer (`docs/cluster.md`). Postgres
//! decides which node owns each live match (a lease with a fencing token:
//! [`senet_store::sql::lease`]), and
//! Redis carries what one node's sockets say to another node's match and what that match
//! broadcasts back (the lichess pattern between its socket and game servers).
//!
//! Any node accepts any socket. [`Cluster::resolve`] finds the match: run here, owned by a
//! live node (then a proxy stands in for it here), or owned by nobody — no lease, or one
//! that expired because its node died — and then this node takes the lease, rebuilds the match
//! from the store and runs it. A sweeper does the same every half second for every orphaned
//! match, so a dead node's matches (their clocks, their bots) go on without waiting for a
//! socket. Events keep their numbers across nodes, so reconnection works as on one node.
//!
//! Shared through Redis: the lobby's list of public matches (each node puts the summaries of
//! the matches it runs there every second, under a key that expires unless renewed), and so
//! Senet TV's choice of the most-watched match; the accounts with a page open on each node,
//! and the words for a player's pages (a challenge), which go to every node. Per node, not
//! shared: the open-match cap, the
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
//! through [`Cluster::resolve`] and [`Cluster::public_summaries`] (and, for the pages' own
//! sockets, which know no match, [`Cluster::tell_person`], [`Cluster::people_feed`],
//! [`Cluster::put_people`] and [`Cluster::people_elsewhere`]).

pub mod bus;
mod counters;
mod listener;
mod lobby_feed;
mod node;
mod owner;
mod people_feed;
mod proxy;
mod takeover;
pub mod wire;

use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use senet_live::{MatchHandle, Registry};
use senet_store::sql::SqlStore;

pub use counters::{LEASES, REDIS_PUBLISH, REDIS_REQUEST, TAKEOVERS};
pub use node::{Cluster, ClusterError, Settings, Unavailable};

use bus::{Bus, BusError};
use lobby_feed::lobby_loop;
use node::{lock, placeholder};
use takeover::{renew_loop, sweep_loop};

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
            people: Mutex::default(),
        });
        // Remembered before the listener connects: it subscribes to everything remembered.
        for channel in [node_channel.as_str(), people_feed::PEOPLE_CHANNEL] {
            if let Err(e) = bus.subscribe(channel).await {
                tracing::debug!(channel, error = %e, "subscribed once the listener connects");
            }
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
}
