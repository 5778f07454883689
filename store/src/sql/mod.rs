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

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use senet_protocol::time::now_ms;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

mod chat_rows;
pub mod lease;
mod migrate;
pub mod ratings;
pub mod read;
mod recovery;
mod writers;

pub use migrate::migrate_up_to;
pub use recovery::Recovered;

use migrate::{migrate, private_database_file};
use writers::{MAX_BATCH, Pending, PgWriter, Pools, write_loop};

use crate::{EventStore, MatchRow, StoreError, StoreFuture, StoredEvent};

/// Which database is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A Postgres server.
    Postgres,
}

/// Concurrent writer tasks (commits in flight) on Postgres, unless configured: on two cores
/// shared with the database, two writers gave the lowest tail latency (docs/performance.md).
pub const DEFAULT_WRITERS: usize = 2;

/// The SQL event store.
#[derive(Debug)]
pub struct SqlStore {
    pool: AnyPool,
    backend: Backend,
    writer: mpsc::Sender<Pending>,
    /// Postgres's native pool (none on SQLite).
    pg: Option<PgPool>,
    /// This node's leases, once several nodes share the store (every append is then fenced).
    leases: Arc<OnceLock<Arc<lease::Leases>>>,
    /// Leaderboards read in the last second, by variant (a flood of leaderboard requests
    /// costs one query a second).
    leaderboards: std::sync::Mutex<HashMap<String, CachedBoard>>,
}

/// A leaderboard as read, and when.
type CachedBoard = (std::time::Instant, Arc<Vec<read::LeaderLine>>);

/// `$first,$first+1,…`: `n` placeholders for values bound one by one (the `Any` driver binds
/// no arrays), as in `IN (…)`.
fn placeholders(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// `q` with each of `ids` bound, in order (to the placeholders of [`placeholders`]).
fn bind_all<'q, S: AsRef<str>>(
    mut q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ids: &'q [S],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for id in ids {
        q = q.bind(id.as_ref());
    }
    q
}

/// A database error, told apart by whether anything may have been written.
fn err(e: sqlx::Error) -> StoreError {
    match e {
        // Refused before or by the database: the statement or transaction did not happen.
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Database(_)
        | sqlx::Error::Configuration(_)
        | sqlx::Error::ColumnNotFound(_)
        | sqlx::Error::ColumnDecode { .. }
        | sqlx::Error::Decode(_)
        | sqlx::Error::TypeNotFound { .. } => StoreError::Refused(e.to_string()),
        _ => StoreError::Unknown(e.to_string()),
    }
}

/// Nothing was done (the store could not be opened, or the request never reached it).
fn refused(e: impl std::fmt::Display) -> StoreError {
    StoreError::Refused(e.to_string())
}

impl SqlStore {
    /// The store the configuration asks for: `database_url` if set (with `writers`
    /// concurrent commits), else `<data_dir>/senet.db` (created if missing).
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open(
        database_url: Option<&str>,
        data_dir: &Path,
        writers: usize,
    ) -> Result<Arc<SqlStore>, StoreError> {
        match database_url {
            Some(url) => SqlStore::connect_with(url, writers).await,
            None => {
                let path = private_database_file(data_dir)?;
                SqlStore::connect(&format!("sqlite://{}?mode=rwc", path.display())).await
            }
        }
    }

    /// Connects to `url` (`sqlite://…` or `postgres://…`) and runs the migrations.
    ///
    /// # Errors
    /// When the database cannot be reached or migrated.
    pub async fn connect(url: &str) -> Result<Arc<SqlStore>, StoreError> {
        SqlStore::connect_with(url, DEFAULT_WRITERS).await
    }

    /// As [`SqlStore::connect`], with `writers` concurrent commits on Postgres (at least one;
    /// SQLite always has one writer).
    ///
    /// # Errors
    /// When the database cannot be reached or migrated.
    pub async fn connect_with(url: &str, writers: usize) -> Result<Arc<SqlStore>, StoreError> {
        let writers_pg = writers.max(1);
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(refused(
                "DATABASE_URL must start with postgres:// or sqlite:",
            ));
        };
        let options = |max_connections: u32| {
            AnyPoolOptions::new()
                .max_connections(max_connections)
                .acquire_timeout(Duration::from_secs(3))
                .after_connect(move |conn, _meta| {
                    Box::pin(async move {
                        if backend == Backend::Sqlite {
                            for pragma in [
                                "PRAGMA journal_mode = WAL",
                                "PRAGMA synchronous = FULL",
                                "PRAGMA foreign_keys = ON",
                                "PRAGMA busy_timeout = 5000",
                            ] {
                                sqlx::query(pragma).execute(&mut *conn).await?;
                            }
                        }
                        Ok(())
                    })
                })
        };
        let cannot_connect =
            |e: sqlx::Error| refused(format!("cannot connect to the database: {e}"));
        let pool = options(match backend {
            Backend::Sqlite => 4,
            Backend::Postgres => 12,
        })
        .connect(url)
        .await
        .map_err(cannot_connect)?;
        migrate(&pool, backend, i64::MAX).await?;
        let (writer, rx) = mpsc::channel(8 * MAX_BATCH);
        // Several writers for Postgres (commits overlap); SQLite has one writer anyway.
        // Order within a match is safe: an actor awaits each append before the next.
        let writers = match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => writers_pg,
        };
        let pg_options = match backend {
            Backend::Sqlite => None,
            Backend::Postgres => Some(
                url.parse::<PgConnectOptions>()
                    .map_err(|e| refused(format!("DATABASE_URL does not read: {e}")))?,
            ),
        };
        // The leases' connections, made when first used: only a node of several uses them
        // (the writers have their own).
        let native = pg_options.clone().map(|options| {
            PgPoolOptions::new()
                .max_connections(2)
                .acquire_timeout(Duration::from_secs(3))
                .connect_lazy_with(options)
        });
        // SQLite's writer has a connection of its own, so a flood of reads (leaderboards,
        // histories) never makes a commit wait for a connection.
        let write_pool = match backend {
            Backend::Sqlite => options(1).connect(url).await.map_err(cannot_connect)?,
            Backend::Postgres => pool.clone(),
        };
        let rx = Arc::new(tokio::sync::Mutex::new(rx));
        let leases: Arc<OnceLock<Arc<lease::Leases>>> = Arc::default();
        for _ in 0..writers {
            let pools = Pools {
                any: write_pool.clone(),
                pg: pg_options.clone().map(PgWriter::new),
                leases: leases.clone(),
            };
            tokio::spawn(write_loop(pools, rx.clone()));
        }
        Ok(Arc::new(SqlStore {
            pool,
            backend,
            writer,
            pg: native,
            leases,
            leaderboards: std::sync::Mutex::default(),
        }))
    }

    /// From now on this store is one of several nodes' (`docs/cluster.md`): new matches take
    /// a lease for `node_id`, every append is fenced by it, and the leases last `ttl` after
    /// each renewal. Postgres only; once per store.
    ///
    /// # Errors
    /// On SQLite, or when called twice.
    pub fn enable_leases(
        &self,
        node_id: String,
        ttl: Duration,
    ) -> Result<Arc<lease::Leases>, StoreError> {
        let pg = self.pg.clone().ok_or_else(lease::needs_postgres)?;
        let leases = Arc::new(lease::Leases::new(node_id, ttl, pg));
        self.leases
            .set(leases.clone())
            .map_err(|_| refused("leases are enabled already"))?;
        Ok(leases)
    }

    /// This node's leases, when several nodes share the store.
    pub fn leases(&self) -> Option<&Arc<lease::Leases>> {
        self.leases.get()
    }

    /// The pool (for queries).
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }
}

/// Reads an integer column whatever its width.
pub fn int(r: &AnyRow, col: &str) -> Result<i64, StoreError> {
    r.try_get::<i64, _>(col).map_err(err)
}

impl EventStore for SqlStore {
    fn append<'a>(&'a self, events: &'a [StoredEvent]) -> StoreFuture<'a> {
        Box::pin(async move {
            if events.is_empty() {
                return Ok(());
            }
            let (done, rx) = oneshot::channel();
            self.writer
                .send(Pending {
                    events: events.to_vec(),
                    done,
                })
                .await
                .map_err(|_| refused("the store writer stopped"))?;
            rx.await
                .map_err(|_| StoreError::Unknown("the store writer stopped".into()))?
        })
    }

    fn stored_count<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, u64> {
        Box::pin(async move {
            let row = sqlx::query("SELECT COUNT(*) AS n FROM events WHERE match_id = $1")
                .bind(match_id)
                .fetch_one(&self.pool)
                .await
                .map_err(err)?;
            Ok(int(&row, "n")? as u64)
        })
    }

    fn create_match<'a>(&'a self, m: &'a MatchRow) -> StoreFuture<'a> {
        Box::pin(async move {
            let now = now_ms();
            let mut tx = self.pool.begin().await.map_err(err)?;
            sqlx::query(
                "INSERT INTO matches (id, name, variant, options, players, series_kind, \
                 series_target, public, spectator_key_hash, status, created_ms, updated_ms, rated, \
                 clock) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'joining', $10, $10, $11, $12)",
            )
            .bind(m.id.as_str())
            .bind(m.name.as_str())
            .bind(m.variant.as_str())
            .bind(m.options.as_str())
            .bind(i64::from(m.players))
            .bind(m.series_kind.as_str())
            .bind(i64::from(m.series_target))
            .bind(m.public)
            .bind(m.spectator_key_hash.as_deref())
            .bind(now)
            .bind(m.rated)
            .bind(m.clock.as_deref())
            .execute(&mut *tx)
            .await
            .map_err(err)?;
            for s in &m.seats {
                sqlx::query(
                    "INSERT INTO seats (match_id, seat, player_id, name, token_hash, invite_hash, claimed, bot) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(m.id.as_str())
                .bind(i64::from(s.seat))
                .bind(s.player_id.as_deref())
                .bind(s.name.as_deref())
                .bind(s.token_hash.as_str())
                .bind(s.invite_hash.as_str())
                .bind(s.claimed)
                .bind(s.bot.as_deref())
                .execute(&mut *tx)
                .await
                .map_err(err)?;
            }
            if let Some(leases) = self.leases.get() {
                leases.create(&mut tx, &m.id).await?;
            }
            tx.commit().await.map_err(err)
        })
    }

    fn released<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a> {
        Box::pin(async move {
            match self.leases.get() {
                Some(leases) => leases.release(match_id).await,
                None => Ok(()),
            }
        })
    }

    fn claim_seat<'a>(
        &'a self,
        match_id: &'a str,
        seat: u8,
        name: &'a str,
        token_hash: &'a str,
        player_id: Option<&'a str>,
    ) -> StoreFuture<'a> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE seats SET claimed = $3, name = $4, player_id = $5, token_hash = $6 \
                 WHERE match_id = $1 AND seat = $2",
            )
            .bind(match_id)
            .bind(i64::from(seat))
            .bind(true)
            .bind(name)
            .bind(player_id)
            .bind(token_hash)
            .execute(&self.pool)
            .await
            .map_err(err)?;
            Ok(())
        })
    }

    fn sql(&self) -> Option<&SqlStore> {
        Some(self)
    }

    fn append_chat<'a>(
        &'a self,
        match_id: &'a str,
        line: &'a senet_protocol::ChatLine,
    ) -> StoreFuture<'a> {
        Box::pin(self.insert_chat(match_id, line))
    }

    fn chat<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, Vec<senet_protocol::ChatLine>> {
        Box::pin(self.chat_lines(match_id))
    }
}
