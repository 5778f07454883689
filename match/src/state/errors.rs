//! Why a command is refused ([`MatchError`], with the protocol's stable codes) and why a
//! fact does not apply ([`ApplyError`]: a stored match that does not replay).

use senet_engine::IllegalMove;

use crate::seat::Seat;

/// Why a command was refused. Each has a stable [`MatchError::code`], as in
/// `docs/protocol.md`. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// No game yet.
    #[error("the game has not started")]
    NotStarted,
    /// The first game was started already.
    #[error("the match has started already")]
    AlreadyStarted,
    /// The current game is over.
    #[error("the game is over")]
    GameOver,
    /// A move for another game of the series.
    #[error("this is game {playing}, not {asked}")]
    WrongGame {
        /// The current game.
        playing: u32,
        /// The game the move named.
        asked: u32,
    },
    /// Client seeds come before the first throw only.
    #[error("client seeds are only taken before the game's first throw")]
    SeedsClosed,
    /// Not an acceptable client seed.
    #[error("a client seed is 0 to 64 characters of A-Z a-z 0-9 - _")]
    BadSeed,
    /// One client seed per seat and game.
    #[error("this seat gave its client seed already")]
    SeedGiven,
    /// A claim against a seat that is connected and within its time, or against oneself.
    #[error("only a game whose player to move is gone, or has taken too long, can be claimed")]
    NotAbsent,
    /// The match has not waited long enough to be abandoned.
    #[error("the match has not been idle long enough to be abandoned")]
    NotIdle,
    /// A claim before the seat was gone long enough.
    #[error("seat {against} has been gone {gone}s; a claim needs {needed}s")]
    TooEarly {
        /// The absent seat.
        against: Seat,
        /// Seconds it has been gone.
        gone: u64,
        /// Seconds a claim needs.
        needed: u64,
    },
    /// The series is over.
    #[error("the series is over")]
    MatchOver,
    /// A rematch before the game is over.
    #[error("the current game is not over")]
    GameNotOver,
    /// The engine refused the move (or resignation).
    #[error("{0}")]
    Illegal(IllegalMove),
    /// A move that came after the mover's clock ran out (the loss on time follows).
    #[error("your time ran out")]
    OutOfTime,
    /// A loss on time claimed while the seat still has time (or without a clock).
    #[error("the player to move still has time")]
    TimeLeft,
    /// A claim or an abandonment that the match's clock rules out: its clock ends a game for
    /// time (and on a correspondence clock, being away is no reason).
    #[error("this match has a clock: the clock decides when time is up")]
    ClockDecides,
    /// The setup cannot make a game.
    #[error("the match's setup cannot start a game: {0}")]
    BadSetup(senet_protocol::Detail),
    /// A fact the state made itself did not apply: a bug, reported rather than hidden.
    #[error("internal error: {0}")]
    Internal(String),
}

impl MatchError {
    /// The stable code sent to clients.
    pub fn code(&self) -> &'static str {
        match self {
            MatchError::NotStarted => "not_started",
            MatchError::AlreadyStarted => "already_started",
            MatchError::GameOver => "game_over",
            MatchError::WrongGame { .. } => "wrong_game",
            MatchError::SeedsClosed => "seeds_closed",
            MatchError::BadSeed => "bad_seed",
            MatchError::SeedGiven => "seed_given",
            MatchError::NotAbsent => "not_absent",
            MatchError::TooEarly { .. } => "too_early",
            MatchError::NotIdle => "not_idle",
            MatchError::MatchOver => "match_over",
            MatchError::GameNotOver => "game_not_over",
            MatchError::Illegal(e) => e.code(),
            MatchError::OutOfTime => "out_of_time",
            MatchError::TimeLeft => "time_left",
            MatchError::ClockDecides => "clock_decides",
            MatchError::BadSetup(_) => "bad_setup",
            MatchError::Internal(_) => "internal",
        }
    }
}

impl MatchError {
    /// Why, as a code a client says in its own words (a bad setup's), if the error has one.
    pub fn detail(&self) -> Option<&senet_protocol::Detail> {
        match self {
            MatchError::BadSetup(d) => Some(d),
            _ => None,
        }
    }
}

/// Why a fact does not apply to the state (a stored match that does not replay).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The fact needs a game in progress and there is none.
    #[error("{0} with no game in progress")]
    NoGame(&'static str),
    /// The fact comes where it cannot (a throw while a move is awaited, a game after the
    /// series ended, …).
    #[error("{0}")]
    OutOfOrder(String),
    /// A seat that does not play in this match or game.
    #[error("seat {0} does not play here")]
    NoSuchSeat(Seat),
    /// A game's seed or commitment is not what it must be.
    #[error("{0}")]
    BadSeed(String),
    /// The faces are not the ones the seed gives.
    #[error("throw {0} does not match the seed")]
    DiceMismatch(u64),
    /// The engine refused it.
    #[error("the engine refused it: {0}")]
    Engine(String),
    /// A game's or series' end that differs from the rules'.
    #[error("{0}")]
    Disagrees(String),
}
