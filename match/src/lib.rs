//! `senet-match`: the rules of a Senet match around the engine's rules of a game, as a pure
//! state machine.
//!
//! - [`state`]: [`MatchState`] — `decide(command) -> facts`, `apply(fact)`; series rules;
//!   clocks; [`MatchError`];
//! - [`fact`]: what is stored of each event (versioned facts, nothing derived);
//! - [`view`]: what clients see, derived from the state (event frames, snapshots, summaries,
//!   records);
//! - [`seat`]: the [`Seat`] newtype;
//! - [`stored`]: the spec a stored match row describes, and why a stored match may not
//!   rebuild;
//! - [`dice`]: provably fair dice (`docs/fairness.md`); [`record`]: a game's record and its
//!   check;
//! - [`glicko`]: Glicko-2 ratings (`docs/ratings.md`);
//! - [`win_chances`]: each seat's chance to win, from the bots' evaluation.
//!
//! **Architecture invariant**: no I/O of any kind — no tokio, no sockets, no database, no
//! clock and no entropy. Time and randomness come in as values (a [`state::Command`]
//! carries the time a move took and a new game's seed), so a match is exactly the replay of
//! its facts, and every test runs without a runtime.

pub mod analysis;
pub mod dice;
pub mod fact;
pub mod game_review;
pub mod glicko;
pub mod record;
pub mod seat;
pub mod state;
pub mod stored;
pub mod view;
pub mod win_chances;

pub use fact::Fact;
pub use seat::Seat;
pub use state::{Command, MatchError, MatchSpec, MatchState};
pub use stored::{RecoveryError, stored_spec};
