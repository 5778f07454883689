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

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};
use sqlx::{AnyPool, ConnectOptions, Row};
use tokio::sync::{mpsc, oneshot};

mod chat;
pub mod lease;
pub mod ratings;
pub mod read;
mod recovery;

pub use recovery::Recovered;

use crate::store::{EventStore, MatchRow, Side, StoreError, StoreFuture, StoredEvent};

/// Which database is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A Postgres server.
    Postgres,
}

/// Most appends (each one or a few events) written in one statement or transaction.
const MAX_BATCH: usize = 512;
/// Concurrent writer tasks (commits in flight) on Postgres, unless configured: on two cores
/// shared with the database, two writers gave the lowest tail latency (docs/performance.md).
pub const DEFAULT_WRITERS: usize = 2;
/// Rows per multi-row `INSERT` (5 parameters a row: well under SQLite's 32,766).
const ROWS_PER_INSERT: usize = 2048;

struct Pending {
    events: Vec<StoredEvent>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

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

impl std::fmt::Debug for Pending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.events.first() {
            Some(e) => write!(f, "Pending({}#{}+{})", e.match_id, e.no, self.events.len()),
            None => write!(f, "Pending(empty)"),
        }
    }
}

/// The migrations of a backend, embedded in the binary, up to a version (all: `i64::MAX`).
#[derive(Debug)]
struct Embedded {
    backend: Backend,
    up_to: i64,
}

/// Every migration, per backend: (version, name, SQLite text, Postgres text).
const MIGRATIONS: [(i64, &str, &str, &str); 7] = [
    (
        1,
        "init",
        include_str!("../../../../migrations/sqlite/0001_init.sql"),
        include_str!("../../../../migrations/postgres/0001_init.sql"),
    ),
    (
        2,
        "events as facts",
        include_str!("../../../../migrations/sqlite/0002_events_as_facts.sql"),
        include_str!("../../../../migrations/postgres/0002_events_as_facts.sql"),
    ),
    (
        3,
        "ratings",
        include_str!("../../../../migrations/sqlite/0003_ratings.sql"),
        include_str!("../../../../migrations/postgres/0003_ratings.sql"),
    ),
    (
        4,
        "clocks",
        include_str!("../../../../migrations/sqlite/0004_clocks.sql"),
        include_str!("../../../../migrations/postgres/0004_clocks.sql"),
    ),
    (
        5,
        "chat",
        include_str!("../../../../migrations/sqlite/0005_chat.sql"),
        include_str!("../../../../migrations/postgres/0005_chat.sql"),
    ),
    (
        6,
        "bots",
        include_str!("../../../../migrations/sqlite/0006_bots.sql"),
        include_str!("../../../../migrations/postgres/0006_bots.sql"),
    ),
    (
        7,
        "leases",
        include_str!("../../../../migrations/sqlite/0007_leases.sql"),
        include_str!("../../../../migrations/postgres/0007_leases.sql"),
    ),
];

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<
        Box<dyn Future<Output = Result<Vec<Migration>, sqlx::error::BoxDynError>> + Send + 'static>,
    > {
        let migrations = MIGRATIONS
            .iter()
            .filter(|m| m.0 <= self.up_to)
            .map(|&(version, name, sqlite, postgres)| {
                let sql = match self.backend {
                    Backend::Sqlite => sqlite,
                    Backend::Postgres => postgres,
                };
                Migration::new(
                    version,
                    Cow::Borrowed(name),
                    MigrationType::Simple,
                    Cow::Borrowed(sql),
                    false,
                )
            })
            .collect();
        Box::pin(std::future::ready(Ok(migrations)))
    }
}

/// `<data_dir>/senet.db`, readable by this user only: the file holds the seeds of games in
/// progress. The directory is made (or tightened to) 0700 and the database files 0600
/// before SQLite opens them (its `-wal` and `-shm` files take the main file's mode).
fn private_database_file(data_dir: &Path) -> Result<std::path::PathBuf, StoreError> {
    let cannot =
        |what: &Path, e: std::io::Error| refused(format!("cannot prepare {}: {e}", what.display()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(data_dir)
            .map_err(|e| cannot(data_dir, e))?;
        std::fs::set_permissions(data_dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| cannot(data_dir, e))?;
        let path = std::path::absolute(data_dir.join("senet.db")).map_err(refused)?;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(&path)
            .map_err(|e| cannot(&path, e))?;
        for suffix in ["", "-wal", "-shm"] {
            let file = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
            if file.exists() {
                std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))
                    .map_err(|e| cannot(&file, e))?;
            }
        }
        Ok(path)
    }
    #[cfg(not(unix))]
    {
        std::fs::create_dir_all(data_dir).map_err(|e| cannot(data_dir, e))?;
        std::path::absolute(data_dir.join("senet.db")).map_err(refused)
    }
}

/// Runs the migrations of `backend` up to version `up_to` (`i64::MAX`: all of them).
async fn migrate(pool: &AnyPool, backend: Backend, up_to: i64) -> Result<(), StoreError> {
    let migrator = Migrator::new(Embedded { backend, up_to })
        .await
        .map_err(|e| refused(format!("migrations: {e}")))?;
    migrator
        .run(pool)
        .await
        .map_err(|e| refused(format!("migrations: {e}")))
}

/// Creates the schema of an older release in an empty database: the migrations up to
/// `version` only. For tests of the later migrations (a database written by an older
/// release, then opened by this one).
///
/// # Errors
/// When the database cannot be reached or migrated.
pub async fn migrate_up_to(url: &str, version: i64) -> Result<AnyPool, StoreError> {
    sqlx::any::install_default_drivers();
    let backend = if url.starts_with("sqlite:") {
        Backend::Sqlite
    } else {
        Backend::Postgres
    };
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .map_err(|e| refused(format!("cannot connect to the database: {e}")))?;
    migrate(&pool, backend, version).await?;
    Ok(pool)
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A database error, told apart by whether anything may have been written.
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

/// What a writer writes with: the shared pool, and on Postgres its own native connection.
struct Pools {
    any: AnyPool,
    pg: Option<PgWriter>,
    leases: Arc<OnceLock<Arc<lease::Leases>>>,
}

/// A writer's own Postgres connection, made when first needed and again after it broke.
struct PgWriter {
    options: PgConnectOptions,
    conn: Option<PgConnection>,
}

impl PgWriter {
    fn new(options: PgConnectOptions) -> PgWriter {
        PgWriter {
            options,
            conn: None,
        }
    }

    /// Inserts `events` in one statement; a connection that failed other than by the
    /// database refusing the rows is dropped, and the next batch connects anew.
    async fn insert(&mut self, events: &[&StoredEvent]) -> Result<(), StoreError> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            None => {
                let connecting = self.options.connect();
                let conn = tokio::time::timeout(Duration::from_secs(3), connecting)
                    .await
                    .map_err(|_| refused("timed out connecting to the database"))?
                    .map_err(err)?;
                self.conn.insert(conn)
            }
        };
        let result = insert_events_pg(conn, events).await;
        if let Err(e) = &result {
            if !matches!(e, sqlx::Error::Database(_)) {
                self.conn = None;
            }
        }
        result.map_err(err)
    }
}

async fn write_loop(mut pools: Pools, rx: Arc<tokio::sync::Mutex<mpsc::Receiver<Pending>>>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    loop {
        // Take whatever is queued (waiting for at least one), then let the next writer in.
        let n = rx.lock().await.recv_many(&mut batch, MAX_BATCH).await;
        if n == 0 {
            break;
        }
        let started = std::time::Instant::now();
        let events: Vec<&StoredEvent> = batch.iter().flat_map(|p| &p.events).collect();
        let result = write_batch(&mut pools, &events).await;
        crate::metrics::METRICS.commit_took(started.elapsed());
        tracing::debug!(
            n,
            us = started.elapsed().as_micros() as u64,
            ok = result.is_ok(),
            "batch"
        );
        match result {
            Ok(()) => {
                for p in batch.drain(..) {
                    let _gone = p.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                for p in batch.drain(..) {
                    let _gone = p.done.send(Err(e.clone()));
                }
            }
            Err(e) => {
                // One bad append must not fail the others: write each on its own.
                tracing::warn!(error = %e, n = batch.len(), "batch failed; writing one by one");
                for p in batch.drain(..) {
                    let events: Vec<&StoredEvent> = p.events.iter().collect();
                    let r = write_batch(&mut pools, &events).await;
                    let _gone = p.done.send(r);
                }
            }
        }
    }
}

async fn insert_events(
    conn: &mut sqlx::AnyConnection,
    events: &[&StoredEvent],
) -> Result<(), StoreError> {
    for chunk in events.chunks(ROWS_PER_INSERT) {
        let mut sql =
            String::from("INSERT INTO events (match_id, no, game, kind, payload) VALUES ");
        for i in 0..chunk.len() {
            let b = i * 5;
            if i > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "(${},${},${},${},${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5
            ));
        }
        let mut q = sqlx::query(&sql).persistent(chunk.len() == 1);
        for e in chunk {
            q = q
                .bind(e.match_id.as_str())
                .bind(e.no as i64)
                .bind(i64::from(e.game))
                .bind(e.kind)
                .bind(e.json.as_str());
        }
        q.execute(&mut *conn).await.map_err(err)?;
    }
    Ok(())
}

/// Inserts every event with one prepared statement over five arrays (Postgres only).
async fn insert_events_pg(
    conn: &mut PgConnection,
    events: &[&StoredEvent],
) -> Result<(), sqlx::Error> {
    let n = events.len();
    let (mut ids, mut nos, mut games, mut kinds, mut payloads) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for e in events {
        ids.push(e.match_id.as_str());
        nos.push(e.no as i64);
        games.push(i64::from(e.game));
        kinds.push(e.kind);
        payloads.push(e.json.as_str());
    }
    sqlx::query(
        "INSERT INTO events (match_id, no, game, kind, payload) \
         SELECT * FROM UNNEST($1::text[], $2::int8[], $3::int8[], $4::text[], $5::text[])",
    )
    .bind(ids)
    .bind(nos)
    .bind(games)
    .bind(kinds)
    .bind(payloads)
    .execute(conn)
    .await?;
    Ok(())
}

async fn write_batch(pools: &mut Pools, events: &[&StoredEvent]) -> Result<(), StoreError> {
    let leases = pools.leases.get();
    // The common case (moves and throws only): one INSERT, atomic on its own, so no
    // BEGIN/COMMIT round trips. Not when appends are fenced: the lease check and the insert
    // are one transaction.
    if leases.is_none() && events.iter().all(|e| e.side.is_none()) {
        if let Some(pg) = &mut pools.pg {
            return pg.insert(events).await;
        }
        if events.len() <= ROWS_PER_INSERT {
            let mut conn = pools.any.acquire().await.map_err(err)?;
            return insert_events(&mut conn, events).await;
        }
    }
    let mut tx = pools.any.begin().await.map_err(err)?;
    if let Some(leases) = leases {
        leases.check(&mut tx, events).await?;
    }
    insert_events(&mut tx, events).await?;
    let now = now_ms();
    for e in events {
        let Some(side) = &e.side else { continue };
        match side {
            Side::GameStarted {
                game_id,
                seed,
                commitment,
                seats,
            } => {
                sqlx::query(
                    "INSERT INTO games (match_id, game, game_id, seed, commitment, seats, started_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(e.match_id.as_str())
                .bind(i64::from(e.game))
                .bind(game_id.as_str())
                .bind(seed.as_str())
                .bind(commitment.as_str())
                .bind(serde_json::to_string(seats).unwrap_or_default())
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
                sqlx::query(
                    "UPDATE matches SET status = 'live', updated_ms = $2 WHERE id = $1 AND status = 'joining'",
                )
                .bind(e.match_id.as_str())
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
            }
            Side::GameOver {
                winner,
                reason,
                points,
                client_seeds,
            } => {
                sqlx::query(
                    "UPDATE games SET winner_seat = $3, reason = $4, points = $5, client_seeds = $6, \
                     ended_ms = $7 WHERE match_id = $1 AND game = $2",
                )
                .bind(e.match_id.as_str())
                .bind(i64::from(e.game))
                .bind(winner.map(i64::from))
                .bind(reason.as_str())
                .bind(i64::from(*points))
                .bind(serde_json::to_string(client_seeds).unwrap_or_default())
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
                ratings::rate_game(
                    &mut tx,
                    pools.pg.is_some(),
                    &e.match_id,
                    e.game,
                    *winner,
                    now,
                )
                .await?;
            }
            Side::MatchOver { winner } => {
                sqlx::query(
                    "UPDATE matches SET status = 'finished', winner_seat = $2, updated_ms = $3 \
                     WHERE id = $1",
                )
                .bind(e.match_id.as_str())
                .bind(winner.map(i64::from))
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
            }
        }
    }
    tx.commit().await.map_err(err)
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
        line: &'a crate::chat::ChatLine,
    ) -> StoreFuture<'a> {
        Box::pin(self.insert_chat(match_id, line))
    }

    fn chat<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, Vec<crate::chat::ChatLine>> {
        Box::pin(self.chat_lines(match_id))
    }
}
