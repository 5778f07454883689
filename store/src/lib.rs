//! `senet-store`: where accepted events go before they are broadcast, and everything else
//! the server keeps (matches, seats, players, ratings, chat, leases).
//!
//! The match actor hands [`EventStore::append`] every event a command made (a move and the
//! throws that follow it, say) as one batch, and awaits it before it broadcasts any of them,
//! so nothing is acknowledged that the store did not accept. [`MemoryStore`] keeps events in
//! memory (tests); [`SqlStore`] is the durable store (SQLite or Postgres, with group commit
//! across matches), with the read models behind the scoreboards ([`sql::read`]), the
//! ratings' writes ([`sql::ratings`]) and the leases of several nodes ([`sql::lease`]).
//!
//! **Architecture invariant**: the store knows rows, not rules. It stores facts as the text
//! the match made of them and never reads a fact's meaning; it depends on the wire types
//! (chat lines) and the pure match's rating maths, never on the live matches or HTTP.

mod event_log;
mod memory;
mod rows;
pub mod sql;
mod store_error;

pub use event_log::{EventStore, StoreFuture};
pub use memory::MemoryStore;
pub use rows::{MatchRow, SeatRow, Side, StoredEvent, hash_secret};
pub use sql::{Backend, COMMIT_SECONDS, DEFAULT_WRITERS, SqlStore};
pub use store_error::StoreError;
