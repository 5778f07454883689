//! What the store keeps, as rows: an event with what it changes in the match and game
//! tables, a match, a seat; and how secrets are kept (hashed).

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
        /// Every seat made a move of the game; a game ended before that is not rated.
        every_seat_moved: bool,
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
