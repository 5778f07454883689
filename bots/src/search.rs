//! Expectimax (max-n for more than two players) over the game's own throws, with the
//! evaluation at the horizon, deepened iteratively within a node budget.
//!
//! # The tree
//!
//! A node is a position, and its kind is the game's [`Status`]:
//! - `Over`: the result (1 to the winner, shared on a draw).
//! - `Throw`: a chance node. Its children are the distinct results of the throw the game
//!   asks for (rolls grouped by sorted faces: the rows of `Variant::throw_table`), weighted
//!   by their probabilities; its value is their average. Every chance node passed costs one
//!   unit of depth; at depth 0 the position is evaluated instead ([`crate::eval`]).
//! - `Move { player }`: a choice. The search plays out `player`'s whole run of moves — every
//!   position reachable by legal moves while the game keeps asking `player` to move (both
//!   dice of a two-dice turn, one at a time), each distinct position once — and takes the
//!   end that is best *for `player`*. Values are vectors of chances, one per player, so a
//!   player who moves twice in a row, throws again, or plays among three or four players
//!   needs no special case: whose turn it is always comes from `game.status()`. With two
//!   players this is plain expectimax; with three or four it is max-n (each player maximises
//!   their own chance), the choice documented in `docs/bots.md`.
//!
//! # Depth and budget
//!
//! Depth 0 is the greedy choice: the best end of the current run of moves by the static
//! evaluation (the Medium level). Depth `d` looks through `d` further throws. Below the
//! root only the `beam` most promising ends of a run (by their depth-0 value) are searched
//! deeper, as backgammon programs filter candidates before a deeper look; at depth 0 every
//! end is compared. Iterative deepening runs depth 0, 1, 2, … and keeps the result of the
//! last depth completed within the [`Budget`]: a count of positions created, which makes the
//! search deterministic, and an optional wall-clock cap. A deeper iteration is not started
//! when the growth of the last ones says it cannot finish within the budget.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use fnv::FnvHasher;
use senet_engine::{Game, Move, Player, Status};

use crate::chance::ChanceTables;
use crate::eval::{self, Chances, MAX_PLAYERS};

/// How much work one decision of the Hard level may do.
///
/// The node count bounds the work deterministically (the same position and seed always give
/// the same move); the time limit, if set, is a safety cap for a loaded machine and makes the
/// result depend on the machine's speed when it is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Work the search may do, in nodes: each throw or move applied to a copy of the game
    /// counts 1, each static evaluation 4 (it costs about four times as much).
    pub nodes: u64,
    /// Wall-clock cap on the search, if any.
    pub time_limit: Option<Duration>,
}

impl Budget {
    /// The Hard level's default, deterministic: 1 to 4 ms of one core per decision at the
    /// median and 6 to 14 ms at the 99th percentile in every variant, as measured in
    /// `docs/bots.md` (the issue allows 100 ms at the 99th percentile).
    pub const DEFAULT: Budget = Budget::nodes(60_000);

    /// A budget of `nodes` nodes of work and no time limit.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            time_limit: None,
        }
    }

    /// The same budget with a wall-clock cap.
    pub const fn with_time_limit(self, limit: Duration) -> Budget {
        Budget {
            nodes: self.nodes,
            time_limit: Some(limit),
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// What a search decided, and how far it looked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The move to play: one of `game.legal_moves()`.
    pub mv: Move,
    /// The chances of each seat after the best run of moves, by the deepest completed search
    /// (index 0 is player 1; seats the game does not have are 0).
    pub chances: [f64; MAX_PLAYERS],
    /// The depth of the deepest completed iteration (0: greedy, no throw looked through).
    pub depth: u32,
    /// Nodes of work done (see [`Budget::nodes`]).
    pub nodes: u64,
}

/// The work an evaluation counts for, in positions: building the engine's placement and
/// the features costs about as much as making four positions (`docs/bots.md`).
const EVALUATION_COST: u64 = 4;

/// The most work (positions made) spent listing every end of the mover's run of moves at
/// the root. A run is short in most rulesets, but in `kendall`, where a turn's kept throws
/// are all played at once, a turn of six or more throws has tens of thousands of ends; past
/// this, each first move's run is finished greedily, one move at a time
/// ([`Searcher::stepwise_lines`]).
const ROOT_RUN_LIMIT: u64 = 5_000;

/// The search ran out of budget.
#[derive(Debug)]
struct Stop;

/// One way to play out a player's run of moves: its first move and where it ends.
#[derive(Clone, Debug)]
struct Line {
    first: Move,
    end: Game,
}

/// Search settings and scratch state; reused across decisions.
#[derive(Debug)]
pub(crate) struct Searcher {
    chance: ChanceTables,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    /// Set when a position was evaluated at the horizon (the search was not exact).
    reached_horizon: bool,
    /// Ends of a run searched deeper at the root.
    root_beam: usize,
    /// Ends of a run searched deeper below the root.
    beam: usize,
    /// Deepest iteration tried.
    max_depth: u32,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher {
            chance: ChanceTables::default(),
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            reached_horizon: false,
            root_beam: 6,
            beam: 3,
            max_depth: 6,
        }
    }
}

impl Searcher {
    /// The best move for the player to move by the static evaluation of each end of their
    /// run of moves (depth 0, every end compared). `None` if the game waits for no move.
    pub fn greedy(&mut self, game: &Game) -> Option<Decision> {
        self.iterate(game, Budget::nodes(u64::MAX), 0)
    }

    /// The best move by iterative deepening within `budget`. `None` if the game waits for
    /// no move.
    pub fn deepen(&mut self, game: &Game, budget: Budget) -> Option<Decision> {
        let max_depth = self.max_depth;
        self.iterate(game, budget, max_depth)
    }

    /// The value of `game` for every seat: the static evaluation for a throw, the result
    /// for a finished game, and for a move the greedy value of the mover's best run.
    pub fn chances(&mut self, game: &Game) -> Chances {
        match game.status() {
            Status::Move { .. } => match self.greedy(game) {
                Some(d) => d.chances,
                None => eval::evaluate(game),
            },
            _ => eval::evaluate(game),
        }
    }

    /// Every legal move of the player to move with the chances after it, in the order of
    /// `game.legal_moves()`, and the depth all of them were searched to: iterative deepening
    /// within `budget`, every move to the same depth (a review compares them all, where a
    /// decision searches only the most promising). Depth 0 always completes. `None` if the
    /// game waits for no move.
    pub fn move_values(
        &mut self,
        game: &Game,
        budget: Budget,
    ) -> Option<(Vec<(Move, Chances)>, u32)> {
        let Status::Move { .. } = game.status() else {
            return None;
        };
        let afters: Vec<(Move, Game)> = game
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut after = game.clone();
                play_legal(&mut after, mv);
                (mv, after)
            })
            .collect();
        self.nodes = 0;
        self.limit = u64::MAX;
        self.deadline = None;
        let mut values = Vec::with_capacity(afters.len());
        for (_, after) in &afters {
            values.push(self.value(after, 0).ok()?);
        }
        self.limit = budget.nodes;
        self.deadline = budget.time_limit.map(|t| Instant::now() + t);
        let mut reached = 0;
        'deepen: for depth in 1..=self.max_depth {
            self.reached_horizon = false;
            let mut deeper = Vec::with_capacity(afters.len());
            for (_, after) in &afters {
                match self.value(after, depth) {
                    Ok(v) => deeper.push(v),
                    Err(Stop) => break 'deepen,
                }
            }
            values = deeper;
            reached = depth;
            if !self.reached_horizon {
                break;
            }
        }
        let moves = afters.into_iter().map(|(mv, _)| mv).zip(values).collect();
        Some((moves, reached))
    }

    /// The value of `game` looking `depth` throws ahead, with no budget: for a game waiting
    /// for a throw, the average over the throws of the positions after them searched one
    /// throw less deep (so the value before a throw is the expectation of the values after
    /// it, which is what makes a throw's luck average zero).
    pub fn value_at(&mut self, game: &Game, depth: u32) -> Chances {
        self.nodes = 0;
        self.limit = u64::MAX;
        self.deadline = None;
        // With no limit and no deadline the search cannot stop early.
        self.value(game, depth)
            .unwrap_or_else(|Stop| eval::evaluate(game))
    }

    fn iterate(&mut self, game: &Game, budget: Budget, max_depth: u32) -> Option<Decision> {
        let Status::Move { player } = game.status() else {
            return None;
        };
        // The root's runs and their greedy values are always computed (in full up to
        // ROOT_RUN_LIMIT, else stepwise): a decision must be made whatever the budget.
        self.nodes = 0;
        self.limit = ROOT_RUN_LIMIT;
        self.deadline = None;
        let lines = match self.lines(game, player) {
            Ok(lines) => lines,
            Err(Stop) => self.stepwise_lines(game, player),
        };
        self.limit = u64::MAX;
        let legal = game.legal_moves();
        if legal.len() == 1 || lines.len() == 1 {
            let mv = lines.first().map_or(legal[0], |l| l.first);
            let chances = match lines.first() {
                Some(line) => self.value(&line.end, 0).ok()?,
                None => eval::evaluate(game),
            };
            return Some(self.decision(mv, chances, 0));
        }
        let me = player.index();
        let mut values: Vec<Chances> = Vec::with_capacity(lines.len());
        for line in &lines {
            values.push(self.value(&line.end, 0).ok()?);
        }
        let mut best = argmax(&values, me, 0..lines.len());
        let mut decision = self.decision(lines[best].first, values[best], 0);
        self.limit = budget.nodes;
        self.deadline = budget.time_limit.map(|t| Instant::now() + t);
        let mut previous_cost = self.nodes.max(1);
        let mut predicted_cost = 0u64;
        for depth in 1..=max_depth {
            let started = self.nodes;
            // Growth so far predicts this iteration's cost; skip it if it cannot fit.
            if depth > 1 && started.saturating_add(predicted_cost) > self.limit {
                break;
            }
            self.reached_horizon = false;
            let mut order: Vec<usize> = (0..lines.len()).collect();
            order.sort_by(|&a, &b| values[b][me].total_cmp(&values[a][me]));
            order.truncate(self.root_beam);
            let mut deeper = values.clone();
            let mut finished = true;
            for &i in &order {
                match self.value(&lines[i].end, depth) {
                    Ok(v) => deeper[i] = v,
                    Err(Stop) => {
                        finished = false;
                        break;
                    }
                }
            }
            if !finished {
                break;
            }
            values = deeper;
            best = argmax(&values, me, order.iter().copied());
            decision = self.decision(lines[best].first, values[best], depth);
            if !self.reached_horizon {
                // Every line was resolved to the end of the game: deeper cannot change it.
                break;
            }
            let cost = (self.nodes - started).max(1);
            let growth = cost as f64 / previous_cost as f64;
            predicted_cost = (cost as f64 * growth.max(1.0)).min(u64::MAX as f64) as u64;
            previous_cost = cost;
        }
        decision.nodes = self.nodes;
        Some(decision)
    }

    fn decision(&self, mv: Move, chances: Chances, depth: u32) -> Decision {
        Decision {
            mv,
            chances,
            depth,
            nodes: self.nodes,
        }
    }

    /// Counts `cost` units of work; stops the search when the budget is spent.
    fn spend(&mut self, cost: u64) -> Result<(), Stop> {
        self.nodes += cost;
        if self.nodes > self.limit {
            return Err(Stop);
        }
        // Reading the clock costs more than a node; look once per 256 units.
        let crossed = self.nodes / 256 != (self.nodes - cost) / 256;
        if crossed && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop);
        }
        Ok(())
    }

    fn value(&mut self, game: &Game, depth: u32) -> Result<Chances, Stop> {
        match game.status() {
            Status::Over(outcome) => Ok(eval::terminal(outcome, usize::from(game.players()))),
            Status::Throw { spec, .. } => {
                if depth == 0 {
                    self.reached_horizon = true;
                    self.spend(EVALUATION_COST)?;
                    return Ok(eval::evaluate(game));
                }
                let outcomes = self.chance.outcomes(spec).to_vec();
                let mut total = [0.0; MAX_PLAYERS];
                for outcome in outcomes {
                    self.spend(1)?;
                    let mut next = game.clone();
                    if next.throw(outcome.throw).is_err() {
                        continue;
                    }
                    let v = self.value(&next, depth - 1)?;
                    for (t, x) in total.iter_mut().zip(v) {
                        *t += outcome.probability * x;
                    }
                }
                Ok(total)
            }
            Status::Move { player } => {
                let lines = self.lines(game, player)?;
                if lines.is_empty() {
                    return Ok(eval::evaluate(game));
                }
                let me = player.index();
                let mut values = Vec::with_capacity(lines.len());
                for line in &lines {
                    values.push(self.value(&line.end, 0)?);
                }
                if depth == 0 {
                    return Ok(values[argmax(&values, me, 0..lines.len())]);
                }
                let mut order: Vec<usize> = (0..lines.len()).collect();
                order.sort_by(|&a, &b| values[b][me].total_cmp(&values[a][me]));
                order.truncate(self.beam);
                for &i in &order {
                    values[i] = self.value(&lines[i].end, depth)?;
                }
                Ok(values[argmax(&values, me, order.iter().copied())])
            }
        }
    }

    /// Every distinct end of `player`'s run of moves from `game`, each with the first move
    /// of the first way found to reach it, in the order of the legal moves.
    /// One end per legal first move: after it, the rest of the run is played one move at a
    /// time, each the best by the static evaluation. For runs too long to list in full.
    fn stepwise_lines(&mut self, game: &Game, player: Player) -> Vec<Line> {
        let me = player.index();
        game.legal_moves()
            .into_iter()
            .map(|first| {
                let mut end = game.clone();
                play_legal(&mut end, first);
                while matches!(end.status(), Status::Move { player: p } if p == player) {
                    let mut best: Option<(f64, Game)> = None;
                    for mv in end.legal_moves() {
                        let mut next = end.clone();
                        play_legal(&mut next, mv);
                        self.nodes += 1 + EVALUATION_COST;
                        let v = eval::evaluate(&next)[me];
                        if best.as_ref().is_none_or(|(b, _)| v > *b) {
                            best = Some((v, next));
                        }
                    }
                    match best {
                        Some((_, next)) => end = next,
                        None => break,
                    }
                }
                Line { first, end }
            })
            .collect()
    }

    fn lines(&mut self, game: &Game, player: Player) -> Result<Vec<Line>, Stop> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        self.extend(game, player, None, &mut seen, &mut out)?;
        Ok(out)
    }

    fn extend(
        &mut self,
        game: &Game,
        player: Player,
        first: Option<Move>,
        seen: &mut HashSet<u64>,
        out: &mut Vec<Line>,
    ) -> Result<(), Stop> {
        for mv in game.legal_moves() {
            self.spend(1)?;
            let mut next = game.clone();
            play_legal(&mut next, mv);
            // A 64-bit hash stands for the position: a collision could only hide one line.
            if !seen.insert(fingerprint(&next)) {
                continue;
            }
            let first = first.unwrap_or(mv);
            match next.status() {
                Status::Move { player: p } if p == player => {
                    self.extend(&next, player, Some(first), seen, out)?;
                }
                _ => out.push(Line { first, end: next }),
            }
        }
        Ok(())
    }
}

/// The index among `candidates` whose value is best for seat `me` (the first on a tie).
fn argmax(values: &[Chances], me: usize, candidates: impl Iterator<Item = usize>) -> usize {
    let mut best: Option<usize> = None;
    for i in candidates {
        if best.is_none_or(|b| values[i][me] > values[b][me]) {
            best = Some(i);
        }
    }
    best.unwrap_or(0)
}

fn fingerprint(game: &Game) -> u64 {
    let mut hasher = FnvHasher::default();
    game.hash(&mut hasher);
    hasher.finish()
}

/// Plays a move taken from `game.legal_moves()` without generating the moves again.
fn play_legal(game: &mut Game, mv: Move) {
    // A move of another variant is never among the legal moves; the engine would refuse it
    // and leave the game unchanged.
    let _other_variant = game.play_unchecked(mv);
}
