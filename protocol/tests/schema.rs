//! The protocol's JSON Schema against what it describes: every example of the WebSocket
//! section of `docs/protocol.md`, and messages made by the types themselves.

use senet_engine::geometry::{Piece, PieceKind, Step, StepKind};
use senet_engine::{Geometry, Place, Player, Setup, Stuck, ThrowEffect, ThrowSpec, Variant};
use senet_protocol::*;
use serde_json::{Value, json};

/// A validator for the definition `name` of the protocol schema (`Message`: the whole
/// schema, any message); `partial`: with no property required anywhere and `oneOf` taken as
/// `anyOf` (for the shortened examples, whose `"…"` stands for the rest, and a fragment,
/// which may leave out even the field that tells the kinds apart).
fn validator(name: &str, partial: bool) -> jsonschema::Validator {
    let mut schema = protocol_schema();
    if partial {
        drop_required(&mut schema);
    }
    let root = if name == "Message" {
        schema
    } else {
        json!({
            "$schema": schema["$schema"],
            "$ref": format!("#/$defs/{name}"),
            "$defs": schema["$defs"],
        })
    };
    jsonschema::validator_for(&root).expect("the protocol schema compiles")
}

fn drop_required(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.remove("required");
            if let Some(one_of) = map.remove("oneOf") {
                map.insert("anyOf".into(), one_of);
            }
            map.values_mut().for_each(drop_required);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_required),
        _ => {}
    }
}

/// Whether a shortened example left something out: a `"…"` key anywhere.
fn shortened(v: &Value) -> bool {
    match v {
        Value::Object(map) => map.contains_key("…") || map.values().any(shortened),
        Value::Array(items) => items.iter().any(shortened),
        _ => false,
    }
}

fn without_ellipsis_keys(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.remove("…");
            map.values_mut().for_each(without_ellipsis_keys);
        }
        Value::Array(items) => items.iter_mut().for_each(without_ellipsis_keys),
        _ => {}
    }
}

fn check(validator: &jsonschema::Validator, example: &Value, text: &str) {
    let errors: Vec<String> = validator
        .iter_errors(example)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{text}\n  does not fit the schema: {errors:#?}"
    );
}

/// The JSON blocks of the WebSocket section of `docs/protocol.md`.
fn websocket_examples() -> Vec<String> {
    let doc = include_str!("../../docs/protocol.md");
    let start = doc
        .find("## WebSocket")
        .expect("a WebSocket section in docs/protocol.md");
    let mut blocks = Vec::new();
    let mut block: Option<String> = None;
    for line in doc[start..].lines() {
        match (&mut block, line.trim_start().starts_with("```")) {
            (None, true) if line.trim_start().starts_with("```json") => block = Some(String::new()),
            (Some(_), true) => blocks.extend(block.take()),
            (Some(b), false) => {
                b.push_str(line);
                b.push('\n');
            }
            _ => {}
        }
    }
    blocks
}

#[test]
fn every_websocket_example_of_the_docs_fits_the_schema() {
    let message = validator("Message", false);
    let partial_message = validator("Message", true);
    let partial_event = validator("Event", true);
    let chat_line = validator("ChatLine", false);
    let mut seen = 0;
    for block in websocket_examples() {
        let values: Result<Vec<Value>, _> = serde_json::Deserializer::from_str(&block)
            .into_iter::<Value>()
            .collect();
        let Ok(values) = values else {
            // A fragment of an event (its `legal`, `moves` and `stuck`): the fields of one.
            let object: Value = serde_json::from_str(&format!("{{{block}}}"))
                .unwrap_or_else(|e| panic!("neither JSON nor an object's fields ({e}):\n{block}"));
            check(&partial_event, &object, &block);
            seen += 1;
            continue;
        };
        for mut value in values {
            let text = value.to_string();
            if let Some(messages) = value.get("messages").and_then(Value::as_array) {
                // `GET /api/matches/{id}/chat`'s answer: chat lines.
                messages.iter().for_each(|m| check(&chat_line, m, &text));
            } else if shortened(&value) {
                without_ellipsis_keys(&mut value);
                check(&partial_message, &value, &text);
            } else {
                check(&message, &value, &text);
            }
            seen += 1;
        }
    }
    assert!(seen >= 35, "only {seen} examples in the WebSocket section");
}

#[test]
fn the_schema_is_a_valid_json_schema() {
    assert!(jsonschema::meta::is_valid(&protocol_schema()));
}

#[test]
fn the_schema_refuses_what_the_server_refuses() {
    let message = validator("Message", false);
    for bad in [
        json!({"type": "roll", "seq": 1}),
        json!({"type": "hello", "tail": 201}),
        json!({"type": "move", "seq": 1, "game": 1}),
        json!({"type": "move", "seq": 1, "game": 1, "move": "1-2", "extra": 1}),
        json!({"type": "mute", "seq": 1, "seat": 2}),
    ] {
        assert!(
            serde_json::from_value::<ClientMsg>(bad.clone()).is_err(),
            "{bad}"
        );
        assert!(!message.is_valid(&bad), "{bad} fits the schema");
    }
}

/// Messages made by the types (with every hand-written serde form inside: places, players,
/// the tail, the variant) fit the schema, and read back to themselves.
#[test]
fn messages_round_trip_through_the_schema() {
    let message = validator("Message", false);
    let place = |s: &str| s.parse::<Place>().unwrap();
    let geometry = Geometry {
        steps: [
            Step {
                kind: StepKind::Move,
                owner: Player::One,
                from: place("s5"),
                to: place("s8"),
                via: [place("s27")].into_iter().collect(),
                pieces: [Piece::new(Player::One, PieceKind::Medium)]
                    .into_iter()
                    .collect(),
                dice: [3].into_iter().collect(),
            },
            Step {
                kind: StepKind::Capture,
                owner: Player::Two,
                from: place("p2-13"),
                to: Place::Out,
                via: Default::default(),
                pieces: [Piece {
                    owner: None,
                    kind: PieceKind::Numbered(4),
                }]
                .into_iter()
                .collect(),
                dice: Default::default(),
            },
        ]
        .into_iter()
        .collect(),
        coaster: None,
    };
    let event = |kind: EventKind| Event {
        no: 8,
        game: 1,
        kind,
        turn: Turn {
            kind: TurnKind::Move,
            seat: Some(2),
        },
        legal: vec!["5-8".into()],
        notation: Some("…".into()),
        geometry: Some(geometry.clone()),
        moves: vec![MoveOption::new("5-8".into(), geometry.clone())],
        stuck: vec![
            Stuck {
                from: place("B3"),
                reason: senet_engine::IllegalMove::Blocked,
            }
            .explained(Variant::Martian)
            .into(),
        ],
        sides: vec![Some("red".into()), None],
        notes: "die: 3".into(),
        note_list: vec![senet_engine::Note::Die { die: 3 }],
        clock: Some(ClockView {
            rule: ClockSpec::Fischer {
                base_secs: 300,
                increment_secs: 3,
            },
            remaining_ms: vec![1, 2],
            running: Some(1),
        }),
    };
    let servers = [
        ServerMsg::Event(Box::new(event(EventKind::Moved {
            seat: 1,
            mv: "5-8".into(),
            used_ms: Some(8312),
        }))),
        ServerMsg::Event(Box::new(event(EventKind::Thrown {
            seat: 1,
            throw_no: 3,
            spec: ThrowSpec {
                die: senet_engine::Die::Stick,
                count: 4,
            },
            faces: vec![0, 1, 0, 0],
            value: Some(1),
            effect: ThrowEffect::Move,
        }))),
        ServerMsg::Event(Box::new(event(EventKind::GameStarted {
            game_id: "g".into(),
            variant: Variant::Martian,
            setup: Setup::players(2),
            seats: vec![2, 1],
            commitment: "c".into(),
        }))),
        ServerMsg::error("malformed", "bad", None),
        ServerMsg::Pong { seq: Some(9) },
        ServerMsg::Chances {
            no: 3,
            game: 1,
            chances: vec![0.25, 0.75],
        },
    ];
    for msg in servers {
        let json: Value = serde_json::from_str(&msg.to_json()).unwrap();
        check(&message, &json, &json.to_string());
        assert_eq!(serde_json::from_value::<ServerMsg>(json).unwrap(), msg);
    }
    let clients = [
        ClientMsg::Hello {
            token: Some("t".into()),
            last_event: Some(4),
            tail: Some(Tail::LONGEST),
            name: None,
        },
        ClientMsg::Move {
            seq: 3,
            game: 1,
            mv: "19-21".into(),
        },
        ClientMsg::Mute {
            seq: 1,
            seat: 2,
            muted: true,
        },
    ];
    for msg in clients {
        let json = serde_json::to_value(&msg).unwrap();
        check(&message, &json, &json.to_string());
        assert_eq!(serde_json::from_value::<ClientMsg>(json).unwrap(), msg);
    }
}
