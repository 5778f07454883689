//! `GET /api/matches/{id}/games/{game}/review`: a finished game's review, every decision
//! rated by what it cost in chances of winning and every throw's luck, per table seat
//! (`docs/review.md`).
//!
//! Read like the game's record, withheld while the game is live. Made once: the durable
//! store keeps it (`game_reviews`) for every node and restart, and the last 256 stay in
//! memory. A review not made yet is put in line ([`crate::reviews`]) and the request is
//! answered at once with 202 and its place, or its progress once it runs; the page asks
//! again until it gets the review.

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::access::ReadKey;
use super::contracts::{GameReviewBody, bodies};
use super::finished::{self, Answers, Key};
use super::inputs::ClientIp;
use super::{ApiError, ErrorBody, error};
use crate::AppState;
use crate::reviews::{Job, Place, Refused};
use senet_match::game_review::{GameReview, REVIEW_BUDGET, ReviewError, review_game_with_progress};

/// The route (listed in [`crate::http::ROUTES`]), merged into the main router.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/matches/{id}/games/{game}/review", get(review))
}

static ANSWERS: Answers<GameReview> = Answers::new();

fn live() -> Response {
    finished::live("a game is reviewed only after it ends")
}

bodies!(writes: Place);

fn pending(place: Place) -> Response {
    (
        StatusCode::ACCEPTED,
        [(header::RETRY_AFTER, "1")],
        Json(place),
    )
        .into_response()
}

/// A finished game's review: for every decision each legal move's chance and the cost of
/// the move played, for every throw its luck, and each seat's totals (docs/review.md). Not
/// made yet, it is put in line and the answer is 202 with its place or progress: ask again.
#[utoipa::path(get, path = "/api/matches/{id}/games/{game}/review",
    params(("id" = String, Path, description = "the match id"),
        ("game" = u32, Path, description = "the game of the series, from 1"),
        super::access::KeyQuery),
    responses((status = 200, description = "the game's review", body = GameReviewBody),
        (status = 202, description = "the review is in line or being made: its place or progress (Retry-After); ask again", body = Place),
        (status = 404, description = "no such game, or a private match read without its spectator key or a seat token", body = ErrorBody),
        (status = 409, description = "game_live: the game is not over", body = ErrorBody),
        (status = 429, description = "too_many_reviews: this address has as many reviews in line as it may (Retry-After)", body = ErrorBody),
        (status = 500, description = "the game's record does not replay", body = ErrorBody),
        (status = 503, description = "busy: the line of reviews is full (Retry-After)", body = ErrorBody)))]
pub(super) async fn review(
    State(state): State<AppState>,
    Path((id, game)): Path<(String, String)>,
    ClientIp(ip): ClientIp,
    key: ReadKey,
) -> Result<Response, Response> {
    let record = finished::record(&state, id, game, key, live).await?;
    let game_key: Key = (record.match_id.clone(), record.game, record.game_id.clone());
    // Made before, on any node: the store has it, and it is what is served.
    if let Some(kept) = kept(&state, &game_key).await {
        return Ok(Json(&kept).into_response());
    }
    // Made here, and not kept (a store that did not answer, or none).
    if let Some(hit) = ANSWERS.get(&game_key) {
        return Ok(Json(&*hit).into_response());
    }
    match state.reviews.status(&game_key) {
        Some(Ok(place)) => return Ok(pending(place)),
        Some(Err(why)) => {
            return Err(
                ApiError::Internal(format!("a stored game does not replay: {why}")).into_response(),
            );
        }
        None => {}
    }
    let job = Job {
        key: game_key,
        record,
        ip,
    };
    let requested = state
        .reviews
        .request(job)
        .map_err(|refused| match refused {
            Refused::Full => super::pool::busy_response("too many games waiting to be reviewed"),
            Refused::TooManyFromAddress => {
                let mut res = error::refusal(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_reviews",
                    "this address has as many reviews in line as it may; wait for one to end"
                        .into(),
                );
                res.headers_mut().insert(header::RETRY_AFTER, 5.into());
                res
            }
        })?;
    if requested.start_worker {
        tokio::spawn(make_reviews(state.clone()));
    }
    Ok(pending(requested.place))
}

/// The review of `game` kept in the durable store, if any (one that does not read is made
/// again).
async fn kept(state: &AppState, (match_id, game, game_id): &Key) -> Option<GameReview> {
    let sql = state.store.sql()?;
    match sql
        .review(match_id, *game, game_id, REVIEW_BUDGET.nodes)
        .await
    {
        Ok(Some(body)) => match serde_json::from_str::<GameReview>(&body) {
            Ok(kept) => Some(kept),
            Err(e) => {
                tracing::warn!(error = %e, "a kept review does not read; made again");
                None
            }
        },
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(error = %e, "kept reviews cannot be read; made again");
            None
        }
    }
}

/// A worker of the line: makes reviews, first in first made, until the line is empty. Each
/// is kept in the store and in memory before it leaves the line, so a request never finds
/// it in neither.
async fn make_reviews(state: AppState) {
    while let Some((job, progress)) = state.reviews.next() {
        let Job { key, record, .. } = job;
        if ANSWERS.get(&key).is_some() {
            state.reviews.finish(&key, None);
            continue;
        }
        let made = super::pool::run_in_turn(&state, move || {
            review_game_with_progress(&record, REVIEW_BUDGET, |done, of| {
                progress.set(done, of);
            })
        })
        .await;
        let failed = match made {
            Ok(Ok(review)) => {
                keep(&state, &key, &review).await;
                ANSWERS.keep(key.clone(), review.into());
                None
            }
            Ok(Err(ReviewError::Live)) => Some("the game is not over".to_owned()),
            Ok(Err(ReviewError::Replay(e))) => Some(e),
            Err(e) => Some(e.to_string()),
        };
        if let Some(why) = &failed {
            tracing::error!(match_id = %key.0, game = key.1, why, "a review failed");
        }
        state.reviews.finish(&key, failed);
    }
}

/// Keeps `review` in the durable store for every node and restart; a review that cannot be
/// kept is still served from memory.
async fn keep(state: &AppState, (match_id, game, game_id): &Key, review: &GameReview) {
    let Some(sql) = state.store.sql() else { return };
    let kept = match serde_json::to_string(review) {
        Ok(body) => {
            sql.keep_review(match_id, *game, game_id, REVIEW_BUDGET.nodes, &body)
                .await
        }
        Err(e) => Err(senet_store::StoreError::Refused(e.to_string())),
    };
    if let Err(e) = kept {
        tracing::warn!(error = %e, "a review could not be kept");
    }
}
