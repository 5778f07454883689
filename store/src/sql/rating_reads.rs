//! The ratings as the pages read them: a match's rating changes, a player's ratings and
//! history, a pool's board.

use super::query_util::{bind_all, err, placeholders};
use super::ratings::{CHANGE_COLUMNS, PoolRating, RatingChange, change, pool_rating};
use super::sql_store::SqlStore;
use crate::store_error::StoreError;

impl SqlStore {
    /// The rating changes of a match's games, by game and seat. One query.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn match_rating_changes(&self, id: &str) -> Result<Vec<RatingChange>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE match_id = $1 ORDER BY game, seat"
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        rows.iter().map(change).collect()
    }

    /// A player's ratings (every pool they played a rated game in) and every change, oldest
    /// first, for the chart on their page. Two queries.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn player_ratings(
        &self,
        player_id: &str,
    ) -> Result<(Vec<PoolRating>, Vec<RatingChange>), StoreError> {
        let pools = sqlx::query(
            "SELECT r.player_id, p.name, r.pool, r.rating, r.deviation, r.volatility, r.games \
             FROM ratings r JOIN players p ON p.id = r.player_id \
             WHERE r.player_id = $1 AND r.games > 0 ORDER BY r.pool",
        )
        .bind(player_id)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        let changes = sqlx::query(&format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE player_id = $1 \
             ORDER BY at_ms, match_id, game"
        ))
        .bind(player_id)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        Ok((
            pools.iter().map(pool_rating).collect::<Result<_, _>>()?,
            changes.iter().map(change).collect::<Result<_, _>>()?,
        ))
    }

    /// The best 100 ratings of a pool, highest first: players with at least `min_games`
    /// rated games there against at least `min_opponents` different opponents (a bot level
    /// counts as one). One query.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn rating_board(
        &self,
        pool: &str,
        min_games: u32,
        min_opponents: u32,
    ) -> Result<Vec<PoolRating>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.player_id, p.name, r.pool, r.rating, r.deviation, r.volatility, r.games \
             FROM ratings r JOIN players p ON p.id = r.player_id \
             WHERE r.pool = $1 AND r.games > 0 AND r.games >= $2 \
             AND (SELECT COUNT(DISTINCT COALESCE(s.player_id, 'bot:' || s.bot)) \
                  FROM rating_changes c JOIN seats s ON s.match_id = c.match_id AND s.seat <> c.seat \
                  WHERE c.player_id = r.player_id AND c.pool = r.pool) >= $3 \
             ORDER BY r.rating DESC, p.name LIMIT 100",
        )
        .bind(pool)
        .bind(i64::from(min_games))
        .bind(i64::from(min_opponents))
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        rows.iter().map(pool_rating).collect()
    }

    /// The ratings of the players seated in `match_ids`, in every pool they have one:
    /// `(match, pool, rating)`, a row per seat and pool (the lobby orders its live games by
    /// them). One query.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn seated_ratings(
        &self,
        match_ids: &[&str],
    ) -> Result<Vec<(String, String, f64)>, StoreError> {
        if match_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT s.match_id, r.pool, r.rating FROM seats s \
             JOIN ratings r ON r.player_id = s.player_id \
             WHERE s.match_id IN ({}) AND r.games > 0",
            placeholders(1, match_ids.len())
        );
        // The text depends on the number of matches: not worth a cached statement.
        let rows = bind_all(sqlx::query(&sql).persistent(false), match_ids)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| {
                use sqlx::Row;
                Ok((
                    r.try_get::<String, _>("match_id").map_err(err)?,
                    r.try_get::<String, _>("pool").map_err(err)?,
                    r.try_get::<f64, _>("rating").map_err(err)?,
                ))
            })
            .collect()
    }
}
