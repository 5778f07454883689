//! The model every ruleset implements: [`Rules`], and the types it speaks in.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::ParseError;
use crate::dice::{IllegalThrow, Throw, ThrowSpec};
use crate::scoring::Breakdown;
use crate::{Player, Variant};

/// What a game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Status {
    /// The caller must roll `spec` for `player` and pass it to [`Rules::throw`].
    Throw {
        /// Whose throw it is.
        player: Player,
        /// What to roll.
        spec: ThrowSpec,
    },
    /// `player` must choose one of [`Rules::legal_moves`] (never empty in this state).
    Move {
        /// Whose move it is.
        player: Player,
    },
    /// The game has ended.
    Over(Outcome),
}

impl Status {
    /// The player the game waits for, if it is not over.
    pub fn player(&self) -> Option<Player> {
        match *self {
            Status::Throw { player, .. } | Status::Move { player } => Some(player),
            Status::Over(_) => None,
        }
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match *self {
            Status::Over(o) => Some(o),
            _ => None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; `None` for a draw, which only a variant's move limit can produce (each
    /// variant's rules page says whether its limit can end drawn).
    pub winner: Option<Player>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The series points the winner takes, by the variant's own scoring (0 on a draw).
    pub points: u32,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The winning condition of the rules was reached (all borne off, all captured, ...).
    Completed,
    /// A player resigned (or was ruled out by the server for abandoning the game).
    Resigned,
    /// A player could not move and loses by the rules (`modern`).
    NoMove,
    /// The game reached the variant's guard against endless play (a move or turn limit,
    /// documented per variant).
    MoveLimit,
    /// A player's clock ran out (the server keeps the clocks). Scored as a resignation in
    /// every variant.
    Timeout,
}

/// How a player can give up a game that goes on: the two end reasons a caller chooses,
/// which every variant scores alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Concession {
    /// The player resigned (or was ruled out by the server for abandoning the game).
    Resigned,
    /// The player's time ran out.
    Timeout,
}

impl From<Concession> for EndReason {
    fn from(c: Concession) -> EndReason {
        match c {
            Concession::Resigned => EndReason::Resigned,
            Concession::Timeout => EndReason::Timeout,
        }
    }
}

/// What a throw led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ThrowEffect {
    /// The thrower now has at least one legal move.
    Move,
    /// No move was possible: the engine applied the rules for that (pass the turn, throw
    /// again, or end the game); [`Rules::status`] says what comes next.
    NoMove,
    /// The throw was part of deciding who starts (a roll-off), not a move throw.
    Decided,
    /// The throw is kept for later and the same player throws again before moving
    /// (`kendall`, where all throws are made before moving).
    Kept,
}

/// Why a move was refused. The game is unchanged.
///
/// Each variant uses the reasons that fit its rules; the most specific reason applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// It is another player's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game waits for a throw, not a move.
    #[error("throw first")]
    MustThrowFirst,
    /// The move is not of the shape this game expects here, or cannot be read.
    #[error("that is not a move in this game")]
    Malformed,
    /// No piece of the mover stands where the move starts.
    #[error("you have no piece there")]
    NoSuchPiece,
    /// No remaining die (or sum) gives that distance.
    #[error("the dice do not give that distance")]
    NoSuchDie,
    /// The destination holds a piece of the mover's own colour.
    #[error("your own piece stands there")]
    OccupiedByOwn,
    /// The destination holds an opposing piece that cannot be taken there.
    #[error("that piece is protected")]
    Protected,
    /// A blockade, block or other piece stands in the way.
    #[error("the way is blocked")]
    Blocked,
    /// The move would leave the board or the piece's path.
    #[error("that square is off the path")]
    OffPath,
    /// Bearing off is not yet allowed for this player.
    #[error("you may not bear off yet")]
    CannotBearOff,
    /// A bear-off (or other obligatory move) must be played first.
    #[error("another piece must move first")]
    MustBearOffFirst,
    /// A piece is obliged to move this turn and this move is not it.
    #[error("a piece on a special square must move first")]
    MustMoveForcedPiece,
    /// This move would waste a die that another choice could use.
    #[error("the dice must be used in full when possible")]
    MustUseAllDice,
    /// The piece must wait (its starting line, a "one", ...).
    #[error("that piece must wait")]
    MustWait,
    /// The move goes backward where that is not allowed.
    #[error("that piece may not move backward")]
    NoBackward,
    /// A stack may not be built this way (`martian`).
    #[error("pieces cannot be stacked like that")]
    IllegalStack,
    /// The piece is held inside a nest (`martian`).
    #[error("that piece is held inside a nest")]
    Trapped,
    /// The move is not legal now for a reason not listed above.
    #[error("that move is not legal now")]
    NotLegal,
}

impl IllegalMove {
    /// Every reason, in the order of the enum (a test checks none is missing: each has a
    /// code of its own, and the list is as long as the codes the enum gives).
    pub const ALL: [IllegalMove; 19] = [
        IllegalMove::GameOver,
        IllegalMove::NotYourTurn,
        IllegalMove::MustThrowFirst,
        IllegalMove::Malformed,
        IllegalMove::NoSuchPiece,
        IllegalMove::NoSuchDie,
        IllegalMove::OccupiedByOwn,
        IllegalMove::Protected,
        IllegalMove::Blocked,
        IllegalMove::OffPath,
        IllegalMove::CannotBearOff,
        IllegalMove::MustBearOffFirst,
        IllegalMove::MustMoveForcedPiece,
        IllegalMove::MustUseAllDice,
        IllegalMove::MustWait,
        IllegalMove::NoBackward,
        IllegalMove::IllegalStack,
        IllegalMove::Trapped,
        IllegalMove::NotLegal,
    ];

    /// The stable snake_case code of the reason, as the protocol and scenario files write it.
    pub const fn code(self) -> &'static str {
        match self {
            IllegalMove::GameOver => "game_over",
            IllegalMove::NotYourTurn => "not_your_turn",
            IllegalMove::MustThrowFirst => "must_throw_first",
            IllegalMove::Malformed => "malformed",
            IllegalMove::NoSuchPiece => "no_such_piece",
            IllegalMove::NoSuchDie => "no_such_die",
            IllegalMove::OccupiedByOwn => "occupied_by_own",
            IllegalMove::Protected => "protected",
            IllegalMove::Blocked => "blocked",
            IllegalMove::OffPath => "off_path",
            IllegalMove::CannotBearOff => "cannot_bear_off",
            IllegalMove::MustBearOffFirst => "must_bear_off_first",
            IllegalMove::MustMoveForcedPiece => "must_move_forced_piece",
            IllegalMove::MustUseAllDice => "must_use_all_dice",
            IllegalMove::MustWait => "must_wait",
            IllegalMove::NoBackward => "no_backward",
            IllegalMove::IllegalStack => "illegal_stack",
            IllegalMove::Trapped => "trapped",
            IllegalMove::NotLegal => "not_legal",
        }
    }
}

impl EndReason {
    /// The stable snake_case code of the reason.
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::Completed => "completed",
            EndReason::Resigned => "resigned",
            EndReason::NoMove => "no_move",
            EndReason::MoveLimit => "move_limit",
            EndReason::Timeout => "timeout",
        }
    }

    /// The reason whose [`EndReason::code`] is `code`.
    pub fn from_code(code: &str) -> Option<EndReason> {
        [
            EndReason::Completed,
            EndReason::Resigned,
            EndReason::NoMove,
            EndReason::MoveLimit,
            EndReason::Timeout,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }

    /// Whether a player gave the game up ([`Concession`]): a resignation or a loss on time.
    pub const fn is_concession(self) -> bool {
        matches!(self, EndReason::Resigned | EndReason::Timeout)
    }
}

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetupError {
    /// The variant does not take this number of players.
    #[error("{variant} is played by {min} to {max} players, not {players}")]
    PlayerCount {
        /// The variant.
        variant: Variant,
        /// Players asked for.
        players: u8,
        /// Fewest allowed.
        min: u8,
        /// Most allowed.
        max: u8,
    },
}

/// How to set up a game: the number of players and the variant options.
///
/// Options that a variant does not use are ignored by it; [`Variant::options`] lists which apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct Setup {
    /// Number of players (2, or 3 to 4 for `modern`).
    pub players: u8,
    /// `parker`: plain pegs wait on the last Senet Row space for a one (the printed rule;
    /// players may waive it before the game).
    pub waiting_for_one: bool,
    /// `kendall`: five pieces a side instead of seven.
    #[serde(skip_serializing_if = "is_false")]
    pub five_pieces: bool,
    /// `kendall`: white may not move until it has thrown a 1.
    #[serde(skip_serializing_if = "is_false")]
    pub starting_throw: bool,
    /// `kendall`: a throw that would carry a piece past square 26 drops it into the water.
    #[serde(skip_serializing_if = "is_false")]
    pub trap: bool,
    /// `kendall`: no bearing off while a piece of the player's is on the first row.
    #[serde(skip_serializing_if = "is_false")]
    pub home_row: bool,
}

/// For `skip_serializing_if`: options that are off are left out of a written setup, so the
/// setups of games that do not use them read as before.
fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            players: 2,
            waiting_for_one: true,
            five_pieces: false,
            starting_throw: false,
            trap: false,
            home_row: false,
        }
    }
}

impl Setup {
    /// The default setup for `players` players.
    pub fn players(players: u8) -> Setup {
        Setup {
            players,
            ..Setup::default()
        }
    }
}

/// A ruleset: the state of one game of a variant and everything that can happen to it.
///
/// The contract every implementation keeps:
/// - [`Rules::legal_moves`] is empty exactly when [`Rules::status`] is not [`Status::Move`];
/// - [`Rules::play`] accepts a move exactly when it is in [`Rules::legal_moves`] (this is
///   provided here, on top of the generator, so the two cannot disagree);
/// - no method panics on any input reachable through the checked API;
/// - `from_notation(to_notation(g)) == g`.
pub trait Rules:
    Sized + Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// One step of a turn.
    type Move: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err = ParseError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;

    /// The variant this type implements.
    const VARIANT: Variant;

    /// A new game in its starting position.
    ///
    /// # Errors
    /// [`SetupError`] when the setup does not fit the variant.
    fn new(setup: Setup) -> Result<Self, SetupError>;

    /// What the game waits for now.
    fn status(&self) -> Status;

    /// Number of players in this game.
    fn players(&self) -> u8;

    /// Applies a throw for the player in [`Status::Throw`], including any forced pass or
    /// re-throw it causes.
    ///
    /// # Errors
    /// [`IllegalThrow`] if the game is not waiting for a throw or the faces do not fit the
    /// spec; the game is unchanged.
    fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow>;

    /// Appends every legal move to `out` (cleared first). Reusing one buffer keeps random
    /// play allocation-free.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// Why `mv`, which is not in [`Rules::legal_moves`], is illegal for the player to move.
    /// Called only when the game waits for that player's move.
    fn why_illegal(&self, mv: Self::Move) -> IllegalMove;

    /// Applies a move from [`Rules::legal_moves`].
    ///
    /// # Panics
    /// May panic, or leave a nonsensical state, if `mv` is not legal now. The server only
    /// calls [`Rules::play`].
    fn play_unchecked(&mut self, mv: Self::Move);

    /// `player` gives up, by resigning or on time (`how` is the end reason; both are scored
    /// alike). In a two-player game the other player wins; with more players the variant
    /// decides.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game is over.
    fn concede(&mut self, player: Player, how: Concession) -> Result<(), IllegalMove>;

    /// `player` resigns: [`Rules::concede`] with [`Concession::Resigned`].
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game is over.
    fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
        self.concede(player, Concession::Resigned)
    }

    /// The position in the variant's text notation (one line, no variant prefix).
    fn to_notation(&self) -> String;

    /// Reads a position written by [`Rules::to_notation`] (or by hand, for tests).
    ///
    /// # Errors
    /// [`ParseError`] when the text is not a consistent position of this variant.
    fn from_notation(s: &str) -> Result<Self, ParseError>;

    /// How the series points of the finished game are made up, by the variant's own scoring
    /// (see [`crate::scoring`]); its total is [`Outcome::points`]. `None` while the game
    /// goes on.
    fn breakdown(&self) -> Option<Breakdown>;

    /// The value of `throw` as one number, for throws whose faces are not already the
    /// values the mover plays: the squares four throwing sticks give (`jequier`). `None` for
    /// dice, whose faces are played as they are (one by one, or summed where the variant
    /// allows).
    fn throw_value(throw: &Throw) -> Option<u8> {
        let _ = throw;
        None
    }

    /// Checks the invariants of the position (pieces conserved, stacks well formed, ...);
    /// used by property tests.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    fn check_invariants(&self) -> Result<(), String>;

    /// Every legal move now.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Plays `mv` for `player` if it is legal; otherwise says why and changes nothing.
    ///
    /// # Errors
    /// [`IllegalMove`] with the most specific reason.
    fn play(&mut self, player: Player, mv: Self::Move) -> Result<(), IllegalMove> {
        match self.status() {
            Status::Over(_) => return Err(IllegalMove::GameOver),
            Status::Throw { player: p, .. } => {
                return Err(if p == player {
                    IllegalMove::MustThrowFirst
                } else {
                    IllegalMove::NotYourTurn
                });
            }
            Status::Move { player: p } if p != player => return Err(IllegalMove::NotYourTurn),
            Status::Move { .. } => {}
        }
        if self.legal_moves().contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(self.why_illegal(mv))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `IllegalMove::ALL` lists every reason once, in order: a new reason fails to compile
    /// here until it has its place (the match names every one).
    #[test]
    fn every_reason_is_listed_once() {
        let place = |r: IllegalMove| match r {
            IllegalMove::GameOver => 0,
            IllegalMove::NotYourTurn => 1,
            IllegalMove::MustThrowFirst => 2,
            IllegalMove::Malformed => 3,
            IllegalMove::NoSuchPiece => 4,
            IllegalMove::NoSuchDie => 5,
            IllegalMove::OccupiedByOwn => 6,
            IllegalMove::Protected => 7,
            IllegalMove::Blocked => 8,
            IllegalMove::OffPath => 9,
            IllegalMove::CannotBearOff => 10,
            IllegalMove::MustBearOffFirst => 11,
            IllegalMove::MustMoveForcedPiece => 12,
            IllegalMove::MustUseAllDice => 13,
            IllegalMove::MustWait => 14,
            IllegalMove::NoBackward => 15,
            IllegalMove::IllegalStack => 16,
            IllegalMove::Trapped => 17,
            IllegalMove::NotLegal => 18,
        };
        for (i, r) in IllegalMove::ALL.into_iter().enumerate() {
            assert_eq!(place(r), i, "{r:?}");
        }
    }
}
