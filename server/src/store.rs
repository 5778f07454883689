//! Where accepted events go before they are broadcast.
//!
//! The match actor calls [`EventStore::append`] for every event and awaits it before it
//! applies and broadcasts the event, so nothing is acknowledged that the store did not
//! accept. Today the only store is [`MemoryStore`]; the durable store (issue 5) implements the
//! same trait (with group commit across matches).

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;

use axum::extract::ws::Utf8Bytes;

/// One event as the store sees it: its place and its serialised JSON.
#[derive(Clone, Debug)]
pub struct StoredEvent {
    /// The match.
    pub match_id: String,
    /// The event number within the match (1-based).
    pub no: u64,
    /// The game of the series.
    pub game: u32,
    /// The event exactly as broadcast (a `{"type":"event",...}` message).
    pub json: Utf8Bytes,
}

/// Why the store refused an event.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the event store is unavailable: {0}")]
pub struct StoreError(pub String);

/// A boxed future returned by the store.
pub type StoreFuture<'a> = Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'a>>;

/// An append-only log of match events.
pub trait EventStore: Send + Sync + std::fmt::Debug + 'static {
    /// Makes `event` durable; resolves only once it is.
    fn append<'a>(&'a self, event: &'a StoredEvent) -> StoreFuture<'a>;
}

/// Keeps every event in memory (lost on restart).
#[derive(Debug, Default)]
pub struct MemoryStore {
    events: Mutex<HashMap<String, Vec<StoredEvent>>>,
}

impl MemoryStore {
    /// The events of a match, in order.
    pub fn events(&self, match_id: &str) -> Vec<StoredEvent> {
        let events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        events.get(match_id).cloned().unwrap_or_default()
    }
}

impl EventStore for MemoryStore {
    fn append<'a>(&'a self, event: &'a StoredEvent) -> StoreFuture<'a> {
        let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        let log = events.entry(event.match_id.clone()).or_default();
        let expected = log.len() as u64 + 1;
        let result = if event.no == expected {
            log.push(event.clone());
            Ok(())
        } else {
            Err(StoreError(format!(
                "event {} appended where {expected} was expected",
                event.no
            )))
        };
        Box::pin(std::future::ready(result))
    }
}
