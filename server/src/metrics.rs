//! What an operator's Prometheus scrapes from `GET /metrics`: one process-wide set of
//! counters, in the Prometheus text format (0.0.4).
//!
//! Counters are bumped where things happen (a move taken by a match, a store commit, a socket
//! opened or closed); the live matches, which the registry already counts, are read from it
//! at scrape time rather than kept twice.

use std::sync::LazyLock;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// Every metric of the process.
pub struct Metrics {
    registry: Registry,
    /// Moves the matches of this process applied (stored and broadcast).
    pub moves: Counter,
    /// Events the matches of this process stored.
    pub events: Counter,
    /// How long each store commit (one group-commit batch) took.
    pub store_commit: Histogram,
    /// WebSockets open now.
    pub sockets: Gauge,
    /// Round trip of a Redis `PUBLISH` (several nodes only).
    pub redis_publish: Histogram,
    /// Round trip of a request to another node and its reply over Redis.
    pub redis_request: Histogram,
    /// Matches this node took over from another (dead or paused) node.
    pub takeovers: Counter,
    /// Match leases this node holds (several nodes only).
    pub leases: Gauge,
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
        let moves = Counter::<u64, AtomicU64>::default();
        let events = Counter::<u64, AtomicU64>::default();
        // 0.1 ms to about 3.3 s: a commit on an idle disk to a badly stalled one.
        let store_commit = Histogram::new(exponential_buckets(0.000_1, 2.0, 16));
        let matches = Gauge::default();
        let sockets = Gauge::default();
        // 50 µs to about 1.6 s.
        let redis_publish = Histogram::new(exponential_buckets(0.000_05, 2.0, 16));
        let redis_request = Histogram::new(exponential_buckets(0.000_05, 2.0, 16));
        let takeovers = Counter::<u64, AtomicU64>::default();
        let leases = Gauge::default();
        registry.register(
            "redis_publish_seconds",
            "Round trip of each Redis PUBLISH (several nodes)",
            redis_publish.clone(),
        );
        registry.register(
            "redis_request_seconds",
            "Round trip of a request to another node and its reply, over Redis",
            redis_request.clone(),
        );
        registry.register(
            "lease_takeovers",
            "Matches this node took over from another node",
            takeovers.clone(),
        );
        registry.register(
            "leases_held",
            "Match leases this node holds (several nodes)",
            leases.clone(),
        );
        registry.register(
            "moves",
            "Moves applied by the matches this node owns",
            moves.clone(),
        );
        registry.register(
            "events",
            "Events stored by the matches this node owns",
            events.clone(),
        );
        registry.register(
            "store_commit_seconds",
            "Time of each store commit (one group-commit batch)",
            store_commit.clone(),
        );
        registry.register(
            "matches_owned",
            "Live matches held by this node",
            matches.clone(),
        );
        registry.register(
            "sockets_open",
            "WebSockets open on this node",
            sockets.clone(),
        );
        Metrics {
            registry,
            moves,
            events,
            store_commit,
            matches,
            sockets,
            redis_publish,
            redis_request,
            takeovers,
            leases,
        }
    }

    /// Records one store commit's time.
    pub fn commit_took(&self, took: Duration) {
        self.store_commit.observe(took.as_secs_f64());
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
