//! The lobby's seeks, quick games among them: every waiting ticket is a seat at a seek's
//! table, and every seek a table waiting to be filled on its terms ([`Terms`]).
//!
//! A seek is posted (`POST /api/seeks`), or made by a quick game that found no seek to
//! join; a ticket joins one (`POST /api/seeks/{id}/join`), or a quick game joins the open
//! seek of its terms whose poster's rating is nearest its own ([`crate::seeks::nearest`]).
//! When a seek's table is full it is taken out of the lobby as a [`Table`], whose match the
//! caller makes (`http/quick_route.rs`) before [`Pools::settle`].
//!
//! Everything here is bookkeeping under one [`std::sync::Mutex`] that is never held across
//! an `.await`. A ticket's phase only moves forward (`Waiting` → `Pairing` → `Paired`),
//! except that a table whose match could not be made goes back to the lobby without its last
//! joiner, whose ticket fails: nobody is ever seated twice, and a match is only handed out
//! once all its seats are claimed. Every change of the open seeks bumps a watch channel
//! ([`Pools::subscribe`]) that the pages' sockets follow.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use crate::config::Config;
use crate::limits::MatchSlot;
use crate::seeks::{Refusal, Seeker, Terms, nearest};
use senet_live::new_secret;
use senet_protocol::SeekView;

/// How long a paired ticket can still be fetched (so that a lost answer loses nothing).
pub const PAIRED_KEPT: Duration = Duration::from_secs(300);

/// The longest a `GET /api/quick/{ticket}` waits for news.
pub const LONG_POLL: Duration = Duration::from_secs(20);

/// A seat handed to a seated ticket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The match.
    pub match_id: String,
    /// The seat (1 to 4).
    pub seat: u8,
    /// The seat's token.
    pub token: String,
}

/// Why a table's match could not be made, or a ticket's seek went: an HTTP status and a
/// stable code and message.
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
    /// At its seek's table since `since`.
    Waiting {
        /// When the ticket took its place.
        since: Instant,
    },
    /// Its table is full; its match is being made.
    Pairing,
    /// Seated.
    Paired(Seating),
    /// Its table's match could not be made, or its seek's poster left (told once, then the
    /// ticket is gone).
    Failed(Failure),
}

/// A full table taken out of the lobby: its seats' tickets and seekers, the poster's first
/// (seat 1), then the joiners' in the order they came.
#[derive(Clone, Debug)]
pub struct Table {
    /// The seek's public id.
    pub seek: String,
    /// Its terms.
    pub terms: Terms,
    /// Made by a quick game (its match is named so).
    pub quick: bool,
    /// The seats' tickets and seekers.
    pub seats: Vec<(String, Seeker)>,
}

#[derive(Debug)]
struct Ticket {
    /// The public id of the seek whose table it sits at.
    seek: String,
    seeker: Seeker,
    phase: Phase,
    /// When the ticket took its place.
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
    /// filled by the match it is seated in, freed when the ticket goes unseated.
    slot: Option<MatchSlot>,
}

impl Ticket {
    fn set(&mut self, phase: Phase, now: Instant) {
        self.phase = phase;
        self.changed_at = now;
        self.changed.send_replace(());
    }
}

#[derive(Debug)]
struct Seek {
    terms: Terms,
    /// The tickets at its table, the poster's first.
    members: Vec<String>,
    /// Its place in line: posted earlier, smaller.
    rank: u64,
    since_ms: i64,
    /// Listed and joinable (not while its table's match is being made).
    open: bool,
    /// Made by a quick game: its poster goes on looking for a seek to join.
    quick: bool,
}

#[derive(Debug, Default)]
struct Inner {
    seeks: HashMap<String, Seek>,
    tickets: HashMap<String, Ticket>,
    next_rank: u64,
}

/// Every seek of this node, and the tickets at their tables.
#[derive(Debug)]
pub struct Pools {
    inner: Mutex<Inner>,
    bot_after: Duration,
    forget_after: Duration,
    listed: watch::Sender<()>,
}

/// What a request sees of its ticket.
#[derive(Debug)]
pub struct Look {
    /// The phase.
    pub phase: Phase,
    /// How long at the table (waiting tickets).
    pub waited: Duration,
    /// When the bot offer starts (waiting tickets).
    pub bot_at: Option<Instant>,
    /// The public id of its seek.
    pub seek: String,
    /// Changes when the phase does.
    pub changed: watch::Receiver<()>,
}

/// What leaving did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// The ticket left its table (or was already gone after a failure).
    Left,
    /// Too late: the ticket is seated or being seated.
    Paired,
    /// No such ticket.
    Unknown,
}

/// Why a join found no seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinError {
    /// No open seek has that id (taken, cancelled, its poster gone, or never posted).
    Gone,
    /// The seek is open, but not to this joiner.
    Refused(Refusal),
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

fn gone_seek() -> Failure {
    Failure {
        status: 410,
        code: "seek_gone",
        message: "the seek's poster left".into(),
    }
}

impl Pools {
    /// No seeks, with the configuration's bot offer and forgetting times.
    pub fn new(cfg: &Config) -> Pools {
        Pools {
            inner: Mutex::default(),
            bot_after: Duration::from_secs(cfg.quick_bot_after),
            forget_after: Duration::from_secs(cfg.quick_forget_after),
            listed: watch::Sender::new(()),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The open seeks changed.
    fn changed(&self) {
        self.listed.send_replace(());
    }

    /// Changes with the open seeks (posted, joined, full, cancelled, dropped).
    pub fn subscribe(&self) -> watch::Receiver<()> {
        self.listed.subscribe()
    }

    /// Whether a waiting ticket's player is gone: nobody asked about it for
    /// `--quick-forget-after` seconds and no request about it is in flight.
    fn gone(&self, t: &Ticket, now: Instant) -> bool {
        t.polling == 0 && now.duration_since(t.seen) > self.forget_after
    }

    /// Drops the tickets whose players left (and the seeks they posted), the seated ones
    /// kept long enough and the failed ones nobody fetched. Whether an open seek changed.
    fn sweep(&self, inner: &mut Inner, now: Instant) -> bool {
        let dead: Vec<(String, bool)> = inner
            .tickets
            .iter()
            .filter(|(_, t)| match t.phase {
                Phase::Waiting { .. } | Phase::Failed(_) => self.gone(t, now),
                Phase::Paired(_) => now.duration_since(t.changed_at) > PAIRED_KEPT,
                Phase::Pairing => false,
            })
            .map(|(id, t)| (id.clone(), matches!(t.phase, Phase::Waiting { .. })))
            .collect();
        let mut changed = false;
        for (id, waiting) in dead {
            if waiting {
                changed |= Self::unseat(inner, &id, now);
            }
            inner.tickets.remove(&id);
        }
        changed
    }

    /// Takes a waiting ticket from its seek's table: the poster's takes the seek away, and
    /// its joiners' tickets fail (`seek_gone`). Whether an open seek changed.
    fn unseat(inner: &mut Inner, ticket: &str, now: Instant) -> bool {
        let Some(seek_id) = inner.tickets.get(ticket).map(|t| t.seek.clone()) else {
            return false;
        };
        let Some(seek) = inner.seeks.get_mut(&seek_id) else {
            return false;
        };
        if seek.members.first().map(String::as_str) == Some(ticket) {
            let seek = inner.seeks.remove(&seek_id);
            for joiner in seek.iter().flat_map(|s| s.members.iter().skip(1)) {
                if let Some(t) = inner.tickets.get_mut(joiner) {
                    t.seen = now;
                    t.slot = None;
                    t.set(Phase::Failed(gone_seek()), now);
                }
            }
        } else {
            seek.members.retain(|m| m != ticket);
        }
        true
    }

    /// A new waiting ticket for `seeker`, at no table yet.
    fn ticket(inner: &mut Inner, seeker: Seeker, slot: MatchSlot, now: Instant) -> String {
        let id = new_secret();
        let (changed, _) = watch::channel(());
        inner.tickets.insert(
            id.clone(),
            Ticket {
                seek: String::new(),
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
        id
    }

    /// A new open seek posted by `ticket`; its public id.
    fn open_seek(inner: &mut Inner, terms: Terms, ticket: &str, quick: bool) -> String {
        let mut id = new_secret()[..16].to_owned();
        while inner.seeks.contains_key(&id) {
            id = new_secret()[..16].to_owned();
        }
        let rank = inner.next_rank;
        inner.next_rank += 1;
        inner.seeks.insert(
            id.clone(),
            Seek {
                terms,
                members: vec![ticket.to_owned()],
                rank,
                since_ms: senet_protocol::time::now_ms(),
                open: true,
                quick,
            },
        );
        if let Some(t) = inner.tickets.get_mut(ticket) {
            t.seek = id.clone();
        }
        id
    }

    /// Whether `seeker` may take a seat at `seek`'s table.
    fn may_join(inner: &Inner, seek: &Seek, seeker: &Seeker) -> Result<(), Refusal> {
        let table: Vec<&Seeker> = seek
            .members
            .iter()
            .filter_map(|m| inner.tickets.get(m).map(|t| &t.seeker))
            .collect();
        seeker.may_join(&table)
    }

    /// The open seek of `terms` that suits `seeker` best (the nearest rating, then the
    /// first in line), `own` aside.
    fn best_for(inner: &Inner, terms: Terms, seeker: &Seeker, own: &str) -> Option<String> {
        let open: Vec<(String, f64, u64)> = inner
            .seeks
            .iter()
            .filter(|(id, s)| s.open && s.terms == terms && id.as_str() != own)
            .filter(|(_, s)| Self::may_join(inner, s, seeker).is_ok())
            .filter_map(|(id, s)| {
                let poster = inner.tickets.get(s.members.first()?)?;
                Some((id.clone(), poster.seeker.rating, s.rank))
            })
            .collect();
        nearest(seeker.rating, &open)
    }

    /// Seats `ticket` at `seek_id`'s table; the table, once full, taken out of the lobby
    /// with every seat's ticket being paired.
    fn seat(inner: &mut Inner, seek_id: &str, ticket: &str, now: Instant) -> Option<Table> {
        let seek = inner.seeks.get_mut(seek_id)?;
        seek.members.push(ticket.to_owned());
        if let Some(t) = inner.tickets.get_mut(ticket) {
            t.seek = seek_id.to_owned();
        }
        if seek.members.len() < usize::from(seek.terms.players) {
            return None;
        }
        seek.open = false;
        let (terms, quick, members) = (seek.terms, seek.quick, seek.members.clone());
        let mut seats = Vec::with_capacity(members.len());
        for m in members {
            let t = inner.tickets.get_mut(&m)?;
            t.set(Phase::Pairing, now);
            seats.push((m, t.seeker.clone()));
        }
        Some(Table {
            seek: seek_id.to_owned(),
            terms,
            quick,
            seats,
        })
    }

    /// Posts a seek of `terms` for `seeker`, holding `slot` (its place among its address's
    /// unfinished matches): its ticket and the seek's public id.
    pub fn post(&self, terms: Terms, seeker: Seeker, slot: MatchSlot) -> (String, String) {
        let now = Instant::now();
        let mut inner = self.lock();
        self.sweep(&mut inner, now);
        let ticket = Self::ticket(&mut inner, seeker, slot, now);
        let seek = Self::open_seek(&mut inner, terms, &ticket, false);
        drop(inner);
        self.changed();
        (ticket, seek)
    }

    /// A quick game: a seat at the open seek of `terms` that suits `seeker` best, else a
    /// seek of its own; its ticket, and the table it filled if it filled one (the caller then
    /// makes the match and calls [`Pools::settle`]).
    pub fn quick(&self, terms: Terms, seeker: Seeker, slot: MatchSlot) -> (String, Option<Table>) {
        let now = Instant::now();
        let mut inner = self.lock();
        self.sweep(&mut inner, now);
        let found = Self::best_for(&inner, terms, &seeker, "");
        let ticket = Self::ticket(&mut inner, seeker, slot, now);
        let table = match found {
            Some(seek) => Self::seat(&mut inner, &seek, &ticket, now),
            None => {
                Self::open_seek(&mut inner, terms, &ticket, true);
                None
            }
        };
        drop(inner);
        self.changed();
        (ticket, table)
    }

    /// The terms of the open seek `seek`, if there is one.
    pub fn terms_of(&self, seek: &str) -> Option<Terms> {
        let inner = self.lock();
        inner.seeks.get(seek).filter(|s| s.open).map(|s| s.terms)
    }

    /// A seat at the open seek `seek` for `seeker`, holding `slot`: its ticket, and the
    /// table it filled if it filled one.
    ///
    /// # Errors
    /// No such open seek, or one that does not take this joiner.
    pub fn join(
        &self,
        seek: &str,
        seeker: Seeker,
        slot: MatchSlot,
    ) -> Result<(String, Option<Table>), JoinError> {
        let now = Instant::now();
        let mut inner = self.lock();
        if self.sweep(&mut inner, now) {
            self.changed();
        }
        let s = inner
            .seeks
            .get(seek)
            .filter(|s| s.open)
            .ok_or(JoinError::Gone)?;
        Self::may_join(&inner, s, &seeker).map_err(JoinError::Refused)?;
        let ticket = Self::ticket(&mut inner, seeker, slot, now);
        let table = Self::seat(&mut inner, seek, &ticket, now);
        drop(inner);
        self.changed();
        Ok((ticket, table))
    }

    /// The end of a table: every seat seated (in the table's order), or the table back in
    /// the lobby without its last joiner, whose ticket fails.
    pub fn settle(&self, table: &Table, made: Result<Vec<Seating>, Failure>) {
        let now = Instant::now();
        let mut inner = self.lock();
        match made {
            Ok(seatings) => {
                for ((id, _), seating) in table.seats.iter().zip(seatings) {
                    if let Some(t) = inner.tickets.get_mut(id) {
                        t.set(Phase::Paired(seating), now);
                    }
                }
                inner.seeks.remove(&table.seek);
            }
            Err(failure) => {
                let Some(((last, _), rest)) = table.seats.split_last() else {
                    return;
                };
                if let Some(t) = inner.tickets.get_mut(last) {
                    t.seen = now;
                    t.slot = None;
                    t.set(Phase::Failed(failure), now);
                }
                for (id, _) in rest {
                    if let Some(t) = inner.tickets.get_mut(id) {
                        // Its player waited all along: back in its place, with the same start.
                        t.set(Phase::Waiting { since: t.since }, now);
                        t.seen = now;
                    }
                }
                if let Some(seek) = inner.seeks.get_mut(&table.seek) {
                    seek.members.retain(|m| m != last);
                    seek.open = true;
                }
            }
        }
        drop(inner);
        self.changed();
    }

    /// The places the table's tickets hold among their addresses' unfinished matches, for
    /// the table's match to fill (each address then counts the match as one of its own).
    pub fn take_slots(&self, table: &Table) -> Vec<MatchSlot> {
        let mut inner = self.lock();
        table
            .seats
            .iter()
            .filter_map(|(id, _)| inner.tickets.get_mut(id).and_then(|t| t.slot.take()))
            .collect()
    }

    /// A ticket as a request sees it (the request counts as the player's presence), with
    /// the table it fills now, if any: a quick game's poster alone at its table goes on
    /// looking for a seek to join (one back in the lobby after a failed table, or one whose
    /// poster was being seated when it came). `None` for an unknown or dropped ticket. A
    /// failed ticket is told once and then dropped.
    pub fn look(&self, ticket: &str) -> Option<(Look, Option<Table>)> {
        let now = Instant::now();
        let mut inner = self.lock();
        let mut changed = self.sweep(&mut inner, now);
        let t = inner.tickets.get_mut(ticket)?;
        t.seen = now;
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
            seek: t.seek.clone(),
            changed: t.changed.subscribe(),
        };
        let mut table = None;
        if matches!(look.phase, Phase::Failed(_)) {
            inner.tickets.remove(ticket);
        } else if matches!(look.phase, Phase::Waiting { .. }) {
            let alone = inner
                .seeks
                .get(&look.seek)
                .filter(|s| s.quick && s.open && s.members.len() == 1)
                .map(|s| s.terms);
            let seeker = inner.tickets.get(ticket).map(|t| t.seeker.clone());
            if let (Some(terms), Some(seeker)) = (alone, seeker) {
                if let Some(other) = Self::best_for(&inner, terms, &seeker, &look.seek) {
                    inner.seeks.remove(&look.seek);
                    table = Self::seat(&mut inner, &other, ticket, now);
                    changed = true;
                }
            }
        }
        drop(inner);
        if changed {
            self.changed();
        }
        Some((look, table))
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

    /// The player leaves: a poster takes its seek away, a joiner its seat.
    pub fn leave(&self, ticket: &str) -> Left {
        let now = Instant::now();
        let mut inner = self.lock();
        let Some(t) = inner.tickets.get(ticket) else {
            return Left::Unknown;
        };
        match t.phase {
            Phase::Pairing | Phase::Paired(_) => Left::Paired,
            Phase::Failed(_) => {
                inner.tickets.remove(ticket);
                Left::Left
            }
            Phase::Waiting { .. } => {
                Self::unseat(&mut inner, ticket, now);
                inner.tickets.remove(ticket);
                drop(inner);
                self.changed();
                Left::Left
            }
        }
    }

    /// Drops the players who left (a sweeper calls it every few seconds, so that a seek
    /// whose poster's page went away leaves the lobby's list without anyone's request).
    pub fn sweep_now(&self) {
        let mut inner = self.lock();
        if self.sweep(&mut inner, Instant::now()) {
            drop(inner);
            self.changed();
        }
    }

    /// The open seeks, first posted first.
    pub fn seeks(&self) -> Vec<SeekView> {
        let inner = self.lock();
        let mut open: Vec<(&String, &Seek)> = inner.seeks.iter().filter(|(_, s)| s.open).collect();
        open.sort_by_key(|(_, s)| s.rank);
        open.into_iter()
            .filter_map(|(id, s)| {
                let poster = &inner.tickets.get(s.members.first()?)?.seeker;
                Some(SeekView {
                    id: id.clone(),
                    name: poster.name.clone(),
                    rating: poster.rating.round().clamp(0.0, f64::from(u32::MAX)) as u32,
                    variant: s.terms.variant,
                    players: s.terms.players,
                    seats_filled: u8::try_from(s.members.len()).unwrap_or(u8::MAX),
                    series: s.terms.series,
                    clock: s.terms.clock,
                    rated: s.terms.rated,
                    range: poster.range,
                    since_ms: s.since_ms,
                })
            })
            .collect()
    }

    /// How many tickets wait at every table (for tests and metrics).
    pub fn waiting(&self) -> usize {
        self.lock()
            .tickets
            .values()
            .filter(|t| matches!(t.phase, Phase::Waiting { .. }))
            .count()
    }
}

/// Sweeps `pools` every few seconds while they live (outside a runtime, as a router built
/// for a test without one, nothing: requests sweep too).
pub fn start_sweeper(pools: &Arc<Pools>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let weak = Arc::downgrade(pools);
    runtime.spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(2));
        loop {
            every.tick().await;
            let Some(pools) = weak.upgrade() else { return };
            pools.sweep_now();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::Variant;
    use senet_protocol::Series;
    use std::net::IpAddr;

    fn pools() -> Arc<Pools> {
        Arc::new(Pools::new(&Config::for_tests()))
    }

    fn key() -> Terms {
        Terms {
            variant: Variant::Modern,
            players: 2,
            series: Series::default(),
            clock: None,
            rated: false,
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
            rating: 1500.0,
            range: None,
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
        let (a, none) = p.quick(key(), seeker("A"), MatchSlot::unlimited());
        assert!(none.is_none());
        let (b, pair) = p.quick(key(), seeker("B"), MatchSlot::unlimited());
        let pair = pair.expect("a pair");
        assert_eq!(
            (pair.seats[0].0.as_str(), pair.seats[1].0.as_str()),
            (a.as_str(), b.as_str())
        );
        assert_eq!(p.leave(&a), Left::Paired, "too late to leave");
        p.settle(&pair, Ok(vec![seating(1), seating(2)]));
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
        let (a1, _) = p.quick(key(), seeker("A1"), MatchSlot::unlimited());
        let (_a2, none) = p.quick(key(), seeker("A2"), MatchSlot::unlimited());
        assert!(none.is_none(), "one address");
        let (b, pair) = p.quick(key(), seeker("B"), MatchSlot::unlimited());
        let pair = pair.expect("someone else");
        assert_eq!(
            (&pair.seats[0].0, &pair.seats[1].0),
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
        let (_, none) = p.quick(key(), asks("C1"), MatchSlot::unlimited());
        assert!(none.is_none());
        let (_, none) = p.quick(key(), seeker("C2"), MatchSlot::unlimited());
        assert!(none.is_none(), "only one of the two asked");
        let (_, pair) = p.quick(key(), asks("C3"), MatchSlot::unlimited());
        assert!(pair.is_some(), "both asked");

        let p = pools();
        let registered = |name: &str| Seeker {
            player_id: Some("p".into()),
            ..seeker(name)
        };
        let (_, none) = p.quick(key(), registered("D"), MatchSlot::unlimited());
        let (_, also_none) = p.quick(key(), registered("E"), MatchSlot::unlimited());
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
        let (_, none) = p.quick(key(), player("Ana", "ana", &["bo"]), MatchSlot::unlimited());
        let (_, also_none) = p.quick(key(), player("Bo", "bo", &[]), MatchSlot::unlimited());
        assert!(
            none.is_none() && also_none.is_none(),
            "a block keeps them apart"
        );
        let (_, pair) = p.quick(key(), player("Cyrus", "cy", &[]), MatchSlot::unlimited());
        assert!(pair.is_some(), "a third player meets the first in line");
    }

    #[tokio::test]
    async fn a_failed_pairing_puts_the_first_back_and_fails_the_second_once() {
        let p = pools();
        let (a, _) = p.quick(key(), seeker("A"), MatchSlot::unlimited());
        let (b, pair) = p.quick(key(), seeker("B"), MatchSlot::unlimited());
        let pair = pair.unwrap();
        // Someone arrives while the pair is being made: they wait.
        let (c, none) = p.quick(key(), seeker("C"), MatchSlot::unlimited());
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
            (pair.seats[0].0.as_str(), pair.seats[1].0.as_str()),
            (a.as_str(), c.as_str())
        );
    }

    #[tokio::test]
    async fn different_pools_do_not_mix_and_leaving_works() {
        let p = pools();
        let other = Terms {
            variant: Variant::Parker,
            ..key()
        };
        let (a, _) = p.quick(key(), seeker("A"), MatchSlot::unlimited());
        let (_b, none) = p.quick(other, seeker("B"), MatchSlot::unlimited());
        assert!(none.is_none());
        assert_eq!(p.leave(&a), Left::Left);
        assert_eq!(p.leave(&a), Left::Unknown);
        let (_c, none) = p.quick(key(), seeker("C"), MatchSlot::unlimited());
        assert!(none.is_none(), "A left");
    }
}
