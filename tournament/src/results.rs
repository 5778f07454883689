//! The words both kinds of tournament share: entrants, finished games, pairings, seats, and
//! the performance rating.

use serde::{Deserialize, Serialize};

/// A player's id, as the server knows the player.
pub type PlayerId = String;

/// How a finished tournament game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player in seat 1 won.
    FirstWon,
    /// The player in seat 2 won.
    SecondWon,
    /// Neither won.
    Draw,
}

/// How a game went for one of its two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerResult {
    /// The player won.
    Win,
    /// Neither won.
    Draw,
    /// The player lost.
    Loss,
}

impl PlayerResult {
    /// The result in half-points: 2 for a win, 1 for a draw, 0 for a loss (a Swiss score ×2,
    /// so a draw's half point stays an integer).
    pub fn points_x2(self) -> u32 {
        match self {
            PlayerResult::Win => 2,
            PlayerResult::Draw => 1,
            PlayerResult::Loss => 0,
        }
    }
}

/// One of a game's two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// Seat 1: moves first.
    First,
    /// Seat 2.
    Second,
}

/// One finished tournament game: `first` sat in seat 1 (moves first), `second` in seat 2.
///
/// A game whose two players are the same id means nothing and every rule here skips it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The player in seat 1.
    pub first: PlayerId,
    /// The player in seat 2.
    pub second: PlayerId,
    /// How the game ended.
    pub outcome: Outcome,
    /// When the game ended, in milliseconds (any epoch: only the order matters).
    pub ended_ms: u64,
}

impl Played {
    /// The other player of the game, if `id` played in it.
    pub fn opponent_of(&self, id: &str) -> Option<&str> {
        if self.first == id {
            Some(&self.second)
        } else if self.second == id {
            Some(&self.first)
        } else {
            None
        }
    }

    /// The seat `id` had in the game, if `id` played in it.
    pub fn seat_of(&self, id: &str) -> Option<Seat> {
        if self.first == id {
            Some(Seat::First)
        } else if self.second == id {
            Some(Seat::Second)
        } else {
            None
        }
    }

    /// How the game went for `id`, if `id` played in it.
    pub fn result_for(&self, id: &str) -> Option<PlayerResult> {
        let seat = self.seat_of(id)?;
        Some(match (self.outcome, seat) {
            (Outcome::Draw, _) => PlayerResult::Draw,
            (Outcome::FirstWon, Seat::First) | (Outcome::SecondWon, Seat::Second) => {
                PlayerResult::Win
            }
            (Outcome::FirstWon, Seat::Second) | (Outcome::SecondWon, Seat::First) => {
                PlayerResult::Loss
            }
        })
    }

    /// The game's two sides, each with the id of the other player: `(player, opponent)`.
    pub fn sides(&self) -> [(&str, &str); 2] {
        [(&self.first, &self.second), (&self.second, &self.first)]
    }
}

/// A player in a tournament with their rating when they joined (rounded Glicko rating, e.g.
/// 1500).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The player.
    pub id: PlayerId,
    /// The rating when the player joined; it stays fixed for the whole tournament.
    pub rating: i32,
    /// When the player joined, in milliseconds.
    pub joined_ms: u64,
}

/// A pairing: `first` gets seat 1 (the first move), `second` seat 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The player who gets seat 1.
    pub first: PlayerId,
    /// The player who gets seat 2.
    pub second: PlayerId,
}

/// The performance rating of a player over their games: the average rating of the opponents
/// plus 400 × (wins − losses) / games, linear, as lichess shows it; `None` with no game.
///
/// Each item is one game: the opponent's rating and how the game went for the player. The
/// result is rounded to the nearest integer, a half away from zero.
///
/// ```
/// use senet_tournament::{performance, PlayerResult};
///
/// // (1400 + 1500 + 1600 + 400 × (2 − 1)) / 3 = 4900 / 3 = 1633.3…
/// let games = [(1400, PlayerResult::Win), (1500, PlayerResult::Win), (1600, PlayerResult::Loss)];
/// assert_eq!(performance(games), Some(1633));
/// assert_eq!(performance([]), None);
/// ```
pub fn performance(results: impl IntoIterator<Item = (i32, PlayerResult)>) -> Option<i32> {
    let (mut total, mut games) = (0_i64, 0_i64);
    for (rating, result) in results {
        let swing = match result {
            PlayerResult::Win => 400,
            PlayerResult::Draw => 0,
            PlayerResult::Loss => -400,
        };
        total += i64::from(rating) + swing;
        games += 1;
    }
    if games == 0 {
        return None;
    }
    let rounded = (2 * total.abs() + games) / (2 * games) * total.signum();
    Some(i32::try_from(rounded).unwrap_or(if rounded < 0 { i32::MIN } else { i32::MAX }))
}

/// The games that count, in the order they ended. Games that ended in the same millisecond
/// are ordered by their content, so the caller's order of the slice never changes a result.
pub(crate) fn chronological(games: &[Played]) -> Vec<&Played> {
    let mut ordered: Vec<&Played> = games.iter().filter(|g| g.first != g.second).collect();
    ordered.sort_by(|a, b| {
        (a.ended_ms, &a.first, &a.second, a.outcome)
            .cmp(&(b.ended_ms, &b.first, &b.second, b.outcome))
    });
    ordered
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: &str, second: &str, outcome: Outcome) -> Played {
        Played {
            first: first.into(),
            second: second.into(),
            outcome,
            ended_ms: 0,
        }
    }

    #[test]
    fn a_game_seen_from_each_side() {
        let g = game("ada", "bob", Outcome::SecondWon);
        assert_eq!(g.result_for("ada"), Some(PlayerResult::Loss));
        assert_eq!(g.result_for("bob"), Some(PlayerResult::Win));
        assert_eq!(g.result_for("cy"), None);
        assert_eq!(g.opponent_of("ada"), Some("bob"));
        assert_eq!(g.opponent_of("bob"), Some("ada"));
        assert_eq!(g.seat_of("bob"), Some(Seat::Second));
        let d = game("ada", "bob", Outcome::Draw);
        assert_eq!(d.result_for("ada"), Some(PlayerResult::Draw));
        assert_eq!(d.result_for("bob"), Some(PlayerResult::Draw));
    }

    // Every case: (sum of opponents + 400 × (wins − losses)) / games, by hand.
    #[test]
    fn performance_by_hand() {
        use PlayerResult::{Draw, Loss, Win};
        // A win, a draw, a loss: the balance is 0, so the average: (1500+1600+1700)/3 = 1600.
        assert_eq!(
            performance([(1500, Win), (1600, Draw), (1700, Loss)]),
            Some(1600)
        );
        // One loss against 1000: 1000 − 400 = 600.
        assert_eq!(performance([(1000, Loss)]), Some(600));
        // One win against 1500: 1900.
        assert_eq!(performance([(1500, Win)]), Some(1900));
        // Two wins against 1500 and 1501: (3001 + 800) / 2 = 1900.5, a half: away from 0.
        assert_eq!(performance([(1500, Win), (1501, Win)]), Some(1901));
        // Three draws against 1500, 1500, 1501: 4501 / 3 = 1500.33 -> 1500.
        assert_eq!(
            performance([(1500, Draw), (1500, Draw), (1501, Draw)]),
            Some(1500)
        );
        // Two draws and a win against 1500 each: (4500 + 400) / 3 = 1633.33 -> 1633;
        // two wins and a draw: (4500 + 800) / 3 = 1766.67 -> 1767.
        assert_eq!(
            performance([(1500, Draw), (1500, Draw), (1500, Win)]),
            Some(1633)
        );
        assert_eq!(
            performance([(1500, Win), (1500, Draw), (1500, Win)]),
            Some(1767)
        );
        // Four losses against 300: 300 − 400 = −100; a rating can go below zero here.
        assert_eq!(performance([(300, Loss); 4]), Some(-100));
        // (300 − 400) + (−101 − 400) = −601; / 2 = −300.5, a half: away from zero, −301.
        assert_eq!(performance([(300, Loss), (-101, Loss)]), Some(-301));
        assert_eq!(performance([]), None);
    }

    #[test]
    fn games_in_the_order_they_ended_whatever_the_slice_order() {
        let mut a = game("ada", "bob", Outcome::Draw);
        a.ended_ms = 5;
        let mut b = game("cy", "dee", Outcome::Draw);
        b.ended_ms = 3;
        let mut c = game("bob", "cy", Outcome::Draw);
        c.ended_ms = 3;
        let selfie = game("ada", "ada", Outcome::FirstWon);
        let one = [a.clone(), b.clone(), c.clone(), selfie.clone()];
        let other = [selfie, c.clone(), a.clone(), b.clone()];
        assert_eq!(chronological(&one), vec![&c, &b, &a]);
        assert_eq!(chronological(&one), chronological(&other));
    }
}
