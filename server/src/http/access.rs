//! Who may read a match, and the reads of one stored match that several routes share: the
//! secret a read presents ([`ReadKey`]), [`authorize`], a player by their key, a stored
//! game's record and a stored match's summary.

use crate::AppState;
use crate::http::ApiError;
use crate::http::signed_in::MaybeSignedIn;
use axum::extract::{FromRequestParts, Query};
use axum::http::header;
use axum::http::request::Parts;
use senet_live::MatchHandle;
use senet_protocol::Status;
use senet_store::StoreError;
use senet_store::hash_secret;
use senet_store::sql::SqlStore;
use senet_store::sql::read::MatchRows;
use serde::Deserialize;

pub(crate) fn sql(state: &AppState) -> Result<&SqlStore, ApiError> {
    state.store.sql().ok_or(ApiError::Unavailable)
}

pub(crate) fn db(e: StoreError) -> ApiError {
    tracing::error!(error = %e, "store query failed");
    ApiError::Unavailable
}

/// The secrets a read of a match presents: an `Authorization: Bearer <secret>` header and a
/// `?key=<secret>` query parameter (what the web pages' links can carry), each a spectator
/// key or a seat token. Never logged (its `Debug` says only how many there are).
#[derive(Default)]
pub struct ReadKey(Vec<String>);

impl std::fmt::Debug for ReadKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ReadKey({} secrets)", self.0.len())
    }
}

/// The query parameter of a read of one match (the OpenAPI document lists it).
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct KeyQuery {
    /// A private match's spectator key or one of its seat tokens (or send it as
    /// `Authorization: Bearer …`).
    key: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for ReadKey {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let mut secrets = Vec::new();
        if let Some(bearer) = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split_once(' '))
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
            .map(|(_, secret)| secret.trim())
            .filter(|s| !s.is_empty())
        {
            secrets.push(bearer.to_owned());
        }
        // A query string that does not parse carries no key (the read is then refused if
        // the match is private).
        if let Ok(Query(KeyQuery { key: Some(key) })) = Query::try_from_uri(&parts.uri) {
            if !key.is_empty() {
                secrets.push(key);
            }
        }
        Ok(ReadKey(secrets))
    }
}

impl ReadKey {
    pub(crate) fn secrets(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }
}

/// Whether a request presenting `key` may read match `id` (`live`: its handle, if it is in
/// memory). A public match: anyone. A private one: only with its spectator key or a claimed
/// seat's token, checked against the digests in the store (the durable store has every
/// match from its creation on). Without a SQL store there are no digests to check outside
/// the actor, so a private match cannot be read over REST at all.
///
/// No query for a public match in memory; two for any other ([`SqlStore::match_access`]).
///
/// # Errors
/// 404 `not_found` when it may not, exactly as for a match that does not exist; 503 when
/// the store cannot answer.
pub async fn authorize(
    state: &AppState,
    id: &str,
    live: Option<&MatchHandle>,
    key: &ReadKey,
) -> Result<(), ApiError> {
    if live.is_some_and(|h| h.summary.borrow().public) {
        return Ok(());
    }
    let store = state.store.sql().ok_or(ApiError::NotFound)?;
    let access = store
        .match_access(id)
        .await
        .map_err(db)?
        .ok_or(ApiError::NotFound)?;
    if access.allows(key.secrets()) {
        Ok(())
    } else {
        Err(ApiError::NotFound)
    }
}

/// The player a request plays as: the signed-in account's, else the one a `player_key`
/// belongs to (none when neither is given).
///
/// # Errors
/// `invalid` for a key nobody has (or one claimed into an account); 503 when the store
/// cannot answer.
pub async fn player_for(
    state: &AppState,
    who: &MaybeSignedIn,
    key: Option<&str>,
) -> Result<Option<String>, ApiError> {
    if let Some(account) = &who.0 {
        return Ok(Some(account.player_id.clone()));
    }
    player_for_key(state, key).await
}

/// The name a seat gets: a signed-in player's is the account's name, whatever the request
/// says; a guest's is the one asked for.
pub fn seat_name(who: &MaybeSignedIn, asked: Option<String>) -> Option<String> {
    match &who.0 {
        Some(account) => Some(account.username.clone()),
        None => asked,
    }
}

/// The player a `player_key` belongs to (none when no key is given).
///
/// # Errors
/// `invalid` for a key nobody has; 503 when the store cannot answer.
async fn player_for_key(state: &AppState, key: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(key) = key.filter(|k| !k.is_empty()) else {
        return Ok(None);
    };
    match sql(state)?
        .player_by_key_hash(&hash_secret(key))
        .await
        .map_err(db)?
    {
        Some(id) => Ok(Some(id)),
        None => Err(ApiError::invalid(
            senet_protocol::Reason::UnknownPlayerKey,
            "unknown player_key (create a player with POST /api/players)",
        )),
    }
}

/// A game's record from the store, for matches not live in this server (finished before
/// the last restart). A private match's needs its key or a seat token ([`authorize`]).
///
/// # Errors
/// 404 when there is no such match or game, or it is private and `key` does not open it;
/// 503 when the store cannot answer.
pub async fn stored_record(
    state: &AppState,
    id: &str,
    game: u32,
    key: &ReadKey,
) -> Result<senet_match::record::GameRecord, ApiError> {
    authorize(state, id, None, key).await?;
    read_record(state, id, game).await
}

/// A game's record from the store, for a reader already authorized.
///
/// # Errors
/// 404 when there is no such match or game (or no SQL store); 503 when the store cannot
/// answer.
pub(crate) async fn read_record(
    state: &AppState,
    id: &str,
    game: u32,
) -> Result<senet_match::record::GameRecord, ApiError> {
    // Without a SQL store, a match not in the registry does not exist.
    let store = state.store.sql().ok_or(ApiError::NotFound)?;
    let m = store
        .match_spec_and_facts(id, game)
        .await
        .map_err(db)?
        .ok_or(ApiError::NotFound)?;
    let spec = senet_match::stored_spec(
        &m.variant,
        &m.options,
        &m.series_kind,
        u32::try_from(m.series_target).unwrap_or(1),
        m.clock.as_deref(),
        state.live.seed_window(),
    )
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    // The record is the match's facts replayed up to the end of that game.
    let facts = m
        .facts
        .iter()
        .map(|text| {
            senet_match::Fact::from_json(text).map_err(|e| ApiError::Internal(e.to_string()))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    senet_match::view::record(id, senet_match::MatchState::new(spec), &facts, game)
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .ok_or(ApiError::NotFound)
}

/// A match's summary from the store, for matches not in memory (finished and evicted, or
/// finished before the last restart). A private match's needs its key or a seat token.
///
/// # Errors
/// 404 when there is no such match, or it is private and `key` does not open it; 503 when
/// the store cannot answer.
pub async fn stored_summary(
    state: &AppState,
    id: &str,
    key: &ReadKey,
) -> Result<senet_protocol::Summary, ApiError> {
    let store = state.store.sql().ok_or(ApiError::NotFound)?;
    let rows = store
        .match_rows(id)
        .await
        .map_err(db)?
        .filter(|r| r.access.allows(key.secrets()))
        .ok_or(ApiError::NotFound)?;
    summary_of(id, &rows)
}

pub(crate) fn summary_of(id: &str, rows: &MatchRows) -> Result<senet_protocol::Summary, ApiError> {
    let m = &rows.line;
    let variant = m.variant.parse().map_err(|_| ApiError::NotFound)?;
    let players = u8::try_from(m.players).map_err(|e| {
        tracing::error!(error = %e, "stored match has a bad seat count");
        ApiError::Unavailable
    })?;
    let n = usize::from(players);
    let mut names = vec![None; n];
    for s in &rows.seats {
        if let Some(slot) = usize::try_from(s.seat - 1)
            .ok()
            .and_then(|i| names.get_mut(i))
        {
            slot.clone_from(&s.name);
        }
    }
    let (mut score, mut wins, mut games) = (vec![0u32; n], vec![0u32; n], 0u32);
    for g in &rows.games {
        games += 1;
        let winner = g.winner_seat.and_then(|w| usize::try_from(w - 1).ok());
        if let Some(w) = winner.filter(|&w| w < n) {
            wins[w] += 1;
            score[w] += u32::try_from(g.points.unwrap_or(0)).unwrap_or(0);
        }
    }
    let kind = match m.series_kind.as_str() {
        "first_to" => senet_protocol::SeriesKind::FirstTo,
        _ => senet_protocol::SeriesKind::BestOf,
    };
    Ok(senet_protocol::Summary {
        match_id: id.to_owned(),
        name: m.name.clone(),
        variant,
        players,
        public: rows.access.public,
        rated: m.rated,
        series: senet_protocol::Series {
            kind,
            target: u32::try_from(m.series_target).unwrap_or(0),
        },
        status: match m.status.as_str() {
            // Every joining match whose invites are open is in memory; this one's expired.
            "joining" => Status::Expired,
            "live" => Status::Live,
            _ => Status::Finished,
        },
        names,
        game: games,
        score,
        wins,
        spectators: 0,
        bots: if rows.seats.iter().any(|s| s.bot.is_some()) {
            rows.seats.iter().map(|s| s.bot.clone()).collect()
        } else {
            Vec::new()
        },
        // A clock that does not read is left out of the listing, not an error.
        clock: m
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str(c).ok()),
    })
}
