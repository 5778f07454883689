//! The REST API (lobby, verification, OpenAPI) and the WebSocket upgrade route.

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{
    ConnectInfo, DefaultBodyLimit, FromRequestParts, Path, Query, State, WebSocketUpgrade,
};
use axum::http::{HeaderMap, StatusCode, header, request::Parts};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use senet_engine::{Setup, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tracing::Instrument;

use crate::AppState;
use crate::dice::{self, VerifyReport, VerifyRequest};
use crate::matches::{Cmd, JoinError, NewMatch, spawn_match_for};
use crate::protocol::Series;
use crate::record::GameRecord;

/// Every route: method and path, as the router and the OpenAPI document write them.
pub const ROUTES: &[(&str, &str)] = &[
    ("get", "/healthz"),
    ("get", "/api/openapi.json"),
    ("get", "/api/variants"),
    ("get", "/api/matches"),
    ("post", "/api/matches"),
    ("get", "/api/matches/{id}"),
    ("post", "/api/matches/{id}/join"),
    ("get", "/api/matches/{id}/games/{game}"),
    ("post", "/api/verify"),
    ("get", "/ws/matches/{id}"),
    ("get", "/api/matches/{id}/scoreboard"),
    ("post", "/api/players"),
    ("get", "/api/players/{player_id}/history"),
    ("get", "/api/leaderboard"),
];

/// Every way a REST request fails, each with its HTTP status and stable code.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not the JSON this route takes.
    #[error("{0}")]
    Malformed(String),
    /// The request is well formed but not acceptable.
    #[error("{0}")]
    Invalid(String),
    /// No such variant.
    #[error("unknown variant {0:?}")]
    UnknownVariant(String),
    /// No such match or game.
    #[error("not found")]
    NotFound,
    /// The invite is not one of this match's.
    #[error("that invite is not valid for this match")]
    BadInvite,
    /// The invite's seat is taken.
    #[error("that invite was used already")]
    InviteUsed,
    /// The match's actor is gone.
    #[error("the match is not available")]
    Unavailable,
    /// A dice record that cannot be checked.
    #[error("{0}")]
    Unverifiable(String),
    /// A browser page from another site tried to open a socket.
    #[error("WebSockets from origin {0:?} are not allowed")]
    OriginNotAllowed(String),
    /// The client's address has as many sockets open as it may.
    #[error("too many connections from your address")]
    TooManyConnections,
    /// The client's address did this too often; try again after the given time.
    #[error("too many requests; try again in {}s", .0.as_secs().max(1))]
    RateLimited(std::time::Duration),
    /// The server holds as many open matches as it may.
    #[error("the server has too many open matches; try again later")]
    TooManyMatches,
    /// Stored data that does not read or replay: logged, never shown to the client.
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status and the stable code.
    pub fn status_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::Malformed(_) => (StatusCode::BAD_REQUEST, "malformed"),
            ApiError::Invalid(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid"),
            ApiError::UnknownVariant(_) => (StatusCode::UNPROCESSABLE_ENTITY, "unknown_variant"),
            ApiError::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::BadInvite => (StatusCode::FORBIDDEN, "bad_invite"),
            ApiError::InviteUsed => (StatusCode::CONFLICT, "invite_used"),
            ApiError::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "match_unavailable"),
            ApiError::Unverifiable(_) => (StatusCode::UNPROCESSABLE_ENTITY, "unverifiable"),
            ApiError::OriginNotAllowed(_) => (StatusCode::FORBIDDEN, "origin_not_allowed"),
            ApiError::TooManyConnections => (StatusCode::TOO_MANY_REQUESTS, "too_many_connections"),
            ApiError::RateLimited(_) => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            ApiError::TooManyMatches => (StatusCode::SERVICE_UNAVAILABLE, "too_many_matches"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_code();
        if let ApiError::Internal(detail) = &self {
            tracing::error!(detail, "internal error");
        }
        let body = Json(json!({"code": code, "message": self.to_string()}));
        match self {
            ApiError::RateLimited(wait) => {
                let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                (
                    status,
                    [(header::RETRY_AFTER, secs.max(1).to_string())],
                    body,
                )
                    .into_response()
            }
            _ => (status, body).into_response(),
        }
    }
}

/// The client's address: the TCP peer, or with `--trust-forwarded-for` the last
/// `X-Forwarded-For` entry (what the proxy in front saw). None when neither is known.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let forwarded = state
            .config
            .trust_forwarded_for
            .then(|| parts.headers.get("x-forwarded-for"))
            .flatten()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok());
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(ClientIp(forwarded.or(peer)))
    }
}

/// Whether a WebSocket upgrade's `Origin` may connect: no `Origin` (not a browser), the
/// server's own origin (same host), or one configured.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or_default();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let own = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .is_some_and(|rest| !host.is_empty() && rest.eq_ignore_ascii_case(host));
    if own
        || allowed
            .iter()
            .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        Ok(())
    } else {
        Err(ApiError::OriginNotAllowed(
            origin.chars().take(200).collect(),
        ))
    }
}

fn parse<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::Malformed(e.to_string()))
}

/// Gives axum's own rejections (a body over the limit, a wrong method, an unreadable body or
/// path) the API's JSON error shape, so every error a client sees has a code.
async fn json_errors(res: Response) -> Response {
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::UNPROCESSABLE_ENTITY => "invalid",
        StatusCode::TOO_MANY_REQUESTS => "rate_limited",
        s if s.is_client_error() => "malformed",
        _ => "internal",
    };
    let (parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let message = String::from_utf8_lossy(&text).trim().to_owned();
    let message = if message.is_empty() {
        status.canonical_reason().unwrap_or("error").to_owned()
    } else {
        message
    };
    let mut res = (status, Json(json!({"code": code, "message": message}))).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            res.headers_mut().insert(name, value.clone());
        }
    }
    res
}

/// The largest request body any route takes.
pub const MAX_BODY: usize = 1024 * 1024;

/// The router of the whole service.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/openapi.json", get(openapi))
        .route("/api/variants", get(variants))
        .route("/api/matches", get(list_matches).post(create_match))
        .route("/api/matches/{id}", get(get_match))
        .route("/api/matches/{id}/join", post(join_match))
        .route("/api/matches/{id}/games/{game}", get(game_record))
        .route("/api/verify", post(verify))
        .route("/ws/matches/{id}", get(ws_upgrade))
        .merge(crate::series::router())
        .merge(crate::web::routes())
        .fallback(|| async { ApiError::NotFound })
        // Every body is small (the largest, a game record to verify, is tens of KiB).
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(state)
}

async fn healthz() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

#[derive(Serialize)]
struct VariantInfo {
    id: &'static str,
    name: &'static str,
    min_players: u8,
    max_players: u8,
    options: &'static [&'static str],
}

async fn variants() -> Json<Vec<VariantInfo>> {
    Json(
        Variant::ALL
            .iter()
            .map(|v| VariantInfo {
                id: v.id(),
                name: v.name(),
                min_players: v.player_range().0,
                max_players: v.player_range().1,
                options: v.options(),
            })
            .collect(),
    )
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<String>,
}

async fn list_matches(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<crate::matches::Summary>>, ApiError> {
    if let Some(st) = q.status.as_deref() {
        if !["joining", "live", "finished"].contains(&st) {
            return Err(ApiError::Malformed(format!(
                "status is joining, live or finished, not {st:?}"
            )));
        }
    }
    let mut list: Vec<_> = state
        .registry
        .summaries()
        .into_iter()
        .filter(|s| s.public)
        .filter(|s| q.status.as_deref().is_none_or(|st| st == s.status))
        .collect();
    list.sort_by(|a, b| a.match_id.cmp(&b.match_id));
    Ok(Json(list))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateMatch {
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
struct CreatedReply {
    match_id: String,
    seat: u8,
    token: String,
    invites: Vec<Invite>,
    spectator_key: Option<String>,
    spectator_url: String,
    ws_url: String,
}

fn check_name(name: Option<String>, default: String) -> Result<String, ApiError> {
    let name = name.map(|n| n.trim().to_owned()).unwrap_or_default();
    if name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(ApiError::Invalid(
            "names are at most 64 characters, without control characters".into(),
        ));
    }
    Ok(if name.is_empty() { default } else { name })
}

#[tracing::instrument(skip_all, fields(match_id = tracing::field::Empty))]
async fn create_match(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<(StatusCode, Json<CreatedReply>), ApiError> {
    let req: CreateMatch = parse(&body)?;
    state
        .limits
        .create_match(ip)
        .map_err(ApiError::RateLimited)?;
    if state.registry.open() >= state.config.max_open_matches {
        return Err(ApiError::TooManyMatches);
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
        return Err(ApiError::Invalid("the series target is 1 to 99".into()));
    }
    let mut setup = Setup::players(players);
    if let Some(w) = req.options.waiting_for_one {
        setup.waiting_for_one = w;
    }
    let name = check_name(req.name, format!("{} match", variant.name()))?;
    let creator = check_name(req.player_name, "Player 1".into())?;
    let spec = NewMatch {
        variant,
        setup,
        series,
        name,
        public: req.public,
        creator,
    };
    let player = crate::series::player_for_key(&state, req.player_key.as_deref()).await?;
    let (handle, created) =
        spawn_match_for(spec, player, state.store.clone(), state.config.clone())
            .await
            .map_err(|_| ApiError::Unavailable)?;
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

async fn get_match(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<crate::matches::Summary>, ApiError> {
    let Some(handle) = state.registry.get(&id) else {
        return crate::series::stored_summary(&state, &id).await.map(Json);
    };
    let summary = handle.summary.borrow().clone();
    Ok(Json(summary))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    invite: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    player_key: Option<String>,
}

#[derive(Serialize)]
struct Joined {
    match_id: String,
    seat: u8,
    token: String,
    ws_url: String,
}

#[tracing::instrument(skip_all, fields(match_id = %id))]
async fn join_match(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Joined>, ApiError> {
    let req: JoinRequest = parse(&body)?;
    let handle = state.registry.get(&id).ok_or(ApiError::NotFound)?;
    let (reply, rx) = oneshot::channel();
    let name = check_name(req.name, String::new())?;
    let player_id = crate::series::player_for_key(&state, req.player_key.as_deref()).await?;
    let cmd = Cmd::Join {
        invite: req.invite,
        name,
        player_id,
        reply,
    };
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
            JoinError::Unavailable => ApiError::Unavailable,
        })?;
    Ok(Json(Joined {
        ws_url: format!("/ws/matches/{id}"),
        match_id: id,
        seat,
        token,
    }))
}

async fn game_record(
    State(state): State<AppState>,
    Path((id, game)): Path<(String, String)>,
) -> Result<Json<GameRecord>, ApiError> {
    let game: u32 = game.parse().map_err(|_| ApiError::NotFound)?;
    let Some(handle) = state.registry.get(&id) else {
        return crate::series::stored_record(&state, &id, game)
            .await
            .map(Json);
    };
    let (reply, rx) = oneshot::channel();
    handle
        .mailbox
        .send(Cmd::Record { game, reply })
        .await
        .map_err(|_| ApiError::Unavailable)?;
    let record = rx.await.map_err(|_| ApiError::Unavailable)?;
    record.map(Json).ok_or(ApiError::NotFound)
}

async fn verify(body: Bytes) -> Result<Json<VerifyReport>, ApiError> {
    let req: VerifyRequest = parse(&body)?;
    dice::verify(&req)
        .map(Json)
        .map_err(|e| ApiError::Unverifiable(e.to_string()))
}

async fn ws_upgrade(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    origin_allowed(&headers, &state.config.allowed_origins)?;
    let handle = state.registry.get(&id).ok_or(ApiError::NotFound)?;
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
        // tungstenite's defaults (128 KiB each) cost 1 GB at 8,000 sockets; frames are small.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| {
            async move {
                crate::ws::run_socket(socket, handle, cfg, shutdown, guard).await;
                drop(live);
            }
            .instrument(span)
        }))
}

async fn openapi() -> Json<Value> {
    Json(openapi_doc())
}

/// The OpenAPI 3.1 description of the REST API (hand-written; a test checks it lists every
/// route in [`ROUTES`]).
pub fn openapi_doc() -> Value {
    let error = json!({"$ref": "#/components/schemas/Error"});
    let err =
        |d: &str| json!({"description": d, "content": {"application/json": {"schema": error}}});
    let ok = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "object"}}}});
    let list = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}});
    let id = json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}});
    let name = json!({"type": "string", "maxLength": 64});
    let mut doc = json!({
        "openapi": "3.1.0",
        "info": {"title": "Senet server", "version": env!("CARGO_PKG_VERSION"),
                 "description": "Live Senet matches. Play happens over the WebSocket at /ws/matches/{id}; see docs/protocol.md."},
        "paths": {
            "/healthz": {"get": {"summary": "Ready check", "responses": {"200": ok("ready")}}},
            "/api/openapi.json": {"get": {"summary": "This document", "responses": {"200": ok("OpenAPI document")}}},
            "/api/variants": {"get": {"summary": "The variants, with player counts and options",
                "responses": {"200": list("variants")}}},
            "/api/matches": {
                "get": {"summary": "Public matches", "parameters": [
                    {"name": "status", "in": "query", "required": false,
                     "schema": {"type": "string", "enum": ["joining", "live", "finished"]}}],
                    "responses": {"200": list("match summaries"), "400": err("unknown status")}},
                "post": {"summary": "Create a match; the reply holds seat 1's token, invites and the spectator link",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CreateMatch"}}}},
                    "responses": {"201": ok("created"), "400": err("malformed body"), "422": err("invalid request")}}
            },
            "/api/matches/{id}": {"get": {"summary": "A match summary", "parameters": [id],
                "responses": {"200": ok("summary"), "404": err("no such match")}}},
            "/api/matches/{id}/join": {"post": {"summary": "Claim a seat with its invite (once)", "parameters": [id],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                    "additionalProperties": false,
                    "required": ["invite"], "properties": {"invite": {"type": "string"}, "name": name}}}}},
                "responses": {"200": ok("seat and token"), "403": err("bad invite"), "404": err("no such match"), "409": err("invite used")}}},
            "/api/matches/{id}/games/{game}": {"get": {"summary": "A game's record (events; seed once over)",
                "parameters": [id, {"name": "game", "in": "path", "required": true, "schema": {"type": "integer"}}],
                "responses": {"200": ok("game record"), "404": err("no such game")}}},
            "/api/verify": {"post": {"summary": "Recompute throws from a revealed seed",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                    "required": ["seed", "commitment", "game_id", "client_seeds", "throws"],
                    "properties": {"seed": {"type": "string"}, "commitment": {"type": "string"},
                        "game_id": {"type": "string"},
                        "client_seeds": {"type": "array", "items": {"type": "string"}},
                        "throws": {"type": "array", "items": {"type": "object",
                            "required": ["throw_no", "spec", "faces"],
                            "properties": {"throw_no": {"type": "integer", "minimum": 0},
                                "spec": {"type": "object", "required": ["die", "count"]},
                                "faces": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255}}}}}}}}}},
                "responses": {"200": ok("verdict per throw"), "400": err("malformed"), "422": err("unverifiable")}}},
            "/ws/matches/{id}": {"get": {"summary": "WebSocket upgrade for players and spectators (docs/protocol.md)",
                "parameters": [id], "responses": {"101": {"description": "switching protocols"}, "404": err("no such match")}}}
        },
        "components": {"schemas": {
            "Error": {"type": "object", "required": ["code", "message"],
                      "properties": {"code": {"type": "string"}, "message": {"type": "string"}}},
            "CreateMatch": {"type": "object", "required": ["variant"], "additionalProperties": false, "properties": {
                "variant": {"type": "string", "enum": ["martian", "modern", "parker", "jequier", "pyramid"]},
                "players": {"type": ["integer", "null"], "minimum": 2, "maximum": 4},
                "series": {"anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": false,
                    "required": ["kind", "target"], "properties": {
                    "kind": {"type": "string", "enum": ["best_of", "first_to"]},
                    "target": {"type": "integer", "minimum": 1, "maximum": 99}}}]},
                "options": {"type": "object", "additionalProperties": false,
                    "properties": {"waiting_for_one": {"type": ["boolean", "null"]}}},
                "name": {"type": ["string", "null"], "maxLength": 64},
                "player_name": {"type": ["string", "null"], "maxLength": 64},
                "public": {"type": "boolean", "default": true}}}
        }}
    });
    crate::series::document(&mut doc);
    // Any operation may also answer with the common errors (413 too large, 429 rate limited,
    // 503 unavailable, 405 for other methods): each in the same JSON shape.
    if let Some(paths) = doc["paths"].as_object_mut() {
        for ops in paths.values_mut().filter_map(Value::as_object_mut) {
            for op in ops.values_mut() {
                op["responses"]["default"] = err("any other error: a code and a message");
            }
        }
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openapi_lists_every_route() {
        let doc = openapi_doc();
        for (method, path) in ROUTES {
            assert!(
                doc["paths"][path][method].is_object(),
                "{method} {path} is missing from the OpenAPI document"
            );
        }
        let documented: usize = doc["paths"]
            .as_object()
            .unwrap()
            .values()
            .map(|p| p.as_object().unwrap().len())
            .sum();
        assert_eq!(
            documented,
            ROUTES.len(),
            "the document lists a route ROUTES lacks"
        );
    }
}
