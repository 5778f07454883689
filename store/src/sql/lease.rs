//! Which node owns each live match, when several nodes share one Postgres (`docs/cluster.md`).
//!
//! A node holds a **lease** on every match it runs: a row of `match_leases` with its node id,
//! an expiry on the database's clock and a **fencing token** that grows with every take. The
//! node renews its leases while it runs; another node may take a lease once it expired. Every
//! append of a node that holds leases checks, in the same transaction and with the lease rows
//! locked `FOR SHARE`, that each match's row still carries this node's id and the token this
//! node took: a node that lost a lease (paused past its expiry, say) can never write to that
//! match again, and a take-over waits for an append in flight to commit.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::Duration;

use sqlx::Row;
use sqlx::postgres::PgPool;

use super::query_util::{bind_all, err, int, placeholders, refused};
use crate::rows::StoredEvent;
use crate::store_error::StoreError;

/// The database's clock in milliseconds: every node compares expiries on one clock.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Who holds a match's lease.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The node.
    pub node_id: String,
    /// Whether the lease has not expired yet.
    pub live: bool,
}

/// This node's leases: the fencing token of every match it holds, and the queries that take,
/// renew and give them up.
#[derive(Debug)]
pub struct Leases {
    node_id: String,
    ttl: Duration,
    pg: PgPool,
    held: Mutex<HashMap<String, i64>>,
}

impl Leases {
    /// The leases of node `node_id`, each valid for `ttl` after its last renewal.
    pub fn new(node_id: String, ttl: Duration, pg: PgPool) -> Leases {
        Leases {
            node_id,
            ttl,
            pg,
            held: Mutex::default(),
        }
    }

    /// This node's id.
    pub fn node_id(&self) -> &str {
        &self.node_id
    }

    /// How long a lease lasts after its last renewal.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    fn ttl_ms(&self) -> i64 {
        i64::try_from(self.ttl.as_millis()).unwrap_or(i64::MAX)
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The token this node holds for `match_id`, if it holds its lease.
    pub fn token(&self, match_id: &str) -> Option<i64> {
        self.held().get(match_id).copied()
    }

    /// How many leases this node holds.
    pub fn count(&self) -> usize {
        self.held().len()
    }

    /// Takes the lease of `match_id` when nobody holds it or it expired (or this node holds
    /// it): the new token, or none when another node holds a live lease.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn acquire(&self, match_id: &str) -> Result<Option<i64>, StoreError> {
        let taken = self.acquire_many(&[match_id.to_owned()]).await?;
        Ok(taken.first().map(|(_, token)| *token))
    }

    /// Takes the leases of `ids` that nobody holds or whose lease expired (or this node
    /// holds), in one statement: the matches taken, with their new tokens. Every id must
    /// name a stored match.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn acquire_many(&self, ids: &[String]) -> Result<Vec<(String, i64)>, StoreError> {
        let mut ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        // One row may be changed once per statement; the rows are locked in the order of
        // their ids (`ORDER BY id`), as the renewal and an append's check lock them.
        ids.sort_unstable();
        ids.dedup();
        let rows = sqlx::query(&format!(
            "INSERT INTO match_leases (match_id, node_id, token, expires_ms) \
             SELECT id, $2, 1, {NOW_MS} + $3 FROM UNNEST($1::text[]) AS t(id) ORDER BY id \
             ON CONFLICT (match_id) DO UPDATE SET node_id = EXCLUDED.node_id, \
               token = match_leases.token + 1, expires_ms = EXCLUDED.expires_ms \
             WHERE match_leases.expires_ms < {NOW_MS} OR match_leases.node_id = EXCLUDED.node_id \
             RETURNING match_id, token"
        ))
        .bind(&ids)
        .bind(&self.node_id)
        .bind(self.ttl_ms())
        .fetch_all(&self.pg)
        .await
        .map_err(err)?;
        let mut taken = Vec::with_capacity(rows.len());
        for r in &rows {
            taken.push((
                r.try_get::<String, _>("match_id").map_err(err)?,
                r.try_get::<i64, _>("token").map_err(err)?,
            ));
        }
        let mut held = self.held();
        for (id, token) in &taken {
            held.insert(id.clone(), *token);
        }
        Ok(taken)
    }

    /// Who holds the lease of `match_id` (none: nobody ever did, or it was given up).
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn owner(&self, match_id: &str) -> Result<Option<Owner>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT node_id, expires_ms > {NOW_MS} AS live FROM match_leases WHERE match_id = $1"
        ))
        .bind(match_id)
        .fetch_optional(&self.pg)
        .await
        .map_err(err)?;
        row.map(|r| {
            Ok(Owner {
                node_id: r.try_get("node_id").map_err(err)?,
                live: r.try_get("live").map_err(err)?,
            })
        })
        .transpose()
    }

    /// The owners of several matches (those without a lease row are left out).
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn owners(&self, ids: &[String]) -> Result<HashMap<String, Owner>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT match_id, node_id, expires_ms > {NOW_MS} AS live FROM match_leases \
             WHERE match_id = ANY($1)"
        ))
        .bind(ids)
        .fetch_all(&self.pg)
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("match_id").map_err(err)?,
                    Owner {
                        node_id: r.try_get("node_id").map_err(err)?,
                        live: r.try_get("live").map_err(err)?,
                    },
                ))
            })
            .collect()
    }

    /// Renews every lease this node holds; the matches whose lease it lost (another node took
    /// it), which it no longer holds from now on.
    ///
    /// Only the leases held when the renewal starts are renewed, each by its token: a lease
    /// given back (expired on purpose) is not brought back to life, and one taken while the
    /// renewal runs is neither renewed nor taken for lost (it was just taken, with a full
    /// lease time).
    ///
    /// # Errors
    /// When the database cannot be reached (the leases then run on towards their expiry).
    pub async fn renew(&self) -> Result<Vec<String>, StoreError> {
        let before: Vec<(String, i64)> = self
            .held()
            .iter()
            .map(|(id, token)| (id.clone(), *token))
            .collect();
        if before.is_empty() {
            return Ok(Vec::new());
        }
        let (ids, tokens): (Vec<&str>, Vec<i64>) =
            before.iter().map(|(id, t)| (id.as_str(), *t)).unzip();
        // The rows are locked in the order of their ids, as an append's check locks them:
        // in any other order the two could deadlock, which Postgres breaks only after its
        // `deadlock_timeout` (a second), stalling the moves of the append it aborts.
        let rows = sqlx::query(&format!(
            "UPDATE match_leases l SET expires_ms = {NOW_MS} + $2 FROM ( \
               SELECT m.match_id FROM match_leases m \
               JOIN UNNEST($3::text[], $4::bigint[]) AS h(match_id, token) \
                 ON m.match_id = h.match_id AND m.token = h.token \
               WHERE m.node_id = $1 ORDER BY m.match_id FOR UPDATE OF m) mine \
             WHERE l.match_id = mine.match_id \
             RETURNING l.match_id"
        ))
        .bind(&self.node_id)
        .bind(self.ttl_ms())
        .bind(&ids)
        .bind(&tokens)
        .fetch_all(&self.pg)
        .await
        .map_err(err)?;
        let mut kept: HashSet<String> = HashSet::with_capacity(rows.len());
        for r in &rows {
            kept.insert(r.try_get("match_id").map_err(err)?);
        }
        let mut held = self.held();
        let mut lost = Vec::new();
        for (id, token) in before {
            // Still held with the token renewed: taken again meanwhile is not lost.
            if !kept.contains(&id) && held.get(&id) == Some(&token) {
                held.remove(&id);
                lost.push(id);
            }
        }
        Ok(lost)
    }

    /// Gives up the lease of `match_id` (its actor stopped): another node may take it at
    /// once. The row stays (expired), so the next take still raises the token: tokens of a
    /// match only ever grow. Nothing happens when this node no longer holds it.
    ///
    /// # Errors
    /// When the database cannot be reached (the lease then expires by itself).
    pub async fn release(&self, match_id: &str) -> Result<(), StoreError> {
        let Some(token) = self.held().remove(match_id) else {
            return Ok(());
        };
        sqlx::query(
            "UPDATE match_leases SET expires_ms = 0 WHERE match_id = $1 AND node_id = $2 AND token = $3",
        )
            .bind(match_id)
            .bind(&self.node_id)
            .bind(token)
            .execute(&self.pg)
            .await
            .map_err(err)?;
        Ok(())
    }

    /// Forgets the lease of `match_id` without touching the database (it was lost).
    pub fn forget(&self, match_id: &str) {
        self.held().remove(match_id);
    }

    /// Up to `limit` unfinished matches that nobody runs: no lease, or an expired one. A
    /// match still waiting for players whose invites expired (`invite_ttl`) is left out, as
    /// a restart leaves it out.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn orphans(
        &self,
        invite_ttl: Duration,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        let expired_before = senet_protocol::time::now_ms()
            - i64::try_from(invite_ttl.as_millis()).unwrap_or(i64::MAX);
        let rows = sqlx::query(&format!(
            "SELECT m.id FROM matches m LEFT JOIN match_leases l ON l.match_id = m.id \
             WHERE m.status <> 'finished' AND NOT (m.status = 'joining' AND m.created_ms < $1) \
             AND (l.match_id IS NULL OR l.expires_ms < {NOW_MS}) \
             ORDER BY m.created_ms LIMIT $2"
        ))
        .bind(expired_before)
        .bind(limit)
        .fetch_all(&self.pg)
        .await
        .map_err(err)?;
        rows.iter().map(|r| r.try_get("id").map_err(err)).collect()
    }

    /// Inside an append's transaction: locks the lease rows of the batch's matches and checks
    /// that this node still holds each with the token it took.
    pub(super) async fn check(
        &self,
        conn: &mut sqlx::AnyConnection,
        events: &[&StoredEvent],
    ) -> Result<(), StoreError> {
        let ids: Vec<&str> = events
            .iter()
            .map(|e| e.match_id.as_str())
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        self.check_ids(conn, &ids).await
    }

    /// Inside a write's transaction: locks the lease rows of `ids` and checks that this node
    /// still holds each with the token it took.
    pub(super) async fn check_ids(
        &self,
        conn: &mut sqlx::AnyConnection,
        ids: &[&str],
    ) -> Result<(), StoreError> {
        let expected: Vec<(&str, Option<i64>)> =
            ids.iter().map(|id| (*id, self.token(id))).collect();
        if let Some((id, _)) = expected.iter().find(|(_, t)| t.is_none()) {
            return Err(StoreError::Fenced((*id).to_owned()));
        }
        // In the order of their ids, as a renewal locks them (no deadlock between the two).
        let sql = format!(
            "SELECT match_id, node_id, token FROM match_leases WHERE match_id IN ({}) \
             ORDER BY match_id FOR SHARE",
            placeholders(1, ids.len())
        );
        let rows = bind_all(sqlx::query(&sql), ids)
            .fetch_all(&mut *conn)
            .await
            .map_err(err)?;
        let mut found: HashMap<String, (String, i64)> = HashMap::with_capacity(rows.len());
        for r in &rows {
            found.insert(
                r.try_get("match_id").map_err(err)?,
                (r.try_get("node_id").map_err(err)?, int(r, "token")?),
            );
        }
        for (id, token) in expected {
            match found.get(id) {
                Some((node, t)) if *node == self.node_id && Some(*t) == token => {}
                _ => return Err(StoreError::Fenced(id.to_owned())),
            }
        }
        Ok(())
    }

    /// Inside a new match's transaction: the lease of the new match, token 1.
    pub(super) async fn create(
        &self,
        conn: &mut sqlx::AnyConnection,
        match_id: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(&format!(
            "INSERT INTO match_leases (match_id, node_id, token, expires_ms) \
             VALUES ($1, $2, 1, {NOW_MS} + $3)"
        ))
        .bind(match_id)
        .bind(&self.node_id)
        .bind(self.ttl_ms())
        .execute(&mut *conn)
        .await
        .map_err(err)?;
        self.held().insert(match_id.to_owned(), 1);
        Ok(())
    }
}

/// A node id: `$HOSTNAME` (or the kernel's host name) and four random hex digits, so that a
/// node restarted on the same host is a new node.
pub fn default_node_id() -> String {
    let host = std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "node".to_owned());
    let mut b = [0u8; 2];
    getrandom::fill(&mut b).expect("the OS random source is unavailable");
    format!("{host}-{}", hex::encode(b))
}

/// Why a store cannot take leases.
pub(super) fn needs_postgres() -> StoreError {
    refused("several nodes (REDIS_URL) need Postgres (DATABASE_URL=postgres://…)")
}
