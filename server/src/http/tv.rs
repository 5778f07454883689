//! `GET /api/tv`: the match the front page shows ([`crate::tv`]).

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::ApiError;
use crate::AppState;
use crate::tv::{TvError, most_watched};

pub(super) async fn channel(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let list = state.public_summaries().await;
    if let Some(s) = most_watched(&list) {
        return Ok(Json(
            json!({"match_id": s.match_id, "source": "most_watched",
            "variant": s.variant, "names": s.names}),
        ));
    }
    let id = state.tv.bots_match(&state).await.map_err(|e| match e {
        TvError::Full => ApiError::TooManyMatches,
        TvError::Store(_) => ApiError::Unavailable,
    })?;
    let summary = state.registry.get(&id).map(|h| h.summary.borrow().clone());
    Ok(Json(json!({"match_id": id, "source": "bots",
        "variant": summary.as_ref().map(|s| s.variant), "names": summary.map(|s| s.names)})))
}

/// Adds `GET /api/tv` to the OpenAPI document.
pub(super) fn document(doc: &mut Value) {
    let error = json!({"$ref": "#/components/schemas/Error"});
    doc["paths"]["/api/tv"] = json!({"get": {
        "summary": "Senet TV: the live public match with the most spectators, or else the server's own bot-versus-bot match",
        "responses": {"200": {"description": "the match to show",
            "content": {"application/json": {"schema": {"type": "object", "required": ["match_id", "source"],
                "properties": {"match_id": {"type": "string"},
                    "source": {"type": "string", "enum": ["most_watched", "bots"]},
                    "variant": {"type": "string"},
                    "names": {"type": "array", "items": {"type": ["string", "null"]}}}}}}},
            "503": {"description": "the bot match could not be made",
                "content": {"application/json": {"schema": error}}}}}});
}
