//! `GET /api/matches/{id}/games/{game}/review`: a finished game's review, every decision
//! rated by what it cost in chances of winning and every throw's luck, per table seat
//! (`docs/review.md`).
//!
//! Read like the game's record, withheld while the game is live, computed on the
//! record-check pool ([`super::finished`]). Made once: the durable store keeps it
//! (`game_reviews`) for every node and restart, and the last 256 stay in memory.

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;

use super::ErrorBody;
use super::access::ReadKey;
use super::contracts::GameReviewBody;
use super::finished::{self, Answers};
use crate::AppState;
use senet_match::game_review::{GameReview, REVIEW_BUDGET, ReviewError, review_game};

/// The route (listed in [`crate::http::ROUTES`]), merged into the main router.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/matches/{id}/games/{game}/review", get(review))
}

static ANSWERS: Answers<GameReview> = Answers::new();

fn live() -> Response {
    finished::live("a game is reviewed only after it ends")
}

/// A finished game's review: for every decision each legal move's chance and the cost of
/// the move played, for every throw its luck, and each seat's totals (docs/review.md).
#[utoipa::path(get, path = "/api/matches/{id}/games/{game}/review",
    params(("id" = String, Path, description = "the match id"),
        ("game" = u32, Path, description = "the game of the series, from 1"),
        super::access::KeyQuery),
    responses((status = 200, description = "the game's review", body = GameReviewBody),
        (status = 404, description = "no such game, or a private match read without its spectator key or a seat token", body = ErrorBody),
        (status = 409, description = "game_live: the game is not over", body = ErrorBody),
        (status = 503, description = "busy: too many games being evaluated (Retry-After)", body = ErrorBody)))]
pub(super) async fn review(
    State(state): State<AppState>,
    Path((id, game)): Path<(String, String)>,
    key: ReadKey,
) -> Result<Json<GameReview>, Response> {
    let record = finished::record(&state, id, game, key, live).await?;
    let budget = REVIEW_BUDGET.nodes;
    let sql = state.store.sql();
    // Made before, on any node: the store has it.
    if let Some(sql) = sql {
        match sql
            .review(&record.match_id, record.game, &record.game_id, budget)
            .await
        {
            Ok(Some(body)) => match serde_json::from_str::<GameReview>(&body) {
                Ok(kept) => return Ok(Json(kept)),
                Err(e) => tracing::warn!(error = %e, "a kept review does not read; made again"),
            },
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "kept reviews cannot be read; made again"),
        }
    }
    let (match_id, game_no, game_id) =
        (record.match_id.clone(), record.game, record.game_id.clone());
    let answer = finished::compute(&state, record, &ANSWERS, live, |record| {
        match review_game(record, REVIEW_BUDGET) {
            Ok(r) => Ok(Some(r)),
            Err(ReviewError::Live) => Ok(None),
            Err(ReviewError::Replay(e)) => Err(e),
        }
    })
    .await?;
    // Kept for every node and every restart; a review that cannot be kept is still given.
    if let Some(sql) = sql {
        let kept = match serde_json::to_string(&*answer) {
            Ok(body) => {
                sql.keep_review(&match_id, game_no, &game_id, budget, &body)
                    .await
            }
            Err(e) => Err(senet_store::StoreError::Refused(e.to_string())),
        };
        if let Err(e) = kept {
            tracing::warn!(error = %e, "a review could not be kept");
        }
    }
    Ok(Json((*answer).clone()))
}
