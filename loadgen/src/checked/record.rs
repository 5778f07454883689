//! What the partition harness's sockets write down (the client, [`super`], fills it; the
//! checker, [`super::checker`], reads it): the events each was shown, what was acknowledged.

use serde_json::Value;

/// The fields of an event frame that the server works out for the client rather than
/// stores (the rest are the event's facts: who threw what, which move, who won).
const DERIVED: [&str; 13] = [
    "type",
    "no",
    "game",
    "turn",
    "legal",
    "notation",
    "geometry",
    "moves",
    "stuck",
    "clock",
    "sides",
    "notes",
    "note_list",
];

/// One event as a socket was shown it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Shown {
    pub(super) no: u64,
    pub(super) game: u64,
    pub(super) kind: String,
    pub(super) seat: Option<u64>,
    pub(super) mv: Option<String>,
    /// The frame's other fields, as JSON text (kept small: a run shows hundreds of
    /// thousands of events).
    pub(super) facts: String,
}

impl Shown {
    pub(super) fn of(frame: &Value) -> Option<Shown> {
        let mut facts = frame.as_object()?.clone();
        for key in DERIVED {
            facts.remove(key);
        }
        Some(Shown {
            no: frame["no"].as_u64()?,
            game: frame["game"].as_u64()?,
            kind: frame["kind"].as_str()?.to_owned(),
            seat: frame["seat"].as_u64(),
            mv: frame["move"].as_str().map(str::to_owned),
            facts: Value::Object(facts).to_string(),
        })
    }

    /// Whether every fact the store and this frame both name has one value in both (the
    /// dice among them: a fork may differ in nothing else).
    pub(super) fn agrees_with(&self, stored: &Value) -> bool {
        let Ok(Value::Object(shown)) = serde_json::from_str::<Value>(&self.facts) else {
            return false;
        };
        let Some(stored) = stored.as_object() else {
            return false;
        };
        stored
            .iter()
            .all(|(k, v)| shown.get(k).is_none_or(|s| s == v))
    }
}

/// What one socket (a seat or a spectator of one match) saw and was acknowledged.
#[derive(Debug, Default)]
pub(super) struct Record {
    pub(super) label: String,
    /// Every event frame, in the order received.
    pub(super) shown: Vec<Shown>,
    /// Events out of order within one connection.
    pub(super) order_faults: Vec<String>,
    /// (event number, seat, move) of every acknowledged move.
    pub(super) acked_moves: Vec<(u64, u64, String)>,
    /// The text of every acknowledged chat line.
    pub(super) acked_chat: Vec<String>,
    /// (id, text) of every chat line shown, in welcomes and frames.
    pub(super) chat_shown: Vec<(u64, String)>,
    pub(super) connections: u32,
    pub(super) refused_moves: u32,
}
