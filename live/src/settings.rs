//! What a live match needs to know of the server's configuration: its timers, its limits
//! and its bots' budget. The server makes one from its flags; tests make their own.

use std::time::Duration;

/// How live matches run (each field a server flag: `senet-server --help`).
#[derive(Clone, Debug)]
pub struct Settings {
    /// A seat gone this long may be claimed against.
    pub abandon_after: Duration,
    /// A seat that has not acted this long over one decision may be claimed against, even
    /// while connected (none: never).
    pub move_limit: Option<Duration>,
    /// The next game of an undecided series starts by itself this long after the last one
    /// ended (none: only when every seat asks).
    pub next_game_after: Option<Duration>,
    /// A live game nobody acts in is ended as abandoned after this long (none: never).
    pub idle_end: Option<Duration>,
    /// How long a new game waits for client seeds before its first throw (zero: no wait).
    pub seed_wait: Duration,
    /// The least pause between two `chances` frames to a match's spectators.
    pub chances_every: Duration,
    /// A bot's least time per move.
    pub bot_delay: Duration,
    /// The hard bot's search budget.
    pub bot_budget: senet_bots::Budget,
    /// Bot decisions worked out at once (each on a blocking thread).
    pub bot_threads: usize,
    /// Frames a socket may fall behind a match's broadcast before it gets a snapshot.
    pub broadcast_capacity: usize,
    /// A finished match with nobody connected leaves memory after this long (a durable store
    /// keeps it).
    pub evict_after: Duration,
    /// A match nobody has joined keeps its invites open this long.
    pub invite_ttl: Duration,
    /// Spectators one match may have at once.
    pub max_spectators: u32,
    /// Chat messages one room of a match takes per minute, from everyone together, in
    /// bursts of a sixth of it (on top of each socket's and address's allowance; 0: no
    /// limit).
    pub room_chat_per_min: u32,
}

impl Settings {
    /// Whether a new game waits for client seeds before its first throw.
    pub fn seed_window(&self) -> bool {
        !self.seed_wait.is_zero()
    }
}

impl Default for Settings {
    /// The server's defaults (no bot delay: tests want quick bots).
    fn default() -> Settings {
        Settings {
            abandon_after: Duration::from_secs(60),
            move_limit: Some(Duration::from_secs(1800)),
            next_game_after: Some(Duration::from_secs(120)),
            idle_end: Some(Duration::from_secs(86_400)),
            seed_wait: Duration::from_millis(10_000),
            chances_every: Duration::from_millis(250),
            bot_delay: Duration::ZERO,
            bot_budget: senet_bots::Budget::DEFAULT,
            bot_threads: 1,
            broadcast_capacity: 64,
            evict_after: Duration::from_secs(600),
            invite_ttl: Duration::from_secs(86_400),
            max_spectators: 1000,
            room_chat_per_min: 120,
        }
    }
}
