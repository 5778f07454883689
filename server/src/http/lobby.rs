//! The lobby's routes: variants, creating and joining matches, a game's record,
//! the dice check, and the WebSocket upgrade.

use axum::Json;
use axum::body::Bytes;
use senet_protocol::text::check_name;

use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use schemars::JsonSchema;
use senet_engine::{Setup, Variant};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;
use tracing::Instrument;

use crate::AppState;
use crate::metrics::METRICS;
use senet_live::{Cmd, JoinError, NewMatch, SeatClaim, spawn_match_for};
use senet_match::dice::Reason;
use senet_match::record::{self, GameRecord, RecordReport};
use senet_protocol::{ClockSpec, Series};

use super::access::{player_for, seat_name};
use super::contracts::{
    GameRecordBody, GameRecordUpload, RecordReportBody, SummaryBody, VariantInfoBody, bodies,
};
use super::inputs::{ClientIp, origin_allowed, parse};
use super::signed_in::MaybeSignedIn;
use super::{ApiError, ErrorBody};

/// The answer of `GET /healthz`.
#[derive(Serialize, JsonSchema)]
pub(super) struct Health {
    /// Always `ok`.
    #[schemars(extend("const" = "ok"))]
    status: &'static str,
}

bodies!(writes: Health, CreatedReply, Joined; reads: CreateMatch, JoinRequest);

/// Ready check: `{"status": "ok"}` once the server is listening.
#[utoipa::path(get, path = "/healthz", responses((status = 200, description = "ready", body = Health)))]
pub(super) async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// The node's counters (Prometheus text format 0.0.4).
#[utoipa::path(get, path = "/metrics",
    responses((status = 200, description = "metrics", body = String, content_type = "text/plain")))]
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

/// The variants, with player counts and options: each variant's metadata as the engine
/// states it (`Variant::info`, for every one of `Variant::ALL`).
#[utoipa::path(get, path = "/api/variants",
    responses((status = 200, description = "variants", body = [VariantInfoBody])))]
pub(super) async fn variants() -> Json<Vec<senet_engine::VariantInfo>> {
    Json(Variant::ALL.iter().map(|v| v.info()).collect())
}

/// The body of `POST /api/matches`: only `variant` is required.
#[derive(Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct CreateMatch {
    /// The variant.
    #[schemars(with = "Variant")]
    variant: String,
    /// Number of seats (default: the variant's fewest).
    #[serde(default)]
    #[schemars(range(min = 2, max = 4))]
    players: Option<u8>,
    /// The series (default: best of 1).
    #[serde(default, deserialize_with = "super::inputs::optional_object")]
    #[schemars(with = "Option<Series>")]
    series: Option<Series>,
    /// The variant's options (`GET /api/variants` lists each variant's).
    #[serde(default, deserialize_with = "super::inputs::object")]
    #[schemars(with = "CreateOptions")]
    options: CreateOptions,
    /// The match's name.
    #[serde(default)]
    #[schemars(length(max = 64))]
    name: Option<String>,
    /// The creator's display name.
    #[serde(default)]
    #[schemars(length(max = 64))]
    player_name: Option<String>,
    /// Listed in the lobby, and watched by anyone (else only with the spectator key).
    #[serde(default = "yes")]
    public: bool,
    /// The player's key from `POST /api/players` (ties the seat to the player).
    #[serde(default)]
    player_key: Option<String>,
    /// Games change the players' ratings (public matches of registered players only).
    #[serde(default)]
    rated: bool,
    /// The match's clock (default: none).
    #[serde(default, deserialize_with = "super::inputs::optional_object")]
    #[schemars(with = "Option<ClockSpec>")]
    clock: Option<ClockSpec>,
    /// Computer opponents by level (`easy`, `medium`, `hard`), in the last seats.
    #[serde(default)]
    #[schemars(schema_with = "bot_levels")]
    bots: Vec<String>,
    /// Test builds only (the `test-dice` feature): the server seed of every game of the
    /// match, 64 hex digits, so that a test knows its throws (the match takes no client
    /// seeds). A normal build has no such field and refuses it as unknown.
    #[cfg(feature = "test-dice")]
    #[serde(default)]
    test_dice_seed: Option<String>,
}

impl CreateMatch {
    /// The terms of a challenge: two people (no bots), the seats' names the accounts'. A
    /// rated challenge's match is public, as every rated match; an unrated one is as asked.
    pub(super) fn for_challenge(mut self) -> Result<CreateMatch, ApiError> {
        if self.players.is_some_and(|n| n != 2) || !self.bots.is_empty() {
            return Err(ApiError::invalid(
                senet_protocol::Reason::ChallengeNoBots,
                "a challenge is for two players, with no computer",
            ));
        }
        self.players = Some(2);
        self.player_key = None;
        self.player_name = None;
        self.public |= self.rated;
        Ok(self)
    }
}

/// The schema of `bots`: levels by their ids (`senet_bots::Level::ALL`).
fn bot_levels(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let ids: Vec<&str> = senet_bots::Level::ALL.iter().map(|l| l.id()).collect();
    schemars::json_schema!({"type": "array", "items": {"type": "string", "enum": ids}})
}

fn yes() -> bool {
    true
}

/// A new match's options.
#[derive(Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CreateOptions {
    /// `parker`: plain pegs wait on the last Senet Row space for a one (default: the printed
    /// rule).
    #[serde(default)]
    waiting_for_one: Option<bool>,
    /// `kendall`: five pieces a side instead of seven (default: seven).
    #[serde(default)]
    five_pieces: Option<bool>,
    /// `kendall`: white may not move until it has thrown a 1 (default: off).
    #[serde(default)]
    starting_throw: Option<bool>,
    /// `kendall`: a throw past square 26 drops the piece into the water (default: off).
    #[serde(default)]
    trap: Option<bool>,
    /// `kendall`: no bearing off while a piece is on the first row (default: off).
    #[serde(default)]
    home_row: Option<bool>,
}

/// A seat's invite.
#[derive(Serialize, JsonSchema)]
pub(super) struct Invite {
    /// The seat it claims.
    seat: u8,
    /// The invite (a secret; it claims the seat once).
    pub(super) invite: String,
    /// The web client's join link.
    url: String,
}

/// The answer to `POST /api/matches`: seat 1 is the creator's.
#[derive(Serialize, JsonSchema)]
pub(super) struct CreatedReply {
    /// The new match.
    pub(super) match_id: String,
    /// The creator's seat (1).
    seat: u8,
    /// The seat's token: a bearer secret for the WebSocket's `hello`.
    pub(super) token: String,
    /// One invite per other seat a person takes (none for a bot's).
    pub(super) invites: Vec<Invite>,
    /// A private match's spectator key (null for a public match).
    spectator_key: Option<String>,
    /// The web client's spectator link.
    spectator_url: String,
    /// The match's WebSocket.
    ws_url: String,
}

/// Create a match; the reply holds seat 1's token, invites and the spectator link.
#[utoipa::path(post, path = "/api/matches", request_body = CreateMatch,
    responses((status = 201, description = "created", body = CreatedReply),
        (status = 400, description = "malformed body", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid request (unknown_variant, invalid)", body = ErrorBody),
        (status = 429, description = "rate limited, or too many unfinished matches from this address", body = ErrorBody),
        (status = 503, description = "the server holds too many matches, or the store failed", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(match_id = tracing::field::Empty))]
pub(super) async fn create_match(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    who: MaybeSignedIn,
    body: Bytes,
) -> Result<(StatusCode, Json<CreatedReply>), Response> {
    let req: CreateMatch = parse(&body)?;
    let created = make_match(&state, ip, &who, req).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Makes the match `req` asks for, with `who` in seat 1 (a challenge's accepted match too:
/// `people_routes.rs`), within the address's allowances.
pub(super) async fn make_match(
    state: &AppState,
    ip: Option<std::net::IpAddr>,
    who: &MaybeSignedIn,
    req: CreateMatch,
) -> Result<CreatedReply, Response> {
    state
        .limits
        .create_match(ip)
        .map_err(ApiError::RateLimited)?;
    let slot = state
        .limits
        .reserve_match(ip)
        .map_err(|_| super::error::too_many_open(state.config.max_open_per_address))?;
    if state.registry.open() >= state.config.max_open_matches {
        return Err(ApiError::TooManyMatches.into());
    }
    let player = player_for(state, who, req.player_key.as_deref()).await?;
    #[cfg(feature = "test-dice")]
    let dice_seed = req.test_dice_seed.clone();
    let spec = new_match(req, who)?;
    #[cfg(feature = "test-dice")]
    let spawned = match dice_seed.as_deref() {
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
    Ok(CreatedReply {
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
    })
}

/// The match a create request asks for, checked, with `who`'s seat name in seat 1 (a
/// challenge's terms are checked so before they are sent).
pub(super) fn new_match(req: CreateMatch, who: &MaybeSignedIn) -> Result<NewMatch, ApiError> {
    let variant: Variant = req
        .variant
        .parse()
        .map_err(|_| ApiError::UnknownVariant(req.variant.clone()))?;
    let players = req.players.unwrap_or(variant.player_range().0);
    variant
        .check_players(players)
        .map_err(|e| ApiError::Invalid(e.into()))?;
    let series = req.series.unwrap_or_default();
    if !(1..=99).contains(&series.target) {
        return Err(ApiError::series_target());
    }
    let mut setup = Setup::players(players);
    let o = &req.options;
    for (asked, field) in [
        (o.waiting_for_one, &mut setup.waiting_for_one),
        (o.five_pieces, &mut setup.five_pieces),
        (o.starting_throw, &mut setup.starting_throw),
        (o.trap, &mut setup.trap),
        (o.home_row, &mut setup.home_row),
    ] {
        if let Some(v) = asked {
            *field = v;
        }
    }
    let name = check_name(req.name, format!("{} match", variant.name())).map_err(ApiError::from)?;
    let creator =
        check_name(seat_name(who, req.player_name), "Player 1".into()).map_err(ApiError::from)?;
    if req.bots.len() >= usize::from(players) {
        return Err(ApiError::Invalid(
            senet_protocol::Detail::new(
                senet_protocol::Reason::TooManyBots,
                format!("at most {} bots: seat 1 is yours", players - 1),
            )
            .with("max", players - 1),
        ));
    }
    let bots = req
        .bots
        .iter()
        .map(|b| {
            b.parse::<senet_bots::Level>().map_err(|_| {
                ApiError::invalid(
                    senet_protocol::Reason::BotLevel,
                    format!("a bot is easy, medium or hard, not {b:?}"),
                )
            })
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
    // A guest's player key names a player but proves no account (`docs/accounts.md`).
    if req.rated && who.0.is_none() {
        return Err(ApiError::invalid(
            senet_protocol::Reason::RatedSignIn,
            "a rated match is between accounts: sign in first",
        ));
    }
    if req.rated && !req.public {
        // Private matches count for nobody's results (`docs/ratings.md`).
        return Err(ApiError::invalid(
            senet_protocol::Reason::RatedPublic,
            "a rated match is public",
        ));
    }
    Ok(spec)
}

/// A match summary; a private match's needs its spectator key or a seat token.
#[utoipa::path(get, path = "/api/matches/{id}",
    params(("id" = String, Path, description = "the match id"), super::access::KeyQuery),
    responses((status = 200, description = "summary", body = SummaryBody),
        (status = 404, description = PRIVATE, body = ErrorBody)))]
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

/// What `GET`s of a private match answer without its key: 404, as for no match.
pub(super) const PRIVATE: &str =
    "no such match, or a private one read without its spectator key or a seat token";

/// The body of `POST /api/matches/{id}/join`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct JoinRequest {
    /// The seat's invite; without one, the first free seat of a public match.
    #[serde(default)]
    invite: Option<String>,
    /// The display name.
    #[serde(default)]
    #[schemars(length(max = 64))]
    name: Option<String>,
    /// The player's key from `POST /api/players` (ties the seat to the player).
    #[serde(default)]
    player_key: Option<String>,
}

/// The seat a join claimed.
#[derive(Serialize, JsonSchema)]
pub(super) struct Joined {
    /// The match.
    match_id: String,
    /// The seat.
    seat: u8,
    /// The seat's token: a bearer secret for the WebSocket's `hello`.
    token: String,
    /// The match's WebSocket.
    ws_url: String,
}

/// Claim a seat with its invite (once), or without one the first free seat of a public
/// match.
#[utoipa::path(post, path = "/api/matches/{id}/join", request_body = JoinRequest,
    params(("id" = String, Path, description = "the match id")),
    responses((status = 200, description = "seat and token", body = Joined),
        (status = 400, description = "malformed body", body = ErrorBody),
        (status = 403, description = "bad invite, or origin not allowed", body = ErrorBody),
        (status = 404, description = "no such match (or a private one, without its invite)", body = ErrorBody),
        (status = 409, description = "invite used, every seat taken, or a name that looks like another seat's", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid name, or a guest (not signed in) joining a rated match", body = ErrorBody),
        (status = 429, description = "open seats taken too often from this address", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(match_id = %id))]
pub(super) async fn join_match(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    who: MaybeSignedIn,
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
    let name = check_name(seat_name(&who, req.name), String::new())?;
    if handle.summary.borrow().rated && who.0.is_none() {
        return Err(ApiError::invalid(
            senet_protocol::Reason::RatedSignIn,
            "this match is rated: sign in to join it",
        ));
    }
    let player_id = player_for(&state, &who, req.player_key.as_deref()).await?;
    // Two accounts kept apart by a block never sit at one table (`docs/accounts.md`).
    if let (Some(_), Some(p)) = (&who.0, &player_id) {
        if state.accounts.blocked_at_table(p, &id).await? {
            return Err(senet_accounts::AccountError::Blocked.into());
        }
    }
    take_seat(&handle, req.invite, name, player_id).await
}

/// Claims a seat of `handle`'s match for `name` (and `player_id`): with `invite`, its seat;
/// without, the first free seat of a public match.
pub(super) async fn take_seat(
    handle: &senet_live::MatchHandle,
    invite: Option<String>,
    name: String,
    player_id: Option<String>,
) -> Result<Json<Joined>, ApiError> {
    let (reply, rx) = oneshot::channel();
    let cmd = Cmd::Join(Box::new(SeatClaim {
        invite,
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
            JoinError::Unregistered => ApiError::invalid(
                senet_protocol::Reason::RatedSignIn,
                "this match is rated: sign in to join it",
            ),
            JoinError::NameTaken(seat) => ApiError::NameTaken(seat),
            JoinError::Unavailable => ApiError::Unavailable,
        })?;
    let id = handle.summary.borrow().match_id.clone();
    Ok(Json(Joined {
        ws_url: format!("/ws/matches/{id}"),
        match_id: id,
        seat,
        token,
    }))
}

/// A game's record (events; the seed once the game is over).
#[utoipa::path(get, path = "/api/matches/{id}/games/{game}",
    params(("id" = String, Path, description = "the match id"),
        ("game" = u32, Path, description = "the game of the series, from 1"),
        super::access::KeyQuery),
    responses((status = 200, description = "game record", body = GameRecordBody),
        (status = 404, description = PRIVATE, body = ErrorBody)))]
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

/// Check a whole game record (as exported by `GET /api/matches/{id}/games/{n}`): dice,
/// commitment, client seeds and a replay through the engine, as `senet-server verify` does.
///
/// Runs on a blocking thread, at most `--verify-workers` at once.
#[utoipa::path(post, path = "/api/verify",
    request_body(content = GameRecordUpload, description = "a game record, at most 4 MiB"),
    responses((status = 200, description = "the verdict (`ok`; when not, `reason` and `message`)", body = RecordReportBody),
        (status = 400, description = "not a game record (malformed)", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 413, description = "over 4 MiB (too_large)", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 429, description = "rate limited (Retry-After)", body = ErrorBody),
        (status = 503, description = "busy: too many records being checked", body = ErrorBody)))]
pub(super) async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<Json<RecordReport>, Response> {
    state.limits.verify(ip).map_err(ApiError::RateLimited)?;
    let checked = super::pool::run(&state, "records being checked", move || {
        record::check_upload(&body)
    })
    .await?;
    match checked {
        Ok(report) => Ok(Json(report)),
        Err(refusal) => {
            let status = if refusal.reason == Reason::TooLarge {
                StatusCode::PAYLOAD_TOO_LARGE
            } else {
                StatusCode::BAD_REQUEST
            };
            Err(super::error::refusal(
                status,
                refusal.reason.code(),
                refusal.message,
            ))
        }
    }
}

/// WebSocket upgrade for players and spectators (docs/protocol.md; every message's schema
/// is at `GET /api/protocol.schema.json`).
#[utoipa::path(get, path = "/ws/matches/{id}",
    params(("id" = String, Path, description = "the match id")),
    responses((status = 101, description = "switching protocols"),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 404, description = "no such match", body = ErrorBody),
        (status = 429, description = "too many sockets or upgrades from this address", body = ErrorBody)))]
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
    // A store that cannot say who the cookie signs in does not keep the socket out.
    let viewer_silenced = match super::signed_in::session_secret(&headers) {
        Some(secret) => state
            .accounts
            .session(&secret)
            .await
            .ok()
            .flatten()
            .is_some_and(|a| a.silenced_ms.is_some()),
        None => false,
    };
    let silence = crate::ws::Silence::new(state.accounts.clone(), id.clone(), viewer_silenced);
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
                crate::ws::run_socket(socket, handle, cfg, shutdown, guard, upgraded, silence)
                    .await;
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
