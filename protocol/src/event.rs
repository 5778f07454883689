//! What happened in a match, as a client is told: numbered [`Event`]s, what the match waits
//! for ([`Turn`]) and the legal moves a board highlights ([`MoveOption`]).

use std::borrow::Cow;

use senet_engine::geometry::{DiceValues, Places, StepKind};
use senet_engine::martian::Coaster;
use senet_engine::{
    Breakdown, EndReason, ExplainedStuck, Geometry, IllegalMove, Note, Place, Setup, ThrowEffect,
    ThrowSpec, Variant,
};
use serde::{Deserialize, Serialize};

use crate::terms::ClockView;

/// What the match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TurnKind {
    /// Seats still to be claimed through invites.
    Joining,
    /// Client seeds may still be sent; the first throw comes when every seat has sent one
    /// (an empty one is fine) or the wait runs out.
    Seeds,
    /// The server is about to throw for `seat` (never seen for long: it throws at once).
    Throw,
    /// `seat` must move.
    Move,
    /// The game is over; the next starts when every seat asks for a rematch.
    GameOver,
    /// The series is over.
    MatchOver,
}

/// What the match waits for, and from whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Turn {
    /// What.
    pub kind: TurnKind,
    /// The seat (1-based) for `throw` and `move`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seat: Option<u8>,
}

/// What happened, in an [`Event`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// A game of the series begins; nothing is thrown before this commitment.
    GameStarted {
        /// The game's id (part of the dice derivation).
        game_id: String,
        /// The variant.
        variant: Variant,
        /// Players and options.
        setup: Setup,
        /// `seats[i]` is the table seat that plays engine player `i + 1` in this game.
        seats: Vec<u8>,
        /// `hex(SHA-256(server seed))`.
        commitment: String,
    },
    /// A seat contributed a client seed.
    ClientSeed {
        /// The seat.
        seat: u8,
        /// The seed.
        seed: String,
    },
    /// The server threw the dice for a seat.
    Thrown {
        /// Whose throw.
        seat: u8,
        /// The throw number within the game (1-based), as in the dice derivation.
        throw_no: u64,
        /// What was thrown.
        spec: ThrowSpec,
        /// The faces, in roll order.
        faces: Vec<u8>,
        /// The squares the throw gives, by the variant's rules, where that is not simply the
        /// faces: `jequier`'s four sticks (1 to 4 plain sides up, or 6 for none), `kendall`'s
        /// (1 to 4 sides up, or 5 for none). Absent for dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u8>,
        /// What the engine made of it.
        effect: ThrowEffect,
    },
    /// The thrower had no legal move; the engine passed the turn on.
    Passed {
        /// The seat that could not move.
        seat: u8,
    },
    /// A seat moved.
    Moved {
        /// The seat.
        seat: u8,
        /// The move, in the engine's notation.
        #[serde(rename = "move")]
        mv: String,
        /// On a clock, the milliseconds the seat took over the move (absent without one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        used_ms: Option<u64>,
    },
    /// A seat resigned.
    Resigned {
        /// The seat.
        seat: u8,
    },
    /// A seat claimed the game against an absent seat.
    Claimed {
        /// The claimant.
        seat: u8,
        /// The absent seat, ruled out.
        against: u8,
    },
    /// Nobody acted for `--idle-end`: the server ruled out the seat the game waited for and
    /// ends the series (scored as that seat's resignation).
    Abandoned {
        /// The seat that was waited for.
        against: u8,
    },
    /// A seat's clock ran out while the game waited for its move: it loses the game (the
    /// `game_over` that follows says `timeout`).
    TimedOut {
        /// The seat whose time ran out.
        seat: u8,
        /// The milliseconds it had used of that decision (at least what it had left).
        used_ms: u64,
    },
    /// The game ended; the server seed is revealed.
    GameOver {
        /// The winning seat (none on a draw).
        winner: Option<u8>,
        /// Why it ended.
        reason: EndReason,
        /// Series points the winner took.
        points: u32,
        /// How `points` are made up, by the variant's own scoring (the engine's
        /// `Breakdown`: items `count × each`, a multiplier, `total` = `points`). Absent only
        /// in records written before it existed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        breakdown: Option<Breakdown>,
        /// Series points per seat so far.
        score: Vec<u32>,
        /// Games won per seat so far.
        wins: Vec<u32>,
        /// The server seed, 64 hex digits.
        seed: String,
        /// The client seeds in seat order (empty where none was given).
        client_seeds: Vec<String>,
    },
    /// A seat asked for the next game.
    RematchRequested {
        /// The seat.
        seat: u8,
    },
    /// The series is decided.
    MatchOver {
        /// The winning seat (none if tied).
        winner: Option<u8>,
        /// Series points per seat.
        score: Vec<u32>,
        /// Games won per seat.
        wins: Vec<u32>,
    },
}

/// One numbered event of a match. Numbers start at 1 and grow by 1 across the whole series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Event {
    /// The event number.
    pub no: u64,
    /// The game of the series (1-based).
    pub game: u32,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
    /// What the match waits for after this event.
    pub turn: Turn,
    /// The legal moves of the seat to move (empty unless `turn.kind` is `move`).
    pub legal: Vec<String>,
    /// The position after the event, in the variant's notation (what a client draws).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// For `moved`: which pieces the move took from where to where (the engine's move
    /// geometry, computed before the move). Absent on other events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geometry: Option<Geometry>,
    /// The legal moves with their geometry, in the order of `legal` (absent when `legal` is
    /// empty): what a board highlights, with no rules of its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveOption>,
    /// The places of the mover's pieces from which no legal move starts, each with the
    /// engine's most specific reason and its sentence (absent when there are none): what a
    /// board says when such a piece is clicked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stuck: Vec<StuckPiece>,
    /// The clocks after the event (absent for a match without a clock, and before its first
    /// game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// Per engine player (index 0 is player 1; see `seats`), the side or colour the rules
    /// name for them, null while the rules have not decided it (absent before the first
    /// game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<Option<Cow<'static, str>>>,
    /// One line, in words, of what the position holds that a board does not draw (pieces
    /// borne off, the dice still to play, counters towards a limit); absent when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// The same notes as data, each with its `kind` and figures (the engine's [`Note`]), for
    /// a client that says them in another language; absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub note_list: Vec<Note>,
}

/// A piece of the mover's that cannot move: where it stands, the engine's most specific
/// reason, and the reason in the variant's words (the engine's
/// [`ExplainedStuck`]). Serialised as `{"from": "s12", "reason": "blocked", "text": "…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StuckPiece {
    /// Where the piece (or, in `martian`, the mover's pyramids) stands.
    pub from: Place,
    /// Why it cannot move (the code of an `error` message).
    pub reason: IllegalMove,
    /// The reason as one sentence for the player.
    pub text: Cow<'static, str>,
}

impl From<ExplainedStuck> for StuckPiece {
    fn from(s: ExplainedStuck) -> StuckPiece {
        StuckPiece {
            from: s.from,
            reason: s.reason,
            text: Cow::Borrowed(s.text),
        }
    }
}

/// A legal move and where the mover's piece goes: what a board highlights. (The whole
/// geometry — captures, pieces sent back — comes with the `moved` event once it is played;
/// a list of every legal move's full geometry in every frame would triple the frames.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MoveOption {
    /// The move, in the engine's notation (what a `move` message sends).
    #[serde(rename = "move")]
    pub mv: String,
    /// Where the mover's piece leaves (none for a move that takes no piece: a choice of
    /// colour or dice, a `martian` coaster move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Place>,
    /// Where it comes to rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Place>,
    /// Places it touches where the rules turn it (see `Step::via`).
    #[serde(default, skip_serializing_if = "Places::is_empty")]
    pub via: Places,
    /// The die values it spends.
    #[serde(default, skip_serializing_if = "DiceValues::is_empty")]
    pub dice: DiceValues,
    /// The coaster a `martian` coaster move runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coaster: Option<Coaster>,
    /// Whether it captures or sends back a piece.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hits: bool,
}

impl MoveOption {
    /// The option for move `mv` with geometry `geometry`.
    pub fn new(mv: String, geometry: Geometry) -> MoveOption {
        let hits = geometry
            .steps
            .iter()
            .any(|s| matches!(s.kind, StepKind::Capture | StepKind::SentBack));
        let mover = geometry
            .steps
            .into_iter()
            .next()
            .filter(|s| s.kind != StepKind::Coaster);
        let (from, to, via, dice) = match mover {
            Some(s) => (Some(s.from), Some(s.to), s.via, s.dice),
            None => (None, None, Places::new(), DiceValues::new()),
        };
        MoveOption {
            mv,
            from,
            to,
            via,
            dice,
            coaster: geometry.coaster,
            hits,
        }
    }
}
