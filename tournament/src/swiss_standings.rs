//! Swiss scores and standings with their tie-breaks, in doubled (and quadrupled) integers so
//! no rounding of a half point ever decides a place.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::results::{Entrant, Played, PlayerId, chronological, performance};

/// A bye's score, doubled: a win's.
const BYE_POINTS_X2: u32 = 2;

/// One line of a Swiss tournament's standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissStanding {
    /// The place, from 1; no two players share one.
    pub rank: u32,
    /// The player.
    pub id: PlayerId,
    /// The rating the player joined with.
    pub rating: i32,
    /// The score, doubled: 2 per win or bye, 1 per draw.
    pub points_x2: u32,
    /// Buchholz, doubled: the sum of the opponents' scores (a bye adds nothing).
    pub buchholz_x2: u32,
    /// Sonneborn–Berger, quadrupled: the scores of the opponents beaten plus half the scores
    /// of those drawn with.
    pub sonneborn_berger_x4: u32,
    /// The performance rating over the games against opponents with a known rating (see
    /// [`performance`](crate::performance)); byes are no games.
    pub performance: Option<i32>,
    /// Games played (byes not counted).
    pub games: u32,
    /// Byes had.
    pub byes: u32,
}

/// Every player's score, doubled, from the games and byes: also those of players no longer
/// in the tournament, whose scores still count in their opponents' tie-breaks.
pub(crate) fn scores_x2<'a>(games: &'a [Played], byes: &'a [PlayerId]) -> BTreeMap<&'a str, u32> {
    let mut scores: BTreeMap<&str, u32> = BTreeMap::new();
    for game in chronological(games) {
        for (player, _) in game.sides() {
            let points = game.result_for(player).map_or(0, |r| r.points_x2());
            *scores.entry(player).or_default() += points;
        }
    }
    for bye in byes {
        *scores.entry(bye).or_default() += BYE_POINTS_X2;
    }
    scores
}

/// The players, each id once (its first entry).
pub(crate) fn unique_players(players: &[Entrant]) -> Vec<&Entrant> {
    let mut seen = BTreeSet::new();
    players.iter().filter(|e| seen.insert(&e.id)).collect()
}

/// Standings: points (more first), then Buchholz (the sum of the opponents' scores; a bye
/// adds nothing), then Sonneborn–Berger (the sum of the scores of the opponents beaten plus
/// half of those drawn with), then rating (higher first), then id.
///
/// `players` are the ones to list (withdrawn ones too, if the table should show them);
/// `games` every game of the rounds played and `byes` one entry per bye given. An opponent
/// missing from `players` still adds their score, computed from the games and byes, to
/// Buchholz and Sonneborn–Berger, but has no rating, so the game stays out of the
/// performance.
pub fn swiss_standings(
    players: &[Entrant],
    games: &[Played],
    byes: &[PlayerId],
) -> Vec<SwissStanding> {
    let players = unique_players(players);
    let scores = scores_x2(games, byes);
    let rating: BTreeMap<&str, i32> = players.iter().map(|e| (&*e.id, e.rating)).collect();
    let games = chronological(games);
    let mut lines: Vec<SwissStanding> = players
        .iter()
        .map(|player| {
            let id = &*player.id;
            let (mut buchholz_x2, mut sonneborn_berger_x4, mut played) = (0, 0, 0);
            let mut rated = Vec::new();
            for game in &games {
                let (Some(opponent), Some(result)) = (game.opponent_of(id), game.result_for(id))
                else {
                    continue;
                };
                let opponent_x2 = scores.get(opponent).copied().unwrap_or(0);
                played += 1;
                buchholz_x2 += opponent_x2;
                // A beaten opponent's whole score, a drawn one's half: ×4, the score ×2
                // (its result in half-points) times the doubled score.
                sonneborn_berger_x4 += result.points_x2() * opponent_x2;
                if let Some(&r) = rating.get(opponent) {
                    rated.push((r, result));
                }
            }
            SwissStanding {
                rank: 0,
                id: id.to_owned(),
                rating: player.rating,
                points_x2: scores.get(id).copied().unwrap_or(0),
                buchholz_x2,
                sonneborn_berger_x4,
                performance: performance(rated),
                games: played,
                byes: u32::try_from(byes.iter().filter(|b| **b == id).count()).unwrap_or(u32::MAX),
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        b.points_x2
            .cmp(&a.points_x2)
            .then(b.buchholz_x2.cmp(&a.buchholz_x2))
            .then(b.sonneborn_berger_x4.cmp(&a.sonneborn_berger_x4))
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    lines
        .into_iter()
        .zip(1..)
        .map(|(line, rank)| SwissStanding { rank, ..line })
        .collect()
}
