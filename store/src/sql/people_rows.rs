//! Players among themselves (migration 0011): who follows whom, and challenges by name
//! (`docs/accounts.md`, "Challenges" and "Who is online"). The store keeps a challenge's
//! terms as the server wrote them (JSON) and never reads their meaning.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::query_util::{bind_all, err, int, placeholders};
use super::sql_store::SqlStore;
use crate::store_error::StoreError;
use senet_protocol::time::now_ms;

/// A followed account as its follower sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowedRow {
    /// Its player id.
    pub player_id: String,
    /// Its name now.
    pub username: String,
}

/// A challenge as stored, with both players' names now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id.
    pub id: String,
    /// Who challenges: player id and name.
    pub from_id: String,
    /// See [`ChallengeRow::from_id`].
    pub from_name: String,
    /// Who is challenged: player id and name.
    pub to_id: String,
    /// See [`ChallengeRow::to_id`].
    pub to_name: String,
    /// The match's terms (JSON).
    pub terms: String,
    /// When it was sent and when it expires (Unix ms).
    pub created_ms: i64,
    /// See [`ChallengeRow::created_ms`].
    pub expires_ms: i64,
    /// `open`, `accepted`, `declined` or `cancelled`.
    pub state: String,
    /// Once accepted, the match.
    pub match_id: Option<String>,
    /// Once accepted, the challenger's seat token (until the challenge expires).
    pub from_token: Option<String>,
}

const CHALLENGE_COLUMNS: &str = "c.id, c.from_id, fa.username AS from_name, c.to_id, \
     ta.username AS to_name, c.terms, c.created_ms, c.expires_ms, c.state, c.match_id, \
     c.from_token FROM challenges c JOIN accounts fa ON fa.player_id = c.from_id \
     JOIN accounts ta ON ta.player_id = c.to_id";

fn challenge(r: &AnyRow) -> Result<ChallengeRow, StoreError> {
    Ok(ChallengeRow {
        id: r.try_get("id").map_err(err)?,
        from_id: r.try_get("from_id").map_err(err)?,
        from_name: r.try_get("from_name").map_err(err)?,
        to_id: r.try_get("to_id").map_err(err)?,
        to_name: r.try_get("to_name").map_err(err)?,
        terms: r.try_get("terms").map_err(err)?,
        created_ms: int(r, "created_ms")?,
        expires_ms: int(r, "expires_ms")?,
        state: r.try_get("state").map_err(err)?,
        match_id: r.try_get("match_id").map_err(err)?,
        from_token: r.try_get("from_token").map_err(err)?,
    })
}

impl SqlStore {
    /// `player_id` follows the account `followed_id`; false when it did already.
    ///
    /// # Errors
    /// When the database refuses it (no such account) or cannot be reached.
    pub async fn follow(&self, player_id: &str, followed_id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO follows (player_id, followed_id, created_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (player_id, followed_id) DO NOTHING",
        )
        .bind(player_id)
        .bind(followed_id)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(done.rows_affected() > 0)
    }

    /// `player_id` no longer follows `followed_id`.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn unfollow(&self, player_id: &str, followed_id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM follows WHERE player_id = $1 AND followed_id = $2")
            .bind(player_id)
            .bind(followed_id)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(())
    }

    /// The open accounts `player_id` follows, by name (at most 500).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn followed(&self, player_id: &str) -> Result<Vec<FollowedRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.player_id, a.username FROM follows f \
             JOIN accounts a ON a.player_id = f.followed_id \
             WHERE f.player_id = $1 AND a.closed_ms IS NULL ORDER BY a.username_key LIMIT 500",
        )
        .bind(player_id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok(FollowedRow {
                    player_id: r.try_get("player_id").map_err(err)?,
                    username: r.try_get("username").map_err(err)?,
                })
            })
            .collect()
    }

    /// Of `player_ids`, those seated in a match that is being played, with that match and
    /// whether it is public: (player id, match id, public). A player in two has two lines.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn playing(
        &self,
        player_ids: &[String],
    ) -> Result<Vec<(String, String, bool)>, StoreError> {
        if player_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT s.player_id, m.id, CASE WHEN m.public THEN 1 ELSE 0 END AS public FROM seats s JOIN matches m ON m.id = s.match_id \
             WHERE m.status = 'live' AND s.player_id IN ({}) ORDER BY m.created_ms DESC",
            placeholders(1, player_ids.len())
        );
        let rows = bind_all(sqlx::query(&sql).persistent(false), player_ids)
            .fetch_all(self.pool())
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("player_id").map_err(err)?,
                    r.try_get("id").map_err(err)?,
                    int(r, "public")? != 0,
                ))
            })
            .collect()
    }

    /// The players of the claimed seats of match `match_id` (none for a seat without one).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn seated_players(&self, match_id: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT player_id FROM seats WHERE match_id = $1 AND player_id IS NOT NULL",
        )
        .bind(match_id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| r.try_get("player_id").map_err(err))
            .collect()
    }

    /// Keeps a new challenge, open until `expires_ms`.
    ///
    /// # Errors
    /// When the database refuses it (no such account) or cannot be reached.
    pub async fn send_challenge(
        &self,
        id: &str,
        from_id: &str,
        to_id: &str,
        terms: &str,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO challenges (id, from_id, to_id, terms, created_ms, expires_ms, state) \
             VALUES ($1, $2, $3, $4, $5, $6, 'open')",
        )
        .bind(id)
        .bind(from_id)
        .bind(to_id)
        .bind(terms)
        .bind(now_ms())
        .bind(expires_ms)
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(())
    }

    /// The challenge `id`, whatever its state.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} WHERE c.id = $1");
        sqlx::query(&sql)
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(err)?
            .as_ref()
            .map(challenge)
            .transpose()
    }

    /// The challenges to or from `player_id` that have not expired (open or answered),
    /// newest first, at most 100.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn challenges_of(&self, player_id: &str) -> Result<Vec<ChallengeRow>, StoreError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} WHERE (c.from_id = $1 OR c.to_id = $1) \
             AND c.expires_ms > $2 ORDER BY c.created_ms DESC, c.id LIMIT 100"
        );
        let rows = sqlx::query(&sql)
            .bind(player_id)
            .bind(now_ms())
            .fetch_all(self.pool())
            .await
            .map_err(err)?;
        rows.iter().map(challenge).collect()
    }

    /// How many open challenges `from_id` has sent that have not expired.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn open_challenges_from(&self, from_id: &str) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM challenges WHERE from_id = $1 AND state = 'open' \
             AND expires_ms > $2",
        )
        .bind(from_id)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await
        .map_err(err)?;
        int(&row, "n")
    }

    /// Moves an open challenge that has not expired to `state`, if `who` is the player on
    /// the side that may (`from_id` to cancel, `to_id` to accept or decline): true when it
    /// moved, false when it was answered already, expired, or is not theirs. One statement,
    /// so of two answers at once (on two nodes) one alone moves it.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn answer_challenge(
        &self,
        id: &str,
        who: &str,
        state: &str,
    ) -> Result<bool, StoreError> {
        let side = if state == "cancelled" {
            "from_id"
        } else {
            "to_id"
        };
        let sql = format!(
            "UPDATE challenges SET state = $3 WHERE id = $1 AND {side} = $2 \
             AND state = 'open' AND expires_ms > $4"
        );
        let done = sqlx::query(&sql)
            .bind(id)
            .bind(who)
            .bind(state)
            .bind(now_ms())
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(done.rows_affected() > 0)
    }

    /// Records an accepted challenge's match and the challenger's seat token.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn challenge_match(
        &self,
        id: &str,
        match_id: &str,
        from_token: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET match_id = $2, from_token = $3 WHERE id = $1")
            .bind(id)
            .bind(match_id)
            .bind(from_token)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(())
    }

    /// Deletes every challenge that expired before `before_ms` (with the seat tokens they
    /// held).
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn forget_challenges(&self, before_ms: i64) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM challenges WHERE expires_ms < $1")
            .bind(before_ms)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(done.rows_affected())
    }
}
