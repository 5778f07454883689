//! `GET /api/matches`: the public matches, filtered by status, in the order of their ids or
//! in the lobby's order (`order=lobby`): the games being played or waiting for players,
//! people's games first, best-rated first, games with a computer seat after them. The order
//! is the server's, so that the lobby only draws it.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Query, State};
use serde::Deserialize;

use crate::AppState;
use crate::http::access::db;
use crate::http::contracts::{SummaryBody, string_enum};
use crate::http::{ApiError, ErrorBody};
use senet_protocol::{Status, Summary};

/// The filter and order of `GET /api/matches`.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ListQuery {
    /// Only matches of this status.
    #[param(schema_with = listed_status)]
    status: Option<String>,
    /// `id` (the default: by match id) or `lobby` (no finished or expired match; people's
    /// games first, by their players' mean rating, best first, then by spectators; then
    /// the games with a computer seat, by spectators).
    #[param(schema_with = orders)]
    order: Option<String>,
}

/// The statuses `GET /api/matches` filters by.
const LISTED: [Status; 3] = [Status::Joining, Status::Live, Status::Finished];

fn listed_status() -> utoipa::openapi::Object {
    string_enum(LISTED.map(Status::as_str)).build()
}

fn orders() -> utoipa::openapi::Object {
    string_enum(["id", "lobby"]).build()
}

/// Public matches (with several nodes, every node's).
#[utoipa::path(get, path = "/api/matches", params(ListQuery),
    responses((status = 200, description = "match summaries", body = [SummaryBody]),
        (status = 400, description = "unknown status or order", body = ErrorBody)))]
pub(super) async fn list_matches(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<Summary>>, ApiError> {
    if let Some(st) = q.status.as_deref() {
        if !LISTED.iter().any(|l| l.as_str() == st) {
            return Err(ApiError::Malformed(format!(
                "status is joining, live or finished, not {st:?}"
            )));
        }
    }
    let lobby = match q.order.as_deref() {
        None | Some("id") => false,
        Some("lobby") => true,
        Some(other) => {
            return Err(ApiError::Malformed(format!(
                "order is id or lobby, not {other:?}"
            )));
        }
    };
    let mut list: Vec<_> = state
        .public_summaries()
        .await
        .into_iter()
        .filter(|s| q.status.as_deref().is_none_or(|st| st == s.status.as_str()))
        .collect();
    list.sort_by(|a, b| a.match_id.cmp(&b.match_id));
    if lobby {
        list.retain(|s| matches!(s.status, Status::Joining | Status::Live));
        let ratings = mean_ratings(&state, &list).await?;
        lobby_order(&mut list, &ratings);
    }
    Ok(Json(list))
}

/// Whether a computer plays one of the match's seats.
fn has_bot(s: &Summary) -> bool {
    s.bots.iter().any(Option::is_some)
}

/// The mean rating of each people's match's seated players, in its rating pool (a player
/// without a rating there counts as a newcomer; an open seat counts for nothing). Without
/// a SQL store, none.
async fn mean_ratings(
    state: &AppState,
    list: &[Summary],
) -> Result<HashMap<String, f64>, ApiError> {
    let Some(store) = state.store.sql() else {
        return Ok(HashMap::new());
    };
    let people: Vec<&Summary> = list.iter().filter(|s| !has_bot(s)).collect();
    let ids: Vec<&str> = people.iter().map(|s| s.match_id.as_str()).collect();
    let rows = store.seated_ratings(&ids).await.map_err(db)?;
    let newcomer = senet_match::glicko::Rating::default().rating;
    let mut by_match: HashMap<&str, Vec<f64>> = HashMap::new();
    for s in &people {
        let pool = senet_store::sql::ratings::pool(s.variant.id(), s.players);
        let rated: Vec<f64> = rows
            .iter()
            .filter(|(m, p, _)| *m == s.match_id && *p == pool)
            .map(|(_, _, r)| *r)
            .collect();
        let seated = s.names.iter().filter(|n| n.is_some()).count();
        let mut all = rated;
        all.resize(seated.max(all.len()), newcomer);
        by_match.insert(s.match_id.as_str(), all);
    }
    Ok(by_match
        .into_iter()
        .filter(|(_, r)| !r.is_empty())
        .map(|(id, r)| (id.to_owned(), r.iter().sum::<f64>() / r.len() as f64))
        .collect())
}

/// The lobby's order: people's games first, the best-rated first (then the most watched,
/// then by id); then the games with a computer seat, the most watched first.
fn lobby_order(list: &mut [Summary], ratings: &HashMap<String, f64>) {
    let rating = |s: &Summary| ratings.get(&s.match_id).copied().unwrap_or(0.0);
    list.sort_by(|a, b| {
        has_bot(a)
            .cmp(&has_bot(b))
            .then_with(|| rating(b).total_cmp(&rating(a)))
            .then_with(|| b.spectators.cmp(&a.spectators))
            .then_with(|| a.match_id.cmp(&b.match_id))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_protocol::Series;

    fn summary(id: &str, bots: Vec<Option<String>>, spectators: u32) -> Summary {
        Summary {
            match_id: id.into(),
            name: id.into(),
            variant: senet_engine::Variant::Kendall,
            players: 2,
            public: true,
            rated: false,
            series: Series::default(),
            status: Status::Live,
            names: vec![Some("a".into()), Some("b".into())],
            game: 1,
            score: vec![0, 0],
            wins: vec![0, 0],
            spectators,
            clock: None,
            bots,
        }
    }

    #[test]
    fn people_first_best_rated_first_and_computer_games_last() {
        let mut list = vec![
            summary("bot-watched", vec![None, Some("hard".into())], 50),
            summary("low", vec![], 0),
            summary("high", vec![], 0),
            summary("unrated-watched", vec![], 9),
        ];
        let ratings: HashMap<String, f64> = [("low", 1400.0), ("high", 1700.0)]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .chain([("unrated-watched".to_owned(), 1500.0)])
            .collect();
        lobby_order(&mut list, &ratings);
        let ids: Vec<&str> = list.iter().map(|s| s.match_id.as_str()).collect();
        assert_eq!(ids, ["high", "unrated-watched", "low", "bot-watched"]);
    }
}
