//! The lobby's seeks over REST: `GET /api/seeks` lists the open ones, `POST /api/seeks`
//! posts one (its poster then long-polls `GET /api/quick/{ticket}`, and leaves with
//! `DELETE /api/quick/{ticket}`), `POST /api/seeks/{id}/join` takes a seat at one with one
//! click. The seeks themselves are [`crate::quick`]; a full table's match is made by
//! `quick_route.rs`, as a quick game's is.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::AppState;
use crate::http::contracts::{SeekViewBody, bodies};
use crate::http::error::refusal;
use crate::http::inputs::{ClientIp, parse};
use crate::http::quick_route::{QuickStatus, answer, run_table};
use crate::http::seeker_input::{Asker, range_checked, seeker, terms};
use crate::http::signed_in::MaybeSignedIn;
use crate::http::{ApiError, ErrorBody};
use crate::quick::JoinError;
use crate::seeks::Refusal;
use senet_protocol::text::check_name;
use senet_protocol::{ClockSpec, RatingRange, Series};

/// The body of `POST /api/seeks`: only `variant` is required.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeekRequest {
    /// The variant.
    #[schemars(with = "senet_engine::Variant")]
    variant: String,
    /// Seats (default 2; 3 or 4 for `modern`).
    #[serde(default)]
    #[schemars(range(min = 2, max = 4))]
    players: Option<u8>,
    /// The series (default: best of 1).
    #[serde(default, deserialize_with = "crate::http::inputs::optional_object")]
    #[schemars(with = "Option<Series>")]
    series: Option<Series>,
    /// The clock (default: none).
    #[serde(default, deserialize_with = "crate::http::inputs::optional_object")]
    #[schemars(with = "Option<ClockSpec>")]
    clock: Option<ClockSpec>,
    /// Rated: every seat a signed-in account's, and the match changes their ratings.
    #[serde(default)]
    rated: bool,
    /// The ratings taken for opponents (default: any).
    #[serde(default, deserialize_with = "crate::http::inputs::optional_object")]
    #[schemars(with = "Option<RatingRange>")]
    range: Option<RatingRange>,
    /// The display name.
    #[serde(default)]
    #[schemars(length(max = 64))]
    name: Option<String>,
    /// The player's key from `POST /api/players`.
    #[serde(default)]
    player_key: Option<String>,
    /// Seat a joiner of the same address or player too, if the joiner asks for it as well.
    #[serde(default)]
    allow_same_address: bool,
}

/// The body of `POST /api/seeks/{id}/join`: every field may be left out.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinSeek {
    /// The display name.
    #[serde(default)]
    #[schemars(length(max = 64))]
    name: Option<String>,
    /// The player's key from `POST /api/players`.
    #[serde(default)]
    player_key: Option<String>,
    /// The ratings the joiner takes the poster from (default: any).
    #[serde(default, deserialize_with = "crate::http::inputs::optional_object")]
    #[schemars(with = "Option<RatingRange>")]
    range: Option<RatingRange>,
    /// Join a seek of the same address or player too, if its poster asked for it as well.
    #[serde(default)]
    allow_same_address: bool,
}

bodies!(writes: ; reads: SeekRequest, JoinSeek);

/// The open seeks of this node, first posted first.
#[utoipa::path(get, path = "/api/seeks",
    responses((status = 200, description = "the open seeks", body = [SeekViewBody])))]
pub(crate) async fn list(State(state): State<AppState>) -> Response {
    // Seeks come and go by the second: never from a cache.
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(state.quick.seeks()),
    )
        .into_response()
}

/// Post a seek: a ticket to long-poll (`GET /api/quick/{ticket}`) until the seek's table is
/// full, and to leave with (`DELETE /api/quick/{ticket}`).
#[utoipa::path(post, path = "/api/seeks", request_body = SeekRequest,
    responses((status = 200, description = "waiting: the ticket and the seek's public id", body = QuickStatus),
        (status = 400, description = "malformed body", body = ErrorBody),
        (status = 403, description = "origin not allowed", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid request (unknown_variant; invalid: players, series, clock, range, name, a rated seek from a guest)", body = ErrorBody),
        (status = 429, description = "rate limited, or too many unfinished matches from this address", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
pub(crate) async fn post(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    who: MaybeSignedIn,
    body: Bytes,
) -> Result<Json<QuickStatus>, Response> {
    let req: SeekRequest = parse(&body)?;
    let terms = terms(
        &req.variant,
        req.players,
        req.series,
        req.clock,
        req.rated,
        req.range,
    )?;
    let asker = Asker {
        name: req.name,
        player_key: req.player_key,
        allow_same_address: req.allow_same_address,
        range: req.range,
    };
    let (seeker, slot) = seeker(&state, ip, &who, terms, asker).await?;
    let (ticket, _) = state.quick.post(terms, seeker, slot);
    answer(&state, &ticket, false).await
}

/// Take a seat at an open seek: seated at once when the seat fills its table (the poster
/// hears of it on their long poll), else a ticket to poll until it is full.
#[utoipa::path(post, path = "/api/seeks/{id}/join", request_body = JoinSeek,
    params(("id" = String, Path, description = "the seek's public id")),
    responses((status = 200, description = "paired (the seat), or waiting for the table's other seats (a ticket to poll)", body = QuickStatus),
        (status = 400, description = "malformed body", body = ErrorBody),
        (status = 403, description = "a block keeps the joiner from a seat's player (`blocked`), or origin not allowed", body = ErrorBody),
        (status = 409, description = "the joiner's own seek (`own_seek`), or a rating outside the poster's range or the poster's outside the joiner's (`out_of_range`)", body = ErrorBody),
        (status = 410, description = "no open seek has this id (`seek_gone`: taken, cancelled, its poster gone)", body = ErrorBody),
        (status = 415, description = "not application/json", body = ErrorBody),
        (status = 422, description = "invalid name or range, or a guest joining a rated seek", body = ErrorBody),
        (status = 429, description = "rate limited, or too many unfinished matches from this address", body = ErrorBody),
        (status = 503, description = "the table's match could not be made", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
pub(crate) async fn join(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    who: MaybeSignedIn,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<QuickStatus>, Response> {
    let req: JoinSeek = parse(&body)?;
    // A bad body is refused as such before the seek is looked up: the answer to a request
    // must not depend on whether a seek happened to be open.
    check_name(req.name.clone(), String::new()).map_err(ApiError::from)?;
    range_checked(req.range)?;
    let terms = state.quick.terms_of(&id).ok_or_else(gone)?;
    let asker = Asker {
        name: req.name,
        player_key: req.player_key,
        allow_same_address: req.allow_same_address,
        range: req.range,
    };
    let (seeker, slot) = seeker(&state, ip, &who, terms, asker).await?;
    let (ticket, table) = state.quick.join(&id, seeker, slot).map_err(|e| match e {
        JoinError::Gone => gone(),
        JoinError::Refused(Refusal::Own) => refusal(
            StatusCode::CONFLICT,
            "own_seek",
            "this seek is your own (the same player or address): wait for someone else".into(),
        ),
        JoinError::Refused(Refusal::OutOfRange) => refusal(
            StatusCode::CONFLICT,
            "out_of_range",
            "your rating is outside the seek's range, or the poster's outside yours".into(),
        ),
        JoinError::Refused(Refusal::KeptApart) => {
            ApiError::from(senet_accounts::AccountError::Blocked).into_response()
        }
    })?;
    if let Some(table) = table {
        run_table(&state, table).await;
    }
    answer(&state, &ticket, false).await
}

fn gone() -> Response {
    refusal(
        StatusCode::GONE,
        "seek_gone",
        "no open seek has this id: it was taken, cancelled or its poster left".into(),
    )
}
