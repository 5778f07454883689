//! Ratings kept by the store: a rated match's game updates its players' Glicko-2 ratings in
//! the transaction that stores the game's end, so a game is rated exactly once, or not at all
//! if its end is not stored (`docs/ratings.md`).

use sqlx::{Any, Row, Transaction};

use super::query_util::{err, int};
use crate::store_error::StoreError;
use senet_match::glicko::{Rating, after_game, bot_rating_named};

/// Rated games two people may play together in one pool in a day (the last 24 hours); the
/// games past it are not rated, so that a pair who keep meeting cannot farm a rating.
pub const PAIR_GAMES_PER_DAY: i64 = 10;

const DAY_MS: i64 = 86_400_000;

/// The rating pool of a match: its variant, with three- and four-player `modern` apart
/// (`modern3`, `modern4`), since a win among four is not a win against one.
pub fn pool(variant: &str, players: u8) -> String {
    if players > 2 {
        format!("{variant}{players}")
    } else {
        variant.to_owned()
    }
}

fn real(r: &sqlx::any::AnyRow, col: &str) -> Result<f64, StoreError> {
    r.try_get::<f64, _>(col).map_err(err)
}

/// Why a game of a rated match was not rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// It ended before every seat made a move (lichess calls such a game aborted).
    NotPlayed,
    /// Two of its people had played [`PAIR_GAMES_PER_DAY`] rated games together that day.
    PairLimit,
    /// One player held two of its seats.
    SamePlayer,
}

impl Unrated {
    /// As stored and served.
    pub fn as_str(self) -> &'static str {
        match self {
            Unrated::NotPlayed => "not_played",
            Unrated::PairLimit => "pair_limit",
            Unrated::SamePlayer => "same_player",
        }
    }
}

/// Rates game `game` of `match_id`, won by seat `winner` (`None`: drawn), if the match is
/// rated, every seat made a move (`every_seat_moved`), its seats are held by different
/// registered players or bots (at least one person) and no two of its people have used up
/// their rated games together for the day; otherwise rates nothing and says why (nothing
/// for a casual match). A bot plays at its level's fixed rating
/// ([`bot_rating`]), which the game does not change.
/// `lock` row-locks the ratings read (Postgres, where two writers may rate games of the same
/// player at once; SQLite has one writer).
pub(super) async fn rate_game(
    tx: &mut Transaction<'static, Any>,
    lock: bool,
    match_id: &str,
    game: u32,
    winner: Option<u8>,
    every_seat_moved: bool,
    now: i64,
) -> Result<Option<Unrated>, StoreError> {
    let Some(m) = sqlx::query(
        "SELECT variant, players, CASE WHEN rated THEN 1 ELSE 0 END AS rated \
         FROM matches WHERE id = $1",
    )
    .bind(match_id)
    .fetch_optional(&mut **tx)
    .await
    .map_err(err)?
    else {
        return Ok(None);
    };
    if int(&m, "rated")? == 0 {
        return Ok(None);
    }
    if !every_seat_moved {
        return Ok(Some(Unrated::NotPlayed));
    }
    let variant: String = m.try_get("variant").map_err(err)?;
    let pool = pool(&variant, int(&m, "players")? as u8);
    let seats =
        sqlx::query("SELECT seat, player_id, bot FROM seats WHERE match_id = $1 ORDER BY seat")
            .bind(match_id)
            .fetch_all(&mut **tx)
            .await
            .map_err(err)?;
    let mut players: Vec<(u8, String)> = Vec::with_capacity(seats.len());
    // The bots' seats and fixed ratings.
    let mut bots: Vec<(u8, Rating)> = Vec::new();
    for s in &seats {
        let bot: Option<String> = s.try_get("bot").map_err(err)?;
        if let Some(rating) = bot.as_deref().and_then(bot_rating_named) {
            bots.push((int(s, "seat")? as u8, rating));
            continue;
        }
        let Some(player) = s.try_get::<Option<String>, _>("player_id").map_err(err)? else {
            tracing::warn!(
                match_id,
                "a rated match with an unregistered seat: not rated"
            );
            return Ok(None);
        };
        players.push((int(s, "seat")? as u8, player));
    }
    // Rows are created, read (and on Postgres locked) in one order, the players' ids, so
    // that two games rated at once cannot deadlock.
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| players[a].1.cmp(&players[b].1));
    if order.windows(2).any(|w| players[w[0]].1 == players[w[1]].1) {
        // One player in two seats would rate themselves against themselves.
        return Ok(Some(Unrated::SamePlayer));
    }
    let fresh = Rating::default();
    for &i in &order {
        sqlx::query(
            "INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (player_id, pool) DO NOTHING",
        )
        .bind(players[i].1.as_str())
        .bind(pool.as_str())
        .bind(fresh.rating)
        .bind(fresh.deviation)
        .bind(fresh.volatility)
        .bind(now)
        .execute(&mut **tx)
        .await
        .map_err(err)?;
    }
    let select = if lock {
        "SELECT rating, deviation, volatility FROM ratings WHERE player_id = $1 AND pool = $2 FOR UPDATE"
    } else {
        "SELECT rating, deviation, volatility FROM ratings WHERE player_id = $1 AND pool = $2"
    };
    let mut before = vec![fresh; players.len()];
    for &i in &order {
        let r = sqlx::query(select)
            .bind(players[i].1.as_str())
            .bind(pool.as_str())
            .fetch_one(&mut **tx)
            .await
            .map_err(err)?;
        before[i] = Rating {
            rating: real(&r, "rating")?,
            deviation: real(&r, "deviation")?,
            volatility: real(&r, "volatility")?,
        };
    }
    if players.is_empty() {
        return Ok(None);
    }
    // Counted once the players' rating rows are locked: two games of one pair rated at once
    // on Postgres then count each other.
    for (k, (_, one)) in players.iter().enumerate() {
        for (_, other) in &players[k + 1..] {
            if pair_games_today(tx, &pool, one, other, now).await? >= PAIR_GAMES_PER_DAY {
                tracing::info!(
                    match_id,
                    game,
                    "the pair's rated games today are used up: not rated"
                );
                return Ok(Some(Unrated::PairLimit));
            }
        }
    }
    // Everyone at the table, people first then bots; only the people's ratings are kept.
    let table: Vec<u8> = players
        .iter()
        .map(|(seat, _)| *seat)
        .chain(bots.iter().map(|(seat, _)| *seat))
        .collect();
    let mut everyone = before.clone();
    everyone.extend(bots.iter().map(|(_, r)| *r));
    let winner_index = winner.and_then(|w| table.iter().position(|seat| *seat == w));
    let after = after_game(&everyone, winner_index);
    for (i, (seat, player)) in players.iter().enumerate() {
        sqlx::query(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1, \
             updated_ms = $6 WHERE player_id = $1 AND pool = $2",
        )
        .bind(player.as_str())
        .bind(pool.as_str())
        .bind(after[i].rating)
        .bind(after[i].deviation)
        .bind(after[i].volatility)
        .bind(now)
        .execute(&mut **tx)
        .await
        .map_err(err)?;
        sqlx::query(
            "INSERT INTO rating_changes (match_id, game, seat, player_id, pool, rating_before, \
             deviation_before, rating_after, deviation_after, at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(match_id)
        .bind(i64::from(game))
        .bind(i64::from(*seat))
        .bind(player.as_str())
        .bind(pool.as_str())
        .bind(before[i].rating)
        .bind(before[i].deviation)
        .bind(after[i].rating)
        .bind(after[i].deviation)
        .bind(now)
        .execute(&mut **tx)
        .await
        .map_err(err)?;
    }
    Ok(None)
}

/// Rated games of `one` and `other` together in `pool` in the 24 hours before `now`.
async fn pair_games_today(
    tx: &mut Transaction<'static, Any>,
    pool: &str,
    one: &str,
    other: &str,
    now: i64,
) -> Result<i64, StoreError> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS n FROM rating_changes a JOIN rating_changes b \
         ON b.match_id = a.match_id AND b.game = a.game \
         WHERE a.player_id = $1 AND a.pool = $3 AND a.at_ms > $4 AND b.player_id = $2",
    )
    .bind(one)
    .bind(other)
    .bind(pool)
    .bind(now - DAY_MS)
    .fetch_one(&mut **tx)
    .await
    .map_err(err)?;
    int(&row, "n")
}

/// A player's rating in one pool.
#[derive(Clone, Debug)]
pub struct PoolRating {
    /// The player.
    pub player_id: String,
    /// The player's name.
    pub name: String,
    /// The pool (a variant id, or `modern3`/`modern4`).
    pub pool: String,
    /// The rating now.
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: i64,
}

/// One rated game's change for one seat.
#[derive(Clone, Debug)]
pub struct RatingChange {
    /// The game (1-based).
    pub game: i64,
    /// The seat.
    pub seat: i64,
    /// The pool.
    pub pool: String,
    /// The match (for a player's history).
    pub match_id: String,
    /// Rating and deviation before the game.
    pub before: (f64, f64),
    /// Rating and deviation after it.
    pub after: (f64, f64),
    /// When it was rated, Unix milliseconds.
    pub at_ms: i64,
}

pub(super) fn change(r: &sqlx::any::AnyRow) -> Result<RatingChange, StoreError> {
    Ok(RatingChange {
        game: int(r, "game")?,
        seat: int(r, "seat")?,
        pool: r.try_get("pool").map_err(err)?,
        match_id: r.try_get("match_id").map_err(err)?,
        before: (real(r, "rating_before")?, real(r, "deviation_before")?),
        after: (real(r, "rating_after")?, real(r, "deviation_after")?),
        at_ms: int(r, "at_ms")?,
    })
}

pub(super) fn pool_rating(r: &sqlx::any::AnyRow) -> Result<PoolRating, StoreError> {
    Ok(PoolRating {
        player_id: r.try_get("player_id").map_err(err)?,
        name: r.try_get("name").map_err(err)?,
        pool: r.try_get("pool").map_err(err)?,
        rating: Rating {
            rating: real(r, "rating")?,
            deviation: real(r, "deviation")?,
            volatility: real(r, "volatility")?,
        },
        games: int(r, "games")?,
    })
}

pub(super) const CHANGE_COLUMNS: &str = "match_id, game, seat, pool, rating_before, deviation_before, \
                              rating_after, deviation_after, at_ms";
