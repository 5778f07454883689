//! The account routes (`docs/accounts.md`): sign-up, sign-in and sign-out, the signed-in
//! account, its passkeys. Each carries a request to [`senet_accounts::Accounts`] and a new
//! session's secret back as a cookie (`signed_in.rs` reads it for any route). Every `POST` has the write guard (origin, JSON content type); the routes are
//! in `http/mod.rs` with the others.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use senet_accounts::session_cookie::{clear_cookie, set_cookie};
use senet_accounts::{Me, PublicKeyCredential, RegisterPublicKeyCredential};
use serde::Deserialize;

use crate::AppState;
use crate::http::contracts::{CeremonyBody, MeBody};
use crate::http::inputs::{ClientIp, parse};
use crate::http::signed_in::{SignedIn, session_secret};
use crate::http::{ApiError, ErrorBody};

/// A signed-in answer: the account, and the new session's cookie.
fn signed_in(state: &AppState, status: StatusCode, done: senet_accounts::SignedIn) -> Response {
    let cookie = set_cookie(&done.secret, state.accounts.secure_cookies());
    let mut res = (status, Json(done.me)).into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// A signed-out answer: 204 and a cookie that clears the browser's.
fn signed_out(state: &AppState) -> Response {
    let mut res = StatusCode::NO_CONTENT.into_response();
    if let Ok(v) = HeaderValue::from_str(&clear_cookie(state.accounts.secure_cookies())) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res
}

/// Ends the session a request already carries, if any: a sign-in always makes a fresh one,
/// so a secret planted in a browser before it signs in never becomes a signed-in session.
async fn replace_session(state: &AppState, headers: &axum::http::HeaderMap) {
    if let Some(secret) = session_secret(headers) {
        if let Err(e) = state.accounts.sign_out(&secret).await {
            tracing::warn!(error = %e, "could not end the session a sign-in replaces");
        }
    }
}

/// A password sign-up.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PasswordSignUp {
    /// The name (2–64 characters; unique, case and look-alike letters aside).
    username: String,
    /// The password (8 characters or more).
    password: String,
    /// A browser's player key to claim: the account becomes that player.
    #[serde(default)]
    player_key: Option<String>,
}

/// A passkey sign-up's start.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PasskeySignUp {
    /// The name (2–64 characters; unique, case and look-alike letters aside).
    username: String,
    /// A browser's player key to claim: the account becomes that player.
    #[serde(default)]
    player_key: Option<String>,
}

/// A password sign-in.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PasswordSignIn {
    /// The name (any letter case).
    username: String,
    /// The password.
    password: String,
}

/// A passkey ceremony's finish: the ceremony's id and the browser's credential
/// (`PublicKeyCredential.toJSON()`).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CeremonyFinish {
    /// The id the start answered.
    ceremony: String,
    /// The credential, as `toJSON()` writes it.
    credential: serde_json::Value,
}

/// Nothing: the routes that take no fields take `{}`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Empty {}

super::contracts::bodies!(writes: ; reads: PasswordSignUp, PasskeySignUp, PasswordSignIn, CeremonyFinish, Empty);

fn credential<T: for<'de> Deserialize<'de>>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::Malformed(format!("credential: {e}")))
}

/// The signed-in account.
#[utoipa::path(get, path = "/api/me",
    responses((status = 200, description = "the signed-in account", body = MeBody),
        (status = 401, description = "signed_out: no session, or an ended one", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn me(State(state): State<AppState>, who: SignedIn) -> Result<Response, ApiError> {
    let me = state.accounts.me(who.account).await?;
    let mut res = Json(me).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// Sign up with a password, and sign in.
#[utoipa::path(post, path = "/api/accounts", request_body = PasswordSignUp,
    responses((status = 201, description = "made and signed in (Set-Cookie: senet_session)", body = MeBody),
        (status = 400, description = "malformed", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 409, description = "username_taken", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid name or password, or a player key that is not one to claim", body = ErrorBody),
        (status = 429, description = "accounts made too often from this address", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn sign_up(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: PasswordSignUp = parse(&body)?;
    state
        .limits
        .create_player(ip)
        .map_err(ApiError::RateLimited)?;
    let done = state
        .accounts
        .sign_up_with_password(&req.username, &req.password, req.player_key.as_deref())
        .await?;
    replace_session(&state, &headers).await;
    Ok(signed_in(&state, StatusCode::CREATED, done))
}

/// Start a sign-up with a passkey.
#[utoipa::path(post, path = "/api/accounts/passkey", request_body = PasskeySignUp,
    responses((status = 200, description = "the options for navigator.credentials.create", body = CeremonyBody),
        (status = 409, description = "username_taken", body = ErrorBody),
        (status = 422, description = "invalid name, or a player key that is not one to claim", body = ErrorBody),
        (status = 429, description = "accounts made too often from this address", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn begin_passkey_sign_up(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<Json<senet_accounts::Ceremony>, ApiError> {
    let req: PasskeySignUp = parse(&body)?;
    state
        .limits
        .create_player(ip)
        .map_err(ApiError::RateLimited)?;
    Ok(Json(
        state
            .accounts
            .begin_sign_up_with_passkey(&req.username, req.player_key.as_deref())
            .await?,
    ))
}

/// Finish a sign-up with a passkey, and sign in.
#[utoipa::path(post, path = "/api/accounts/passkey/finish", request_body = CeremonyFinish,
    responses((status = 201, description = "made and signed in (Set-Cookie: senet_session)", body = MeBody),
        (status = 400, description = "malformed, ceremony_expired or passkey_refused", body = ErrorBody),
        (status = 409, description = "username_taken (since the start) or passkey_taken", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn finish_passkey_sign_up(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: CeremonyFinish = parse(&body)?;
    let credential: RegisterPublicKeyCredential = credential(req.credential)?;
    let done = state
        .accounts
        .finish_sign_up_with_passkey(&req.ceremony, &credential)
        .await?;
    replace_session(&state, &headers).await;
    Ok(signed_in(&state, StatusCode::CREATED, done))
}

/// Sign in with a name and password.
#[utoipa::path(post, path = "/api/session", request_body = PasswordSignIn,
    responses((status = 200, description = "signed in (Set-Cookie: senet_session)", body = MeBody),
        (status = 401, description = "wrong_credentials (the same whether the name exists or not)", body = ErrorBody),
        (status = 429, description = "too many wrong passwords for this name or from this address", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: PasswordSignIn = parse(&body)?;
    let done = state
        .accounts
        .sign_in_with_password(
            &req.username,
            &req.password,
            ip.unwrap_or(std::net::Ipv4Addr::UNSPECIFIED.into()),
        )
        .await?;
    replace_session(&state, &headers).await;
    Ok(signed_in(&state, StatusCode::OK, done))
}

/// Start a sign-in with a passkey (the browser offers the ones it holds for this site).
#[utoipa::path(post, path = "/api/session/passkey", request_body = Empty,
    responses((status = 200, description = "the options for navigator.credentials.get", body = CeremonyBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn begin_passkey_sign_in(
    State(state): State<AppState>,
    body: Bytes,
) -> Result<Json<senet_accounts::Ceremony>, ApiError> {
    let _: Empty = parse(&body)?;
    Ok(Json(state.accounts.begin_sign_in_with_passkey().await?))
}

/// Finish a sign-in with a passkey.
#[utoipa::path(post, path = "/api/session/passkey/finish", request_body = CeremonyFinish,
    responses((status = 200, description = "signed in (Set-Cookie: senet_session)", body = MeBody),
        (status = 400, description = "malformed or ceremony_expired", body = ErrorBody),
        (status = 401, description = "wrong_credentials: no such passkey, another account's, or a signature that does not check out", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn finish_passkey_sign_in(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: CeremonyFinish = parse(&body)?;
    let credential: PublicKeyCredential = credential(req.credential)?;
    let done = state
        .accounts
        .finish_sign_in_with_passkey(&req.ceremony, &credential)
        .await?;
    replace_session(&state, &headers).await;
    Ok(signed_in(&state, StatusCode::OK, done))
}

/// Sign out this browser.
#[utoipa::path(post, path = "/api/session/end", request_body = Empty,
    responses((status = 204, description = "signed out (the cookie cleared)"),
        (status = 401, description = "signed_out already", body = ErrorBody)))]
pub(crate) async fn sign_out(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Response, ApiError> {
    let _: Empty = parse(&body)?;
    state.accounts.sign_out(&who.secret).await?;
    Ok(signed_out(&state))
}

/// Sign out every browser of the account, this one too.
#[utoipa::path(post, path = "/api/session/end-everywhere", request_body = Empty,
    responses((status = 204, description = "every session ended (this browser's cookie cleared)"),
        (status = 401, description = "signed_out", body = ErrorBody)))]
pub(crate) async fn sign_out_everywhere(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Response, ApiError> {
    let _: Empty = parse(&body)?;
    state
        .accounts
        .sign_out_everywhere(&who.account.player_id)
        .await?;
    Ok(signed_out(&state))
}

/// Start adding a passkey (another device) to the signed-in account.
#[utoipa::path(post, path = "/api/me/passkeys", request_body = Empty,
    responses((status = 200, description = "the options for navigator.credentials.create", body = CeremonyBody),
        (status = 401, description = "signed_out", body = ErrorBody)))]
pub(crate) async fn begin_adding_passkey(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Json<senet_accounts::Ceremony>, ApiError> {
    let _: Empty = parse(&body)?;
    Ok(Json(
        state.accounts.begin_adding_passkey(&who.account).await?,
    ))
}

/// Finish adding a passkey.
#[utoipa::path(post, path = "/api/me/passkeys/finish", request_body = CeremonyFinish,
    responses((status = 200, description = "added", body = MeBody),
        (status = 400, description = "malformed, ceremony_expired (or another account's) or passkey_refused", body = ErrorBody),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 409, description = "passkey_taken", body = ErrorBody)))]
pub(crate) async fn finish_adding_passkey(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Json<Me>, ApiError> {
    let req: CeremonyFinish = parse(&body)?;
    let credential: RegisterPublicKeyCredential = credential(req.credential)?;
    Ok(Json(
        state
            .accounts
            .finish_adding_passkey(&who.account, &req.ceremony, &credential)
            .await?,
    ))
}

/// Remove a passkey of the signed-in account.
#[utoipa::path(post, path = "/api/me/passkeys/{id}/remove", request_body = Empty,
    params(("id" = String, Path, description = "the passkey's id")),
    responses((status = 200, description = "removed", body = MeBody),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 404, description = "no such passkey on this account", body = ErrorBody),
        (status = 409, description = "last_way_in: it is the only way left to sign in", body = ErrorBody)))]
pub(crate) async fn remove_passkey(
    State(state): State<AppState>,
    who: SignedIn,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Me>, ApiError> {
    let _: Empty = parse(&body)?;
    Ok(Json(
        state.accounts.remove_passkey(&who.account, &id).await?,
    ))
}

/// Everything the server keeps of an account, for its owner to download.
#[derive(serde::Serialize, JsonSchema)]
pub(crate) struct AccountExport {
    /// When this was made (RFC 3339).
    exported_at: String,
    /// The account: name, player, role, when made, its passkeys (no secret).
    account: Me,
    /// How many browsers are signed in.
    sessions: i64,
    /// The player's public matches and ratings, as `GET /api/players/{id}/history` gives them.
    history: super::scoreboard::History,
}

/// The account's confirmation of its deletion.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DeleteAccount {
    /// The account's name, exactly as written (a typed confirmation).
    username: String,
}

super::contracts::bodies!(writes: AccountExport; reads: DeleteAccount);

/// Download everything the server keeps of the signed-in account (JSON).
#[utoipa::path(get, path = "/api/me/export",
    responses((status = 200, description = "the account's data, as an attachment", body = AccountExport),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn export(
    State(state): State<AppState>,
    who: SignedIn,
) -> Result<Response, ApiError> {
    let sessions = state.accounts.session_count(&who.account).await?;
    let player_id = who.account.player_id.clone();
    let account = state.accounts.me(who.account).await?;
    let history = super::scoreboard::player_history(&state, player_id).await?;
    let export = AccountExport {
        exported_at: senet_protocol::time::rfc3339(senet_protocol::time::now_ms()),
        account,
        sessions,
        history,
    };
    let mut res = Json(export).into_response();
    let headers = res.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"senet-account.json\""),
    );
    Ok(res)
}

/// Delete the signed-in account: its sessions, passkeys and ratings go; its games stay,
/// under "deleted player".
#[utoipa::path(post, path = "/api/me/delete", request_body = DeleteAccount,
    responses((status = 204, description = "deleted (the cookie cleared)"),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 422, description = "the name does not confirm it", body = ErrorBody),
        (status = 503, description = "store unavailable", body = ErrorBody)))]
pub(crate) async fn delete(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: DeleteAccount = parse(&body)?;
    state.accounts.delete(&who.account, &req.username).await?;
    Ok(signed_out(&state))
}
