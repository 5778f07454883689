//! What a [`Variant`] is, beyond its rules: [`VariantInfo`] and the types it speaks in.
//!
//! The enum [`Variant`] itself and its per-ruleset methods (`id`, `name`, `player_range`,
//! ...) are made by the list of rulesets in the crate root (`games!`), each from its
//! ruleset's [`Ruleset`](crate::Ruleset) items; here are the methods built on those.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::dice::ThrowSpec;
use crate::ruleset::{BoardKind, SpecialSquare};
use crate::{ParseError, Setup, SetupError, Variant};

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

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Variant, ParseError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| ParseError::new(format!("unknown variant {s:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn variant_ids_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>().unwrap(), v);
            assert_eq!(
                serde_json::to_string(&v).unwrap(),
                format!("\"{}\"", v.id())
            );
        }
        assert!("chess".parse::<Variant>().is_err());
    }

    #[test]
    fn every_throw_table_adds_up() {
        for v in Variant::ALL {
            let table = v.throw_table();
            let total: u32 = table.iter().map(|o| o.ways).sum();
            assert_eq!(total, table[0].out_of, "{v}");
        }
        // Two dice: a double is one way in 36, a mixed pair two.
        let d6 = Variant::Parker.throw_table();
        assert_eq!(d6.len(), 21);
        assert_eq!(
            d6.iter().find(|o| o.result == "3+3").map(|o| o.ways),
            Some(1)
        );
        assert_eq!(
            d6.iter().find(|o| o.result == "2+5").map(|o| o.ways),
            Some(2)
        );
    }

    #[test]
    fn info_agrees_with_the_other_methods() {
        for v in Variant::ALL {
            let info = v.info();
            assert_eq!(info.id, v.id());
            assert_eq!((info.min_players, info.max_players), v.player_range());
            assert_eq!(info.option_details.len(), info.options.len(), "{v}");
            assert_eq!(info.throw_table, v.throw_table());
            assert_eq!(info.summary, v.summary());
            assert_eq!(info.special_squares, v.special_squares());
            let json = serde_json::to_value(&info).unwrap();
            assert_eq!(json["id"], v.id());
            assert!(json["throw"]["count"].is_number());
        }
        assert_eq!(Variant::Modern.info().max_players, 4);
        assert_eq!(
            serde_json::to_value(Variant::Pyramid.board()).unwrap(),
            "track30"
        );
    }

    #[test]
    fn player_counts_are_checked() {
        assert!(Variant::Modern.check_players(4).is_ok());
        assert!(Variant::Modern.check_players(5).is_err());
        assert!(Variant::Jequier.check_players(3).is_err());
        assert!(Game::new(Variant::Parker, Setup::players(3)).is_err());
    }

    #[test]
    fn every_variant_has_its_own_id_name_and_summary() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert!(!v.id().is_empty() && v.id().bytes().all(|b| b.is_ascii_lowercase()));
            assert!(!v.name().is_empty(), "{v}");
            assert!(v.summary().len() > 100, "{v}: a paragraph, not a line");
            assert!(!v.move_notation().is_empty(), "{v}");
            for w in &Variant::ALL[i + 1..] {
                assert_ne!(v.id(), w.id());
                assert_ne!(v.name(), w.name());
                assert_ne!(v.summary(), w.summary());
            }
        }
    }
}
