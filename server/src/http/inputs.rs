//! What every request brings and goes through before its handler: the client's address
//! ([`ClientIp`]), the check of a browser's origin, the guard of state-changing requests
//! (origin, content type, the players' allowance) and the JSON body's parse.

use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};

use super::error::{ApiError, refusal};
use crate::app_state::AppState;

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
pub(crate) fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> Result<(), ApiError> {
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
pub(crate) async fn guard_writes(
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

/// A nested object of a request body (`deserialize_with`): only a JSON object, as serde
/// would also read a struct from an array of its fields (`"options": [null]`).
pub(crate) fn object<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<T, D::Error> {
    let map = serde_json::Map::<String, serde_json::Value>::deserialize(d)?;
    T::deserialize(serde_json::Value::Object(map)).map_err(D::Error::custom)
}

/// As [`object`], for an optional one (`null` or left out: none).
pub(crate) fn optional_object<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    d: D,
) -> Result<Option<T>, D::Error> {
    Option::<serde_json::Map<String, serde_json::Value>>::deserialize(d)?
        .map(|map| T::deserialize(serde_json::Value::Object(map)).map_err(D::Error::custom))
        .transpose()
}

/// A request body that must be one JSON object: serde would also read a struct from an
/// array of its fields in order (`[]` as `{}`), which no client means.
pub(crate) fn parse<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    let first = body.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        return Err(ApiError::Malformed("the body must be a JSON object".into()));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::Malformed(e.to_string()))
}

/// Whether the request asks for an HTML page (a browser's navigation).
pub(crate) fn accepts_html(headers: &HeaderMap) -> bool {
    headers
        .get(axum::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}
