//! Read models: what the REST routes read from the store (scoreboards, summaries and records
//! of matches not in memory, players, histories, the leaderboard), as plain rows.
//!
//! Each function does a fixed number of queries, whatever the number of matches, seats or
//! games involved (its doc comment says how many). Private matches (`public = false`) are
//! left out of every list ([`SqlStore::history`], [`SqlStore::leaderboard`]); reading one
//! by id needs its spectator key or a seat token ([`Access::allows`]).

use std::collections::HashMap;

use sqlx::Row;
use sqlx::any::AnyRow;
use subtle::ConstantTimeEq;

use senet_protocol::time::now_ms;

pub use super::board_cache::LeaderLine;
use super::query_util::{bind_all, err, int, placeholders};
use super::sql_store::SqlStore;
use crate::rows::hash_secret;
use crate::store_error::StoreError;

fn text(r: &AnyRow, col: &str) -> Result<String, StoreError> {
    r.try_get::<String, _>(col).map_err(err)
}

fn opt_text(r: &AnyRow, col: &str) -> Result<Option<String>, StoreError> {
    r.try_get::<Option<String>, _>(col).map_err(err)
}

fn opt_int(r: &AnyRow, col: &str) -> Result<Option<i64>, StoreError> {
    r.try_get::<Option<i64>, _>(col).map_err(err)
}

/// Who may read a match: anyone if it is public, else the holder of its spectator key or of
/// a claimed seat's token. Only the stored SHA-256 digests are kept here.
#[derive(Clone)]
pub struct Access {
    /// Listed and readable by anyone.
    pub public: bool,
    spectator_key_hash: Option<String>,
    token_hashes: Vec<String>,
}

impl std::fmt::Debug for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Access")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

impl Access {
    /// Whether a request that presents `secrets` (none, or what its `Authorization` header
    /// and `?key=` carry) may read the match. Every digest is compared in constant time.
    pub fn allows<'a>(&self, secrets: impl IntoIterator<Item = &'a str>) -> bool {
        if self.public {
            return true;
        }
        let mut ok = false;
        for secret in secrets {
            let hash = hash_secret(secret);
            for known in self.spectator_key_hash.iter().chain(&self.token_hashes) {
                // No early exit: the time does not depend on which digest matched.
                ok |= known.len() == hash.len()
                    && bool::from(known.as_bytes().ct_eq(hash.as_bytes()));
            }
        }
        ok
    }
}

/// A match's own row, as the scoreboard and the stored summary read it.
#[derive(Clone, Debug)]
pub struct MatchLine {
    /// The name.
    pub name: String,
    /// The variant id.
    pub variant: String,
    /// Number of seats.
    pub players: i64,
    /// `best_of` or `first_to`.
    pub series_kind: String,
    /// The series target.
    pub series_target: i64,
    /// `joining`, `live` or `finished`.
    pub status: String,
    /// The series winner, once decided.
    pub winner_seat: Option<i64>,
    /// Whether its games are rated.
    pub rated: bool,
    /// Its clock, as JSON (none: no clock).
    pub clock: Option<String>,
}

/// A seat of a match.
#[derive(Clone, Debug)]
pub struct SeatLine {
    /// 1-based seat number.
    pub seat: i64,
    /// The display name, once claimed.
    pub name: Option<String>,
    /// The registered player holding it, if any.
    pub player_id: Option<String>,
    /// The level of the bot that plays it, if one does.
    pub bot: Option<String>,
}

/// A game of a match.
#[derive(Clone, Debug)]
pub struct GameLine {
    /// The game (1-based).
    pub game: i64,
    /// The winning seat, once over.
    pub winner_seat: Option<i64>,
    /// Why it ended.
    pub reason: Option<String>,
    /// Points the winner took.
    pub points: Option<i64>,
    /// Start, Unix milliseconds.
    pub started_ms: i64,
    /// End, Unix milliseconds.
    pub ended_ms: Option<i64>,
    /// Why a game of a rated match was not rated (`not_played`, `pair_limit`,
    /// `same_player`); none when it was, or the match is casual.
    pub unrated: Option<String>,
}

/// Everything stored about a match but its events: what its scoreboard and its summary
/// are made of.
#[derive(Clone, Debug)]
pub struct MatchRows {
    /// Who may read it.
    pub access: Access,
    /// The match.
    pub line: MatchLine,
    /// Its seats, by seat number.
    pub seats: Vec<SeatLine>,
    /// Its games, by game number.
    pub games: Vec<GameLine>,
}

/// What a game's record is rebuilt from: the match's spec as stored and its facts.
#[derive(Clone, Debug)]
pub struct SpecAndFacts {
    /// The variant id.
    pub variant: String,
    /// The engine setup, as JSON.
    pub options: String,
    /// `best_of` or `first_to`.
    pub series_kind: String,
    /// The series target.
    pub series_target: i64,
    /// The clock, as JSON (none: no clock).
    pub clock: Option<String>,
    /// The stored facts (JSON) of every game up to the one asked for, in order.
    pub facts: Vec<String>,
}

/// One line of a player's history: a seat they held in a public match.
#[derive(Clone, Debug)]
pub struct HistoryLine {
    /// The match.
    pub match_id: String,
    /// Its name.
    pub name: String,
    /// Its variant id.
    pub variant: String,
    /// `best_of` or `first_to`.
    pub series_kind: String,
    /// The series target.
    pub series_target: i64,
    /// `joining`, `live` or `finished`.
    pub status: String,
    /// The series winner, once decided.
    pub winner_seat: Option<i64>,
    /// Created, Unix milliseconds.
    pub created_ms: i64,
    /// The player's seat.
    pub seat: i64,
    /// Games played so far.
    pub games: i64,
    /// Points the seat took.
    pub points: i64,
    /// Games the seat won.
    pub games_won: i64,
    /// The other seats, by seat number.
    pub opponents: Vec<SeatLine>,
}

/// A player's history.
#[derive(Clone, Debug)]
pub struct History {
    /// The player's name.
    pub name: String,
    /// Newest first, at most 200.
    pub matches: Vec<HistoryLine>,
}

fn access_of(
    public: bool,
    spectator_key_hash: Option<String>,
    seats: &[AnyRow],
) -> Result<Access, StoreError> {
    let mut token_hashes = Vec::with_capacity(seats.len());
    for s in seats {
        // An unclaimed seat's token was never handed out.
        if int(s, "claimed")? != 0 {
            token_hashes.push(text(s, "token_hash")?);
        }
    }
    Ok(Access {
        public,
        spectator_key_hash,
        token_hashes,
    })
}

const SEATS: &str = "SELECT seat, name, player_id, bot, token_hash, \
                     CASE WHEN claimed THEN 1 ELSE 0 END AS claimed \
                     FROM seats WHERE match_id = $1 ORDER BY seat";

impl SqlStore {
    /// The id of the player whose key hashes to `key_hash`. One query.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn player_by_key_hash(&self, key_hash: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT id FROM players WHERE key_hash = $1")
            .bind(key_hash)
            .fetch_optional(&self.pool)
            .await
            .map_err(err)?;
        row.map(|r| text(&r, "id")).transpose()
    }

    /// Stores a new player (only the key's digest). One query.
    ///
    /// # Errors
    /// When the database refuses the row or cannot be reached.
    pub async fn create_player(
        &self,
        id: &str,
        name: &str,
        key_hash: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO players (id, name, key_hash, created_ms) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(name)
            .bind(key_hash)
            .bind(now_ms())
            .execute(&self.pool)
            .await
            .map_err(err)?;
        Ok(())
    }

    /// Whether match `id` is stored (one query: what a page needs to tell a 404).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn has_match(&self, id: &str) -> Result<bool, StoreError> {
        let found = sqlx::query("SELECT 1 AS found FROM matches WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(err)?;
        Ok(found.is_some())
    }

    /// Who may read match `id` (none: no such match). Two queries (the match, its seats).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn match_access(&self, id: &str) -> Result<Option<Access>, StoreError> {
        let Some(m) = sqlx::query(
            "SELECT CASE WHEN public THEN 1 ELSE 0 END AS public, spectator_key_hash \
             FROM matches WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(err)?
        else {
            return Ok(None);
        };
        let seats = sqlx::query(SEATS)
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        access_of(
            int(&m, "public")? != 0,
            opt_text(&m, "spectator_key_hash")?,
            &seats,
        )
        .map(Some)
    }

    /// A match's row, seats and games (none: no such match): its scoreboard, or its summary
    /// once it left memory. Three queries (the match, its seats, its games).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn match_rows(&self, id: &str) -> Result<Option<MatchRows>, StoreError> {
        let Some(m) = sqlx::query(
            "SELECT name, variant, players, series_kind, series_target, status, winner_seat, \
             CASE WHEN public THEN 1 ELSE 0 END AS public, spectator_key_hash, \
             CASE WHEN rated THEN 1 ELSE 0 END AS rated, clock \
             FROM matches WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(err)?
        else {
            return Ok(None);
        };
        let seats = sqlx::query(SEATS)
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        let games = sqlx::query(
            "SELECT game, winner_seat, reason, points, started_ms, ended_ms, unrated FROM games \
             WHERE match_id = $1 ORDER BY game",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        Ok(Some(MatchRows {
            access: access_of(
                int(&m, "public")? != 0,
                opt_text(&m, "spectator_key_hash")?,
                &seats,
            )?,
            line: MatchLine {
                name: text(&m, "name")?,
                variant: text(&m, "variant")?,
                players: int(&m, "players")?,
                series_kind: text(&m, "series_kind")?,
                series_target: int(&m, "series_target")?,
                status: text(&m, "status")?,
                winner_seat: opt_int(&m, "winner_seat")?,
                rated: int(&m, "rated")? != 0,
                clock: m.try_get("clock").map_err(err)?,
            },
            seats: seats
                .iter()
                .map(|s| {
                    Ok(SeatLine {
                        seat: int(s, "seat")?,
                        name: opt_text(s, "name")?,
                        player_id: opt_text(s, "player_id")?,
                        bot: opt_text(s, "bot")?,
                    })
                })
                .collect::<Result<_, StoreError>>()?,
            games: games
                .iter()
                .map(|g| {
                    Ok(GameLine {
                        game: int(g, "game")?,
                        winner_seat: opt_int(g, "winner_seat")?,
                        reason: opt_text(g, "reason")?,
                        points: opt_int(g, "points")?,
                        started_ms: int(g, "started_ms")?,
                        ended_ms: opt_int(g, "ended_ms")?,
                        unrated: opt_text(g, "unrated")?,
                    })
                })
                .collect::<Result<_, StoreError>>()?,
        }))
    }

    /// A match's stored spec and its facts up to the end of game `game` (none: no such
    /// match), to rebuild that game's record. Two queries (the match, its events).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn match_spec_and_facts(
        &self,
        id: &str,
        game: u32,
    ) -> Result<Option<SpecAndFacts>, StoreError> {
        let Some(m) = sqlx::query(
            "SELECT variant, options, series_kind, series_target, clock FROM matches WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(err)?
        else {
            return Ok(None);
        };
        let rows = sqlx::query(
            "SELECT payload FROM events WHERE match_id = $1 AND game <= $2 ORDER BY no",
        )
        .bind(id)
        .bind(i64::from(game))
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        Ok(Some(SpecAndFacts {
            variant: text(&m, "variant")?,
            options: text(&m, "options")?,
            series_kind: text(&m, "series_kind")?,
            series_target: int(&m, "series_target")?,
            clock: m.try_get("clock").map_err(err)?,
            facts: rows
                .iter()
                .map(|r| text(r, "payload"))
                .collect::<Result<_, _>>()?,
        }))
    }

    /// A player's public matches, newest first (at most 200), each with the seat they held,
    /// its totals and the other seats (none: no such player). Private matches are left out:
    /// nothing in the request proves it comes from the player. Three queries whatever the
    /// number of matches (the player, their seats with totals, every seat of those matches).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn history(&self, player_id: &str) -> Result<Option<History>, StoreError> {
        let Some(player) = sqlx::query("SELECT name FROM players WHERE id = $1")
            .bind(player_id)
            .fetch_optional(&self.pool)
            .await
            .map_err(err)?
        else {
            return Ok(None);
        };
        let rows = sqlx::query(
            "SELECT m.id, m.name, m.variant, m.series_kind, m.series_target, m.status, \
             m.winner_seat, m.created_ms, s.seat, \
             CAST(COALESCE(SUM(CASE WHEN g.winner_seat = s.seat THEN g.points ELSE 0 END), 0) AS BIGINT) AS points, \
             CAST(COUNT(CASE WHEN g.winner_seat = s.seat THEN 1 END) AS BIGINT) AS games_won, \
             CAST(COUNT(g.game) AS BIGINT) AS games \
             FROM seats s JOIN matches m ON m.id = s.match_id \
             LEFT JOIN games g ON g.match_id = m.id \
             WHERE s.player_id = $1 AND m.public \
             GROUP BY m.id, m.name, m.variant, m.series_kind, m.series_target, m.status, \
             m.winner_seat, m.created_ms, s.seat \
             ORDER BY m.created_ms DESC LIMIT 200",
        )
        .bind(player_id)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        let mut matches = Vec::with_capacity(rows.len());
        for r in &rows {
            matches.push(HistoryLine {
                match_id: text(r, "id")?,
                name: text(r, "name")?,
                variant: text(r, "variant")?,
                series_kind: text(r, "series_kind")?,
                series_target: int(r, "series_target")?,
                status: text(r, "status")?,
                winner_seat: opt_int(r, "winner_seat")?,
                created_ms: int(r, "created_ms")?,
                seat: int(r, "seat")?,
                games: int(r, "games")?,
                points: int(r, "points")?,
                games_won: int(r, "games_won")?,
                opponents: Vec::new(),
            });
        }
        // Every seat of those matches, in one query (a match appears once even if the
        // player held two of its seats).
        let mut ids: Vec<&str> = matches.iter().map(|m| m.match_id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        if !ids.is_empty() {
            let sql = format!(
                "SELECT match_id, seat, name, player_id, bot FROM seats \
                 WHERE match_id IN ({}) ORDER BY match_id, seat",
                placeholders(1, ids.len())
            );
            // The text depends on the number of matches: not worth a cached statement.
            let seats = bind_all(sqlx::query(&sql).persistent(false), &ids)
                .fetch_all(&self.pool)
                .await
                .map_err(err)?;
            let mut by_match: HashMap<String, Vec<SeatLine>> = HashMap::new();
            for s in &seats {
                by_match
                    .entry(text(s, "match_id")?)
                    .or_default()
                    .push(SeatLine {
                        seat: int(s, "seat")?,
                        name: opt_text(s, "name")?,
                        player_id: opt_text(s, "player_id")?,
                        bot: opt_text(s, "bot")?,
                    });
            }
            for m in &mut matches {
                if let Some(all) = by_match.get(&m.match_id) {
                    m.opponents = all.iter().filter(|o| o.seat != m.seat).cloned().collect();
                }
            }
        }
        Ok(Some(History {
            name: text(&player, "name")?,
            matches,
        }))
    }

    /// [`SqlStore::leaderboard`], read at most once a second per variant (the same answer
    /// for a second: a board that changes when series end does not need to be newer).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn leaderboard_cached(
        &self,
        variant: &str,
    ) -> Result<std::sync::Arc<Vec<LeaderLine>>, StoreError> {
        if let Some(lines) = self.leaderboards.fresh(variant) {
            return Ok(lines);
        }
        let lines = std::sync::Arc::new(self.leaderboard(variant).await?);
        self.leaderboards.keep(variant, lines.clone());
        Ok(lines)
    }

    /// Registered players ranked by series won, then points, then games won (the first
    /// 100), over public matches only (of one variant, unless `variant` is empty): a private
    /// match counts for nobody's totals, so the board says nothing about it. One query.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn leaderboard(&self, variant: &str) -> Result<Vec<LeaderLine>, StoreError> {
        // Per seat held by a registered player: series won, and points/games from games won.
        let rows = sqlx::query(
            "SELECT p.id, p.name, \
             CAST(COUNT(DISTINCT CASE WHEN m.winner_seat = s.seat THEN m.id END) AS BIGINT) AS series_won, \
             CAST(COALESCE(SUM(CASE WHEN g.winner_seat = s.seat THEN g.points ELSE 0 END), 0) AS BIGINT) AS points, \
             CAST(COUNT(CASE WHEN g.winner_seat = s.seat THEN 1 END) AS BIGINT) AS games_won \
             FROM players p \
             JOIN seats s ON s.player_id = p.id \
             JOIN matches m ON m.id = s.match_id \
             LEFT JOIN games g ON g.match_id = m.id \
             WHERE ($1 = '' OR m.variant = $1) AND m.public \
             GROUP BY p.id, p.name \
             ORDER BY series_won DESC, points DESC, games_won DESC, p.name \
             LIMIT 100",
        )
        .bind(variant)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok(LeaderLine {
                    player_id: text(r, "id")?,
                    name: text(r, "name")?,
                    series_won: int(r, "series_won")?,
                    points: int(r, "points")?,
                    games_won: int(r, "games_won")?,
                })
            })
            .collect()
    }
}
