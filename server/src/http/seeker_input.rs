//! What a seek's or a quick game's request is checked into before it reaches the lobby's
//! tables ([`crate::quick`]): its [`Terms`], and the [`Seeker`] who asks, with the rating
//! its terms' pool gives them and its place among its address's unfinished matches.

use axum::response::Response;
use senet_engine::Variant;
use senet_protocol::text::check_name;
use senet_protocol::{ClockSpec, Detail, RatingRange, Reason, Series};

use crate::AppState;
use crate::http::ApiError;
use crate::http::access::{db, player_for, seat_name};
use crate::http::signed_in::MaybeSignedIn;
use crate::limits::MatchSlot;
use crate::seeks::{Seeker, Terms};

/// A seek's terms as asked, checked: a known variant, a player count it is played with, a
/// series target of 1 to 99, a clock in range, a range whose ends are in order.
///
/// # Errors
/// `unknown_variant`, or `invalid` saying what is wrong.
pub(crate) fn terms(
    variant: &str,
    players: Option<u8>,
    series: Option<Series>,
    clock: Option<ClockSpec>,
    rated: bool,
    range: Option<RatingRange>,
) -> Result<Terms, ApiError> {
    let variant: Variant = variant
        .parse()
        .map_err(|_| ApiError::UnknownVariant(variant.to_owned()))?;
    let players = players.unwrap_or(2);
    variant
        .check_players(players)
        .map_err(|e| ApiError::Invalid(e.into()))?;
    let series = series.unwrap_or_default();
    if !(1..=99).contains(&series.target) {
        return Err(ApiError::series_target());
    }
    let clock = clock
        .map(ClockSpec::check)
        .transpose()
        .map_err(ApiError::Invalid)?;
    range_checked(range)?;
    Ok(Terms {
        variant,
        players,
        series,
        clock,
        rated,
    })
}

/// A rating range whose ends are in order.
///
/// # Errors
/// `invalid` when `min` is above `max`.
pub(crate) fn range_checked(range: Option<RatingRange>) -> Result<(), ApiError> {
    match range {
        Some(r) if r.min > r.max => Err(ApiError::Invalid(
            Detail::new(
                Reason::RangeOrder,
                format!(
                    "a rating range's min ({}) is at most its max ({})",
                    r.min, r.max
                ),
            )
            .with("min", i64::from(r.min))
            .with("max", i64::from(r.max)),
        )),
        _ => Ok(()),
    }
}

/// What a request says about who asks.
pub(crate) struct Asker {
    /// The display name asked for (a signed-in player's is the account's).
    pub(crate) name: Option<String>,
    /// The player key from `POST /api/players`.
    pub(crate) player_key: Option<String>,
    /// Meet one's own address or player too, if the other side asks as well.
    pub(crate) allow_same_address: bool,
    /// The ratings taken for opponents.
    pub(crate) range: Option<RatingRange>,
}

/// The seeker a request makes, for a table of `terms`, and its place among its address's
/// unfinished matches. Taking a seat may start a game, much as creating a match does: it
/// spends the same allowance, and holds one of the address's open matches from the moment
/// it waits.
///
/// # Errors
/// A bad name, a rated table for a guest, a spent allowance, a full address, or a store
/// that does not answer.
pub(crate) async fn seeker(
    state: &AppState,
    ip: Option<std::net::IpAddr>,
    who: &MaybeSignedIn,
    terms: Terms,
    asker: Asker,
) -> Result<(Seeker, MatchSlot), Response> {
    let name = check_name(seat_name(who, asker.name), String::new()).map_err(ApiError::from)?;
    // A guest's player key names a player but proves no account (`docs/accounts.md`).
    if terms.rated && who.0.is_none() {
        return Err(ApiError::invalid(
            Reason::RatedSignIn,
            "a rated game is between accounts: sign in first",
        )
        .into());
    }
    range_checked(asker.range)?;
    state
        .limits
        .create_match(ip)
        .map_err(ApiError::RateLimited)?;
    let player_id = player_for(state, who, asker.player_key.as_deref()).await?;
    let slot = state
        .limits
        .reserve_match(ip)
        .map_err(|_| crate::http::error::too_many_open(state.config.max_open_per_address))?;
    // Blocks keep two players apart, whichever of them blocked the other.
    let kept_apart = match &who.0 {
        Some(account) => state
            .accounts
            .kept_apart(&account.player_id)
            .await
            .map_err(ApiError::from)?,
        None => Vec::new(),
    };
    let rating = rating(state, player_id.as_deref(), terms).await?;
    Ok((
        Seeker {
            name,
            player_id,
            address: ip,
            allow_same_address: asker.allow_same_address,
            kept_apart,
            rating,
            range: asker.range,
        },
        slot,
    ))
}

/// A player's rating in the rating pool of `terms` (a newcomer's, and a guest's without a
/// player, where the store keeps no ratings or the player has none there).
async fn rating(state: &AppState, player: Option<&str>, terms: Terms) -> Result<f64, ApiError> {
    let newcomer = senet_match::glicko::Rating::default().rating;
    let (Some(player), Some(store)) = (player, state.store.sql()) else {
        return Ok(newcomer);
    };
    let pool = senet_store::sql::ratings::pool(terms.variant.id(), terms.players);
    let (pools, _) = store.player_ratings(player).await.map_err(db)?;
    Ok(pools
        .iter()
        .find(|p| p.pool == pool)
        .map_or(newcomer, |p| p.rating.rating))
}
