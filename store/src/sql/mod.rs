//! The durable store: SQLite (default, a file in the data directory) or Postgres
//! (`DATABASE_URL=postgres://…`), through sqlx's `Any` driver so one set of queries serves
//! both. Both dialects have their own migrations (`migrations/sqlite`, `migrations/postgres`),
//! embedded in the binary and run at start-up.
//!
//! Appends go through one writer task that does **group commit**: it takes every append
//! waiting in its queue (from all matches), writes them in one transaction, commits, and only
//! then resolves each waiter. While a commit is in flight new appends queue up and form the
//! next batch, so there is no timer and no added latency when the load is light. Each append
//! is itself a batch (every event one command of a match made), stored all or none.
//!
//! On Postgres each writer has a native connection of its own, outside any pool, and inserts a
//! batch of moves with one prepared statement over arrays (`INSERT … SELECT FROM UNNEST(…)`):
//! the same plan every time, whatever the batch size, and no per-value boxing through the
//! `Any` driver. Outside a pool because sqlx's pool tests a connection with a round trip
//! when it is taken and again when it is given back: three round trips a batch, not one.

pub mod account_rows;
mod appends;
mod board_cache;
mod chat_rows;
pub mod lease;
mod migrate;
pub mod moderation_rows;
pub mod people_rows;
mod query_util;
pub mod rating_reads;
pub mod ratings;
pub mod read;
mod recovery;
mod review_rows;
pub mod sign_in_rows;
mod sql_store;
pub mod tournament_rows;
mod writers;

pub use board_cache::LeaderLine;
pub use migrate::migrate_up_to;
pub use query_util::{Backend, int};
pub use recovery::Recovered;
pub use sql_store::{DEFAULT_WRITERS, SqlStore};
pub use writers::COMMIT_SECONDS;
