//! A chat message as stored and sent: [`ChatLine`], posted in one of a match's two
//! [`Room`]s.
//!
//! A match has two rooms: `players` (the seats) and `spectators`. A seat's socket posts in
//! the players' room and sees the spectators' room only when it asks (`chat_rooms`); a
//! spectator's socket posts in the spectators' room and sees the players' room only once the
//! match is over. Chat is not in the event log: it changes no state of the game, and a replay
//! of the facts knows nothing of it.

use serde::{Deserialize, Serialize};

/// How many recent messages of each room a match keeps for a `welcome` (and loads again
/// after a restart).
pub const KEPT_PER_ROOM: usize = 50;

/// A chat room of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    /// The seats' room.
    Players,
    /// The spectators' room.
    Spectators,
}

impl Room {
    /// The name stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }

    /// The room a stored name names.
    pub fn parse(s: &str) -> Option<Room> {
        match s {
            "players" => Some(Room::Players),
            "spectators" => Some(Room::Spectators),
            _ => None,
        }
    }
}

/// One chat message, as stored and as sent (`{"type": "chat", …}` on the socket; without
/// `type` inside a `welcome` and in `GET /api/matches/{id}/chat`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ChatLine {
    /// The room it was posted in.
    pub room: Room,
    /// Numbered per match from 1 (both rooms share the numbers).
    pub id: u64,
    /// The seat that posted it (none for a spectator).
    pub seat: Option<u8>,
    /// The poster's display name.
    pub name: String,
    /// The normalised text.
    pub text: String,
    /// When the server took it (RFC 3339, UTC, whole seconds).
    pub at: String,
}
