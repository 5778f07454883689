//! [`SqlStore`]: the durable store's connections — opened, migrated, its writers started —
//! and which database it is.

use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use tokio::sync::mpsc;

use super::board_cache::BoardCache;
use super::lease;
use super::migrate::{migrate, private_database_file};
use super::query_util::{Backend, refused};
use super::writers::{MAX_BATCH, Pending, PgWriter, Pools, write_loop};
use crate::store_error::StoreError;

/// Concurrent writer tasks (commits in flight) on Postgres, unless configured: on two cores
/// shared with the database, two writers gave the lowest tail latency (docs/performance.md).
pub const DEFAULT_WRITERS: usize = 2;

/// The SQL event store.
#[derive(Debug)]
pub struct SqlStore {
    pub(super) pool: AnyPool,
    pub(super) backend: Backend,
    pub(super) writer: mpsc::Sender<Pending>,
    /// Postgres's native pool (none on SQLite).
    pub(super) pg: Option<PgPool>,
    /// This node's leases, once several nodes share the store (every append is then fenced).
    pub(super) leases: Arc<OnceLock<Arc<lease::Leases>>>,
    /// Leaderboards read in the last second, by variant (a flood of leaderboard requests
    /// costs one query a second).
    pub(super) leaderboards: BoardCache,
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
            leaderboards: BoardCache::default(),
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

    /// A transaction for a write about the live match `match_id`: when nodes share the
    /// store, its lease row is locked in it and checked to be this node's with the token it
    /// took (as appends are fenced), so a node that lost the match writes nothing more.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] when this node no longer holds the lease; otherwise when the
    /// database cannot be reached.
    pub(super) async fn fenced(
        &self,
        match_id: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let mut tx = self.pool.begin().await.map_err(super::query_util::err)?;
        if let Some(leases) = self.leases() {
            leases.check_ids(&mut tx, &[match_id]).await?;
        }
        Ok(tx)
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
