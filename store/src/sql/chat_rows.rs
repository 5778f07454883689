//! The chat's table (`chat_messages`, migration 0005): a plain insert per message (no
//! group commit: chat is not an event, and a message is small and rare next to moves), a
//! match's messages for `GET /api/matches/{id}/chat`, and the recent messages of every
//! unfinished match for recovery.

use std::collections::HashMap;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::query_util::{bind_all, err, int, placeholders};
use super::sql_store::SqlStore;
use crate::store_error::StoreError;
use senet_protocol::{ChatLine, KEPT_PER_ROOM, Room};

fn line(r: &AnyRow) -> Result<ChatLine, StoreError> {
    let room: String = r.try_get("room").map_err(err)?;
    Ok(ChatLine {
        room: Room::parse(&room)
            .ok_or_else(|| StoreError::Refused(format!("unknown chat room {room:?}")))?,
        id: int(r, "id")? as u64,
        seat: r
            .try_get::<Option<i64>, _>("seat")
            .map_err(err)?
            .and_then(|s| u8::try_from(s).ok()),
        name: r.try_get("name").map_err(err)?,
        text: r.try_get("text").map_err(err)?,
        at: r.try_get("at").map_err(err)?,
    })
}

impl SqlStore {
    /// Stores one chat message; when nodes share the store, only while this node holds
    /// the match's lease ([`SqlStore::fenced`]), so a node that lost the match stores no more
    /// of its chat and its numbers never clash with the new owner's.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] when this node no longer holds the lease; otherwise when the
    /// database refuses it (a number used twice) or cannot be reached.
    pub async fn insert_chat(&self, match_id: &str, l: &ChatLine) -> Result<(), StoreError> {
        let mut tx = self.fenced(match_id).await?;
        sqlx::query(
            "INSERT INTO chat_messages (match_id, id, room, seat, name, text, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(match_id)
        .bind(l.id as i64)
        .bind(l.room.as_str())
        .bind(l.seat.map(i64::from))
        .bind(l.name.as_str())
        .bind(l.text.as_str())
        .bind(l.at.as_str())
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(())
    }

    /// Every chat message of a match, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn chat_lines(&self, match_id: &str) -> Result<Vec<ChatLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, room, seat, name, text, at FROM chat_messages \
             WHERE match_id = $1 ORDER BY id",
        )
        .bind(match_id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter().map(line).collect()
    }

    /// The last [`KEPT_PER_ROOM`] messages of each room of every unfinished match, by match
    /// (one query, as the rest of recovery).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn unfinished_chat(&self) -> Result<HashMap<String, Vec<ChatLine>>, StoreError> {
        self.recent_chat(None).await
    }

    /// The last [`KEPT_PER_ROOM`] messages of each room of the unfinished matches of `ids`,
    /// by match, in one query (a take-over of many matches).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn recent_chat_of(
        &self,
        ids: &[String],
    ) -> Result<HashMap<String, Vec<ChatLine>>, StoreError> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        self.recent_chat(Some(ids)).await
    }

    async fn recent_chat(
        &self,
        only: Option<&[String]>,
    ) -> Result<HashMap<String, Vec<ChatLine>>, StoreError> {
        let only_sql = only.map_or_else(String::new, |ids| {
            format!(" AND c.match_id IN ({})", placeholders(2, ids.len()))
        });
        let sql = format!(
            "SELECT match_id, id, room, seat, name, text, at FROM ( \
               SELECT c.*, ROW_NUMBER() OVER (PARTITION BY c.match_id, c.room ORDER BY c.id DESC) AS n \
               FROM chat_messages c JOIN matches m ON m.id = c.match_id \
               WHERE m.status <> 'finished'{only_sql}) recent \
             WHERE n <= $1 ORDER BY match_id, id",
        );
        let rows = bind_all(
            sqlx::query(&sql).bind(KEPT_PER_ROOM as i64),
            only.unwrap_or_default(),
        )
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        let mut out: HashMap<String, Vec<ChatLine>> = HashMap::new();
        for r in &rows {
            let id: String = r.try_get("match_id").map_err(err)?;
            out.entry(id).or_default().push(line(r)?);
        }
        Ok(out)
    }
}
