//! `GET /api/matches/{id}/games/{game}/chances`: a finished game's win chances, one point
//! per event, per table seat (the players' chart after the game, and the replay page's bar).
//!
//! Read like the game's record (the same route underneath, so the same access rules: a
//! private match's needs its spectator key or a seat token); a game that is not over gets
//! 409 `game_live`, so a player cannot read the chances of their live game. The cost is
//! bounded twice: the evaluation of every event runs on a blocking thread holding a permit
//! of the record-check pool (`--verify-workers`, shared with `POST /api/verify`), and the
//! last [`CACHED`] answers are kept (a finished game never changes), so a page reloaded or
//! watched by many replays costs one evaluation.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use super::access::ReadKey;
use super::contracts::GameChancesBody;
use super::{ApiError, ErrorBody};
use crate::AppState;
use senet_match::win_chances::{ChancesError, GameChances, game_chances};

/// How many games' answers are kept.
pub const CACHED: usize = 256;

/// How long a request waits for a permit of the pool before it gets 503 `busy`.
const QUEUE: Duration = Duration::from_secs(10);

/// The route (listed in [`crate::http::ROUTES`]), merged into the main router.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/matches/{id}/games/{game}/chances", get(chances))
}

/// (match id, game number, game id) → the answer; the oldest first.
type Cache = Mutex<VecDeque<((String, u32, String), Arc<GameChances>)>>;

fn cache() -> &'static Cache {
    static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(VecDeque::with_capacity(CACHED)))
}

fn cached(key: &(String, u32, String)) -> Option<Arc<GameChances>> {
    let cache = cache()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    cache.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
}

fn keep(key: (String, u32, String), value: Arc<GameChances>) {
    let mut cache = cache()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if cache.iter().any(|(k, _)| *k == key) {
        return;
    }
    if cache.len() >= CACHED {
        cache.pop_front();
    }
    cache.push_back((key, value));
}

fn live() -> Response {
    super::error::refusal(
        StatusCode::CONFLICT,
        "game_live",
        "the game is not over: its chances are shown to spectators only until it ends".into(),
    )
}

/// A finished game's win chances from the bots' evaluation, one point per event, per table
/// seat (docs/bots.md).
#[utoipa::path(get, path = "/api/matches/{id}/games/{game}/chances",
    params(("id" = String, Path, description = "the match id"),
        ("game" = u32, Path, description = "the game of the series, from 1"),
        super::access::KeyQuery),
    responses((status = 200, description = "the chances after every event of the game", body = GameChancesBody),
        (status = 404, description = "no such game, or a private match read without its spectator key or a seat token", body = ErrorBody),
        (status = 409, description = "game_live: the game is not over", body = ErrorBody),
        (status = 503, description = "busy: too many games being evaluated (Retry-After)", body = ErrorBody)))]
pub(super) async fn chances(
    State(state): State<AppState>,
    Path((id, game)): Path<(String, String)>,
    key: ReadKey,
) -> Result<Json<GameChances>, Response> {
    // The record route answers 404 for a missing game and for a private match without its
    // key, before anything else.
    let Json(record) = super::lobby::game_record(State(state.clone()), Path((id, game)), key)
        .await
        .map_err(IntoResponse::into_response)?;
    if !senet_match::win_chances::is_over(&record) {
        return Err(live());
    }
    let cache_key = (record.match_id.clone(), record.game, record.game_id.clone());
    if let Some(hit) = cached(&cache_key) {
        return Ok(Json((*hit).clone()));
    }
    let permit = tokio::time::timeout(QUEUE, state.limits.verifiers().acquire_owned())
        .await
        .map_err(|_| {
            let mut res = super::error::refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "too many games are being evaluated; try again shortly".into(),
            );
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, 5.into());
            res
        })?
        .map_err(|_| ApiError::Internal("the evaluation pool is closed".into()).into_response())?;
    let computed = tokio::task::spawn_blocking(move || {
        let answer = game_chances(&record);
        drop(permit);
        answer
    })
    .await
    .map_err(|e| ApiError::Internal(format!("the evaluation failed: {e}")).into_response())?;
    match computed {
        Ok(answer) => {
            let answer = Arc::new(answer);
            keep(cache_key, answer.clone());
            Ok(Json((*answer).clone()))
        }
        Err(ChancesError::Live) => Err(live()),
        Err(ChancesError::Replay(e)) => {
            Err(ApiError::Internal(format!("a stored game does not replay: {e}")).into_response())
        }
    }
}
