//! The WebSocket protocol: every message a client or the server sends, as serde types.
//!
//! JSON text frames, tagged by `"type"` (snake_case). `docs/protocol.md` shows an example of
//! each; the tests in this module check that those examples parse.

use senet_engine::geometry::{DiceValues, Places, StepKind};
use senet_engine::martian::Coaster;
use senet_engine::{
    Breakdown, EndReason, Geometry, Place, Setup, Stuck, ThrowEffect, ThrowSpec, Variant,
};
use serde::{Deserialize, Serialize};

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
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
    /// name from its `hello`) in the spectators' room (see [`crate::chat`]).
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

/// What the match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnKind {
    /// Seats still to be claimed through invites.
    Joining,
    /// Client seeds may still be sent; the first throw comes when every seat has sent one
    /// (an empty one is fine) or the wait runs out.
    Seeds,
    /// The server is about to throw for `seat` (never seen for long: it throws at once).
    Throw,
    /// `seat` must move.
    Move,
    /// The game is over; the next starts when every seat asks for a rematch.
    GameOver,
    /// The series is over.
    MatchOver,
}

/// What the match waits for, and from whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// What.
    pub kind: TurnKind,
    /// The seat (1-based) for `throw` and `move`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seat: Option<u8>,
}

/// How a series is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Series {
    /// `best_of` N games, or `first_to` N points.
    pub kind: SeriesKind,
    /// N.
    pub target: u32,
}

impl Default for Series {
    fn default() -> Series {
        Series {
            kind: SeriesKind::BestOf,
            target: 1,
        }
    }
}

/// A match's clock, chosen when it is created (none: no clock). The clock of a seat runs only
/// while the match waits for that seat's move; a seat whose time runs out loses the game
/// (`timeout`). Each game of a series starts with fresh clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSpec {
    /// Fischer: `base_secs` per seat for the game, plus `increment_secs` after each of its
    /// moves.
    Fischer {
        /// The time each seat starts the game with, in seconds (1 to 10,800).
        base_secs: u32,
        /// Added to a seat's time after each of its moves, in seconds (0 to 180).
        increment_secs: u32,
    },
    /// Correspondence: `days` for every move (the time left does not carry over).
    Correspondence {
        /// Days per move (1 to 14).
        days: u32,
    },
}

impl ClockSpec {
    /// The most base time of a Fischer clock: three hours.
    pub const MAX_BASE_SECS: u32 = 10_800;
    /// The most increment of a Fischer clock: three minutes.
    pub const MAX_INCREMENT_SECS: u32 = 180;
    /// The most days per move of a correspondence clock.
    pub const MAX_DAYS: u32 = 14;

    /// Whether the figures are in range; the message says which is not.
    ///
    /// # Errors
    /// A figure out of its range.
    pub fn check(self) -> Result<ClockSpec, String> {
        match self {
            ClockSpec::Fischer { base_secs, .. }
                if !(1..=Self::MAX_BASE_SECS).contains(&base_secs) =>
            {
                Err(format!(
                    "a Fischer clock's base_secs is 1 to {}",
                    Self::MAX_BASE_SECS
                ))
            }
            ClockSpec::Fischer { increment_secs, .. }
                if increment_secs > Self::MAX_INCREMENT_SECS =>
            {
                Err(format!(
                    "a Fischer clock's increment_secs is 0 to {}",
                    Self::MAX_INCREMENT_SECS
                ))
            }
            ClockSpec::Correspondence { days } if !(1..=Self::MAX_DAYS).contains(&days) => Err(
                format!("a correspondence clock's days is 1 to {}", Self::MAX_DAYS),
            ),
            ok => Ok(ok),
        }
    }
}

/// The clocks of a game as an event or snapshot leaves the server: the server's figures,
/// which a client counts down from for the seat whose clock runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// The match's clock.
    pub rule: ClockSpec,
    /// Per seat, the milliseconds left: in an event, as they stand when it happened (the
    /// running seat's time is its whole time for the decision that starts); in a snapshot,
    /// at the moment it was made.
    pub remaining_ms: Vec<u64>,
    /// The seat whose clock runs (the seat the game waits for to move); none otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<u8>,
}

/// The two kinds of series.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeriesKind {
    /// Best of N games: the first seat to win ceil(N/2) games, or the most wins after N.
    BestOf,
    /// First to N series points.
    FirstTo,
}

/// What happened, in an [`Event`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// A game of the series begins; nothing is thrown before this commitment.
    GameStarted {
        /// The game's id (part of the dice derivation).
        game_id: String,
        /// The variant.
        variant: Variant,
        /// Players and options.
        setup: Setup,
        /// `seats[i]` is the table seat that plays engine player `i + 1` in this game.
        seats: Vec<u8>,
        /// `hex(SHA-256(server seed))`.
        commitment: String,
    },
    /// A seat contributed a client seed.
    ClientSeed {
        /// The seat.
        seat: u8,
        /// The seed.
        seed: String,
    },
    /// The server threw the dice for a seat.
    Thrown {
        /// Whose throw.
        seat: u8,
        /// The throw number within the game (1-based), as in the dice derivation.
        throw_no: u64,
        /// What was thrown.
        spec: ThrowSpec,
        /// The faces, in roll order.
        faces: Vec<u8>,
        /// The squares the throw gives, by the variant's rules, where that is not simply the
        /// faces: `jequier`'s four sticks (1 to 4 plain sides up, or 6 for none). Absent for
        /// dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u8>,
        /// What the engine made of it.
        effect: ThrowEffect,
    },
    /// The thrower had no legal move; the engine passed the turn on.
    Passed {
        /// The seat that could not move.
        seat: u8,
    },
    /// A seat moved.
    Moved {
        /// The seat.
        seat: u8,
        /// The move, in the engine's notation.
        #[serde(rename = "move")]
        mv: String,
        /// On a clock, the milliseconds the seat took over the move (absent without one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        used_ms: Option<u64>,
    },
    /// A seat resigned.
    Resigned {
        /// The seat.
        seat: u8,
    },
    /// A seat claimed the game against an absent seat.
    Claimed {
        /// The claimant.
        seat: u8,
        /// The absent seat, ruled out.
        against: u8,
    },
    /// Nobody acted for `--idle-end`: the server ruled out the seat the game waited for and
    /// ends the series (scored as that seat's resignation).
    Abandoned {
        /// The seat that was waited for.
        against: u8,
    },
    /// A seat's clock ran out while the game waited for its move: it loses the game (the
    /// `game_over` that follows says `timeout`).
    TimedOut {
        /// The seat whose time ran out.
        seat: u8,
        /// The milliseconds it had used of that decision (at least what it had left).
        used_ms: u64,
    },
    /// The game ended; the server seed is revealed.
    GameOver {
        /// The winning seat (none on a draw).
        winner: Option<u8>,
        /// Why it ended.
        reason: EndReason,
        /// Series points the winner took.
        points: u32,
        /// How `points` are made up, by the variant's own scoring (the engine's
        /// `Breakdown`: items `count × each`, a multiplier, `total` = `points`). Absent only
        /// in records written before it existed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        breakdown: Option<Breakdown>,
        /// Series points per seat so far.
        score: Vec<u32>,
        /// Games won per seat so far.
        wins: Vec<u32>,
        /// The server seed, 64 hex digits.
        seed: String,
        /// The client seeds in seat order (empty where none was given).
        client_seeds: Vec<String>,
    },
    /// A seat asked for the next game.
    RematchRequested {
        /// The seat.
        seat: u8,
    },
    /// The series is decided.
    MatchOver {
        /// The winning seat (none if tied).
        winner: Option<u8>,
        /// Series points per seat.
        score: Vec<u32>,
        /// Games won per seat.
        wins: Vec<u32>,
    },
}

/// One numbered event of a match. Numbers start at 1 and grow by 1 across the whole series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The event number.
    pub no: u64,
    /// The game of the series (1-based).
    pub game: u32,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
    /// What the match waits for after this event.
    pub turn: Turn,
    /// The legal moves of the seat to move (empty unless `turn.kind` is `move`).
    pub legal: Vec<String>,
    /// The position after the event, in the variant's notation (what a client draws).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// For `moved`: which pieces the move took from where to where (the engine's move
    /// geometry, computed before the move). Absent on other events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geometry: Option<Geometry>,
    /// The legal moves with their geometry, in the order of `legal` (absent when `legal` is
    /// empty): what a board highlights, with no rules of its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveOption>,
    /// The places of the mover's pieces from which no legal move starts, each with the
    /// engine's most specific reason (absent when there are none): what a board says when
    /// such a piece is clicked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stuck: Vec<Stuck>,
    /// The clocks after the event (absent for a match without a clock, and before its first
    /// game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

/// A legal move and where the mover's piece goes: what a board highlights. (The whole
/// geometry — captures, pieces sent back — comes with the `moved` event once it is played;
/// a list of every legal move's full geometry in every frame would triple the frames.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOption {
    /// The move, in the engine's notation (what a `move` message sends).
    #[serde(rename = "move")]
    pub mv: String,
    /// Where the mover's piece leaves (none for a move that takes no piece: a choice of
    /// colour or dice, a `martian` coaster move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Place>,
    /// Where it comes to rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Place>,
    /// Places it touches where the rules turn it (see `Step::via`).
    #[serde(default, skip_serializing_if = "Places::is_empty")]
    pub via: Places,
    /// The die values it spends.
    #[serde(default, skip_serializing_if = "DiceValues::is_empty")]
    pub dice: DiceValues,
    /// The coaster a `martian` coaster move runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coaster: Option<Coaster>,
    /// Whether it captures or sends back a piece.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hits: bool,
}

impl MoveOption {
    /// The option for move `mv` with geometry `geometry`.
    pub fn new(mv: String, geometry: Geometry) -> MoveOption {
        let hits = geometry
            .steps
            .iter()
            .any(|s| matches!(s.kind, StepKind::Capture | StepKind::SentBack));
        let mover = geometry
            .steps
            .into_iter()
            .next()
            .filter(|s| s.kind != StepKind::Coaster);
        let (from, to, via, dice) = match mover {
            Some(s) => (Some(s.from), Some(s.to), s.via, s.dice),
            None => (None, None, Places::new(), DiceValues::new()),
        };
        MoveOption {
            mv,
            from,
            to,
            via,
            dice,
            coaster: geometry.coaster,
            hits,
        }
    }
}

/// Everything a client needs to draw the match now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The mover's pieces without a legal move, and why (as in [`Event::stuck`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stuck: Vec<Stuck>,
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventMsg {
    /// The only kind.
    Event(Box<Event>),
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
        chat: Vec<crate::chat::ChatLine>,
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
    },
    /// Who is connected.
    Presence {
        /// Per seat.
        connected: Vec<bool>,
        /// How many spectators watch.
        spectators: u32,
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
    /// A chat message (see [`crate::chat`]).
    Chat(crate::chat::ChatLine),
    /// Spectators only: each seat's chance to win the game after event `no`, from the bots'
    /// evaluation (see [`crate::chances`]).
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
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse() {
        let m: ClientMsg =
            serde_json::from_str(r#"{"type":"move","seq":3,"game":1,"move":"a"}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::Move {
                seq: 3,
                game: 1,
                mv: "a".into()
            }
        );
        let h: ClientMsg = serde_json::from_str(r#"{"type":"hello"}"#).unwrap();
        assert_eq!(
            h,
            ClientMsg::Hello {
                token: None,
                last_event: None,
                tail: None,
                name: None
            }
        );
        let h: ClientMsg =
            serde_json::from_str(r#"{"type":"hello","last_event":0,"tail":200}"#).unwrap();
        assert_eq!(
            h,
            ClientMsg::Hello {
                token: None,
                last_event: Some(0),
                tail: Some(Tail(200)),
                name: None
            }
        );
        // What decodes encodes back to the same (the fuzz target's property).
        let again: ClientMsg = serde_json::from_str(&serde_json::to_string(&h).unwrap()).unwrap();
        assert_eq!(again, h);
        for bad in ["201", "256", "-1", "1.5", "\"60\""] {
            let text = format!(r#"{{"type":"hello","tail":{bad}}}"#);
            let e = serde_json::from_str::<ClientMsg>(&text).unwrap_err();
            assert!(e.to_string().contains("a tail of 0 to 200"), "{text}: {e}");
        }
        assert_eq!(Tail::try_from(201), Err(TailOutOfRange(201)));
        assert_eq!(serde_json::to_string(&Tail(60)).unwrap(), "60");
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"roll","seq":1}"#).is_err());
    }

    #[test]
    fn events_are_flat() {
        let e = ServerMsg::Event(Box::new(Event {
            no: 4,
            game: 1,
            kind: EventKind::Moved {
                seat: 2,
                mv: "x".into(),
                used_ms: None,
            },
            turn: Turn {
                kind: TurnKind::Move,
                seat: Some(1),
            },
            legal: vec![],
            notation: None,
            geometry: None,
            moves: vec![],
            stuck: vec![],
            clock: None,
        }));
        let v: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
        assert_eq!(v["type"], "event");
        assert_eq!(v["kind"], "moved");
        assert_eq!(v["move"], "x");
        assert_eq!(v["no"], 4);
        let back: ServerMsg = serde_json::from_value(v).unwrap();
        assert_eq!(back, e);
        // Inside a welcome's `recent`, the same event is the same JSON as its frame.
        let ServerMsg::Event(event) = e.clone() else {
            unreachable!("built as an event above")
        };
        let inner = serde_json::to_string(&EventMsg::Event(event)).unwrap();
        assert_eq!(inner, e.to_json());
    }
}
