//! The analysis board: any position of any variant, given in its notation (which holds the
//! whole state: whose turn, the dice still to play), a throw or a move applied to it, and
//! what the position offers: every throw that can come, or every legal move with the
//! mover's chance after it, as a review rates a decision ([`senet_bots::review`]).
//!
//! Stateless: the client keeps the line it explores as a list of positions and sends the
//! one it is on. Nothing here touches a live match. `POST /api/analysis`
//! (`server/src/http/analysis_route.rs`) serves it.

use std::borrow::Cow;

use senet_bots::Budget;
use senet_engine::{Game, IllegalMove, IllegalThrow, Status, Throw, ThrowSpec, Variant};
use senet_protocol::event::MoveOption;
use senet_protocol::{Detail, Reason};
use serde::{Deserialize, Serialize};

use crate::game_review::{ReviewOption, round1};

/// Most bytes of a position's notation read (a real one is under 200).
pub const MAX_POSITION_BYTES: usize = 512;

/// What the analysis board asks: a position, and at most one step to take from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The variant.
    pub variant: Variant,
    /// The position in the variant's notation (as an event's `notation`); absent: the
    /// variant's start with two players.
    #[serde(default)]
    pub position: Option<String>,
    /// A throw to apply, as its faces (the position must wait for a throw).
    #[serde(default)]
    pub throw: Option<Vec<u8>>,
    /// A move to play, in the variant's notation (the position must wait for a move).
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
}

/// What the position waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisTurn {
    /// A throw of `player`.
    Throw,
    /// A move of `player`.
    Move,
    /// Nothing: the game is over.
    Over,
}

/// A position, analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Analysis {
    /// The variant.
    pub variant: Variant,
    /// The position after the step asked for, in the variant's notation.
    pub position: String,
    /// What it waits for.
    pub turn: AnalysisTurn,
    /// The engine player it waits for (1-based; absent when the game is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
    /// Each engine player's chance of winning (percent, one decimal), player 1 first.
    pub chances: Vec<f64>,
    /// For a throw: the dice asked for (as a `thrown` event's `spec`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throw_spec: Option<ThrowSpec>,
    /// For a throw: every throw that can come, as faces, each equally likely.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub throws: Vec<Vec<u8>>,
    /// For a move: the legal moves with where each goes, in the engine's order (as an
    /// event's `moves`: what a board highlights).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveOption>,
    /// For a move: every legal move with the mover's chance after it, best first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<ReviewOption>,
    /// For a move: the depth (throws looked through) every option was searched to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Per engine player, the side the rules name for them (as an event's `sides`).
    pub sides: Vec<Option<Cow<'static, str>>>,
    /// The position in words, beyond what a board draws (as an event's `notes`).
    pub notes: String,
    /// The same notes as data (as an event's `note_list`).
    pub note_list: Vec<senet_engine::Note>,
}

/// Why a request cannot be analysed: its `code` (as an API error's), a sentence, and why as
/// a code a client says in its own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{detail}")]
pub struct AnalysisError {
    /// `bad_position`, `illegal_throw` or `illegal_move`.
    pub code: &'static str,
    /// What is wrong: in words, and as a [`Reason`] under the code.
    pub detail: Detail,
}

fn refuse(reason: Reason, message: impl Into<String>) -> AnalysisError {
    AnalysisError {
        code: reason.error_code(),
        detail: Detail::new(reason, message),
    }
}

/// An illegal move, by the engine's reason (one of another variant's notation is unreadable).
fn illegal(e: IllegalMove) -> AnalysisError {
    match e {
        IllegalMove::Malformed => refuse(Reason::MoveUnreadable, e.to_string()),
        e => refuse(Reason::Illegal(e), e.to_string()),
    }
}

/// Applies the request's step to its position and analyses the result, each move searched
/// within `budget`. Takes up to a second of one core: call it on a blocking thread.
///
/// # Errors
/// [`AnalysisError`]: a position the engine does not read or whose invariants do not hold
/// (`bad_position`), a throw where none is due or of the wrong dice (`illegal_throw`), a move
/// where none is due or that is not legal (`illegal_move`).
pub fn analyse(request: &AnalysisRequest, budget: Budget) -> Result<Analysis, AnalysisError> {
    let variant = request.variant;
    let mut game = match &request.position {
        None => Game::new(variant, senet_engine::Setup::default())
            .map_err(|e| refuse(Reason::PositionImpossible, e.to_string()))?,
        Some(p) if p.len() > MAX_POSITION_BYTES => {
            let mut e = refuse(
                Reason::PositionTooLong,
                format!("a position is at most {MAX_POSITION_BYTES} bytes"),
            );
            e.detail = e.detail.with("max", MAX_POSITION_BYTES);
            return Err(e);
        }
        Some(p) => {
            let g = Game::from_notation(variant, p.trim())
                .map_err(|e| refuse(Reason::PositionUnreadable, e.to_string()))?;
            g.check_invariants()
                .map_err(|e| refuse(Reason::PositionImpossible, e))?;
            g
        }
    };
    let wrong_throw = |e: IllegalThrow| match e {
        IllegalThrow::NotExpected => refuse(Reason::NoThrowDue, e.to_string()),
        e => refuse(Reason::ThrowFaces, e.to_string()),
    };
    match (&request.throw, &request.mv) {
        (Some(_), Some(_)) => {
            return Err(refuse(Reason::ThrowAndMove, "a throw or a move, not both"));
        }
        (Some(faces), None) => {
            let Status::Throw { spec, .. } = game.status() else {
                return Err(refuse(
                    Reason::NoThrowDue,
                    "the position waits for no throw",
                ));
            };
            let throw = Throw::new(spec, faces).map_err(wrong_throw)?;
            game.throw(throw).map_err(wrong_throw)?;
        }
        (None, Some(text)) => {
            let Status::Move { player } = game.status() else {
                return Err(refuse(Reason::NoMoveDue, "the position waits for no move"));
            };
            let mv = game
                .parse_move(text)
                .map_err(|e| refuse(Reason::MoveUnreadable, e.to_string()))?;
            game.play(player, mv).map_err(illegal)?;
        }
        (None, None) => {}
    }
    Ok(describe(&game, budget))
}

/// What `game` offers, analysed.
fn describe(game: &Game, budget: Budget) -> Analysis {
    let status = game.status();
    let chances = senet_bots::win_probability(game)
        .into_iter()
        .map(|c| round1(100.0 * c))
        .collect();
    let note_list = game.notes();
    let mut analysis = Analysis {
        variant: game.variant(),
        position: game.to_notation(),
        turn: AnalysisTurn::Over,
        player: status
            .player()
            .and_then(|p| u8::try_from(p.index() + 1).ok()),
        chances,
        throw_spec: None,
        throws: Vec::new(),
        moves: Vec::new(),
        options: Vec::new(),
        depth: None,
        sides: game
            .sides()
            .into_iter()
            .map(|s| s.map(Cow::Borrowed))
            .collect(),
        notes: senet_engine::notes::english(&note_list),
        note_list,
    };
    match status {
        Status::Throw { spec, .. } => {
            analysis.turn = AnalysisTurn::Throw;
            analysis.throw_spec = Some(spec);
            analysis.throws = spec
                .all_throws()
                .iter()
                .map(|t| t.faces().to_vec())
                .collect();
        }
        Status::Move { .. } => {
            analysis.turn = AnalysisTurn::Move;
            analysis.moves = game
                .legal_moves_with_geometry()
                .into_iter()
                .map(|m| MoveOption::new(m.mv.to_string(), m.geometry))
                .collect();
            if let Some((options, depth)) = senet_bots::review::move_chances(game, budget) {
                analysis.options = options
                    .into_iter()
                    .map(|(mv, chance)| ReviewOption {
                        mv: mv.to_string(),
                        chance: round1(chance),
                    })
                    .collect();
                analysis.depth = Some(depth);
            }
        }
        Status::Over(_) => {}
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(variant: Variant, position: Option<&str>) -> AnalysisRequest {
        AnalysisRequest {
            variant,
            position: position.map(str::to_owned),
            throw: None,
            mv: None,
        }
    }

    #[test]
    fn a_line_is_explored_by_throws_and_moves_from_the_start() {
        let budget = Budget::nodes(1_000);
        for variant in Variant::ALL {
            let start = analyse(&ask(variant, None), budget).unwrap();
            let mut at = start.clone();
            // Throw one of the throws offered (a different one each time), play the best
            // move, a few times over.
            for k in 0..12 {
                let mut next = ask(variant, Some(&at.position));
                match at.turn {
                    AnalysisTurn::Throw => {
                        next.throw = Some(at.throws[(k * 7 + 3) % at.throws.len()].clone());
                    }
                    AnalysisTurn::Move => {
                        assert_eq!(at.moves.len(), at.options.len(), "{variant:?}");
                        assert!(
                            at.options.windows(2).all(|w| w[0].chance >= w[1].chance),
                            "{variant:?}: best first"
                        );
                        next.mv = Some(at.options[0].mv.clone());
                    }
                    AnalysisTurn::Over => break,
                }
                at = analyse(&next, budget).unwrap();
                assert!(
                    (at.chances.iter().sum::<f64>() - 100.0).abs() < 0.5,
                    "{variant:?}: {:?}",
                    at.chances
                );
            }
            assert_ne!(
                at.position, start.position,
                "{variant:?}: the line moved on"
            );
        }
    }

    #[test]
    fn bad_positions_throws_and_moves_are_refused_with_their_code() {
        let budget = Budget::nodes(100);
        let code = |r: AnalysisRequest| analyse(&r, budget).unwrap_err().code;
        assert_eq!(
            code(ask(Variant::Pyramid, Some("not a position"))),
            "bad_position"
        );
        assert_eq!(
            code(ask(
                Variant::Pyramid,
                Some(&"x".repeat(MAX_POSITION_BYTES + 1))
            )),
            "bad_position"
        );
        let start = analyse(&ask(Variant::Pyramid, None), budget).unwrap();
        assert_eq!(start.turn, AnalysisTurn::Throw);
        let mut r = ask(Variant::Pyramid, Some(&start.position));
        r.mv = Some("1-2".into());
        assert_eq!(code(r.clone()), "illegal_move", "no move is due");
        r.mv = None;
        r.throw = Some(vec![9, 9]);
        assert_eq!(code(r.clone()), "illegal_throw", "no such faces");
        r.throw = Some(start.throws[0].clone());
        r.mv = Some("1-2".into());
        assert_eq!(code(r), "illegal_move", "not both");
    }
}
