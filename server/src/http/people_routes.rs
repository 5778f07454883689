//! Players among themselves (`docs/accounts.md`, "Challenges" and "Who is online"): a page's
//! own socket (`GET /ws/people`), challenges by name, follows and the count of who is
//! online. Every `POST` has the write guard; the routes are in `http/mod.rs` with the others.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use senet_accounts::people::Answer;
use senet_protocol::{ChallengeView, PeopleMsg};
use senet_store::sql::people_rows::ChallengeRow;
use serde::{Deserialize, Serialize};

use super::contracts::ChallengeViewBody;
use super::inputs::{ClientIp, accepts_html, origin_allowed, parse};
use super::lobby::{CreateMatch, Joined, make_match, new_match, take_seat};
use super::people_socket::view;
use super::signed_in::{MaybeSignedIn, SignedIn, session_secret};
use super::{ApiError, ErrorBody};
use crate::AppState;

/// A challenge to send.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewChallenge {
    /// The challenged account's name (any letter case).
    username: String,
    /// The match, as the create form sends it (`POST /api/matches`' body): two players, no
    /// computer.
    terms: serde_json::Value,
}

/// The challenges to and from the signed-in account.
#[derive(Serialize, JsonSchema)]
pub(crate) struct Challenges {
    /// Not expired (open or answered), newest first.
    challenges: Vec<ChallengeView>,
}

/// An account named.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FollowName {
    /// The account's name (any letter case).
    username: String,
}

/// A followed account and what it is doing.
#[derive(Serialize, JsonSchema)]
pub(crate) struct Followed {
    /// Its name.
    username: String,
    /// Its player (`/players/{id}`).
    player_id: String,
    /// `offline`, `online` (a page open), or `playing` (a page open and a seat in a match
    /// being played).
    status: &'static str,
    /// While playing a public match: the match, to watch.
    #[serde(skip_serializing_if = "Option::is_none")]
    match_id: Option<String>,
}

/// The accounts the signed-in player follows.
#[derive(Serialize, JsonSchema)]
pub(crate) struct Follows {
    /// By name.
    follows: Vec<Followed>,
}

/// How many are online.
#[derive(Serialize, JsonSchema)]
pub(crate) struct OnlineCount {
    /// Signed-in accounts with a page open (each once) and guests' open pages.
    online: u64,
    /// Public matches being played.
    playing: u64,
}

super::contracts::bodies!(writes: Challenges, Follows, OnlineCount; reads: NewChallenge, FollowName);

/// Says a challenge, as it is now, to both its players' pages.
async fn tell_both(state: &AppState, row: &ChallengeRow) {
    for player in [&row.from_id, &row.to_id] {
        let msg = PeopleMsg::Challenge {
            challenge: view(row.clone(), player),
        };
        super::people_socket::tell(state, player, &msg).await;
    }
}

/// A page's own socket: the count of who is online, and a signed-in account's challenges
/// (docs/protocol.md, "WebSocket: `GET /ws/people`").
#[utoipa::path(get, path = "/ws/people",
    responses((status = 101, description = "switching protocols"),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 429, description = "too many sockets or upgrades from this address", body = ErrorBody)))]
pub(crate) async fn people_socket(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    origin_allowed(&headers, &state.config.allowed_origins)?;
    state.limits.upgrade(ip).map_err(ApiError::RateLimited)?;
    let account = match session_secret(&headers) {
        Some(secret) => state
            .accounts
            .session(&secret)
            .await?
            .map(|a| (a.player_id, secret)),
        None => None,
    };
    let guard = state
        .limits
        .open_socket(ip)
        .map_err(|_| ApiError::TooManyConnections)?;
    let live = state.sockets.clone();
    Ok(ws
        .max_message_size(8 * 1024)
        .max_frame_size(8 * 1024)
        .read_buffer_size(1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| async move {
            super::people_socket::run_people_socket(socket, state, account, guard).await;
            drop(live);
        }))
}

/// How many are online, and how many public games are being played.
#[utoipa::path(get, path = "/api/online",
    responses((status = 200, description = "the counts", body = OnlineCount)))]
pub(crate) async fn online(State(state): State<AppState>) -> Json<OnlineCount> {
    Json(OnlineCount {
        online: super::people_socket::online(&state).await.count(),
        playing: super::people_socket::games_playing(&state).await,
    })
}

/// Challenge an account by name to a match on the terms of the create form.
#[utoipa::path(post, path = "/api/challenges", request_body = NewChallenge,
    responses((status = 201, description = "sent: the challenged player's pages are told at once", body = ChallengeViewBody),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 403, description = "challenge_refused: a block, either way", body = ErrorBody),
        (status = 404, description = "no open account has that name", body = ErrorBody),
        (status = 422, description = "terms that make no match, more than two players, a computer, or oneself", body = ErrorBody),
        (status = 429, description = "too_many_challenges waiting for an answer", body = ErrorBody)))]
pub(crate) async fn send(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: NewChallenge = parse(&body)?;
    let terms: CreateMatch = serde_json::from_value(req.terms.clone())
        .map_err(|e| ApiError::Malformed(format!("terms: {e}")))?;
    // Checked now, so that a challenge accepted always makes its match.
    new_match(
        terms.for_challenge()?,
        &MaybeSignedIn(Some(who.account.clone())),
    )?;
    let row = state
        .accounts
        .challenge(&who.account, &req.username, &req.terms.to_string())
        .await?;
    tracing::info!(challenge = %row.id, "challenge sent");
    tell_both(&state, &row).await;
    let me = who.account.player_id.clone();
    Ok((StatusCode::CREATED, Json(view(row, &me))).into_response())
}

/// The challenges to and from the signed-in account that have not expired.
#[utoipa::path(get, path = "/api/challenges",
    responses((status = 200, description = "newest first", body = Challenges),
        (status = 401, description = "signed_out", body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    who: SignedIn,
) -> Result<Json<Challenges>, ApiError> {
    let me = &who.account.player_id;
    Ok(Json(Challenges {
        challenges: state
            .accounts
            .challenges(&who.account)
            .await?
            .into_iter()
            .map(|c| view(c, me))
            .collect(),
    }))
}

/// Accept a challenge: the match is made, the challenger in seat 1, and the accepting player
/// takes seat 2. The challenger's pages are told the match and their seat's token.
#[utoipa::path(post, path = "/api/challenges/{id}/accept",
    params(("id" = String, Path, description = "the challenge")),
    responses((status = 200, description = "your seat in the new match", body = Joined),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 410, description = "challenge_gone: answered, cancelled, expired, or not to you", body = ErrorBody),
        (status = 429, description = "rate limited", body = ErrorBody),
        (status = 503, description = "the server holds too many matches, or the store failed", body = ErrorBody)))]
pub(crate) async fn accept(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    who: SignedIn,
    Path(id): Path<String>,
) -> Result<Response, Response> {
    let me = who.account.player_id.clone();
    let open = state
        .accounts
        .challenge_of(&who.account, &id)
        .await
        .map_err(ApiError::from)?;
    if open.to_id != me || open.state != "open" {
        return Err(ApiError::from(senet_accounts::AccountError::ChallengeGone).into());
    }
    let challenger = state
        .accounts
        .account_of(&open.from_id)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::from(senet_accounts::AccountError::ChallengeGone))?;
    let terms: CreateMatch = serde_json::from_str(&open.terms)
        .map_err(|e| ApiError::Internal(format!("stored terms: {e}")))?;
    let terms = terms.for_challenge()?;
    let created = make_match(&state, ip, &MaybeSignedIn(Some(challenger)), terms).await?;
    // Of two answers at once, one alone moves it; the other's match expires unjoined.
    let answered = state
        .accounts
        .answer_challenge(&who.account, &id, Answer::Accept)
        .await
        .map_err(ApiError::from)?;
    let handle = state
        .live_match(&created.match_id)
        .await
        .ok()
        .flatten()
        .ok_or(ApiError::Unavailable)?;
    let invite = created.invites.first().map(|i| i.invite.clone());
    let joined = take_seat(
        &handle,
        invite,
        who.account.username.clone(),
        Some(me.clone()),
    )
    .await?;
    state
        .accounts
        .challenge_made(&id, &created.match_id, &created.token)
        .await
        .map_err(ApiError::from)?;
    let row = ChallengeRow {
        match_id: Some(created.match_id.clone()),
        from_token: Some(created.token.clone()),
        ..answered
    };
    tracing::info!(challenge = %id, match_id = %created.match_id, "challenge accepted");
    tell_both(&state, &row).await;
    Ok(joined.into_response())
}

async fn answer(
    state: &AppState,
    who: &SignedIn,
    id: &str,
    answer: Answer,
) -> Result<Json<ChallengeView>, ApiError> {
    let row = state
        .accounts
        .answer_challenge(&who.account, id, answer)
        .await?;
    tell_both(state, &row).await;
    Ok(Json(view(row, &who.account.player_id)))
}

/// Decline a challenge made to you.
#[utoipa::path(post, path = "/api/challenges/{id}/decline",
    params(("id" = String, Path, description = "the challenge")),
    responses((status = 200, description = "declined: the challenger's pages are told", body = ChallengeViewBody),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 410, description = "challenge_gone", body = ErrorBody)))]
pub(crate) async fn decline(
    State(state): State<AppState>,
    who: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    answer(&state, &who, &id, Answer::Decline).await
}

/// Take back a challenge you sent.
#[utoipa::path(post, path = "/api/challenges/{id}/cancel",
    params(("id" = String, Path, description = "the challenge")),
    responses((status = 200, description = "cancelled: the challenged player's pages are told", body = ChallengeViewBody),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 410, description = "challenge_gone", body = ErrorBody)))]
pub(crate) async fn cancel(
    State(state): State<AppState>,
    who: SignedIn,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    answer(&state, &who, &id, Answer::Cancel).await
}

async fn follows(state: &AppState, who: &SignedIn) -> Result<Json<Follows>, ApiError> {
    let followed = state.accounts.followed(&who.account).await?;
    let online = super::people_socket::online(state).await;
    let ids: Vec<String> = followed
        .iter()
        .filter(|f| online.players.contains(&f.player_id))
        .map(|f| f.player_id.clone())
        .collect();
    let playing = state.accounts.playing(&ids).await?;
    Ok(Json(Follows {
        follows: followed
            .into_iter()
            .map(|f| {
                let seats: Vec<_> = playing.iter().filter(|p| p.0 == f.player_id).collect();
                let status = if !online.players.contains(&f.player_id) {
                    "offline"
                } else if seats.is_empty() {
                    "online"
                } else {
                    "playing"
                };
                Followed {
                    match_id: seats.iter().find(|p| p.2).map(|p| p.1.clone()),
                    status,
                    username: f.username,
                    player_id: f.player_id,
                }
            })
            .collect(),
    }))
}

/// The accounts the signed-in player follows, each with its status.
#[utoipa::path(get, path = "/api/me/follows",
    responses((status = 200, description = "by name", body = Follows),
        (status = 401, description = "signed_out", body = ErrorBody)))]
pub(crate) async fn list_follows(
    State(state): State<AppState>,
    who: SignedIn,
) -> Result<Json<Follows>, ApiError> {
    follows(&state, &who).await
}

/// Follow an account: its status shows in your lobby.
#[utoipa::path(post, path = "/api/me/follows", request_body = FollowName,
    responses((status = 200, description = "followed", body = Follows),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 404, description = "no account has that name", body = ErrorBody),
        (status = 422, description = "oneself", body = ErrorBody)))]
pub(crate) async fn follow(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Json<Follows>, ApiError> {
    let req: FollowName = parse(&body)?;
    state.accounts.follow(&who.account, &req.username).await?;
    follows(&state, &who).await
}

/// Stop following an account.
#[utoipa::path(post, path = "/api/me/follows/remove", request_body = FollowName,
    responses((status = 200, description = "no longer followed", body = Follows),
        (status = 401, description = "signed_out", body = ErrorBody),
        (status = 404, description = "no account has that name", body = ErrorBody)))]
pub(crate) async fn unfollow(
    State(state): State<AppState>,
    who: SignedIn,
    body: Bytes,
) -> Result<Json<Follows>, ApiError> {
    let req: FollowName = parse(&body)?;
    state.accounts.unfollow(&who.account, &req.username).await?;
    follows(&state, &who).await
}

/// A player's page by account name: `/@/Ana` leads to `/players/{id}` (any letter case). A
/// name that is no open account's gets the "No such page" page (a client that does not ask
/// for HTML, the JSON `not_found`).
#[utoipa::path(get, path = "/@/{username}",
    params(("username" = String, Path, description = "the account's name")),
    responses((status = 303, description = "to the player's page"),
        (status = 404, description = "no open account has that name")))]
pub(crate) async fn by_name(
    State(state): State<AppState>,
    Path(username): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match state.accounts.account_named(&username).await? {
        Some(a) => {
            Ok(axum::response::Redirect::to(&format!("/players/{}", a.player_id)).into_response())
        }
        // A browser gets the page; any other client the JSON `not_found`.
        None if accepts_html(&headers) => Ok(senet_assets::no_such_page(headers).await),
        None => Err(ApiError::NotFound),
    }
}
