//! Who may meet whom in the lobby's seeks (`http/seek_routes.rs`) and quick games: a seek's
//! terms, the seeker with its rating and the range it takes opponents from, and which open
//! seek suits a player best. Pure functions over values: the pools that hold the seeks are
//! [`crate::quick`].

use std::net::IpAddr;

use senet_engine::Variant;
use senet_protocol::{ClockSpec, RatingRange, Series};

/// What a seek offers: the match its table gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The variant.
    pub variant: Variant,
    /// Seats (2; 3 or 4 for `modern`).
    pub players: u8,
    /// The series.
    pub series: Series,
    /// The clock, if any.
    pub clock: Option<ClockSpec>,
    /// Rated (every seat a signed-in account's).
    pub rated: bool,
}

/// Who waits, or joins: the display name (checked; empty for none), the player, if
/// registered, where from, and the rating the seek's pool gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct Seeker {
    /// The display name, possibly empty.
    pub name: String,
    /// The registered player, if the seeker sent a player key or is signed in.
    pub player_id: Option<String>,
    /// The client's address (none where the server could not tell it: then it is no one's
    /// same address).
    pub address: Option<IpAddr>,
    /// The seeker asked to be paired with its own address or player too.
    pub allow_same_address: bool,
    /// The players this seeker is never paired with: those it blocks and those blocking it.
    pub kept_apart: Vec<String>,
    /// The seeker's rating in the terms' rating pool (1500 for a newcomer).
    pub rating: f64,
    /// The ratings this seeker takes opponents from (none: any).
    pub range: Option<RatingRange>,
}

/// Why a player may not join a seek.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The seek is the joiner's own (one address or one player on both sides, and not both
    /// asked to meet themselves).
    Own,
    /// A block keeps the joiner from someone at the seek's table.
    KeptApart,
    /// The joiner's rating is outside the poster's range, or the poster's outside the
    /// joiner's.
    OutOfRange,
}

impl Seeker {
    /// Whether two seekers may sit at one table: one address, or one player, is never seated
    /// against itself unless both asked for it (an address pairing its own tickets plays
    /// itself, and its matches would count for nobody else), and a block keeps two players
    /// apart whichever of them blocked.
    fn meets(&self, other: &Seeker) -> Result<(), Refusal> {
        let same = (self.address.is_some() && self.address == other.address)
            || (self.player_id.is_some() && self.player_id == other.player_id);
        if same && !(self.allow_same_address && other.allow_same_address) {
            return Err(Refusal::Own);
        }
        let apart = |a: &Seeker, b: &Seeker| {
            b.player_id
                .as_ref()
                .is_some_and(|id| a.kept_apart.contains(id))
        };
        if apart(self, other) || apart(other, self) {
            return Err(Refusal::KeptApart);
        }
        Ok(())
    }

    /// Whether this seeker's range takes `other`'s rating.
    fn takes(&self, other: &Seeker) -> bool {
        self.range.is_none_or(|r| r.takes(other.rating))
    }

    /// Whether this seeker may take a seat at a table whose seats so far are `table`, the
    /// poster's first: it may meet everyone there, and the poster's range and its own take
    /// each other's ratings.
    pub fn may_join(&self, table: &[&Seeker]) -> Result<(), Refusal> {
        for other in table {
            self.meets(other)?;
        }
        match table.first() {
            Some(poster) if !(poster.takes(self) && self.takes(poster)) => Err(Refusal::OutOfRange),
            _ => Ok(()),
        }
    }
}

/// Of the open seeks a player may join (`(key, poster's rating, rank in line)`), the best:
/// the nearest rating to `rating`, then the first in line.
pub fn nearest<K: Clone>(rating: f64, open: &[(K, f64, u64)]) -> Option<K> {
    open.iter()
        .min_by(|a, b| {
            let (da, db) = ((a.1 - rating).abs(), (b.1 - rating).abs());
            da.total_cmp(&db).then(a.2.cmp(&b.2))
        })
        .map(|(k, _, _)| k.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeker(last: u8, rating: f64) -> Seeker {
        Seeker {
            name: String::new(),
            player_id: None,
            address: Some(IpAddr::from([10, 0, 0, last])),
            allow_same_address: false,
            kept_apart: Vec::new(),
            rating,
            range: None,
        }
    }

    #[test]
    fn a_range_keeps_out_a_joiner_beyond_it_both_ways() {
        let poster = Seeker {
            range: Some(RatingRange {
                min: 1400,
                max: 1600,
            }),
            ..seeker(1, 1500.0)
        };
        assert_eq!(seeker(2, 1599.6).may_join(&[&poster]), Ok(()));
        assert_eq!(
            seeker(2, 1700.0).may_join(&[&poster]),
            Err(Refusal::OutOfRange)
        );
        let picky = Seeker {
            range: Some(RatingRange {
                min: 1800,
                max: 2000,
            }),
            ..seeker(3, 1500.0)
        };
        assert_eq!(picky.may_join(&[&poster]), Err(Refusal::OutOfRange));
    }

    #[test]
    fn one_address_meets_itself_only_when_both_ask_and_a_block_keeps_apart() {
        let a = seeker(1, 1500.0);
        assert_eq!(seeker(1, 1500.0).may_join(&[&a]), Err(Refusal::Own));
        let asks = |s: Seeker| Seeker {
            allow_same_address: true,
            ..s
        };
        assert_eq!(asks(seeker(1, 1500.0)).may_join(&[&a]), Err(Refusal::Own));
        assert_eq!(
            asks(seeker(1, 1500.0)).may_join(&[&asks(a.clone())]),
            Ok(())
        );
        let ana = Seeker {
            player_id: Some("ana".into()),
            kept_apart: vec!["bo".into()],
            ..seeker(4, 1500.0)
        };
        let bo = Seeker {
            player_id: Some("bo".into()),
            ..seeker(5, 1500.0)
        };
        assert_eq!(bo.may_join(&[&ana]), Err(Refusal::KeptApart));
        // At a bigger table, the block counts against any seat, not only the poster's.
        assert_eq!(bo.may_join(&[&a, &ana]), Err(Refusal::KeptApart));
    }

    #[test]
    fn the_nearest_rating_wins_then_the_first_in_line() {
        let open = [("far", 1900.0, 0), ("near", 1480.0, 2), ("tie", 1520.0, 1)];
        assert_eq!(nearest(1500.0, &open), Some("tie"));
        assert_eq!(nearest(1470.0, &open), Some("near"));
        assert_eq!(nearest::<&str>(1500.0, &[]), None);
    }
}
