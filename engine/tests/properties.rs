//! Property tests: random legal play from the start, for every variant.
//!
//! For random seeds, a game is played with uniformly random throws and moves. At every step:
//! the invariants hold, notation and serde round-trip, every legal move is accepted by
//! `play`, moves that were legal elsewhere but are not listed now are refused without
//! changing the game, and the game ends within a bound.

#[macro_use]
#[path = "support/every_ruleset.rs"]
mod every_ruleset;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use senet_engine::{Concession, EndReason, Player, Rules, Setup, Status, Throw, ThrowSpec};

fn roll(rng: &mut SmallRng, spec: ThrowSpec) -> Throw {
    let faces: Vec<u8> = (0..spec.count)
        .map(|_| rng.random_range(spec.die.min_face()..=spec.die.max_face()))
        .collect();
    Throw::new(spec, &faces).expect("a fair roll fits its spec")
}

/// Plays one random game, checking every property along the way. Returns the number of
/// actions it took.
fn random_game<R: Rules>(seed: u64, setup: Setup, max_actions: u32) -> u32 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = R::new(setup).expect("setup");
    let mut seen_moves: Vec<R::Move> = Vec::new();
    let mut actions = 0;
    loop {
        game.check_invariants()
            .unwrap_or_else(|e| panic!("invariant broken: {e}\n{}", game.to_notation()));
        let text = game.to_notation();
        let back = R::from_notation(&text)
            .unwrap_or_else(|e| panic!("notation does not parse back: {e}\n{text}"));
        assert_eq!(back, game, "notation round trip changed the game: {text}");
        let json = serde_json::to_string(&game).expect("serialize");
        let back: R = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(back, game, "serde round trip changed the game");

        let status = game.status();
        let legal = game.legal_moves();
        assert_eq!(
            legal.is_empty(),
            !matches!(status, Status::Move { .. }),
            "moves exist exactly when a move is due: {status:?}"
        );
        match status {
            Status::Over(outcome) => {
                if let Some(w) = outcome.winner {
                    assert!(w.index() < usize::from(game.players()));
                }
                return actions;
            }
            Status::Throw { player, spec } => {
                // A move now is refused, and changes nothing.
                if let Some(&m) = seen_moves.last() {
                    let before = game.clone();
                    assert!(game.play(player, m).is_err());
                    assert_eq!(game, before);
                }
                let t = roll(&mut rng, spec);
                game.throw(t)
                    .unwrap_or_else(|e| panic!("fair throw {t} refused: {e}"));
                if matches!(game.status(), Status::Move { .. }) {
                    let before = game.clone();
                    assert!(
                        game.throw(t).is_err(),
                        "a second throw is refused while a move is due"
                    );
                    assert_eq!(game, before, "a refused throw changed the game");
                }
            }
            Status::Move { player } => {
                // Moves legal in other positions but not here must be refused unchanged.
                for m in seen_moves.iter().rev().take(12) {
                    if !legal.contains(m) {
                        let before = game.clone();
                        assert!(
                            game.play(player, *m).is_err(),
                            "{m} accepted though not listed"
                        );
                        assert_eq!(game, before, "a refused move changed the game");
                    }
                }
                // The wrong player is refused.
                let other = player.next(game.players());
                if other != player {
                    let before = game.clone();
                    assert!(game.play(other, legal[0]).is_err());
                    assert_eq!(game, before);
                }
                // Every listed move parses back from its notation.
                for m in &legal {
                    let back: R::Move = m
                        .to_string()
                        .parse()
                        .unwrap_or_else(|e| panic!("move {m} does not parse: {e}"));
                    assert_eq!(back, *m);
                }
                let m = legal[rng.random_range(0..legal.len())];
                game.play(player, m).unwrap_or_else(|e| {
                    panic!("listed move {m} refused: {e}\n{}", game.to_notation())
                });
                seen_moves.push(m);
                if seen_moves.len() > 64 {
                    seen_moves.drain(..32);
                }
            }
        }
        actions += 1;
        assert!(
            actions < max_actions,
            "game did not end within {max_actions} actions: {}",
            game.to_notation()
        );
    }
}

/// Resigning ends any game at once, and the other player (of two) wins. A loss on time at
/// the same moment ends it alike: same winner, same points, reason `timeout`, and the
/// position still round-trips through its notation.
fn resign_ends<R: Rules>(seed: u64, setup: Setup) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = R::new(setup).expect("setup");
    let steps = rng.random_range(0..60);
    for _ in 0..steps {
        match game.status() {
            Status::Over(_) => return,
            Status::Throw { spec, .. } => {
                let t = roll(&mut rng, spec);
                game.throw(t).unwrap();
            }
            Status::Move { player } => {
                let legal = game.legal_moves();
                game.play(player, legal[rng.random_range(0..legal.len())])
                    .unwrap();
            }
        }
    }
    if game.status().outcome().is_some() {
        return;
    }
    let mut on_time = game.clone();
    game.resign(Player::One).unwrap();
    on_time.concede(Player::One, Concession::Timeout).unwrap();
    let (resigned, timed_out) = (game.status().outcome(), on_time.status().outcome());
    assert_eq!(
        resigned.map(|o| (o.winner, o.points)),
        timed_out.map(|o| (o.winner, o.points))
    );
    if let Some(o) = timed_out {
        assert_eq!(o.reason, EndReason::Timeout);
    }
    on_time.check_invariants().unwrap();
    let text = on_time.to_notation();
    assert_eq!(
        R::from_notation(&text).expect("a loss on time parses back"),
        on_time,
        "{text}"
    );
    if game.players() == 2 {
        let o = game
            .status()
            .outcome()
            .expect("resignation ends a two-player game");
        assert_eq!(o.winner, Some(Player::Two));
        assert!(game.resign(Player::Two).is_err());
    }
    game.check_invariants().unwrap();
}

macro_rules! properties {
    ($(#[$attr:meta])* $name:ident, $ty:ty, $setup:expr, $max:expr) => {
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
                #[test]
                $(#[$attr])*
                fn random_play_keeps_every_property(seed in any::<u64>()) {
                    random_game::<$ty>(seed, $setup, $max);
                }
                #[test]
                $(#[$attr])*
                fn resigning_ends_the_game(seed in any::<u64>()) {
                    resign_ends::<$ty>(seed, $setup);
                }
            }
        }
    };
}

every_ruleset! {
    properties:
    jequier => senet_engine::jequier::Jequier, Setup::default(), 20_000;
    pyramid => senet_engine::pyramid::Pyramid, Setup::default(), 20_000;
    bell => senet_engine::bell::Bell, Setup::default(), 20_000;
    modern_2p => senet_engine::modern::Modern, Setup::players(2), 20_000;
    modern_3p => senet_engine::modern::Modern, Setup::players(3), 20_000;
    modern_4p => senet_engine::modern::Modern, Setup::players(4), 20_000;
    parker => senet_engine::parker::Parker, Setup::default(), 50_000;
    parker_no_waiting => senet_engine::parker::Parker, Setup {
        waiting_for_one: false,
        ..Setup::default()
    }, 50_000;
    martian => senet_engine::martian::Martian, Setup::default(), 50_000;
    kendall => senet_engine::kendall::Kendall, Setup::default(), 20_000;
    kendall_all_options => senet_engine::kendall::Kendall, Setup {
        five_pieces: true,
        starting_throw: true,
        trap: true,
        home_row: true,
        ..Setup::default()
    }, 20_000;
}
