//! `parker`: not yet implemented (placeholder so the workspace builds while it is written).

use serde::{Deserialize, Serialize};

use crate::{
    IllegalMove, IllegalThrow, ParseError, Player, Rules, Setup, SetupError, Status, Throw,
    ThrowEffect, Variant,
};

/// A game of `parker` (placeholder).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Parker;

/// A move of `parker` (placeholder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move;

impl std::fmt::Display for Move {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        unimplemented!("parker")
    }
}

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(_: &str) -> Result<Move, ParseError> {
        unimplemented!("parker")
    }
}

impl Rules for Parker {
    type Move = Move;
    const VARIANT: Variant = Variant::Parker;
    fn new(_: Setup) -> Result<Self, SetupError> {
        unimplemented!("parker")
    }
    fn status(&self) -> Status {
        unimplemented!("parker")
    }
    fn players(&self) -> u8 {
        unimplemented!("parker")
    }
    fn throw(&mut self, _: Throw) -> Result<ThrowEffect, IllegalThrow> {
        unimplemented!("parker")
    }
    fn legal_moves_into(&self, _: &mut Vec<Move>) {
        unimplemented!("parker")
    }
    fn why_illegal(&self, _: Move) -> IllegalMove {
        unimplemented!("parker")
    }
    fn play_unchecked(&mut self, _: Move) {
        unimplemented!("parker")
    }
    fn resign(&mut self, _: Player) -> Result<(), IllegalMove> {
        unimplemented!("parker")
    }
    fn to_notation(&self) -> String {
        unimplemented!("parker")
    }
    fn from_notation(_: &str) -> Result<Self, ParseError> {
        unimplemented!("parker")
    }
    fn check_invariants(&self) -> Result<(), String> {
        unimplemented!("parker")
    }
}
