//! `GET /api/matches/{id}/chat`: a match's stored chat, for the replay page and anyone
//! reading a match. The spectators' room always; the players' room too once the match is
//! over (while it is live, only its seats see that room). Read like the match's other
//! records: a private match's needs its spectator key or a seat token.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use serde_json::{Value, json};

use super::ApiError;
use super::access::{ReadKey, authorize, stored_summary};
use crate::AppState;
use senet_protocol::{ChatLine, Room};

/// The chat route (listed in [`crate::http::ROUTES`]), merged into the main router.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/matches/{id}/chat", get(chat))
}

/// The answer.
#[derive(Serialize)]
struct Messages {
    messages: Vec<ChatLine>,
}

async fn chat(
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

/// Adds this module's route to the OpenAPI document.
pub fn document(doc: &mut Value) {
    let error = json!({"$ref": "#/components/schemas/Error"});
    let err =
        |d: &str| json!({"description": d, "content": {"application/json": {"schema": error}}});
    let line = json!({"type": "object", "required": ["room", "id", "seat", "name", "text", "at"],
        "properties": {
            "room": {"type": "string", "enum": ["players", "spectators"]},
            "id": {"type": "integer", "minimum": 1},
            "seat": {"type": ["integer", "null"], "minimum": 1, "maximum": 4},
            "name": {"type": "string"},
            "text": {"type": "string", "maxLength": 300},
            "at": {"type": "string", "format": "date-time"}}});
    let path = json!({"get": {
        "summary": "A match's chat, oldest first: the spectators' room, and the players' room too once the match is over",
        "parameters": [
            {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
            {"name": "key", "in": "query", "required": false, "schema": {"type": "string"},
             "description": "a private match's spectator key or one of its seat tokens (or send it as `Authorization: Bearer …`)"}],
        "responses": {
            "200": {"description": "the messages",
                "content": {"application/json": {"schema": {"type": "object", "required": ["messages"],
                    "properties": {"messages": {"type": "array", "items": line}}}}}},
            "404": err("no such match, or a private one read without its spectator key or a seat token"),
            "503": err("store unavailable")}}});
    if let Some(paths) = doc["paths"].as_object_mut() {
        paths.insert("/api/matches/{id}/chat".into(), path);
    }
}
