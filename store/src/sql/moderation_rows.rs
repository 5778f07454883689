//! What players say of each other and what moderators do about it (migration 0010): blocks,
//! reports, and closed accounts (`docs/accounts.md`, "Blocks, reports and moderators").

use sqlx::Row;

use super::query_util::{err, int};
use super::sql_store::SqlStore;
use crate::store_error::StoreError;
use senet_protocol::time::now_ms;

/// A report as a moderator reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    /// Its id.
    pub id: String,
    /// Who reported (their name now).
    pub reporter: String,
    /// Who was reported: their player id and name now.
    pub reported_id: String,
    /// See [`ReportRow::reported_id`].
    pub reported: String,
    /// The match it is about, if any.
    pub match_id: Option<String>,
    /// The reporter's words.
    pub reason: String,
    /// When (Unix ms).
    pub created_ms: i64,
}

impl SqlStore {
    /// `player_id` blocks the account `blocked_id`; false when it was blocked already.
    ///
    /// # Errors
    /// When the database refuses it (no such account) or cannot be reached.
    pub async fn block(&self, player_id: &str, blocked_id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO blocks (player_id, blocked_id, created_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (player_id, blocked_id) DO NOTHING",
        )
        .bind(player_id)
        .bind(blocked_id)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(done.rows_affected() > 0)
    }

    /// `player_id` no longer blocks `blocked_id`.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn unblock(&self, player_id: &str, blocked_id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM blocks WHERE player_id = $1 AND blocked_id = $2")
            .bind(player_id)
            .bind(blocked_id)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(())
    }

    /// The accounts `player_id` blocks: (player id, name), by name.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn blocked(&self, player_id: &str) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.player_id, a.username FROM blocks b JOIN accounts a ON a.player_id = b.blocked_id \
             WHERE b.player_id = $1 ORDER BY a.username_key",
        )
        .bind(player_id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("player_id").map_err(err)?,
                    r.try_get("username").map_err(err)?,
                ))
            })
            .collect()
    }

    /// Every player `player_id` must not meet: those it blocks and those that block it.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn kept_apart(&self, player_id: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT blocked_id AS other FROM blocks WHERE player_id = $1 \
             UNION SELECT player_id AS other FROM blocks WHERE blocked_id = $1",
        )
        .bind(player_id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| r.try_get("other").map_err(err))
            .collect()
    }

    /// Keeps a report.
    ///
    /// # Errors
    /// When the database refuses it (no such player) or cannot be reached.
    pub async fn report(
        &self,
        id: &str,
        reporter_id: &str,
        reported_id: &str,
        match_id: Option<&str>,
        reason: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO reports (id, reporter_id, reported_id, match_id, reason, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(reporter_id)
        .bind(reported_id)
        .bind(match_id)
        .bind(reason)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(())
    }

    /// The newest 200 reports, newest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn reports(&self) -> Result<Vec<ReportRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.id, p1.name AS reporter, r.reported_id, p2.name AS reported, r.match_id, \
             r.reason, r.created_ms FROM reports r \
             JOIN players p1 ON p1.id = r.reporter_id JOIN players p2 ON p2.id = r.reported_id \
             ORDER BY r.created_ms DESC, r.id LIMIT 200",
        )
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok(ReportRow {
                    id: r.try_get("id").map_err(err)?,
                    reporter: r.try_get("reporter").map_err(err)?,
                    reported_id: r.try_get("reported_id").map_err(err)?,
                    reported: r.try_get("reported").map_err(err)?,
                    match_id: r.try_get("match_id").map_err(err)?,
                    reason: r.try_get("reason").map_err(err)?,
                    created_ms: int(r, "created_ms")?,
                })
            })
            .collect()
    }

    /// Closes an account: it signs in no more, and its sessions end. False when there is no
    /// such open account.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn close_account(&self, player_id: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool().begin().await.map_err(err)?;
        let closed = sqlx::query(
            "UPDATE accounts SET closed_ms = $2 WHERE player_id = $1 AND closed_ms IS NULL",
        )
        .bind(player_id)
        .bind(now_ms())
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        sqlx::query("DELETE FROM sessions WHERE player_id = $1")
            .bind(player_id)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(closed.rows_affected() > 0)
    }

    /// Makes an account a moderator (or a player again); false when there is no such account.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn set_role(&self, username_key: &str, role: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE accounts SET role = $2 WHERE username_key = $1")
            .bind(username_key)
            .bind(role)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(done.rows_affected() > 0)
    }

    /// Silences an account (`true`) or lifts it; false when there is no such open account.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn set_silenced(&self, player_id: &str, silenced: bool) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE accounts SET silenced_ms = $2 WHERE player_id = $1 AND closed_ms IS NULL",
        )
        .bind(player_id)
        .bind(silenced.then(now_ms))
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(done.rows_affected() > 0)
    }

    /// Whether seat `seat` of match `match_id` is held by a silenced account.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn seat_silenced(&self, match_id: &str, seat: u8) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 AS one FROM seats s JOIN accounts a ON a.player_id = s.player_id \
             WHERE s.match_id = $1 AND s.seat = $2 AND a.silenced_ms IS NOT NULL",
        )
        .bind(match_id)
        .bind(i64::from(seat))
        .fetch_optional(self.pool())
        .await
        .map_err(err)?;
        Ok(row.is_some())
    }
}
