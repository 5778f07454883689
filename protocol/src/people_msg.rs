//! What the server says on a page's own socket, `GET /ws/people` (`docs/protocol.md`,
//! "WebSocket: `GET /ws/people`"): how many people are online, and challenges to or from
//! the signed-in account as they come and as they are answered, the lobby's open seeks,
//! and a tournament's pairing of the account. The client says nothing on it.

use serde::{Deserialize, Serialize};

/// A challenge by name, as either of its two players sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ChallengeView {
    /// Its id: what accepting, declining or cancelling names.
    pub id: String,
    /// Who challenges (their account's name).
    pub from: String,
    /// Who is challenged (their account's name).
    pub to: String,
    /// The match's terms, as the create form sends them (`POST /api/matches`' body).
    pub terms: serde_json::Value,
    /// When it was sent (Unix ms).
    pub created_ms: i64,
    /// When it expires unanswered (Unix ms).
    pub expires_ms: i64,
    /// `open`, `accepted`, `declined` or `cancelled`.
    pub state: String,
    /// Once accepted: the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<String>,
    /// Once accepted, to the challenger only: their seat's token for the match's `hello`
    /// (the accepting player has theirs in the answer to the accept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// Every frame the server sends on `GET /ws/people`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PeopleMsg {
    /// How many are online (signed-in accounts, each counted once, and guests' pages) and
    /// how many public games are being played: first when the socket opens, then when it
    /// changes (looked at every few seconds).
    Online {
        /// Signed-in accounts with a page open, each once, and guests' open pages.
        online: u64,
        /// Public matches being played.
        playing: u64,
    },
    /// The open challenges to and from the signed-in account, when the socket opens.
    Challenges {
        /// Newest first.
        challenges: Vec<ChallengeView>,
    },
    /// A challenge to or from the signed-in account, new or just answered.
    Challenge {
        /// It, as it is now.
        challenge: ChallengeView,
    },
    /// A tournament paired the signed-in account: its seat in the game's match. Sent to
    /// every page of the account; the page goes to the board.
    TournamentGame {
        /// The tournament.
        tournament_id: String,
        /// Its name.
        tournament_name: String,
        /// The game's match.
        match_id: String,
        /// The account's seat (1 or 2).
        seat: u8,
        /// The seat's token for the match's `hello`.
        token: String,
    },
    /// The open seeks of this node, oldest first: when the socket opens, then after each
    /// change (posted, joined, filled, cancelled, dropped), at most one frame per quarter
    /// second.
    Seeks {
        /// Every open seek, oldest first.
        seeks: Vec<crate::SeekView>,
    },
    /// A frame the socket does not take (it takes none), or why it closes.
    Error {
        /// A stable code (`no_requests`, `signed_out`).
        code: String,
        /// For people.
        message: String,
    },
}

impl PeopleMsg {
    /// The frame's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}
