//! The JSON Schema of every WebSocket message ([`protocol_schema`]), derived by `schemars`
//! from [`ClientMsg`], [`ServerMsg`], [`PeopleMsg`] and every type inside them (the engine's through its
//! `schema` feature). The server serves it at `GET /api/protocol.schema.json`.
//!
//! A client message is described as the server reads it (fields with a default may be left
//! out), a server message as the server writes it (every field it always sends is
//! required).

use std::borrow::Cow;

use schemars::generate::{SchemaGenerator, SchemaSettings};
use schemars::{JsonSchema, Schema, json_schema};
use serde_json::{Map, Value, json};

use crate::client::Tail;
use crate::{ClientMsg, PeopleMsg, ServerMsg};

/// The JSON Schema dialect of [`protocol_schema`].
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

impl JsonSchema for Tail {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Tail".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "senet_protocol::Tail".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "integer",
            "minimum": 0,
            "maximum": Tail::MAX,
            "description": "How many missed events the client takes as frames (0 to 200).",
        })
    }
}

/// A generator whose definitions go to `definitions_path`, for what the server reads
/// (`reads`: fields with a default may be absent) or writes (fields it always writes are
/// required).
pub fn generator(definitions_path: &'static str, reads: bool) -> SchemaGenerator {
    let settings = SchemaSettings::draft2020_12().with(|s| {
        s.definitions_path = definitions_path.into();
        s.meta_schema = None;
    });
    if reads {
        settings.for_deserialize().into_generator()
    } else {
        settings.for_serialize().into_generator()
    }
}

/// Merges `from`'s definitions into `into`. A name both have must be the same schema.
///
/// # Errors
/// The first name whose two schemas differ.
pub fn merge_definitions(
    into: &mut Map<String, Value>,
    from: Map<String, Value>,
) -> Result<(), String> {
    for (name, schema) in from {
        match into.get(&name) {
            Some(have) if *have != schema => {
                return Err(format!("two different schemas are named {name}"));
            }
            Some(_) => {}
            None => {
                into.insert(name, schema);
            }
        }
    }
    Ok(())
}

/// The JSON Schema (draft 2020-12) of every WebSocket message: a frame is a `ClientMsg`
/// (`$defs/ClientMsg`, as the server reads it), a `ServerMsg` (`$defs/ServerMsg`, as the
/// server writes it) or, on a page's own socket, a `PeopleMsg`; every type inside them is in
/// `$defs`.
pub fn protocol_schema() -> Value {
    let mut reads = generator("/$defs", true);
    let client = reads.subschema_for::<ClientMsg>();
    let mut writes = generator("/$defs", false);
    let server = writes.subschema_for::<ServerMsg>();
    let people = writes.subschema_for::<PeopleMsg>();
    let mut defs = writes.take_definitions(true);
    // The two sides share no type whose forms differ (a test checks it): a conflict would
    // keep the server's form.
    let _ = merge_definitions(&mut defs, reads.take_definitions(true));
    json!({
        "$schema": DIALECT,
        "title": "Senet WebSocket messages",
        "description": "Every frame of GET /ws/matches/{id} (docs/protocol.md): a client message \
            (ClientMsg, as the server reads it) or a server message (ServerMsg, as the server \
            writes it); and every frame of GET /ws/people, a page's own socket (PeopleMsg, \
            which the server writes).",
        "anyOf": [client, server, people],
        "$defs": defs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_sides_agree_on_shared_types() {
        let mut reads = generator("/$defs", true);
        reads.subschema_for::<ClientMsg>();
        let mut writes = generator("/$defs", false);
        writes.subschema_for::<ServerMsg>();
        let mut defs = writes.take_definitions(true);
        merge_definitions(&mut defs, reads.take_definitions(true)).unwrap();
    }

    #[test]
    fn the_schema_names_both_sides() {
        let schema = protocol_schema();
        let defs = schema["$defs"].as_object().unwrap();
        for name in [
            "ClientMsg",
            "ServerMsg",
            "Event",
            "Snapshot",
            "Variant",
            "Place",
            "PeopleMsg",
            "ChallengeView",
            "SeekView",
            "RatingRange",
        ] {
            assert!(defs.contains_key(name), "{name} is missing");
        }
    }
}
