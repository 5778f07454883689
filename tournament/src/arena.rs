//! Arena tournaments, as lichess runs them: points with win streaks, the standings, and
//! pairing whoever is waiting for a game.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::results::{
    Entrant, Pairing, Played, PlayerId, PlayerResult, chronological, performance,
};
use crate::seats::SeatHistory;

/// Points of a win off a streak; a doubled win scores twice as much.
const WIN_POINTS: u32 = 2;
/// Points of a draw off a streak; a doubled draw scores twice as much.
const DRAW_POINTS: u32 = 1;
/// Wins in a row after which the next results are doubled.
const WINS_TO_CATCH_FIRE: u32 = 2;

/// A result mark on a player's arena score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Mark {
    /// A won game.
    Win {
        /// What it scored: 2, or 4 when doubled.
        points: u32,
        /// Whether the player was on fire, so the points were doubled.
        doubled: bool,
    },
    /// A drawn game.
    Draw {
        /// What it scored: 1, or 2 when doubled.
        points: u32,
        /// Whether the player was on fire, so the points were doubled.
        doubled: bool,
    },
    /// A lost game: no points.
    Loss,
}

impl Mark {
    /// What the mark scored.
    pub fn points(self) -> u32 {
        match self {
            Mark::Win { points, .. } | Mark::Draw { points, .. } => points,
            Mark::Loss => 0,
        }
    }
}

/// One line of an arena's standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaStanding {
    /// The place, from 1; no two players share one.
    pub rank: u32,
    /// The player.
    pub id: PlayerId,
    /// The rating the player joined with.
    pub rating: i32,
    /// The points of every mark on the sheet.
    pub points: u32,
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Whether the player's next win (or draw) is doubled: their last two games were won.
    pub on_fire: bool,
    /// The performance rating over the games against other entrants (see
    /// [`performance`](crate::performance)).
    pub performance: Option<i32>,
    /// One mark per game, in the order the games ended.
    pub sheet: Vec<Mark>,
}

/// Who waits for a game in an arena right now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaWaiting {
    /// The player.
    pub id: PlayerId,
    /// Since when the player has waited, in milliseconds.
    pub since_ms: u64,
}

/// A sheet being filled in, game after game.
#[derive(Default)]
struct Sheet {
    marks: Vec<Mark>,
    points: u32,
    wins: u32,
    wins_in_a_row: u32,
    rated_results: Vec<(i32, PlayerResult)>,
}

impl Sheet {
    fn on_fire(&self) -> bool {
        self.wins_in_a_row >= WINS_TO_CATCH_FIRE
    }

    fn mark(&mut self, result: PlayerResult, opponent_rating: Option<i32>) {
        let doubled = self.on_fire();
        let factor = if doubled { 2 } else { 1 };
        let mark = match result {
            PlayerResult::Win => Mark::Win {
                points: WIN_POINTS * factor,
                doubled,
            },
            PlayerResult::Draw => Mark::Draw {
                points: DRAW_POINTS * factor,
                doubled,
            },
            PlayerResult::Loss => Mark::Loss,
        };
        if result == PlayerResult::Win {
            self.wins += 1;
            self.wins_in_a_row += 1;
        } else {
            self.wins_in_a_row = 0;
        }
        self.points += mark.points();
        self.marks.push(mark);
        if let Some(rating) = opponent_rating {
            self.rated_results.push((rating, result));
        }
    }
}

/// The entrants, each id once (its first entry).
fn unique_entrants(entrants: &[Entrant]) -> Vec<&Entrant> {
    let mut seen = BTreeSet::new();
    entrants.iter().filter(|e| seen.insert(&e.id)).collect()
}

/// Standings from the entrants and every counted game (taken in `ended_ms` order, so the
/// order of the slice does not matter).
///
/// Scoring: a win 2, a draw 1, a loss 0. After two wins in a row a player is on fire: every
/// further win scores 4 and every draw 2, until a game is not won (a draw, doubled or not,
/// or a loss ends the streak).
///
/// Ranking: points (more first), then performance (higher first, none last), then rating
/// (higher first), then who joined earlier, then id. Every entrant is listed, with 0 points
/// before their first game; a game counts for whichever of its players are entrants, and an
/// opponent who is no entrant has no rating, so that game stays out of the performance.
pub fn arena_standings(entrants: &[Entrant], games: &[Played]) -> Vec<ArenaStanding> {
    let entrants = unique_entrants(entrants);
    let rating: BTreeMap<&str, i32> = entrants.iter().map(|e| (&*e.id, e.rating)).collect();
    let mut sheets: BTreeMap<&str, Sheet> = entrants
        .iter()
        .map(|e| (&*e.id, Sheet::default()))
        .collect();
    for game in chronological(games) {
        for (player, opponent) in game.sides() {
            let (Some(sheet), Some(result)) = (sheets.get_mut(player), game.result_for(player))
            else {
                continue;
            };
            sheet.mark(result, rating.get(opponent).copied());
        }
    }
    let mut lines: Vec<(&Entrant, ArenaStanding)> = entrants
        .iter()
        .map(|&e| {
            let sheet = sheets.remove(&*e.id).unwrap_or_default();
            let standing = ArenaStanding {
                rank: 0,
                id: e.id.clone(),
                rating: e.rating,
                points: sheet.points,
                games: u32::try_from(sheet.marks.len()).unwrap_or(u32::MAX),
                wins: sheet.wins,
                on_fire: sheet.on_fire(),
                performance: performance(sheet.rated_results.iter().copied()),
                sheet: sheet.marks,
            };
            (e, standing)
        })
        .collect();
    lines.sort_by(|(ea, a), (eb, b)| {
        b.points
            .cmp(&a.points)
            // `None` is below every `Some`, so this puts players without a game last.
            .then(b.performance.cmp(&a.performance))
            .then(b.rating.cmp(&a.rating))
            .then(ea.joined_ms.cmp(&eb.joined_ms))
            .then(a.id.cmp(&b.id))
    });
    lines
        .into_iter()
        .zip(1..)
        .map(|((_, standing), rank)| ArenaStanding { rank, ..standing })
        .collect()
}

/// The pairings to make now among the waiting players (each at most once), given the
/// standings and the games so far.
///
/// The waiting players go in the order of their rank in `standings` (best first; one not
/// in the standings after all who are, longest waiting first). Neighbours are paired in
/// that order (1–2, 3–4, …), but two players are never paired when either one's last game
/// was against the other: then the first tries the next one down (1–3, and 2 goes on with
/// the next). A player who cannot be paired stays waiting: two who just played each other
/// and wait alone get no pairing, and wait for someone else.
///
/// Seats: see [`SeatHistory::seat`], the better ranked of the two counting as the better.
pub fn arena_pairings(
    waiting: &[ArenaWaiting],
    standings: &[ArenaStanding],
    games: &[Played],
) -> Vec<Pairing> {
    let rank: BTreeMap<&str, u32> = standings.iter().map(|s| (&*s.id, s.rank)).collect();
    let mut seen = BTreeSet::new();
    let mut queue: Vec<&ArenaWaiting> = waiting.iter().filter(|w| seen.insert(&w.id)).collect();
    queue.sort_by_key(|w| {
        let rank = rank.get(&*w.id).copied().unwrap_or(u32::MAX);
        (rank, w.since_ms, &w.id)
    });
    let mut last_opponent: BTreeMap<&str, &str> = BTreeMap::new();
    for game in chronological(games) {
        for (player, opponent) in game.sides() {
            last_opponent.insert(player, opponent);
        }
    }
    let just_played =
        |a: &str, b: &str| last_opponent.get(a) == Some(&b) || last_opponent.get(b) == Some(&a);
    let seats = SeatHistory::from_games(games);
    let mut paired = vec![false; queue.len()];
    let mut pairings = Vec::new();
    for i in 0..queue.len() {
        if paired[i] {
            continue;
        }
        let partner =
            (i + 1..queue.len()).find(|&j| !paired[j] && !just_played(&queue[i].id, &queue[j].id));
        if let Some(j) = partner {
            paired[i] = true;
            paired[j] = true;
            pairings.push(seats.seat(&queue[i].id, &queue[j].id));
        }
    }
    pairings
}
