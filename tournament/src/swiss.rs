//! Swiss tournaments: the bye and the pairings of the next round, without a rematch ever.
//!
//! The pairing takes the players from the top, and each takes the opponent it prefers among
//! those that still leave everyone below pairable (a maximum matching of "who has not met"
//! answers that). So, like a backtracking search, it finds a rematch-free round whenever one
//! exists, but it never has to undo a choice: a round of 300 takes milliseconds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::matching::maximum_matching;
use crate::results::{Entrant, Pairing, Played, PlayerId, chronological};
use crate::seats::SeatHistory;
use crate::swiss_standings::{scores_x2, unique_players};

/// A Swiss round's pairings and its bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissRound {
    /// The games of the round, in board order: the best score group first.
    pub pairings: Vec<Pairing>,
    /// Who sits the round out, scoring as for a win: only with an odd number of players.
    pub bye: Option<PlayerId>,
}

/// Why a Swiss round cannot be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum SwissError {
    /// Every way to pair this round would repeat a game (too many rounds for too few
    /// players).
    #[error("every way to pair this round would repeat a game")]
    NoPairingWithoutRematch,
    /// Fewer than two players.
    #[error("a Swiss round needs two players or more")]
    TooFewPlayers,
}

/// Pairs the next round.
///
/// `players`: those still in the tournament (withdrawn ones left out by the caller); `games`:
/// every game of earlier rounds (with withdrawn players too: they still count for their
/// opponents' scores and for who has met whom); `byes`: the players who had a bye in
/// earlier rounds (one entry per bye).
///
/// Scores: 1 per win and per bye, ½ per draw. The players are ranked by score, then rating
/// (higher first), then id. With an odd number of players the bye goes to the lowest ranked
/// of those who have had the fewest byes (so nobody gets a second while someone has had
/// none) whose absence still leaves a pairing without a rematch. Then each player from the
/// top, while unpaired, takes an opponent: within a score group the top half meets the
/// bottom half (of 6, 1–4, 2–5, 3–6; of 5, 1–3, 2–4, and the lowest floats down), and a
/// floater meets the top of the next group down. When that opponent is a rematch the next
/// one down the bottom half is tried, then the top half from its lowest, then lower groups.
/// An opponent is only taken if the rest of the field can still be paired without a rematch,
/// and preferably one that keeps as many of the group's games inside the group as can be.
/// Two players never meet twice.
///
/// Seats: see [`SeatHistory::seat`], the higher ranked counting as the better.
///
/// # Errors
///
/// [`SwissError::TooFewPlayers`] with fewer than two players;
/// [`SwissError::NoPairingWithoutRematch`] when every pairing (with every allowed bye)
/// would repeat a game.
pub fn swiss_pairings(
    players: &[Entrant],
    games: &[Played],
    byes: &[PlayerId],
) -> Result<SwissRound, SwissError> {
    let field = Field::new(players, games, byes);
    let n = field.players.len();
    if n < 2 {
        return Err(SwissError::TooFewPlayers);
    }
    let everyone: Vec<usize> = (0..n).collect();
    let bye = if n % 2 == 1 {
        Some(field.choose_bye(byes)?)
    } else {
        None
    };
    let to_pair: Vec<usize> = everyone.into_iter().filter(|&v| Some(v) != bye).collect();
    if !field.pairable(&to_pair) {
        return Err(SwissError::NoPairingWithoutRematch);
    }
    let seats = SeatHistory::from_games(games);
    let pairings = field
        .pair(to_pair)?
        .into_iter()
        .map(|(better, worse)| seats.seat(&field.players[better].id, &field.players[worse].id))
        .collect();
    Ok(SwissRound {
        pairings,
        bye: bye.map(|b| field.players[b].id.clone()),
    })
}

/// The players still in, by index in rank order, with who has met whom.
struct Field<'a> {
    /// In rank order: score, then rating, then id.
    players: Vec<&'a Entrant>,
    score_x2: Vec<u32>,
    /// `met[a][b]`: `a` and `b` have played each other.
    met: Vec<Vec<bool>>,
    /// The players each one has met, each once.
    opponents: Vec<Vec<usize>>,
}

impl<'a> Field<'a> {
    fn new(players: &'a [Entrant], games: &[Played], byes: &[PlayerId]) -> Self {
        let scores = scores_x2(games, byes);
        let score = |e: &Entrant| scores.get(&*e.id).copied().unwrap_or(0);
        let mut players = unique_players(players);
        players.sort_by(|a, b| {
            score(b)
                .cmp(&score(a))
                .then(b.rating.cmp(&a.rating))
                .then(a.id.cmp(&b.id))
        });
        let index: BTreeMap<&str, usize> = players
            .iter()
            .enumerate()
            .map(|(i, e)| (&*e.id, i))
            .collect();
        let n = players.len();
        let mut met = vec![vec![false; n]; n];
        for game in chronological(games) {
            if let (Some(&a), Some(&b)) = (index.get(&*game.first), index.get(&*game.second)) {
                met[a][b] = true;
                met[b][a] = true;
            }
        }
        let opponents = met
            .iter()
            .map(|row| (0..n).filter(|&b| row[b]).collect())
            .collect();
        Field {
            score_x2: players.iter().map(|e| score(e)).collect(),
            players,
            met,
            opponents,
        }
    }

    /// The most pairs without a rematch that can be made within `set`.
    fn max_pairs(&self, set: &[usize]) -> usize {
        let m = set.len();
        if m < 2 {
            return 0;
        }
        // Dirac: when everyone may play at least half of the others (rounded up), the set
        // pairs completely (an odd one but for one player), so the exact count is only
        // needed in small sets late in a tournament.
        let mut in_set = vec![false; self.players.len()];
        for &v in set {
            in_set[v] = true;
        }
        let dense = set.iter().all(|&v| {
            let met_here = self.opponents[v].iter().filter(|&&u| in_set[u]).count();
            m - 1 - met_here >= m.div_ceil(2)
        });
        if dense {
            return m / 2;
        }
        let local: Vec<Vec<usize>> = set
            .iter()
            .map(|&v| {
                (0..m)
                    .filter(|&j| set[j] != v && !self.met[v][set[j]])
                    .collect()
            })
            .collect();
        maximum_matching(&local)
    }

    /// Whether everyone in `set` can be paired without a rematch.
    fn pairable(&self, set: &[usize]) -> bool {
        set.len() % 2 == 0 && self.max_pairs(set) == set.len() / 2
    }

    /// The bye: the lowest ranked of those with the fewest byes whose absence leaves the
    /// rest pairable.
    fn choose_bye(&self, byes: &[PlayerId]) -> Result<usize, SwissError> {
        let had = |v: usize| byes.iter().filter(|b| **b == self.players[v].id).count();
        let n = self.players.len();
        let fewest = (0..n).map(had).min().unwrap_or(0);
        (0..n)
            .rev()
            .filter(|&v| had(v) == fewest)
            .find(|&v| {
                let rest: Vec<usize> = (0..n).filter(|&u| u != v).collect();
                self.pairable(&rest)
            })
            .ok_or(SwissError::NoPairingWithoutRematch)
    }

    /// Pairs `remaining` (pairable, in rank order), from the top: `(better, worse)` in board
    /// order.
    fn pair(&self, mut remaining: Vec<usize>) -> Result<Vec<(usize, usize)>, SwissError> {
        let mut pairs = Vec::with_capacity(remaining.len() / 2);
        while let Some((&top, rest)) = remaining.split_first() {
            let (bracket, order) = self.preferences(top, rest);
            let opponent = self
                .choose(top, rest, bracket, &order)
                .ok_or(SwissError::NoPairingWithoutRematch)?;
            pairs.push((top, opponent));
            remaining.retain(|&v| v != top && v != opponent);
        }
        Ok(pairs)
    }

    /// `top`'s bracket (the others of its score group, or, for a player alone there, the next
    /// group down) and every other player in the order `top` prefers them.
    fn preferences<'r>(&self, top: usize, rest: &'r [usize]) -> (&'r [usize], Vec<usize>) {
        let group_end = |score: u32| {
            rest.iter()
                .position(|&v| self.score_x2[v] != score)
                .unwrap_or(rest.len())
        };
        let same = group_end(self.score_x2[top]);
        if same == 0 {
            let next = group_end(self.score_x2[rest[0]]);
            return (&rest[..next], rest.to_vec());
        }
        // The group is `top` and `rest[..same]`; its top half meets its bottom half, the
        // lowest of an odd group left over. `top`'s own opponent opens the bottom half.
        let group = same + 1;
        let (upper, lower) = rest[..same].split_at(group / 2 - 1);
        let order = lower
            .iter()
            .chain(upper.iter().rev())
            .chain(&rest[same..])
            .copied()
            .collect();
        (&rest[..same], order)
    }

    /// The opponent `top` takes: the first in `order` that leaves the rest pairable and the
    /// bracket with as many games inside it as it can hold; failing that, the first that
    /// leaves the rest pairable.
    fn choose(
        &self,
        top: usize,
        rest: &[usize],
        bracket: &[usize],
        order: &[usize],
    ) -> Option<usize> {
        let without = |set: &[usize], q: usize| -> Vec<usize> {
            set.iter().copied().filter(|&v| v != q).collect()
        };
        let leaves_rest_pairable = |q: usize| self.pairable(&without(rest, q));
        let most_in_bracket = self.max_pairs(&[&[top], bracket].concat());
        let keeps_bracket_full = |q: usize| {
            bracket.contains(&q) && self.max_pairs(&without(bracket, q)) + 1 == most_in_bracket
        };
        let allowed = |q: &&usize| !self.met[top][**q];
        order
            .iter()
            .filter(allowed)
            .find(|&&q| keeps_bracket_full(q) && leaves_rest_pairable(q))
            .or_else(|| {
                order
                    .iter()
                    .filter(allowed)
                    .find(|&&q| leaves_rest_pairable(q))
            })
            .copied()
    }
}
