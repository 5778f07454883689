//! The director: every half second, for each tournament not finished, the node that directs
//! it (one at a time: a term in the store, renewed at each look) settles the games whose
//! matches finished, starts and ends it on time, and pairs whoever is to be paired. Every
//! decision is made from the stored rows, so a node that takes over from a dead one goes on
//! from exactly what was stored.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};

use futures_util::StreamExt;
use senet_live::NewMatch;
use senet_protocol::people_msg::PeopleMsg;
use senet_protocol::time::now_ms;
use senet_store::SqlStore;
use senet_store::sql::tournament_rows::{
    EntrantRow, NewTournamentGame, TournamentGameRow, TournamentRow,
};
use senet_tournament::{ArenaWaiting, Pairing, SwissError};

use super::tournament_seats::{Sitter, seat_two};
use super::tournament_view::{counted, entrant};
use crate::AppState;

/// How often the director looks.
const TICK: Duration = Duration::from_millis(500);

/// Pairings whose matches are being made at once.
const MADE_AT_ONCE: usize = 8;

/// How long a node's term as a tournament's director lasts unrenewed.
const TERM_MS: i64 = 5_000;

/// An arena pairs a player whose page looked at it, or who finished a game, this recently.
const PRESENT_MS: i64 = 45_000;

/// How long one director's look at one tournament took, in seconds (1 ms to about 16 s);
/// `GET /metrics` shows it.
pub static LOOK_SECONDS: LazyLock<Histogram> =
    LazyLock::new(|| Histogram::new(exponential_buckets(0.001, 2.0, 15)));

/// For each arena pairing, how long each of its players had waited since their last game's
/// end (its stored `ended_ms`) when the pairing was stored, in seconds; a player's first
/// pairing is not counted. `GET /metrics` shows it.
pub static REPAIR_SECONDS: LazyLock<Histogram> =
    LazyLock::new(|| Histogram::new(exponential_buckets(0.01, 2.0, 12)));

/// Runs the directors until the server shuts down.
pub fn start_directors(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        let mut shutdown = state.shutdown.clone();
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => direct_all(&state).await,
                _ = shutdown.changed() => return,
            }
        }
    });
}

/// One look at every tournament not finished (what each tick does).
pub async fn direct_all(state: &AppState) {
    let Some(sql) = state.store.sql() else {
        return;
    };
    let ids = match sql.unfinished_tournaments().await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::warn!(error = %e, "tournaments not read");
            return;
        }
    };
    let node = node_id(state);
    for id in ids {
        let started = Instant::now();
        if let Err(e) = direct(state, sql, &id, &node).await {
            tracing::warn!(tournament = %id, error = %e, "tournament not directed");
        }
        LOOK_SECONDS.observe(started.elapsed().as_secs_f64());
    }
}

fn node_id(state: &AppState) -> String {
    state
        .cluster
        .as_ref()
        .map_or_else(|| "local".to_owned(), |c| c.node_id().to_owned())
}

#[tracing::instrument(skip(state, sql, node))]
async fn direct(state: &AppState, sql: &SqlStore, id: &str, node: &str) -> Result<(), String> {
    let now = now_ms();
    if !sql
        .direct_tournament(id, node, now, TERM_MS)
        .await
        .map_err(|e| e.to_string())?
    {
        return Ok(());
    }
    let Some(t) = sql.tournament(id).await.map_err(|e| e.to_string())? else {
        return Ok(());
    };
    let arena = t.kind == "arena";
    let void_after = if arena { t.ends_ms } else { None };
    let settled = sql
        .settle_tournament_games(id, void_after, now)
        .await
        .map_err(|e| e.to_string())?;
    if settled > 0 {
        state.tournaments.notify();
    }
    match t.status.as_str() {
        "created" if now >= t.starts_ms => {
            set_status(state, sql, id, "running", now).await?;
        }
        "running" => {}
        _ => return Ok(()),
    }
    if arena {
        direct_arena(state, sql, &t, node, now).await
    } else {
        direct_swiss(state, sql, &t, node, now).await
    }
}

async fn set_status(
    state: &AppState,
    sql: &SqlStore,
    id: &str,
    status: &str,
    now: i64,
) -> Result<(), String> {
    sql.set_tournament_status(id, status, now)
        .await
        .map_err(|e| e.to_string())?;
    tracing::info!(tournament = %id, status, "tournament");
    state.tournaments.notify();
    Ok(())
}

async fn direct_arena(
    state: &AppState,
    sql: &SqlStore,
    t: &TournamentRow,
    node: &str,
    now: i64,
) -> Result<(), String> {
    if t.ends_ms.is_some_and(|end| now >= end) {
        // Games still being played at the end count for nobody.
        sql.void_open_games(&t.id, now)
            .await
            .map_err(|e| e.to_string())?;
        return set_status(state, sql, &t.id, "finished", now).await;
    }
    let mut lap = Instant::now();
    let (players, games) = rows(sql, &t.id).await?;
    let read_ms = lap_ms(&mut lap);
    let mut playing: HashSet<&str> = HashSet::new();
    let mut last_end: HashMap<&str, i64> = HashMap::new();
    for g in &games {
        for player in [g.first_id.as_str(), g.second_id.as_str()] {
            match g.ended_ms {
                _ if g.outcome.is_none() => {
                    playing.insert(player);
                }
                Some(ended) => {
                    let last = last_end.entry(player).or_insert(ended);
                    *last = (*last).max(ended);
                }
                None => {}
            }
        }
    }
    let waiting: Vec<ArenaWaiting> = players
        .iter()
        .filter(|p| p.active && !playing.contains(p.player_id.as_str()))
        .filter_map(|p| {
            let last_end = last_end.get(p.player_id.as_str()).copied();
            let seen = p.seen_ms.into_iter().chain(last_end).max()?;
            (now - seen <= PRESENT_MS).then(|| ArenaWaiting {
                id: p.player_id.clone(),
                since_ms: u64::try_from(last_end.unwrap_or(p.joined_ms)).unwrap_or(0),
            })
        })
        .collect();
    if waiting.len() < 2 {
        return Ok(());
    }
    let entrants: Vec<_> = players.iter().map(entrant).collect();
    let played = counted(&games);
    let standings = senet_tournament::arena_standings(&entrants, &played);
    let pairings = senet_tournament::arena_pairings(&waiting, &standings, &played);
    let plan_ms = lap_ms(&mut lap);
    let stored = make_games(state, sql, t, node, &players, &pairings, 0, None, now).await?;
    let make_ms = lap_ms(&mut lap);
    if stored {
        let at = now_ms();
        for player in pairings.iter().flat_map(|p| [&p.first, &p.second]) {
            if let Some(&ended) = last_end.get(player.as_str()) {
                REPAIR_SECONDS.observe(f64::from(u32::try_from(at - ended).unwrap_or(0)) / 1e3);
            }
        }
    }
    tracing::debug!(
        tournament = %t.id,
        players = players.len(),
        games = games.len(),
        waiting = waiting.len(),
        pairings = pairings.len(),
        read_ms,
        plan_ms,
        make_ms,
        "arena look"
    );
    Ok(())
}

/// The milliseconds since `lap`, which is moved on to now.
fn lap_ms(lap: &mut Instant) -> u128 {
    let ms = lap.elapsed().as_millis();
    *lap = Instant::now();
    ms
}

async fn direct_swiss(
    state: &AppState,
    sql: &SqlStore,
    t: &TournamentRow,
    node: &str,
    now: i64,
) -> Result<(), String> {
    let (players, games) = rows(sql, &t.id).await?;
    if games.iter().any(|g| g.outcome.is_none()) {
        return Ok(());
    }
    let rounds = t.rounds.unwrap_or(1);
    if t.round >= rounds {
        return set_status(state, sql, &t.id, "finished", now).await;
    }
    if let Some(gap) = t.round_gap_ms {
        if now < t.starts_ms + t.round * gap {
            return Ok(());
        }
    }
    let active: Vec<_> = players.iter().filter(|p| p.active).map(entrant).collect();
    let byes: Vec<String> = sql
        .tournament_byes(&t.id)
        .await
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    let round = match senet_tournament::swiss_pairings(&active, &counted(&games), &byes) {
        Ok(round) => round,
        // Before its first round, an event waits for a second player to join.
        Err(SwissError::TooFewPlayers) if t.round == 0 => return Ok(()),
        // Nobody left to play, or every pairing would repeat a game: the event ends here.
        Err(SwissError::TooFewPlayers | SwissError::NoPairingWithoutRematch) => {
            return set_status(state, sql, &t.id, "finished", now).await;
        }
    };
    let number = t.round + 1;
    make_games(
        state,
        sql,
        t,
        node,
        &players,
        &round.pairings,
        number,
        Some(round.bye.as_deref()),
        now,
    )
    .await
    .map(|_| ())
}

async fn rows(
    sql: &SqlStore,
    id: &str,
) -> Result<(Vec<EntrantRow>, Vec<TournamentGameRow>), String> {
    let players = sql.entrants(id).await.map_err(|e| e.to_string())?;
    let games = sql.tournament_games(id).await.map_err(|e| e.to_string())?;
    Ok((players, games))
}

/// Makes the pairings' matches, stores them (with a Swiss round's number and bye) and tells
/// both players of each where to go. False when nothing was stored.
#[allow(clippy::too_many_arguments)]
async fn make_games(
    state: &AppState,
    sql: &SqlStore,
    t: &TournamentRow,
    node: &str,
    players: &[EntrantRow],
    pairings: &[Pairing],
    round: i64,
    swiss: Option<Option<&str>>,
    now: i64,
) -> Result<bool, String> {
    let variant: senet_engine::Variant = t.variant.parse().map_err(|_| "unknown variant")?;
    let clock = serde_json::from_str(&t.clock).map_err(|e| format!("stored clock: {e}"))?;
    let sitter = |id: &str| {
        players
            .iter()
            .find(|p| p.player_id == id)
            .map(|p| Sitter {
                name: p.name.clone(),
                player_id: p.player_id.clone(),
            })
            .ok_or_else(|| format!("{id} paired but not a player"))
    };
    let sitter = &sitter;
    let making: Vec<_> = pairings
        .iter()
        .map(|pairing| async move {
            let (first, second) = (sitter(&pairing.first)?, sitter(&pairing.second)?);
            let spec = NewMatch {
                variant,
                setup: senet_engine::Setup::players(2),
                series: senet_protocol::Series::default(),
                name: t.name.clone(),
                public: true,
                rated: t.rated,
                creator: first.name.clone(),
                clock: Some(clock),
                bots: Vec::new(),
            };
            let (match_id, first_token, second_token) =
                seat_two(state, spec, &first, &second).await?;
            Ok::<_, String>(NewTournamentGame {
                match_id,
                round,
                first_id: first.player_id,
                first_token,
                second_id: second.player_id,
                second_token,
            })
        })
        .collect();
    // Made together, so that their store writes share group commits: one after another,
    // a wave of a hundred games ending at once took three seconds to pair again.
    let seated = futures_util::stream::iter(making)
        .buffered(MADE_AT_ONCE)
        .collect::<Vec<_>>()
        .await;
    let mut made = Vec::with_capacity(seated.len());
    for game in seated {
        match game {
            Ok(game) => made.push(game),
            // A Swiss round is stored whole or not at all: it is tried again at the next look.
            Err(e) if swiss.is_some() => return Err(e),
            // An arena's players of a pairing not made wait for the next look.
            Err(e) => tracing::warn!(tournament = %t.id, error = %e, "arena pairing not made"),
        }
    }
    let round_and_bye = swiss.map(|bye| (round, bye));
    if made.is_empty() && round_and_bye.is_none() {
        return Ok(false);
    }
    let stored = sql
        .store_pairings(&t.id, node, &made, round_and_bye, now)
        .await
        .map_err(|e| e.to_string())?;
    if !stored {
        // Another node directs it now; the matches made here are played by nobody and end
        // on their clocks.
        return Ok(false);
    }
    state.tournaments.notify();
    for g in &made {
        for (player, seat, token) in [
            (&g.first_id, 1, &g.first_token),
            (&g.second_id, 2, &g.second_token),
        ] {
            let msg = PeopleMsg::TournamentGame {
                tournament_id: t.id.clone(),
                tournament_name: t.name.clone(),
                match_id: g.match_id.clone(),
                seat,
                token: token.clone(),
            };
            crate::http::people_socket::tell(state, player, &msg).await;
        }
    }
    Ok(true)
}
