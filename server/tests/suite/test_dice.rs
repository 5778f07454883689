//! Chosen dice, for tests only: a server built with the `test-dice` feature takes
//! `test_dice_seed` in `POST /api/matches`, and every game of that match throws from it
//! (`senet_live::chosen_game`), taking no client seeds; a normal build refuses the field.
//! The browser tests (`tests/browser/run.mjs`) seed one game so that a pass and a capture
//! come for sure, instead of playing games until luck brings them: the seed they use is
//! checked here against the rules, so a change of the rules that moves the pass away fails
//! here first (and `a_seed_for_the_browser_tests` finds another).

use senet_engine::{Setup, Variant};
use senet_match::dice::ServerSeed;
use senet_match::state::Waiting;
use senet_match::{Command, MatchSpec, MatchState, view};
use senet_protocol::{Series, SeriesKind};
use serde_json::Value;

/// The browser tests' seeded game: its variant and seed, as `tests/browser/run.mjs` writes
/// them (`const SEEDED_VARIANT = '…';`, `const SEEDED_DICE = '…';`).
fn browser_seeded_game() -> (Variant, ServerSeed) {
    let script = include_str!("../../../tests/browser/run.mjs");
    let constant = |name: &str| -> &str {
        let at = script
            .find(&format!("const {name} = '"))
            .unwrap_or_else(|| panic!("run.mjs has {name}"));
        let rest = &script[at + name.len() + 10..];
        &rest[..rest.find('\'').expect("a quoted value")]
    };
    let variant = constant("SEEDED_VARIANT").parse().expect("a variant id");
    let seed = ServerSeed::from_hex(constant("SEEDED_DICE")).expect("64 hex digits");
    (variant, seed)
}

/// Plays game 1 of a two-seat match of `variant` whose dice are `seed` as the server does
/// for a test build (`chosen_game`, no client seeds) and as the browser test plays it (each
/// seat the first legal move). Returns how many moves are made before a seat about to move
/// has been told of a pass and another of a capture against them (the page's notice, which
/// stays until that seat's next move: web/match.js, and `checkNotice` in run.mjs), if that
/// happens within `max` moves.
fn moves_to_a_pass_and_a_capture(variant: Variant, seed: &ServerSeed, max: usize) -> Option<usize> {
    let spec = MatchSpec {
        variant,
        setup: Setup::players(2),
        series: Series {
            kind: SeriesKind::BestOf,
            target: 1,
        },
        seed_window: false,
        clock: None,
    };
    let mut state = MatchState::new(spec);
    let mut command = Command::StartGame(senet_live::chosen_game(seed, 1));
    let mut frames: Vec<Value> = Vec::new();
    // Per seat, the last event before its latest move.
    let mut acted = [0u64; 3];
    let (mut pass, mut capture) = (false, false);
    for moves in 0..=max {
        let mut no = state.events();
        let decision = state
            .decide_observed(&command, |after, fact, geometry| {
                no += 1;
                let e = view::event(after, no, fact, geometry);
                frames.push(serde_json::to_value(e).expect("a frame is JSON"));
            })
            .ok()?;
        state = decision.after;
        loop {
            match state.waiting() {
                Waiting::Throw(_) => {
                    let mut no = state.events();
                    let decision = state
                        .decide_observed(&Command::CatchUp, |after, fact, geometry| {
                            no += 1;
                            let e = view::event(after, no, fact, geometry);
                            frames.push(serde_json::to_value(e).expect("a frame is JSON"));
                        })
                        .ok()?;
                    state = decision.after;
                }
                Waiting::Move(_) => break,
                _ => return None,
            }
        }
        let Waiting::Move(seat) = state.waiting() else {
            return None;
        };
        let s = u64::from(seat.get());
        let seats: Vec<u64> = state
            .game()?
            .seats
            .iter()
            .map(|x| u64::from(x.get()))
            .collect();
        // What the seat's page keeps in view now: its latest pass or capture since it moved.
        let mut told = None;
        for e in frames
            .iter()
            .filter(|e| e["no"].as_u64() > Some(acted[seat.index() + 1]))
        {
            if e["kind"] == "passed"
                && (e["seat"].as_u64() == Some(s) || e["turn"]["seat"].as_u64() == Some(s))
            {
                told = Some("pass");
            }
            let hit = e["geometry"]["steps"].as_array().is_some_and(|steps| {
                steps.iter().skip(1).any(|r| {
                    ["capture", "sent_back", "removed"].contains(&r["kind"].as_str().unwrap_or(""))
                        && r["owner"]
                            .as_u64()
                            .and_then(|o| seats.get(usize::try_from(o).ok()? - 1))
                            == Some(&s)
                })
            });
            if e["kind"] == "moved" && hit {
                told = Some("capture");
            }
        }
        pass |= told == Some("pass");
        capture |= told == Some("capture");
        if pass && capture {
            return Some(moves);
        }
        acted[seat.index() + 1] = state.events();
        let mv = view::turn(&state).legal.first()?.clone();
        command = Command::Move {
            seat,
            game: 1,
            mv,
            thinking: std::time::Duration::ZERO,
        };
    }
    None
}

/// The most moves the browser test's seeded game may take to show a pass and a capture.
const SEEDED_MOVES: usize = 40;

#[test]
fn the_browser_tests_seed_brings_a_pass_and_a_capture() {
    let (variant, seed) = browser_seeded_game();
    let moves = moves_to_a_pass_and_a_capture(variant, &seed, SEEDED_MOVES);
    assert!(
        moves.is_some(),
        "{variant} with the seed of run.mjs no longer shows a pass and a capture within \
         {SEEDED_MOVES} moves: find another with `cargo test -p senet-server --test suite \
         test_dice::a_seed_for_the_browser_tests -- --ignored --nocapture`"
    );
}

/// Prints, for each variant, the seed (of the first 3,000 tried) whose game shows a pass and
/// a capture soonest, for `SEEDED_DICE` in run.mjs.
#[test]
#[ignore = "a search, run by hand when the browser tests need a new seed"]
fn a_seed_for_the_browser_tests() {
    for variant in Variant::ALL {
        let mut best: Option<(usize, ServerSeed)> = None;
        for k in 0..3000u32 {
            let mut bytes = [0u8; 32];
            bytes[..4].copy_from_slice(&k.to_be_bytes());
            bytes[31] = 0x5e;
            let seed = ServerSeed(bytes);
            if let Some(moves) = moves_to_a_pass_and_a_capture(variant, &seed, SEEDED_MOVES)
                && best.as_ref().is_none_or(|(m, _)| moves < *m)
            {
                best = Some((moves, seed));
            }
        }
        match best {
            Some((moves, seed)) => println!("{variant}: {} ({moves} moves)", seed.to_hex()),
            None => println!("{variant}: none within {SEEDED_MOVES} moves"),
        }
    }
}

#[cfg(not(feature = "test-dice"))]
#[tokio::test]
async fn a_normal_build_refuses_a_chosen_seed() {
    let s = crate::common::start().await;
    let seed = "00".repeat(32);
    let (st, reply) = s
        .post(
            "/api/matches",
            serde_json::json!({"variant": "jequier", "test_dice_seed": seed}),
        )
        .await;
    assert_eq!(
        (st, &reply["code"]),
        (400, &serde_json::json!("malformed")),
        "{reply}"
    );
}

#[cfg(feature = "test-dice")]
#[tokio::test]
async fn a_test_build_throws_from_the_chosen_seed() {
    let s = crate::common::start().await;
    let (variant, seed) = browser_seeded_game();
    let (id, tokens, _) = s
        .create_full(serde_json::json!({"variant": variant.id(), "test_dice_seed": seed.to_hex()}))
        .await;
    let (_ws, welcome) = s.hello(&id, Some(&tokens[0]), Some(0)).await;
    // No wait for client seeds: the first throw came with the last seat.
    let snap = &welcome["snapshot"];
    assert_eq!(snap["game_id"], senet_live::chosen_game(&seed, 1).game_id);
    assert_eq!(snap["commitment"], seed.commitment());
    assert_ne!(snap["turn"]["kind"], "seeds", "{snap}");
    // The same throws as the pure match makes from the seed.
    let spec = MatchSpec {
        variant,
        setup: Setup::players(2),
        series: Series::default(),
        seed_window: false,
        clock: None,
    };
    let expected = MatchState::new(spec)
        .decide(&Command::StartGame(senet_live::chosen_game(&seed, 1)))
        .expect("the game starts");
    assert_eq!(
        snap["notation"],
        expected
            .after
            .game()
            .map(|g| g.engine.to_notation())
            .unwrap()
    );
    // A bad seed is refused.
    let (st, reply) = s
        .post(
            "/api/matches",
            serde_json::json!({"variant": "jequier", "test_dice_seed": "xyz"}),
        )
        .await;
    assert_eq!(st, 422, "{reply}");
}
