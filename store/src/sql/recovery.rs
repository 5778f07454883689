//! What a restart reads: every unfinished match with its seats and facts.

use std::time::Duration;

use sqlx::Row;

use senet_protocol::time::now_ms;

use super::query_util::{bind_all, err, int, placeholders};
use super::sql_store::SqlStore;
use crate::rows::{MatchRow, SeatRow};
use crate::store_error::StoreError;

impl SqlStore {
    /// Every match not finished, with its seats and events (for recovery), but for
    /// matches still waiting for players that were created more than `invite_ttl` ago (their
    /// invites have expired).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn unfinished(&self, invite_ttl: Duration) -> Result<Vec<Recovered>, StoreError> {
        self.load_unfinished(None, invite_ttl).await
    }

    /// The matches of `ids` as [`SqlStore::unfinished`] reads them, in three queries
    /// whatever their number (those finished, unknown or expired are left out): what a node
    /// that takes many matches over at once runs.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn unfinished_some(
        &self,
        ids: &[String],
        invite_ttl: Duration,
    ) -> Result<Vec<Recovered>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        self.load_unfinished(Some(ids), invite_ttl).await
    }

    /// Whether match `id` exists and is not finished.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn is_unfinished(&self, id: &str) -> Result<bool, StoreError> {
        let row =
            sqlx::query("SELECT 1 AS one FROM matches WHERE id = $1 AND status <> 'finished'")
                .bind(id)
                .fetch_optional(&self.pool)
                .await
                .map_err(err)?;
        Ok(row.is_some())
    }

    async fn load_unfinished(
        &self,
        only: Option<&[String]>,
        invite_ttl: Duration,
    ) -> Result<Vec<Recovered>, StoreError> {
        let expired_before = now_ms() - i64::try_from(invite_ttl.as_millis()).unwrap_or(i64::MAX);
        // Some matches (a take-over) or all of them (a restart): the same queries.
        let (one, one_m) = match only {
            Some(ids) => (
                format!(" AND id IN ({})", placeholders(2, ids.len())),
                format!(" AND m.id IN ({})", placeholders(1, ids.len())),
            ),
            None => (String::new(), String::new()),
        };
        let ids = only.unwrap_or_default();
        let sql = format!(
            "SELECT id, name, variant, options, players, series_kind, series_target, \
             CASE WHEN public THEN 1 ELSE 0 END AS public, spectator_key_hash, \
             CASE WHEN rated THEN 1 ELSE 0 END AS rated, clock \
             FROM matches WHERE status <> 'finished' \
             AND NOT (status = 'joining' AND created_ms < $1){one} ORDER BY created_ms",
        );
        let rows = bind_all(sqlx::query(&sql).bind(expired_before), ids)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        let mut out: Vec<Recovered> = Vec::with_capacity(rows.len());
        let mut index = std::collections::HashMap::new();
        for r in rows {
            let row = MatchRow {
                id: r.try_get("id").map_err(err)?,
                name: r.try_get("name").map_err(err)?,
                variant: r.try_get("variant").map_err(err)?,
                options: r.try_get("options").map_err(err)?,
                players: int(&r, "players")? as u8,
                series_kind: r.try_get("series_kind").map_err(err)?,
                series_target: int(&r, "series_target")? as u32,
                public: int(&r, "public")? != 0,
                spectator_key_hash: r.try_get("spectator_key_hash").map_err(err)?,
                rated: int(&r, "rated")? != 0,
                clock: r.try_get("clock").map_err(err)?,
                seats: Vec::new(),
            };
            index.insert(row.id.clone(), out.len());
            out.push(Recovered {
                row,
                events: Vec::new(),
            });
        }
        if out.is_empty() {
            return Ok(out);
        }
        let sql = format!(
            "SELECT s.match_id, s.seat, s.player_id, s.name, s.token_hash, s.invite_hash, \
             CASE WHEN s.claimed THEN 1 ELSE 0 END AS claimed, s.bot \
             FROM seats s JOIN matches m ON m.id = s.match_id \
             WHERE m.status <> 'finished'{one_m} ORDER BY s.match_id, s.seat",
        );
        let seats = bind_all(sqlx::query(&sql), ids)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        for r in seats {
            let id: String = r.try_get("match_id").map_err(err)?;
            let Some(&i) = index.get(&id) else { continue };
            out[i].row.seats.push(SeatRow {
                seat: int(&r, "seat")? as u8,
                player_id: r.try_get("player_id").map_err(err)?,
                name: r.try_get("name").map_err(err)?,
                token_hash: r.try_get("token_hash").map_err(err)?,
                invite_hash: r.try_get("invite_hash").map_err(err)?,
                claimed: int(&r, "claimed")? != 0,
                bot: r.try_get("bot").map_err(err)?,
            });
        }
        let sql = format!(
            "SELECT e.match_id, e.no, e.payload FROM events e JOIN matches m ON m.id = e.match_id \
             WHERE m.status <> 'finished'{one_m} ORDER BY e.match_id, e.no",
        );
        let events = bind_all(sqlx::query(&sql), ids)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        // A match whose log has a gap is left out (and logged); the others recover.
        let mut broken = vec![false; out.len()];
        for r in events {
            let id: String = r.try_get("match_id").map_err(err)?;
            let Some(&i) = index.get(&id) else { continue };
            let no = int(&r, "no")? as u64;
            let expected = out[i].events.len() as u64 + 1;
            if no != expected {
                if !broken[i] {
                    tracing::error!(match_id = %id, no, expected, "stored events have a gap; the match is not recovered");
                }
                broken[i] = true;
                continue;
            }
            out[i].events.push(r.try_get("payload").map_err(err)?);
        }
        let mut broken = broken.into_iter();
        out.retain(|_| !broken.next().unwrap_or(false));
        Ok(out)
    }

    /// The stored events of a match, in order (JSON texts).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn events(&self, match_id: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT payload FROM events WHERE match_id = $1 ORDER BY no")
            .bind(match_id)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| r.try_get("payload").map_err(err))
            .collect()
    }
}

/// An unfinished match as loaded for recovery.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The match and its seats.
    pub row: MatchRow,
    /// Every stored fact, in order (JSON texts; each game's seed is in its `game_started`).
    pub events: Vec<String>,
}
