//! What nodes say to each other over Redis, and on which channels.
//!
//! - `senet:node:<node id>`: everything addressed to one node — a command for a match it owns
//!   ([`NodeMsg::Request`]), the answer to a command it sent ([`NodeMsg::Reply`]), and a frame
//!   for one of its sockets that the owner sent to that connection alone ([`NodeMsg::Out`]).
//! - `senet:match:<match id>`: every frame the match broadcasts, as `<event no>\n<text>`, while
//!   another node has sockets on it; `lagged` when the owner's relay fell behind.

use serde::{Deserialize, Serialize};

use senet_match::record::GameRecord;
use senet_protocol::{ClientMsg, ServerMsg};

/// The channel of node `node`.
pub fn node_channel(node: &str) -> String {
    format!("senet:node:{node}")
}

/// The broadcast channel of match `id`.
pub fn match_channel(id: &str) -> String {
    format!("senet:match:{id}")
}

/// Marks a gap in a match's broadcast channel: the owner's relay fell behind.
pub const LAGGED: &str = "lagged";

/// A message on a node's channel.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum NodeMsg {
    /// A command for a match the receiving node owns.
    Request {
        /// The match.
        match_id: String,
        /// The node that sent it (replies and connection frames go there).
        from: String,
        /// The sender's number for the reply (0: no reply is wanted).
        req: u64,
        /// The command.
        body: Request,
    },
    /// The answer to request `req` of the receiving node.
    Reply {
        /// The request.
        req: u64,
        /// The answer.
        body: Reply,
    },
    /// A frame for one connection (on the receiving node) of a match.
    Out {
        /// The match.
        match_id: String,
        /// The connection (the owner's number).
        conn: u64,
        /// A text frame, or none with `close`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        /// Close with this code and reason.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        close: Option<(u16, String)>,
    },
}

/// A command a socket's node sends to the match's owner (the fields of [`senet_live::Cmd`]
/// that cross the wire).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Request {
    /// Claim a seat.
    Join {
        /// The invite.
        invite: Option<String>,
        /// The display name.
        name: String,
        /// The player.
        player_id: Option<String>,
    },
    /// A socket said `hello`.
    Connect {
        /// A seat token or the spectator key.
        token: Option<String>,
        /// The last event the client saw.
        last_event: Option<u64>,
        /// `hello.tail`.
        tail: Option<u64>,
        /// A spectator's chat name.
        name: Option<String>,
    },
    /// A message from a connected socket (no reply).
    Client {
        /// The connection.
        conn: u64,
        /// The message.
        msg: ClientMsg,
    },
    /// A socket went away (no reply).
    Disconnect {
        /// The connection.
        conn: u64,
    },
    /// A connection fell behind and needs a fresh snapshot.
    Resync {
        /// The connection.
        conn: u64,
    },
    /// A game's record.
    Record {
        /// The game.
        game: u32,
    },
}

/// The owner's answer to a [`Request`].
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum Reply {
    /// The receiving node does not run this match (any more).
    NotHere,
    /// A seat was taken.
    Joined {
        /// The seat.
        seat: u8,
        /// Its token.
        token: String,
    },
    /// No seat was taken (the [`senet_live::JoinError`]'s name).
    JoinRefused {
        /// Why.
        error: String,
    },
    /// The socket was accepted.
    Connected {
        /// The connection's number on the owner.
        conn: u64,
        /// The seat, if any.
        seat: Option<u8>,
        /// The `welcome` message.
        welcome: String,
        /// The missed events.
        missed: Vec<String>,
        /// The last event in `missed` or the snapshot.
        last_event: u64,
    },
    /// The socket was refused with this message.
    ConnectRefused {
        /// The error to send before closing.
        msg: ServerMsg,
    },
    /// A fresh snapshot.
    Resynced {
        /// Its last event.
        last_event: u64,
        /// The `snapshot` message.
        text: String,
    },
    /// A game's record.
    Record {
        /// The record, if the game exists.
        record: Option<Box<GameRecord>>,
    },
}

/// A broadcast frame as sent on a match's channel.
pub fn encode_frame(no: u64, text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 12);
    s.push_str(&no.to_string());
    s.push('\n');
    s.push_str(text);
    s
}

/// A frame read from a match's channel: `Some((no, text))`, or none for [`LAGGED`] or
/// anything that does not read.
pub fn decode_frame(payload: &str) -> Option<(u64, &str)> {
    let (no, text) = payload.split_once('\n')?;
    Some((no.parse().ok()?, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_keep_their_numbers_and_text() {
        let text = "{\"type\":\"event\",\"no\":7,\"x\":\"a\\nb\"}";
        let wire = encode_frame(7, text);
        assert_eq!(decode_frame(&wire), Some((7, text)));
        assert_eq!(decode_frame(LAGGED), None);
        assert_eq!(decode_frame("x\n{}"), None);
    }

    #[test]
    fn node_messages_round_trip() {
        let m = NodeMsg::Request {
            match_id: "m".into(),
            from: "n1".into(),
            req: 3,
            body: Request::Connect {
                token: None,
                last_event: Some(4),
                tail: Some(60),
                name: None,
            },
        };
        let back: NodeMsg = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        match back {
            NodeMsg::Request {
                req: 3,
                body:
                    Request::Connect {
                        last_event: Some(4),
                        tail: Some(60),
                        ..
                    },
                ..
            } => {}
            other => panic!("{other:?}"),
        }
    }
}
