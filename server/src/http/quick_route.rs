//! Quick games over REST: `POST /api/quick` joins the open seek that suits the player best
//! (or posts one), `GET /api/quick/{ticket}` long-polls any ticket (a seek's poster's and
//! joiners' too), `DELETE /api/quick/{ticket}` leaves. The seeks themselves are
//! [`crate::quick`]; here a full table's match is made, through the same path as
//! `POST /api/matches` and `POST /api/matches/{id}/join`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::AppState;
use crate::http::contracts::bodies;
use crate::http::error::refusal;
use crate::http::inputs::{ClientIp, parse};
use crate::http::seeker_input::{Asker, seeker, terms};
use crate::http::{ApiError, ErrorBody};
use crate::quick::{Failure, LONG_POLL, Left, Phase, Seating, Table};
use senet_live::{Cmd, NewMatch, SeatClaim, spawn_match_for};
use senet_protocol::{ClockSpec, Series};

/// The body of `POST /api/quick`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct QuickRequest {
    /// The variant (one with two-player games).
    #[schemars(with = "senet_engine::Variant")]
    variant: String,
    /// Always 2 (quick games are for two players); may be left out.
    #[serde(default)]
    #[schemars(range(min = 2, max = 2))]
    players: Option<u8>,
    /// The series (default: best of 1).
    #[serde(default, deserialize_with = "crate::http::inputs::optional_object")]
    #[schemars(with = "Option<Series>")]
    series: Option<Series>,
    /// The clock (default: none); only seeks with the same clock are joined.
    #[serde(default, deserialize_with = "crate::http::inputs::optional_object")]
    #[schemars(with = "Option<ClockSpec>")]
    clock: Option<ClockSpec>,
    /// Rated (signed-in accounts only); only seeks rated alike are joined.
    #[serde(default)]
    rated: bool,
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
    /// At a seek's table: poll the ticket again.
    Waiting {
        /// The ticket.
        ticket: String,
        /// The public id of the seek whose table the ticket sits at.
        seek: String,
        /// Seconds at the table so far.
        waited_secs: u64,
        /// Whether the lobby should offer a game against the computer instead.
        bot_offer: bool,
    },
    /// Paired: the seat.
    Paired {
        /// The ticket.
        ticket: String,
        /// The table's match.
        match_id: String,
        /// This player's seat (1 for the seek's poster).
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

/// Makes the table's match: a public match on the seek's terms, created for the poster
/// (seat 1), whose other seats the joiners claim with their invites, in the order they
/// came. The match is listed only once every seat is claimed.
async fn seat_table(state: &AppState, table: &Table) -> Result<Vec<Seating>, ApiError> {
    if state.registry.open() >= state.config.max_open_matches {
        return Err(ApiError::TooManyMatches);
    }
    let or = |name: &str, seat: usize| {
        if name.is_empty() {
            format!("Player {seat}")
        } else {
            name.to_owned()
        }
    };
    let (first, rest) = table
        .seats
        .split_first()
        .ok_or_else(|| ApiError::Internal("a table without seats".into()))?;
    let t = table.terms;
    let spec = NewMatch {
        variant: t.variant,
        setup: senet_engine::Setup::players(t.players),
        series: t.series,
        name: if table.quick {
            "Quick game".into()
        } else {
            format!("{} game", t.variant.name())
        },
        public: true,
        rated: t.rated,
        creator: or(&first.1.name, 1),
        clock: t.clock,
        bots: Vec::new(),
    };
    let (handle, created) = spawn_match_for(
        spec,
        first.1.player_id.clone(),
        state.store.clone(),
        state.live.clone(),
    )
    .await
    .map_err(|_| ApiError::Unavailable)?;
    let id = created.match_id.clone();
    let mut seatings = vec![Seating {
        match_id: id.clone(),
        seat: 1,
        token: created.token,
    }];
    for (k, (_, joiner)) in rest.iter().enumerate() {
        let invite = created
            .invites
            .get(k)
            .map(|(_, invite)| invite.clone())
            .ok_or_else(|| ApiError::Internal("a seat without an invite".into()))?;
        // A guest's name that looks like an earlier seat's takes the seat's plain name.
        let mut name = or(&joiner.name, k + 2);
        let (seat, token) = loop {
            let (reply, rx) = oneshot::channel();
            handle
                .mailbox
                .send(Cmd::Join(Box::new(SeatClaim {
                    invite: Some(invite.clone()),
                    name: name.clone(),
                    player_id: joiner.player_id.clone(),
                    reply,
                })))
                .await
                .map_err(|_| ApiError::Unavailable)?;
            match rx.await.map_err(|_| ApiError::Unavailable)? {
                Ok(claimed) => break claimed,
                Err(senet_live::JoinError::NameTaken(_)) if name != format!("Player {}", k + 2) => {
                    name = format!("Player {}", k + 2);
                }
                Err(senet_live::JoinError::NameTaken(seat)) => {
                    return Err(ApiError::NameTaken(seat));
                }
                Err(_) => return Err(ApiError::Unavailable),
            }
        };
        seatings.push(Seating {
            match_id: id.clone(),
            seat,
            token,
        });
    }
    for slot in state.quick.take_slots(table) {
        slot.fill(handle.summary.clone());
    }
    // Not in the registry (so neither listed nor joinable) until every seat is claimed: a
    // match whose claim failed is never seen and leaves memory when its invites expire.
    state.registry.insert(handle);
    tracing::info!(match_id = %id, seats = seatings.len(), "seek seated");
    Ok(seatings)
}

/// Makes the table's match on a task of its own (a requester who goes away does not stop
/// it halfway), then settles every seat's ticket.
pub(crate) async fn run_table(state: &AppState, table: Table) {
    let task = {
        let (state, table) = (state.clone(), table.clone());
        tokio::spawn(async move {
            let made = seat_table(&state, &table).await.map_err(|e| {
                let (status, code) = e.status_code();
                if let ApiError::Internal(detail) = &e {
                    tracing::error!(detail, "seek's match not made");
                }
                Failure {
                    status: status.as_u16(),
                    code,
                    message: e.to_string(),
                }
            });
            state.quick.settle(&table, made);
        })
    };
    if task.await.is_err() {
        state.quick.settle(
            &table,
            Err(Failure {
                status: 500,
                code: "internal",
                message: "internal error".into(),
            }),
        );
    }
}

/// Join the open seek of these terms whose poster's rating is nearest yours (two players),
/// else post one: seated at once if the seek is full, else a ticket to poll.
#[utoipa::path(post, path = "/api/quick", request_body = QuickRequest,
    responses((status = 200, description = "waiting (a ticket to poll) or paired (the seat)", body = QuickStatus),
        (status = 400, description = "malformed body", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid request (a rated game for a guest, among others)", body = ErrorBody),
        (status = 429, description = "rate limited (the address's match-creation allowance), or the address has as many unfinished matches as it may (`too_many_matches`)", body = ErrorBody),
        (status = 503, description = "the table's match could not be made", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
pub(crate) async fn enter(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    who: crate::http::signed_in::MaybeSignedIn,
    body: Bytes,
) -> Result<Json<QuickStatus>, Response> {
    let req: QuickRequest = parse(&body)?;
    if req.players.is_some_and(|n| n != 2) {
        return Err(ApiError::invalid(
            senet_protocol::Reason::TwoPlayers,
            "quick games are for two players",
        )
        .into());
    }
    let terms = terms(
        &req.variant,
        Some(2),
        req.series,
        req.clock,
        req.rated,
        None,
    )?;
    let asker = Asker {
        name: req.name,
        player_key: req.player_key,
        allow_same_address: req.allow_same_address,
        range: None,
    };
    let (seeker, slot) = seeker(&state, ip, &who, terms, asker).await?;
    let (ticket, table) = state.quick.quick(terms, seeker, slot);
    if let Some(table) = table {
        run_table(&state, table).await;
    }
    answer(&state, &ticket, false).await
}

/// The ticket's state now: paired, waiting, or the failure of its table; with `poll`, once
/// it changes or the long poll is over.
pub(crate) async fn answer(
    state: &AppState,
    ticket: &str,
    poll: bool,
) -> Result<Json<QuickStatus>, Response> {
    let _polling = state.quick.watch(ticket);
    let deadline = tokio::time::Instant::now() + LONG_POLL;
    let mut timed_out = !poll;
    loop {
        let (mut look, table) = state.quick.look(ticket).ok_or(ApiError::NotFound)?;
        if let Some(table) = table {
            run_table(state, table).await;
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
                    seek: look.seek,
                    waited_secs: 0,
                    bot_offer: false,
                }));
            }
            Phase::Waiting { .. } => {
                let offered = state.quick.bot_offer(look.waited);
                if timed_out {
                    return Ok(Json(QuickStatus::Waiting {
                        ticket: ticket.to_owned(),
                        seek: look.seek,
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

/// Long-poll a ticket, a quick game's or a seek's (up to 20 s): waiting (with the bot offer) or paired. The
/// answer may hold a seat token: never stored by a cache.
#[utoipa::path(get, path = "/api/quick/{ticket}",
    params(("ticket" = String, Path, description = "the ticket")),
    responses((status = 200, description = "waiting (a ticket to poll) or paired (the seat)", body = QuickStatus),
        (status = 404, description = "unknown or expired ticket", body = ErrorBody),
        (status = 410, description = "the seek's poster left (`seek_gone`, told once)", body = ErrorBody),
        (status = 503, description = "the table's match could not be made (told once)", body = ErrorBody)))]
pub(crate) async fn poll(State(state): State<AppState>, Path(ticket): Path<String>) -> Response {
    let no_store = [(header::CACHE_CONTROL, "no-store")];
    match answer(&state, &ticket, true).await {
        Ok(json) => (no_store, json).into_response(),
        Err(res) => (no_store, res).into_response(),
    }
}

/// Leave: a seek's poster takes the seek away (its joiners' tickets then fail, 410
/// `seek_gone`), a joiner or a quick game's player leaves its seat.
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
