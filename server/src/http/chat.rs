//! `GET /api/matches/{id}/chat`: a match's stored chat, for the replay page and anyone
//! reading a match. The spectators' room always; the players' room too once the match is
//! over (while it is live, only its seats see that room). Read like the match's other
//! records: a private match's needs its spectator key or a seat token.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::access::{ReadKey, authorize, stored_summary};
use super::contracts::bodies;
use super::{ApiError, ErrorBody};
use crate::AppState;
use senet_protocol::{ChatLine, Room};

/// The chat route (listed in [`crate::http::ROUTES`]), merged into the main router.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/matches/{id}/chat", get(chat))
}

/// The answer.
#[derive(Serialize, schemars::JsonSchema)]
pub(super) struct Messages {
    /// The messages, oldest first.
    messages: Vec<ChatLine>,
}

bodies!(writes: Messages);

/// A match's chat, oldest first: the spectators' room, and the players' room too once the
/// match is over.
#[utoipa::path(get, path = "/api/matches/{id}/chat",
    params(("id" = String, Path, description = "the match id"), super::access::KeyQuery),
    responses((status = 200, description = "the messages", body = Messages),
        (status = 404, description = super::lobby::PRIVATE, body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(super) async fn chat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    key: ReadKey,
) -> Result<Json<Messages>, ApiError> {
    let status = match state.registry.get(&id) {
        Some(handle) => {
            authorize(&state, &id, Some(&handle), &key).await?;
            handle.summary.borrow().status
        }
        None => stored_summary(&state, &id, &key).await?.status,
    };
    let over = status == senet_protocol::Status::Finished;
    let mut messages = state.store.chat(&id).await.map_err(|e| {
        tracing::error!(match_id = %id, error = %e, "chat not read");
        ApiError::Unavailable
    })?;
    messages.retain(|m| over || m.room == Room::Spectators);
    Ok(Json(Messages { messages }))
}
