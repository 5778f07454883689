//! How the rest of the server reaches a match: its handle, the commands its mailbox takes,
//! and the registry of live matches.

use std::collections::HashMap;
use std::sync::RwLock;

use axum::extract::ws::Utf8Bytes;
use senet_engine::{Setup, Variant};
use subtle::ConstantTimeEq;
use tokio::sync::{broadcast, mpsc, oneshot, watch};

use senet_match::record::GameRecord;
use senet_protocol::Summary;
use senet_protocol::{ClientMsg, ClockSpec, Series, ServerMsg, Tail};
use senet_store::hash_secret;

/// How many frames a connection's own outbox holds.
pub const OUTBOX: usize = 64;

/// The sending end of a connection's outbox (see [`outbox`]).
pub type OutboxTx = flume::Sender<Outgoing>;
/// The receiving end of a connection's outbox: the socket's writer.
pub type OutboxRx = flume::Receiver<Outgoing>;

/// A connection's own outbox: what the match sends one socket only (replies, the spectators'
/// chances, a close), at most [`OUTBOX`] waiting. A queue that holds only what waits
/// (flume's), where tokio's allocates its slots 32 at a time: an outbox is nearly always
/// empty, and a node has one per socket, tens of thousands.
pub fn outbox() -> (OutboxTx, OutboxRx) {
    flume::bounded(OUTBOX)
}

/// A frame for every subscriber of a match. `no` is the event number, 0 for presence.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The event number (0: not an event).
    pub no: u64,
    /// The JSON text.
    pub text: Utf8Bytes,
}

/// What the actor sends to one connection.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A text frame.
    Text(Utf8Bytes),
    /// Close the connection with this code and reason.
    Close(u16, &'static str),
}

/// A 128-bit random secret as 32 hex digits.
pub fn new_secret() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the OS random source is unavailable");
    hex::encode(b)
}

pub(super) fn secret_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// Whether `secret` is the one whose hash is `hash` (secrets are only kept hashed).
pub(super) fn secret_matches(hash: &str, secret: &str) -> bool {
    secret_eq(hash, &hash_secret(secret))
}

/// A request to the match actor.
#[derive(Debug)]
pub enum Cmd {
    /// Claim a seat with an invite (REST).
    Join(Box<SeatClaim>),
    /// A socket said `hello`.
    Connect(Box<SocketHello>),
    /// A message from a connected socket.
    Client {
        /// The connection.
        conn: u64,
        /// The message.
        msg: Box<ClientMsg>,
    },
    /// A socket went away.
    Disconnect {
        /// The connection.
        conn: u64,
    },
    /// A connection fell behind and needs a fresh snapshot.
    Resync {
        /// The connection.
        conn: u64,
        /// The last event number and the `snapshot` message.
        reply: oneshot::Sender<(u64, Utf8Bytes)>,
    },
    /// Another node took the match's lease: the actor closes its sockets and stops.
    LeaseLost,
    /// A game's record, for export and verification.
    Record {
        /// The game (1-based).
        game: u32,
        /// The record, if the game exists.
        reply: oneshot::Sender<Option<GameRecord>>,
    },
}

/// What [`Cmd::Join`] carries (boxed: a mailbox's slots are as large as its largest
/// command, and moves, the usual command, are small).
#[derive(Debug)]
pub struct SeatClaim {
    /// The invite secret; `None` takes the first free seat of a public match.
    pub invite: Option<String>,
    /// The display name.
    pub name: String,
    /// The player taking the seat (if they gave their player key).
    pub player_id: Option<String>,
    /// The seat and its token.
    pub reply: oneshot::Sender<Result<(u8, String), JoinError>>,
}

/// What [`Cmd::Connect`] carries (boxed, as [`SeatClaim`]).
#[derive(Debug)]
pub struct SocketHello {
    /// A seat token or the spectator key.
    pub token: Option<String>,
    /// The last event the client saw.
    pub last_event: Option<u64>,
    /// How many missed events the client takes as frames (`hello.tail`).
    pub tail: Option<Tail>,
    /// The connection's outbox.
    pub outbox: OutboxTx,
    /// The connection, or the error to send before closing.
    pub reply: oneshot::Sender<Result<Connected, ServerMsg>>,
    /// A spectator's chat name (`hello.name`), unchecked.
    pub name: Option<String>,
}

/// Why a seat could not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinError {
    /// No seat has this invite.
    BadInvite,
    /// The seat was claimed already.
    InviteUsed,
    /// No invite was given and every seat is taken.
    NoFreeSeat,
    /// No invite was given for a private match (its seats go by invite only).
    Private,
    /// The match is rated and the joiner gave no player key.
    Unregistered,
    /// The joiner's name looks the same as this seat's name
    /// ([`senet_protocol::text::looks_the_same`]).
    NameTaken(u8),
    /// The store could not record the claim.
    Unavailable,
}

/// A socket accepted by the actor.
#[derive(Debug)]
pub struct Connected {
    /// The connection id within the match.
    pub conn: u64,
    /// The seat, or none for a spectator.
    pub seat: Option<u8>,
    /// Every frame broadcast from now on.
    pub rx: broadcast::Receiver<Frame>,
    /// The `welcome` message.
    pub welcome: Utf8Bytes,
    /// The events after `hello.last_event`, in order (none when the welcome's `recent`
    /// stands in for them).
    pub missed: Vec<Utf8Bytes>,
    /// The number of the last event sent in `missed` (or in the snapshot).
    pub last_event: u64,
}

/// A handle on a live match.
#[derive(Clone, Debug)]
pub struct MatchHandle {
    /// The match id.
    pub id: String,
    /// The actor's mailbox.
    pub mailbox: mpsc::Sender<Cmd>,
    /// The match's public summary, kept current by the actor.
    pub summary: watch::Receiver<Summary>,
}

/// Every live match, by id. The lock is only ever held for a lookup or an insert.
#[derive(Debug, Default)]
pub struct Registry {
    matches: RwLock<HashMap<String, MatchHandle>>,
}

impl Registry {
    /// The match with this id, if its actor still runs (a finished match leaves memory
    /// after a while: see [`Settings::evict_after`](crate::Settings::evict_after)).
    pub fn get(&self, id: &str) -> Option<MatchHandle> {
        let handle = self
            .matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()?;
        if handle.mailbox.is_closed() {
            self.matches
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .remove(id);
            return None;
        }
        Some(handle)
    }

    /// Adds a match.
    pub fn insert(&self, handle: MatchHandle) {
        self.matches
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(handle.id.clone(), handle);
    }

    /// The summaries of the public matches in memory (what the lobby lists).
    pub fn public_summaries(&self) -> Vec<Summary> {
        let mut list = self.summaries();
        list.retain(|s| s.public);
        list
    }

    /// The summaries of every match in memory (evicted ones are dropped on the way).
    pub fn summaries(&self) -> Vec<Summary> {
        let handles: Vec<MatchHandle> = self
            .matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        if handles.iter().any(|h| h.mailbox.is_closed()) {
            self.matches
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .retain(|_, h| !h.mailbox.is_closed());
        }
        handles
            .iter()
            .filter(|h| !h.mailbox.is_closed())
            .map(|h| h.summary.borrow().clone())
            .collect()
    }

    /// How many matches are in memory, finished or not (a finished one leaves after
    /// `--evict-after` with nobody connected): what the `--max-open-matches` cap counts, so
    /// that matches finished on purpose cannot fill the memory either.
    pub fn open(&self) -> usize {
        self.matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .filter(|h| !h.mailbox.is_closed())
            .count()
    }
}

/// What a new match is.
#[derive(Clone, Debug)]
pub struct NewMatch {
    /// The variant.
    pub variant: Variant,
    /// Players and options.
    pub setup: Setup,
    /// The series rule.
    pub series: Series,
    /// The match name.
    pub name: String,
    /// Listed publicly (anyone may watch).
    pub public: bool,
    /// Rated: its games change the players' ratings (every seat must be a registered player).
    pub rated: bool,
    /// The creator's display name.
    pub creator: String,
    /// The clock (none: no clock).
    pub clock: Option<ClockSpec>,
    /// Computer opponents, by level, in the last seats; as many as there are seats for a
    /// game between bots (the server's own, for Senet TV), else seat 1 is the creator's.
    pub bots: Vec<senet_bots::Level>,
}

/// The creator's credentials.
#[derive(Clone, Debug)]
pub struct Created {
    /// The match id.
    pub match_id: String,
    /// Seat 1's token.
    pub token: String,
    /// The invite of each other seat.
    pub invites: Vec<(u8, String)>,
    /// The spectator key (private matches only).
    pub spectator_key: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bits_and_compare_exactly() {
        let a = new_secret();
        assert_eq!(a.len(), 32);
        assert!(secret_eq(&a, &a.clone()));
        assert!(!secret_eq(&a, &new_secret()));
        assert!(!secret_eq(&a, &a[..31]));
        assert!(secret_matches(&hash_secret(&a), &a));
    }
}
