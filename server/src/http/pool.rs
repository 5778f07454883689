//! The record checkers' pool (`--verify-workers` permits): every request whose work is a
//! search or a replay (`POST /api/verify`, `POST /api/analysis`, a finished game's chances
//! and review) runs on a blocking thread holding a permit, so the async workers keep serving
//! and at most that many run at once. A request waits up to [`QUEUE`] for a permit, then
//! gets 503 `busy` with `Retry-After`; a review waits in its own line ([`crate::reviews`])
//! and then for a permit, however long.

use std::time::Duration;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::{ApiError, error};
use crate::AppState;

/// How long a request waits for a permit before it gets 503 `busy`.
pub const QUEUE: Duration = Duration::from_secs(10);

/// Runs `work` on a blocking thread holding a permit of the pool; `busy` says, in the 503's
/// message, what there is too much of ("records being checked").
///
/// # Errors
/// 503 `busy` after [`QUEUE`]; 500 if the pool is closed or `work` panicked.
pub async fn run<T: Send + 'static>(
    state: &AppState,
    busy: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let permit = tokio::time::timeout(QUEUE, state.limits.verifiers().acquire_owned())
        .await
        .map_err(|_| busy_response(&format!("too many {busy}; try again shortly")))?
        .map_err(|_| closed().into_response())?;
    on_blocking_thread(permit, work)
        .await
        .map_err(IntoResponse::into_response)
}

/// As [`run`], waiting for a permit however long it takes: for work that has its own line
/// (the reviews' queue, `crate::reviews`).
///
/// # Errors
/// When the pool is closed or `work` panicked.
pub async fn run_in_turn<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state
        .limits
        .verifiers()
        .acquire_owned()
        .await
        .map_err(|_| closed())?;
    on_blocking_thread(permit, work).await
}

/// 503 `busy` saying `message`, with `Retry-After`.
pub fn busy_response(message: &str) -> Response {
    let mut res = error::refusal(StatusCode::SERVICE_UNAVAILABLE, "busy", message.to_owned());
    res.headers_mut()
        .insert(axum::http::header::RETRY_AFTER, 5.into());
    res
}

fn closed() -> ApiError {
    ApiError::Internal("the checkers' pool is closed".into())
}

async fn on_blocking_thread<T: Send + 'static>(
    permit: tokio::sync::OwnedSemaphorePermit,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(move || {
        let done = work();
        drop(permit);
        done
    })
    .await
    .map_err(|e| ApiError::Internal(format!("the work failed: {e}")))
}
