//! `martian`: not yet implemented (placeholder so the workspace builds while it is written).

use serde::{Deserialize, Serialize};

use crate::{
    IllegalMove, IllegalThrow, ParseError, Player, Rules, Setup, SetupError, Status, Throw,
    ThrowEffect, Variant,
};

/// A game of `martian` (placeholder).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Martian;

/// A move of `martian` (placeholder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move;

impl std::fmt::Display for Move {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        unimplemented!("martian")
    }
}

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(_: &str) -> Result<Move, ParseError> {
        unimplemented!("martian")
    }
}

impl Rules for Martian {
    type Move = Move;
    const VARIANT: Variant = Variant::Martian;
    fn new(_: Setup) -> Result<Self, SetupError> {
        unimplemented!("martian")
    }
    fn status(&self) -> Status {
        unimplemented!("martian")
    }
    fn players(&self) -> u8 {
        unimplemented!("martian")
    }
    fn throw(&mut self, _: Throw) -> Result<ThrowEffect, IllegalThrow> {
        unimplemented!("martian")
    }
    fn legal_moves_into(&self, _: &mut Vec<Move>) {
        unimplemented!("martian")
    }
    fn why_illegal(&self, _: Move) -> IllegalMove {
        unimplemented!("martian")
    }
    fn play_unchecked(&mut self, _: Move) {
        unimplemented!("martian")
    }
    fn resign(&mut self, _: Player) -> Result<(), IllegalMove> {
        unimplemented!("martian")
    }
    fn to_notation(&self) -> String {
        unimplemented!("martian")
    }
    fn from_notation(_: &str) -> Result<Self, ParseError> {
        unimplemented!("martian")
    }
    fn check_invariants(&self) -> Result<(), String> {
        unimplemented!("martian")
    }
}
