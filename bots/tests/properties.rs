//! Properties of the bots over random positions of every variant (and of `modern` with
//! three and four players): positions are reached by random throws and random legal moves
//! from the start, then every level is asked for a move.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_bots::{Bot, BotError, Budget, Level, win_probability, win_probability_uncalibrated};
use senet_engine::{Game, Player, Setup, Status, Throw, Variant};

/// A small budget: the tests run unoptimised, and the properties do not depend on depth.
const BUDGET: Budget = Budget::nodes(8_000);

/// Every variant with each player count it allows.
fn tables() -> Vec<(Variant, u8)> {
    let mut out = Vec::new();
    for variant in Variant::ALL {
        let (min, max) = variant.player_range();
        for players in min..=max {
            out.push((variant, players));
        }
    }
    out
}

/// The position after `actions` random throws and moves from the start (or the end of the
/// game, if it comes first).
fn random_position(variant: Variant, players: u8, seed: u64, actions: u32) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(variant, Setup::players(players)).expect("a valid setup");
    for _ in 0..actions {
        match game.status() {
            Status::Over(_) => break,
            Status::Throw { spec, .. } => {
                let faces: Vec<u8> = (0..spec.count)
                    .map(|_| rng.random_range(spec.die.min_face()..=spec.die.max_face()))
                    .collect();
                let throw = Throw::new(spec, &faces).expect("faces in range");
                game.throw(throw).expect("the throw the game asked for");
            }
            Status::Move { player } => {
                let legal = game.legal_moves();
                let mv = legal[rng.random_range(0..legal.len())];
                game.play(player, mv).expect("a legal move");
            }
        }
    }
    game
}

/// A position, as (variant, players, seed, actions): early, middle and late positions alike.
fn position() -> impl Strategy<Value = (Variant, u8, u64, u32)> {
    (0..tables().len(), any::<u64>(), 0u32..600).prop_map(|(i, seed, actions)| {
        let (variant, players) = tables()[i];
        (variant, players, seed, actions)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_level_only_ever_returns_a_legal_move((variant, players, seed, actions) in position()) {
        let game = random_position(variant, players, seed, actions);
        for level in Level::ALL {
            let mut bot = Bot::new(level, seed);
            match game.status() {
                Status::Move { .. } => {
                    let mv = bot.choose(&game, BUDGET).expect("a move is due");
                    prop_assert!(
                        game.legal_moves().contains(&mv),
                        "{level} chose {mv} in {variant} {}", game.to_notation()
                    );
                }
                status => prop_assert_eq!(
                    bot.choose(&game, BUDGET),
                    Err(BotError::NotToMove { status })
                ),
            }
        }
    }

    #[test]
    fn the_same_seed_and_position_give_the_same_move((variant, players, seed, actions) in position()) {
        let game = random_position(variant, players, seed, actions);
        if let Status::Move { .. } = game.status() {
            for level in Level::ALL {
                let first = Bot::new(level, seed).choose(&game, BUDGET);
                // A bot that has decided other things before decides this alike.
                let mut used = Bot::new(level, seed);
                let earlier = random_position(variant, players, seed ^ 1, actions / 2);
                let _ = used.choose(&earlier, BUDGET);
                prop_assert_eq!(first, used.choose(&game, BUDGET), "{} {}", level, game.to_notation());
            }
        }
    }

    #[test]
    fn win_probability_is_a_distribution_over_the_seats((variant, players, seed, actions) in position()) {
        let game = random_position(variant, players, seed, actions);
        let chances = win_probability(&game);
        prop_assert_eq!(chances.len(), usize::from(players));
        prop_assert!(chances.iter().all(|p| (0.0..=1.0).contains(p)), "{:?}", chances);
        let total: f64 = chances.iter().sum();
        prop_assert!((total - 1.0).abs() < 1e-9, "{:?} sums to {}", chances, total);
        if let Status::Over(outcome) = game.status() {
            for (seat, p) in chances.iter().enumerate() {
                let expected = match outcome.winner {
                    Some(winner) => f64::from(u8::from(winner.index() == seat)),
                    None => 1.0 / f64::from(players),
                };
                prop_assert_eq!(*p, expected, "{:?} for {:?}", chances, outcome);
            }
        }
    }

    #[test]
    fn calibration_never_reorders_the_seats((variant, players, seed, actions) in position()) {
        let game = random_position(variant, players, seed, actions);
        let raw = win_probability_uncalibrated(&game);
        let calibrated = win_probability(&game);
        for a in 0..raw.len() {
            for b in 0..raw.len() {
                if raw[a] > raw[b] {
                    prop_assert!(calibrated[a] >= calibrated[b], "{:?} became {:?}", raw, calibrated);
                }
            }
        }
    }

    #[test]
    fn a_finished_game_gives_the_winner_everything((variant, players, seed, actions) in position()) {
        let mut game = random_position(variant, players, seed, actions);
        if game.status().outcome().is_none() {
            game.resign(Player::One).expect("the game is not over");
        }
        let chances = win_probability(&game);
        let outcome = game.status().outcome().expect("over");
        if let Some(winner) = outcome.winner {
            prop_assert_eq!(chances[winner.index()], 1.0);
            prop_assert_eq!(chances.iter().sum::<f64>(), 1.0);
        }
    }
}

#[test]
fn a_single_legal_move_is_returned_without_searching() {
    // Jequier before anyone has thrown a 1: the first 1 gives black the opening 10-11 only.
    let mut game = Game::new(Variant::Jequier, Setup::default()).unwrap();
    game.throw(Throw::new(Variant::Jequier.throw_spec(), &[1, 0, 0, 0]).unwrap())
        .unwrap();
    assert_eq!(game.legal_moves().len(), 1);
    for level in Level::ALL {
        let decision = Bot::new(level, 3).decide(&game, Budget::DEFAULT).unwrap();
        assert_eq!(decision.mv, game.legal_moves()[0]);
        assert_eq!(decision.nodes, 0, "{level}");
    }
}

#[test]
fn hard_looks_deeper_than_medium_within_its_budget() {
    let game = random_position(Variant::Pyramid, 2, 7, 40);
    let game = (0..200)
        .map(|n| random_position(Variant::Pyramid, 2, 7, 40 + n))
        .find(|g| matches!(g.status(), Status::Move { .. }) && g.legal_moves().len() > 1)
        .unwrap_or(game);
    let medium = Bot::new(Level::Medium, 1).decide(&game, BUDGET).unwrap();
    let hard = Bot::new(Level::Hard, 1)
        .decide(&game, Budget::nodes(20_000))
        .unwrap();
    assert_eq!(medium.depth, 0);
    assert!(hard.depth >= 1, "{hard:?} in {}", game.to_notation());
    assert!(hard.nodes <= 20_000 + medium.nodes.max(1_000), "{hard:?}");
}
