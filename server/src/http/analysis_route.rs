//! `POST /api/analysis`: the analysis board's one request. A position in its variant's
//! notation, at most one throw or move applied to it, and what the result offers: every
//! throw that can come, or every legal move with the mover's chance after it
//! (`senet_match::analysis`, `docs/review.md`). Stateless and apart from every live match:
//! the page keeps the line it explores.
//!
//! Bounded like the record checks: a per-address allowance (`--analysis-per-min`), then a
//! permit of the record checkers' pool ([`super::pool`]), the search on a blocking thread.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::contracts::{AnalysisBody, AnalysisRequestBody};
use super::inputs::{ClientIp, parse};
use super::{ApiError, ErrorBody, error};
use crate::AppState;
use senet_match::analysis::{Analysis, AnalysisRequest, analyse};
use senet_match::game_review::REVIEW_BUDGET;

/// A position analysed: its throws, or its legal moves with their chances (docs/review.md).
#[utoipa::path(post, path = "/api/analysis",
    request_body(content = AnalysisRequestBody, description = "a variant, a position in its notation (absent: the start), and at most one of a throw's faces or a move"),
    responses((status = 200, description = "the position after the step, analysed", body = AnalysisBody),
        (status = 400, description = "malformed, bad_position, illegal_throw or illegal_move", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 429, description = "rate limited (Retry-After)", body = ErrorBody),
        (status = 503, description = "busy: too many positions being analysed", body = ErrorBody)))]
pub(super) async fn analysis(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<Json<Analysis>, Response> {
    let request: AnalysisRequest = parse(&body).map_err(IntoResponse::into_response)?;
    state
        .limits
        .analysis(ip)
        .map_err(|wait| ApiError::RateLimited(wait).into_response())?;
    let analysed = super::pool::run(&state, "positions being analysed", move || {
        analyse(&request, REVIEW_BUDGET)
    })
    .await?;
    analysed
        .map(Json)
        .map_err(|e| error::refusal_because(StatusCode::BAD_REQUEST, e.code, e.detail))
}
