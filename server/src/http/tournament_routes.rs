//! Tournaments over REST (`docs/tournaments.md`): the list, creating one, a tournament's
//! page (long-polled with `?after=`), joining and leaving. The director
//! (`crate::tournaments`) does the pairing; these only read and write rows.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use senet_protocol::time::now_ms;
use senet_protocol::{ClockSpec, Detail, Reason, text::check_name};
use senet_store::SqlStore;
use senet_store::sql::tournament_rows::NewTournament;
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::http::error::refusal;
use crate::http::inputs::parse;
use crate::http::signed_in::{MaybeSignedIn, SignedIn};
use crate::http::{ApiError, ErrorBody};
use std::sync::Arc;

use crate::tournaments::{Cached, TournamentLine, TournamentView, line_of, me_of, view_of};

/// The longest a `GET /api/tournaments/{id}?after=` waits for news.
const LONG_POLL: std::time::Duration = std::time::Duration::from_secs(20);

/// How many finished tournaments the list shows.
const FINISHED_LISTED: i64 = 10;

/// The body of `POST /api/tournaments`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewTournamentRequest {
    /// `arena` (a time, players paired again as soon as their game ends) or `swiss` (a
    /// number of rounds).
    kind: String,
    /// Its name (default: the variant's and the kind's).
    #[serde(default)]
    #[schemars(length(max = 64))]
    name: Option<String>,
    /// The variant (one with two-player games).
    #[schemars(with = "senet_engine::Variant")]
    variant: String,
    /// Every game's clock: a Fischer clock.
    #[serde(deserialize_with = "crate::http::inputs::object")]
    clock: ClockSpec,
    /// Games change the players' ratings.
    #[serde(default)]
    rated: bool,
    /// Seconds from now to its start (0 to a week).
    #[serde(default)]
    #[schemars(range(min = 0, max = 604800))]
    starts_in_secs: u32,
    /// Arena: how long it lasts, in minutes (1 to 720).
    #[serde(default)]
    #[schemars(range(min = 1, max = 720))]
    duration_mins: Option<u32>,
    /// Swiss: how many rounds (1 to 20).
    #[serde(default)]
    #[schemars(range(min = 1, max = 20))]
    rounds: Option<u32>,
    /// Swiss: the least time from one round's start to the next's, in seconds (default: a
    /// round starts as soon as the previous one finished).
    #[serde(default)]
    #[schemars(range(min = 0, max = 86400))]
    round_gap_secs: Option<u32>,
}

/// `GET /api/tournaments`' answer.
#[derive(Serialize, JsonSchema)]
pub(crate) struct TournamentList {
    /// The server's clock (Unix ms), for the countdowns.
    now_ms: i64,
    /// Those to come and being played (soonest first), then the latest finished.
    tournaments: Vec<TournamentLine>,
}

/// `?after=`: the version the page has.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct After {
    /// Answer once the tournament's version differs from this one (or after 20 s).
    after: Option<i64>,
}

super::contracts::bodies!(writes: TournamentList, TournamentView; reads: NewTournamentRequest);

fn sql(state: &AppState) -> Result<&SqlStore, ApiError> {
    state.store.sql().ok_or(ApiError::Unavailable)
}

/// Tournaments to come, being played, and the latest finished.
#[utoipa::path(get, path = "/api/tournaments",
    responses((status = 200, description = "tournaments", body = TournamentList),
        (status = 503, description = "the store failed", body = ErrorBody)))]
pub(crate) async fn list(State(state): State<AppState>) -> Result<Json<TournamentList>, ApiError> {
    let rows = sql(&state)?
        .tournaments(FINISHED_LISTED)
        .await
        .map_err(|_| ApiError::Unavailable)?;
    Ok(Json(TournamentList {
        now_ms: now_ms(),
        tournaments: rows.iter().map(line_of).collect(),
    }))
}

/// Create a tournament (signed in). Its creator is not a player until they join it.
#[utoipa::path(post, path = "/api/tournaments", request_body = NewTournamentRequest,
    responses((status = 201, description = "created", body = TournamentView),
        (status = 400, description = "malformed body", body = ErrorBody),
        (status = 401, description = "not signed in (`signed_out`)", body = ErrorBody),
        (status = 422, description = "invalid request", body = ErrorBody),
        (status = 503, description = "the store failed", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(tournament = tracing::field::Empty))]
pub(crate) async fn create(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<(StatusCode, Json<TournamentView>), ApiError> {
    let req: NewTournamentRequest = parse(&body)?;
    let variant: senet_engine::Variant = req
        .variant
        .parse()
        .map_err(|_| ApiError::UnknownVariant(req.variant.clone()))?;
    variant.check_players(2).map_err(|_| {
        ApiError::invalid(Reason::TwoPlayers, "tournaments are for two-player games")
    })?;
    let clock = req.clock.check().map_err(ApiError::Invalid)?;
    if !matches!(clock, ClockSpec::Fischer { .. }) {
        return Err(ApiError::invalid(
            Reason::TournamentClock,
            "a tournament's games are on a Fischer clock",
        ));
    }
    let now = now_ms();
    let starts_ms = now + i64::from(req.starts_in_secs.min(604_800)) * 1000;
    let (kind, ends_ms, rounds, gap) = match (req.kind.as_str(), req.duration_mins, req.rounds) {
        ("arena", Some(mins @ 1..=720), None) if req.round_gap_secs.is_none() => (
            "arena",
            Some(starts_ms + i64::from(mins) * 60_000),
            None,
            None,
        ),
        ("swiss", None, Some(rounds @ 1..=20)) => (
            "swiss",
            None,
            Some(i64::from(rounds)),
            req.round_gap_secs.map(|s| i64::from(s.min(86_400)) * 1000),
        ),
        ("arena", ..) => {
            return Err(ApiError::Invalid(
                Detail::new(
                    Reason::ArenaTerms,
                    "an arena has duration_mins (1 to 720), and no rounds",
                )
                .with("max", 720_u32),
            ));
        }
        ("swiss", ..) => {
            return Err(ApiError::Invalid(
                Detail::new(
                    Reason::SwissTerms,
                    "a Swiss tournament has rounds (1 to 20), and no duration_mins",
                )
                .with("max", 20_u32),
            ));
        }
        (other, ..) => {
            return Err(ApiError::invalid(
                Reason::TournamentKind,
                format!("a tournament is an arena or swiss, not {other:?}"),
            ));
        }
    };
    let default_name = format!(
        "{} {}",
        variant.name(),
        if kind == "arena" { "arena" } else { "Swiss" }
    );
    let name = check_name(req.name, default_name).map_err(ApiError::from)?;
    let clock_json =
        serde_json::to_string(&clock).map_err(|e| ApiError::Internal(e.to_string()))?;
    let id = format!("t{}", &senet_live::new_secret()[..11]);
    let store = sql(&state)?;
    store
        .create_tournament(
            &NewTournament {
                id: &id,
                kind,
                name: &name,
                variant: variant.id(),
                clock: &clock_json,
                rated: req.rated,
                created_by: &who.account.player_id,
                starts_ms,
                ends_ms,
                rounds,
                round_gap_ms: gap,
            },
            now,
        )
        .await
        .map_err(|_| ApiError::Unavailable)?;
    tracing::Span::current().record("tournament", id.as_str());
    tracing::info!(kind, "tournament created");
    state.tournaments.notify();
    let view = view(&state, &id, Some(&who.account.player_id)).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Tournament `id`'s view as `me` sees it: made once per version, and kept.
async fn view(state: &AppState, id: &str, me: Option<&str>) -> Result<TournamentView, ApiError> {
    let store = sql(state)?;
    let gone = |_| ApiError::Unavailable;
    let version = store
        .tournament_version(id)
        .await
        .map_err(gone)?
        .ok_or(ApiError::NotFound)?;
    let cached = match state.tournaments.view(id, version) {
        Some(c) => c,
        None => {
            let t = store
                .tournament(id)
                .await
                .map_err(gone)?
                .ok_or(ApiError::NotFound)?;
            let players = store.entrants(id).await.map_err(gone)?;
            let games = store.tournament_games(id).await.map_err(gone)?;
            let byes = store.tournament_byes(id).await.map_err(gone)?;
            let cached = Arc::new(Cached {
                view: view_of(&t, &players, &games, &byes, None, now_ms()),
                players,
                games,
            });
            state.tournaments.keep(id, cached.clone());
            cached
        }
    };
    let mut view = cached.view.clone();
    view.now_ms = now_ms();
    view.me = me.map(|me| me_of(&cached.players, &cached.games, me));
    Ok(view)
}

/// A tournament's page: standings, games, podium, and the signed-in player's seat. With
/// `?after=V`, the answer waits (up to 20 s) until its version is not V. Never cached: it
/// may hold a seat token.
#[utoipa::path(get, path = "/api/tournaments/{id}",
    params(("id" = String, Path, description = "the tournament"), After),
    responses((status = 200, description = "the tournament", body = TournamentView),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 503, description = "the store failed", body = ErrorBody)))]
pub(crate) async fn get(
    State(state): State<AppState>,
    who: MaybeSignedIn,
    Path(id): Path<String>,
    Query(q): Query<After>,
) -> Response {
    let me = who.0.as_ref().map(|a| a.player_id.clone());
    let answer = async {
        let store = sql(&state)?;
        if let Some(me) = &me {
            // A joined arena player whose page is open is there to be paired.
            store
                .seen_in_tournament(&id, me, now_ms())
                .await
                .map_err(|_| ApiError::Unavailable)?;
        }
        if let Some(after) = q.after {
            wait_for_change(&state, store, &id, after).await?;
        }
        view(&state, &id, me.as_deref()).await
    };
    let no_store = [(header::CACHE_CONTROL, "no-store")];
    match answer.await {
        Ok(v) => (no_store, Json(v)).into_response(),
        Err(e) => (no_store, e).into_response(),
    }
}

/// Returns once tournament `id`'s version is not `after`, or after [`LONG_POLL`]. This
/// node's changes wake it at once; another node's are seen within a second.
async fn wait_for_change(
    state: &AppState,
    store: &SqlStore,
    id: &str,
    after: i64,
) -> Result<(), ApiError> {
    let deadline = tokio::time::Instant::now() + LONG_POLL;
    let mut news = state.tournaments.subscribe();
    loop {
        let version = store
            .tournament_version(id)
            .await
            .map_err(|_| ApiError::Unavailable)?
            .ok_or(ApiError::NotFound)?;
        if version != after || tokio::time::Instant::now() >= deadline {
            return Ok(());
        }
        let wake = deadline.min(tokio::time::Instant::now() + std::time::Duration::from_secs(1));
        let _ = tokio::time::timeout_at(wake, news.changed()).await;
    }
}

fn over(message: &str) -> Response {
    refusal(StatusCode::CONFLICT, "tournament_over", message.into())
}

/// Join a tournament (signed in), or come back to it after leaving.
#[utoipa::path(post, path = "/api/tournaments/{id}/join",
    params(("id" = String, Path, description = "the tournament")),
    responses((status = 200, description = "joined", body = TournamentView),
        (status = 401, description = "not signed in (`signed_out`)", body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 409, description = "finished (`tournament_over`), or a Swiss event past its last round's start (`tournament_started`)", body = ErrorBody),
        (status = 503, description = "the store failed", body = ErrorBody)))]
pub(crate) async fn join(
    State(state): State<AppState>,
    who: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, Response> {
    let store = sql(&state)?;
    let me = &who.account.player_id;
    let t = store
        .tournament(&id)
        .await
        .map_err(|_| ApiError::Unavailable)?
        .ok_or(ApiError::NotFound)?;
    if t.status == "finished" {
        return Err(over("this tournament is over"));
    }
    if t.kind == "swiss" && t.rounds.is_some_and(|r| t.round >= r) {
        return Err(refusal(
            StatusCode::CONFLICT,
            "tournament_started",
            "this Swiss tournament's last round has started".into(),
        ));
    }
    let rating = rating_in(store, me, &t.variant).await?;
    store
        .join_tournament(&id, me, rating, now_ms())
        .await
        .map_err(|_| ApiError::Unavailable)?;
    state.tournaments.notify();
    Ok(Json(view(&state, &id, Some(me)).await?))
}

/// A player's rating in a variant's two-player pool (a newcomer's 1500 if none yet).
async fn rating_in(store: &SqlStore, player: &str, variant: &str) -> Result<i64, ApiError> {
    let pool = senet_store::sql::ratings::pool(variant, 2);
    let (pools, _) = store
        .player_ratings(player)
        .await
        .map_err(|_| ApiError::Unavailable)?;
    Ok(pools
        .iter()
        .find(|p| p.pool == pool)
        .map_or(1500, |p| p.rating.rating.round() as i64))
}

/// Leave a tournament (signed in): an arena player is not paired again until they come
/// back; a Swiss player is out of the rounds to come. Results so far stay.
#[utoipa::path(post, path = "/api/tournaments/{id}/leave",
    params(("id" = String, Path, description = "the tournament")),
    responses((status = 200, description = "left", body = TournamentView),
        (status = 401, description = "not signed in (`signed_out`)", body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 503, description = "the store failed", body = ErrorBody)))]
pub(crate) async fn leave(
    State(state): State<AppState>,
    who: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    let store = sql(&state)?;
    let me = &who.account.player_id;
    store
        .tournament(&id)
        .await
        .map_err(|_| ApiError::Unavailable)?
        .ok_or(ApiError::NotFound)?;
    store
        .leave_tournament(&id, me)
        .await
        .map_err(|_| ApiError::Unavailable)?;
    state.tournaments.notify();
    Ok(Json(view(&state, &id, Some(me)).await?))
}
