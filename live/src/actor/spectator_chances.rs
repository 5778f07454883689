//! The spectators' win-chances bar: after a stored batch of a match that has spectators,
//! the actor evaluates the position after the batch's last event once
//! ([`senet_match::win_chances::per_table_seat`], a greedy look of tens of microseconds: see
//! `docs/bots.md`) and sends a `chances` frame straight to the outbox of every spectator
//! socket — never over the broadcast, which the seats' sockets read too: a player never
//! sees the chances of their live game. A spectator also gets the current frame right
//! after its `welcome`. The last frame is kept, so a position is evaluated once however
//! many spectators watch or join.
//!
//! A person cannot read a bar that changes more often than a few times a second, and a fast
//! match (bots, or the load generator) stores a batch every few milliseconds: so frames go
//! out at most once per `--chances-every-ms`. A batch that comes sooner is not evaluated: the
//! frame goes out with the first batch after the pause, or, when the match has been quiet
//! for a whole pause since its last batch, then, so the last batch is never missed. A frame
//! that goes out with a batch is queued for a spectator's socket while the batch's events
//! are, so its writer as a rule sends both in one write, where a timer of its own would make
//! a write of its own for every spectator.

use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use tokio::time::Instant;

use senet_match::MatchState;
use senet_protocol::ServerMsg;

/// The last `chances` frame and when the next may go out.
#[derive(Debug)]
pub(super) struct SpectatorChances {
    /// The least pause between two frames (`--chances-every-ms`).
    every: Duration,
    /// The last frame made, with the event number it is of.
    kept: Option<(u64, Utf8Bytes)>,
    /// When the last frame went to the spectators.
    sent: Option<Instant>,
    /// When held-back chances go out unless a batch comes first: a pause after the last
    /// batch.
    due: Option<Instant>,
}

impl SpectatorChances {
    /// No frame yet; at most one per `every`.
    pub(super) fn new(every: Duration) -> SpectatorChances {
        SpectatorChances {
            every,
            kept: None,
            sent: None,
            due: None,
        }
    }

    /// The `chances` frame of the position after the last event of `state` (none before the
    /// first game), evaluated once per event number.
    pub(super) fn frame(&mut self, state: &MatchState) -> Option<Utf8Bytes> {
        let no = state.events();
        if let Some((kept, frame)) = &self.kept {
            if *kept == no {
                return Some(frame.clone());
            }
        }
        let game = state.game()?;
        let seats: Vec<u8> = game.seats.iter().map(|s| s.get()).collect();
        let chances = senet_match::win_chances::per_table_seat(&game.engine, &seats);
        let frame: Utf8Bytes = ServerMsg::Chances {
            no,
            game: state.game_no(),
            chances,
        }
        .to_json()
        .into();
        self.kept = Some((no, frame.clone()));
        Some(frame)
    }

    /// A batch was stored at `now`: whether its chances go out now ([`Self::release`]), or
    /// are held back (until the next batch, or a pause of quiet: [`Self::due`]) because the
    /// last frame went out less than a pause ago. Nothing when nobody is `watching`.
    pub(super) fn stored(&mut self, watching: bool, now: Instant) -> bool {
        if !watching {
            return false;
        }
        match self.sent {
            Some(sent) if sent + self.every > now => {
                self.due = Some(now + self.every);
                false
            }
            _ => true,
        }
    }

    /// When held-back chances go out.
    pub(super) fn due(&self) -> Option<Instant> {
        self.due
    }

    /// The frame to send the spectators now, at `now` (nothing is held back after this;
    /// none when nobody is `watching` or there is no game).
    pub(super) fn release(
        &mut self,
        state: &MatchState,
        watching: bool,
        now: Instant,
    ) -> Option<Utf8Bytes> {
        self.due = None;
        if !watching {
            return None;
        }
        let frame = self.frame(state)?;
        self.sent = Some(now);
        Some(frame)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_matches::{spec, waiting_for_a_move};
    use super::*;

    fn started() -> MatchState {
        waiting_for_a_move(spec(1, false, None)).0
    }

    #[test]
    fn a_position_is_evaluated_once_and_none_before_a_game() {
        let mut chances = SpectatorChances::new(Duration::from_millis(250));
        let fresh = MatchState::new(*started().spec());
        assert_eq!(chances.frame(&fresh), None);
        let state = started();
        let frame = chances.frame(&state).expect("a game");
        assert!(frame.as_str().contains(r#""type":"chances""#), "{frame}");
        assert!(
            frame
                .as_str()
                .contains(&format!(r#""no":{}"#, state.events()))
        );
        assert_eq!(
            chances.kept.as_ref().map(|(no, _)| *no),
            Some(state.events())
        );
        assert_eq!(chances.frame(&state), Some(frame), "the kept frame");
    }

    #[test]
    fn a_batch_within_the_pause_is_held_back_a_pause_after_it() {
        let every = Duration::from_millis(250);
        let mut chances = SpectatorChances::new(every);
        let state = started();
        let t0 = Instant::now();
        assert!(!chances.stored(false, t0), "nobody watches");
        assert_eq!(chances.due(), None);
        assert!(chances.stored(true, t0), "the first frame goes out at once");
        assert!(chances.release(&state, true, t0).is_some());

        let t1 = t0 + every / 5;
        assert!(!chances.stored(true, t1));
        assert_eq!(chances.due(), Some(t1 + every));
        let t2 = t1 + every / 5;
        assert!(!chances.stored(true, t2));
        assert_eq!(
            chances.due(),
            Some(t2 + every),
            "quiet counts from the last batch"
        );

        assert!(chances.release(&state, true, t2 + every).is_some());
        assert_eq!(chances.due(), None);
        assert!(
            chances.stored(true, t2 + every * 2),
            "a pause since the last frame"
        );
    }

    #[test]
    fn nothing_goes_out_when_nobody_watches_but_the_hold_ends() {
        let every = Duration::from_millis(250);
        let mut chances = SpectatorChances::new(every);
        let state = started();
        let t0 = Instant::now();
        assert!(chances.release(&state, true, t0).is_some());
        assert!(!chances.stored(true, t0 + every / 2));
        assert!(chances.due().is_some());
        assert_eq!(chances.release(&state, false, t0 + every), None);
        assert_eq!(chances.due(), None);
    }
}
