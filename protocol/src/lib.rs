//! `senet-protocol`: what crosses the wire between the Senet server and its clients.
//!
//! JSON text frames, tagged by `"type"` (snake_case); `docs/protocol.md` shows an example of
//! each, and the tests here check that those examples parse.
//!
//! - [`client`]: what a client says ([`ClientMsg`]);
//! - [`server_msg`]: what the server says ([`ServerMsg`], [`Snapshot`]);
//! - [`event`]: numbered events, turns and legal moves;
//! - [`terms`]: a match's series and clock;
//! - [`summary`]: a match as the lobby lists it;
//! - [`chat_line`]: chat messages and rooms;
//! - [`text`]: what the server accepts as chat text and as names;
//! - [`reason`]: why a request was refused, as a code a client says in its own words;
//! - [`time`]: times as the wire writes them;
//! - [`people_msg`]: what the server says on a page's own socket ([`PeopleMsg`]);
//! - [`seek_view`]: a seek as the lobby lists it ([`SeekView`]);
//! - [`json_schema`]: the JSON Schema of every message, derived from these types.
//!
//! **Architecture invariant**: pure data and its validation. No tokio, no sockets, no
//! database; it depends on the engine (positions, moves, geometry), serde and schemars only.

pub mod chat_line;
pub mod client;
pub mod event;
pub mod json_schema;
pub mod people_msg;
pub mod reason;
pub mod seek_view;
pub mod server_msg;
pub mod summary;
pub mod terms;
pub mod text;
pub mod time;
pub mod username;

pub use chat_line::{ChatLine, KEPT_PER_ROOM, Room};
pub use client::{ClientMsg, Tail, TailOutOfRange};
pub use event::{Event, EventKind, MoveOption, StuckPiece, Turn, TurnKind};
pub use json_schema::protocol_schema;
pub use people_msg::{ChallengeView, PeopleMsg};
pub use reason::{Arg, Args, Detail, Reason};
pub use seek_view::{RatingRange, SeekView};
pub use server_msg::{EventMsg, ServerMsg, Snapshot};
pub use summary::{Status, Summary};
pub use terms::{ClockSpec, ClockView, Series, SeriesKind};
pub use username::{Username, UsernameError};
