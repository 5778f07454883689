//! A finished game's review per table seat: [`senet_bots::review`] run over a game's
//! record, with moves in the variant's notation and every figure per table seat (seat 1 is
//! the seat that sat first; `record.seats[i]` played engine player `i + 1`).
//!
//! `GET /api/matches/{id}/games/{game}/review` (`server/src/http/review.rs`) serves it;
//! `docs/review.md` says what is computed.

use senet_bots::Budget;
use senet_bots::review::{self, Class, Step, Thresholds};
use senet_engine::{Game, Geometry, Throw};
use serde::{Deserialize, Serialize};

use crate::record::GameRecord;
use crate::win_chances::is_over;
use senet_protocol::EventKind;

/// The work each decision's search may do, in positions: 5,000 reviews 100 decisions in
/// well under a second of one core in every variant (`docs/review.md`).
pub const REVIEW_BUDGET: Budget = Budget::nodes(5_000);

/// What a decision was, by its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewClass {
    /// Cost below the inaccuracy threshold (the best move included).
    Good,
    /// Cost at or above the inaccuracy threshold.
    Inaccuracy,
    /// Cost at or above the mistake threshold.
    Mistake,
    /// Cost at or above the blunder threshold.
    Blunder,
}

impl From<Class> for ReviewClass {
    fn from(c: Class) -> ReviewClass {
        match c {
            Class::Good => ReviewClass::Good,
            Class::Inaccuracy => ReviewClass::Inaccuracy,
            Class::Mistake => ReviewClass::Mistake,
            Class::Blunder => ReviewClass::Blunder,
        }
    }
}

/// One legal move of a decision and the mover's chance after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReviewOption {
    /// The move, in the variant's notation (as in an event's `legal`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The mover's chance of winning after it, in percent (one decimal).
    pub chance: f64,
}

/// One decision of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReviewedDecision {
    /// The number of the `moved` event that played it.
    pub no: u64,
    /// The table seat that chose.
    pub seat: u8,
    /// The move played.
    pub played: String,
    /// The best move by the review (the first of `options`).
    pub best: String,
    /// The chance (percentage points) the move played gave away against the best.
    pub cost: f64,
    /// The class of the cost.
    pub class: ReviewClass,
    /// Throws looked through by the search of every option.
    pub depth: u32,
    /// Every legal move with the mover's chance after it, best first.
    pub options: Vec<ReviewOption>,
    /// Which pieces the best move takes from where to where (the engine's geometry, as a
    /// `moved` event carries it): what a board draws as the arrow of the best move.
    pub best_geometry: Geometry,
}

/// One throw of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReviewedThrow {
    /// The number of its `thrown` event.
    pub no: u64,
    /// The table seat that threw.
    pub seat: u8,
    /// The thrower's chance after the throw less before it (percentage points).
    pub luck: f64,
}

/// One table seat's totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeatReview {
    /// The table seat.
    pub seat: u8,
    /// Decisions made (forced moves are none).
    pub decisions: u32,
    /// Decisions classed inaccuracy.
    pub inaccuracies: u32,
    /// Decisions classed mistake.
    pub mistakes: u32,
    /// Decisions classed blunder.
    pub blunders: u32,
    /// The average cost per decision (points, two decimals).
    pub average_cost: f64,
    /// The luck of the seat's throws, summed (points, one decimal).
    pub luck: f64,
}

/// The thresholds a review classed its decisions by (percentage points).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReviewThresholds {
    /// The least cost of an inaccuracy.
    pub inaccuracy: f64,
    /// The least cost of a mistake.
    pub mistake: f64,
    /// The least cost of a blunder.
    pub blunder: f64,
}

impl From<Thresholds> for ReviewThresholds {
    fn from(t: Thresholds) -> ReviewThresholds {
        ReviewThresholds {
            inaccuracy: t.inaccuracy,
            mistake: t.mistake,
            blunder: t.blunder,
        }
    }
}

/// A finished game, reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GameReview {
    /// The game of the series (1-based).
    pub game: u32,
    /// The search's work per decision (positions).
    pub budget_nodes: u64,
    /// How decisions are classed.
    pub thresholds: ReviewThresholds,
    /// Every decision, in the order played.
    pub decisions: Vec<ReviewedDecision>,
    /// Every throw, in the order thrown.
    pub throws: Vec<ReviewedThrow>,
    /// Per table seat, seat 1 first.
    pub seats: Vec<SeatReview>,
}

/// Why a game cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The game is not over (a live game is never reviewed).
    #[error("the game is not over yet")]
    Live,
    /// The record does not replay (stored data that does not read: a bug).
    #[error("{0}")]
    Replay(String),
}

/// One decimal, as every chance and cost a review or the analysis board gives.
pub(crate) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Reviews a finished game's record, each decision within `budget`. Takes tens of
/// milliseconds to a second: call it on a blocking thread.
///
/// # Errors
/// [`ReviewError::Live`] for a game that is not over; [`ReviewError::Replay`] when the
/// record does not replay.
pub fn review_game(record: &GameRecord, budget: Budget) -> Result<GameReview, ReviewError> {
    review_game_with_progress(record, budget, |_, _| {})
}

/// As [`review_game`], telling `progress` after each throw and move how many of the game's
/// throws and moves are reviewed, and of how many.
///
/// # Errors
/// As [`review_game`].
pub fn review_game_with_progress(
    record: &GameRecord,
    budget: Budget,
    mut progress: impl FnMut(usize, usize),
) -> Result<GameReview, ReviewError> {
    if !is_over(record) {
        return Err(ReviewError::Live);
    }
    let start =
        Game::new(record.variant, record.setup).map_err(|e| ReviewError::Replay(e.to_string()))?;
    // The throws and moves, with the number of the event of each.
    let mut steps = Vec::new();
    let mut numbers = Vec::new();
    for e in &record.events {
        let step = match &e.kind {
            EventKind::Thrown { spec, faces, .. } => Step::Throw(
                Throw::new(*spec, faces)
                    .map_err(|err| ReviewError::Replay(format!("event {}: {err}", e.no)))?,
            ),
            EventKind::Moved { mv, .. } => Step::Move(
                start
                    .parse_move(mv)
                    .map_err(|err| ReviewError::Replay(format!("event {}: {err}", e.no)))?,
            ),
            _ => continue,
        };
        steps.push(step);
        numbers.push(e.no);
    }
    let of = steps.len();
    let r = review::review_with_progress(&start, &steps, budget, |done| progress(done, of))
        .map_err(|err| ReviewError::Replay(err.to_string()))?;
    let seat_of =
        |player: senet_engine::Player| record.seats.get(player.index()).copied().unwrap_or(0);
    let thresholds = Thresholds::for_variant(record.variant);
    let decisions: Vec<ReviewedDecision> = r
        .decisions
        .iter()
        .map(|d| ReviewedDecision {
            no: numbers[d.step],
            seat: seat_of(d.player),
            played: d.played.to_string(),
            best: d.best().to_string(),
            cost: round1(d.cost),
            // Classed by the cost as shown, so that "5.0 points" is never an inaccuracy.
            class: thresholds.classify(round1(d.cost)).into(),
            depth: d.depth,
            options: d
                .options
                .iter()
                .map(|(mv, chance)| ReviewOption {
                    mv: mv.to_string(),
                    chance: round1(*chance),
                })
                .collect(),
            best_geometry: d.best_geometry.clone(),
        })
        .collect();
    let throws = r
        .throws
        .iter()
        .map(|t| ReviewedThrow {
            no: numbers[t.step],
            seat: seat_of(t.player),
            luck: round1(t.luck),
        })
        .collect();
    let mut seats: Vec<SeatReview> = (1..=u8::try_from(record.seats.len()).unwrap_or(u8::MAX))
        .map(|seat| SeatReview {
            seat,
            decisions: 0,
            inaccuracies: 0,
            mistakes: 0,
            blunders: 0,
            average_cost: 0.0,
            luck: 0.0,
        })
        .collect();
    for (i, p) in r.players.iter().enumerate() {
        let seat = record.seats.get(i).copied().unwrap_or(0);
        if let Some(s) = usize::from(seat)
            .checked_sub(1)
            .and_then(|k| seats.get_mut(k))
        {
            s.decisions = p.decisions;
            s.average_cost = (p.average_cost() * 100.0).round() / 100.0;
            s.luck = round1(p.luck);
        }
    }
    // The classes as the decisions show them.
    for d in &decisions {
        if let Some(s) = usize::from(d.seat)
            .checked_sub(1)
            .and_then(|k| seats.get_mut(k))
        {
            match d.class {
                ReviewClass::Good => {}
                ReviewClass::Inaccuracy => s.inaccuracies += 1,
                ReviewClass::Mistake => s.mistakes += 1,
                ReviewClass::Blunder => s.blunders += 1,
            }
        }
    }
    Ok(GameReview {
        game: record.game,
        budget_nodes: budget.nodes,
        thresholds: thresholds.into(),
        decisions,
        throws,
        seats,
    })
}
