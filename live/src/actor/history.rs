//! The facts a live match keeps in memory: the current game's, after a checkpoint.
//!
//! A series of many games would otherwise hold every fact it ever stored. When a game starts,
//! the facts before it are folded into the checkpoint (the match's state just before that
//! `game_started`) and leave memory: what a client or a record route wants of an earlier game
//! is in the store. The current game's events are replayed from the checkpoint, so a
//! welcome's `recent` costs one game's facts, not the whole series'.
//!
//! A store that cannot read its events back (the in-memory one of the tests) keeps them all.

use senet_match::Fact;
use senet_match::MatchState;

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
