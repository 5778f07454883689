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
use senet_protocol::text::check_name;
use senet_protocol::time::rfc3339;
use senet_store::hash_secret;
use senet_store::sql::read::SeatLine;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

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

#[derive(Serialize)]
struct SeatScore {
    seat: u8,
    name: Option<String>,
    player_id: Option<String>,
    points: u32,
    games_won: u32,
}

#[derive(Serialize)]
struct GameScore {
    game: u32,
    winner: Option<u8>,
    reason: Option<String>,
    points: u32,
    started_at: String,
    ended_at: Option<String>,
    /// Each seat's rating before and after the game (rated matches only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    ratings: Vec<Value>,
}

/// A rating change as the API shows it (ratings rounded to whole points in `change`).
fn change_json(c: &senet_store::sql::ratings::RatingChange) -> Value {
    json!({
        "seat": c.seat,
        "pool": c.pool,
        "before": c.before.0,
        "before_deviation": c.before.1,
        "after": c.after.0,
        "after_deviation": c.after.1,
        "change": (c.after.0.round() - c.before.0.round()) as i64,
    })
}

#[derive(Serialize)]
struct Scoreboard {
    match_id: String,
    name: String,
    variant: String,
    series: Value,
    status: String,
    rated: bool,
    seats: Vec<SeatScore>,
    games: Vec<GameScore>,
    leader: Option<u8>,
    winner: Option<u8>,
}

async fn scoreboard(
    State(state): State<AppState>,
    Path(id): Path<String>,
    key: ReadKey,
) -> Result<Json<Value>, ApiError> {
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
        series: json!({"kind": m.series_kind, "target": m.series_target}),
        status: m.status.clone(),
        rated: m.rated,
        seats: Vec::new(),
        games: Vec::new(),
        leader: None,
        winner: m.winner_seat.map(|w| w as u8),
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
                .map(change_json)
                .collect(),
        });
    }
    let first_to = board.series["kind"] == "first_to";
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
    Ok(Json(serde_json::to_value(board).unwrap_or(Value::Null)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPlayer {
    name: String,
}

/// `POST /api/players` (routed, with the write guard, in `http/mod.rs`).
pub(super) async fn create_player(
    State(state): State<AppState>,
    body: Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let req: NewPlayer =
        serde_json::from_slice(&body).map_err(|e| ApiError::Malformed(e.to_string()))?;
    // The same normalisation as seat names (NFC; no invisible-only names, no bidi controls).
    let name = check_name(Some(req.name), String::new())?;
    if name.is_empty() {
        return Err(ApiError::Invalid(
            "a player name is 1 to 64 characters, with a visible one".into(),
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
        Json(json!({"player_id": id, "player_key": key, "name": name})),
    ))
}

fn seat_json(s: &SeatLine) -> Value {
    json!({"seat": s.seat, "name": s.name, "player_id": s.player_id})
}

async fn history(
    State(state): State<AppState>,
    Path(player_id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let history = sql(&state)?
        .history(&player_id)
        .await
        .map_err(db)?
        .ok_or(ApiError::NotFound)?;
    let matches: Vec<Value> = history
        .matches
        .iter()
        .map(|m| {
            json!({
                "match_id": m.match_id,
                "name": m.name,
                "variant": m.variant,
                "series": {"kind": m.series_kind, "target": m.series_target},
                "status": m.status,
                "seat": m.seat,
                "opponents": m.opponents.iter().map(seat_json).collect::<Vec<_>>(),
                "games": m.games,
                "points": m.points,
                "games_won": m.games_won,
                "winner": m.winner_seat,
                "won": (m.status == "finished").then_some(m.winner_seat == Some(m.seat)),
                "created_at": rfc3339(m.created_ms),
            })
        })
        .collect();
    let (pools, changes) = sql(&state)?.player_ratings(&player_id).await.map_err(db)?;
    let ratings: Vec<Value> = pools
        .iter()
        .map(|r| {
            json!({"pool": r.pool, "rating": r.rating.rating, "deviation": r.rating.deviation,
                   "games": r.games})
        })
        .collect();
    let rating_history: Vec<Value> = changes
        .iter()
        .map(|c| {
            json!({"pool": c.pool, "match_id": c.match_id, "game": c.game,
                   "rating": c.after.0, "deviation": c.after.1, "at": rfc3339(c.at_ms)})
        })
        .collect();
    Ok(Json(json!({
        "player_id": player_id,
        "name": history.name,
        "matches": matches,
        "ratings": ratings,
        "rating_history": rating_history,
    })))
}

#[derive(Deserialize)]
struct LeaderboardQuery {
    variant: Option<String>,
    /// `wins` (series won, then points, then games won: the default) or `rating`.
    by: Option<String>,
    /// With `by=rating` for `modern`: the player count of the pool (2 by default).
    players: Option<u8>,
}

async fn leaderboard(
    State(state): State<AppState>,
    Query(q): Query<LeaderboardQuery>,
) -> Result<Json<Value>, ApiError> {
    let variant = q.variant.unwrap_or_default();
    if !variant.is_empty() && variant.parse::<senet_engine::Variant>().is_err() {
        return Err(ApiError::UnknownVariant(variant));
    }
    if let Some(players) = q.players.filter(|p| !(2..=4).contains(p)) {
        return Err(ApiError::Invalid(format!(
            "players is 2 to 4, not {players}"
        )));
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
        .map(|r| {
            json!({
                "player_id": r.player_id,
                "name": r.name,
                "series_won": r.series_won,
                "points": r.points,
                "games_won": r.games_won,
            })
        })
        .collect();
    Ok(Json(Value::Array(list)))
}

/// `GET /api/leaderboard?by=rating`: one rating pool's best, highest first.
async fn rating_board(
    state: &AppState,
    variant: &str,
    players: u8,
) -> Result<Json<Value>, ApiError> {
    let parsed: senet_engine::Variant = variant
        .parse()
        .map_err(|_| ApiError::Invalid("by=rating needs a variant".into()))?;
    parsed
        .check_players(players)
        .map_err(|e| ApiError::Invalid(e.to_string()))?;
    let pool = senet_store::sql::ratings::pool(variant, players);
    let list = sql(state)?
        .rating_board(&pool)
        .await
        .map_err(db)?
        .iter()
        .map(|r| {
            json!({
                "player_id": r.player_id,
                "name": r.name,
                "rating": r.rating.rating,
                "deviation": r.rating.deviation,
                "games": r.games,
            })
        })
        .collect();
    Ok(Json(Value::Array(list)))
}

/// Adds this module's routes (and the `player_key` fields) to the OpenAPI document.
pub fn document(doc: &mut Value) {
    let error = json!({"$ref": "#/components/schemas/Error"});
    let err =
        |d: &str| json!({"description": d, "content": {"application/json": {"schema": error}}});
    let ok = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "object"}}}});
    let id = json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}});
    let pid =
        json!({"name": "player_id", "in": "path", "required": true, "schema": {"type": "string"}});
    let key = json!({"name": "key", "in": "query", "required": false, "schema": {"type": "string"},
        "description": "a private match's spectator key or one of its seat tokens (or send it as `Authorization: Bearer …`)"});
    let private = "no such match, or a private one read without its spectator key or a seat token";
    let paths = json!({
        "/api/matches/{id}/scoreboard": {"get": {
            "summary": "A match's series scoreboard: points and games won per seat, game by game (with each seat's rating change in a rated match), leader and winner",
            "parameters": [id, key],
            "responses": {"200": ok("{match_id, name, variant, series:{kind,target}, status, rated, seats:[{seat,name,player_id,points,games_won}], games:[{game,winner,reason,points,started_at,ended_at,ratings?:[{seat,pool,before,before_deviation,after,after_deviation,change}]}], leader, winner}"),
                          "404": err(private), "503": err("store unavailable")}}},
        "/api/players": {"post": {
            "summary": "Create a player: the reply's player_key is the only credential (keep it; create and join take it)",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                "required": ["name"], "additionalProperties": false,
                "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 64}}}}}},
            "responses": {"201": ok("{player_id, player_key, name}"), "400": err("malformed"), "422": err("invalid name")}}},
        "/api/players/{player_id}/history": {"get": {
            "summary": "A player's public matches, newest first, with their seat, points, games won and result (private matches are never listed)",
            "parameters": [pid],
            "responses": {"200": ok("{player_id, name, matches:[{match_id,name,variant,series,status,seat,opponents,games,points,games_won,winner,won,created_at}], ratings:[{pool,rating,deviation,games}], rating_history:[{pool,match_id,game,rating,deviation,at}]}"),
                          "404": err("no such player")}}},
        "/api/leaderboard": {"get": {
            "summary": "Registered players ranked by series won, then points, over public matches (optionally for one variant); or with by=rating, one rating pool ranked by Glicko-2 rating",
            "parameters": [{"name": "variant", "in": "query", "required": false, "schema": {"type": "string"}},
                           {"name": "by", "in": "query", "required": false, "schema": {"type": "string", "enum": ["wins", "rating"]}},
                           {"name": "players", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 2, "maximum": 4}}],
            "responses": {"200": {"description": "[{player_id, name, series_won, points, games_won}], or with by=rating [{player_id, name, rating, deviation, games}]",
                "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}},
                "400": err("by is neither wins nor rating"),
                "422": err("unknown variant, or by=rating without a variant or with a player count it does not have")}}}
    });
    if let (Some(dst), Some(src)) = (doc["paths"].as_object_mut(), paths.as_object()) {
        for (k, v) in src {
            dst.insert(k.clone(), v.clone());
        }
    }
    // The lobby's reads of one match take the same secret as the scoreboard.
    for path in ["/api/matches/{id}", "/api/matches/{id}/games/{game}"] {
        let op = &mut doc["paths"][path]["get"];
        if let Some(params) = op["parameters"].as_array_mut() {
            params.push(key.clone());
        }
        op["responses"]["404"] = err(private);
    }
    let player_key = json!({"type": ["string", "null"], "description": "the player's key from POST /api/players (ties the seat to the player)"});
    doc["components"]["schemas"]["CreateMatch"]["properties"]["player_key"] = player_key.clone();
    doc["paths"]["/api/matches/{id}/join"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"]["properties"]["player_key"] = player_key;
}
