//! What a game review says of the bots, and what it costs: per variant, games between the
//! Easy and the Hard bot (Easy on player 1 in even games, player 2 in odd ones, the dice
//! from a seeded ChaCha8), each reviewed with `senet_bots::review`. Prints, per level, the
//! decisions, the average cost per decision with its standard error, the errors per game by
//! class; then how often the move the review marks best is the one a review with ten times
//! the budget marks best (on every decision of the first games), and the thread CPU time to
//! review 100 decisions. Run:
//! `cargo run --release -p senet-bots --example review_stats [-- GAMES [NODES [DEEPER_GAMES]]]`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use senet_bots::review::{Class, Review, Step, review};
use senet_bots::{Bot, Budget, Level};
use senet_engine::{Game, Setup, Status, Variant};
use std::time::Duration;

/// CPU time this thread has run: on a shared machine the wall clock adds other processes.
fn cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// One game between `levels[0]` (player 1) and `levels[1]`, its start and its steps.
fn play(variant: Variant, levels: [Level; 2], seed: u64) -> (Game, Vec<Step>) {
    let start = Game::new(variant, Setup::default()).expect("two players are a valid setup");
    let mut game = start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bots = [Bot::new(levels[0], seed), Bot::new(levels[1], seed ^ 1)];
    let mut steps = Vec::new();
    // A cap no real game reaches, so a bug cannot loop for ever.
    for _ in 0..20_000 {
        match game.status() {
            Status::Throw { spec, .. } => {
                let all = spec.all_throws();
                let throw = all[rng.random_range(0..all.len())];
                game.throw(throw).expect("a throw of the spec asked for");
                steps.push(Step::Throw(throw));
            }
            Status::Move { player } => {
                let mv = bots[player.index()]
                    .choose(&game, Budget::DEFAULT)
                    .expect("the game waits for a move");
                game.play(player, mv).expect("a bot plays legal moves");
                steps.push(Step::Move(mv));
            }
            Status::Over(_) => break,
        }
    }
    (start, steps)
}

#[derive(Default)]
struct Tally {
    decisions: u64,
    costs: Vec<f64>,
    errors: [u64; 3],
    /// Per game, the errors of any class: for the standard error of errors per game.
    errors_per_game: Vec<f64>,
}

impl Tally {
    fn add(&mut self, r: &Review, player: usize) {
        let mut this_game = 0u64;
        for d in r.decisions.iter().filter(|d| d.player.index() == player) {
            this_game += u64::from(d.class != Class::Good);
            self.decisions += 1;
            self.costs.push(d.cost);
            match d.class {
                Class::Good => {}
                Class::Inaccuracy => self.errors[0] += 1,
                Class::Mistake => self.errors[1] += 1,
                Class::Blunder => self.errors[2] += 1,
            }
        }
        self.errors_per_game.push(this_game as f64);
    }

    /// The cost below which `q` of the decisions fall (0 < q < 1).
    fn quantile(&self, q: f64) -> f64 {
        let mut sorted = self.costs.clone();
        sorted.sort_by(f64::total_cmp);
        let at = ((sorted.len() as f64 - 1.0) * q).round() as usize;
        sorted.get(at).copied().unwrap_or(0.0)
    }
}

/// The mean of `xs` and its standard error.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if n < 2.0 {
        return (xs.first().copied().unwrap_or(0.0), 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let nodes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2_000);
    // The first games whose every decision is also reviewed with ten times the budget.
    let deeper_games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let budget = Budget::nodes(nodes);
    let deeper = Budget::nodes(nodes * 10);
    println!(
        "{games} games per variant, Easy against Hard; review budget {nodes} nodes a decision"
    );
    println!(
        "| variant | level | decisions | cost per decision (points ± s.e.) | errors per game (± s.e.) | inaccuracies / mistakes / blunders per game | cost at 90 / 97 / 99 % | best agrees with 10× budget (± s.e.) | CPU per 100 decisions |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for variant in Variant::ALL {
        let mut easy = Tally::default();
        let mut hard = Tally::default();
        let mut time = Duration::ZERO;
        let mut reviewed = 0u64;
        let (mut agree, mut compared) = (0u64, 0u64);
        for g in 0..games {
            let easy_player = (g % 2) as usize;
            let levels = if easy_player == 0 {
                [Level::Easy, Level::Hard]
            } else {
                [Level::Hard, Level::Easy]
            };
            let (start, steps) = play(variant, levels, g);
            let began = cpu();
            let r = review(&start, &steps, budget).expect("the bots' own game replays");
            time += cpu() - began;
            reviewed += r.decisions.len() as u64;
            easy.add(&r, easy_player);
            hard.add(&r, 1 - easy_player);
            if g < deeper_games {
                let r2 = review(&start, &steps, deeper).expect("the bots' own game replays");
                for (a, b) in r.decisions.iter().zip(&r2.decisions) {
                    compared += 1;
                    agree += u64::from(a.best() == b.best());
                }
            }
        }
        let per_100 = if reviewed == 0 {
            Duration::ZERO
        } else {
            time * 100 / reviewed as u32
        };
        let share = if compared == 0 {
            0.0
        } else {
            agree as f64 / compared as f64
        };
        let share_se = if compared == 0 {
            0.0
        } else {
            (share * (1.0 - share) / compared as f64).sqrt()
        };
        for (name, t) in [("easy", &easy), ("hard", &hard)] {
            let (mean, se) = mean_se(&t.costs);
            let (errors, errors_se) = mean_se(&t.errors_per_game);
            let g = games as f64;
            println!(
                "| `{}` | {name} | {} | {mean:.2} ± {se:.2} | {errors:.1} ± {errors_se:.1} | {:.1} / {:.1} / {:.1} | {:.1} / {:.1} / {:.1} | {} | {} |",
                variant.id(),
                t.decisions,
                t.errors[0] as f64 / g,
                t.errors[1] as f64 / g,
                t.errors[2] as f64 / g,
                t.quantile(0.90),
                t.quantile(0.97),
                t.quantile(0.99),
                if name == "easy" {
                    format!(
                        "{:.0} ± {:.0} % of {compared}",
                        100.0 * share,
                        100.0 * share_se
                    )
                } else {
                    String::new()
                },
                if name == "easy" {
                    format!("{:.2} s", per_100.as_secs_f64())
                } else {
                    String::new()
                },
            );
        }
    }
}
