//! `modern`: not yet implemented (placeholder so the workspace builds while it is written).

use serde::{Deserialize, Serialize};

use crate::{
    IllegalMove, IllegalThrow, ParseError, Player, Rules, Setup, SetupError, Status, Throw,
    ThrowEffect, Variant,
};

/// A game of `modern` (placeholder).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modern;

/// A move of `modern` (placeholder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move;

impl std::fmt::Display for Move {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        unimplemented!("modern")
    }
}

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(_: &str) -> Result<Move, ParseError> {
        unimplemented!("modern")
    }
}

impl Rules for Modern {
    type Move = Move;
    const VARIANT: Variant = Variant::Modern;
    fn new(_: Setup) -> Result<Self, SetupError> {
        unimplemented!("modern")
    }
    fn status(&self) -> Status {
        unimplemented!("modern")
    }
    fn players(&self) -> u8 {
        unimplemented!("modern")
    }
    fn throw(&mut self, _: Throw) -> Result<ThrowEffect, IllegalThrow> {
        unimplemented!("modern")
    }
    fn legal_moves_into(&self, _: &mut Vec<Move>) {
        unimplemented!("modern")
    }
    fn why_illegal(&self, _: Move) -> IllegalMove {
        unimplemented!("modern")
    }
    fn play_unchecked(&mut self, _: Move) {
        unimplemented!("modern")
    }
    fn resign(&mut self, _: Player) -> Result<(), IllegalMove> {
        unimplemented!("modern")
    }
    fn to_notation(&self) -> String {
        unimplemented!("modern")
    }
    fn from_notation(_: &str) -> Result<Self, ParseError> {
        unimplemented!("modern")
    }
    fn check_invariants(&self) -> Result<(), String> {
        unimplemented!("modern")
    }
}
