//! `MatchState` without a runtime: series rules, claims, resignations, rematches, seeds and
//! commitments, refusal codes, and "decide then apply" being the same as replaying.

use std::time::Duration;

use senet_engine::{Setup, Variant};

use super::*;
use senet_protocol::{Series, SeriesKind};

fn seat(n: u8) -> Seat {
    Seat::new(n).unwrap()
}

fn spec(variant: Variant, kind: SeriesKind, target: u32, seed_window: bool) -> MatchSpec {
    MatchSpec {
        variant,
        setup: Setup::players(2),
        series: Series { kind, target },
        seed_window,
        clock: None,
    }
}

/// A fixed game entropy (tests are deterministic).
fn game(k: u8) -> NewGame {
    NewGame {
        game_id: format!("game-{k}"),
        seed: ServerSeed([k; 32]),
    }
}

/// Decides and takes the new state; returns the facts' kinds.
fn run(state: &mut MatchState, command: Command) -> Vec<&'static str> {
    let d = state
        .decide(&command)
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    *state = d.after;
    d.facts.iter().map(Fact::kind).collect()
}

fn refusal(state: &MatchState, command: Command) -> &'static str {
    state.decide(&command).expect_err("refused").code()
}

fn started(variant: Variant, kind: SeriesKind, target: u32) -> MatchState {
    let mut s = MatchState::new(spec(variant, kind, target, false));
    run(&mut s, Command::StartGame(game(1)));
    s
}

/// Plays the current game to its end, each seat taking its first legal move.
fn play_out(state: &mut MatchState) {
    for _ in 0..20_000 {
        match state.waiting() {
            Waiting::Move(seat) => {
                let mv = state.game().unwrap().engine.legal_moves()[0].to_string();
                let game = state.game_no();
                run(
                    state,
                    Command::Move {
                        seat,
                        game,
                        mv,
                        thinking: Duration::ZERO,
                    },
                );
            }
            Waiting::Throw(_) => {
                run(state, Command::CatchUp);
            }
            _ => return,
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_best_of_three_is_decided_by_games_won() {
    let mut s = started(Variant::Pyramid, SeriesKind::BestOf, 3);
    assert_eq!(s.game().unwrap().seats, [seat(1), seat(2)]);
    let kinds = run(&mut s, Command::Resign { seat: seat(1) });
    assert_eq!(kinds, ["resigned", "game_over"]);
    assert_eq!(s.wins(), [0, 1]);
    assert!(!s.series_decided());
    assert_eq!(s.waiting(), Waiting::GameOver);
    run(
        &mut s,
        Command::Rematch {
            seat: seat(1),
            next: game(2),
        },
    );
    let kinds = run(
        &mut s,
        Command::Rematch {
            seat: seat(2),
            next: game(2),
        },
    );
    assert_eq!(kinds[..2], ["rematch_requested", "game_started"]);
    assert_eq!(s.game_no(), 2);
    // Seats rotate: seat 2 plays engine player 1 in game 2.
    assert_eq!(s.game().unwrap().seats, [seat(2), seat(1)]);
    let kinds = run(&mut s, Command::Resign { seat: seat(1) });
    assert_eq!(kinds, ["resigned", "game_over", "match_over"]);
    assert!(s.match_over());
    assert_eq!(s.series_winner(), Some(seat(2)));
    assert_eq!(s.waiting(), Waiting::MatchOver);
    assert_eq!(
        refusal(
            &s,
            Command::Rematch {
                seat: seat(1),
                next: game(3)
            }
        ),
        "match_over"
    );
}

#[test]
fn a_first_to_series_is_decided_by_points() {
    let mut s = started(Variant::Pyramid, SeriesKind::FirstTo, 1);
    let kinds = run(&mut s, Command::Resign { seat: seat(2) });
    assert_eq!(kinds, ["resigned", "game_over", "match_over"]);
    assert!(s.score()[0] >= 1);
    assert_eq!(s.series_winner(), Some(seat(1)));

    let mut long = started(Variant::Pyramid, SeriesKind::FirstTo, 99);
    run(&mut long, Command::Resign { seat: seat(2) });
    assert!(!long.match_over());
    assert!(!long.series_decided());
    assert_eq!(long.leader(), Some(seat(1)));
}

#[test]
fn the_series_leader_breaks_ties_on_the_other_measure() {
    let mut s = started(Variant::Pyramid, SeriesKind::BestOf, 5);
    assert_eq!(s.leader(), None);
    run(&mut s, Command::Resign { seat: seat(1) });
    assert_eq!(s.leader(), Some(seat(2)));
}

#[test]
fn full_games_end_by_the_rules_in_every_variant() {
    for v in Variant::ALL {
        let mut s = started(v, SeriesKind::BestOf, 1);
        play_out(&mut s);
        assert!(s.match_over(), "{v}");
        assert_eq!(s.waiting(), Waiting::MatchOver);
        assert!(s.game().unwrap().revealed_seed().is_some());
    }
}

#[test]
fn claims_need_the_seat_to_move_gone_long_enough() {
    let s = started(Variant::Pyramid, SeriesKind::BestOf, 1);
    let Waiting::Move(to_move) = s.waiting() else {
        panic!(
            "a move is awaited after the opening throws: {:?}",
            s.waiting()
        );
    };
    let other = if to_move == seat(1) { seat(2) } else { seat(1) };
    let needed = Duration::from_secs(30);
    let claim = |gone: Option<Duration>, by: Seat| {
        let mut gone_for = vec![None, None];
        gone_for[to_move.index()] = gone;
        Command::Claim {
            seat: by,
            gone_for,
            needed,
            waited: Duration::from_secs(1),
            move_limit: Some(Duration::from_secs(600)),
        }
    };
    assert_eq!(refusal(&s, claim(None, other)), "not_absent");
    assert_eq!(
        refusal(&s, claim(Some(Duration::from_secs(99)), to_move)),
        "not_absent"
    );
    let early = s
        .decide(&claim(Some(Duration::from_secs(5)), other))
        .unwrap_err();
    assert_eq!(
        early,
        MatchError::TooEarly {
            against: to_move,
            gone: 5,
            needed: 30
        }
    );
    let d = s
        .decide(&claim(Some(Duration::from_secs(31)), other))
        .unwrap();
    assert_eq!(
        d.facts[0],
        Fact::Claimed {
            seat: other,
            against: to_move
        }
    );
    assert!(matches!(d.facts[1], Fact::GameOver { winner: Some(w), .. } if w == other));
}

#[test]
fn a_resignation_ends_the_game_for_the_other_seat() {
    let mut s = started(Variant::Jequier, SeriesKind::BestOf, 1);
    run(&mut s, Command::Resign { seat: seat(2) });
    let g = s.game().unwrap();
    assert!(g.over);
    assert_eq!(s.wins(), [1, 0]);
    assert_eq!(refusal(&s, Command::Resign { seat: seat(1) }), "game_over");
}

#[test]
fn a_game_knows_whether_every_seat_has_moved() {
    let mut s = started(Variant::Parker, SeriesKind::BestOf, 3);
    let mut movers = Vec::new();
    while movers.len() < 2 {
        assert!(!s.game().unwrap().every_seat_moved(), "{movers:?}");
        match s.waiting() {
            Waiting::Move(seat) => {
                let mv = s.game().unwrap().engine.legal_moves()[0].to_string();
                let game = s.game_no();
                run(
                    &mut s,
                    Command::Move {
                        seat,
                        game,
                        mv,
                        thinking: Duration::ZERO,
                    },
                );
                if !movers.contains(&seat) {
                    movers.push(seat);
                }
            }
            Waiting::Throw(_) => {
                run(&mut s, Command::CatchUp);
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(s.game().unwrap().every_seat_moved());
    // Kept once the game is over; a game resigned before any move never has it.
    run(&mut s, Command::Resign { seat: seat(1) });
    assert!(
        s.game().unwrap().every_seat_moved(),
        "kept once the game is over"
    );
    let mut fresh = started(Variant::Parker, SeriesKind::BestOf, 1);
    run(&mut fresh, Command::Resign { seat: seat(2) });
    assert!(!fresh.game().unwrap().every_seat_moved());
}

#[test]
fn rematches_need_every_seat_and_an_ended_game() {
    let mut s = started(Variant::Modern, SeriesKind::BestOf, 3);
    assert_eq!(
        refusal(
            &s,
            Command::Rematch {
                seat: seat(1),
                next: game(2)
            }
        ),
        "game_not_over"
    );
    run(&mut s, Command::Resign { seat: seat(2) });
    assert_eq!(
        run(
            &mut s,
            Command::Rematch {
                seat: seat(1),
                next: game(2)
            }
        ),
        ["rematch_requested"]
    );
    // Asking twice changes nothing.
    assert!(
        run(
            &mut s,
            Command::Rematch {
                seat: seat(1),
                next: game(2)
            }
        )
        .is_empty()
    );
    assert_eq!(s.game_no(), 1);
    run(
        &mut s,
        Command::Rematch {
            seat: seat(2),
            next: game(2),
        },
    );
    assert_eq!(s.game_no(), 2);
    assert_eq!(s.game().unwrap().id, "game-2");
}

#[test]
fn client_seeds_come_before_the_first_throw_and_the_commitment_binds_the_seed() {
    let mut s = MatchState::new(spec(Variant::Pyramid, SeriesKind::BestOf, 1, true));
    assert_eq!(
        refusal(
            &s,
            Command::ClientSeed {
                seat: seat(1),
                seed: "a".into()
            }
        ),
        "not_started"
    );
    let d = s.decide(&Command::StartGame(game(7))).unwrap();
    assert_eq!(d.facts.len(), 1, "a seed window: no throw yet");
    let Fact::GameStarted(start) = &d.facts[0] else {
        panic!("{:?}", d.facts[0]);
    };
    assert_eq!(start.commitment, ServerSeed([7; 32]).commitment());
    assert_eq!(start.seed, ServerSeed([7; 32]).to_hex());
    s = d.after;
    assert_eq!(s.waiting(), Waiting::Seeds);
    assert_eq!(
        s.game().unwrap().revealed_seed(),
        None,
        "secret until the end"
    );
    assert_eq!(refusal(&s, Command::StartGame(game(8))), "already_started");
    assert_eq!(
        refusal(
            &s,
            Command::ClientSeed {
                seat: seat(1),
                seed: "no spaces".into()
            }
        ),
        "bad_seed"
    );
    assert_eq!(
        run(
            &mut s,
            Command::ClientSeed {
                seat: seat(1),
                seed: "abc".into()
            }
        ),
        ["client_seed"]
    );
    assert_eq!(
        refusal(
            &s,
            Command::ClientSeed {
                seat: seat(1),
                seed: "x".into()
            }
        ),
        "seed_given"
    );
    // The last seed closes the window: the server throws in the same command.
    let kinds = run(
        &mut s,
        Command::ClientSeed {
            seat: seat(2),
            seed: "def".into(),
        },
    );
    assert_eq!(kinds[..2], ["client_seed", "thrown"]);
    assert_eq!(s.game().unwrap().seeds(), ["abc", "def"]);
    assert_eq!(
        refusal(
            &s,
            Command::ClientSeed {
                seat: seat(2),
                seed: "x".into()
            }
        ),
        "seeds_closed"
    );

    // A commitment that is not the seed's, or faces the seed does not give, do not apply.
    let mut fresh = MatchState::new(*s.spec());
    let forged = Fact::GameStarted(Box::new(GameStart {
        game_id: "g".into(),
        seats: vec![seat(1), seat(2)],
        commitment: "0".repeat(64),
        seed: ServerSeed([1; 32]).to_hex(),
    }));
    assert!(matches!(fresh.apply(&forged), Err(ApplyError::BadSeed(_))));
}

#[test]
fn a_closed_seed_window_throws() {
    let mut s = MatchState::new(spec(Variant::Parker, SeriesKind::BestOf, 1, true));
    run(&mut s, Command::StartGame(game(3)));
    assert!(!s.owes_work(), "waiting for seeds is not owed work");
    let kinds = run(&mut s, Command::CloseSeeds);
    assert_eq!(kinds[0], "thrown");
    assert!(run(&mut s, Command::CloseSeeds).is_empty());
}

#[test]
fn refusals_have_their_protocol_codes_and_change_nothing() {
    let s0 = MatchState::new(spec(Variant::Pyramid, SeriesKind::BestOf, 1, false));
    assert_eq!(
        refusal(&s0, Command::Resign { seat: seat(1) }),
        "not_started"
    );
    let s = started(Variant::Pyramid, SeriesKind::BestOf, 1);
    let Waiting::Move(to_move) = s.waiting() else {
        panic!("{:?}", s.waiting());
    };
    let other = if to_move == seat(1) { seat(2) } else { seat(1) };
    let before = s.clone();
    assert_eq!(
        refusal(
            &s,
            Command::Move {
                seat: to_move,
                game: 2,
                mv: "x".into(),
                thinking: Duration::ZERO,
            }
        ),
        "wrong_game"
    );
    let legal = s.game().unwrap().engine.legal_moves()[0].to_string();
    assert_eq!(
        refusal(
            &s,
            Command::Move {
                seat: other,
                game: 1,
                mv: legal,
                thinking: Duration::ZERO,
            }
        ),
        "not_your_turn"
    );
    let code = refusal(
        &s,
        Command::Move {
            seat: to_move,
            game: 1,
            mv: "nonsense".into(),
            thinking: Duration::ZERO,
        },
    );
    assert!(!code.is_empty() && code != "internal", "{code}");
    assert_eq!(s, before);
}

#[test]
fn deciding_then_applying_is_replaying_the_facts() {
    for v in Variant::ALL {
        let initial = MatchState::new(spec(v, SeriesKind::BestOf, 3, true));
        let mut live = initial.clone();
        let mut facts = Vec::new();
        let mut step = |live: &mut MatchState, c: Command| {
            let d = live.decide(&c).unwrap();
            // Applying the decided facts to the state before gives the decided state.
            let mut again = live.clone();
            for f in &d.facts {
                again.apply(f).unwrap();
            }
            assert_eq!(again, d.after, "{v}: {c:?}");
            facts.extend(d.facts);
            *live = d.after;
        };
        step(&mut live, Command::StartGame(game(1)));
        step(
            &mut live,
            Command::ClientSeed {
                seat: seat(2),
                seed: "s2".into(),
            },
        );
        step(&mut live, Command::CloseSeeds);
        for _ in 0..5_000 {
            match live.waiting() {
                Waiting::Move(seat) => {
                    let legal = live.game().unwrap().engine.legal_moves();
                    let mv = legal[legal.len() / 2].to_string();
                    let game = live.game_no();
                    step(
                        &mut live,
                        Command::Move {
                            seat,
                            game,
                            mv,
                            thinking: Duration::ZERO,
                        },
                    );
                }
                _ => break,
            }
        }
        // Recovery: the stored facts alone rebuild the same state.
        let mut replayed = initial.clone();
        for f in &facts {
            let stored = Fact::from_json(&f.to_json()).unwrap();
            replayed.apply(&stored).unwrap();
        }
        assert_eq!(replayed, live, "{v}");
        assert_eq!(replayed.events(), facts.len() as u64);
    }
}

#[test]
fn facts_that_do_not_follow_are_errors_not_panics() {
    let mut s = started(Variant::Pyramid, SeriesKind::BestOf, 1);
    let before = s.clone();
    for bad in [
        Fact::Moved {
            seat: seat(4),
            mv: "1-2".into(),
            used_ms: None,
        },
        Fact::Resigned { seat: seat(3) },
        Fact::Claimed {
            seat: seat(1),
            against: seat(4),
        },
        Fact::ClientSeed {
            seat: seat(4),
            seed: "x".into(),
        },
        Fact::Thrown {
            seat: seat(1),
            faces: vec![9, 9, 9],
        },
        Fact::GameOver {
            winner: Some(seat(4)),
            reason: senet_engine::EndReason::Completed,
            points: 0,
        },
        Fact::MatchOver { winner: None },
        Fact::RematchRequested { seat: seat(1) },
        Fact::Passed { seat: seat(1) },
        Fact::GameStarted(Box::new(GameStart {
            game_id: "x".into(),
            seats: vec![seat(1)],
            commitment: String::new(),
            seed: "zz".into(),
        })),
    ] {
        let mut copy = before.clone();
        assert!(copy.apply(&bad).is_err(), "{bad:?}");
    }
    // The state the errors were made on is unchanged (they were tried on copies).
    assert_eq!(s, before);
    run(&mut s, Command::Resign { seat: seat(1) });
}

#[test]
fn a_resignation_while_seeds_are_taken_ends_the_game_at_once() {
    let mut s = MatchState::new(spec(Variant::Pyramid, SeriesKind::BestOf, 1, true));
    run(&mut s, Command::StartGame(game(5)));
    assert_eq!(s.waiting(), Waiting::Seeds);
    let kinds = run(&mut s, Command::Resign { seat: seat(2) });
    assert_eq!(kinds, ["resigned", "game_over", "match_over"]);
    assert_eq!(s.series_winner(), Some(seat(1)));
}

#[test]
fn a_seat_that_takes_too_long_can_be_claimed_against_while_connected() {
    let s = started(Variant::Pyramid, SeriesKind::BestOf, 1);
    let Waiting::Move(to_move) = s.waiting() else {
        panic!("{:?}", s.waiting());
    };
    let other = if to_move == seat(1) { seat(2) } else { seat(1) };
    let claim = |waited: u64, limit: Option<u64>| Command::Claim {
        seat: other,
        gone_for: vec![None, None],
        needed: Duration::from_secs(60),
        waited: Duration::from_secs(waited),
        move_limit: limit.map(Duration::from_secs),
    };
    assert_eq!(refusal(&s, claim(599, Some(600))), "not_absent");
    assert_eq!(refusal(&s, claim(9_999, None)), "not_absent");
    let d = s.decide(&claim(600, Some(600))).unwrap();
    assert_eq!(
        d.facts[0],
        Fact::Claimed {
            seat: other,
            against: to_move
        }
    );
    assert_eq!(d.after.waiting(), Waiting::MatchOver);
}

#[test]
fn the_next_game_of_a_series_can_start_without_every_request() {
    let mut s = started(Variant::Parker, SeriesKind::BestOf, 3);
    assert_eq!(refusal(&s, Command::NextGame(game(2))), "game_not_over");
    run(&mut s, Command::Resign { seat: seat(1) });
    run(
        &mut s,
        Command::Rematch {
            seat: seat(2),
            next: game(2),
        },
    );
    let kinds = run(&mut s, Command::NextGame(game(2)));
    assert_eq!(kinds[0], "game_started");
    assert_eq!(s.game_no(), 2);
    // Stored and replayed, a server-started game applies like any other.
    let mut replay = MatchState::new(*s.spec());
    let mut live = MatchState::new(*s.spec());
    for c in [
        Command::StartGame(game(1)),
        Command::Resign { seat: seat(1) },
        Command::NextGame(game(2)),
    ] {
        let d = live.decide(&c).unwrap();
        for f in &d.facts {
            replay.apply(f).unwrap();
        }
        live = d.after;
    }
    assert_eq!(replay, live);
}

#[test]
fn an_idle_match_is_abandoned_and_its_series_ends() {
    let s = started(Variant::Modern, SeriesKind::BestOf, 5);
    let Waiting::Move(to_move) = s.waiting() else {
        panic!("{:?}", s.waiting());
    };
    let day = Duration::from_secs(86_400);
    let early = Command::Abandon {
        waited: day / 2,
        limit: day,
    };
    assert_eq!(refusal(&s, early), "not_idle");
    let d = s
        .decide(&Command::Abandon {
            waited: day,
            limit: day,
        })
        .unwrap();
    let kinds: Vec<_> = d.facts.iter().map(Fact::kind).collect();
    assert_eq!(kinds, ["abandoned", "game_over", "match_over"]);
    assert_eq!(d.facts[0], Fact::Abandoned { against: to_move });
    assert!(d.after.match_over());
    // The facts replay to the same state (recovery of an abandoned match).
    let mut replay = MatchState::new(*s.spec());
    replay
        .apply(&Fact::from_json(&d.facts[0].to_json()).unwrap())
        .unwrap_err();
    let mut again = s.clone();
    for f in &d.facts {
        again.apply(f).unwrap();
    }
    assert_eq!(again, d.after);
}
