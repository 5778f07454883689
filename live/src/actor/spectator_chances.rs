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

use axum::extract::ws::Utf8Bytes;
use tokio::time::Instant;

use super::Actor;
use senet_protocol::ServerMsg;

impl Actor {
    /// The `chances` frame of the position after the last event (none before the first
    /// game), evaluated once per event number.
    pub(super) fn chances_frame(&mut self) -> Option<Utf8Bytes> {
        let no = self.state.events();
        if let Some((kept, frame)) = &self.chances {
            if *kept == no {
                return Some(frame.clone());
            }
        }
        let game = self.state.game()?;
        let seats: Vec<u8> = game.seats.iter().map(|s| s.get()).collect();
        let chances = senet_match::win_chances::per_table_seat(&game.engine, &seats);
        let frame: Utf8Bytes = ServerMsg::Chances {
            no,
            game: self.state.game_no(),
            chances,
        }
        .to_json()
        .into();
        self.chances = Some((no, frame.clone()));
        Some(frame)
    }

    /// After a stored batch: sends the chances now when the pause since the last frame is
    /// over, or else holds them back until the next batch or a pause of quiet (nothing when
    /// nobody watches).
    pub(super) fn send_chances(&mut self) {
        if self.spectators == 0 {
            return;
        }
        let every = self.cfg.chances_every;
        let now = Instant::now();
        match self.chances_sent {
            Some(sent) if sent + every > now => self.chances_due = Some(now + every),
            _ => self.send_chances_now(),
        }
    }

    /// Sends the chances of the position now to every spectator socket.
    pub(super) fn send_chances_now(&mut self) {
        self.chances_due = None;
        if self.spectators == 0 {
            return;
        }
        let Some(frame) = self.chances_frame() else {
            return;
        };
        self.chances_sent = Some(Instant::now());
        let watching: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.seat.is_none())
            .map(|(&id, _)| id)
            .collect();
        for conn in watching {
            self.send_to(conn, frame.clone());
        }
    }
}
