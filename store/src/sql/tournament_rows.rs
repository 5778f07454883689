//! Tournaments (migration 0012, `docs/tournaments.md`): the tournament, its players, its
//! games (ordinary matches tied to it) and the Swiss byes. The store keeps what the server's
//! director decided and copies a finished match's winner into its game's row; it never pairs
//! anyone itself.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::query_util::{err, int};
use super::sql_store::SqlStore;
use crate::store_error::StoreError;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id.
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The variant's id.
    pub variant: String,
    /// The clock (JSON, as the wire writes it).
    pub clock: String,
    /// Whether its games are rated.
    pub rated: bool,
    /// Who created it: player id and name.
    pub created_by: String,
    /// See [`TournamentRow::created_by`].
    pub creator_name: String,
    /// When it was created and when it starts (Unix ms).
    pub created_ms: i64,
    /// See [`TournamentRow::created_ms`].
    pub starts_ms: i64,
    /// Arena: when it ends.
    pub ends_ms: Option<i64>,
    /// Swiss: how many rounds.
    pub rounds: Option<i64>,
    /// Swiss: the round being played (0 before the first).
    pub round: i64,
    /// Swiss: the least time between two rounds' starts.
    pub round_gap_ms: Option<i64>,
    /// `created`, `running` or `finished`.
    pub status: String,
    /// When it finished.
    pub finished_ms: Option<i64>,
    /// Raised by every change a page shows.
    pub version: i64,
    /// How many players joined it (left ones too).
    pub players: i64,
}

/// A new tournament's row.
#[derive(Clone, Debug)]
pub struct NewTournament<'a> {
    /// Its id.
    pub id: &'a str,
    /// `arena` or `swiss`.
    pub kind: &'a str,
    /// Its name.
    pub name: &'a str,
    /// The variant's id.
    pub variant: &'a str,
    /// The clock (JSON).
    pub clock: &'a str,
    /// Rated games.
    pub rated: bool,
    /// The creator's player id.
    pub created_by: &'a str,
    /// When it starts.
    pub starts_ms: i64,
    /// Arena: when it ends.
    pub ends_ms: Option<i64>,
    /// Swiss: the rounds.
    pub rounds: Option<i64>,
    /// Swiss: the least time between two rounds' starts.
    pub round_gap_ms: Option<i64>,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    /// The player id.
    pub player_id: String,
    /// The account's name now.
    pub name: String,
    /// The rating when they joined.
    pub rating: i64,
    /// When they joined.
    pub joined_ms: i64,
    /// Still in (an arena player who left may come back).
    pub active: bool,
    /// When their page last asked about the tournament.
    pub seen_ms: Option<i64>,
}

/// A game of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGameRow {
    /// The match.
    pub match_id: String,
    /// Swiss: the round; arena: 0.
    pub round: i64,
    /// Seat 1's player and name.
    pub first_id: String,
    /// See [`TournamentGameRow::first_id`].
    pub first_name: String,
    /// Seat 2's player and name.
    pub second_id: String,
    /// See [`TournamentGameRow::second_id`].
    pub second_name: String,
    /// The seats' tokens, while the game is in play.
    pub first_token: Option<String>,
    /// See [`TournamentGameRow::first_token`].
    pub second_token: Option<String>,
    /// When the pairing was made.
    pub started_ms: i64,
    /// None while in play; then `first_won`, `second_won`, `draw` or `void`.
    pub outcome: Option<String>,
    /// When it ended.
    pub ended_ms: Option<i64>,
}

/// A pairing to store: the match made for it and its seats' tokens.
#[derive(Clone, Debug)]
pub struct NewTournamentGame {
    /// The match.
    pub match_id: String,
    /// Swiss: the round; arena: 0.
    pub round: i64,
    /// Seat 1's player and token.
    pub first_id: String,
    /// See [`NewTournamentGame::first_id`].
    pub first_token: String,
    /// Seat 2's player and token.
    pub second_id: String,
    /// See [`NewTournamentGame::second_id`].
    pub second_token: String,
}

const TOURNAMENT_COLUMNS: &str = "t.id, t.kind, t.name, t.variant, t.clock, \
     CASE WHEN t.rated THEN 1 ELSE 0 END AS rated, t.created_by, a.username AS creator_name, \
     t.created_ms, t.starts_ms, t.ends_ms, t.rounds, t.round, t.round_gap_ms, t.status, \
     t.finished_ms, t.version, \
     (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players \
     FROM tournaments t JOIN accounts a ON a.player_id = t.created_by";

const GAME_COLUMNS: &str = "g.match_id, g.round, g.first_id, fa.username AS first_name, \
     g.second_id, sa.username AS second_name, g.first_token, g.second_token, g.started_ms, \
     g.outcome, g.ended_ms FROM tournament_games g \
     JOIN accounts fa ON fa.player_id = g.first_id JOIN accounts sa ON sa.player_id = g.second_id";

fn opt_int(r: &AnyRow, col: &str) -> Result<Option<i64>, StoreError> {
    r.try_get::<Option<i64>, _>(col).map_err(err)
}

fn tournament(r: &AnyRow) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: r.try_get("id").map_err(err)?,
        kind: r.try_get("kind").map_err(err)?,
        name: r.try_get("name").map_err(err)?,
        variant: r.try_get("variant").map_err(err)?,
        clock: r.try_get("clock").map_err(err)?,
        rated: int(r, "rated")? != 0,
        created_by: r.try_get("created_by").map_err(err)?,
        creator_name: r.try_get("creator_name").map_err(err)?,
        created_ms: int(r, "created_ms")?,
        starts_ms: int(r, "starts_ms")?,
        ends_ms: opt_int(r, "ends_ms")?,
        rounds: opt_int(r, "rounds")?,
        round: int(r, "round")?,
        round_gap_ms: opt_int(r, "round_gap_ms")?,
        status: r.try_get("status").map_err(err)?,
        finished_ms: opt_int(r, "finished_ms")?,
        version: int(r, "version")?,
        players: int(r, "players")?,
    })
}

fn game(r: &AnyRow) -> Result<TournamentGameRow, StoreError> {
    Ok(TournamentGameRow {
        match_id: r.try_get("match_id").map_err(err)?,
        round: int(r, "round")?,
        first_id: r.try_get("first_id").map_err(err)?,
        first_name: r.try_get("first_name").map_err(err)?,
        second_id: r.try_get("second_id").map_err(err)?,
        second_name: r.try_get("second_name").map_err(err)?,
        first_token: r.try_get("first_token").map_err(err)?,
        second_token: r.try_get("second_token").map_err(err)?,
        started_ms: int(r, "started_ms")?,
        outcome: r.try_get("outcome").map_err(err)?,
        ended_ms: opt_int(r, "ended_ms")?,
    })
}

impl SqlStore {
    /// Keeps a new tournament.
    ///
    /// # Errors
    /// When the database refuses it (no such account) or cannot be reached.
    pub async fn create_tournament(
        &self,
        t: &NewTournament<'_>,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO tournaments (id, kind, name, variant, clock, rated, created_by, \
             created_ms, starts_ms, ends_ms, rounds, round_gap_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(t.id)
        .bind(t.kind)
        .bind(t.name)
        .bind(t.variant)
        .bind(t.clock)
        .bind(t.rated)
        .bind(t.created_by)
        .bind(now)
        .bind(t.starts_ms)
        .bind(t.ends_ms)
        .bind(t.rounds)
        .bind(t.round_gap_ms)
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(())
    }

    /// The tournament `id`, if there is one.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {TOURNAMENT_COLUMNS} WHERE t.id = $1"))
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(err)?;
        row.as_ref().map(tournament).transpose()
    }

    /// The tournaments not finished yet (soonest first), then the `finished` latest ones.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn tournaments(&self, finished: i64) -> Result<Vec<TournamentRow>, StoreError> {
        let open = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} WHERE t.status <> 'finished' ORDER BY t.starts_ms, t.id"
        ))
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        let done = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} WHERE t.status = 'finished' \
             ORDER BY t.finished_ms DESC, t.id LIMIT $1"
        ))
        .bind(finished)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        open.iter().chain(done.iter()).map(tournament).collect()
    }

    /// The ids of the tournaments to direct (not finished), soonest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn unfinished_tournaments(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM tournaments WHERE status <> 'finished' ORDER BY starts_ms, id",
        )
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter().map(|r| r.try_get("id").map_err(err)).collect()
    }

    /// The players of tournament `id`, in the order they joined.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn entrants(&self, id: &str) -> Result<Vec<EntrantRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.player_id, a.username, p.rating, p.joined_ms, \
             CASE WHEN p.active THEN 1 ELSE 0 END AS active, p.seen_ms FROM tournament_players p \
             JOIN accounts a ON a.player_id = p.player_id \
             WHERE p.tournament_id = $1 ORDER BY p.joined_ms, p.player_id",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok(EntrantRow {
                    player_id: r.try_get("player_id").map_err(err)?,
                    name: r.try_get("username").map_err(err)?,
                    rating: int(r, "rating")?,
                    joined_ms: int(r, "joined_ms")?,
                    active: int(r, "active")? != 0,
                    seen_ms: opt_int(r, "seen_ms")?,
                })
            })
            .collect()
    }

    /// `player_id` joins tournament `id` with `rating` (or comes back, keeping what it had).
    ///
    /// # Errors
    /// When the database refuses it or cannot be reached.
    pub async fn join_tournament(
        &self,
        id: &str,
        player_id: &str,
        rating: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool().begin().await.map_err(err)?;
        sqlx::query(
            "INSERT INTO tournament_players (tournament_id, player_id, rating, joined_ms, active, seen_ms) \
             VALUES ($1, $2, $3, $4, TRUE, $4) \
             ON CONFLICT (tournament_id, player_id) DO UPDATE SET active = TRUE, seen_ms = $4",
        )
        .bind(id)
        .bind(player_id)
        .bind(rating)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        bump(&mut tx, id).await?;
        tx.commit().await.map_err(err)
    }

    /// `player_id` leaves tournament `id` (its results stay).
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn leave_tournament(&self, id: &str, player_id: &str) -> Result<(), StoreError> {
        let mut tx = self.pool().begin().await.map_err(err)?;
        sqlx::query(
            "UPDATE tournament_players SET active = FALSE \
             WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id)
        .bind(player_id)
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        bump(&mut tx, id).await?;
        tx.commit().await.map_err(err)
    }

    /// `player_id`'s page looked at tournament `id` at `now`.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn seen_in_tournament(
        &self,
        id: &str,
        player_id: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE tournament_players SET seen_ms = $3 WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id)
        .bind(player_id)
        .bind(now)
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(())
    }

    /// Every game of tournament `id`, in the order they were paired.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn tournament_games(&self, id: &str) -> Result<Vec<TournamentGameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} WHERE g.tournament_id = $1 ORDER BY g.started_ms, g.match_id"
        ))
        .bind(id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter().map(game).collect()
    }

    /// The Swiss byes of tournament `id`: (round, player), by round.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn tournament_byes(&self, id: &str) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT round, player_id FROM tournament_byes WHERE tournament_id = $1 ORDER BY round",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| Ok((int(r, "round")?, r.try_get("player_id").map_err(err)?)))
            .collect()
    }

    /// Makes `node` the director of tournament `id` until `now + ttl_ms`, if no other node
    /// directs it (or its term ran out). True when `node` directs it now.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn direct_tournament(
        &self,
        id: &str,
        node: &str,
        now: i64,
        ttl_ms: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE tournaments SET director = $2, director_until = $3 WHERE id = $1 \
             AND status <> 'finished' \
             AND (director IS NULL OR director = $2 OR director_until < $4)",
        )
        .bind(id)
        .bind(node)
        .bind(now + ttl_ms)
        .bind(now)
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(done.rows_affected() == 1)
    }

    /// Copies the result of every finished match of tournament `id` into its game's row (a
    /// game that ended after `void_after`, an arena's end, is `void`; so is a match that
    /// finished without a winner) and clears the seats' tokens. How many were settled.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn settle_tournament_games(
        &self,
        id: &str,
        void_after: Option<i64>,
        now: i64,
    ) -> Result<usize, StoreError> {
        let finished = sqlx::query(
            "SELECT g.match_id, m.winner_seat, r.ended_ms FROM tournament_games g \
             JOIN matches m ON m.id = g.match_id \
             LEFT JOIN games r ON r.match_id = g.match_id AND r.game = 1 \
             WHERE g.tournament_id = $1 AND g.outcome IS NULL AND m.status = 'finished'",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        if finished.is_empty() {
            return Ok(0);
        }
        let mut tx = self.pool().begin().await.map_err(err)?;
        for r in &finished {
            let match_id: String = r.try_get("match_id").map_err(err)?;
            let ended = opt_int(r, "ended_ms")?.unwrap_or(now);
            let outcome = match opt_int(r, "winner_seat")? {
                _ if void_after.is_some_and(|end| ended > end) => "void",
                Some(1) => "first_won",
                Some(2) => "second_won",
                _ => "void",
            };
            sqlx::query(
                "UPDATE tournament_games SET outcome = $2, ended_ms = $3, first_token = NULL, \
                 second_token = NULL WHERE match_id = $1 AND outcome IS NULL",
            )
            .bind(&match_id)
            .bind(outcome)
            .bind(ended)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        bump(&mut tx, id).await?;
        tx.commit().await.map_err(err)?;
        Ok(finished.len())
    }

    /// Stores the director's pairings (and a Swiss round's bye, and the round's number), if
    /// `node` still directs tournament `id`: all of it or none. False when another node
    /// directs it now.
    ///
    /// # Errors
    /// When the database refuses it or cannot be reached.
    pub async fn store_pairings(
        &self,
        id: &str,
        node: &str,
        games: &[NewTournamentGame],
        round: Option<(i64, Option<&str>)>,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool().begin().await.map_err(err)?;
        let still = sqlx::query(
            "UPDATE tournaments SET version = version + 1 WHERE id = $1 AND director = $2",
        )
        .bind(id)
        .bind(node)
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        if still.rows_affected() != 1 {
            return Ok(false);
        }
        for g in games {
            sqlx::query(
                "INSERT INTO tournament_games (match_id, tournament_id, round, first_id, \
                 second_id, first_token, second_token, started_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&g.match_id)
            .bind(id)
            .bind(g.round)
            .bind(&g.first_id)
            .bind(&g.second_id)
            .bind(&g.first_token)
            .bind(&g.second_token)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        if let Some((number, bye)) = round {
            sqlx::query("UPDATE tournaments SET round = $2 WHERE id = $1")
                .bind(id)
                .bind(number)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
            if let Some(player) = bye {
                sqlx::query(
                    "INSERT INTO tournament_byes (tournament_id, round, player_id) \
                     VALUES ($1, $2, $3)",
                )
                .bind(id)
                .bind(number)
                .bind(player)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
            }
        }
        tx.commit().await.map_err(err)?;
        Ok(true)
    }

    /// Stores every game of tournament `id` still in play as `void` (an arena's end: they
    /// count for nobody) and clears their tokens. How many.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn void_open_games(&self, id: &str, now: i64) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "UPDATE tournament_games SET outcome = 'void', ended_ms = $2, first_token = NULL, \
             second_token = NULL WHERE tournament_id = $1 AND outcome IS NULL",
        )
        .bind(id)
        .bind(now)
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(done.rows_affected())
    }

    /// Moves tournament `id` to `status` (`running` or `finished`, stamped `now`).
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn set_tournament_status(
        &self,
        id: &str,
        status: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE tournaments SET status = $2, version = version + 1, \
             finished_ms = CASE WHEN $2 = 'finished' THEN $3 ELSE finished_ms END \
             WHERE id = $1",
        )
        .bind(id)
        .bind(status)
        .bind(now)
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(())
    }

    /// The version of tournament `id` (none: no such tournament).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn tournament_version(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT version FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(err)?;
        row.as_ref().map(|r| int(r, "version")).transpose()
    }
}

/// Raises tournament `id`'s version within `tx`.
async fn bump(tx: &mut sqlx::Transaction<'_, sqlx::Any>, id: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await
        .map_err(err)?;
    Ok(())
}
