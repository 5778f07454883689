//! Who moves first: the seat rule both kinds of tournament share. Moving first is an
//! advantage, so over a tournament it should come to everyone about as often.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::results::{Pairing, Played, PlayerId, Seat, chronological};

/// One player's seats in the games so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Games in seat 1.
    pub firsts: u32,
    /// Games in seat 2.
    pub seconds: u32,
    /// The seat of the player's last game; `None` before their first.
    pub last: Option<Seat>,
}

/// Every player's seats in the games so far: what the seat rule reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatHistory {
    records: BTreeMap<PlayerId, SeatRecord>,
}

impl SeatHistory {
    /// The seats of `games` (in the order they ended, whatever the slice's order).
    pub fn from_games(games: &[Played]) -> Self {
        let mut records: BTreeMap<PlayerId, SeatRecord> = BTreeMap::new();
        for game in chronological(games) {
            let first = records.entry(game.first.clone()).or_default();
            first.firsts += 1;
            first.last = Some(Seat::First);
            let second = records.entry(game.second.clone()).or_default();
            second.seconds += 1;
            second.last = Some(Seat::Second);
        }
        SeatHistory { records }
    }

    /// The seats `id` has had (none for a player without a game).
    pub fn record(&self, id: &str) -> SeatRecord {
        self.records.get(id).copied().unwrap_or_default()
    }

    /// Seats two players: the one who has had seat 1 fewer times gets it; a tie goes to the
    /// one whose last game was in seat 2; still a tie (both or neither), to `better`, the
    /// better ranked of the two.
    pub fn seat(&self, better: &str, worse: &str) -> Pairing {
        let (b, w) = (self.record(better), self.record(worse));
        let better_first = match b.firsts.cmp(&w.firsts) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let last_second = |r: SeatRecord| r.last == Some(Seat::Second);
                last_second(b) || !last_second(w)
            }
        };
        let (first, second) = if better_first {
            (better, worse)
        } else {
            (worse, better)
        };
        Pairing {
            first: first.to_owned(),
            second: second.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Outcome;

    fn game(first: &str, second: &str, ended_ms: u64) -> Played {
        Played {
            first: first.into(),
            second: second.into(),
            outcome: Outcome::Draw,
            ended_ms,
        }
    }

    fn seated(history: &SeatHistory, better: &str, worse: &str) -> (String, String) {
        let p = history.seat(better, worse);
        (p.first, p.second)
    }

    #[test]
    fn no_games_the_better_ranked_moves_first() {
        let h = SeatHistory::default();
        assert_eq!(seated(&h, "ada", "bob"), ("ada".into(), "bob".into()));
        assert_eq!(seated(&h, "bob", "ada"), ("bob".into(), "ada".into()));
    }

    #[test]
    fn fewer_first_moves_wins_seat_one() {
        // ada: seat 1 twice; bob: seat 1 once.
        let h = SeatHistory::from_games(&[
            game("ada", "x", 1),
            game("ada", "y", 2),
            game("bob", "z", 3),
        ]);
        assert_eq!(h.record("ada").firsts, 2);
        assert_eq!(seated(&h, "ada", "bob"), ("bob".into(), "ada".into()));
    }

    #[test]
    fn a_tie_goes_to_whoever_last_sat_second() {
        // One seat 1 each; ada's last game was in seat 2, bob's in seat 1.
        let h = SeatHistory::from_games(&[
            game("ada", "x", 1),
            game("y", "ada", 2),
            game("z", "bob", 3),
            game("bob", "w", 4),
        ]);
        assert_eq!(seated(&h, "bob", "ada"), ("ada".into(), "bob".into()));
        assert_eq!(seated(&h, "ada", "bob"), ("ada".into(), "bob".into()));
        // Both last in seat 2: the better ranked.
        let h = SeatHistory::from_games(&[game("x", "ada", 1), game("y", "bob", 2)]);
        assert_eq!(seated(&h, "bob", "ada"), ("bob".into(), "ada".into()));
    }

    #[test]
    fn the_last_game_is_the_last_to_end_not_the_last_in_the_slice() {
        let h = SeatHistory::from_games(&[game("ada", "x", 9), game("y", "ada", 2)]);
        assert_eq!(h.record("ada").last, Some(Seat::First));
    }
}
