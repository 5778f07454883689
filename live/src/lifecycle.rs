//! Where matches come from: a new match (recorded, then its actor started) and a stored
//! one rebuilt after a restart (its facts replayed through [`MatchState::apply`]).

use std::sync::Arc;

#[cfg(feature = "test-dice")]
use senet_match::dice::ServerSeed;
use senet_match::view::ReplayError;
use senet_match::{Fact, MatchSpec, MatchState, RecoveryError, Seat, stored_spec};
use senet_protocol::ChatLine;
use senet_store::sql::Recovered;
use senet_store::{EventStore, MatchRow, SeatRow, StoreError, hash_secret};

use crate::actor::{Actor, ChatState, History};
use crate::registry::{Created, MatchHandle, NewMatch, new_secret};
use crate::settings::Settings;

fn spec_of(m: &NewMatch, cfg: &Settings) -> MatchSpec {
    MatchSpec {
        variant: m.variant,
        setup: m.setup,
        series: m.series,
        seed_window: cfg.seed_window(),
        clock: m.clock,
    }
}

/// The level of the bot that plays `seat` of a new match, if a bot does: bots take the last
/// seats, as many as `spec.bots` lists.
fn bot_of(spec: &NewMatch, seat: Seat) -> Option<senet_bots::Level> {
    let n = usize::from(spec.setup.players);
    let first_bot = n.checked_sub(spec.bots.len())?;
    seat.index()
        .checked_sub(first_bot)
        .and_then(|k| spec.bots.get(k).copied())
}

/// The display name of a bot seat: `Computer (medium)`, or, where another bot of the
/// match plays at the same level, `Computer 3 (medium)` with the seat's number, so that a
/// result of several bots names each apart.
pub fn bot_name(level: senet_bots::Level, seat: Seat, levels: &[senet_bots::Level]) -> String {
    if levels.iter().filter(|&&l| l == level).count() > 1 {
        format!("Computer {} ({})", seat.get(), level.id())
    } else {
        format!("Computer ({})", level.id())
    }
}

/// Starts the actor of a new match, once the store has recorded it, with seat 1 tied to
/// `player_id` if given.
///
/// # Errors
/// When the store cannot record the match.
pub async fn spawn_match_for(
    spec: NewMatch,
    player_id: Option<String>,
    store: Arc<dyn EventStore>,
    cfg: Arc<Settings>,
) -> Result<(MatchHandle, Created), StoreError> {
    let (actor, created) = new_match(spec, player_id, store, cfg, false).await?;
    Ok((actor.start(), created))
}

/// Starts a new match as [`spawn_match_for`] does, whose every game throws from `seed` (its
/// game `n` is [`chosen_game`](crate::chosen_game)`(seed, n)`), so that a test knows its throws in advance. Such
/// a match takes no client seeds: its throws are the seed's alone. Only in a build with the
/// `test-dice` feature (the browser tests' server): a normal build cannot make one.
///
/// # Errors
/// When the store cannot record the match.
#[cfg(feature = "test-dice")]
pub async fn spawn_match_with_dice(
    spec: NewMatch,
    player_id: Option<String>,
    store: Arc<dyn EventStore>,
    cfg: Arc<Settings>,
    seed: ServerSeed,
) -> Result<(MatchHandle, Created), StoreError> {
    let (mut actor, created) = new_match(spec, player_id, store, cfg, true).await?;
    actor.chosen_seed = Some(seed);
    Ok((actor.start(), created))
}

/// Records a new match and makes its actor (not yet started); `chosen_dice`: its dice are
/// chosen by a test, so its games take no client seeds.
async fn new_match(
    spec: NewMatch,
    player_id: Option<String>,
    store: Arc<dyn EventStore>,
    cfg: Arc<Settings>,
    chosen_dice: bool,
) -> Result<(Actor, Created), StoreError> {
    let id = uuid::Uuid::new_v4().to_string();
    let n = spec.setup.players;
    let tokens: Vec<String> = (0..n).map(|_| new_secret()).collect();
    let invites: Vec<String> = (0..n).map(|_| new_secret()).collect();
    let created = Created {
        match_id: id.clone(),
        token: tokens[0].clone(),
        // A bot's seat has no invite to give.
        invites: Seat::all(n)
            .skip(1)
            .filter(|&s| bot_of(&spec, s).is_none())
            .map(|s| (s.get(), invites[s.index()].clone()))
            .collect(),
        spectator_key: (!spec.public).then(new_secret),
    };
    let row = MatchRow {
        id: id.clone(),
        name: spec.name.clone(),
        variant: spec.variant.id().to_owned(),
        options: serde_json::to_string(&spec.setup).unwrap_or_default(),
        players: n,
        series_kind: spec.series.kind.as_str().to_owned(),
        series_target: spec.series.target,
        public: spec.public,
        spectator_key_hash: created.spectator_key.as_deref().map(hash_secret),
        rated: spec.rated,
        clock: spec.clock.and_then(|c| serde_json::to_string(&c).ok()),
        seats: Seat::all(n)
            .map(|s| {
                let bot = bot_of(&spec, s);
                SeatRow {
                    seat: s.get(),
                    player_id: if s == Seat::FIRST && bot.is_none() {
                        player_id.clone()
                    } else {
                        None
                    },
                    name: match bot {
                        Some(level) => Some(bot_name(level, s, &spec.bots)),
                        None => (s == Seat::FIRST).then(|| spec.creator.clone()),
                    },
                    token_hash: hash_secret(&tokens[s.index()]),
                    invite_hash: hash_secret(&invites[s.index()]),
                    claimed: s == Seat::FIRST || bot.is_some(),
                    bot: bot.map(|l| l.id().to_owned()),
                }
            })
            .collect(),
    };
    store.create_match(&row).await?;
    let mut match_spec = spec_of(&spec, &cfg);
    match_spec.seed_window &= !chosen_dice;
    let state = MatchState::new(match_spec);
    let actor = Actor::new(row, spec.name, spec.public, state, store, cfg);
    Ok((actor, created))
}

/// Rebuilds an unfinished match from the store — every stored fact applied in order (each
/// throw recomputed from its game's seed and checked) — and starts its actor, with `chat`,
/// its recent chat messages (the last of each room).
///
/// # Errors
/// When the stored match does not read or replay.
pub fn restore_match(
    rec: Recovered,
    chat: Vec<ChatLine>,
    store: Arc<dyn EventStore>,
    cfg: Arc<Settings>,
) -> Result<MatchHandle, RecoveryError> {
    let row = rec.row;
    let spec = stored_spec(
        &row.variant,
        &row.options,
        &row.series_kind,
        row.series_target,
        row.clock.as_deref(),
        cfg.seed_window(),
    )?;
    if row.seats.len() != usize::from(spec.setup.players) {
        return Err(RecoveryError::SeatCount {
            stored: row.seats.len(),
            players: spec.setup.players,
        });
    }
    let mut state = MatchState::new(spec);
    // Only the last game's facts stay in memory (see `actor/history.rs`).
    let mut history = History::new(state.clone(), store.sql().is_some());
    for text in &rec.events {
        let no = state.events() + 1;
        let fact = Fact::from_json(text).map_err(|error| RecoveryError::BadFact { no, error })?;
        history.checkpoint_before(&fact, &state);
        state
            .apply(&fact)
            .map_err(|error| ReplayError { no, error })?;
        history.push(fact);
    }
    let (name, public) = (row.name.clone(), row.public);
    let actor = Actor::new(row, name, public, state, store, cfg)
        .recovered(history, ChatState::recovered(chat));
    Ok(actor.start())
}

#[cfg(test)]
mod tests {
    use senet_bots::Level;

    use super::*;

    #[test]
    fn bots_of_one_level_are_told_apart_by_their_seats() {
        let seat = |n| Seat::new(n).expect("a seat");
        assert_eq!(
            bot_name(Level::Easy, seat(2), &[Level::Easy]),
            "Computer (easy)"
        );
        let mixed = [Level::Medium, Level::Hard];
        assert_eq!(bot_name(Level::Hard, seat(3), &mixed), "Computer (hard)");
        let three = [Level::Medium; 3];
        let names: Vec<String> = (2..=4)
            .map(|n| bot_name(Level::Medium, seat(n), &three))
            .collect();
        assert_eq!(
            names,
            [
                "Computer 2 (medium)",
                "Computer 3 (medium)",
                "Computer 4 (medium)"
            ]
        );
    }
}
