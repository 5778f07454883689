//! The review of a finished game: every decision rated by what it cost in chances of
//! winning, and every throw's luck, as backgammon programs review a match.
//!
//! Pure, like the rest of the crate: a game is given as its start and its steps (throws and
//! moves), and the review is a function of them and the [`Budget`] alone.
//!
//! # What is computed
//!
//! - **A decision** is a position where the player to move has two or more legal moves that
//!   lead to different positions; one legal move, or several that all leave the same
//!   position, is forced and counts as no decision. For each legal move, the mover's chance
//!   of winning after it, every move searched to the same depth (the deepest the budget
//!   completes for all of them, where a bot's decision searches only the most promising)
//!   and put through the variant's calibration curve, as [`crate::win_probability`] is. The best move is the one with the
//!   highest chance; the **cost** of the move played is the best chance less the chance
//!   after the move played, in percentage points (0 for the best move).
//! - **A decision's class** comes from its cost and the [`Thresholds`].
//! - **A throw's luck** is the thrower's chance after the throw less their chance before it,
//!   in percentage points. The chance after a throw is the mover's best run of moves by the
//!   static evaluation (the greedy look of [`crate::win_probability`]), calibrated; the
//!   chance before it is the average of that over every throw that could have come, each
//!   equally likely. So the luck of a throw averages zero over the throws that could have
//!   come, and skill and luck are kept apart: the luck is what the dice changed before any
//!   choice.

use senet_engine::{
    Game, Geometry, IllegalMove, IllegalThrow, Move, Player, Status, Throw, ThrowSpec, Variant,
};

use crate::eval::calibration::calibrate;
use crate::search::{Budget, Searcher};

/// One step of a game's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The throw the game asked for.
    Throw(Throw),
    /// A move of the player to move.
    Move(Move),
}

/// Why a record cannot be reviewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// Step `step` (0-based) is a throw where the game waits for no throw, or one the game
    /// refuses.
    #[error("step {step}: the game does not take this throw ({reason:?})")]
    Throw {
        /// The step's index.
        step: usize,
        /// What the engine said, when it was asked.
        reason: Option<IllegalThrow>,
    },
    /// Step `step` is a move where the game waits for no move, or an illegal one.
    #[error("step {step}: the game does not take this move ({reason:?})")]
    Move {
        /// The step's index.
        step: usize,
        /// What the engine said, when it was asked.
        reason: Option<IllegalMove>,
    },
}

/// How a decision is classed by its cost, in percentage points of winning chance: a cost at
/// or above `blunder` is a blunder, else at or above `mistake` a mistake, else at or above
/// `inaccuracy` an inaccuracy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// The least cost of an inaccuracy.
    pub inaccuracy: f64,
    /// The least cost of a mistake.
    pub mistake: f64,
    /// The least cost of a blunder.
    pub blunder: f64,
}

impl Thresholds {
    /// The thresholds for `variant`: 2, 5 and 10 points, except in `martian`, where one
    /// decision rarely moves the chances much (a review of Easy's decisions puts 99 % of them
    /// under 2.5 points there, against 9 to 29 points in the other variants), so its
    /// thresholds are 0.5, 1.5 and 3 points: with the others its reviews marked almost
    /// nothing (`docs/review.md`).
    pub fn for_variant(variant: Variant) -> Thresholds {
        match variant {
            Variant::Martian => Thresholds {
                inaccuracy: 0.5,
                mistake: 1.5,
                blunder: 3.0,
            },
            Variant::Modern
            | Variant::Parker
            | Variant::Jequier
            | Variant::Pyramid
            | Variant::Kendall
            | Variant::Bell => Thresholds {
                inaccuracy: 2.0,
                mistake: 5.0,
                blunder: 10.0,
            },
        }
    }

    /// The class of a decision that cost `cost` points.
    pub fn classify(&self, cost: f64) -> Class {
        if cost >= self.blunder {
            Class::Blunder
        } else if cost >= self.mistake {
            Class::Mistake
        } else if cost >= self.inaccuracy {
            Class::Inaccuracy
        } else {
            Class::Good
        }
    }
}

/// What a decision was, by its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// Cost less than an inaccuracy (the best move included).
    Good,
    /// See [`Thresholds::inaccuracy`].
    Inaccuracy,
    /// See [`Thresholds::mistake`].
    Mistake,
    /// See [`Thresholds::blunder`].
    Blunder,
}

/// One decision of the game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionReview {
    /// The index of the move's step in the record.
    pub step: usize,
    /// Who chose.
    pub player: Player,
    /// Every legal move with the mover's chance after it (percent), best first (ties in the
    /// order of the legal moves).
    pub options: Vec<(Move, f64)>,
    /// The move played.
    pub played: Move,
    /// What the move played cost: the best option's chance less the played one's (points).
    pub cost: f64,
    /// The class of the cost.
    pub class: Class,
    /// The depth every option was searched to (throws looked through).
    pub depth: u32,
    /// Which pieces the best move takes from where to where (the engine's geometry, from
    /// the position the decision was made in): what a board draws as its arrow.
    pub best_geometry: Geometry,
}

impl DecisionReview {
    /// The best move (the first option).
    pub fn best(&self) -> Move {
        self.options[0].0
    }
}

/// One throw of the game, reviewed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThrowReview {
    /// The index of the throw's step in the record.
    pub step: usize,
    /// Who threw.
    pub player: Player,
    /// The thrower's chance (percent) after the throw less before it.
    pub luck: f64,
}

/// One player's totals.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Decisions made (forced moves not counted).
    pub decisions: u32,
    /// Decisions classed [`Class::Inaccuracy`].
    pub inaccuracies: u32,
    /// Decisions classed [`Class::Mistake`].
    pub mistakes: u32,
    /// Decisions classed [`Class::Blunder`].
    pub blunders: u32,
    /// The sum of the decisions' costs (points).
    pub total_cost: f64,
    /// The sum of the luck of the player's throws (points).
    pub luck: f64,
}

impl PlayerSummary {
    /// The average cost per decision (0 with no decision).
    pub fn average_cost(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.total_cost / f64::from(self.decisions)
        }
    }
}

/// A whole game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every decision, in the order played.
    pub decisions: Vec<DecisionReview>,
    /// Every throw, in the order thrown.
    pub throws: Vec<ThrowReview>,
    /// Per player (index 0 is player 1), the totals.
    pub players: Vec<PlayerSummary>,
}

/// Reviews the game that starts at `start` and goes through `steps`, each decision searched
/// within `budget` (see the module's documentation for what is computed).
///
/// # Errors
/// [`ReviewError`] at the first step the game does not take; nothing is reviewed then.
pub fn review(start: &Game, steps: &[Step], budget: Budget) -> Result<Review, ReviewError> {
    review_with_progress(start, steps, budget, |_| {})
}

/// As [`review`], telling `progress` after each step how many steps are reviewed: what a
/// queue shows while a long review runs.
///
/// # Errors
/// As [`review`].
pub fn review_with_progress(
    start: &Game,
    steps: &[Step],
    budget: Budget,
    mut progress: impl FnMut(usize),
) -> Result<Review, ReviewError> {
    let mut searcher = Searcher::default();
    let thresholds = Thresholds::for_variant(start.variant());
    let players = usize::from(start.players());
    let mut game = start.clone();
    let mut out = Review {
        decisions: Vec::new(),
        throws: Vec::new(),
        players: vec![PlayerSummary::default(); players],
    };
    for (step, s) in steps.iter().enumerate() {
        match (*s, game.status()) {
            (Step::Throw(throw), Status::Throw { player, spec }) => {
                let before = expected_after_throw(&mut searcher, &game, spec, player);
                game.throw(throw).map_err(|e| ReviewError::Throw {
                    step,
                    reason: Some(e),
                })?;
                let after = percent(&game, &searcher.value_at(&game, 0), player);
                let luck = after - before;
                out.throws.push(ThrowReview { step, player, luck });
                out.players[player.index()].luck += luck;
            }
            (Step::Move(mv), Status::Move { player }) => {
                if let Some(d) = decision(&mut searcher, &game, mv, player, budget, thresholds) {
                    let summary = &mut out.players[player.index()];
                    summary.decisions += 1;
                    summary.total_cost += d.cost;
                    match d.class {
                        Class::Good => {}
                        Class::Inaccuracy => summary.inaccuracies += 1,
                        Class::Mistake => summary.mistakes += 1,
                        Class::Blunder => summary.blunders += 1,
                    }
                    out.decisions.push(DecisionReview { step, ..d });
                }
                game.play(player, mv).map_err(|e| ReviewError::Move {
                    step,
                    reason: Some(e),
                })?;
            }
            (Step::Throw(_), _) => return Err(ReviewError::Throw { step, reason: None }),
            (Step::Move(_), _) => return Err(ReviewError::Move { step, reason: None }),
        }
        progress(step + 1);
    }
    Ok(out)
}

/// The review of the move `played` from `game`, or `None` when it was forced (or is not
/// legal: the caller's `play` says why).
fn decision(
    searcher: &mut Searcher,
    game: &Game,
    played: Move,
    player: Player,
    budget: Budget,
    thresholds: Thresholds,
) -> Option<DecisionReview> {
    let legal = game.legal_moves();
    if !legal.contains(&played) || !leaves_a_choice(game, &legal) {
        return None;
    }
    let (options, depth) = ranked(searcher, game, player, budget)?;
    let best = options[0].1;
    let mine = options.iter().find(|(mv, _)| *mv == played)?.1;
    let cost = (best - mine).max(0.0);
    // The best move is legal here, so the engine has its geometry.
    let best_geometry = game.geometry(options[0].0).ok()?;
    Some(DecisionReview {
        step: 0,
        player,
        options,
        played,
        cost,
        class: thresholds.classify(cost),
        depth,
        best_geometry,
    })
}

/// `player`'s chance (percent) before a throw of `spec`: the average, over every throw that
/// can come (each equally likely), of the chance after it as [`review`] counts it for luck.
fn expected_after_throw(
    searcher: &mut Searcher,
    game: &Game,
    spec: ThrowSpec,
    player: Player,
) -> f64 {
    let mut total = 0.0;
    let mut count = 0u32;
    for throw in spec.all_throws() {
        let mut after = game.clone();
        if after.throw(throw).is_ok() {
            total += percent(&after, &searcher.value_at(&after, 0), player);
            count += 1;
        }
    }
    if count == 0 {
        0.0
    } else {
        total / f64::from(count)
    }
}

/// Every legal move of the player to move with their chance after it (percent, calibrated),
/// best first (ties in the order of the legal moves), and the depth every move was searched
/// to within `budget`, as a review rates a decision: what an analysis board shows. `None`
/// when the game waits for no move.
pub fn move_chances(game: &Game, budget: Budget) -> Option<(Vec<(Move, f64)>, u32)> {
    let Status::Move { player } = game.status() else {
        return None;
    };
    ranked(&mut Searcher::default(), game, player, budget)
}

fn ranked(
    searcher: &mut Searcher,
    game: &Game,
    player: Player,
    budget: Budget,
) -> Option<(Vec<(Move, f64)>, u32)> {
    let (values, depth) = searcher.move_values(game, budget)?;
    let mut options: Vec<(Move, f64)> = values
        .iter()
        .map(|(mv, chances)| (*mv, percent(game, chances, player)))
        .collect();
    // Stable: equal chances keep the order of the legal moves.
    options.sort_by(|a, b| b.1.total_cmp(&a.1));
    Some((options, depth))
}

/// Whether two of `legal` leave different positions.
fn leaves_a_choice(game: &Game, legal: &[Move]) -> bool {
    let mut first: Option<Game> = None;
    for &mv in legal {
        let mut after = game.clone();
        if after.play_unchecked(mv).is_err() {
            continue;
        }
        match &first {
            None => first = Some(after),
            Some(f) if *f != after => return true,
            Some(_) => {}
        }
    }
    false
}

/// `player`'s calibrated chance in `chances`, in percent.
fn percent(game: &Game, chances: &[f64], player: Player) -> f64 {
    let n = usize::from(game.players());
    let mut c: Vec<f64> = chances.iter().copied().take(n).collect();
    calibrate(game.variant(), game.players(), &mut c);
    100.0 * c.get(player.index()).copied().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Level};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use senet_engine::Setup;

    /// Plays a whole game between two bots with random throws; returns its steps.
    fn record(variant: Variant, levels: [Level; 2], seed: u64) -> (Game, Vec<Step>) {
        let start = Game::new(variant, Setup::default()).unwrap();
        let mut game = start.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut bots = [Bot::new(levels[0], seed), Bot::new(levels[1], seed + 1)];
        let mut steps = Vec::new();
        for _ in 0..5_000 {
            match game.status() {
                Status::Throw { spec, .. } => {
                    let all = spec.all_throws();
                    let throw = all[rng.random_range(0..all.len())];
                    game.throw(throw).unwrap();
                    steps.push(Step::Throw(throw));
                }
                Status::Move { player } => {
                    let mv = bots[player.index()]
                        .choose(&game, Budget::nodes(2_000))
                        .unwrap();
                    game.play(player, mv).unwrap();
                    steps.push(Step::Move(mv));
                }
                Status::Over(_) => break,
            }
        }
        (start, steps)
    }

    #[test]
    fn the_best_move_costs_nothing_and_costs_are_never_negative() {
        let (start, steps) = record(Variant::Pyramid, [Level::Easy, Level::Hard], 3);
        let r = review(&start, &steps, Budget::nodes(2_000)).unwrap();
        assert!(!r.decisions.is_empty());
        for d in &r.decisions {
            assert!(d.options.len() >= 2, "a forced move is no decision");
            assert!(d.options.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
            assert!(d.cost >= 0.0);
            assert_eq!(
                d.cost == 0.0,
                d.options[0].1 == d.options.iter().find(|o| o.0 == d.played).unwrap().1
            );
            assert_eq!(
                d.class,
                Thresholds::for_variant(Variant::Pyramid).classify(d.cost)
            );
            assert!(matches!(steps[d.step], Step::Move(mv) if mv == d.played));
        }
        let decided: u32 = r.players.iter().map(|p| p.decisions).sum();
        assert_eq!(decided as usize, r.decisions.len());
        let throws = steps.iter().filter(|s| matches!(s, Step::Throw(_))).count();
        assert_eq!(r.throws.len(), throws);
    }

    #[test]
    fn the_easy_bot_loses_more_than_the_hard_one() {
        let mut cost = [0.0; 2];
        let mut decisions = [0u32; 2];
        for seed in 0..6 {
            let (start, steps) = record(Variant::Martian, [Level::Easy, Level::Hard], seed);
            let r = review(&start, &steps, Budget::nodes(2_000)).unwrap();
            for (i, p) in r.players.iter().enumerate() {
                cost[i] += p.total_cost;
                decisions[i] += p.decisions;
            }
        }
        let easy = cost[0] / f64::from(decisions[0]);
        let hard = cost[1] / f64::from(decisions[1]);
        assert!(
            easy > hard,
            "easy {easy:.2} points a decision, hard {hard:.2}"
        );
    }

    #[test]
    fn a_wrong_step_is_refused_with_its_index() {
        let (start, steps) = record(Variant::Parker, [Level::Medium, Level::Medium], 9);
        let first_move = steps
            .iter()
            .position(|s| matches!(s, Step::Move(_)))
            .unwrap();
        // A move where the game waits for a throw.
        let mut bad = steps.clone();
        bad.insert(first_move + 1, steps[first_move]);
        let err = review(&start, &bad, Budget::nodes(500)).unwrap_err();
        assert!(
            matches!(err, ReviewError::Move { step, .. } if step == first_move + 1),
            "{err:?}"
        );
        // A throw where the game waits for a move.
        let mut bad = steps.clone();
        bad.insert(first_move, steps[first_move - 1]);
        assert_eq!(
            review(&start, &bad, Budget::nodes(500)).unwrap_err(),
            ReviewError::Throw {
                step: first_move,
                reason: None
            }
        );
    }

    #[test]
    fn luck_averages_zero_over_every_throw_that_could_come() {
        let game = Game::new(Variant::Martian, Setup::default()).unwrap();
        let Status::Throw { player, spec } = game.status() else {
            unreachable!("a game starts with a throw")
        };
        let mut total = 0.0;
        for t in spec.all_throws() {
            let r = review(&game, &[Step::Throw(t)], Budget::nodes(100)).unwrap();
            assert_eq!(r.throws[0].player, player);
            total += r.throws[0].luck;
        }
        let count = spec.all_throws().len() as f64;
        assert!((total / count).abs() < 1.0, "mean luck {}", total / count);
    }
}
