//! What a variant says about itself, in one place: [`VariantInfo`] (from the ruleset's own
//! items), its options and the odds of its throw.

use serde::{Deserialize, Serialize};

use crate::dice::ThrowSpec;
use crate::ruleset::{BoardKind, PositionNotation, SpecialSquare};
use crate::{Setup, SetupError, Variant};

impl Variant {
    /// The variant's throw as a probability table: every distinct result of an ordinary
    /// throw, with the number of equally likely ways to get it out of all of them.
    ///
    /// Dice results are the faces in ascending order (`"2+5"`); `jequier`'s four sticks are
    /// read as the value they give (`"6"` when every red side is up), which is why its table
    /// is not uniform.
    ///
    /// ```
    /// use senet_engine::Variant;
    /// let sticks = Variant::Jequier.throw_table();
    /// let ways: Vec<(&str, u32)> = sticks.iter().map(|o| (o.result.as_str(), o.ways)).collect();
    /// assert_eq!(ways, [("1", 4), ("2", 6), ("3", 4), ("4", 1), ("6", 1)]);
    /// assert!(sticks.iter().all(|o| o.out_of == 16));
    /// ```
    pub fn throw_table(self) -> Vec<ThrowOdds> {
        let all = self.throw_spec().all_throws();
        let out_of = u32::try_from(all.len()).unwrap_or(u32::MAX);
        let mut table: Vec<ThrowOdds> = Vec::new();
        for throw in &all {
            // A throw with one value (sticks) is that value; dice are their faces.
            let result = match self.throw_value(throw) {
                Some(value) => value.to_string(),
                None => {
                    let mut faces = throw.faces().to_vec();
                    faces.sort_unstable();
                    let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                    faces.join("+")
                }
            };
            match table.iter_mut().find(|o| o.result == result) {
                Some(odds) => odds.ways += 1,
                None => table.push(ThrowOdds {
                    result,
                    ways: 1,
                    out_of,
                }),
            }
        }
        table.sort_by(|a, b| a.result.cmp(&b.result));
        table
    }

    /// Checks the number of players.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] when it is out of range.
    pub fn check_players(self, players: u8) -> Result<(), SetupError> {
        let (min, max) = self.player_range();
        if (min..=max).contains(&players) {
            Ok(())
        } else {
            Err(SetupError::PlayerCount {
                variant: self,
                players,
                min,
                max,
            })
        }
    }

    /// Everything about the variant that a server, an API document or a client shows, in
    /// one place, derived from the other methods here.
    ///
    /// ```
    /// use senet_engine::{BoardKind, Variant};
    /// let info = Variant::Parker.info();
    /// assert_eq!((info.id, info.min_players, info.max_players), ("parker", 2, 2));
    /// assert_eq!(info.options, ["waiting_for_one"]);
    /// assert!(info.option_details[0].default);
    /// assert_eq!(info.board, BoardKind::Parker);
    /// assert!(info.summary.contains("Pharaoh"));
    /// ```
    pub fn info(self) -> VariantInfo {
        let (min_players, max_players) = self.player_range();
        VariantInfo {
            id: self.id(),
            name: self.name(),
            min_players,
            max_players,
            options: self.options(),
            option_details: self
                .options()
                .iter()
                .filter_map(|&name| VariantOption::named(name))
                .collect(),
            throw: self.throw_spec(),
            throw_table: self.throw_table(),
            board: self.board(),
            position_notation: self.position_notation(),
            move_notation: self.move_notation(),
            summary: self.summary(),
            special_squares: self.special_squares().to_vec(),
        }
    }
}

/// What [`Variant::info`] says about a variant. Serialised with these field names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct VariantInfo {
    /// The stable id, as [`Variant::id`].
    pub id: &'static str,
    /// The display name, as [`Variant::name`].
    pub name: &'static str,
    /// Fewest players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// The [`Setup`] fields, other than `players`, that the variant uses, as
    /// [`Variant::options`].
    pub options: &'static [&'static str],
    /// The same options with their defaults and what they mean.
    pub option_details: Vec<VariantOption>,
    /// The ordinary throw, as [`Variant::throw_spec`].
    pub throw: ThrowSpec,
    /// The ordinary throw's odds, as [`Variant::throw_table`].
    pub throw_table: Vec<ThrowOdds>,
    /// The board, as [`Variant::board`].
    pub board: BoardKind,
    /// The position notation's family, as [`Variant::position_notation`].
    pub position_notation: PositionNotation,
    /// The move notation, as [`Variant::move_notation`].
    pub move_notation: &'static str,
    /// A paragraph for a newcomer, as [`Variant::summary`].
    pub summary: &'static str,
    /// Every square whose rule a board should show, as [`Variant::special_squares`].
    pub special_squares: Vec<SpecialSquare>,
}

/// A [`Setup`] option of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct VariantOption {
    /// The [`Setup`] field (and the name the server's API uses).
    pub name: &'static str,
    /// Its value in [`Setup::default`].
    pub default: bool,
    /// What it does.
    pub description: &'static str,
}

impl VariantOption {
    /// The option with this [`Setup`] field name, if there is one.
    pub fn named(name: &str) -> Option<VariantOption> {
        match name {
            "waiting_for_one" => Some(VariantOption {
                name: "waiting_for_one",
                default: Setup::default().waiting_for_one,
                description: "parker: plain pegs wait on the last Senet Row space for a one \
                              (the printed rule; players may waive it before the game)",
            }),
            "five_pieces" => Some(VariantOption {
                name: "five_pieces",
                default: Setup::default().five_pieces,
                description: "kendall: five pieces a side instead of seven",
            }),
            "starting_throw" => Some(VariantOption {
                name: "starting_throw",
                default: Setup::default().starting_throw,
                description: "kendall: white may not move a piece until it has thrown a 1",
            }),
            "trap" => Some(VariantOption {
                name: "trap",
                default: Setup::default().trap,
                description: "kendall: a throw that would carry a piece past square 26 drops it \
                              into the water (27) instead of being refused",
            }),
            "home_row" => Some(VariantOption {
                name: "home_row",
                default: Setup::default().home_row,
                description: "kendall: no bearing off while a piece of yours is on the first row",
            }),
            _ => None,
        }
    }
}

/// One line of [`Variant::throw_table`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ThrowOdds {
    /// What the throw gives: dice faces in ascending order joined by `+`, or a stick value.
    pub result: String,
    /// How many of the equally likely raw throws give it.
    pub ways: u32,
    /// How many equally likely raw throws there are in all.
    pub out_of: u32,
}
