//! What the server says: [`ServerMsg`], with the [`Snapshot`] a client draws from.

use std::borrow::Cow;

use senet_engine::{Setup, Variant};
use serde::{Deserialize, Serialize};

use crate::chat_line::ChatLine;
use crate::event::{Event, MoveOption, StuckPiece, Turn};
use crate::terms::{ClockSpec, ClockView, Series};

/// Everything a client needs to draw the match now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Snapshot {
    /// The match id.
    pub match_id: String,
    /// The match name.
    pub name: String,
    /// The variant.
    pub variant: Variant,
    /// Listed publicly.
    pub public: bool,
    /// Number of seats.
    pub players: u8,
    /// The series rule.
    pub series: Series,
    /// Players and options, as in `game_started` (so a client that did not get that event
    /// still knows them).
    #[serde(default)]
    pub setup: Setup,
    /// Display names per seat (null until the seat is claimed).
    pub names: Vec<Option<String>>,
    /// Each seat's short name, for where a name has little room
    /// ([`crate::text::short_names`]; null until the seat is claimed).
    #[serde(default)]
    pub short_names: Vec<Option<String>>,
    /// Which seats have a live connection.
    pub connected: Vec<bool>,
    /// How many spectators watch.
    pub spectators: u32,
    /// The current game (1-based; 0 before the first starts).
    pub game: u32,
    /// The current game's id.
    pub game_id: Option<String>,
    /// The current game's dice commitment.
    pub commitment: Option<String>,
    /// Engine player `i + 1` is seat `seats[i]` in this game.
    pub seats: Vec<u8>,
    /// The client seeds given so far in this game, per seat.
    pub client_seeds: Vec<Option<String>>,
    /// The position in the variant's notation.
    pub notation: Option<String>,
    /// The engine's state, serialised (engine players, see `seats`).
    pub state: Option<serde_json::Value>,
    /// What the match waits for.
    pub turn: Turn,
    /// The legal moves of the seat to move.
    pub legal: Vec<String>,
    /// The legal moves with their geometry, in the order of `legal`.
    #[serde(default)]
    pub moves: Vec<MoveOption>,
    /// The mover's pieces without a legal move, why, and in words (as in [`Event::stuck`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stuck: Vec<StuckPiece>,
    /// Per engine player, the side the rules name for them (as in [`Event::sides`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<Option<Cow<'static, str>>>,
    /// What the position holds that a board does not draw (as in [`Event::notes`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// The same notes as data (as in [`Event::note_list`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub note_list: Vec<senet_engine::Note>,
    /// Series points per seat.
    pub score: Vec<u32>,
    /// Games won per seat.
    pub wins: Vec<u32>,
    /// The number of the last event so far.
    pub last_event: u64,
    /// The match's clock (absent when it has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_rule: Option<ClockSpec>,
    /// The clocks now (absent without a clock, and before the first game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// Per seat, the level of the computer that plays it (`easy`, `medium`, `hard`), null for
    /// a person's seat; absent when no bot plays.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<Option<String>>,
}

/// An `event` message inside another message (`welcome.recent`): tagged `"type": "event"`
/// like the frame that was broadcast, so the two are the same JSON object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventMsg {
    /// The only kind.
    Event(Box<Event>),
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// Your seat, or none for a spectator.
        seat: Option<u8>,
        /// The highest sequence number this seat has used (continue above it).
        last_seq: u64,
        /// How many missed events follow this message (after `hello.last_event`); 0 when
        /// `recent` stands in for them.
        missed: u64,
        /// The match now.
        snapshot: Box<Snapshot>,
        /// Only when the client missed more events than its `hello.tail`: the current game's
        /// last `tail` events (or all of them, if fewer), in order, up to
        /// `snapshot.last_event`, each exactly the `event` message that was broadcast. The
        /// events before them are not sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        recent: Option<Vec<EventMsg>>,
        /// The last chat messages of the rooms this socket sees, oldest first (absent when
        /// there are none).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chat: Vec<ChatLine>,
        /// The seats this seat muted (absent when none).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        muted: Vec<u8>,
    },
    /// A fresh snapshot, sent instead of events a slow connection fell behind on.
    Snapshot {
        /// The match now.
        snapshot: Box<Snapshot>,
    },
    /// Something happened in the match.
    Event(Box<Event>),
    /// A message was accepted.
    Ack {
        /// Its sequence number.
        seq: u64,
    },
    /// A message was refused, or the connection broke a rule.
    Error {
        /// A stable code.
        code: String,
        /// For people.
        message: String,
        /// The sequence number of the refused message, if it had one.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        seq: Option<u64>,
        /// Why, under the code, for a client to say in its own words (`docs/protocol.md`,
        /// "Reasons"); none when only the message can say it.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        reason: Option<crate::Reason>,
        /// The figures the reason's words need (a maximum, a seat).
        #[serde(skip_serializing_if = "crate::Args::is_empty", default)]
        args: crate::Args,
    },
    /// Who is connected.
    Presence {
        /// Per seat.
        connected: Vec<bool>,
        /// How many spectators watch.
        spectators: u32,
        /// Per seat, the seconds until the other players may claim the game against it for
        /// being away (0: they may now); null for a seat that is connected or a bot, and for
        /// every seat where being away is no ground for a claim (a correspondence clock).
        /// Counted from when the frame was sent.
        #[serde(default)]
        claim_in_secs: Vec<Option<u64>>,
        /// Per seat, the player's name; null for a seat nobody has claimed yet. Sent again
        /// the moment a seat is claimed, before the events the claim starts, so that a page
        /// names the new player from the game's first event on.
        #[serde(default)]
        names: Vec<Option<String>>,
        /// Per seat, the short form of its name ([`crate::text::short_names`]).
        #[serde(default)]
        short_names: Vec<Option<String>>,
    },
    /// The answer to `ping`.
    Pong {
        /// The ping's sequence number.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        seq: Option<u64>,
    },
    /// The server is shutting down: reconnect (with `last_event`) in a moment.
    GoingAway {
        /// For people.
        message: String,
    },
    /// A chat message (see [`crate::chat_line`]).
    Chat(ChatLine),
    /// Spectators only: each seat's chance to win the game after event `no`, from the bots'
    /// evaluation (`senet_match::win_chances`).
    Chances {
        /// The event the figures are for (the last of a stored batch).
        no: u64,
        /// The game of the series (1-based).
        game: u32,
        /// Per table seat, seat 1 first; each rounded to 3 decimals.
        chances: Vec<f64>,
    },
}

impl ServerMsg {
    /// An error message.
    pub fn error(code: &str, message: impl Into<String>, seq: Option<u64>) -> ServerMsg {
        ServerMsg::Error {
            code: code.to_owned(),
            message: message.into(),
            seq,
            reason: None,
            args: crate::Args::new(),
        }
    }

    /// An error message whose words are `detail`'s, with its reason and figures.
    pub fn refusal(code: &str, detail: crate::Detail, seq: Option<u64>) -> ServerMsg {
        ServerMsg::error(code, detail.message.clone(), seq).because(Some(&detail))
    }

    /// This error message with `detail`'s reason and figures (its words stay); any other
    /// message, or no detail, as it is.
    #[must_use]
    pub fn because(mut self, detail: Option<&crate::Detail>) -> ServerMsg {
        if let (ServerMsg::Error { reason, args, .. }, Some(d)) = (&mut self, detail) {
            *reason = d.reason;
            args.clone_from(&d.args);
        }
        self
    }

    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        to_json_sized(self)
    }
}

/// JSON text of `value`, written into a per-thread buffer that keeps its size, then copied
/// out at its exact length: an event frame is one to two kilobytes, which `to_string` would
/// reach by doubling from 128 bytes (four reallocations and copies per frame).
fn to_json_sized<T: Serialize + ?Sized>(value: &T) -> String {
    thread_local! {
        static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUFFER.with(|cell| {
        let Ok(mut buffer) = cell.try_borrow_mut() else {
            // Only reachable if a Serialize impl serialises a server message itself.
            return serde_json::to_string(value).expect("server messages always serialise");
        };
        buffer.clear();
        serde_json::to_writer(&mut *buffer, value).expect("server messages always serialise");
        // serde_json writes valid UTF-8.
        String::from_utf8(buffer.clone()).unwrap_or_default()
    })
}
