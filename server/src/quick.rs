//! Quick games: one pool of waiting players per variant and series, paired first come,
//! first paired.
//!
//! Everything here is bookkeeping under one [`std::sync::Mutex`] that is never held across
//! an `.await`; creating the pair's match is the caller's (`http/quick_route.rs`), between
//! the pair [`Pools::enter`] or [`Pools::look`] hands out and [`Pools::settle`]. A ticket's phase only moves forward
//! (`Waiting` → `Pairing` → `Paired`), except that a pair whose match could not be made puts
//! its first ticket back at the head of its pool and fails the second: nobody is ever paired
//! twice, and a match is only handed out once both its seats are claimed.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use senet_engine::Variant;
use tokio::sync::watch;
use tokio::time::Instant;

use crate::config::Config;
use crate::limits::MatchSlot;
use senet_live::new_secret;
use senet_protocol::Series;

/// How long a paired ticket can still be fetched (so that a lost answer loses nothing).
pub const PAIRED_KEPT: Duration = Duration::from_secs(300);

/// The longest a `GET /api/quick/{ticket}` waits for news.
pub const LONG_POLL: Duration = Duration::from_secs(20);

/// Which pool: the variant and the series (two players each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PoolKey {
    /// The variant.
    pub variant: Variant,
    /// The series.
    pub series: Series,
}

/// Who waits: the display name (checked; empty for none), the player, if registered, and
/// where from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeker {
    /// The display name, possibly empty.
    pub name: String,
    /// The registered player, if the seeker sent a player key.
    pub player_id: Option<String>,
    /// The client's address (none where the server could not tell it: then it is no one's
    /// same address).
    pub address: Option<IpAddr>,
    /// The seeker asked to be paired with its own address or player too.
    pub allow_same_address: bool,
    /// The players this seeker is never paired with: those it blocks and those blocking it.
    pub kept_apart: Vec<String>,
}

impl Seeker {
    /// Whether two seekers may be paired: one address, or one player, is never paired with
    /// itself unless both asked for it (an address pairing its own tickets plays itself, and
    /// its matches would count for nobody else).
    fn may_meet(&self, other: &Seeker) -> bool {
        let same = (self.address.is_some() && self.address == other.address)
            || (self.player_id.is_some() && self.player_id == other.player_id);
        let apart = |a: &Seeker, b: &Seeker| {
            b.player_id
                .as_ref()
                .is_some_and(|id| a.kept_apart.contains(id))
        };
        (!same || (self.allow_same_address && other.allow_same_address))
            && !apart(self, other)
            && !apart(other, self)
    }
}

/// A seat handed to a paired ticket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The match.
    pub match_id: String,
    /// The seat (1 or 2).
    pub seat: u8,
    /// The seat's token.
    pub token: String,
}

/// Why a pair's match could not be made: an HTTP status and a stable code and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The HTTP status.
    pub status: u16,
    /// The stable code.
    pub code: &'static str,
    /// The message.
    pub message: String,
}

/// Where a ticket stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// In its pool since `since`.
    Waiting {
        /// When the ticket entered the pool.
        since: Instant,
    },
    /// Taken out of the pool; its match is being made.
    Pairing,
    /// Seated.
    Paired(Seating),
    /// Its pair's match could not be made (told once, then the ticket is gone).
    Failed(Failure),
}

/// Two tickets taken out of their pool, the first in line first (it gets seat 1).
#[derive(Clone, Debug)]
pub struct Pair {
    /// The pool.
    pub key: PoolKey,
    /// The first ticket and its seeker.
    pub first: (String, Seeker),
    /// The second ticket and its seeker.
    pub second: (String, Seeker),
}

#[derive(Debug)]
struct Ticket {
    key: PoolKey,
    seeker: Seeker,
    phase: Phase,
    /// When the ticket entered its pool.
    since: Instant,
    /// The last time a request named this ticket.
    seen: Instant,
    /// When the phase became what it is.
    changed_at: Instant,
    /// Requests about this ticket in flight (a ticket being long-polled is not left).
    polling: u32,
    /// Bumped on every phase change; long polls wait on it.
    changed: watch::Sender<()>,
    /// The ticket's place among its address's unfinished matches, from the moment it waits:
    /// filled by the match it is paired into, freed when the ticket goes unpaired.
    slot: Option<MatchSlot>,
}

impl Ticket {
    fn set(&mut self, phase: Phase, now: Instant) {
        self.phase = phase;
        self.changed_at = now;
        self.changed.send_replace(());
    }
}

#[derive(Debug, Default)]
struct Inner {
    queues: HashMap<PoolKey, VecDeque<String>>,
    tickets: HashMap<String, Ticket>,
}

/// Every quick-game pool.
#[derive(Debug)]
pub struct Pools {
    inner: Mutex<Inner>,
    bot_after: Duration,
    forget_after: Duration,
}

/// What a request sees of its ticket.
#[derive(Debug)]
pub struct Look {
    /// The phase.
    pub phase: Phase,
    /// Seconds in the pool (waiting tickets).
    pub waited: Duration,
    /// When the bot offer starts (waiting tickets).
    pub bot_at: Option<Instant>,
    /// Changes when the phase does.
    pub changed: watch::Receiver<()>,
}

/// What leaving a pool did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// The ticket left its pool (or was already gone after a failure).
    Left,
    /// Too late: the ticket is paired or being paired.
    Paired,
    /// No such ticket.
    Unknown,
}

/// Counts a request in flight about a ticket while it lives (see [`Pools::watch`]).
#[derive(Debug)]
pub struct Polling {
    pools: Arc<Pools>,
    ticket: String,
}

impl Drop for Polling {
    fn drop(&mut self) {
        let mut inner = self.pools.lock();
        if let Some(t) = inner.tickets.get_mut(&self.ticket) {
            t.polling = t.polling.saturating_sub(1);
            t.seen = Instant::now();
        }
    }
}

impl Pools {
    /// Empty pools with the configuration's bot offer and forgetting times.
    pub fn new(cfg: &Config) -> Pools {
        Pools {
            inner: Mutex::default(),
            bot_after: Duration::from_secs(cfg.quick_bot_after),
            forget_after: Duration::from_secs(cfg.quick_forget_after),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a waiting ticket's player is gone: nobody asked about it for
    /// `--quick-forget-after` seconds and no request about it is in flight.
    fn gone(&self, t: &Ticket, now: Instant) -> bool {
        t.polling == 0 && now.duration_since(t.seen) > self.forget_after
    }

    /// Drops the tickets whose players left, the paired ones kept long enough and the failed
    /// ones nobody fetched.
    fn sweep(&self, inner: &mut Inner, now: Instant) {
        let dead: Vec<String> = inner
            .tickets
            .iter()
            .filter(|(_, t)| match t.phase {
                Phase::Waiting { .. } | Phase::Failed(_) => self.gone(t, now),
                Phase::Paired(_) => now.duration_since(t.changed_at) > PAIRED_KEPT,
                Phase::Pairing => false,
            })
            .map(|(id, _)| id.clone())
            .collect();
        for id in dead {
            if let Some(t) = inner.tickets.remove(&id) {
                if let Some(q) = inner.queues.get_mut(&t.key) {
                    q.retain(|x| *x != id);
                }
            }
        }
        inner.queues.retain(|_, q| !q.is_empty());
    }

    /// A new ticket at the back of `key`'s pool, holding `slot` (its place among its
    /// address's unfinished matches); with the pair it makes, if someone was waiting there
    /// (the caller then makes the match and calls [`Pools::settle`]).
    pub fn enter(&self, key: PoolKey, seeker: Seeker, slot: MatchSlot) -> (String, Option<Pair>) {
        let now = Instant::now();
        let id = new_secret();
        let mut inner = self.lock();
        self.sweep(&mut inner, now);
        let (changed, _) = watch::channel(());
        inner.tickets.insert(
            id.clone(),
            Ticket {
                key,
                seeker,
                phase: Phase::Waiting { since: now },
                since: now,
                seen: now,
                changed_at: now,
                polling: 0,
                changed,
                slot: Some(slot),
            },
        );
        inner.queues.entry(key).or_default().push_back(id.clone());
        let pair = self.pair_in(&mut inner, key, now);
        (id, pair)
    }

    /// Takes two waiting tickets out of `key`'s pool, if two may meet: the first in line
    /// with the first after it that it may meet ([`Seeker::may_meet`]), else the next in
    /// line likewise. The players who left on the way are dropped; the others keep their
    /// places.
    fn pair_in(&self, inner: &mut Inner, key: PoolKey, now: Instant) -> Option<Pair> {
        let Inner { queues, tickets } = inner;
        let queue = queues.get_mut(&key)?;
        let mut waiting: Vec<String> = Vec::with_capacity(queue.len());
        while let Some(id) = queue.pop_front() {
            let Some(t) = tickets.get(&id) else {
                continue;
            };
            if !matches!(t.phase, Phase::Waiting { .. }) {
                continue;
            }
            if self.gone(t, now) {
                tickets.remove(&id);
                continue;
            }
            waiting.push(id);
        }
        let seeker = |k: usize| tickets.get(&waiting[k]).map(|t| &t.seeker);
        let found = (0..waiting.len()).find_map(|i| {
            let a = seeker(i)?;
            (i + 1..waiting.len())
                .find(|&j| seeker(j).is_some_and(|b| a.may_meet(b)))
                .map(|j| (i, j))
        });
        let Some((i, j)) = found else {
            queue.extend(waiting);
            return None;
        };
        let second_id = waiting.remove(j);
        let first_id = waiting.remove(i);
        queue.extend(waiting);
        let mut take = |id: String| {
            let t = tickets.get_mut(&id)?;
            t.set(Phase::Pairing, now);
            Some((id, t.seeker.clone()))
        };
        let first = take(first_id)?;
        let second = take(second_id)?;
        Some(Pair { key, first, second })
    }

    /// The end of a pairing: both seated, or the first back at the head of its pool and the
    /// second failed.
    pub fn settle(&self, pair: &Pair, made: Result<(Seating, Seating), Failure>) {
        let now = Instant::now();
        let mut inner = self.lock();
        match made {
            Ok((a, b)) => {
                for (id, seating) in [(&pair.first.0, a), (&pair.second.0, b)] {
                    if let Some(t) = inner.tickets.get_mut(id) {
                        t.set(Phase::Paired(seating), now);
                    }
                }
            }
            Err(failure) => {
                if let Some(t) = inner.tickets.get_mut(&pair.first.0) {
                    // Its player waited all along: back first in line, with the same start.
                    t.set(Phase::Waiting { since: t.since }, now);
                    t.seen = now;
                    inner
                        .queues
                        .entry(pair.key)
                        .or_default()
                        .push_front(pair.first.0.clone());
                }
                if let Some(t) = inner.tickets.get_mut(&pair.second.0) {
                    t.seen = now;
                    t.set(Phase::Failed(failure), now);
                    t.slot = None;
                }
            }
        }
    }

    /// The places the pair's tickets hold among their addresses' unfinished matches, for the
    /// pair's match to fill (each address then counts the match as one of its own).
    pub fn take_slots(&self, pair: &Pair) -> Vec<MatchSlot> {
        let mut inner = self.lock();
        [&pair.first.0, &pair.second.0]
            .into_iter()
            .filter_map(|id| inner.tickets.get_mut(id).and_then(|t| t.slot.take()))
            .collect()
    }

    /// A ticket as a request sees it (the request counts as the player's presence), with
    /// the pair its pool can make now, if any (left over after a failed pairing). `None` for
    /// an unknown or dropped ticket. A failed ticket is told once and then dropped.
    pub fn look(&self, ticket: &str) -> Option<(Look, Option<Pair>)> {
        let now = Instant::now();
        let mut inner = self.lock();
        self.sweep(&mut inner, now);
        let t = inner.tickets.get_mut(ticket)?;
        t.seen = now;
        let key = t.key;
        let look = Look {
            phase: t.phase.clone(),
            waited: match t.phase {
                Phase::Waiting { since } => now.duration_since(since),
                _ => Duration::ZERO,
            },
            bot_at: match t.phase {
                Phase::Waiting { since } => Some(since + self.bot_after),
                _ => None,
            },
            changed: t.changed.subscribe(),
        };
        if matches!(look.phase, Phase::Failed(_)) {
            inner.tickets.remove(ticket);
            return Some((look, None));
        }
        let pair = if matches!(look.phase, Phase::Waiting { .. }) {
            self.pair_in(&mut inner, key, now)
        } else {
            None
        };
        Some((look, pair))
    }

    /// Counts a request in flight about `ticket` until the guard drops (a player who keeps
    /// a long poll open has not left).
    pub fn watch(self: &Arc<Self>, ticket: &str) -> Polling {
        if let Some(t) = self.lock().tickets.get_mut(ticket) {
            t.polling += 1;
        }
        Polling {
            pools: self.clone(),
            ticket: ticket.to_owned(),
        }
    }

    /// Whether the seeker waited long enough alone to be offered a bot.
    pub fn bot_offer(&self, waited: Duration) -> bool {
        waited >= self.bot_after
    }

    /// The player leaves the pool.
    pub fn leave(&self, ticket: &str) -> Left {
        let mut inner = self.lock();
        let Some(t) = inner.tickets.get(ticket) else {
            return Left::Unknown;
        };
        match t.phase {
            Phase::Pairing | Phase::Paired(_) => Left::Paired,
            Phase::Waiting { .. } | Phase::Failed(_) => {
                let key = t.key;
                inner.tickets.remove(ticket);
                if let Some(q) = inner.queues.get_mut(&key) {
                    q.retain(|x| x != ticket);
                }
                Left::Left
            }
        }
    }

    /// How many tickets wait in every pool (for tests and metrics).
    pub fn waiting(&self) -> usize {
        self.lock()
            .tickets
            .values()
            .filter(|t| matches!(t.phase, Phase::Waiting { .. }))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pools() -> Arc<Pools> {
        Arc::new(Pools::new(&Config::for_tests()))
    }

    fn key() -> PoolKey {
        PoolKey {
            variant: Variant::Modern,
            series: Series::default(),
        }
    }

    /// A seeker of its own address (its name's first letter is the last byte).
    fn seeker(name: &str) -> Seeker {
        Seeker {
            name: name.into(),
            player_id: None,
            address: Some(IpAddr::from([10, 0, 0, name.bytes().next().unwrap_or(0)])),
            allow_same_address: false,
            kept_apart: Vec::new(),
        }
    }

    fn seating(seat: u8) -> Seating {
        Seating {
            match_id: "m".into(),
            seat,
            token: format!("t{seat}"),
        }
    }

    #[tokio::test]
    async fn the_second_arrival_makes_a_pair_first_come_first_seated() {
        let p = pools();
        let (a, none) = p.enter(key(), seeker("A"), MatchSlot::unlimited());
        assert!(none.is_none());
        let (b, pair) = p.enter(key(), seeker("B"), MatchSlot::unlimited());
        let pair = pair.expect("a pair");
        assert_eq!(
            (pair.first.0.as_str(), pair.second.0.as_str()),
            (a.as_str(), b.as_str())
        );
        assert_eq!(p.leave(&a), Left::Paired, "too late to leave");
        p.settle(&pair, Ok((seating(1), seating(2))));
        let (look, _) = p.look(&a).unwrap();
        assert_eq!(look.phase, Phase::Paired(seating(1)));
        let (look, _) = p.look(&b).unwrap();
        assert_eq!(look.phase, Phase::Paired(seating(2)));
        assert_eq!(p.waiting(), 0);
    }

    /// Issue 28: one address pairing its own tickets. It waits for someone else (who pairs
    /// with the first of its tickets), unless both its tickets ask to meet; so does one
    /// registered player from two addresses.
    #[tokio::test]
    async fn one_address_or_player_never_meets_itself_unless_both_ask() {
        let p = pools();
        let (a1, _) = p.enter(key(), seeker("A1"), MatchSlot::unlimited());
        let (_a2, none) = p.enter(key(), seeker("A2"), MatchSlot::unlimited());
        assert!(none.is_none(), "one address");
        let (b, pair) = p.enter(key(), seeker("B"), MatchSlot::unlimited());
        let pair = pair.expect("someone else");
        assert_eq!(
            (&pair.first.0, &pair.second.0),
            (&a1, &b),
            "the first in line"
        );
        assert_eq!(p.waiting(), 1, "A2 still waits");

        let p = pools();
        let asks = |name: &str| Seeker {
            allow_same_address: true,
            kept_apart: Vec::new(),
            ..seeker(name)
        };
        let (_, none) = p.enter(key(), asks("C1"), MatchSlot::unlimited());
        assert!(none.is_none());
        let (_, none) = p.enter(key(), seeker("C2"), MatchSlot::unlimited());
        assert!(none.is_none(), "only one of the two asked");
        let (_, pair) = p.enter(key(), asks("C3"), MatchSlot::unlimited());
        assert!(pair.is_some(), "both asked");

        let p = pools();
        let registered = |name: &str| Seeker {
            player_id: Some("p".into()),
            ..seeker(name)
        };
        let (_, none) = p.enter(key(), registered("D"), MatchSlot::unlimited());
        let (_, also_none) = p.enter(key(), registered("E"), MatchSlot::unlimited());
        assert!(
            none.is_none() && also_none.is_none(),
            "one player, two addresses"
        );
    }

    #[test]
    fn players_kept_apart_by_a_block_are_never_paired() {
        let p = pools();
        let player = |name: &str, id: &str, apart: &[&str]| Seeker {
            player_id: Some(id.into()),
            kept_apart: apart.iter().map(|s| (*s).to_owned()).collect(),
            address: Some(IpAddr::from([10, 0, 0, name.len() as u8])),
            ..seeker(name)
        };
        // Ana blocked Bo: Bo is kept from Ana whichever of them waits first.
        let (_, none) = p.enter(key(), player("Ana", "ana", &["bo"]), MatchSlot::unlimited());
        let (_, also_none) = p.enter(key(), player("Bo", "bo", &[]), MatchSlot::unlimited());
        assert!(
            none.is_none() && also_none.is_none(),
            "a block keeps them apart"
        );
        let (_, pair) = p.enter(key(), player("Cyrus", "cy", &[]), MatchSlot::unlimited());
        assert!(pair.is_some(), "a third player meets the first in line");
    }

    #[tokio::test]
    async fn a_failed_pairing_puts_the_first_back_and_fails_the_second_once() {
        let p = pools();
        let (a, _) = p.enter(key(), seeker("A"), MatchSlot::unlimited());
        let (b, pair) = p.enter(key(), seeker("B"), MatchSlot::unlimited());
        let pair = pair.unwrap();
        // Someone arrives while the pair is being made: they wait.
        let (c, none) = p.enter(key(), seeker("C"), MatchSlot::unlimited());
        assert!(none.is_none());
        let failure = Failure {
            status: 503,
            code: "x",
            message: "y".into(),
        };
        p.settle(&pair, Err(failure.clone()));
        let (look, _) = p.look(&b).unwrap();
        assert_eq!(look.phase, Phase::Failed(failure));
        assert!(p.look(&b).is_none(), "told once");
        // A is back first in line, and the next look pairs it with C.
        let (look, pair) = p.look(&c).unwrap();
        assert!(matches!(look.phase, Phase::Waiting { .. }));
        let pair = pair.expect("A and C pair");
        assert_eq!(
            (pair.first.0.as_str(), pair.second.0.as_str()),
            (a.as_str(), c.as_str())
        );
    }

    #[tokio::test]
    async fn different_pools_do_not_mix_and_leaving_works() {
        let p = pools();
        let other = PoolKey {
            variant: Variant::Parker,
            series: Series::default(),
        };
        let (a, _) = p.enter(key(), seeker("A"), MatchSlot::unlimited());
        let (_b, none) = p.enter(other, seeker("B"), MatchSlot::unlimited());
        assert!(none.is_none());
        assert_eq!(p.leave(&a), Left::Left);
        assert_eq!(p.leave(&a), Left::Unknown);
        let (_c, none) = p.enter(key(), seeker("C"), MatchSlot::unlimited());
        assert!(none.is_none(), "A left");
    }
}
