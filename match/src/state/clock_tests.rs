//! Clocks with time as an input: what a move costs, a loss on time and its points, and the
//! figures after a restart (the facts replayed) and on a reconnect (a snapshot's view). No
//! test sleeps: the time a seat took is part of each command.

use std::time::Duration;

use senet_engine::{EndReason, Setup, Variant};

use super::*;
use senet_protocol::{ClockSpec, Series, SeriesKind};

const SEC: Duration = Duration::from_secs(1);

fn seat(n: u8) -> Seat {
    Seat::new(n).unwrap()
}

fn clocked(variant: Variant, players: u8, clock: ClockSpec) -> MatchState {
    let spec = MatchSpec {
        variant,
        setup: Setup::players(players),
        series: Series {
            kind: SeriesKind::BestOf,
            target: 1,
        },
        seed_window: false,
        clock: Some(clock),
    };
    let mut s = MatchState::new(spec);
    s = s
        .decide(&Command::StartGame(NewGame {
            game_id: format!("clock-{}", variant.id()),
            seed: ServerSeed([9; 32]),
        }))
        .unwrap()
        .after;
    s
}

fn fischer(base_secs: u32, increment_secs: u32) -> ClockSpec {
    ClockSpec::Fischer {
        base_secs,
        increment_secs,
    }
}

/// The seat to move, and a move of its.
fn to_move(s: &MatchState) -> (Seat, String) {
    let Waiting::Move(seat) = s.waiting() else {
        panic!("no move awaited: {:?}", s.waiting());
    };
    (seat, s.game().unwrap().engine.legal_moves()[0].to_string())
}

fn mv(s: &MatchState, thinking: Duration) -> Result<Decision, MatchError> {
    let (seat, mv) = to_move(s);
    s.decide(&Command::Move {
        seat,
        game: s.game_no(),
        mv,
        thinking,
    })
}

fn time_left(s: &MatchState, seat: Seat) -> Duration {
    s.game().unwrap().time_left[seat.index()]
}

/// Replays every fact of `facts` into a fresh state of the same spec: what a restart does.
fn replayed(spec: MatchSpec, facts: &[Fact]) -> MatchState {
    let mut r = MatchState::new(spec);
    for f in facts {
        r.apply(f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
    }
    r
}

#[test]
fn a_fischer_move_costs_its_time_and_earns_the_increment() {
    let s = clocked(Variant::Pyramid, 2, fischer(60, 2));
    let (mover, _) = to_move(&s);
    assert_eq!(s.clock_running(), Some((mover, 60 * SEC)));
    let d = mv(&s, Duration::from_millis(10_250)).unwrap();
    let Fact::Moved { used_ms, .. } = &d.facts[0] else {
        panic!("{:?}", d.facts[0]);
    };
    assert_eq!(*used_ms, Some(10_250));
    assert_eq!(
        time_left(&d.after, mover),
        Duration::from_millis(60_000 - 10_250 + 2_000)
    );
    // Every event frame of a clocked match carries the figures after it.
    let view = d.after.clock_view(Duration::ZERO).unwrap();
    assert_eq!(view.remaining_ms[mover.index()], 51_750);
}

#[test]
fn a_correspondence_move_gets_the_full_time_back() {
    let s = clocked(Variant::Martian, 2, ClockSpec::Correspondence { days: 2 });
    let (mover, _) = to_move(&s);
    let d = mv(&s, 30 * 3_600 * SEC).unwrap();
    assert_eq!(time_left(&d.after, mover), 2 * 86_400 * SEC);
}

#[test]
fn a_move_after_the_time_ran_out_is_refused_and_the_flag_ends_the_game() {
    for variant in Variant::ALL {
        let s = clocked(variant, 2, fischer(30, 0));
        let (mover, _) = to_move(&s);
        let other = Seat::all(2).find(|&x| x != mover).unwrap();
        assert_eq!(mv(&s, 30 * SEC).unwrap_err().code(), "out_of_time");
        assert_eq!(
            s.decide(&Command::Flag { thinking: 29 * SEC })
                .unwrap_err()
                .code(),
            "time_left"
        );
        let d = s.decide(&Command::Flag { thinking: 31 * SEC }).unwrap();
        let kinds: Vec<_> = d.facts.iter().map(Fact::kind).collect();
        assert_eq!(kinds, ["timed_out", "game_over", "match_over"], "{variant}");
        let Fact::GameOver {
            winner,
            reason,
            points,
        } = &d.facts[1]
        else {
            panic!("{:?}", d.facts[1]);
        };
        assert_eq!(*winner, Some(other), "{variant}");
        assert_eq!(*reason, EndReason::Timeout, "{variant}");
        // A loss on time is scored as a resignation at the same moment.
        let resigned = s.decide(&Command::Resign { seat: mover }).unwrap();
        let resigned_points = resigned.facts.iter().find_map(|f| match f {
            Fact::GameOver { points, .. } => Some(*points),
            _ => None,
        });
        assert_eq!(Some(*points), resigned_points, "{variant}");
        assert_eq!(d.after.score()[other.index()], *points);
        assert_eq!(time_left(&d.after, mover), Duration::ZERO);
    }
}

#[test]
fn four_players_lose_on_time_as_they_resign() {
    let s = clocked(Variant::Modern, 4, fischer(10, 1));
    let d = s.decide(&Command::Flag { thinking: 10 * SEC }).unwrap();
    let resigned = s
        .decide(&Command::Resign {
            seat: to_move(&s).0,
        })
        .unwrap();
    let over = |d: &Decision| {
        d.facts
            .iter()
            .find_map(|f| match f {
                Fact::GameOver { winner, points, .. } => Some((*winner, *points)),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(over(&d), over(&resigned));
}

#[test]
fn no_clock_no_flag() {
    let spec = MatchSpec {
        clock: None,
        ..*clocked(Variant::Jequier, 2, fischer(5, 0)).spec()
    };
    let mut s = MatchState::new(spec);
    s = s
        .decide(&Command::StartGame(NewGame {
            game_id: "g".into(),
            seed: ServerSeed([1; 32]),
        }))
        .unwrap()
        .after;
    assert_eq!(s.clock_running(), None);
    assert_eq!(s.clock_view(Duration::ZERO), None);
    assert_eq!(
        s.decide(&Command::Flag {
            thinking: 3_600 * SEC
        })
        .unwrap_err()
        .code(),
        "time_left"
    );
    // Without a clock, a move carries no time, however long it took.
    let d = mv(&s, 3_600 * SEC).unwrap();
    assert!(matches!(d.facts[0], Fact::Moved { used_ms: None, .. }));
}

#[test]
fn the_clocks_are_rebuilt_from_the_facts_after_a_restart() {
    let mut s = clocked(Variant::Parker, 2, fischer(120, 3));
    let mut facts: Vec<Fact> = Vec::new();
    // The facts of the start are replayed too.
    let start = MatchState::new(*s.spec())
        .decide(&Command::StartGame(NewGame {
            game_id: "clock-parker".into(),
            seed: ServerSeed([9; 32]),
        }))
        .unwrap();
    facts.extend(start.facts);
    for k in 1..=12u64 {
        if !matches!(s.waiting(), Waiting::Move(_)) {
            break;
        }
        let d = mv(&s, Duration::from_millis(1_000 + 337 * k)).unwrap();
        facts.extend(d.facts);
        s = d.after;
    }
    let restarted = replayed(*s.spec(), &facts);
    assert_eq!(restarted, s);
    assert_eq!(
        restarted.clock_view(Duration::ZERO),
        s.clock_view(Duration::ZERO)
    );
    // The time the server was down is in no fact: the clock after the restart shows what the
    // seat had when its decision began.
    if let Some((seat, left)) = restarted.clock_running() {
        assert_eq!(
            restarted.clock_view(Duration::ZERO).unwrap().remaining_ms[seat.index()],
            u64::try_from(left.as_millis()).unwrap()
        );
    }
}

#[test]
fn a_reconnect_sees_the_running_clock_less_the_time_taken_so_far() {
    let s = clocked(Variant::Jequier, 2, fischer(300, 5));
    let (mover, _) = to_move(&s);
    let view = s.clock_view(Duration::from_millis(12_345)).unwrap();
    assert_eq!(view.running, Some(mover.get()));
    for other in Seat::all(2) {
        let expect = if other == mover {
            300_000 - 12_345
        } else {
            300_000
        };
        assert_eq!(view.remaining_ms[other.index()], expect);
    }
    // Never below zero, however late the snapshot.
    let late = s.clock_view(3_600 * SEC).unwrap();
    assert_eq!(late.remaining_ms[mover.index()], 0);
}

#[test]
fn clock_facts_that_do_not_follow_are_refused() {
    let s = clocked(Variant::Pyramid, 2, fischer(60, 0));
    let (mover, legal) = to_move(&s);
    let bad = [
        // A clocked match's move carries its time…
        Fact::Moved {
            seat: mover,
            mv: legal.clone(),
            used_ms: None,
        },
        // …which is less than the time the seat had.
        Fact::Moved {
            seat: mover,
            mv: legal.clone(),
            used_ms: Some(60_000),
        },
        // A flag needs the time to be used up, and the seat to be the one on move.
        Fact::TimedOut {
            seat: mover,
            used_ms: 59_999,
        },
        Fact::TimedOut {
            seat: Seat::all(2).find(|&x| x != mover).unwrap(),
            used_ms: 60_000,
        },
    ];
    for f in bad {
        let mut copy = s.clone();
        assert!(copy.apply(&f).is_err(), "{f:?} applied");
    }
    let plain = MatchSpec {
        clock: None,
        ..*s.spec()
    };
    let mut unclocked = MatchState::new(plain);
    unclocked
        .apply(&Fact::GameStarted(Box::new(GameStart {
            game_id: "clock-pyramid".into(),
            seats: vec![seat(1), seat(2)],
            commitment: ServerSeed([9; 32]).commitment(),
            seed: ServerSeed([9; 32]).to_hex(),
        })))
        .unwrap();
    assert!(
        unclocked
            .apply(&Fact::TimedOut {
                seat: seat(1),
                used_ms: 1
            })
            .is_err()
    );
}

#[test]
fn clock_figures_are_checked_at_creation() {
    assert!(fischer(300, 3).check().is_ok());
    assert!(fischer(0, 3).check().is_err());
    assert!(fischer(10_801, 0).check().is_err());
    assert!(fischer(60, 181).check().is_err());
    assert!(ClockSpec::Correspondence { days: 0 }.check().is_err());
    assert!(ClockSpec::Correspondence { days: 15 }.check().is_err());
    assert!(ClockSpec::Correspondence { days: 14 }.check().is_ok());
}

#[test]
fn the_clock_not_the_server_limits_decides_time() {
    let claim = |s: &MatchState, waited: Duration| {
        let (mover, _) = to_move(s);
        let other = Seat::all(2).find(|&x| x != mover).unwrap();
        s.decide(&Command::Claim {
            seat: other,
            gone_for: vec![Some(3_600 * SEC); 2],
            needed: 60 * SEC,
            waited,
            move_limit: Some(1_800 * SEC),
        })
    };
    // Correspondence: away for an hour, or two, is how such a game is played.
    let corr = clocked(Variant::Jequier, 2, ClockSpec::Correspondence { days: 3 });
    assert_eq!(
        claim(&corr, 7_200 * SEC).unwrap_err().code(),
        "clock_decides"
    );
    // Fischer: no claim for slowness (the clock is the move limit), one for absence still.
    let fischer_match = clocked(Variant::Jequier, 2, fischer(10_800, 0));
    let mut present = fischer_match.clone();
    let (mover, _) = to_move(&present);
    let other = Seat::all(2).find(|&x| x != mover).unwrap();
    let slow = present.decide(&Command::Claim {
        seat: other,
        gone_for: vec![None; 2],
        needed: 60 * SEC,
        waited: 7_200 * SEC,
        move_limit: Some(1_800 * SEC),
    });
    assert_eq!(slow.unwrap_err().code(), "not_absent");
    assert!(
        claim(&fischer_match, 7_200 * SEC).is_ok(),
        "gone for an hour"
    );
    // Nor does the idle end abandon a clocked match.
    for s in [&corr, &fischer_match] {
        let abandoned = s.decide(&Command::Abandon {
            waited: 200_000 * SEC,
            limit: 86_400 * SEC,
        });
        assert_eq!(abandoned.unwrap_err().code(), "clock_decides");
    }
    present = present
        .decide(&Command::Flag {
            thinking: 10_800 * SEC,
        })
        .unwrap()
        .after;
    assert_eq!(present.waiting(), Waiting::MatchOver);
}
