//! What clients see, derived from the state: event frames, snapshots, summaries, records.
//!
//! A stored [`Fact`] says what happened; the frame a client gets adds what follows from the
//! state after it (whose turn, the legal moves, the position, the score, the revealed seed).
//! Nothing here changes a state.

use std::time::Duration;

use std::borrow::Cow;

use senet_engine::{Geometry, Note, Throw, ThrowEffect, ThrowSpec};
use senet_protocol::{
    Event, EventKind, EventMsg, MoveOption, ServerMsg, Snapshot, Status, StuckPiece, Summary, Turn,
    TurnKind,
};

use crate::fact::Fact;
use crate::record::GameRecord;
use crate::seat::Seat;
use crate::state::{ApplyError, MatchState, Waiting};

/// What the match waits for, as the protocol says it: whose turn, and for a seat to move
/// its legal moves (as notation, and with their geometry) and its pieces that cannot move,
/// each with the engine's sentence.
#[derive(Clone, Debug)]
pub struct TurnView {
    /// What the match waits for.
    pub turn: Turn,
    /// The legal moves, as notation.
    pub legal: Vec<String>,
    /// The legal moves with their geometry.
    pub moves: Vec<MoveOption>,
    /// The mover's pieces without a legal move, why, and in the variant's words.
    pub stuck: Vec<StuckPiece>,
}

/// What the match waits for now; see [`TurnView`].
pub fn turn(state: &MatchState) -> TurnView {
    let plain = |kind| TurnView {
        turn: Turn { kind, seat: None },
        legal: Vec::new(),
        moves: Vec::new(),
        stuck: Vec::new(),
    };
    match state.waiting() {
        Waiting::Joining => plain(TurnKind::Joining),
        Waiting::Seeds => plain(TurnKind::Seeds),
        Waiting::GameOver => plain(TurnKind::GameOver),
        Waiting::MatchOver => plain(TurnKind::MatchOver),
        Waiting::Throw(seat) => TurnView {
            turn: Turn {
                kind: TurnKind::Throw,
                seat: Some(seat.get()),
            },
            ..plain(TurnKind::Throw)
        },
        Waiting::Move(seat) => {
            let engine = state.game().map(|g| &g.engine);
            let moves: Vec<MoveOption> = engine
                .map(|g| {
                    g.legal_moves_with_geometry()
                        .into_iter()
                        .map(|m| MoveOption::new(m.mv.to_string(), m.geometry))
                        .collect()
                })
                .unwrap_or_default();
            TurnView {
                turn: Turn {
                    kind: TurnKind::Move,
                    seat: Some(seat.get()),
                },
                legal: moves.iter().map(|m| m.mv.clone()).collect(),
                // The places the legal moves start from are known: only the others are asked.
                // The sentences are the engine's constants: nothing is allocated for them.
                stuck: engine
                    .map(|g| {
                        g.stuck_except(|place| moves.iter().any(|m| m.from == Some(place)))
                            .into_iter()
                            .map(|s| s.explained(g.variant()).into())
                            .collect()
                    })
                    .unwrap_or_default(),
                moves,
            }
        }
    }
}

fn seats_u8(seats: &[Seat]) -> Vec<u8> {
    seats.iter().map(|s| s.get()).collect()
}

/// What the position says in words beside its notation (none before the first game).
#[derive(Default)]
struct PositionWords {
    /// Each engine player's side.
    sides: Vec<Option<Cow<'static, str>>>,
    /// The notes a board does not draw, in English…
    notes: String,
    /// …and as data.
    note_list: Vec<Note>,
}

fn position_words(state: &MatchState) -> PositionWords {
    state.game().map_or_else(Default::default, |g| {
        let sides = g.engine.sides().into_iter().map(|s| s.map(Cow::Borrowed));
        let note_list = g.engine.notes();
        PositionWords {
            sides: sides.collect(),
            notes: senet_engine::notes::english(&note_list),
            note_list,
        }
    })
}

/// The event a client gets for `fact`, number `no`, given the state right after it (and for
/// a move, its geometry: see [`MatchState::geometry_of`]).
pub fn event(state: &MatchState, no: u64, fact: &Fact, geometry: Option<&Geometry>) -> Event {
    let spec = state.spec();
    let game = state.game();
    let kind = match fact {
        Fact::GameStarted(start) => EventKind::GameStarted {
            game_id: start.game_id.clone(),
            variant: spec.variant,
            setup: spec.setup,
            seats: seats_u8(&start.seats),
            commitment: start.commitment.clone(),
        },
        Fact::ClientSeed { seat, seed } => EventKind::ClientSeed {
            seat: seat.get(),
            seed: seed.clone(),
        },
        Fact::Thrown { seat, faces } => {
            // Applying a `thrown` always records it as the game's last throw.
            let last = game.and_then(|g| g.last_throw);
            EventKind::Thrown {
                seat: seat.get(),
                throw_no: last.map_or(0, |t| t.throw_no),
                spec: last.map_or(ThrowSpec::ONE_D6, |t| t.spec),
                faces: faces.clone(),
                // A stored throw always has a valid number of faces; `None` guards the rest.
                value: Throw::from_faces(faces).and_then(|t| spec.variant.throw_value(&t)),
                effect: last.map_or(ThrowEffect::Move, |t| t.effect),
            }
        }
        Fact::Passed { seat } => EventKind::Passed { seat: seat.get() },
        Fact::Moved { seat, mv, used_ms } => EventKind::Moved {
            seat: seat.get(),
            mv: mv.clone(),
            used_ms: *used_ms,
        },
        Fact::TimedOut { seat, used_ms } => EventKind::TimedOut {
            seat: seat.get(),
            used_ms: *used_ms,
        },
        Fact::Resigned { seat } => EventKind::Resigned { seat: seat.get() },
        Fact::Claimed { seat, against } => EventKind::Claimed {
            seat: seat.get(),
            against: against.get(),
        },
        Fact::Abandoned { against } => EventKind::Abandoned {
            against: against.get(),
        },
        Fact::GameOver {
            winner,
            reason,
            points,
        } => EventKind::GameOver {
            winner: winner.map(Seat::get),
            reason: *reason,
            points: *points,
            breakdown: game.and_then(|g| g.engine.breakdown()),
            score: state.score().to_vec(),
            wins: state.wins().to_vec(),
            seed: game.and_then(|g| g.revealed_seed()).unwrap_or_default(),
            client_seeds: game.map(|g| g.seeds()).unwrap_or_default(),
        },
        Fact::RematchRequested { seat } => EventKind::RematchRequested { seat: seat.get() },
        Fact::MatchOver { winner } => EventKind::MatchOver {
            winner: winner.map(Seat::get),
            score: state.score().to_vec(),
            wins: state.wins().to_vec(),
        },
    };
    let TurnView {
        mut turn,
        legal,
        moves,
        stuck,
    } = turn(state);
    // A game that decides the series says so at once (its `match_over` follows).
    if matches!(fact, Fact::GameOver { .. }) && state.series_decided() {
        turn = Turn {
            kind: TurnKind::MatchOver,
            seat: None,
        };
    }
    let PositionWords {
        sides,
        notes,
        note_list,
    } = position_words(state);
    Event {
        no,
        game: state.game_no(),
        kind,
        turn,
        legal,
        notation: game.map(|g| g.engine.to_notation()),
        geometry: geometry.cloned(),
        moves,
        stuck,
        clock: state.clock_view(Duration::ZERO),
        sides,
        notes,
        note_list,
    }
}

/// One event as it leaves a match: the fact as stored and the frame as broadcast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    /// The stored JSON of the fact (with its version).
    pub fact: String,
    /// The `event` message every socket of the match gets.
    pub frame: String,
}

/// Encodes `fact`, event number `no`, given the state right after it: what the actor does
/// for every event it decides (and what the match-core benchmark measures).
pub fn encode(state: &MatchState, no: u64, fact: &Fact, geometry: Option<&Geometry>) -> Encoded {
    Encoded {
        fact: fact.to_json(),
        frame: ServerMsg::Event(Box::new(event(state, no, fact, geometry))).to_json(),
    }
}

/// Who sits and who watches: what the actor knows beyond the state.
#[derive(Clone, Debug)]
pub struct Table<'a> {
    /// The match id.
    pub match_id: &'a str,
    /// The match name.
    pub name: &'a str,
    /// Listed publicly.
    pub public: bool,
    /// Rated (`docs/ratings.md`).
    pub rated: bool,
    /// Display names per seat.
    pub names: Vec<Option<String>>,
    /// Which seats have a live connection.
    pub connected: Vec<bool>,
    /// How many spectators watch.
    pub spectators: u32,
    /// How long the match has waited for the seat to move (what its clock has used of the
    /// decision).
    pub thinking: Duration,
    /// Per seat, the level of the bot that plays it (empty when none does).
    pub bots: Vec<Option<String>>,
}

/// Everything a client needs to draw the match now.
pub fn snapshot(state: &MatchState, table: Table<'_>) -> Snapshot {
    let TurnView {
        turn,
        legal,
        moves,
        stuck,
    } = turn(state);
    let spec = state.spec();
    let g = state.game();
    let n = usize::from(spec.setup.players);
    let PositionWords {
        sides,
        notes,
        note_list,
    } = position_words(state);
    Snapshot {
        match_id: table.match_id.to_owned(),
        name: table.name.to_owned(),
        variant: spec.variant,
        public: table.public,
        players: spec.setup.players,
        series: spec.series,
        setup: spec.setup,
        short_names: senet_protocol::text::short_names(&table.names, &table.bots),
        names: table.names,
        connected: table.connected,
        spectators: table.spectators,
        game: state.game_no(),
        game_id: g.map(|g| g.id.clone()),
        commitment: g.map(|g| g.commitment()),
        seats: g.map(|g| seats_u8(&g.seats)).unwrap_or_default(),
        client_seeds: g
            .map(|g| g.client_seeds.clone())
            .unwrap_or_else(|| vec![None; n]),
        notation: g.map(|g| g.engine.to_notation()),
        state: g.and_then(|g| serde_json::to_value(&g.engine).ok()),
        turn,
        legal,
        moves,
        stuck,
        sides,
        notes,
        note_list,
        score: state.score().to_vec(),
        wins: state.wins().to_vec(),
        last_event: state.events(),
        clock_rule: spec.clock,
        clock: state.clock_view(table.thinking),
        bots: table.bots,
    }
}

/// Where `state` stands, as listed.
pub fn status_of(state: &MatchState) -> Status {
    if state.match_over() {
        Status::Finished
    } else if state.game_no() == 0 {
        Status::Joining
    } else {
        Status::Live
    }
}

/// The listing of a match.
pub fn summary(state: &MatchState, table: Table<'_>) -> Summary {
    let spec = state.spec();
    Summary {
        match_id: table.match_id.to_owned(),
        name: table.name.to_owned(),
        variant: spec.variant,
        players: spec.setup.players,
        public: table.public,
        rated: table.rated,
        series: spec.series,
        status: status_of(state),
        names: table.names,
        game: state.game_no(),
        score: state.score().to_vec(),
        wins: state.wins().to_vec(),
        spectators: table.spectators,
        clock: spec.clock,
        bots: table.bots,
    }
}

/// A fact that does not replay, with its event number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("event {no}: {error}")]
pub struct ReplayError {
    /// The event number.
    pub no: u64,
    /// Why.
    pub error: ApplyError,
}

/// Replays `facts` from `start` (a new match, or a live match's checkpoint). Before each
/// fact, `wanted(number, state, fact)` says whether its event is wanted (`Some(true)`), not
/// (`Some(false)`), or the replay stops here (`None`); each wanted event goes to `keep` with
/// the state after it. The final state is returned.
fn replay<'a>(
    start: MatchState,
    facts: impl IntoIterator<Item = &'a Fact>,
    mut wanted: impl FnMut(u64, &MatchState, &Fact) -> Option<bool>,
    mut keep: impl FnMut(&MatchState, Event),
) -> Result<MatchState, ReplayError> {
    let mut state = start;
    for fact in facts {
        let no = state.events() + 1;
        let Some(want) = wanted(no, &state, fact) else {
            break;
        };
        let geometry = if want { state.geometry_of(fact) } else { None };
        state
            .apply(fact)
            .map_err(|error| ReplayError { no, error })?;
        if want {
            keep(&state, event(&state, no, fact, geometry.as_ref()));
        }
    }
    Ok(state)
}

/// The frames of every event after number `after`, replayed from `start` through `facts`
/// (the facts after it, in order): what a reconnecting client missed, the same frames the
/// match broadcast.
///
/// # Errors
/// A fact that does not apply.
pub fn frames_after(
    start: MatchState,
    facts: &[Fact],
    after: u64,
) -> Result<Vec<String>, ReplayError> {
    let mut frames = Vec::new();
    replay(
        start,
        facts,
        |no, _, _| Some(no > after),
        |_, e| {
            let msg = senet_protocol::ServerMsg::Event(Box::new(e));
            frames.push(msg.to_json());
        },
    )?;
    Ok(frames)
}

/// The current game's last `tail` events (all of them if it has fewer), replayed from
/// `start` through `facts` (the facts after it, in order, the current game's `game_started`
/// among them): what a client that opens a board with a long history gets in its `welcome`
/// instead of every event. Only the events returned are encoded; the facts before them are
/// applied and nothing more.
///
/// # Errors
/// A fact that does not apply.
pub fn recent_events(
    start: MatchState,
    facts: &[Fact],
    tail: u64,
) -> Result<Vec<EventMsg>, ReplayError> {
    if tail == 0 {
        return Ok(Vec::new());
    }
    // Event `no` is fact `no - 1 - offset`; the current game starts at its `game_started`.
    let offset = start.events();
    let Some(game_start) = facts
        .iter()
        .rposition(|f| matches!(f, Fact::GameStarted { .. }))
        .map(|i| offset + i as u64 + 1)
    else {
        return Ok(Vec::new());
    };
    let total = offset + facts.len() as u64;
    let first = game_start.max(total.saturating_sub(tail) + 1);
    let mut events = Vec::with_capacity(usize::try_from(total + 1 - first).unwrap_or(0));
    replay(
        start,
        facts,
        |no, _, _| Some(no >= first),
        |_, e| events.push(EventMsg::Event(Box::new(e))),
    )?;
    Ok(events)
}

/// Game `game`'s record, replayed from `start` through `facts` (the facts after it, in
/// order): none if the match has no such game, or the game began before `start` (a live
/// match's checkpoint). The seed is in it only once the game is over.
///
/// # Errors
/// A fact that does not apply.
pub fn record<'a>(
    match_id: &str,
    start: MatchState,
    facts: impl IntoIterator<Item = &'a Fact>,
    game: u32,
) -> Result<Option<GameRecord>, ReplayError> {
    if game <= start.game_no() {
        return Ok(None);
    }
    let spec = *start.spec();
    let mut events = Vec::new();
    let state = replay(
        start,
        facts,
        // The replay stops where the next game starts, so the state is that of game `game`.
        |_, s, f| (!(matches!(f, Fact::GameStarted { .. }) && s.game_no() == game)).then_some(true),
        |s, e| {
            if s.game_no() == game {
                events.push(e);
            }
        },
    )?;
    let Some(g) = state.game().filter(|_| state.game_no() == game) else {
        return Ok(None);
    };
    Ok(Some(GameRecord {
        match_id: match_id.to_owned(),
        game,
        game_id: g.id.clone(),
        variant: spec.variant,
        setup: spec.setup,
        seats: seats_u8(&g.seats),
        commitment: g.commitment(),
        seed: g.revealed_seed(),
        client_seeds: g.seeds(),
        events,
    }))
}

#[cfg(test)]
mod tests {
    use senet_engine::{IllegalMove, Place, Setup, Variant};
    use serde_json::{Value, json};

    use super::*;
    use crate::dice::ServerSeed;
    use crate::state::{Command, MatchSpec, NewGame};
    use senet_protocol::{Series, SeriesKind};

    /// A jequier match whose first game waits for its first move (someone threw the 1),
    /// with the frame of every event so far.
    fn jequier_at_first_move() -> (MatchState, Vec<Value>) {
        let spec = MatchSpec {
            variant: Variant::Jequier,
            setup: Setup::players(2),
            series: Series {
                kind: SeriesKind::BestOf,
                target: 1,
            },
            seed_window: false,
            clock: None,
        };
        let mut state = MatchState::new(spec);
        let mut frames = Vec::new();
        let mut command = Command::StartGame(NewGame {
            game_id: "view-test".into(),
            seed: ServerSeed([3; 32]),
        });
        loop {
            let mut no = state.events();
            let decision = state
                .decide_observed(&command, |after, fact, geometry| {
                    no += 1;
                    let frame = encode(after, no, fact, geometry).frame;
                    frames.push(serde_json::from_str(&frame).expect("a frame is JSON"));
                })
                .expect("the server throws");
            state = decision.after;
            match state.waiting() {
                Waiting::Throw(_) => command = Command::CatchUp,
                _ => return (state, frames),
            }
        }
    }

    fn table() -> Table<'static> {
        Table {
            match_id: "m",
            name: "test",
            public: true,
            rated: false,
            names: vec![None, None],
            connected: vec![false, false],
            spectators: 0,
            thinking: Duration::ZERO,
            bots: Vec::new(),
        }
    }

    #[test]
    fn a_move_frame_and_the_snapshot_say_which_pieces_cannot_move_and_why() {
        let (state, frames) = jequier_at_first_move();
        // Black opens with the front piece; the four behind it wait for the piece in front.
        let words = Variant::Jequier.explain(IllegalMove::MustWait).unwrap();
        let waiting: Vec<StuckPiece> = [2, 4, 6, 8]
            .into_iter()
            .map(|n| StuckPiece {
                from: Place::square(n).unwrap(),
                reason: IllegalMove::MustWait,
                text: Cow::Borrowed(words),
            })
            .collect();
        assert_eq!(turn(&state).stuck, waiting);
        assert_eq!(snapshot(&state, table()).stuck, waiting);
        let last = frames.last().unwrap();
        assert_eq!(last["kind"], "thrown");
        assert_eq!(last["legal"], json!(["10-11"]));
        assert_eq!(
            last["stuck"][0],
            json!({"from": "s2", "reason": "must_wait", "text": words})
        );
        assert_eq!(last["stuck"].as_array().map(Vec::len), Some(4));
        // The sticks say what they give: the 1 that decided black.
        assert_eq!(last["value"], 1);
        // Frames without legal moves leave `stuck` out.
        assert!(frames[0].get("stuck").is_none(), "{}", frames[0]);
    }

    #[test]
    fn frames_and_snapshots_say_the_sides_and_the_notes_of_the_position() {
        let (state, frames) = jequier_at_first_move();
        let engine = &state.game().unwrap().engine;
        let notes = engine.position_notes();
        assert!(notes.starts_with("borne off:"), "{notes}");
        // The seat that threw the first 1 plays black; the frame says so in engine players.
        let sides: Vec<Value> = engine.sides().into_iter().map(|s| json!(s)).collect();
        assert!(sides.contains(&json!("black")) && sides.contains(&json!("white")));
        let last = frames.last().unwrap();
        assert_eq!(last["sides"], Value::Array(sides.clone()));
        assert_eq!(last["notes"], notes);
        // The same notes as data, for a client in another language.
        let note_list = serde_json::to_value(engine.notes()).unwrap();
        assert_eq!(note_list[0]["kind"], "borne_off", "{note_list}");
        assert_eq!(last["note_list"], note_list);
        let snap = serde_json::to_value(snapshot(&state, table())).unwrap();
        assert_eq!(snap["sides"], Value::Array(sides));
        assert_eq!(snap["notes"], notes);
        assert_eq!(snap["note_list"], note_list);
        // Before the first 1 nobody's colour is decided: null for each player.
        let opening = frames.iter().find(|f| f["kind"] == "game_started").unwrap();
        assert_eq!(opening["sides"], json!([null, null]), "{opening}");
        // Every frame parses back as what it was made from.
        for f in &frames {
            let msg: ServerMsg = serde_json::from_value(f.clone()).unwrap();
            assert_eq!(serde_json::to_value(&msg).unwrap(), *f);
        }
        // Before a game there is no position: no sides, no notes.
        let fresh = MatchState::new(*state.spec());
        let snap = serde_json::to_value(snapshot(&fresh, table())).unwrap();
        assert!(
            snap.get("sides").is_none()
                && snap.get("notes").is_none()
                && snap.get("note_list").is_none(),
            "{snap}"
        );
    }

    #[test]
    fn a_game_over_frame_breaks_its_points_down() {
        let (state, _) = jequier_at_first_move();
        let Waiting::Move(black) = state.waiting() else {
            panic!("a move is due");
        };
        let mut no = state.events();
        let mut over = None;
        state
            .decide_observed(&Command::Resign { seat: black }, |after, fact, geometry| {
                no += 1;
                if matches!(fact, Fact::GameOver { .. }) {
                    over = Some(event(after, no, fact, geometry));
                }
            })
            .expect("a seat may resign");
        let over = serde_json::to_value(over.expect("the game ended")).unwrap();
        // Black resigned with all five pieces on the first row: 5 × 3.
        assert_eq!(over["points"], 15);
        assert_eq!(
            over["breakdown"],
            json!({"whose": "loser", "items": [
                {"label": "first_row_pieces", "count": 5, "each": 3, "subtotal": 15}],
                "multiplier": 1, "total": 15})
        );
    }
}
