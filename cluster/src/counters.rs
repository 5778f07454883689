//! What a node counts of its dealings with the others, for `GET /metrics` (the server
//! registers them).

use std::sync::LazyLock;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};

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
