//! Who is at the match: how many sockets each seat has open and since when it has had none
//! (a claim against a seat gone long enough wins), how many spectators watch, since when
//! nobody at all has been connected (a match may then leave memory), and the `presence`
//! frame that tells the sockets.
//!
//! The frame is throttled: at most one per [`PRESENCE_EVERY`], so that a storm of connects
//! costs the match a few frames a second, not one per socket. A change within the pause is
//! held back and goes out when it ends (the listing's counts are current at once all the
//! same: the actor publishes its summary either way).

use std::time::Duration;

use tokio::time::Instant;

use senet_match::Seat;
use senet_protocol::ServerMsg;

/// At most one presence frame per match this often.
pub(super) const PRESENCE_EVERY: Duration = Duration::from_millis(250);

/// The match's connections, counted, and its throttled presence frame.
#[derive(Debug)]
pub(super) struct Presence {
    seats: Vec<SeatPresence>,
    spectators: u32,
    /// Since when nobody has been connected (none while somebody is).
    idle_since: Option<Instant>,
    /// When the last presence frame went out.
    sent: Instant,
    /// When a held-back presence frame goes out.
    due: Option<Instant>,
}

#[derive(Debug)]
struct SeatPresence {
    conns: u32,
    gone_since: Instant,
    /// A bot plays the seat: it is always there, and never gone.
    bot: bool,
}

impl Presence {
    /// Nobody connected since `now`; `bots` says, per seat, whether a bot plays it.
    pub(super) fn new(bots: impl IntoIterator<Item = bool>, now: Instant) -> Presence {
        Presence {
            seats: bots
                .into_iter()
                .map(|bot| SeatPresence {
                    conns: 0,
                    gone_since: now,
                    bot,
                })
                .collect(),
            spectators: 0,
            idle_since: Some(now),
            // The first change goes out at once.
            sent: now.checked_sub(PRESENCE_EVERY).unwrap_or(now),
            due: None,
        }
    }

    /// A socket of `seat` (none: a spectator) connected.
    pub(super) fn arrive(&mut self, seat: Option<Seat>) {
        match seat.and_then(|s| self.seats.get_mut(s.index())) {
            Some(s) => s.conns += 1,
            None => self.spectators += 1,
        }
        self.idle_since = None;
    }

    /// A socket of `seat` (none: a spectator) went away at `now`.
    pub(super) fn leave(&mut self, seat: Option<Seat>, now: Instant) {
        match seat.and_then(|s| self.seats.get_mut(s.index())) {
            Some(s) => {
                s.conns = s.conns.saturating_sub(1);
                if s.conns == 0 {
                    s.gone_since = now;
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
        if self.spectators == 0 && self.seats.iter().all(|s| s.conns == 0) {
            self.idle_since = Some(now);
        }
    }

    /// `seat` was just taken at `now`: its absence counts from its claim.
    pub(super) fn claimed(&mut self, seat: Seat, now: Instant) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.gone_since = now;
        }
    }

    /// How many spectators watch.
    pub(super) fn spectators(&self) -> u32 {
        self.spectators
    }

    /// Since when nobody has been connected (none while somebody is).
    pub(super) fn idle_since(&self) -> Option<Instant> {
        self.idle_since
    }

    /// Per seat, whether it is there: a socket open, or a bot.
    pub(super) fn connected(&self) -> Vec<bool> {
        self.seats.iter().map(|s| s.conns > 0 || s.bot).collect()
    }

    /// Per seat, how long it has had no socket at `now` (none: connected, or a bot).
    pub(super) fn gone_for(&self, now: Instant) -> Vec<Option<Duration>> {
        self.seats
            .iter()
            .map(|s| (s.conns == 0 && !s.bot).then(|| now.saturating_duration_since(s.gone_since)))
            .collect()
    }

    /// Something changed at `now`: whether the frame goes out now ([`Presence::frame`]), or
    /// is held back until [`Presence::due`] because one went out less than a pause ago.
    pub(super) fn changed(&mut self, now: Instant) -> bool {
        let next = self.sent + PRESENCE_EVERY;
        if next > now {
            self.due.get_or_insert(next);
            return false;
        }
        true
    }

    /// When a held-back frame goes out.
    pub(super) fn due(&self) -> Option<Instant> {
        self.due
    }

    /// The presence frame, going out at `now` (nothing is held back after it). `claim_after`:
    /// how long a seat must be away before a claim against it, none where absence never
    /// grounds one; `names`: each seat's name (null: not claimed yet), and its short form.
    pub(super) fn frame(
        &mut self,
        now: Instant,
        claim_after: Option<Duration>,
        (names, short_names): (Vec<Option<String>>, Vec<Option<String>>),
    ) -> ServerMsg {
        self.sent = now;
        self.due = None;
        let claim_in_secs = self
            .gone_for(now)
            .into_iter()
            .map(|gone| {
                let (gone, after) = (gone?, claim_after?);
                Some(after.saturating_sub(gone).as_secs_f64().ceil() as u64)
            })
            .collect();
        ServerMsg::Presence {
            connected: self.connected(),
            spectators: self.spectators,
            claim_in_secs,
            names,
            short_names,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Option<Seat> {
        Seat::new(n).ok()
    }

    #[test]
    fn counts_sockets_and_knows_since_when_a_seat_or_everybody_is_gone() {
        let t0 = Instant::now();
        let later = |ms| t0 + Duration::from_millis(ms);
        let mut p = Presence::new([false, false, true], t0);
        assert_eq!(p.idle_since(), Some(t0));
        assert_eq!(
            p.connected(),
            vec![false, false, true],
            "a bot is always there"
        );

        p.arrive(seat(1));
        p.arrive(seat(1));
        p.arrive(None);
        assert_eq!(p.idle_since(), None);
        assert_eq!(p.spectators(), 1);
        assert_eq!(p.connected(), vec![true, false, true]);
        let gone = p.gone_for(later(100));
        assert_eq!(gone, vec![None, Some(Duration::from_millis(100)), None]);

        p.leave(seat(1), later(200));
        assert_eq!(p.gone_for(later(300))[0], None, "one socket still open");
        p.leave(seat(1), later(300));
        assert_eq!(p.gone_for(later(400))[0], Some(Duration::from_millis(100)));
        assert_eq!(p.idle_since(), None, "the spectator is still there");
        p.leave(None, later(500));
        assert_eq!(p.idle_since(), Some(later(500)));
        p.leave(None, later(600));
        assert_eq!(p.spectators(), 0, "never below zero");

        p.claimed(seat(2).unwrap(), later(700));
        assert_eq!(p.gone_for(later(700))[1], Some(Duration::ZERO));
    }

    #[test]
    fn the_frame_counts_down_to_a_claim_against_each_absent_seat() {
        let t0 = Instant::now();
        let mut p = Presence::new([false, false, true], t0);
        p.arrive(seat(1));
        p.arrive(seat(2));
        p.leave(seat(2), t0 + Duration::from_millis(500));
        let after = Some(Duration::from_secs(3));
        let claim_in = |p: &mut Presence, ms| match p.frame(
            t0 + Duration::from_millis(ms),
            after,
            (vec![], vec![]),
        ) {
            ServerMsg::Presence { claim_in_secs, .. } => claim_in_secs,
            other => panic!("not a presence frame: {other:?}"),
        };
        assert_eq!(
            claim_in(&mut p, 1_000),
            vec![None, Some(3), None],
            "2.5 s to go, rounded up"
        );
        assert_eq!(claim_in(&mut p, 3_400), vec![None, Some(1), None]);
        assert_eq!(
            claim_in(&mut p, 9_000),
            vec![None, Some(0), None],
            "a claim may be made"
        );
        let never = match p.frame(t0, None, (vec![], vec![])) {
            ServerMsg::Presence { claim_in_secs, .. } => claim_in_secs,
            other => panic!("not a presence frame: {other:?}"),
        };
        assert_eq!(
            never,
            vec![None, None, None],
            "no claims for absence: none counted"
        );
    }

    #[test]
    fn one_frame_per_pause_and_a_change_within_it_waits_for_its_end() {
        let t0 = Instant::now();
        let mut p = Presence::new([false, false], t0);
        assert!(p.changed(t0), "the first change goes out at once");
        p.arrive(seat(2));
        let names = vec![None, Some("Ann".to_owned())];
        let short = vec![None, Some("Ann".to_owned())];
        let frame = p.frame(
            t0,
            Some(Duration::from_secs(60)),
            (names.clone(), short.clone()),
        );
        assert_eq!(
            frame,
            ServerMsg::Presence {
                connected: vec![false, true],
                spectators: 0,
                claim_in_secs: vec![Some(60), None],
                names,
                short_names: short,
            }
        );
        let soon = t0 + PRESENCE_EVERY / 5;
        assert!(!p.changed(soon));
        assert_eq!(p.due(), Some(t0 + PRESENCE_EVERY));
        assert!(!p.changed(soon + PRESENCE_EVERY / 5));
        assert_eq!(p.due(), Some(t0 + PRESENCE_EVERY), "held back once");
        let _frame = p.frame(t0 + PRESENCE_EVERY, None, (vec![], vec![]));
        assert_eq!(p.due(), None);
        assert!(p.changed(t0 + PRESENCE_EVERY * 2));
    }
}
