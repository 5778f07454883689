//! The match's sockets: each one's seat (none: a spectator), its own outbox and its chat.
//! What goes to every socket alike (events, presence) goes over the broadcast instead
//! (`fanout.rs`); an outbox carries what one socket gets: replies, chat, the spectators'
//! chances, a close.

use std::collections::HashMap;

use axum::extract::ws::Utf8Bytes;

use senet_match::Seat;

use super::conn_chat::ConnChat;
use crate::registry::{OutboxTx, Outgoing};

/// One socket that said `hello`.
#[derive(Debug)]
pub(super) struct Conn {
    /// The seat its token proved (none: a spectator).
    pub(super) seat: Option<Seat>,
    outbox: OutboxTx,
    /// Its chat: name, rooms, a spectator's sequence numbers.
    pub(super) chat: ConnChat,
}

/// The open sockets, by connection id (ids are never reused within a match).
#[derive(Debug)]
pub(super) struct Conns {
    open: HashMap<u64, Conn>,
    next: u64,
}

/// A frame dropped because the socket's outbox was full: the socket is not reading, and
/// catches up from events (a resync) rather than slow the match.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct OutboxFull;

impl Conns {
    /// None open yet.
    pub(super) fn new() -> Conns {
        Conns {
            open: HashMap::new(),
            next: 1,
        }
    }

    /// Adds a socket; its connection id.
    pub(super) fn open(&mut self, seat: Option<Seat>, outbox: OutboxTx, chat: ConnChat) -> u64 {
        let conn = self.next;
        self.next += 1;
        self.open.insert(conn, Conn { seat, outbox, chat });
        conn
    }

    /// Removes a socket (none if it had gone already).
    pub(super) fn close(&mut self, conn: u64) -> Option<Conn> {
        self.open.remove(&conn)
    }

    /// The socket `conn`, if open.
    pub(super) fn get(&self, conn: u64) -> Option<&Conn> {
        self.open.get(&conn)
    }

    /// The socket `conn`, if open, to change its chat.
    pub(super) fn get_mut(&mut self, conn: u64) -> Option<&mut Conn> {
        self.open.get_mut(&conn)
    }

    /// Whether no socket is open.
    pub(super) fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    /// How many sockets are open.
    pub(super) fn len(&self) -> usize {
        self.open.len()
    }

    /// Every open socket.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, &Conn)> {
        self.open.iter().map(|(&id, c)| (id, c))
    }

    /// The spectators' sockets.
    pub(super) fn spectators(&self) -> impl Iterator<Item = u64> + '_ {
        self.iter()
            .filter(|(_, c)| c.seat.is_none())
            .map(|(id, _)| id)
    }

    /// Queues `text` for socket `conn`, never waiting (a socket that has gone gets nothing).
    pub(super) fn send(&self, conn: u64, text: Utf8Bytes) -> Result<(), OutboxFull> {
        match self.open.get(&conn) {
            Some(c) => c
                .outbox
                .try_send(Outgoing::Text(text))
                .map_err(|_| OutboxFull),
            None => Ok(()),
        }
    }

    /// Asks every socket to close with `code` and `reason`, and forgets them all.
    pub(super) fn close_all(&mut self, code: u16, reason: &'static str) {
        for conn in self.open.values() {
            // A full outbox is a socket that stops reading: the actor's end closes it anyway.
            let _sent = conn.outbox.try_send(Outgoing::Close(code, reason));
        }
        self.open.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{OUTBOX, outbox};

    fn chat(seat: Option<Seat>) -> ConnChat {
        ConnChat::new(seat, None).0
    }

    #[test]
    fn sockets_get_fresh_ids_and_spectators_are_those_without_a_seat() {
        let mut conns = Conns::new();
        let seat = Seat::new(1).ok();
        let (tx, _rx) = outbox();
        let a = conns.open(seat, tx.clone(), chat(seat));
        let b = conns.open(None, tx.clone(), chat(None));
        assert_eq!((a, b), (1, 2));
        assert_eq!(conns.spectators().collect::<Vec<_>>(), vec![b]);
        assert!(conns.close(a).is_some());
        assert!(conns.close(a).is_none(), "closed once");
        let c = conns.open(seat, tx, chat(seat));
        assert_eq!(c, 3, "an id is never reused");
        assert_eq!(conns.len(), 2);
    }

    #[test]
    fn a_full_outbox_loses_the_frame_and_a_gone_socket_gets_nothing() {
        let mut conns = Conns::new();
        let (tx, rx) = outbox();
        let a = conns.open(None, tx, chat(None));
        for _ in 0..OUTBOX {
            assert_eq!(conns.send(a, "x".into()), Ok(()));
        }
        assert_eq!(conns.send(a, "x".into()), Err(OutboxFull));
        assert_eq!(conns.send(99, "x".into()), Ok(()));
        assert_eq!(rx.len(), OUTBOX);
    }

    #[test]
    fn closing_all_tells_every_socket_why() {
        let mut conns = Conns::new();
        let (tx, rx) = outbox();
        conns.open(None, tx.clone(), chat(None));
        conns.open(None, tx, chat(None));
        conns.close_all(1012, "match moved");
        assert!(conns.is_empty());
        let closes = rx
            .drain()
            .filter(|o| matches!(o, Outgoing::Close(1012, "match moved")))
            .count();
        assert_eq!(closes, 2);
    }
}
