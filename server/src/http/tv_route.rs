//! `GET /api/tv`: the match the front page shows ([`crate::tv`]).

use axum::Json;
use axum::extract::State;
use schemars::JsonSchema;
use senet_engine::Variant;
use serde::Serialize;

use super::contracts::bodies;
use super::{ApiError, ErrorBody};
use crate::app_state::AppState;
use crate::tv::{TvError, most_watched};

/// Where the match `GET /api/tv` names comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The live public match with the most spectators.
    MostWatched,
    /// The server's own bot match.
    Bots,
}

/// The answer of `GET /api/tv`: the match to show.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Channel {
    /// The match.
    pub match_id: String,
    /// Why this one.
    pub source: Source,
    /// Its variant (null only if the bot match left memory meanwhile).
    pub variant: Option<Variant>,
    /// Its seats' names (null as `variant`).
    pub names: Option<Vec<Option<String>>>,
}

bodies!(writes: Channel);

/// Senet TV: the live public match with the most spectators, or else the server's own
/// bot-versus-bot match.
#[utoipa::path(get, path = "/api/tv",
    responses((status = 200, description = "the match to show", body = Channel),
        (status = 503, description = "the bot match could not be made", body = ErrorBody)))]
pub(crate) async fn channel(State(state): State<AppState>) -> Result<Json<Channel>, ApiError> {
    let list = state.public_summaries().await;
    if let Some(s) = most_watched(&list) {
        return Ok(Json(Channel {
            match_id: s.match_id.clone(),
            source: Source::MostWatched,
            variant: Some(s.variant),
            names: Some(s.names.clone()),
        }));
    }
    let id = state
        .tv
        .bots_match(
            &state.registry,
            state.config.max_open_matches,
            state.store.clone(),
            state.live.clone(),
        )
        .await
        .map_err(|e| match e {
            TvError::Full => ApiError::TooManyMatches,
            TvError::Store(_) => ApiError::Unavailable,
        })?;
    let summary = state.registry.get(&id).map(|h| h.summary.borrow().clone());
    Ok(Json(Channel {
        match_id: id,
        source: Source::Bots,
        variant: summary.as_ref().map(|s| s.variant),
        names: summary.map(|s| s.names),
    }))
}
