//! [`EventStore`]: the append-only log of match events that the live matches write to,
//! and the other writes a match makes (its creation, a seat claimed, a chat message).

use std::future::Future;
use std::pin::Pin;

use senet_protocol::ChatLine;

use crate::rows::{MatchRow, StoredEvent};
use crate::sql::SqlStore;
use crate::store_error::StoreError;

/// A boxed future returned by the store.
pub type StoreFuture<'a, T = ()> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// An append-only log of match events.
pub trait EventStore: Send + Sync + std::fmt::Debug + 'static {
    /// Makes `events` durable, all or none (they may belong to one match or to several);
    /// resolves only once they are. An error may still mean they were stored (a commit whose
    /// answer was lost): [`EventStore::stored_count`] tells.
    fn append<'a>(&'a self, events: &'a [StoredEvent]) -> StoreFuture<'a>;

    /// How many events of `match_id` are stored (the number of its last event).
    fn stored_count<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, u64>;

    /// Records a new match and its seats (before anyone can use it).
    fn create_match<'a>(&'a self, _m: &'a MatchRow) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// Records that a seat was claimed.
    fn claim_seat<'a>(
        &'a self,
        _match_id: &'a str,
        _seat: u8,
        _name: &'a str,
        _token_hash: &'a str,
        _player_id: Option<&'a str>,
    ) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// The match's actor stopped on this node: its lease (when several nodes share the store)
    /// is given up, so that another node may take the match at once. By default nothing.
    fn released<'a>(&'a self, _match_id: &'a str) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// The SQL store behind this one, for queries (scoreboards, history, recovery).
    fn sql(&self) -> Option<&SqlStore> {
        None
    }

    /// Stores a chat message of `match_id` (before it is sent; not an event). By default
    /// it is kept nowhere.
    fn append_chat<'a>(&'a self, _match_id: &'a str, _line: &'a ChatLine) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// Every stored chat message of `match_id`, oldest first (none by default).
    fn chat<'a>(&'a self, _match_id: &'a str) -> StoreFuture<'a, Vec<ChatLine>> {
        Box::pin(std::future::ready(Ok(Vec::new())))
    }
}
