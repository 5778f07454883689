//! Live matches.
//!
//! - [`state`]: the rules of a match as a pure state machine (`decide`, `apply`), tested
//!   without a runtime;
//! - [`fact`]: what is stored of each event (versioned facts, nothing derived);
//! - [`view`]: what clients see, derived from the state (event frames, snapshots, summaries,
//!   records);
//! - [`lifecycle`]: new matches, and stored ones rebuilt after a restart;
//! - [`actor`]: one task per live match — mailbox, timers, store append, broadcast,
//!   connections;
//! - [`registry`]: the handles other parts use, and the registry of live matches;
//! - [`seat`]: the [`Seat`] newtype.

pub mod actor;
pub mod fact;
pub mod lifecycle;
pub mod registry;
pub mod seat;
pub mod state;
pub mod view;

pub use fact::Fact;
pub use lifecycle::{RecoveryError, restore_match, series_kind_name, spawn_match_for, stored_spec};
pub use registry::{
    Cmd, Connected, Created, Frame, JoinError, MatchHandle, NewMatch, OUTBOX, OutboxRx, OutboxTx,
    Outgoing, Registry, SeatClaim, SocketHello, new_secret, outbox,
};
pub use seat::Seat;
pub use state::{Command, MatchError, MatchSpec, MatchState};
pub use view::{Status, Summary};
