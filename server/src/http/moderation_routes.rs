//! Blocks, reports and the moderator's routes (`docs/accounts.md`, "Blocks, reports and
//! moderators"): each carries a request to [`senet_accounts::Accounts`]. Every `POST` has
//! the write guard; the routes are in `http/mod.rs` with the others.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::http::inputs::parse;
use crate::http::signed_in::SignedIn;
use crate::http::{ApiError, ErrorBody};

/// An account named.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Named {
    /// The account's name (any letter case).
    username: String,
}

/// An account to silence, or to let speak again.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Silence {
    /// The account's name (any letter case).
    username: String,
    /// Silenced (`true`) or not.
    silenced: bool,
}

/// A report of a player.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewReport {
    /// The reported account's name.
    username: String,
    /// The match it is about, if any.
    #[serde(default)]
    match_id: Option<String>,
    /// Why (1 to 300 characters, normalised as chat is).
    reason: String,
}

/// The accounts the signed-in player blocks.
#[derive(Serialize, JsonSchema)]
pub(crate) struct Blocked {
    /// Their names, by name.
    blocked: Vec<String>,
}

/// A report kept.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ReportMade {
    /// Its id.
    id: String,
}

/// A report, as a moderator reads it.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ReportLine {
    /// Its id.
    id: String,
    /// Who reported (their name now).
    reporter: String,
    /// Who was reported (their name now) and their player id.
    reported: String,
    /// See [`ReportLine::reported`].
    reported_id: String,
    /// The match it is about, if any.
    match_id: Option<String>,
    /// The reporter's words.
    reason: String,
    /// When (Unix ms).
    created_ms: i64,
}

/// The newest reports.
#[derive(Serialize, JsonSchema)]
pub(crate) struct Reports {
    /// Newest first, at most 200.
    reports: Vec<ReportLine>,
}

super::contracts::bodies!(writes: Blocked, ReportMade, Reports; reads: Named, NewReport, Silence);

async fn blocked(state: &AppState, who: &SignedIn) -> Result<Json<Blocked>, ApiError> {
    Ok(Json(Blocked {
        blocked: state.accounts.blocked(&who.account).await?,
    }))
}

/// The accounts the signed-in player blocks.
#[utoipa::path(get, path = "/api/me/blocks",
    responses((status = 200, description = "the blocked accounts", body = Blocked),
        (status = 401, description = "signed_out", body = ErrorBody)))]
pub(crate) async fn list_blocks(
    State(state): State<AppState>,
    who: SignedIn,
) -> Result<Json<Blocked>, ApiError> {
    blocked(&state, &who).await
}

/// Block an account: the two are never paired in quick games.
#[utoipa::path(post, path = "/api/me/blocks", request_body = Named,
    responses((status = 200, description = "blocked", body = Blocked),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 404, description = "no account has that name", body = ErrorBody),
        (status = 422, description = "oneself", body = ErrorBody)))]
pub(crate) async fn block(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Json<Blocked>, ApiError> {
    let req: Named = parse(&body)?;
    state.accounts.block(&who.account, &req.username).await?;
    blocked(&state, &who).await
}

/// Unblock an account.
#[utoipa::path(post, path = "/api/me/blocks/remove", request_body = Named,
    responses((status = 200, description = "unblocked", body = Blocked),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 404, description = "no account has that name", body = ErrorBody)))]
pub(crate) async fn unblock(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Json<Blocked>, ApiError> {
    let req: Named = parse(&body)?;
    state.accounts.unblock(&who.account, &req.username).await?;
    blocked(&state, &who).await
}

/// Report a player (perhaps about a match) to the moderators.
#[utoipa::path(post, path = "/api/reports", request_body = NewReport,
    responses((status = 201, description = "kept for the moderators", body = ReportMade),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 404, description = "no account has that name", body = ErrorBody),
        (status = 422, description = "no reason, too long a reason, or no such match", body = ErrorBody)))]
pub(crate) async fn report(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: NewReport = parse(&body)?;
    let id = state
        .accounts
        .report(
            &who.account,
            &req.username,
            req.match_id.as_deref(),
            &req.reason,
        )
        .await?;
    Ok((StatusCode::CREATED, Json(ReportMade { id })).into_response())
}

/// The newest reports (moderators only).
#[utoipa::path(get, path = "/api/admin/reports",
    responses((status = 200, description = "the newest reports", body = Reports),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 403, description = "forbidden: not a moderator", body = ErrorBody)))]
pub(crate) async fn reports(
    State(state): State<AppState>,
    who: SignedIn,
) -> Result<Json<Reports>, ApiError> {
    let rows = state.accounts.reports(&who.account).await?;
    Ok(Json(Reports {
        reports: rows
            .into_iter()
            .map(|r| ReportLine {
                id: r.id,
                reporter: r.reporter,
                reported: r.reported,
                reported_id: r.reported_id,
                match_id: r.match_id,
                reason: r.reason,
                created_ms: r.created_ms,
            })
            .collect(),
    }))
}

/// Close an account (moderators only): it signs in no more, and its sessions end.
#[utoipa::path(post, path = "/api/admin/accounts/close", request_body = Named,
    responses((status = 204, description = "closed"),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 403, description = "forbidden: not a moderator", body = ErrorBody),
        (status = 404, description = "no open account has that name", body = ErrorBody)))]
pub(crate) async fn close(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let req: Named = parse(&body)?;
    state.accounts.close(&who.account, &req.username).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Silence an account (moderators only), or lift it: it still signs in and plays, but cannot
/// chat or challenge anyone.
#[utoipa::path(post, path = "/api/admin/accounts/silence", request_body = Silence,
    responses((status = 204, description = "silenced, or lifted"),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 403, description = "forbidden: not a moderator", body = ErrorBody),
        (status = 404, description = "no open account has that name", body = ErrorBody)))]
pub(crate) async fn silence(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let req: Silence = parse(&body)?;
    state
        .accounts
        .silence(&who.account, &req.username, req.silenced)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
