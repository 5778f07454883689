//! Match states for the parts' unit tests, made through the match's own commands (so a test
//! sees the states a live match goes through, not hand-made ones).

use senet_engine::{Setup, Variant};
use senet_match::Seat;
use senet_match::dice::ServerSeed;
use senet_match::state::{Command, MatchSpec, MatchState, NewGame, Waiting};
use senet_protocol::{ClockSpec, Series, SeriesKind};

/// A two-seat match: best of `games`, waiting for client seeds or not, with `clock`.
pub(super) fn spec(games: u32, seed_window: bool, clock: Option<ClockSpec>) -> MatchSpec {
    MatchSpec {
        variant: Variant::Martian,
        setup: Setup::players(2),
        series: Series {
            kind: SeriesKind::BestOf,
            target: games,
        },
        seed_window,
        clock,
    }
}

/// The state after `command`, which must be taken.
pub(super) fn decided(state: &MatchState, command: Command) -> MatchState {
    state
        .decide(&command)
        .unwrap_or_else(|e| panic!("{command:?}: {e}"))
        .after
}

/// A first game's start with a fixed seed (tests are deterministic).
pub(super) fn start() -> Command {
    Command::StartGame(NewGame {
        game_id: "game-1".into(),
        seed: ServerSeed([7; 32]),
    })
}

/// A match of `spec` whose first game waits for a move, and the seat it waits for.
pub(super) fn waiting_for_a_move(spec: MatchSpec) -> (MatchState, Seat) {
    let state = decided(&MatchState::new(spec), start());
    let Waiting::Move(seat) = state.waiting() else {
        panic!("a new game waits for {:?}", state.waiting());
    };
    (state, seat)
}

/// A match of `spec` whose first game is over (a seat resigned).
pub(super) fn game_over(spec: MatchSpec) -> MatchState {
    let (state, seat) = waiting_for_a_move(spec);
    decided(&state, Command::Resign { seat })
}
