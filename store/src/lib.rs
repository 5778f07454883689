//! `senet-store`: where accepted events go before they are broadcast, and everything else
//! the server keeps (matches, seats, players, ratings, chat, leases).
//!
//! The match actor hands [`EventStore::append`] every event a command made (a move and the
//! throws that follow it, say) as one batch, and awaits it before it broadcasts any of them,
//! so nothing is acknowledged that the store did not accept. [`MemoryStore`] keeps events in
//! memory (tests); [`SqlStore`] is the durable store (SQLite or Postgres, with group commit
//! across matches), with the read models behind the scoreboards ([`sql::read`]), the
//! ratings' writes ([`sql::ratings`]) and the leases of several nodes ([`sql::lease`]).
//!
//! **Architecture invariant**: the store knows rows, not rules. It stores facts as the text
//! the match made of them and never reads a fact's meaning; it depends on the wire types
//! (chat lines) and the pure match's rating maths, never on the live matches or HTTP.

use std::future::Future;
use std::pin::Pin;

use senet_protocol::ChatLine;

mod memory;
pub mod sql;

pub use memory::MemoryStore;
pub use sql::{Backend, DEFAULT_WRITERS, SqlStore};

/// How long each store commit (one group-commit batch) took, in seconds (0.1 ms to about
/// 3.3 s: a commit on an idle disk to a badly stalled one); `GET /metrics` shows it.
pub static COMMIT_SECONDS: std::sync::LazyLock<prometheus_client::metrics::histogram::Histogram> =
    std::sync::LazyLock::new(|| {
        prometheus_client::metrics::histogram::Histogram::new(
            prometheus_client::metrics::histogram::exponential_buckets(0.000_1, 2.0, 16),
        )
    });

/// One event as the store sees it: its place and its serialised JSON.
#[derive(Clone, Debug)]
pub struct StoredEvent {
    /// The match.
    pub match_id: String,
    /// The event number within the match (1-based).
    pub no: u64,
    /// The game of the series.
    pub game: u32,
    /// The stored fact (`{"v":1,"kind":...}`: see `senet_match::Fact`).
    pub json: String,
    /// The event's kind (`game_started`, `moved`, ...).
    pub kind: &'static str,
    /// What else the event changes in the store's tables.
    pub side: Option<Side>,
}

/// Changes to the match and game tables that go with an event (in the same transaction).
#[derive(Clone, Debug)]
pub enum Side {
    /// A game began: its secret seed is kept so the game survives a restart.
    GameStarted {
        /// The game's id.
        game_id: String,
        /// The server seed, 64 hex digits (secret until the game is over).
        seed: String,
        /// Its commitment.
        commitment: String,
        /// Which seat plays each engine player.
        seats: Vec<u8>,
    },
    /// A game ended.
    GameOver {
        /// The winning seat.
        winner: Option<u8>,
        /// Why it ended (`completed`, `resigned`, ...).
        reason: String,
        /// Series points the winner took.
        points: u32,
        /// The client seeds, in seat order.
        client_seeds: Vec<String>,
    },
    /// The series is decided.
    MatchOver {
        /// The series winner (none if tied).
        winner: Option<u8>,
    },
}

/// A new match as stored: everything needed to rebuild it after a restart.
#[derive(Clone, Debug)]
pub struct MatchRow {
    /// The id.
    pub id: String,
    /// The name.
    pub name: String,
    /// The variant id.
    pub variant: String,
    /// The engine setup, as JSON.
    pub options: String,
    /// Number of seats.
    pub players: u8,
    /// `best_of` or `first_to`.
    pub series_kind: String,
    /// The series target.
    pub series_target: u32,
    /// Listed publicly.
    pub public: bool,
    /// SHA-256 of the spectator key (private matches).
    pub spectator_key_hash: Option<String>,
    /// Whether its games change its players' ratings (`docs/ratings.md`).
    pub rated: bool,
    /// The clock, as the JSON of [`senet_protocol::ClockSpec`] (none: no clock).
    pub clock: Option<String>,
    /// The seats.
    pub seats: Vec<SeatRow>,
}

/// A seat as stored.
#[derive(Clone, Debug)]
pub struct SeatRow {
    /// 1-based seat number.
    pub seat: u8,
    /// The player who holds the seat (if they gave a player key).
    pub player_id: Option<String>,
    /// The display name, once claimed.
    pub name: Option<String>,
    /// SHA-256 of the seat token.
    pub token_hash: String,
    /// SHA-256 of the invite.
    pub invite_hash: String,
    /// Whether somebody holds the seat.
    pub claimed: bool,
    /// The level of the computer opponent that plays the seat (`easy`, `medium`, `hard`);
    /// none for a person's seat.
    pub bot: Option<String>,
}

/// `hex(SHA-256(secret))`: how tokens, invites and keys are stored and compared.
pub fn hash_secret(secret: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(secret.as_bytes()))
}

/// Why the store did not do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// Nothing was written: the database refused the write (a constraint) or could not be
    /// reached before anything was sent.
    #[error("the event store refused: {0}")]
    Refused(String),
    /// The write may or may not have happened (the connection broke during it, or a commit's
    /// answer was lost): [`EventStore::stored_count`] tells.
    #[error("the event store did not answer: {0}")]
    Unknown(String),
    /// Nothing was written: this node no longer holds the lease of the match (another node
    /// took it over: `docs/cluster.md`).
    #[error("this node no longer owns match {0}")]
    Fenced(String),
}

impl StoreError {
    /// Whether the write may have happened all the same.
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, StoreError::Unknown(_))
    }
}

/// A boxed future returned by the store.
pub type StoreFuture<'a, T = ()> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// An append-only log of match events.
pub trait EventStore: Send + Sync + std::fmt::Debug + 'static {
    /// Makes `events` durable, all or none (they may belong to one match or to several);
    /// resolves only once they are. An error may still mean they were stored (a commit whose
    /// answer was lost): [`EventStore::stored_count`] tells.
    fn append<'a>(&'a self, events: &'a [StoredEvent]) -> StoreFuture<'a>;

    /// How many events of `match_id` are stored (the number of its last event).
    fn stored_count<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, u64>;

    /// Records a new match and its seats (before anyone can use it).
    fn create_match<'a>(&'a self, _m: &'a MatchRow) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// Records that a seat was claimed.
    fn claim_seat<'a>(
        &'a self,
        _match_id: &'a str,
        _seat: u8,
        _name: &'a str,
        _token_hash: &'a str,
        _player_id: Option<&'a str>,
    ) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// The match's actor stopped on this node: its lease (when several nodes share the store)
    /// is given up, so that another node may take the match at once. By default nothing.
    fn released<'a>(&'a self, _match_id: &'a str) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// The SQL store behind this one, for queries (scoreboards, history, recovery).
    fn sql(&self) -> Option<&sql::SqlStore> {
        None
    }

    /// Stores a chat message of `match_id` (before it is sent; not an event). By default
    /// it is kept nowhere.
    fn append_chat<'a>(&'a self, _match_id: &'a str, _line: &'a ChatLine) -> StoreFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// Every stored chat message of `match_id`, oldest first (none by default).
    fn chat<'a>(&'a self, _match_id: &'a str) -> StoreFuture<'a, Vec<ChatLine>> {
        Box::pin(std::future::ready(Ok(Vec::new())))
    }
}
