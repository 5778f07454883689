//! Series data from the store: a match's scoreboard, players (a secret key kept by the
//! browser, no passwords), a player's history and the per-variant leaderboard.
//!
//! Everything here reads the SQL store through its read models
//! ([`senet_store::sql::read`]); the handlers only parse, check access, map errors and shape
//! the JSON. With the in-memory store (some tests) these routes answer 503
//! `match_unavailable`.
//!
//! A private match is private everywhere: reading its summary, scoreboard or a game's record
//! needs its spectator key or a seat token ([`ReadKey`], [`authorize`]), else 404 as if it
//! did not exist; histories and the leaderboard leave it out.

use crate::AppState;
use crate::http::ApiError;
use crate::http::access::{ReadKey, db, sql};
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use schemars::JsonSchema;
use senet_protocol::text::check_name;
use senet_protocol::time::rfc3339;
use senet_store::hash_secret;
use senet_store::sql::ratings::{PoolRating, RatingChange};
use senet_store::sql::read::{HistoryLine, LeaderLine, SeatLine};
use serde::{Deserialize, Serialize};

use super::ErrorBody;
use super::contracts::{bodies, string_enum};
use super::lobby::PRIVATE;

/// The routes of this module (also listed in [`crate::http::ROUTES`]).
pub const ROUTES: &[(&str, &str)] = &[
    ("get", "/api/matches/{id}/scoreboard"),
    ("post", "/api/players"),
    ("get", "/api/players/{player_id}/history"),
    ("get", "/api/leaderboard"),
];

/// The series routes, merged into the main router.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/matches/{id}/scoreboard", get(scoreboard))
        .route("/api/players/{player_id}/history", get(history))
        .route("/api/leaderboard", get(leaderboard))
}

bodies!(
    writes: Scoreboard, PlayerCreated, History, Leaderboard;
    reads: NewPlayer
);

/// One seat of a scoreboard.
#[derive(Serialize, JsonSchema)]
struct SeatScore {
    /// The table seat.
    seat: u8,
    /// Its display name (null while unclaimed).
    name: Option<String>,
    /// The registered player in it, if any.
    player_id: Option<String>,
    /// Series points.
    points: u32,
    /// Games won.
    games_won: u32,
}

/// One game of a scoreboard.
#[derive(Serialize, JsonSchema)]
struct GameScore {
    /// The game of the series, from 1.
    game: u32,
    /// The winning seat (null while live, or on a draw).
    winner: Option<u8>,
    /// Why it ended (the engine's `EndReason`), null while live.
    reason: Option<String>,
    /// Series points the winner took.
    points: u32,
    /// When it started (RFC 3339).
    started_at: String,
    /// When it ended (RFC 3339), null while live.
    ended_at: Option<String>,
    /// Each seat's rating before and after the game (rated matches only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    ratings: Vec<SeatRatingChange>,
    /// Why a finished game of a rated match was not rated: `not_played` (it ended before
    /// every seat made a move), `pair_limit` (two of its players had used up their rated
    /// games together for the day) or `same_player` (one player held two seats).
    #[serde(skip_serializing_if = "Option::is_none")]
    unrated: Option<String>,
}

/// A seat's rating change in one game (ratings rounded to whole points in `change`).
#[derive(Serialize, JsonSchema)]
struct SeatRatingChange {
    /// The table seat.
    seat: i64,
    /// The rating pool (`docs/ratings.md`).
    pool: String,
    /// The rating before the game.
    before: f64,
    /// Its deviation before.
    before_deviation: f64,
    /// The rating after the game.
    after: f64,
    /// Its deviation after.
    after_deviation: f64,
    /// `after` less `before`, each rounded to a whole point.
    change: i64,
}

impl From<&RatingChange> for SeatRatingChange {
    fn from(c: &RatingChange) -> SeatRatingChange {
        SeatRatingChange {
            seat: c.seat,
            pool: c.pool.clone(),
            before: c.before.0,
            before_deviation: c.before.1,
            after: c.after.0,
            after_deviation: c.after.1,
            change: (c.after.0.round() - c.before.0.round()) as i64,
        }
    }
}

/// A series as the store keeps it.
#[derive(Serialize, JsonSchema)]
struct StoredSeries {
    /// `best_of` or `first_to`.
    #[schemars(with = "senet_protocol::SeriesKind")]
    kind: String,
    /// N.
    target: i64,
}

/// A match's series scoreboard.
#[derive(Serialize, JsonSchema)]
pub(super) struct Scoreboard {
    /// The match.
    match_id: String,
    /// Its name.
    name: String,
    /// Its variant.
    #[schemars(with = "senet_engine::Variant")]
    variant: String,
    /// Its series.
    series: StoredSeries,
    /// `joining`, `live` or `finished`.
    status: String,
    /// Whether its games change ratings.
    rated: bool,
    /// Every seat.
    seats: Vec<SeatScore>,
    /// Every game so far.
    games: Vec<GameScore>,
    /// The seat ahead, when one is alone ahead.
    leader: Option<u8>,
    /// The series' winner, once decided.
    winner: Option<u8>,
    /// Per seat, the level of the computer that plays it (`easy`, `medium`, `hard`), null for
    /// a person's seat; absent when no bot plays (as in a match's snapshot, so that a page
    /// names a computer in its own language).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bots: Vec<Option<String>>,
}

/// Per seat 1 to the highest of `seats` and `last`, the level of the bot in it, null for a
/// person's seat or one not in `seats`; empty when no bot plays (a snapshot's `bots`).
fn bots_of(seats: &[SeatLine], last: i64) -> Vec<Option<String>> {
    if seats.iter().all(|s| s.bot.is_none()) {
        return Vec::new();
    }
    let count = seats.iter().map(|s| s.seat).fold(last, i64::max);
    let mut bots = vec![None; usize::try_from(count).unwrap_or(0)];
    for s in seats {
        if let Some(level) = usize::try_from(s.seat - 1)
            .ok()
            .and_then(|i| bots.get_mut(i))
        {
            level.clone_from(&s.bot);
        }
    }
    bots
}

/// A match's series scoreboard: points and games won per seat, game by game (with each
/// seat's rating change in a rated match), leader and winner.
#[utoipa::path(get, path = "/api/matches/{id}/scoreboard",
    params(("id" = String, Path, description = "the match id"), super::access::KeyQuery),
    responses((status = 200, description = "the scoreboard", body = Scoreboard),
        (status = 404, description = PRIVATE, body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(super) async fn scoreboard(
    State(state): State<AppState>,
    Path(id): Path<String>,
    key: ReadKey,
) -> Result<Json<Scoreboard>, ApiError> {
    // A private match's scoreboard needs its key or a seat token; else as if there were none.
    let rows = sql(&state)?
        .match_rows(&id)
        .await
        .map_err(db)?
        .filter(|r| r.access.allows(key.secrets()))
        .ok_or(ApiError::NotFound)?;
    let m = &rows.line;
    let changes = if m.rated {
        sql(&state)?.match_rating_changes(&id).await.map_err(db)?
    } else {
        Vec::new()
    };
    let mut board = Scoreboard {
        match_id: id.clone(),
        name: m.name.clone(),
        variant: m.variant.clone(),
        series: StoredSeries {
            kind: m.series_kind.clone(),
            target: m.series_target,
        },
        status: m.status.clone(),
        rated: m.rated,
        seats: Vec::new(),
        games: Vec::new(),
        leader: None,
        winner: m.winner_seat.map(|w| w as u8),
        bots: bots_of(&rows.seats, 0),
    };
    for s in &rows.seats {
        board.seats.push(SeatScore {
            seat: s.seat as u8,
            name: s.name.clone(),
            player_id: s.player_id.clone(),
            points: 0,
            games_won: 0,
        });
    }
    for g in &rows.games {
        let winner = g.winner_seat.map(|w| w as u8);
        let points = g.points.unwrap_or(0) as u32;
        if let Some(s) = winner.and_then(|w| board.seats.iter_mut().find(|s| s.seat == w)) {
            s.points += points;
            s.games_won += 1;
        }
        board.games.push(GameScore {
            game: g.game as u32,
            winner,
            reason: g.reason.clone(),
            points,
            started_at: rfc3339(g.started_ms),
            ended_at: g.ended_ms.map(rfc3339),
            ratings: changes
                .iter()
                .filter(|c| c.game == g.game)
                .map(SeatRatingChange::from)
                .collect(),
            unrated: g.unrated.clone(),
        });
    }
    let first_to = board.series.kind == "first_to";
    let key = |s: &SeatScore| {
        if first_to {
            (s.points, s.games_won)
        } else {
            (s.games_won, s.points)
        }
    };
    if let Some(best) = board.seats.iter().map(key).max().filter(|&b| b > (0, 0)) {
        let mut top = board.seats.iter().filter(|s| key(s) == best);
        if let (Some(first), None) = (top.next(), top.next()) {
            board.leader = Some(first.seat);
        }
    }
    Ok(Json(board))
}

/// The body of `POST /api/players`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewPlayer {
    /// The display name.
    #[schemars(length(min = 1, max = 64))]
    name: String,
}

/// A new player: the key is its only credential.
#[derive(Serialize, JsonSchema)]
pub(super) struct PlayerCreated {
    /// The player's public id.
    player_id: String,
    /// The player's secret key (create and join take it; keep it).
    player_key: String,
    /// The name, normalised.
    name: String,
}

/// Create a player: the reply's player_key is the only credential (keep it; create and join
/// take it). Routed, with the write guard, in `http/mod.rs`.
#[utoipa::path(post, path = "/api/players", request_body = NewPlayer,
    responses((status = 201, description = "created", body = PlayerCreated),
        (status = 400, description = "malformed", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid name", body = ErrorBody),
        (status = 429, description = "players created too often from this address", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(super) async fn create_player(
    State(state): State<AppState>,
    body: Bytes,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    let req: NewPlayer =
        serde_json::from_slice(&body).map_err(|e| ApiError::Malformed(e.to_string()))?;
    // The same normalisation as seat names (NFC; no invisible-only names, no bidi controls).
    let name = check_name(Some(req.name), String::new())?;
    if name.is_empty() {
        return Err(ApiError::invalid(
            senet_protocol::Reason::NameInvisible,
            "a player name is 1 to 64 characters, with a visible one",
        ));
    }
    let store = sql(&state)?;
    let id = uuid::Uuid::new_v4().to_string();
    let key = senet_live::new_secret();
    store
        .create_player(&id, &name, &hash_secret(&key))
        .await
        .map_err(db)?;
    Ok((
        StatusCode::CREATED,
        Json(PlayerCreated {
            player_id: id,
            player_key: key,
            name,
        }),
    ))
}

/// A seat of another player in a match of a player's history.
#[derive(Serialize, JsonSchema)]
struct Opponent {
    /// The table seat.
    seat: i64,
    /// Its display name.
    name: Option<String>,
    /// The registered player in it, if any.
    player_id: Option<String>,
}

impl From<&SeatLine> for Opponent {
    fn from(s: &SeatLine) -> Opponent {
        Opponent {
            seat: s.seat,
            name: s.name.clone(),
            player_id: s.player_id.clone(),
        }
    }
}

/// One match of a player's history.
#[derive(Serialize, JsonSchema)]
struct PlayedMatch {
    /// The match.
    match_id: String,
    /// Its name.
    name: String,
    /// Its variant.
    #[schemars(with = "senet_engine::Variant")]
    variant: String,
    /// Its series.
    series: StoredSeries,
    /// `joining`, `live` or `finished`.
    status: String,
    /// The player's seat.
    seat: i64,
    /// The other seats.
    opponents: Vec<Opponent>,
    /// Per seat, the level of the computer that plays it, null for a person's seat; absent
    /// when no bot plays (as the scoreboard's `bots`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bots: Vec<Option<String>>,
    /// Games played.
    games: i64,
    /// The player's series points.
    points: i64,
    /// The player's games won.
    games_won: i64,
    /// The series' winning seat, once decided.
    winner: Option<i64>,
    /// Whether the player won the series (null until it is finished).
    won: Option<bool>,
    /// When the match was created (RFC 3339).
    created_at: String,
}

impl From<&HistoryLine> for PlayedMatch {
    fn from(m: &HistoryLine) -> PlayedMatch {
        PlayedMatch {
            match_id: m.match_id.clone(),
            name: m.name.clone(),
            variant: m.variant.clone(),
            series: StoredSeries {
                kind: m.series_kind.clone(),
                target: m.series_target,
            },
            status: m.status.clone(),
            seat: m.seat,
            opponents: m.opponents.iter().map(Opponent::from).collect(),
            bots: bots_of(&m.opponents, m.seat),
            games: m.games,
            points: m.points,
            games_won: m.games_won,
            winner: m.winner_seat,
            won: (m.status == "finished").then_some(m.winner_seat == Some(m.seat)),
            created_at: rfc3339(m.created_ms),
        }
    }
}

/// A player's rating in one pool.
#[derive(Serialize, JsonSchema)]
struct PoolStanding {
    /// The rating pool (`docs/ratings.md`).
    pool: String,
    /// The Glicko-2 rating.
    rating: f64,
    /// Its deviation.
    deviation: f64,
    /// Rated games played in the pool.
    games: i64,
}

/// A player's rating after one rated game.
#[derive(Serialize, JsonSchema)]
struct RatingPoint {
    /// The rating pool.
    pool: String,
    /// The match.
    match_id: String,
    /// The game of its series.
    game: i64,
    /// The rating after the game.
    rating: f64,
    /// Its deviation.
    deviation: f64,
    /// When the game ended (RFC 3339).
    at: String,
}

/// A player's public matches and ratings.
#[derive(Serialize, JsonSchema)]
pub(crate) struct History {
    /// The player.
    player_id: String,
    /// Their name.
    name: String,
    /// When their account was made (Unix ms); null for a player without an account.
    member_since_ms: Option<i64>,
    /// Their public matches, newest first.
    matches: Vec<PlayedMatch>,
    /// Their rating in each pool they played rated games in.
    ratings: Vec<PoolStanding>,
    /// Every rating change, oldest first.
    rating_history: Vec<RatingPoint>,
}

/// A player's public matches, newest first, with their seat, points, games won and result
/// (private matches are never listed), and their ratings.
#[utoipa::path(get, path = "/api/players/{player_id}/history",
    params(("player_id" = String, Path, description = "the player's id")),
    responses((status = 200, description = "the history", body = History),
        (status = 404, description = "no such player", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(super) async fn history(
    State(state): State<AppState>,
    Path(player_id): Path<String>,
) -> Result<Json<History>, ApiError> {
    player_history(&state, player_id).await.map(Json)
}

/// A player's public matches and ratings (`GET /api/players/{id}/history`'s answer).
///
/// # Errors
/// 404 for no such player; 503 when the store cannot answer.
pub(crate) async fn player_history(
    state: &AppState,
    player_id: String,
) -> Result<History, ApiError> {
    let history = sql(state)?
        .history(&player_id)
        .await
        .map_err(db)?
        .ok_or(ApiError::NotFound)?;
    let (pools, changes) = sql(state)?.player_ratings(&player_id).await.map_err(db)?;
    let account = sql(state)?.account(&player_id).await.map_err(db)?;
    Ok(History {
        member_since_ms: account.map(|a| a.created_ms),
        player_id,
        name: history.name,
        matches: history.matches.iter().map(PlayedMatch::from).collect(),
        ratings: pools
            .iter()
            .map(|r| PoolStanding {
                pool: r.pool.clone(),
                rating: r.rating.rating,
                deviation: r.rating.deviation,
                games: r.games,
            })
            .collect(),
        rating_history: changes
            .iter()
            .map(|c| RatingPoint {
                pool: c.pool.clone(),
                match_id: c.match_id.clone(),
                game: c.game,
                rating: c.after.0,
                deviation: c.after.1,
                at: rfc3339(c.at_ms),
            })
            .collect(),
    })
}

/// The choices of `GET /api/leaderboard`.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct LeaderboardQuery {
    /// One variant's (empty or absent: every variant's; `by=rating` needs one).
    #[param(schema_with = variant_or_all)]
    variant: Option<String>,
    /// `wins` (series won, then points, then games won: the default) or `rating`.
    #[param(schema_with = ranked_by)]
    by: Option<String>,
    /// With `by=rating` for `modern`: the player count of the pool (2 by default).
    #[param(minimum = 2, maximum = 4)]
    players: Option<u8>,
}

fn variant_or_all() -> utoipa::openapi::Object {
    string_enum(std::iter::once("").chain(senet_engine::Variant::ALL.map(|v| v.id()))).build()
}

fn ranked_by() -> utoipa::openapi::Object {
    string_enum(["wins", "rating"]).build()
}

/// A registered player's place by wins.
#[derive(Serialize, JsonSchema)]
pub(super) struct WinsStanding {
    /// The player.
    player_id: String,
    /// Their name.
    name: String,
    /// Series won.
    series_won: i64,
    /// Series points.
    points: i64,
    /// Games won.
    games_won: i64,
}

impl From<&LeaderLine> for WinsStanding {
    fn from(r: &LeaderLine) -> WinsStanding {
        WinsStanding {
            player_id: r.player_id.clone(),
            name: r.name.clone(),
            series_won: r.series_won,
            points: r.points,
            games_won: r.games_won,
        }
    }
}

/// A registered player's place in a rating pool.
#[derive(Serialize, JsonSchema)]
pub(super) struct RatingStanding {
    /// The player.
    player_id: String,
    /// Their name.
    name: String,
    /// The Glicko-2 rating.
    rating: f64,
    /// Its deviation.
    deviation: f64,
    /// Rated games played in the pool.
    games: i64,
}

impl From<&PoolRating> for RatingStanding {
    fn from(r: &PoolRating) -> RatingStanding {
        RatingStanding {
            player_id: r.player_id.clone(),
            name: r.name.clone(),
            rating: r.rating.rating,
            deviation: r.rating.deviation,
            games: r.games,
        }
    }
}

/// The leaderboard: by wins, or (`by=rating`) one rating pool's, best first.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub(super) enum Leaderboard {
    /// Ranked by series won, then points, then games won.
    Wins(Vec<WinsStanding>),
    /// Ranked by Glicko-2 rating.
    Rating(Vec<RatingStanding>),
}

/// Registered players ranked by series won, then points, over public matches (optionally
/// for one variant); or with `by=rating`, one rating pool ranked by Glicko-2 rating (players
/// with `--board-min-games` rated games there against `--board-min-opponents` opponents).
#[utoipa::path(get, path = "/api/leaderboard", params(LeaderboardQuery),
    responses((status = 200, description = "the players, best first", body = Leaderboard),
        (status = 400, description = "by is neither wins nor rating", body = ErrorBody),
        (status = 422, description = "unknown variant, or by=rating without a variant or with a player count it does not have", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(super) async fn leaderboard(
    State(state): State<AppState>,
    Query(q): Query<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let variant = q.variant.unwrap_or_default();
    if !variant.is_empty() && variant.parse::<senet_engine::Variant>().is_err() {
        return Err(ApiError::UnknownVariant(variant));
    }
    if let Some(players) = q.players.filter(|p| !(2..=4).contains(p)) {
        return Err(ApiError::Invalid(
            format!("players is 2 to 4, not {players}").into(),
        ));
    }
    match q.by.as_deref() {
        None | Some("wins") => {}
        Some("rating") => return rating_board(&state, &variant, q.players.unwrap_or(2)).await,
        Some(other) => {
            return Err(ApiError::Malformed(format!(
                "by is wins or rating, not {other:?}"
            )));
        }
    }
    let list = sql(&state)?
        .leaderboard_cached(&variant)
        .await
        .map_err(db)?
        .iter()
        .map(WinsStanding::from)
        .collect();
    Ok(Json(Leaderboard::Wins(list)))
}

/// `GET /api/leaderboard?by=rating`: one rating pool's best, highest first.
async fn rating_board(
    state: &AppState,
    variant: &str,
    players: u8,
) -> Result<Json<Leaderboard>, ApiError> {
    let parsed: senet_engine::Variant = variant
        .parse()
        .map_err(|_| ApiError::Invalid("by=rating needs a variant".into()))?;
    parsed
        .check_players(players)
        .map_err(|e| ApiError::Invalid(e.into()))?;
    let pool = senet_store::sql::ratings::pool(variant, players);
    let list = sql(state)?
        .rating_board(
            &pool,
            state.config.board_min_games,
            state.config.board_min_opponents,
        )
        .await
        .map_err(db)?
        .iter()
        .map(RatingStanding::from)
        .collect();
    Ok(Json(Leaderboard::Rating(list)))
}
