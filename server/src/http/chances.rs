//! `GET /api/matches/{id}/games/{game}/chances`: a finished game's win chances, one point
//! per event, per table seat (the players' chart after the game, and the replay page's bar).
//!
//! Read like the game's record, withheld while the game is live, evaluated on the
//! record-check pool and kept: see [`super::finished`].

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;

use super::ErrorBody;
use super::access::ReadKey;
use super::contracts::GameChancesBody;
use super::finished::{self, Answers};
use crate::AppState;
use senet_match::win_chances::{ChancesError, GameChances, game_chances};

/// The route (listed in [`crate::http::ROUTES`]), merged into the main router.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/matches/{id}/games/{game}/chances", get(chances))
}

static ANSWERS: Answers<GameChances> = Answers::new();

fn live() -> Response {
    finished::live("its chances are shown to spectators only until it ends")
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
    let record = finished::record(&state, id, game, key, live).await?;
    let answer = finished::compute(&state, record, &ANSWERS, live, |record| match game_chances(
        record,
    ) {
        Ok(c) => Ok(Some(c)),
        Err(ChancesError::Live) => Ok(None),
        Err(ChancesError::Replay(e)) => Err(e),
    })
    .await?;
    Ok(Json((*answer).clone()))
}
