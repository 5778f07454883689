//! Quick games over REST: `POST /api/quick` enters a pool (or pairs at once),
//! `GET /api/quick/{ticket}` long-polls it, `DELETE /api/quick/{ticket}` leaves it. The
//! pools themselves are [`crate::quick`]; here the pair's match is made, through the
//! same path as `POST /api/matches` and `POST /api/matches/{id}/join`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use senet_protocol::text::check_name;
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::AppState;
use crate::http::contracts::bodies;
use crate::http::error::refusal;
use crate::http::inputs::{ClientIp, parse};
use crate::http::{ApiError, ErrorBody};
use crate::quick::{Failure, LONG_POLL, Left, Pair, Phase, PoolKey, Seating, Seeker};
use senet_live::{Cmd, NewMatch, SeatClaim, spawn_match_for};
use senet_protocol::Series;

/// The body of `POST /api/quick`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct QuickRequest {
    /// The variant (one with two-player games).
    #[schemars(with = "senet_engine::Variant")]
    variant: String,
    /// Always 2 (the pools are for two-player games); may be left out.
    #[serde(default)]
    #[schemars(range(min = 2, max = 2))]
    players: Option<u8>,
    /// The series (default: best of 1).
    #[serde(default, deserialize_with = "crate::http::inputs::optional_object")]
    #[schemars(with = "Option<Series>")]
    series: Option<Series>,
    /// The display name.
    #[serde(default)]
    #[schemars(length(max = 64))]
    name: Option<String>,
    /// The player's key from `POST /api/players`.
    #[serde(default)]
    player_key: Option<String>,
    /// Pair this ticket with a ticket of the same address or player too, if that ticket
    /// asks for it as well (by default one address, or one player, never meets itself).
    #[serde(default)]
    allow_same_address: bool,
}

/// A quick-game ticket's state.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub(crate) enum QuickStatus {
    /// In the pool: poll the ticket again.
    Waiting {
        /// The ticket.
        ticket: String,
        /// Seconds in the pool so far.
        waited_secs: u64,
        /// Whether the lobby should offer a game against the computer instead.
        bot_offer: bool,
    },
    /// Paired: the seat.
    Paired {
        /// The ticket.
        ticket: String,
        /// The pair's match.
        match_id: String,
        /// This player's seat.
        seat: u8,
        /// The seat's token (a bearer secret).
        token: String,
        /// The match's WebSocket.
        ws_url: String,
    },
}

bodies!(writes: QuickStatus; reads: QuickRequest);

fn paired(ticket: &str, s: &Seating) -> QuickStatus {
    QuickStatus::Paired {
        ticket: ticket.to_owned(),
        match_id: s.match_id.clone(),
        seat: s.seat,
        token: s.token.clone(),
        ws_url: format!("/ws/matches/{}", s.match_id),
    }
}

fn failed(f: Failure) -> Response {
    refusal(
        StatusCode::from_u16(f.status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE),
        f.code,
        f.message,
    )
}

/// Makes the pair's match: a public casual match created for the first ticket's player
/// (seat 1), whose seat 2 the second's claims with its invite. The match is listed only
/// once both seats are claimed.
async fn seat_pair(state: &AppState, pair: &Pair) -> Result<(Seating, Seating), ApiError> {
    if state.registry.open() >= state.config.max_open_matches {
        return Err(ApiError::TooManyMatches);
    }
    let (first, second) = (&pair.first.1, &pair.second.1);
    let or = |name: &str, default: &str| {
        if name.is_empty() {
            default.to_owned()
        } else {
            name.to_owned()
        }
    };
    let spec = NewMatch {
        variant: pair.key.variant,
        setup: senet_engine::Setup::players(2),
        series: pair.key.series,
        name: "Quick game".into(),
        public: true,
        rated: false,
        creator: or(&first.name, "Player 1"),
        clock: None,
        bots: Vec::new(),
    };
    let (handle, created) = spawn_match_for(
        spec,
        first.player_id.clone(),
        state.store.clone(),
        state.live.clone(),
    )
    .await
    .map_err(|_| ApiError::Unavailable)?;
    let invite = created
        .invites
        .first()
        .map(|(_, invite)| invite.clone())
        .ok_or_else(|| ApiError::Internal("a two-seat match without an invite".into()))?;
    let (reply, rx) = oneshot::channel();
    handle
        .mailbox
        .send(Cmd::Join(Box::new(SeatClaim {
            invite: Some(invite),
            name: or(&second.name, "Player 2"),
            player_id: second.player_id.clone(),
            reply,
        })))
        .await
        .map_err(|_| ApiError::Unavailable)?;
    let (seat, token) = rx
        .await
        .map_err(|_| ApiError::Unavailable)?
        .map_err(|_| ApiError::Unavailable)?;
    for slot in state.quick.take_slots(pair) {
        slot.fill(handle.summary.clone());
    }
    // Not in the registry (so neither listed nor joinable) until both seats are claimed: a
    // match whose claim failed is never seen and leaves memory when its invites expire.
    state.registry.insert(handle);
    let id = created.match_id;
    tracing::info!(match_id = %id, "quick game paired");
    Ok((
        Seating {
            match_id: id.clone(),
            seat: 1,
            token: created.token,
        },
        Seating {
            match_id: id,
            seat,
            token,
        },
    ))
}

/// Makes the pair's match on a task of its own (a requester who goes away does not stop
/// it halfway), then settles both tickets.
async fn run_pair(state: &AppState, pair: Pair) {
    let task = {
        let (state, pair) = (state.clone(), pair.clone());
        tokio::spawn(async move {
            let made = seat_pair(&state, &pair).await.map_err(|e| {
                let (status, code) = e.status_code();
                if let ApiError::Internal(detail) = &e {
                    tracing::error!(detail, "quick game not made");
                }
                Failure {
                    status: status.as_u16(),
                    code,
                    message: e.to_string(),
                }
            });
            state.quick.settle(&pair, made);
        })
    };
    if task.await.is_err() {
        state.quick.settle(
            &pair,
            Err(Failure {
                status: 500,
                code: "internal",
                message: "internal error".into(),
            }),
        );
    }
}

/// Enter the quick-game pool of a variant and series (two players): paired at once if
/// someone waits, else a ticket to poll.
#[utoipa::path(post, path = "/api/quick", request_body = QuickRequest,
    responses((status = 200, description = "waiting (a ticket to poll) or paired (the seat)", body = QuickStatus),
        (status = 400, description = "malformed body", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid request", body = ErrorBody),
        (status = 429, description = "rate limited (the address's match-creation allowance), or the address has as many unfinished matches as it may (`too_many_matches`)", body = ErrorBody),
        (status = 503, description = "the pair's match could not be made", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
pub(crate) async fn enter(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    who: crate::http::signed_in::MaybeSignedIn,
    body: Bytes,
) -> Result<Json<QuickStatus>, Response> {
    let req: QuickRequest = parse(&body)?;
    let variant: senet_engine::Variant = req
        .variant
        .parse()
        .map_err(|_| ApiError::UnknownVariant(req.variant.clone()))?;
    if req.players.is_some_and(|n| n != 2) || variant.check_players(2).is_err() {
        return Err(ApiError::Invalid("quick games are for two players".into()).into());
    }
    let series = req.series.unwrap_or_default();
    if !(1..=99).contains(&series.target) {
        return Err(ApiError::Invalid("the series target is 1 to 99".into()).into());
    }
    let name = check_name(
        crate::http::access::seat_name(&who, req.name),
        String::new(),
    )
    .map_err(ApiError::from)?;
    // Entering a pool may start a game, much as creating a match does: the same allowance.
    state
        .limits
        .create_match(ip)
        .map_err(ApiError::RateLimited)?;
    let player_id =
        crate::http::access::player_for(&state, &who, req.player_key.as_deref()).await?;
    // A waiting ticket holds a place among its address's unfinished matches, which its
    // match then fills: pairing one's own tickets counts as creating matches does.
    let slot = state
        .limits
        .reserve_match(ip)
        .map_err(|_| crate::http::error::too_many_open(state.config.max_open_per_address))?;
    let key = PoolKey { variant, series };
    // Blocks keep two players apart, whichever of them blocked the other.
    let kept_apart = match &who.0 {
        Some(account) => state
            .accounts
            .kept_apart(&account.player_id)
            .await
            .map_err(ApiError::from)?,
        None => Vec::new(),
    };
    let seeker = Seeker {
        kept_apart,
        name,
        player_id,
        address: ip,
        allow_same_address: req.allow_same_address,
    };
    let (ticket, pair) = state.quick.enter(key, seeker, slot);
    if let Some(pair) = pair {
        run_pair(&state, pair).await;
    }
    answer(&state, &ticket, false).await
}

/// The ticket's state now: paired, waiting, or the failure of its pairing.
async fn answer(state: &AppState, ticket: &str, poll: bool) -> Result<Json<QuickStatus>, Response> {
    let _polling = state.quick.watch(ticket);
    let deadline = tokio::time::Instant::now() + LONG_POLL;
    let mut timed_out = !poll;
    loop {
        let (mut look, pair) = state.quick.look(ticket).ok_or(ApiError::NotFound)?;
        if let Some(pair) = pair {
            run_pair(state, pair).await;
            continue;
        }
        let wake = match look.phase {
            Phase::Paired(s) => return Ok(Json(paired(ticket, &s))),
            Phase::Failed(f) => return Err(failed(f)),
            // Being paired by another request: its answer comes within moments.
            Phase::Pairing if tokio::time::Instant::now() < deadline => deadline,
            Phase::Pairing => {
                return Ok(Json(QuickStatus::Waiting {
                    ticket: ticket.to_owned(),
                    waited_secs: 0,
                    bot_offer: false,
                }));
            }
            Phase::Waiting { .. } => {
                let offered = state.quick.bot_offer(look.waited);
                if timed_out {
                    return Ok(Json(QuickStatus::Waiting {
                        ticket: ticket.to_owned(),
                        waited_secs: look.waited.as_secs(),
                        bot_offer: offered,
                    }));
                }
                // Wake when the bot offer starts, so that the player hears of it at once.
                match look.bot_at {
                    Some(at) if !offered => at.min(deadline),
                    _ => deadline,
                }
            }
        };
        // A phase change wakes the poll at once; otherwise it answers at `wake`.
        timed_out = tokio::time::timeout_at(wake, look.changed.changed())
            .await
            .is_err()
            || tokio::time::Instant::now() >= deadline;
    }
}

/// Long-poll a quick-game ticket (up to 20 s): waiting (with the bot offer) or paired. The
/// answer may hold a seat token: never stored by a cache.
#[utoipa::path(get, path = "/api/quick/{ticket}",
    params(("ticket" = String, Path, description = "the ticket")),
    responses((status = 200, description = "waiting (a ticket to poll) or paired (the seat)", body = QuickStatus),
        (status = 404, description = "unknown or expired ticket", body = ErrorBody),
        (status = 503, description = "the pair's match could not be made (told once)", body = ErrorBody)))]
pub(crate) async fn poll(State(state): State<AppState>, Path(ticket): Path<String>) -> Response {
    let no_store = [(header::CACHE_CONTROL, "no-store")];
    match answer(&state, &ticket, true).await {
        Ok(json) => (no_store, json).into_response(),
        Err(res) => (no_store, res).into_response(),
    }
}

/// Leave the quick-game pool.
#[utoipa::path(delete, path = "/api/quick/{ticket}",
    params(("ticket" = String, Path, description = "the ticket")),
    responses((status = 204, description = "left"),
        (status = 404, description = "unknown or expired ticket", body = ErrorBody),
        (status = 409, description = "already paired: fetch the ticket for the seat", body = ErrorBody)))]
pub(crate) async fn leave(
    State(state): State<AppState>,
    Path(ticket): Path<String>,
) -> Result<StatusCode, Response> {
    match state.quick.leave(&ticket) {
        Left::Left => Ok(StatusCode::NO_CONTENT),
        Left::Unknown => Err(ApiError::NotFound.into()),
        Left::Paired => Err(refusal(
            StatusCode::CONFLICT,
            "already_paired",
            "this ticket is paired (or being paired): fetch it for the seat".into(),
        )),
    }
}
