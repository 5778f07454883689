//! What a match waits for in time, and the one timer that waits for it.
//!
//! [`Deadlines`] keeps the actor's own time marks (the wait for client seeds, the retry
//! after a store refusal, since when the match has waited for its turn and for the seat to
//! move) and computes from them and the state the deadlines the rules give: the next game,
//! a loss on time, an abandoned match, leaving memory. Other parts keep their own (the
//! presence frame, the spectators' chances); the actor lists them all, [`earliest`] picks
//! the next and says what it is for ([`Due`]), and one [`Alarm`] waits for it. All of this
//! but the alarm is plain functions of the state and an `Instant`, tested without a runtime.

use std::pin::Pin;
use std::time::Duration;

use tokio::time::{Instant, Sleep};

use senet_match::state::{MatchState, Waiting};

use crate::settings::Settings;

/// How long a match waits before it tries again what the store refused.
pub(super) const RETRY_AFTER: Duration = Duration::from_secs(1);

/// What a deadline is for: what the actor does when it comes. Listed in the order the
/// actor considers them when two fall at the same instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Due {
    /// The wait for client seeds ran out: the server throws.
    Seeds,
    /// Try again what the store refused (a server throw, a game start, a doubtful batch).
    Retry,
    /// The next game of an undecided series starts by itself (`--next-game-after`).
    NextGame,
    /// A held-back presence frame goes out.
    Presence,
    /// Held-back win chances go out to the spectators.
    Chances,
    /// The running clock is used up: its seat loses on time.
    Flag,
    /// Nobody acted in the live game for `--idle-end`: the match is abandoned.
    Abandon,
    /// The match leaves memory.
    Evict,
}

/// The earliest of `deadlines` (each none when not set) and what it is for; of equal ones,
/// the first listed.
pub(super) fn earliest(
    deadlines: impl IntoIterator<Item = (Option<Instant>, Due)>,
) -> Option<(Instant, Due)> {
    deadlines
        .into_iter()
        .filter_map(|(at, due)| Some((at?, due)))
        .min_by_key(|&(at, _)| at)
}

/// The actor's own time marks, and the deadlines that follow from them and the state.
#[derive(Debug)]
pub(super) struct Deadlines {
    /// When the wait for client seeds ends (set while a game waits for them).
    seeds: Option<Instant>,
    /// When to try again what the store refused.
    retry: Option<Instant>,
    /// Since when the match has waited for what it waits for now (the last event).
    turn_since: Instant,
    /// Since when the clock of the seat to move has run: the last stored batch, or the
    /// actor's start (so the time a server was down is charged to nobody).
    decision_since: Instant,
    /// A durable store keeps the match once it leaves memory (the in-memory store's
    /// matches live as long as the server).
    durable: bool,
}

impl Deadlines {
    /// A match whose actor starts at `now`.
    pub(super) fn new(now: Instant, durable: bool) -> Deadlines {
        Deadlines {
            seeds: None,
            retry: None,
            turn_since: now,
            decision_since: now,
            durable,
        }
    }

    /// A batch was stored at `now`: the match waits afresh, and the next seat's clock runs.
    pub(super) fn stored(&mut self, now: Instant) {
        self.turn_since = now;
        self.decision_since = now;
    }

    /// What the match did by itself at a deadline was refused at `now`: the turn's wait
    /// starts again (so it is tried again a whole wait later, not at once).
    pub(super) fn wait_again(&mut self, now: Instant) {
        self.turn_since = now;
    }

    /// How long the match has waited for what it waits for now, at `now`.
    pub(super) fn waited(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.turn_since)
    }

    /// How long the seat to move has thought, at `now` (what its clock is charged).
    pub(super) fn thinking(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.decision_since)
    }

    /// When the decision now being waited for began.
    pub(super) fn decision_since(&self) -> Instant {
        self.decision_since
    }

    /// A game that takes client seeds gets a deadline for them, `wait` after `now` (kept if
    /// it has one); any other state none.
    pub(super) fn sync_seeds(&mut self, state: &MatchState, wait: Duration, now: Instant) {
        if state.waiting() == Waiting::Seeds {
            self.seeds.get_or_insert(now + wait);
        } else {
            self.seeds = None;
        }
    }

    /// When the wait for client seeds ends.
    pub(super) fn seeds(&self) -> Option<Instant> {
        self.seeds
    }

    /// The wait for client seeds ended.
    pub(super) fn close_seeds(&mut self) {
        self.seeds = None;
    }

    /// Throwing at the end of the seeds' wait was refused at `now`: try again after
    /// [`RETRY_AFTER`].
    pub(super) fn seeds_later(&mut self, now: Instant) {
        self.seeds = Some(now + RETRY_AFTER);
    }

    /// When to try again what the store refused.
    pub(super) fn retry(&self) -> Option<Instant> {
        self.retry
    }

    /// The store refused at `now`: try again after [`RETRY_AFTER`].
    pub(super) fn retry_later(&mut self, now: Instant) {
        self.retry = Some(now + RETRY_AFTER);
    }

    /// Nothing refused waits to be tried again.
    pub(super) fn retried(&mut self) {
        self.retry = None;
    }

    /// When the next game of an undecided series starts by itself (`--next-game-after`
    /// after the last game ended), if one is due.
    pub(super) fn next_game_at(&self, state: &MatchState, cfg: &Settings) -> Option<Instant> {
        let after = cfg.next_game_after?;
        (state.waiting() == Waiting::GameOver && !state.series_decided())
            .then_some(self.turn_since + after)
    }

    /// When the clock of the seat to move runs out, if one runs (after a store refusal, not
    /// before the retry pause).
    pub(super) fn flag_at(&self, state: &MatchState) -> Option<Instant> {
        let (_, left) = state.clock_running()?;
        let due = self.decision_since + left;
        Some(self.retry.map_or(due, |r| due.max(r)))
    }

    /// When a live game nobody acts in is abandoned (`--idle-end` after the last event).
    pub(super) fn abandon_at(&self, state: &MatchState, cfg: &Settings) -> Option<Instant> {
        let limit = cfg.idle_end?;
        // A clocked match ends by its clock instead.
        state.spec().clock.is_none().then_some(())?;
        matches!(state.waiting(), Waiting::Move(_)).then_some(self.turn_since + limit)
    }

    /// When the match may leave memory, nobody having been connected since `idle`:
    /// finished and kept by a durable store (`--evict-after`), or never joined (not every
    /// seat `all_claimed` before a first game) for as long as invites stay open; never while
    /// a batch is `in_doubt`.
    pub(super) fn evict_at(
        &self,
        state: &MatchState,
        cfg: &Settings,
        idle: Instant,
        in_doubt: bool,
        all_claimed: bool,
    ) -> Option<Instant> {
        if in_doubt {
            return None;
        }
        if state.match_over() && self.durable {
            Some(idle + cfg.evict_after)
        } else if state.game_no() == 0 && !all_claimed {
            Some(idle + cfg.invite_ttl)
        } else {
            None
        }
    }
}

/// The actor's one timer, set for the earliest deadline. A deadline that moves later (the
/// idle limit moves with every event) does not re-arm it: it rings early, the actor finds
/// nothing due and sets it again. Only an earlier deadline re-arms it, so the hot path of a
/// match (a move every few milliseconds) does not make and drop a timer per message.
#[derive(Debug)]
pub(super) struct Alarm {
    /// Made once per actor; reset, never replaced.
    sleep: Pin<Box<Sleep>>,
    /// When it rings (none: it does not).
    armed: Option<Instant>,
}

impl Alarm {
    /// An alarm that does not ring yet.
    pub(super) fn new() -> Alarm {
        Alarm {
            sleep: Box::pin(tokio::time::sleep_until(Instant::now())),
            armed: None,
        }
    }

    /// Sets the alarm for `next` (none: no deadline), keeping an earlier time it is armed
    /// for.
    pub(super) fn set(&mut self, next: Option<Instant>) {
        match (self.armed, next) {
            (_, None) => self.armed = None,
            (Some(armed), Some(at)) if armed <= at => {}
            (_, Some(at)) => {
                self.sleep.as_mut().reset(at);
                self.armed = Some(at);
            }
        }
    }

    /// Whether the alarm rings at some time.
    pub(super) fn is_armed(&self) -> bool {
        self.armed.is_some()
    }

    /// Waits until the alarm rings (for ever when it is not armed); it is then unarmed.
    /// Dropped before it rings, it stays armed.
    pub(super) async fn rung(&mut self) {
        if self.armed.is_none() {
            return std::future::pending().await;
        }
        self.sleep.as_mut().await;
        self.armed = None;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_matches::{decided, game_over, spec, start, waiting_for_a_move};
    use super::*;
    use senet_protocol::ClockSpec;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn the_earliest_deadline_wins_and_the_first_listed_of_equal_ones() {
        let t0 = Instant::now();
        assert_eq!(earliest([(None, Due::Seeds), (None, Due::Evict)]), None);
        let next = earliest([
            (Some(t0 + secs(5)), Due::Seeds),
            (None, Due::Retry),
            (Some(t0 + secs(2)), Due::Flag),
            (Some(t0 + secs(2)), Due::Abandon),
        ]);
        assert_eq!(next, Some((t0 + secs(2), Due::Flag)));
    }

    #[test]
    fn a_game_waiting_for_seeds_has_a_deadline_for_them_that_a_refusal_moves() {
        let t0 = Instant::now();
        let mut d = Deadlines::new(t0, true);
        let seeds = decided(&MatchState::new(spec(1, true, None)), start());
        d.sync_seeds(&seeds, secs(10), t0);
        assert_eq!(d.seeds(), Some(t0 + secs(10)));
        d.sync_seeds(&seeds, secs(10), t0 + secs(3));
        assert_eq!(d.seeds(), Some(t0 + secs(10)), "kept while it waits");
        d.close_seeds();
        d.seeds_later(t0 + secs(10));
        assert_eq!(d.seeds(), Some(t0 + secs(10) + RETRY_AFTER));
        d.close_seeds();
        assert_eq!(d.seeds(), None);
        let (moving, _) = waiting_for_a_move(spec(1, false, None));
        d.sync_seeds(&seeds, secs(10), t0);
        d.sync_seeds(&moving, secs(10), t0);
        assert_eq!(d.seeds(), None, "no wait once the game is under way");
    }

    #[test]
    fn the_next_game_starts_a_while_after_a_game_of_an_undecided_series() {
        let t0 = Instant::now();
        let mut d = Deadlines::new(t0, true);
        let cfg = Settings::default();
        let after = cfg.next_game_after.expect("a default");
        let over = game_over(spec(3, false, None));
        assert_eq!(d.next_game_at(&over, &cfg), Some(t0 + after));
        d.wait_again(t0 + secs(1));
        assert_eq!(d.next_game_at(&over, &cfg), Some(t0 + secs(1) + after));
        let decided = game_over(spec(1, false, None));
        assert_eq!(
            d.next_game_at(&decided, &cfg),
            None,
            "the series is decided"
        );
        let (moving, _) = waiting_for_a_move(spec(3, false, None));
        assert_eq!(d.next_game_at(&moving, &cfg), None);
        let never = Settings {
            next_game_after: None,
            ..Settings::default()
        };
        assert_eq!(d.next_game_at(&over, &never), None);
    }

    #[test]
    fn a_clock_flags_when_its_time_is_used_but_not_before_a_retry() {
        let t0 = Instant::now();
        let mut d = Deadlines::new(t0, true);
        let clock = ClockSpec::Fischer {
            base_secs: 60,
            increment_secs: 0,
        };
        let (clocked, _) = waiting_for_a_move(spec(1, false, Some(clock)));
        assert_eq!(d.flag_at(&clocked), Some(t0 + secs(60)));
        d.stored(t0 + secs(5));
        assert_eq!(d.flag_at(&clocked), Some(t0 + secs(65)));
        assert_eq!(d.thinking(t0 + secs(7)), secs(2));
        d.retry_later(t0 + secs(65));
        assert_eq!(d.flag_at(&clocked), Some(t0 + secs(65) + RETRY_AFTER));
        d.retried();
        assert_eq!(d.flag_at(&clocked), Some(t0 + secs(65)));
        let (unclocked, _) = waiting_for_a_move(spec(1, false, None));
        assert_eq!(d.flag_at(&unclocked), None);
    }

    #[test]
    fn an_unclocked_live_game_nobody_acts_in_is_abandoned() {
        let t0 = Instant::now();
        let mut d = Deadlines::new(t0, true);
        let cfg = Settings::default();
        let limit = cfg.idle_end.expect("a default");
        let (moving, _) = waiting_for_a_move(spec(1, false, None));
        assert_eq!(d.abandon_at(&moving, &cfg), Some(t0 + limit));
        d.stored(t0 + secs(9));
        assert_eq!(d.abandon_at(&moving, &cfg), Some(t0 + secs(9) + limit));
        assert_eq!(d.waited(t0 + secs(10)), secs(1));
        let clock = ClockSpec::Correspondence { days: 1 };
        let (clocked, _) = waiting_for_a_move(spec(1, false, Some(clock)));
        assert_eq!(d.abandon_at(&clocked, &cfg), None, "the clock ends it");
        let over = game_over(spec(3, false, None));
        assert_eq!(d.abandon_at(&over, &cfg), None, "not a live game");
    }

    #[test]
    fn a_finished_or_never_joined_match_nobody_watches_leaves_memory() {
        let t0 = Instant::now();
        let cfg = Settings::default();
        let d = Deadlines::new(t0, true);
        let idle = t0 + secs(1);
        let finished = game_over(spec(1, false, None));
        assert!(finished.match_over());
        assert_eq!(
            d.evict_at(&finished, &cfg, idle, false, true),
            Some(t0 + secs(1) + cfg.evict_after)
        );
        assert_eq!(
            d.evict_at(&finished, &cfg, idle, true, true),
            None,
            "in doubt"
        );
        let memory = Deadlines::new(t0, false);
        assert_eq!(memory.evict_at(&finished, &cfg, idle, false, true), None);

        let fresh = MatchState::new(spec(1, false, None));
        assert_eq!(
            memory.evict_at(&fresh, &cfg, idle, false, false),
            Some(t0 + secs(1) + cfg.invite_ttl)
        );
        assert_eq!(memory.evict_at(&fresh, &cfg, idle, false, true), None);
        let (moving, _) = waiting_for_a_move(spec(1, false, None));
        assert_eq!(d.evict_at(&moving, &cfg, idle, false, true), None, "live");
    }

    #[tokio::test(start_paused = true)]
    async fn the_alarm_rings_at_the_earliest_time_it_was_set_for() {
        let t0 = Instant::now();
        let mut alarm = Alarm::new();
        assert!(!alarm.is_armed());
        alarm.set(Some(t0 + secs(10)));
        alarm.set(Some(t0 + secs(20)));
        assert!(alarm.is_armed(), "a later deadline keeps the earlier time");
        alarm.rung().await;
        assert_eq!(Instant::now(), t0 + secs(10));
        assert!(!alarm.is_armed());

        alarm.set(Some(t0 + secs(30)));
        alarm.set(Some(t0 + secs(15)));
        alarm.rung().await;
        assert_eq!(
            Instant::now(),
            t0 + secs(15),
            "an earlier deadline re-arms it"
        );

        alarm.set(Some(t0 + secs(40)));
        alarm.set(None);
        assert!(!alarm.is_armed());
        let rang = tokio::time::timeout(secs(60), alarm.rung()).await;
        assert!(rang.is_err(), "an unarmed alarm never rings");
    }
}
