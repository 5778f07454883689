//! The lobby's routes: variants, listing, creating and joining matches, a game's record,
//! the dice check, and the WebSocket upgrade.

use axum::Json;
use axum::body::Bytes;
use senet_protocol::text::check_name;

use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use senet_engine::{Setup, Variant};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tracing::Instrument;

use crate::AppState;
use crate::metrics::METRICS;
use senet_live::{Cmd, JoinError, NewMatch, SeatClaim, spawn_match_for};
use senet_match::dice::Reason;
use senet_match::record::{self, GameRecord, RecordReport};
use senet_protocol::{ClockSpec, Series};

use super::{ApiError, ClientIp, origin_allowed, parse};

pub(super) async fn healthz() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

/// Every variant's metadata, as the engine states it (one place: the rules pages, the web
/// client and the OpenAPI document read it from here).
/// `GET /metrics`: the node's counters in the Prometheus text format.
pub(super) async fn metrics(State(state): State<AppState>) -> Response {
    use axum::response::IntoResponse;
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        METRICS.render(state.registry.open()),
    )
        .into_response()
}

pub(super) async fn variants() -> Json<Vec<senet_engine::VariantInfo>> {
    Json(Variant::ALL.iter().map(|v| v.info()).collect())
}

#[derive(Deserialize)]
pub(super) struct ListQuery {
    status: Option<String>,
}

pub(super) async fn list_matches(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<senet_protocol::Summary>>, ApiError> {
    if let Some(st) = q.status.as_deref() {
        if !["joining", "live", "finished"].contains(&st) {
            return Err(ApiError::Malformed(format!(
                "status is joining, live or finished, not {st:?}"
            )));
        }
    }
    let mut list: Vec<_> = state
        .public_summaries()
        .await
        .into_iter()
        .filter(|s| q.status.as_deref().is_none_or(|st| st == s.status.as_str()))
        .collect();
    list.sort_by(|a, b| a.match_id.cmp(&b.match_id));
    Ok(Json(list))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CreateMatch {
    variant: String,
    #[serde(default)]
    players: Option<u8>,
    #[serde(default)]
    series: Option<Series>,
    #[serde(default)]
    options: CreateOptions,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    player_name: Option<String>,
    #[serde(default = "yes")]
    public: bool,
    #[serde(default)]
    player_key: Option<String>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    clock: Option<ClockSpec>,
    /// Computer opponents by level (`easy`, `medium`, `hard`), in the last seats.
    #[serde(default)]
    bots: Vec<String>,
    /// Test builds only (the `test-dice` feature): the server seed of every game of the
    /// match, 64 hex digits, so that a test knows its throws (the match takes no client
    /// seeds). A normal build has no such field and refuses it as unknown.
    #[cfg(feature = "test-dice")]
    #[serde(default)]
    test_dice_seed: Option<String>,
}

fn yes() -> bool {
    true
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateOptions {
    #[serde(default)]
    waiting_for_one: Option<bool>,
}

#[derive(Serialize)]
struct Invite {
    seat: u8,
    invite: String,
    url: String,
}

#[derive(Serialize)]
pub(super) struct CreatedReply {
    match_id: String,
    seat: u8,
    token: String,
    invites: Vec<Invite>,
    spectator_key: Option<String>,
    spectator_url: String,
    ws_url: String,
}

#[tracing::instrument(skip_all, fields(match_id = tracing::field::Empty))]
pub(super) async fn create_match(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<(StatusCode, Json<CreatedReply>), Response> {
    let req: CreateMatch = parse(&body)?;
    state
        .limits
        .create_match(ip)
        .map_err(ApiError::RateLimited)?;
    let slot = state.limits.reserve_match(ip).map_err(|_| {
        super::refusal(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_matches",
            format!(
                "your address has {} matches that are not finished; finish one first",
                state.config.max_open_per_address
            ),
        )
    })?;
    if state.registry.open() >= state.config.max_open_matches {
        return Err(ApiError::TooManyMatches.into());
    }
    let variant: Variant = req
        .variant
        .parse()
        .map_err(|_| ApiError::UnknownVariant(req.variant.clone()))?;
    let players = req.players.unwrap_or(variant.player_range().0);
    variant
        .check_players(players)
        .map_err(|e| ApiError::Invalid(e.to_string()))?;
    let series = req.series.unwrap_or_default();
    if !(1..=99).contains(&series.target) {
        return Err(ApiError::Invalid("the series target is 1 to 99".into()).into());
    }
    let mut setup = Setup::players(players);
    if let Some(w) = req.options.waiting_for_one {
        setup.waiting_for_one = w;
    }
    let name = check_name(req.name, format!("{} match", variant.name())).map_err(ApiError::from)?;
    let creator = check_name(req.player_name, "Player 1".into()).map_err(ApiError::from)?;
    if req.bots.len() >= usize::from(players) {
        return Err(
            ApiError::Invalid(format!("at most {} bots: seat 1 is yours", players - 1)).into(),
        );
    }
    let bots = req
        .bots
        .iter()
        .map(|b| {
            b.parse::<senet_bots::Level>()
                .map_err(|_| ApiError::Invalid(format!("a bot is easy, medium or hard, not {b:?}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let spec = NewMatch {
        variant,
        setup,
        series,
        name,
        public: req.public,
        rated: req.rated,
        creator,
        clock: req
            .clock
            .map(ClockSpec::check)
            .transpose()
            .map_err(ApiError::Invalid)?,
        bots,
    };
    let player = super::access::player_for_key(&state, req.player_key.as_deref()).await?;
    if req.rated && player.is_none() {
        return Err(ApiError::Invalid(
            "a rated match is between registered players: send your player_key".into(),
        )
        .into());
    }
    if req.rated && !req.public {
        // Private matches count for nobody's results (`docs/ratings.md`).
        return Err(ApiError::Invalid("a rated match is public".into()).into());
    }
    #[cfg(feature = "test-dice")]
    let spawned = match req.test_dice_seed.as_deref() {
        Some(hex) => {
            let seed = senet_match::dice::ServerSeed::from_hex(hex)
                .ok_or_else(|| ApiError::Invalid("test_dice_seed is 64 hex digits".into()))?;
            let (store, live) = (state.store.clone(), state.live.clone());
            senet_live::spawn_match_with_dice(spec, player, store, live, seed).await
        }
        None => spawn_match_for(spec, player, state.store.clone(), state.live.clone()).await,
    };
    #[cfg(not(feature = "test-dice"))]
    let spawned = spawn_match_for(spec, player, state.store.clone(), state.live.clone()).await;
    let (handle, created) = spawned.map_err(|_| ApiError::Unavailable)?;
    slot.fill(handle.summary.clone());
    state.registry.insert(handle);
    let id = created.match_id.clone();
    tracing::Span::current().record("match_id", id.as_str());
    let spectator_url = match &created.spectator_key {
        Some(k) => format!("/m/{id}/watch?key={k}"),
        None => format!("/m/{id}/watch"),
    };
    Ok((
        StatusCode::CREATED,
        Json(CreatedReply {
            seat: 1,
            token: created.token,
            invites: created
                .invites
                .into_iter()
                .map(|(seat, invite)| Invite {
                    seat,
                    url: format!("/m/{id}/join?invite={invite}"),
                    invite,
                })
                .collect(),
            spectator_key: created.spectator_key,
            spectator_url,
            ws_url: format!("/ws/matches/{id}"),
            match_id: id,
        }),
    ))
}

pub(super) async fn get_match(
    State(state): State<AppState>,
    Path(id): Path<String>,
    key: super::access::ReadKey,
) -> Result<Json<senet_protocol::Summary>, ApiError> {
    let Some(handle) = state.registry.get(&id) else {
        return super::access::stored_summary(&state, &id, &key)
            .await
            .map(Json);
    };
    // A private match: only with its spectator key or a seat token (else 404, as if none).
    super::access::authorize(&state, &id, Some(&handle), &key).await?;
    let summary = handle.summary.borrow().clone();
    Ok(Json(summary))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JoinRequest {
    /// The seat's invite; without one, the first free seat of a public match.
    #[serde(default)]
    invite: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    player_key: Option<String>,
}

#[derive(Serialize)]
pub(super) struct Joined {
    match_id: String,
    seat: u8,
    token: String,
    ws_url: String,
}

#[tracing::instrument(skip_all, fields(match_id = %id))]
pub(super) async fn join_match(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Joined>, ApiError> {
    let req: JoinRequest = parse(&body)?;
    let handle = live(&state, &id).await?.ok_or(ApiError::NotFound)?;
    if req.invite.is_none() {
        // Taking an open seat starts a game much as creating a match does, so it spends the
        // same allowance: one address cannot sweep every open seat of the lobby.
        state
            .limits
            .create_match(ip)
            .map_err(ApiError::RateLimited)?;
    }
    let (reply, rx) = oneshot::channel();
    let name = check_name(req.name, String::new())?;
    let player_id = super::access::player_for_key(&state, req.player_key.as_deref()).await?;
    let cmd = Cmd::Join(Box::new(SeatClaim {
        invite: req.invite,
        name,
        player_id,
        reply,
    }));
    handle
        .mailbox
        .send(cmd)
        .await
        .map_err(|_| ApiError::Unavailable)?;
    let (seat, token) = rx
        .await
        .map_err(|_| ApiError::Unavailable)?
        .map_err(|e| match e {
            JoinError::BadInvite => ApiError::BadInvite,
            JoinError::InviteUsed => ApiError::InviteUsed,
            JoinError::NoFreeSeat => ApiError::MatchFull,
            // A private match is not there for whoever has no invite (nor its key).
            JoinError::Private => ApiError::NotFound,
            JoinError::Unregistered => ApiError::Invalid(
                "this match is rated: join as a registered player (send your player_key)".into(),
            ),
            JoinError::Unavailable => ApiError::Unavailable,
        })?;
    Ok(Json(Joined {
        ws_url: format!("/ws/matches/{id}"),
        match_id: id,
        seat,
        token,
    }))
}

pub(super) async fn game_record(
    State(state): State<AppState>,
    Path((id, game)): Path<(String, String)>,
    key: super::access::ReadKey,
) -> Result<Json<GameRecord>, ApiError> {
    let game: u32 = game.parse().map_err(|_| ApiError::NotFound)?;
    let Some(handle) = state.registry.get(&id) else {
        return super::access::stored_record(&state, &id, game, &key)
            .await
            .map(Json);
    };
    // A private match's live throws and moves: only with its spectator key or a seat token.
    super::access::authorize(&state, &id, Some(&handle), &key).await?;
    let (reply, rx) = oneshot::channel();
    handle
        .mailbox
        .send(Cmd::Record { game, reply })
        .await
        .map_err(|_| ApiError::Unavailable)?;
    match rx.await.map_err(|_| ApiError::Unavailable)? {
        Some(record) => Ok(Json(record)),
        // A live match keeps only its current game in memory: an earlier one is in the store
        // (the reader was authorized above).
        None => super::access::read_record(&state, &id, game)
            .await
            .map(Json),
    }
}

/// Checks an uploaded game record (the CLI's procedure) on a blocking thread, at most
/// `--verify-workers` at once.
pub(super) async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<Json<RecordReport>, Response> {
    state.limits.verify(ip).map_err(ApiError::RateLimited)?;
    let permit = tokio::time::timeout(VERIFY_QUEUE, state.limits.verifiers().acquire_owned())
        .await
        .map_err(|_| {
            let mut res = super::refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "too many records are being checked; try again shortly".into(),
            );
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, 5.into());
            res
        })?
        .map_err(|_| ApiError::Internal("the verify pool is closed".into()))?;
    let checked = tokio::task::spawn_blocking(move || {
        let report = record::check_upload(&body);
        drop(permit);
        report
    })
    .await
    .map_err(|e| ApiError::Internal(format!("the record check failed: {e}")))?;
    match checked {
        Ok(report) => Ok(Json(report)),
        Err(refusal) => {
            let status = if refusal.reason == Reason::TooLarge {
                StatusCode::PAYLOAD_TOO_LARGE
            } else {
                StatusCode::BAD_REQUEST
            };
            Err(super::refusal(
                status,
                refusal.reason.code(),
                refusal.message,
            ))
        }
    }
}

/// How long a record check waits for a free worker before it is refused (503 `busy`).
const VERIFY_QUEUE: std::time::Duration = std::time::Duration::from_secs(10);

pub(super) async fn ws_upgrade(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let upgraded = tokio::time::Instant::now();
    origin_allowed(&headers, &state.config.allowed_origins)?;
    let handle = live(&state, &id).await?.ok_or(ApiError::NotFound)?;
    state.limits.upgrade(ip).map_err(ApiError::RateLimited)?;
    let guard = state
        .limits
        .open_socket(ip)
        .map_err(|_| ApiError::TooManyConnections)?;
    let live = state.sockets.clone();
    let cfg = state.config.clone();
    let shutdown = state.shutdown.clone();
    let span = tracing::info_span!("socket", match_id = %id);
    Ok(ws
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        // tungstenite's defaults (128 KiB each) cost 1 GB at 8,000 sockets; a client's frames
        // are small (a move, a chat line: well under 1 KiB), and a larger one takes more reads.
        .read_buffer_size(1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| {
            async move {
                crate::metrics::SOCKETS.inc();
                crate::ws::run_socket(socket, handle, cfg, shutdown, guard, upgraded).await;
                crate::metrics::SOCKETS.dec();
                drop(live);
            }
            .instrument(span)
        }))
}

/// The live match `id` (here, or on another node), or a 503 when the nodes cannot tell.
async fn live(state: &AppState, id: &str) -> Result<Option<senet_live::MatchHandle>, ApiError> {
    state.live_match(id).await.map_err(|e| {
        tracing::warn!(match_id = %id, error = %e, "cannot reach the match");
        ApiError::Unavailable
    })
}
