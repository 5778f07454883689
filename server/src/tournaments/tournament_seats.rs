//! A pairing's match: two people seated at once, neither by invite link.

use senet_live::{Cmd, NewMatch, SeatClaim, spawn_match_for};
use tokio::sync::oneshot;

use crate::AppState;

/// A seated player: their account's name and player id.
#[derive(Clone, Debug)]
pub struct Sitter {
    /// The name the seat shows.
    pub name: String,
    /// The account's player id.
    pub player_id: String,
}

/// Makes `spec`'s match with `first` in seat 1 and `second` in seat 2, and lists it: the
/// match id and both seats' tokens. `spec.creator` is replaced by `first`'s name.
///
/// # Errors
/// A message for the log when the store or the match's actor does not answer.
pub async fn seat_two(
    state: &AppState,
    mut spec: NewMatch,
    first: &Sitter,
    second: &Sitter,
) -> Result<(String, String, String), String> {
    spec.creator = first.name.clone();
    let (handle, created) = spawn_match_for(
        spec,
        Some(first.player_id.clone()),
        state.store.clone(),
        state.live.clone(),
    )
    .await
    .map_err(|e| format!("the match was not stored: {e}"))?;
    let invite = created
        .invites
        .first()
        .map(|(_, invite)| invite.clone())
        .ok_or("a two-seat match without an invite")?;
    let (reply, rx) = oneshot::channel();
    handle
        .mailbox
        .send(Cmd::Join(Box::new(SeatClaim {
            invite: Some(invite),
            name: second.name.clone(),
            player_id: Some(second.player_id.clone()),
            reply,
        })))
        .await
        .map_err(|_| "the match's actor is gone")?;
    let (_, second_token) = rx
        .await
        .map_err(|_| "the match's actor did not answer")?
        .map_err(|e| format!("seat 2 was not claimed: {e:?}"))?;
    // Listed only once both seats are claimed, as a quick game's match.
    state.registry.insert(handle);
    Ok((created.match_id, created.token, second_token))
}
