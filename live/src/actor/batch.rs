//! What a decided command becomes for the store and the sockets: a batch of events numbered
//! after the match's, each a row for the store and a frame for clients, stored as one
//! append (all or none); and a batch whose append's outcome is unknown, held in doubt until
//! the store's count of the match's events says whether it was stored.

use axum::extract::ws::Utf8Bytes;

use senet_match::state::{Command, MatchError, MatchState};
use senet_match::view;
use senet_match::{Fact, Seat};
use senet_store::{Side, StoredEvent};

/// One event as kept in memory: the fact (records replay these) and its frame (sent to a
/// client that missed it).
pub(super) struct Logged {
    pub(super) fact: Fact,
    pub(super) frame: Utf8Bytes,
}

/// What a decided command becomes once numbered: rows for the store and frames for clients.
pub(super) struct Batch {
    pub(super) stored: Vec<StoredEvent>,
    pub(super) logged: Vec<Logged>,
}

impl Batch {
    /// Decides `command` in `state`, the state of match `match_id`: its events, numbered on
    /// from the state's, each encoded once (the frame from the state right after it), and
    /// the state after them all. `state` itself does not change.
    ///
    /// # Errors
    /// The rules refuse the command.
    pub(super) fn decide(
        state: &MatchState,
        command: &Command,
        match_id: &str,
    ) -> Result<(Batch, MatchState), MatchError> {
        let first = state.events() + 1;
        let mut batch = Batch {
            stored: Vec::new(),
            logged: Vec::new(),
        };
        let decision = state.decide_observed(command, |after, fact, geometry| {
            let no = first + batch.stored.len() as u64;
            let encoded = view::encode(after, no, fact, geometry);
            batch.stored.push(StoredEvent {
                match_id: match_id.to_owned(),
                no,
                game: after.game_no(),
                json: encoded.fact,
                kind: fact.kind(),
                side: side_of(after, fact),
            });
            batch.logged.push(Logged {
                fact: fact.clone(),
                frame: encoded.frame.into(),
            });
        })?;
        Ok((batch, decision.after))
    }

    /// Whether the command led to no event (nothing to store).
    pub(super) fn is_empty(&self) -> bool {
        self.stored.is_empty()
    }

    /// How many events the batch has.
    pub(super) fn len(&self) -> usize {
        self.stored.len()
    }
}

/// A batch whose append failed in a way that may still have stored it (a commit whose answer
/// was lost), with the state it leads to. Nothing else happens in the match until the store
/// says which it was.
pub(super) struct InDoubt {
    pub(super) batch: Batch,
    pub(super) after: MatchState,
}

/// What the store's count of a match's events says of a batch in doubt.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The store holds the events before it: it was not stored.
    NotStored,
    /// The store holds it too.
    Stored,
    /// Neither: the store and the match disagree.
    Inconsistent,
}

impl InDoubt {
    /// What `stored` events in the store say of this batch, the match having `before`.
    pub(super) fn verdict(&self, stored: u64, before: u64) -> Verdict {
        if stored == before {
            Verdict::NotStored
        } else if stored == before + self.batch.len() as u64 {
            Verdict::Stored
        } else {
            Verdict::Inconsistent
        }
    }
}

/// What the store's match and game tables learn from a fact (`after`: the state after it).
fn side_of(after: &MatchState, fact: &Fact) -> Option<Side> {
    let game = after.game();
    match fact {
        Fact::GameStarted(start) => Some(Side::GameStarted {
            game_id: start.game_id.clone(),
            seed: start.seed.clone(),
            commitment: start.commitment.clone(),
            seats: start.seats.iter().map(|s| s.get()).collect(),
        }),
        Fact::GameOver {
            winner,
            reason,
            points,
        } => Some(Side::GameOver {
            winner: winner.map(Seat::get),
            reason: serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            points: *points,
            client_seeds: game.map(|g| g.seeds()).unwrap_or_default(),
            every_seat_moved: game.is_some_and(|g| g.every_seat_moved()),
        }),
        Fact::MatchOver { winner } => Some(Side::MatchOver {
            winner: winner.map(Seat::get),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_matches::{spec, start, waiting_for_a_move};
    use super::*;

    #[test]
    fn a_decided_command_is_numbered_on_and_its_start_and_end_reach_the_tables() {
        let fresh = MatchState::new(spec(1, false, None));
        let (batch, after) = Batch::decide(&fresh, &start(), "m").expect("starts");
        assert!(!batch.is_empty());
        assert_eq!(after.events(), batch.len() as u64);
        assert_eq!(fresh.events(), 0, "the state is not changed");
        let numbers: Vec<u64> = batch.stored.iter().map(|e| e.no).collect();
        assert_eq!(numbers, (1..=batch.len() as u64).collect::<Vec<_>>());
        assert!(
            batch
                .stored
                .iter()
                .all(|e| e.match_id == "m" && e.game == 1)
        );
        assert!(matches!(
            batch.stored[0].side,
            Some(Side::GameStarted { .. })
        ));
        assert_eq!(batch.stored[0].kind, "game_started");
        assert!(batch.logged[0].frame.as_str().contains("game_started"));

        let (moving, seat) = waiting_for_a_move(spec(1, false, None));
        let (resigned, over) = Batch::decide(&moving, &Command::Resign { seat }, "m").unwrap();
        assert_eq!(resigned.stored[0].no, moving.events() + 1);
        assert!(over.match_over());
        let sides: Vec<(&str, bool)> = resigned
            .stored
            .iter()
            .map(|e| (e.kind, e.side.is_some()))
            .collect();
        assert_eq!(
            sides,
            vec![
                ("resigned", false),
                ("game_over", true),
                ("match_over", true)
            ]
        );
        assert!(
            Batch::decide(&moving, &start(), "m").is_err(),
            "started already"
        );
    }

    #[test]
    fn the_store_count_says_whether_a_doubtful_batch_was_stored() {
        let fresh = MatchState::new(spec(1, false, None));
        let (batch, after) = Batch::decide(&fresh, &start(), "m").expect("starts");
        let n = batch.len() as u64;
        let doubt = InDoubt { batch, after };
        assert_eq!(doubt.verdict(10, 10), Verdict::NotStored);
        assert_eq!(doubt.verdict(10 + n, 10), Verdict::Stored);
        assert_eq!(doubt.verdict(10 + n + 1, 10), Verdict::Inconsistent);
        assert_eq!(doubt.verdict(9, 10), Verdict::Inconsistent);
    }
}
