//! JSON Schemas (`schemars`, the `schema` feature) of the types whose serde form is written by
//! hand: [`Variant`] (its ids, from [`Variant::ALL`]), [`Place`] and [`PieceKind`] (their
//! string forms), [`Player`] (1 to 4) and [`Move`] (its notation). Every other type that
//! crosses the wire derives its schema beside its serde attributes.
//!
//! Each schema says exactly what the type's `Deserialize` takes and its `Serialize` writes;
//! the tests below check it over every value (or a sample of every form).

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::geometry::PieceKind;
use crate::{Move, Place, Player, Variant};

/// What [`Place`]'s `FromStr` reads: `s1`…`s30`, `p1-1`…`p2-20`, `S1`…`P9`, `off`, `out`
/// (numbers without a sign or a leading zero).
pub const PLACE_PATTERN: &str =
    "^(s([1-9]|[12][0-9]|30)|p[12]-([1-9]|1[0-9]|20)|[SBP][1-9]|off|out)$";

impl JsonSchema for Variant {
    fn schema_name() -> Cow<'static, str> {
        "Variant".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "senet_engine::Variant".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        let names: Vec<String> = Variant::ALL
            .iter()
            .map(|v| format!("`{}` ({})", v.id(), v.name()))
            .collect();
        json_schema!({
            "type": "string",
            "enum": ids,
            "description": format!("A ruleset, by its stable id: {}.", names.join(", ")),
        })
    }
}

impl JsonSchema for Place {
    fn schema_name() -> Cow<'static, str> {
        "Place".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "senet_engine::Place".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": PLACE_PATTERN,
            "description": "Where a piece can be: `s1`…`s30` (the 30-square track), \
                `p1-1`…`p2-20` (a `parker` player's path), `S1`…`P9` (`martian`'s tracks), \
                `off` (borne off), `out` (out of the game).",
        })
    }
}

impl JsonSchema for PieceKind {
    fn schema_name() -> Cow<'static, str> {
        "PieceKind".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "senet_engine::PieceKind".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let kinds = [
            PieceKind::White,
            PieceKind::Black,
            PieceKind::Pharaoh,
            PieceKind::Man,
            PieceKind::Small,
            PieceKind::Medium,
            PieceKind::Large,
        ]
        .into_iter()
        .chain((1..=5).map(PieceKind::Numbered))
        .map(|k| k.to_string())
        .collect::<Vec<_>>();
        json_schema!({
            "type": "string",
            "enum": kinds,
            "description": "What a piece is, beyond its owner.",
        })
    }
}

impl JsonSchema for Player {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Player".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "senet_engine::Player".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "integer",
            "minimum": 1,
            "maximum": Player::ALL.len(),
            "description": "An engine player, 1 to 4 in turn order.",
        })
    }
}

impl JsonSchema for Move {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Move".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "senet_engine::Move".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "A move in its variant's notation (`docs/rules/<variant>.md`).",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    /// Whether `value` is one of the schema's `enum` values.
    fn in_enum(schema: &Schema, value: &serde_json::Value) -> bool {
        schema
            .get("enum")
            .and_then(|e| e.as_array())
            .is_some_and(|e| e.contains(value))
    }

    #[test]
    fn variant_enum_is_every_variant() {
        let schema = schemars::schema_for!(Variant);
        let ids = schema.get("enum").and_then(|e| e.as_array()).unwrap();
        assert_eq!(ids.len(), Variant::ALL.len());
        for v in Variant::ALL {
            assert!(in_enum(&schema, &serde_json::to_value(v).unwrap()), "{v}");
        }
    }

    #[test]
    fn every_place_matches_the_pattern_and_nothing_else_does() {
        let pattern = regex::Regex::new(PLACE_PATTERN).unwrap();
        let all: Vec<Place> = (1..=30)
            .filter_map(Place::square)
            .chain((1..=20).filter_map(|n| Place::lane(Player::One, n)))
            .chain((1..=20).filter_map(|n| Place::lane(Player::Two, n)))
            .chain((0..27).filter_map(Place::path))
            .chain([Place::Off, Place::Out])
            .collect();
        for p in &all {
            let text = serde_json::to_value(p).unwrap();
            assert!(
                pattern.is_match(text.as_str().unwrap()),
                "{p} does not match"
            );
        }
        // Every short string over the places' alphabet matches exactly when it parses.
        let alphabet = ['s', 'p', 'S', 'B', 'P', '-', '0', '1', '2', '3', '9'];
        let mut strings = vec![String::new()];
        for _ in 0..5 {
            strings = strings
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            for s in &strings {
                assert_eq!(pattern.is_match(s), s.parse::<Place>().is_ok(), "{s:?}");
            }
        }
        for s in ["off", "out", "OFF", "of", "outs", "s1 ", " s1"] {
            assert_eq!(pattern.is_match(s), s.parse::<Place>().is_ok(), "{s:?}");
        }
    }

    #[test]
    fn piece_kinds_and_players_round_trip() {
        let kinds = schemars::schema_for!(PieceKind);
        for name in [
            "white", "black", "pharaoh", "man", "small", "medium", "large", "dots1", "dots5",
        ] {
            let v = serde_json::Value::from(name);
            assert!(in_enum(&kinds, &v), "{name}");
            let kind: PieceKind = serde_json::from_value(v.clone()).unwrap();
            assert_eq!(serde_json::to_value(kind).unwrap(), v);
        }
        assert!(serde_json::from_str::<PieceKind>("\"dots6\"").is_err());
        assert!(!in_enum(&kinds, &"dots6".into()));
        for p in Player::ALL {
            let n = serde_json::to_value(p).unwrap().as_u64().unwrap();
            assert!((1..=4).contains(&n));
        }
    }

    #[test]
    fn moves_are_strings() {
        let game = Game::from_notation(Variant::Jequier, "..W.........W.BB.............. b2 m1:2")
            .unwrap();
        assert!(!game.legal_moves().is_empty());
        for mv in game.legal_moves() {
            assert!(serde_json::to_value(mv).unwrap().is_string());
        }
        assert_eq!(
            schemars::schema_for!(Move).get("type"),
            Some(&"string".into())
        );
    }
}
