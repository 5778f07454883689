//! `jequier`: not yet implemented (placeholder so the workspace builds while it is written).

use serde::{Deserialize, Serialize};

use crate::{
    IllegalMove, IllegalThrow, ParseError, Player, Rules, Setup, SetupError, Status, Throw,
    ThrowEffect, Variant,
};

/// A game of `jequier` (placeholder).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Jequier;

/// A move of `jequier` (placeholder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move;

impl std::fmt::Display for Move {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        unimplemented!("jequier")
    }
}

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(_: &str) -> Result<Move, ParseError> {
        unimplemented!("jequier")
    }
}

impl Rules for Jequier {
    type Move = Move;
    const VARIANT: Variant = Variant::Jequier;
    fn new(_: Setup) -> Result<Self, SetupError> {
        unimplemented!("jequier")
    }
    fn status(&self) -> Status {
        unimplemented!("jequier")
    }
    fn players(&self) -> u8 {
        unimplemented!("jequier")
    }
    fn throw(&mut self, _: Throw) -> Result<ThrowEffect, IllegalThrow> {
        unimplemented!("jequier")
    }
    fn legal_moves_into(&self, _: &mut Vec<Move>) {
        unimplemented!("jequier")
    }
    fn why_illegal(&self, _: Move) -> IllegalMove {
        unimplemented!("jequier")
    }
    fn play_unchecked(&mut self, _: Move) {
        unimplemented!("jequier")
    }
    fn resign(&mut self, _: Player) -> Result<(), IllegalMove> {
        unimplemented!("jequier")
    }
    fn to_notation(&self) -> String {
        unimplemented!("jequier")
    }
    fn from_notation(_: &str) -> Result<Self, ParseError> {
        unimplemented!("jequier")
    }
    fn check_invariants(&self) -> Result<(), String> {
        unimplemented!("jequier")
    }
}
