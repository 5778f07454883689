//! Quick games over REST: `POST /api/quick` enters a pool (or pairs at once),
//! `GET /api/quick/{ticket}` long-polls it, `DELETE /api/quick/{ticket}` leaves it. The
//! pools themselves are [`pools`]; here the pair's match is made, through the
//! same path as `POST /api/matches` and `POST /api/matches/{id}/join`.

pub mod pools;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use senet_protocol::text::check_name;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::oneshot;

use crate::AppState;
use crate::http::{ApiError, ClientIp, parse, refusal};
use pools::{Failure, LONG_POLL, Pair, Phase, PoolKey, Seating, Seeker};
use senet_live::{Cmd, NewMatch, SeatClaim, spawn_match_for};
use senet_protocol::Series;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct QuickRequest {
    variant: String,
    /// Always 2 (the pools are for two-player games); may be left out.
    #[serde(default)]
    players: Option<u8>,
    #[serde(default)]
    series: Option<Series>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    player_key: Option<String>,
}

fn paired(ticket: &str, s: &Seating) -> Value {
    json!({"status": "paired", "ticket": ticket, "match_id": s.match_id, "seat": s.seat,
           "token": s.token, "ws_url": format!("/ws/matches/{}", s.match_id)})
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

#[tracing::instrument(skip_all)]
pub(crate) async fn enter(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<Json<Value>, Response> {
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
    let name = check_name(req.name, String::new()).map_err(ApiError::from)?;
    // Entering a pool may start a game, much as creating a match does: the same allowance.
    state
        .limits
        .create_match(ip)
        .map_err(ApiError::RateLimited)?;
    let player_id = crate::http::access::player_for_key(&state, req.player_key.as_deref()).await?;
    let key = PoolKey { variant, series };
    let (ticket, pair) = state.quick.enter(key, Seeker { name, player_id });
    if let Some(pair) = pair {
        run_pair(&state, pair).await;
    }
    answer(&state, &ticket, false).await
}

/// The ticket's state now: paired, waiting, or the failure of its pairing.
async fn answer(state: &AppState, ticket: &str, poll: bool) -> Result<Json<Value>, Response> {
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
                return Ok(Json(json!({"status": "waiting", "ticket": ticket,
                    "waited_secs": 0, "bot_offer": false})));
            }
            Phase::Waiting { .. } => {
                let offered = state.quick.bot_offer(look.waited);
                if timed_out {
                    return Ok(Json(json!({"status": "waiting", "ticket": ticket,
                        "waited_secs": look.waited.as_secs(), "bot_offer": offered})));
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

/// The answer may hold a seat token: never stored by a cache.
pub(crate) async fn poll(State(state): State<AppState>, Path(ticket): Path<String>) -> Response {
    let no_store = [(header::CACHE_CONTROL, "no-store")];
    match answer(&state, &ticket, true).await {
        Ok(json) => (no_store, json).into_response(),
        Err(res) => (no_store, res).into_response(),
    }
}

pub(crate) async fn leave(
    State(state): State<AppState>,
    Path(ticket): Path<String>,
) -> Result<StatusCode, Response> {
    match state.quick.leave(&ticket) {
        crate::quick::pools::Left::Left => Ok(StatusCode::NO_CONTENT),
        crate::quick::pools::Left::Unknown => Err(ApiError::NotFound.into()),
        crate::quick::pools::Left::Paired => Err(refusal(
            StatusCode::CONFLICT,
            "already_paired",
            "this ticket is paired (or being paired): fetch it for the seat".into(),
        )),
    }
}

/// Adds the quick-game routes to the OpenAPI document.
pub(crate) fn document(doc: &mut Value) {
    let error = json!({"$ref": "#/components/schemas/Error"});
    let err =
        |d: &str| json!({"description": d, "content": {"application/json": {"schema": error}}});
    let ticket =
        json!({"name": "ticket", "in": "path", "required": true, "schema": {"type": "string"}});
    let reply = json!({"description": "waiting (a ticket to poll) or paired (the seat)",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QuickStatus"}}}});
    doc["paths"]["/api/quick"] = json!({"post": {
        "summary": "Enter the quick-game pool of a variant and series (two players): paired at once if someone waits, else a ticket to poll",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
            "additionalProperties": false, "required": ["variant"], "properties": {
                "variant": {"type": "string"},
                "players": {"type": ["integer", "null"], "enum": [2, null]},
                "series": {"anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": false,
                    "required": ["kind", "target"], "properties": {
                    "kind": {"type": "string", "enum": ["best_of", "first_to"]},
                    "target": {"type": "integer", "minimum": 1, "maximum": 99}}}]},
                "name": {"type": ["string", "null"], "maxLength": 64},
                "player_key": {"type": ["string", "null"]}}}}}},
        "responses": {"200": reply.clone(), "400": err("malformed body"), "403": err("origin not allowed"),
            "415": err("not application/json"), "422": err("invalid request"),
            "429": err("rate limited (the address's match-creation allowance)"),
            "503": err("the pair's match could not be made")}}});
    doc["paths"]["/api/quick/{ticket}"] = json!({
        "get": {"summary": "Long-poll a quick-game ticket (up to 20 s): waiting (with the bot offer) or paired",
            "parameters": [ticket.clone()],
            "responses": {"200": reply, "404": err("unknown or expired ticket"),
                "503": err("the pair's match could not be made (told once)")}},
        "delete": {"summary": "Leave the quick-game pool",
            "parameters": [ticket],
            "responses": {"204": {"description": "left"}, "404": err("unknown or expired ticket"),
                "409": err("already paired: fetch the ticket for the seat")}}});
    doc["components"]["schemas"]["QuickStatus"] = json!({"type": "object", "required": ["status", "ticket"],
        "properties": {"status": {"type": "string", "enum": ["waiting", "paired"]},
            "ticket": {"type": "string"}, "waited_secs": {"type": "integer"}, "bot_offer": {"type": "boolean"},
            "match_id": {"type": "string"}, "seat": {"type": "integer"}, "token": {"type": "string"},
            "ws_url": {"type": "string"}}});
}
