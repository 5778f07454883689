//! What an operator's Prometheus scrapes from `GET /metrics`: one process-wide registry, in
//! the Prometheus text format (0.0.4).
//!
//! Each crate owns the instruments of what it does — the live matches their moves and
//! events ([`senet_live::MOVES`]), the store its commits ([`senet_store::COMMIT_SECONDS`]),
//! the cluster its Redis round trips and leases — and this module registers them all once.
//! The server's own are the open sockets; the live matches, which the registry already
//! counts, are read from it at scrape time rather than kept twice.

use std::sync::LazyLock;

use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

/// WebSockets open on this node now.
pub static SOCKETS: LazyLock<Gauge> = LazyLock::new(Gauge::default);

/// Every metric of the process.
pub struct Metrics {
    registry: Registry,
    matches: Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

/// The process's metrics.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("senet");
        let matches = Gauge::default();
        registry.register(
            "redis_publish_seconds",
            "Round trip of each Redis PUBLISH (several nodes)",
            senet_cluster::REDIS_PUBLISH.clone(),
        );
        registry.register(
            "redis_request_seconds",
            "Round trip of a request to another node and its reply, over Redis",
            senet_cluster::REDIS_REQUEST.clone(),
        );
        registry.register(
            "lease_takeovers",
            "Matches this node took over from another node",
            senet_cluster::TAKEOVERS.clone(),
        );
        registry.register(
            "leases_held",
            "Match leases this node holds (several nodes)",
            senet_cluster::LEASES.clone(),
        );
        registry.register(
            "moves",
            "Moves applied by the matches this node owns",
            senet_live::MOVES.clone(),
        );
        registry.register(
            "events",
            "Events stored by the matches this node owns",
            senet_live::EVENTS.clone(),
        );
        registry.register(
            "store_commit_seconds",
            "Time of each store commit (one group-commit batch)",
            senet_store::COMMIT_SECONDS.clone(),
        );
        registry.register(
            "matches_owned",
            "Live matches held by this node",
            matches.clone(),
        );
        registry.register(
            "sockets_open",
            "WebSockets open on this node",
            SOCKETS.clone(),
        );
        registry.register(
            "tournament_look_seconds",
            "Time of one director's look at one tournament",
            crate::tournaments::LOOK_SECONDS.clone(),
        );
        registry.register(
            "tournament_repair_seconds",
            "Wait of an arena player from their last game's end to their next pairing",
            crate::tournaments::REPAIR_SECONDS.clone(),
        );
        Metrics { registry, matches }
    }

    /// The text a scrape gets, with the count of live matches set from the registry now.
    pub fn render(&self, matches_owned: usize) -> String {
        self.matches
            .set(i64::try_from(matches_owned).unwrap_or(i64::MAX));
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_text::encode(&mut out, &self.registry);
        out
    }
}
