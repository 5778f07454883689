//! The facts a live match keeps in memory: the current game's, after a checkpoint.
//!
//! A series of many games would otherwise hold every fact it ever stored. When a game starts,
//! the facts before it are folded into the checkpoint (the match's state just before that
//! `game_started`) and leave memory: what a client or a record route wants of an earlier game
//! is in the store. The current game's events are replayed from the checkpoint, so a
//! welcome's `recent` costs one game's facts, not the whole series'.
//!
//! A store that cannot read its events back (the in-memory one of the tests) keeps them all.

use senet_match::view::{self, ReplayError};
use senet_match::{Fact, MatchState};
use senet_protocol::{EventMsg, Tail};

/// What a connecting client is sent of the events it missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Missed {
    /// Nothing: it missed none, or asked for none.
    Nothing,
    /// A frame per event after this one.
    Frames(u64),
    /// The current game's last events, this many at most, inside its welcome (`recent`).
    Recent(Tail),
}

/// The checkpoint and the facts after it.
#[derive(Debug)]
pub(crate) struct History {
    /// The match's state after every fact before `facts` (its start when none left memory).
    base: MatchState,
    /// The facts after `base`, in order: the current game's (from its `game_started`) and
    /// whatever followed its end.
    facts: Vec<Fact>,
    /// Whether earlier games' facts leave memory at a game's start.
    trim: bool,
}

impl History {
    /// A match with no facts yet.
    pub(crate) fn new(start: MatchState, trim: bool) -> History {
        History {
            base: start,
            facts: Vec::new(),
            trim,
        }
    }

    /// How many events the match has had (those in memory and those before them).
    pub(crate) fn events(&self) -> u64 {
        self.base.events() + self.facts.len() as u64
    }

    /// The state the facts in memory start from.
    pub(crate) fn base(&self) -> &MatchState {
        &self.base
    }

    /// The facts in memory: event `base().events() + 1` first.
    pub(crate) fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// What a client that connects having seen events up to `last_event` gets of the
    /// events after it: the frames it missed, or — when it said how many it takes (`tail`)
    /// and missed more — the current game's last `tail` events for its welcome's `recent`.
    /// With a tail, a client that gave no `last_event` missed every event; without one, it
    /// asked for none. A client that missed events of a game that has left memory gets
    /// `recent` whatever it missed, of its tail or, if it gave none, the longest.
    pub(crate) fn missed(&self, last_event: Option<u64>, tail: Option<Tail>) -> Missed {
        let total = self.events();
        let after = match tail {
            Some(_) => Some(last_event.unwrap_or(0)),
            None => last_event,
        };
        let Some(after) = after.filter(|&n| n < total) else {
            return Missed::Nothing;
        };
        let gone = after < self.base.events();
        let tail = if gone {
            Some(tail.unwrap_or(Tail::LONGEST))
        } else {
            tail
        };
        match tail {
            Some(tail) if gone || total - after > tail.get() => Missed::Recent(tail),
            _ => Missed::Frames(after),
        }
    }

    /// The frames of the events after `after` (one in memory, or the checkpoint's).
    ///
    /// # Errors
    /// The facts in memory do not replay (a bug).
    pub(crate) fn frames_after(&self, after: u64) -> Result<Vec<String>, ReplayError> {
        view::frames_after(self.base.clone(), &self.facts, after)
    }

    /// The last `tail` events of the current game.
    ///
    /// # Errors
    /// The facts in memory do not replay (a bug).
    pub(crate) fn recent(&self, tail: Tail) -> Result<Vec<EventMsg>, ReplayError> {
        view::recent_events(self.base.clone(), &self.facts, tail.get())
    }

    /// Adds the next fact (one the match has applied). A `game_started` first folds the facts
    /// before it into the checkpoint.
    pub(crate) fn push(&mut self, fact: Fact) {
        if self.checkpoint_at(&fact) && !self.facts.is_empty() {
            self.fold();
        }
        self.facts.push(fact);
    }

    /// While a stored match is rebuilt, before `fact` applies to `before`: a `game_started`
    /// makes `before` the checkpoint, so its `push` has nothing to fold.
    pub(crate) fn checkpoint_before(&mut self, fact: &Fact, before: &MatchState) {
        if self.checkpoint_at(fact) {
            self.base = before.clone();
            self.facts.clear();
        }
    }

    /// Whether the facts before `fact` leave memory when it comes.
    fn checkpoint_at(&self, fact: &Fact) -> bool {
        self.trim && matches!(fact, Fact::GameStarted { .. })
    }

    /// Applies the facts in memory to the checkpoint and lets them go. They applied to the
    /// live state already; should one not apply here all the same, everything stays.
    fn fold(&mut self) {
        let mut base = self.base.clone();
        for (i, fact) in self.facts.iter().enumerate() {
            if let Err(error) = base.apply(fact) {
                tracing::error!(no = self.base.events() + i as u64 + 1, %error, "a fact of the match's own log does not apply; its history stays in memory");
                self.trim = false;
                return;
            }
        }
        self.base = base;
        self.facts.clear();
        self.facts.shrink_to(64);
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_matches::{spec, start};
    use super::*;
    use senet_match::dice::ServerSeed;
    use senet_match::state::{Command, NewGame, Waiting};

    fn play(history: &mut History, state: &mut MatchState, command: Command) {
        let d = state.decide(&command).expect("decided");
        for fact in d.facts {
            history.push(fact);
        }
        *state = d.after;
    }

    /// A best-of-three match played into its second game: its history, the events of its
    /// first game, and all its events.
    fn two_games(trim: bool) -> (History, u64, u64) {
        let spec = spec(3, false, None);
        let mut history = History::new(MatchState::new(spec), trim);
        let mut state = MatchState::new(spec);
        play(&mut history, &mut state, start());
        let Waiting::Move(seat) = state.waiting() else {
            panic!("{:?}", state.waiting());
        };
        play(&mut history, &mut state, Command::Resign { seat });
        let game_one = state.events();
        let next = NewGame {
            game_id: "game-2".into(),
            seed: ServerSeed([9; 32]),
        };
        play(&mut history, &mut state, Command::NextGame(next));
        (history, game_one, state.events())
    }

    fn tail(n: u64) -> Option<Tail> {
        Tail::try_from(n).ok()
    }

    #[test]
    fn a_game_start_folds_the_facts_before_it_into_the_checkpoint() {
        let (kept, game_one, total) = two_games(false);
        assert_eq!(kept.events(), total);
        assert_eq!(
            kept.base().events(),
            0,
            "a store that cannot read back keeps all"
        );
        let (trimmed, _, _) = two_games(true);
        assert_eq!(trimmed.events(), total);
        assert_eq!(
            trimmed.base().events(),
            game_one,
            "the checkpoint: before game 2"
        );
        assert_eq!(trimmed.base().game_no(), 1);
        assert!(matches!(trimmed.facts()[0], Fact::GameStarted(_)));
        let frames = trimmed.frames_after(game_one).expect("replays");
        assert_eq!(frames.len() as u64, total - game_one);
    }

    #[test]
    fn a_client_gets_the_frames_it_missed_or_the_recent_events_of_its_tail() {
        let (h, game_one, total) = two_games(true);
        assert_eq!(h.missed(None, None), Missed::Nothing, "asked for none");
        assert_eq!(
            h.missed(Some(total), tail(5)),
            Missed::Nothing,
            "missed none"
        );
        assert_eq!(h.missed(Some(total - 1), None), Missed::Frames(total - 1));
        assert_eq!(
            h.missed(Some(total - 2), tail(2)),
            Missed::Frames(total - 2)
        );
        assert_eq!(
            h.missed(Some(total - 3), tail(2)),
            Missed::Recent(Tail::try_from(2).unwrap()),
            "more than its tail"
        );
        assert_eq!(
            h.missed(None, tail(2)),
            Missed::Recent(Tail::try_from(2).unwrap())
        );
        assert_eq!(
            h.missed(Some(game_one - 1), None),
            Missed::Recent(Tail::LONGEST),
            "an earlier game has left memory"
        );
        let recent = h.recent(Tail::try_from(2).unwrap()).expect("replays");
        assert!(recent.len() <= 2);
    }
}
