//! The durable store as the live matches see it: [`EventStore`] for [`SqlStore`] (appends
//! through the group-commit writers, counts, new matches, claimed seats, chat).

use senet_protocol::time::now_ms;
use tokio::sync::oneshot;

use super::query_util::{err, int, refused};
use super::sql_store::SqlStore;
use super::writers::Pending;
use crate::event_log::{EventStore, StoreFuture};
use crate::rows::{MatchRow, StoredEvent};
use crate::store_error::StoreError;

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
            let mut tx = self.fenced(match_id).await?;
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
            .execute(&mut *tx)
            .await
            .map_err(err)?;
            tx.commit().await.map_err(err)?;
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
