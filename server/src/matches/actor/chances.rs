//! The spectators' win-chances bar: after each stored batch of a match that has spectators,
//! the actor evaluates the position after the batch's last event once
//! ([`crate::chances::per_table_seat`], a greedy look of tens of microseconds: see
//! `docs/bots.md`) and sends a `chances` frame straight to the outbox of every spectator
//! socket — never over the broadcast, which the seats' sockets read too: a player never
//! sees the chances of their live game. A spectator also gets the current frame right
//! after its `welcome`. The last frame is kept, so a batch is evaluated once however many
//! spectators watch or join.

use axum::extract::ws::Utf8Bytes;

use super::Actor;
use crate::protocol::ServerMsg;

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
        let chances = crate::chances::per_table_seat(&game.engine, &seats);
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

    /// Sends the chances after the last stored batch to every spectator socket (nothing
    /// when nobody watches).
    pub(super) fn send_chances(&mut self) {
        if self.spectators == 0 {
            return;
        }
        let Some(frame) = self.chances_frame() else {
            return;
        };
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
