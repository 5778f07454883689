//! A position's win chances against how its games end: prints `win_probability` of the
//! position, then plays it out GAMES times with two Medium bots (the players the calibration
//! curves were fitted on), the dice from a seeded ChaCha8, and prints how often each player
//! won. Run:
//! `cargo run --release -p senet-bots --example playout -- VARIANT 'NOTATION' [GAMES] [SEED]`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_bots::{Bot, Budget, Level};
use senet_engine::{Game, Status, Throw, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: playout VARIANT 'NOTATION' [GAMES] [SEED]";
    let variant: Variant = args.first().and_then(|v| v.parse().ok()).expect(usage);
    let start = Game::from_notation(variant, args.get(1).expect(usage)).expect("a position");
    let games: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(300);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let estimate = senet_bots::win_probability(&start);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wins = vec![0u64; estimate.len()];
    for k in 0..games {
        let mut game = start.clone();
        let mut bots: Vec<Bot> = (0..estimate.len() as u64)
            .map(|p| Bot::new(Level::Medium, seed ^ (k * 8 + p)))
            .collect();
        loop {
            match game.status() {
                Status::Over(outcome) => {
                    if let Some(winner) = outcome.winner {
                        wins[winner.index()] += 1;
                    }
                    break;
                }
                Status::Throw { spec, .. } => {
                    let faces: Vec<u8> = (0..spec.count)
                        .map(|_| rng.random_range(spec.die.min_face()..=spec.die.max_face()))
                        .collect();
                    let throw = Throw::new(spec, &faces).expect("faces in range");
                    game.throw(throw).expect("a throw is due");
                }
                Status::Move { player } => {
                    let mv = bots[player.index()]
                        .choose(&game, Budget::DEFAULT)
                        .expect("a move is due");
                    game.play(player, mv).expect("the bot's move is legal");
                }
            }
        }
    }
    for (player, (p, won)) in estimate.iter().zip(&wins).enumerate() {
        println!(
            "player {}: estimate {:.1} %, won {won} of {games} = {:.1} %",
            player + 1,
            p * 100.0,
            *won as f64 * 100.0 / games as f64
        );
    }
}
