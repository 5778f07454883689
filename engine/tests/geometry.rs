//! Move geometry is exactly right: for every legal move met in random play, applying its
//! geometry to the placement before the move gives the placement after it. Then a few
//! hand-checked examples per variant.

#[macro_use]
#[path = "support/every_ruleset.rs"]
mod every_ruleset;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use senet_engine::geometry::{Layout, Piece, PieceKind, Place, StepKind};
use senet_engine::martian::Coaster as Shift;
use senet_engine::{Game, Geometry, IllegalMove, Player, Setup, Status, Throw, Variant};

fn roll(rng: &mut SmallRng, spec: senet_engine::ThrowSpec) -> Throw {
    let faces: Vec<u8> = (0..spec.count)
        .map(|_| rng.random_range(spec.die.min_face()..=spec.die.max_face()))
        .collect();
    Throw::new(spec, &faces).expect("a fair roll fits its spec")
}

/// Plays a random game; at every move checks the geometry of every legal move.
fn geometry_is_exact<R: Layout>(seed: u64, setup: Setup, max_actions: u32) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = R::new(setup).expect("setup");
    for _ in 0..max_actions {
        match game.status() {
            Status::Over(_) => return,
            Status::Throw { spec, .. } => {
                let mv = game.legal_moves();
                assert!(mv.is_empty());
                game.throw(roll(&mut rng, spec)).expect("fair throw");
            }
            Status::Move { player } => {
                let before = game.placement();
                let legal = game.legal_moves();
                for &m in &legal {
                    let g = game
                        .geometry(m)
                        .unwrap_or_else(|e| panic!("no geometry for legal {m}: {e}"));
                    let mut placed = before.clone();
                    placed
                        .apply(&g)
                        .unwrap_or_else(|e| panic!("{m} in {}: {e}\n{g:#?}", game.to_notation()));
                    let mut after = game.clone();
                    after.play(player, m).expect("legal");
                    let mut after = after.placement();
                    if g.steps.is_empty() {
                        // A move that moves no piece may give the pieces owners (`pyramid`'s
                        // choice of colour); nothing else changes.
                        for p in [&mut placed, &mut after] {
                            for stack in &mut p.board {
                                for piece in &mut stack.pieces {
                                    piece.owner = None;
                                }
                            }
                        }
                    }
                    assert_eq!(
                        placed,
                        after,
                        "geometry of {m} in {} is wrong: {g:#?}",
                        game.to_notation()
                    );
                    // The mover's own step comes first and spends the dice.
                    if let Some(first) = g.steps.first().filter(|s| s.kind != StepKind::Coaster) {
                        assert_eq!(first.owner, player, "{m}");
                        assert!(!first.dice.is_empty(), "{m}");
                    }
                    let json = serde_json::to_string(&g).expect("serialise");
                    let back: Geometry = serde_json::from_str(&json).expect("deserialise");
                    assert_eq!(back, g);
                }
                let m = legal[rng.random_range(0..legal.len())];
                game.play(player, m).expect("legal");
            }
        }
    }
}

macro_rules! exact {
    ($name:ident, $ty:ty, $setup:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
            #[test]
            fn $name(seed in any::<u64>()) {
                geometry_is_exact::<$ty>(seed, $setup, 20_000);
            }
        }
    };
}

every_ruleset! {
    exact:
    jequier => senet_engine::jequier::Jequier, Setup::default();
    pyramid => senet_engine::pyramid::Pyramid, Setup::default();
    bell => senet_engine::bell::Bell, Setup::default();
    modern_2p => senet_engine::modern::Modern, Setup::players(2);
    modern_4p => senet_engine::modern::Modern, Setup::players(4);
    parker => senet_engine::parker::Parker, Setup::default();
    parker_no_waiting => senet_engine::parker::Parker, Setup {
        waiting_for_one: false,
        ..Setup::default()
    };
    martian => senet_engine::martian::Martian, Setup::default();
    kendall => senet_engine::kendall::Kendall, Setup::default();
    kendall_all_options => senet_engine::kendall::Kendall, Setup {
        five_pieces: true,
        starting_throw: true,
        trap: true,
        home_row: true,
        ..Setup::default()
    };
}

// ---------------------------------------------------------------------------------------
// Hand-checked examples.

/// A step written out: `(kind, owner, from, to, via, dice)`.
type Flat = (StepKind, u8, String, String, Vec<String>, Vec<u8>);

fn place(s: &str) -> Place {
    s.parse().unwrap()
}

/// The geometry of `mv` in the position `notation` of `variant`, as
/// `(kind, owner, from, to, via, dice)` with places written out.
fn steps(variant: Variant, notation: &str, mv: &str) -> Vec<Flat> {
    let game = Game::from_notation(variant, notation).unwrap();
    let mv = game.parse_move(mv).unwrap();
    let g = game.geometry(mv).unwrap();
    // The same geometry through the list of legal moves.
    let listed = game.legal_moves_with_geometry();
    assert!(listed.iter().any(|l| l.mv == mv && l.geometry == g));
    g.steps
        .iter()
        .map(|s| {
            (
                s.kind,
                u8::from(s.owner),
                s.from.to_string(),
                s.to.to_string(),
                s.via.iter().map(Place::to_string).collect(),
                s.dice.to_vec(),
            )
        })
        .collect()
}

fn st(kind: StepKind, owner: u8, from: &str, to: &str, via: &[&str], dice: &[u8]) -> Flat {
    (
        kind,
        owner,
        from.into(),
        to.into(),
        via.iter().map(|s| s.to_string()).collect(),
        dice.to_vec(),
    )
}

#[test]
fn jequier_send_back_trap_and_bear_off() {
    use StepKind::*;
    // White (player 1) on 12 hits black's lone piece on 14: it goes to the lowest empty square.
    assert_eq!(
        steps(
            Variant::Jequier,
            "...........W.B................ b2 m1:2",
            "12-14"
        ),
        [
            st(Move, 1, "s12", "s14", &[], &[2]),
            st(SentBack, 2, "s14", "s1", &[], &[]),
        ]
    );
    // Landing on the water (27) sends the piece to the lowest empty square.
    assert_eq!(
        steps(
            Variant::Jequier,
            "B.......................W..... b1 m2:3",
            "25-28"
        )[0],
        st(Move, 2, "s25", "s28", &[], &[3])
    );
    assert_eq!(
        steps(
            Variant::Jequier,
            "B.....................W....... b1 m2:4",
            "23-27"
        ),
        [st(Move, 2, "s23", "s2", &["s27"], &[4])]
    );
    // Bearing off.
    assert_eq!(
        steps(
            Variant::Jequier,
            "B............................W b1 m2:2",
            "30-off"
        ),
        [st(BearOff, 2, "s30", "off", &[], &[2])]
    );
}

#[test]
fn pyramid_capture_and_bear_off() {
    use StepKind::*;
    let g = Game::from_notation(
        Variant::Pyramid,
        "L........./........../.Ss....... -/- move b 3,1 black=1",
    )
    .unwrap();
    let geo = g.geometry(g.parse_move("1-4").unwrap());
    // Nothing on 4: an ordinary step with the 3.
    assert_eq!(
        geo.unwrap().steps[0].pieces.as_slice(),
        [Piece::new(Player::One, PieceKind::Large)]
    );
    // White's small pyramid on 23 is alone: black's small on 22 lands on it with the 1.
    assert_eq!(
        steps(
            Variant::Pyramid,
            "L........./........../.Ss....... -/- move b 3,1 black=1",
            "22-23"
        ),
        [
            st(Move, 1, "s22", "s23", &[], &[1]),
            st(Capture, 2, "s23", "out", &[], &[]),
        ]
    );
    assert_eq!(
        steps(
            Variant::Pyramid,
            "L........./........../.s......m. -/- move w 2,1 black=2",
            "29-off"
        ),
        [st(BearOff, 1, "s29", "off", &[], &[2])]
    );
}

#[test]
fn modern_bounce_moon_bird_and_send_back() {
    use StepKind::*;
    // An overshoot bounces back from the goal: 28 + 4 lands on 30.
    assert_eq!(
        steps(Variant::Modern, "2 28a1,5b1,6b2 - 1 move:4", "1+4"),
        [st(Move, 1, "s28", "s30", &["off"], &[4])]
    );
    // Exactly one past 30 goes up.
    assert_eq!(
        steps(Variant::Modern, "2 28a1,5b1,6b2 - 1 move:3", "1+3"),
        [st(BearOff, 1, "s28", "off", &[], &[3])]
    );
    // The moon sends the piece to the sun, pushing what stood there out of the game.
    assert_eq!(
        steps(Variant::Modern, "2 1b3,20a1,5b1,6b2 - 1 move:6", "1+6"),
        [
            st(Move, 1, "s20", "s1", &["s26"], &[6]),
            st(Removed, 2, "s1", "out", &[], &[]),
        ]
    );
    // The bird sends it to 15, where it hits b2: b2 to the sun, b3 off the sun.
    assert_eq!(
        steps(Variant::Modern, "2 1b3,24a1,15b2,6b1 - 1 move:3", "1+3"),
        [
            st(Move, 1, "s24", "s15", &["s27"], &[3]),
            st(SentBack, 2, "s15", "s1", &[], &[]),
            st(Removed, 2, "s1", "out", &[], &[]),
        ]
    );
    // Both dice as one step.
    assert_eq!(
        steps(Variant::Modern, "2 3a1,4a2,5b1,6b2 - 1 move:21", "1+3")[0],
        st(Move, 1, "s3", "s6", &[], &[2, 1])
    );
}

#[test]
fn parker_capture_across_the_senet_row() {
    use StepKind::*;
    // Player 1's man on 12 moves 3 to 15, alongside player 2's square 16: a capture.
    assert_eq!(
        steps(Variant::Parker, "wait q0 1:1,12 2:1,16 move 1 3,5", "12-15"),
        [
            st(Move, 1, "p1-12", "p1-15", &[], &[3]),
            st(Capture, 2, "p2-16", "out", &[], &[]),
        ]
    );
    // Both dice combined.
    assert_eq!(
        steps(Variant::Parker, "wait q0 1:1,2 2:1,16 move 1 3,5", "2-10")[0],
        st(Move, 1, "p1-2", "p1-10", &[], &[3, 5])
    );
}

#[test]
fn martian_stack_coaster_and_bear_off() {
    use StepKind::*;
    let notation = "S1:LMS S3:lms P8:L 1 move 5 10";
    let game = Game::from_notation(Variant::Martian, notation).unwrap();
    let g = game.geometry(game.parse_move("E>W").unwrap()).unwrap();
    assert_eq!(g.coaster, Some(Shift::EastToWest));
    // The east coaster (S1-S3, B7-B9, P1-P3) goes to the west end; the others shift east.
    assert_eq!(
        steps(Variant::Martian, notation, "E>W"),
        [
            st(Coaster, 1, "S1", "S7", &[], &[5]),
            st(Coaster, 2, "S3", "S9", &[], &[5]),
            st(Coaster, 1, "P8", "P5", &[], &[5]),
        ]
    );
    // A medium moves with the small on top of it.
    let game = Game::from_notation(Variant::Martian, "S1:LMS S3:L B5:l P8:L 1 move 2 10").unwrap();
    let g = game.geometry(game.parse_move("S1M").unwrap()).unwrap();
    assert_eq!(g.steps[0].to, place("S3"));
    assert_eq!(
        g.steps[0].pieces.as_slice(),
        [
            Piece::new(Player::One, PieceKind::Medium),
            Piece::new(Player::One, PieceKind::Small)
        ]
    );
    assert_eq!(
        steps(Variant::Martian, "S3:lms P8:L 1 move 2 10", "P8L"),
        [st(BearOff, 1, "P8", "off", &[], &[2])]
    );
}

#[test]
fn illegal_moves_have_no_geometry() {
    let game = Game::new(Variant::Pyramid, Setup::default()).unwrap();
    let mv = game.parse_move("1-3").unwrap();
    assert_eq!(game.geometry(mv), Err(IllegalMove::MustThrowFirst));
    let game =
        Game::from_notation(Variant::Jequier, "...........W.B................ b2 m1:2").unwrap();
    let mv = game.parse_move("12-13").unwrap();
    assert_eq!(game.geometry(mv), Err(IllegalMove::NoSuchDie));
    let mut game = game;
    let mv = game.parse_move("12-14").unwrap();
    let g = game.play_with_geometry(Player::One, mv).unwrap();
    assert_eq!(g.steps.len(), 2);
}

#[test]
fn legal_moves_serialise_with_their_geometry() {
    let game =
        Game::from_notation(Variant::Jequier, "...........W.B................ b2 m1:2").unwrap();
    let json = serde_json::to_value(game.legal_moves_with_geometry()).unwrap();
    assert_eq!(json[0]["move"], "12-14");
    assert_eq!(json[0]["steps"][0]["from"], "s12");
    assert_eq!(json[0]["steps"][0]["pieces"][0]["kind"], "white");
    assert_eq!(json[0]["steps"][1]["kind"], "sent_back");
    assert_eq!(json[0]["coaster"], serde_json::Value::Null);
}
