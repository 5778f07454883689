//! The reviews' table (`game_reviews`, migration 0009): a finished game's review, kept once
//! made (`docs/review.md`). The store keeps the review's JSON as the server made it and
//! never reads its meaning; a row is for one game id and one search budget, so a review of
//! another game under the same number, or made with another budget, is not taken for it.

use sqlx::Row;

use super::query_util::err;
use super::sql_store::SqlStore;
use crate::store_error::StoreError;
use senet_protocol::time::now_ms;

impl SqlStore {
    /// The kept review of game `game` of `match_id`, if it was made of game `game_id` with
    /// `budget_nodes` per decision.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn review(
        &self,
        match_id: &str,
        game: u32,
        game_id: &str,
        budget_nodes: u64,
    ) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT body FROM game_reviews \
             WHERE match_id = $1 AND game = $2 AND game_id = $3 AND budget_nodes = $4",
        )
        .bind(match_id)
        .bind(i64::from(game))
        .bind(game_id)
        .bind(budget_nodes as i64)
        .fetch_optional(self.pool())
        .await
        .map_err(err)?;
        row.map(|r| r.try_get("body").map_err(err)).transpose()
    }

    /// Keeps a review (`body`, its JSON) of game `game` of `match_id`, replacing one made
    /// of another game id or with another budget.
    ///
    /// # Errors
    /// When the database refuses it (no such match) or cannot be reached.
    pub async fn keep_review(
        &self,
        match_id: &str,
        game: u32,
        game_id: &str,
        budget_nodes: u64,
        body: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO game_reviews (match_id, game, game_id, budget_nodes, body, made_ms) \
             VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (match_id, game) DO UPDATE SET game_id = excluded.game_id, \
             budget_nodes = excluded.budget_nodes, body = excluded.body, made_ms = excluded.made_ms",
        )
        .bind(match_id)
        .bind(i64::from(game))
        .bind(game_id)
        .bind(budget_nodes as i64)
        .bind(body)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(())
    }
}
