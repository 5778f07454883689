//! What the routes that evaluate a finished game share (`…/chances`, `…/review`): the
//! game's record read under the record's own access rules, 409 `game_live` for a game that
//! is not over, the work on the record checkers' pool ([`super::pool`]), and the last
//! [`CACHED`] answers of each route kept (a finished game never
//! changes), so a page reloaded or opened by many costs one evaluation.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::access::ReadKey;
use super::{ApiError, error};
use crate::AppState;
use senet_match::record::GameRecord;

/// How many games' answers each route keeps.
pub const CACHED: usize = 256;

/// (match id, game number, game id): a finished game.
pub type Key = crate::reviews::GameKey;

/// The last answers of one route, the oldest first.
pub struct Answers<T>(Mutex<VecDeque<(Key, Arc<T>)>>);

impl<T> Answers<T> {
    /// No answer kept yet.
    pub const fn new() -> Answers<T> {
        Answers(Mutex::new(VecDeque::new()))
    }

    /// The answer kept for `key`.
    pub fn get(&self, key: &Key) -> Option<Arc<T>> {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }

    /// Keeps `value` as the answer for `key`, the oldest answer making room.
    pub fn keep(&self, key: Key, value: Arc<T>) {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.iter().any(|(k, _)| *k == key) {
            return;
        }
        if kept.len() >= CACHED {
            kept.pop_front();
        }
        kept.push_back((key, value));
    }
}

/// 409 `game_live`, saying what is withheld until the game ends.
pub fn live(what: &str) -> Response {
    error::refusal(
        StatusCode::CONFLICT,
        "game_live",
        format!("the game is not over: {what}"),
    )
}

/// Game `game` of match `id`, read as its record route would (404 for a missing game and
/// for a private match without its key), once it is over (else `live()`).
pub async fn record(
    state: &AppState,
    id: String,
    game: String,
    key: ReadKey,
    live: fn() -> Response,
) -> Result<GameRecord, Response> {
    let axum::Json(record) = super::lobby::game_record(State(state.clone()), Path((id, game)), key)
        .await
        .map_err(IntoResponse::into_response)?;
    if senet_match::win_chances::is_over(&record) {
        Ok(record)
    } else {
        Err(live())
    }
}

/// The answer for a finished game's `record`: from `answers`, or `evaluate`d on the pool and
/// kept there. `evaluate` gives `None` when the game is not over (answered with `live`), or
/// the answer, or a replay error (a bug: 500).
pub async fn compute<T: Send + Sync + 'static>(
    state: &AppState,
    record: GameRecord,
    answers: &'static Answers<T>,
    live: fn() -> Response,
    evaluate: fn(&GameRecord) -> Result<Option<T>, String>,
) -> Result<Arc<T>, Response> {
    let cache_key = (record.match_id.clone(), record.game, record.game_id.clone());
    if let Some(hit) = answers.get(&cache_key) {
        return Ok(hit);
    }
    let computed =
        super::pool::run(state, "games being evaluated", move || evaluate(&record)).await?;
    match computed {
        Ok(Some(answer)) => {
            let answer = Arc::new(answer);
            answers.keep(cache_key, answer.clone());
            Ok(answer)
        }
        Ok(None) => Err(live()),
        Err(e) => {
            Err(ApiError::Internal(format!("a stored game does not replay: {e}")).into_response())
        }
    }
}
