//! `senet-live`: the matches being played, one actor task per match.
//!
//! - [`actor`]: one task per live match around a [`senet_match::MatchState`] — its
//!   mailbox, the store append and its owned parts, each a type of its own (seats, sockets,
//!   presence, deadlines and the one timer, the spectators' win chances, bot seats, chat,
//!   history, replies, the broadcast);
//! - [`lifecycle`]: new matches, and stored ones rebuilt after a restart;
//! - [`registry`]: the handles other parts use, the commands a mailbox takes, and the
//!   registry of live matches;
//! - [`settings`]: the timers and limits a live match runs with.
//!
//! **Architecture invariant**: the actor knows no rules (every decision is
//! [`senet_match::MatchState::decide`]'s) and no transport (a socket is an outbox of text
//! frames; HTTP and WebSockets are the server's). It depends on the pure match and the store,
//! never on the server, the cluster or HTTP.

pub mod actor;
pub mod lifecycle;
pub mod registry;
pub mod settings;

pub use actor::{EVENTS, MOVED_CLOSE_CODE, MOVES, chosen_game};
#[cfg(feature = "test-dice")]
pub use lifecycle::spawn_match_with_dice;
pub use lifecycle::{bot_name, restore_match, spawn_match_for};
pub use registry::{
    Cmd, Connected, Created, Frame, JoinError, MatchHandle, NewMatch, OUTBOX, OutboxRx, OutboxTx,
    Outgoing, Registry, SeatClaim, SocketHello, new_secret, outbox,
};
pub use settings::Settings;
