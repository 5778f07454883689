//! [`Variant`]: a ruleset by its name, the lowest type of the crate (every ruleset names
//! itself by it).
//!
//! The enum is made here from the names in the list of rulesets (the crate root's
//! `with_rulesets!`); its per-ruleset methods (`id`, `name`, `player_range`, ...) are made in
//! `game.rs`, from each ruleset's [`Ruleset`](crate::Ruleset) items, and what it says about
//! itself in one place is in `variant_info.rs`.

use std::fmt;
use std::str::FromStr;

use crate::ParseError;

/// Makes the [`Variant`] enum from the list of rulesets (the crate root's `with_rulesets!`):
/// its names only, so the enum is below the rulesets that name themselves by it; what each
/// variant *is* comes from its module, in `game.rs`.
macro_rules! declare_variants {
    ($($(#[$doc:meta])* $variant:ident => $module:ident :: $ty:ident),* $(,)?) => {
        /// A ruleset, by its stable id. Serialised as the id.
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            ::serde::Serialize, ::serde::Deserialize,
        )]
        #[serde(rename_all = "lowercase")]
        pub enum Variant {
            $($(#[$doc])* $variant,)*
        }

        impl Variant {
            /// How many variants there are.
            pub const COUNT: usize = [$(Variant::$variant),*].len();

            /// Every variant, in a stable order (the order of the list of rulesets).
            pub const ALL: [Variant; Variant::COUNT] = [$(Variant::$variant),*];

        }
    };
}

with_rulesets!(declare_variants);

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
    use crate::{Game, Setup};

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
