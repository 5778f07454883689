//! The group-commit writers: each takes every append waiting in the queue (from all
//! matches), writes them in one statement or transaction, commits, and only then answers
//! each waiter.

use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};

use senet_protocol::time::now_ms;

use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::{AnyPool, ConnectOptions};
use tokio::sync::{mpsc, oneshot};

use super::query_util::{err, refused};
use super::{lease, ratings};
use crate::rows::{Side, StoredEvent};
use crate::store_error::StoreError;

/// How long each store commit (one group-commit batch) took, in seconds (0.1 ms to about
/// 3.3 s: a commit on an idle disk to a badly stalled one); `GET /metrics` shows it.
pub static COMMIT_SECONDS: std::sync::LazyLock<Histogram> =
    std::sync::LazyLock::new(|| Histogram::new(exponential_buckets(0.000_1, 2.0, 16)));

/// Most appends (each one or a few events) written in one statement or transaction.
pub(super) const MAX_BATCH: usize = 512;

/// Rows per multi-row `INSERT` (5 parameters a row: well under SQLite's 32,766).
const ROWS_PER_INSERT: usize = 2048;

/// An append waiting for a writer, and where its outcome goes.
pub(super) struct Pending {
    pub(super) events: Vec<StoredEvent>,
    pub(super) done: oneshot::Sender<Result<(), StoreError>>,
}

impl std::fmt::Debug for Pending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.events.first() {
            Some(e) => write!(f, "Pending({}#{}+{})", e.match_id, e.no, self.events.len()),
            None => write!(f, "Pending(empty)"),
        }
    }
}

/// What a writer writes with: the shared pool, and on Postgres its own native connection.
pub(super) struct Pools {
    pub(super) any: AnyPool,
    pub(super) pg: Option<PgWriter>,
    pub(super) leases: Arc<OnceLock<Arc<lease::Leases>>>,
}

/// A writer's own Postgres connection, made when first needed and again after it broke.
pub(super) struct PgWriter {
    options: PgConnectOptions,
    conn: Option<PgConnection>,
}

impl PgWriter {
    pub(super) fn new(options: PgConnectOptions) -> PgWriter {
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

pub(super) async fn write_loop(
    mut pools: Pools,
    rx: Arc<tokio::sync::Mutex<mpsc::Receiver<Pending>>>,
) {
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
        COMMIT_SECONDS.observe(started.elapsed().as_secs_f64());
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
    // SQLite finds a `$N` parameter by its name in a list it scans from the start, once when
    // the statement is parsed and again when each value is bound: a batch of n rows cost
    // O(n²), a third of the server's CPU with 2,000 matches (docs/performance.md). Its
    // anonymous `?` are numbered in order and never looked up. Postgres knows only `$N`.
    let anonymous = conn.backend_name() == "SQLite";
    for chunk in events.chunks(ROWS_PER_INSERT) {
        let mut sql =
            String::from("INSERT INTO events (match_id, no, game, kind, payload) VALUES ");
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push(',');
            }
            if anonymous {
                sql.push_str("(?,?,?,?,?)");
            } else {
                let b = i * 5;
                // Writing into a String cannot fail.
                let _ = write!(
                    sql,
                    "(${},${},${},${},${})",
                    b + 1,
                    b + 2,
                    b + 3,
                    b + 4,
                    b + 5
                );
            }
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
                every_seat_moved,
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
                let unrated = ratings::rate_game(
                    &mut tx,
                    pools.pg.is_some(),
                    &e.match_id,
                    e.game,
                    *winner,
                    *every_seat_moved,
                    now,
                )
                .await?;
                if let Some(why) = unrated {
                    sqlx::query("UPDATE games SET unrated = $3 WHERE match_id = $1 AND game = $2")
                        .bind(e.match_id.as_str())
                        .bind(i64::from(e.game))
                        .bind(why.as_str())
                        .execute(&mut *tx)
                        .await
                        .map_err(err)?;
                }
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
