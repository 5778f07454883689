//! What a client says: [`ClientMsg`], and the `tail` of its `hello`.

use serde::{Deserialize, Serialize};

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message of every connection. No token: a spectator.
    Hello {
        /// A seat token, or a private match's spectator key.
        #[serde(default)]
        token: Option<String>,
        /// The last event number this client saw; the server sends exactly the later ones.
        #[serde(default)]
        last_event: Option<u64>,
        /// How many missed events the client takes as frames: if it missed more, the
        /// `welcome` carries the current game's last `tail` events in `recent` instead, and
        /// no missed frames follow. Absent: every missed event follows as a frame.
        #[serde(default)]
        tail: Option<Tail>,
        /// A spectator's display name for the chat (checked as names at join are); a
        /// spectator without one cannot post. Ignored for a seat (its name is the seat's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// A client seed for the dice of the current game (before its first throw only).
    ClientSeed {
        /// Sequence number.
        seq: u64,
        /// 0 to 64 characters of `A-Z a-z 0-9 - _`.
        seed: String,
    },
    /// A move, in the engine's notation.
    Move {
        /// Sequence number.
        seq: u64,
        /// The game of the series it is meant for (1-based).
        game: u32,
        /// The move.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Give up the current game.
    Resign {
        /// Sequence number.
        seq: u64,
    },
    /// Win the current game because the player to move has been gone too long.
    Claim {
        /// Sequence number.
        seq: u64,
    },
    /// Ask for the next game of the series.
    Rematch {
        /// Sequence number.
        seq: u64,
    },
    /// Liveness check.
    Ping {
        /// Sequence number (optional; echoed).
        #[serde(default)]
        seq: Option<u64>,
    },
    /// A chat message: a seat's socket posts in the players' room, a spectator's (with a
    /// name from its `hello`) in the spectators' room (see [`crate::chat_line`]).
    Chat {
        /// Sequence number.
        seq: u64,
        /// The text (normalised by the server; at most 300 characters after that).
        text: String,
    },
    /// A seat's socket chooses to see (or stop seeing) the spectators' room.
    ChatRooms {
        /// Sequence number.
        seq: u64,
        /// Whether this socket gets the spectators' room.
        spectators: bool,
    },
    /// A seat mutes (or unmutes) another seat's chat for every socket of its own.
    Mute {
        /// Sequence number.
        seq: u64,
        /// The seat to mute.
        seat: u8,
        /// Muted or not.
        muted: bool,
    },
}

/// The `tail` of a `hello`: at most [`Tail::MAX`] events. Anything else (out of range,
/// negative, not an integer) makes the `hello` no client message: it is answered
/// `malformed`, with a message that names the tail, as any bad field is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Tail(u8);

impl Tail {
    /// The longest tail a client may ask for: a welcome with it stays a few hundred
    /// kilobytes at most.
    pub const MAX: u8 = 200;

    /// The longest tail.
    pub const LONGEST: Tail = Tail(Tail::MAX);

    /// The number of events.
    pub fn get(self) -> u64 {
        u64::from(self.0)
    }
}

/// A `tail` over [`Tail::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tail must be 0 to {max}, not {0}", max = Tail::MAX)]
pub struct TailOutOfRange(pub u64);

impl TryFrom<u64> for Tail {
    type Error = TailOutOfRange;

    fn try_from(n: u64) -> Result<Tail, TailOutOfRange> {
        u8::try_from(n)
            .ok()
            .filter(|&n| n <= Tail::MAX)
            .map(Tail)
            .ok_or(TailOutOfRange(n))
    }
}

impl<'de> Deserialize<'de> for Tail {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Tail, D::Error> {
        use serde::de::{Error, Unexpected, Visitor};

        /// Reads a tail, saying what a tail is when the value is not one (serde's own
        /// errors do not name the field).
        struct TailVisitor;

        impl Visitor<'_> for TailVisitor {
            type Value = Tail;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "a tail of 0 to {} events", Tail::MAX)
            }

            fn visit_u64<E: Error>(self, n: u64) -> Result<Tail, E> {
                Tail::try_from(n).map_err(|_| E::invalid_value(Unexpected::Unsigned(n), &self))
            }

            fn visit_i64<E: Error>(self, n: i64) -> Result<Tail, E> {
                match u64::try_from(n) {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(E::invalid_value(Unexpected::Signed(n), &self)),
                }
            }
        }

        deserializer.deserialize_u64(TailVisitor)
    }
}

impl ClientMsg {
    /// Whether this is one of the chat's messages (`chat`, `chat_rooms`, `mute`).
    pub fn is_chat(&self) -> bool {
        matches!(
            self,
            ClientMsg::Chat { .. } | ClientMsg::ChatRooms { .. } | ClientMsg::Mute { .. }
        )
    }

    /// The sequence number, for messages that carry one.
    pub fn seq(&self) -> Option<u64> {
        match *self {
            ClientMsg::Hello { .. } => None,
            ClientMsg::Ping { seq } => seq,
            ClientMsg::ClientSeed { seq, .. }
            | ClientMsg::Move { seq, .. }
            | ClientMsg::Resign { seq }
            | ClientMsg::Claim { seq }
            | ClientMsg::Rematch { seq } => Some(seq),
            ClientMsg::Chat { seq, .. }
            | ClientMsg::ChatRooms { seq, .. }
            | ClientMsg::Mute { seq, .. } => Some(seq),
        }
    }
}
