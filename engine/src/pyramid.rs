//! `pyramid`: not yet implemented (placeholder so the workspace builds while it is written).

use serde::{Deserialize, Serialize};

use crate::{
    IllegalMove, IllegalThrow, ParseError, Player, Rules, Setup, SetupError, Status, Throw,
    ThrowEffect, Variant,
};

/// A game of `pyramid` (placeholder).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pyramid;

/// A move of `pyramid` (placeholder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move;

impl std::fmt::Display for Move {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        unimplemented!("pyramid")
    }
}

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(_: &str) -> Result<Move, ParseError> {
        unimplemented!("pyramid")
    }
}

impl Rules for Pyramid {
    type Move = Move;
    const VARIANT: Variant = Variant::Pyramid;
    fn new(_: Setup) -> Result<Self, SetupError> {
        unimplemented!("pyramid")
    }
    fn status(&self) -> Status {
        unimplemented!("pyramid")
    }
    fn players(&self) -> u8 {
        unimplemented!("pyramid")
    }
    fn throw(&mut self, _: Throw) -> Result<ThrowEffect, IllegalThrow> {
        unimplemented!("pyramid")
    }
    fn legal_moves_into(&self, _: &mut Vec<Move>) {
        unimplemented!("pyramid")
    }
    fn why_illegal(&self, _: Move) -> IllegalMove {
        unimplemented!("pyramid")
    }
    fn play_unchecked(&mut self, _: Move) {
        unimplemented!("pyramid")
    }
    fn resign(&mut self, _: Player) -> Result<(), IllegalMove> {
        unimplemented!("pyramid")
    }
    fn to_notation(&self) -> String {
        unimplemented!("pyramid")
    }
    fn from_notation(_: &str) -> Result<Self, ParseError> {
        unimplemented!("pyramid")
    }
    fn check_invariants(&self) -> Result<(), String> {
        unimplemented!("pyramid")
    }
}
