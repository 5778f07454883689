//! The REST API (lobby, verification, OpenAPI) and the WebSocket upgrade route.

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::de::DeserializeOwned;

use crate::AppState;

pub(crate) mod access;
mod chances;
mod chat;
pub(crate) mod contracts;
mod error;
pub(crate) mod lobby;
mod openapi;
pub mod scoreboard;

pub use error::{ApiError, ErrorBody};
use lobby::*;
pub use openapi::openapi_doc;
use openapi::{openapi, protocol_schema};

/// Every route: method and path, as the router and the OpenAPI document write them.
pub const ROUTES: &[(&str, &str)] = &[
    ("get", "/healthz"),
    ("get", "/metrics"),
    ("get", "/api/openapi.json"),
    ("get", "/api/protocol.schema.json"),
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
    ("get", "/api/matches/{id}/chat"),
    ("get", "/api/matches/{id}/games/{game}/chances"),
    ("post", "/api/quick"),
    ("get", "/api/quick/{ticket}"),
    ("delete", "/api/quick/{ticket}"),
    ("get", "/api/tv"),
];

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

/// An error response in the API's JSON shape, for codes [`ApiError`] does not have.
pub(crate) fn refusal(status: StatusCode, code: &str, message: String) -> Response {
    (status, Json(ErrorBody::new(code, message))).into_response()
}

impl From<ApiError> for Response {
    fn from(e: ApiError) -> Response {
        e.into_response()
    }
}

/// Whether a request may change state: the API's only state-changing method is `POST`
/// (any other method on an API path reaches the router and gets its 405).
fn changes_state(method: &Method) -> bool {
    *method == Method::POST
}

/// Every state-changing API request: a browser page of another origin may not send it
/// (403 `origin_not_allowed`), and its body must be declared JSON (415
/// `unsupported_media_type`; a cross-site form or `fetch` without a preflight can only send
/// `text/plain`, form or multipart bodies). `POST /api/players` also spends the address's
/// allowance of players.
async fn guard_writes(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    req: Request,
    next: Next,
) -> Response {
    if !(changes_state(req.method()) && req.uri().path().starts_with("/api/")) {
        return next.run(req).await;
    }
    if let Err(ApiError::OriginNotAllowed(origin)) =
        origin_allowed(req.headers(), &state.config.allowed_origins)
    {
        return refusal(
            StatusCode::FORBIDDEN,
            "origin_not_allowed",
            format!("requests from origin {origin:?} are not allowed"),
        );
    }
    let json_body = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"));
    if !json_body {
        return refusal(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "send the body as Content-Type: application/json".into(),
        );
    }
    if req.method() == Method::POST && req.uri().path() == "/api/players" {
        if let Err(wait) = state.limits.create_player(ip) {
            return ApiError::RateLimited(wait).into_response();
        }
    }
    next.run(req).await
}

pub(crate) fn parse<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::Malformed(e.to_string()))
}

/// Gives axum's own rejections (a body over the limit, a wrong method, an unreadable body or
/// path) the API's JSON error shape, so every error a client sees has a code. A page (the
/// web client's "no such match") stays a page.
async fn json_errors(res: Response) -> Response {
    let status = res.status();
    let content_type = res.headers().get(header::CONTENT_TYPE);
    let is_json = content_type.is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let is_html = content_type.is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json || is_html {
        return res;
    }
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::UNPROCESSABLE_ENTITY => "invalid",
        StatusCode::TOO_MANY_REQUESTS => "rate_limited",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
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
    let mut res = (status, Json(ErrorBody::new(code, message))).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            res.headers_mut().insert(name, value.clone());
        }
    }
    res
}

/// The largest request body any route takes.
pub const MAX_BODY: usize = 1024 * 1024;

/// The router of the whole service (compressed: [`senet_assets::compressed`]).
pub fn router(state: AppState) -> Router {
    // Only the POST routes are guarded, so that a wrong method anywhere gets the router's 405.
    let guard = axum::middleware::from_fn_with_state(state.clone(), guard_writes);
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/openapi.json", get(openapi))
        .route("/api/protocol.schema.json", get(protocol_schema))
        .route("/api/variants", get(variants))
        .route(
            "/api/matches",
            get(list_matches).merge(post(create_match).layer(guard.clone())),
        )
        .route("/api/matches/{id}", get(get_match))
        .route(
            "/api/matches/{id}/join",
            post(join_match).layer(guard.clone()),
        )
        .route("/api/matches/{id}/games/{game}", get(game_record))
        // A game record to check may be up to the upload cap (a long game's is a few
        // hundred KiB).
        .route(
            "/api/verify",
            post(verify)
                .layer(DefaultBodyLimit::max(senet_match::record::MAX_UPLOAD_BYTES))
                .layer(guard.clone()),
        )
        .route("/ws/matches/{id}", get(ws_upgrade))
        .route(
            "/api/players",
            post(scoreboard::create_player).layer(guard.clone()),
        )
        .route("/api/quick", post(crate::quick::enter).layer(guard))
        .route(
            "/api/quick/{ticket}",
            get(crate::quick::poll).delete(crate::quick::leave),
        )
        .route("/api/tv", get(crate::tv::channel))
        .merge(scoreboard::router())
        .merge(chat::router())
        .merge(chances::router())
        .merge(senet_assets::routes())
        .fallback(|| async { ApiError::NotFound })
        // Every other body is small.
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(state);
    senet_assets::compressed(app)
}
