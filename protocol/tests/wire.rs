//! The wire's shapes: what decodes, what encodes, and the examples of `docs/protocol.md`.

use senet_protocol::*;
use serde::Deserialize;

#[test]
fn client_messages_parse() {
    let m: ClientMsg =
        serde_json::from_str(r#"{"type":"move","seq":3,"game":1,"move":"a"}"#).unwrap();
    assert_eq!(
        m,
        ClientMsg::Move {
            seq: 3,
            game: 1,
            mv: "a".into()
        }
    );
    let h: ClientMsg = serde_json::from_str(r#"{"type":"hello"}"#).unwrap();
    assert_eq!(
        h,
        ClientMsg::Hello {
            token: None,
            last_event: None,
            tail: None,
            name: None
        }
    );
    let h: ClientMsg =
        serde_json::from_str(r#"{"type":"hello","last_event":0,"tail":200}"#).unwrap();
    assert_eq!(
        h,
        ClientMsg::Hello {
            token: None,
            last_event: Some(0),
            tail: Some(Tail::try_from(200).unwrap()),
            name: None
        }
    );
    // What decodes encodes back to the same (the fuzz target's property).
    let again: ClientMsg = serde_json::from_str(&serde_json::to_string(&h).unwrap()).unwrap();
    assert_eq!(again, h);
    for bad in ["201", "256", "-1", "1.5", "\"60\""] {
        let text = format!(r#"{{"type":"hello","tail":{bad}}}"#);
        let e = serde_json::from_str::<ClientMsg>(&text).unwrap_err();
        assert!(e.to_string().contains("a tail of 0 to 200"), "{text}: {e}");
    }
    assert_eq!(Tail::try_from(201), Err(TailOutOfRange(201)));
    assert_eq!(
        serde_json::to_string(&Tail::try_from(60).unwrap()).unwrap(),
        "60"
    );
    assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"roll","seq":1}"#).is_err());
}

#[test]
fn events_are_flat() {
    let e = ServerMsg::Event(Box::new(Event {
        no: 4,
        game: 1,
        kind: EventKind::Moved {
            seat: 2,
            mv: "x".into(),
            used_ms: None,
        },
        turn: Turn {
            kind: TurnKind::Move,
            seat: Some(1),
        },
        legal: vec![],
        notation: None,
        geometry: None,
        moves: vec![],
        stuck: vec![],
        clock: None,
        sides: vec![],
        notes: String::new(),
        note_list: Vec::new(),
    }));
    let v: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
    assert_eq!(v["type"], "event");
    assert_eq!(v["kind"], "moved");
    assert_eq!(v["move"], "x");
    assert_eq!(v["no"], 4);
    let back: ServerMsg = serde_json::from_value(v).unwrap();
    assert_eq!(back, e);
    // Inside a welcome's `recent`, the same event is the same JSON as its frame.
    let ServerMsg::Event(event) = e.clone() else {
        unreachable!("built as an event above")
    };
    let inner = serde_json::to_string(&EventMsg::Event(event)).unwrap();
    assert_eq!(inner, e.to_json());
}

/// Every JSON line in the chat section of `docs/protocol.md` is a client or a server
/// message (the docs show real shapes).
#[test]
fn protocol_doc_examples_parse() {
    let doc = include_str!("../../docs/protocol.md");
    let start = doc
        .find("### Chat")
        .expect("a chat section in docs/protocol.md");
    let section = &doc[start..];
    let end = section[4..].find("\n### ").map_or(section.len(), |i| i + 4);
    let section = &section[..end];
    let mut seen = 0;
    let mut in_json = false;
    for line in section.lines() {
        if line.starts_with("```json") {
            in_json = true;
            continue;
        }
        if line.starts_with("```") {
            in_json = false;
            continue;
        }
        if !in_json || !line.starts_with('{') {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).expect(line);
        // A shortened welcome: its chat parts are checked.
        let welcome_chat = v["type"] == "welcome"
            && serde_json::from_value::<Vec<ChatLine>>(v["chat"].clone()).is_ok()
            && serde_json::from_value::<Vec<u8>>(v["muted"].clone()).is_ok();
        let parsed = welcome_chat
            || serde_json::from_value::<ClientMsg>(v.clone()).is_ok()
            || serde_json::from_value::<ServerMsg>(v.clone()).is_ok()
            || serde_json::from_value::<ChatList>(v).is_ok();
        assert!(parsed, "not a message: {line}");
        seen += 1;
    }
    assert!(seen >= 8, "only {seen} examples in the chat section");
}

/// The REST answer's shape.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ChatList {
    messages: Vec<ChatLine>,
}

/// The first ```json block of `docs/protocol.md` after `marker`.
fn doc_json_after(marker: &str) -> &'static str {
    let doc = include_str!("../../docs/protocol.md");
    let at = doc
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in docs/protocol.md"));
    let block = &doc[at..];
    let start = block.find("```json\n").expect("a JSON block after it") + "```json\n".len();
    let len = block[start..].find("```").expect("the end of the block");
    &block[start..start + len]
}

/// The examples of docs/protocol.md that show the position in words (a full event, the
/// welcome's snapshot, the stuck pieces of the move geometry) parse as the frames they show.
#[test]
fn the_position_in_words_examples_parse() {
    let msg: ServerMsg = serde_json::from_str(doc_json_after("<!-- position-in-words example"))
        .expect("the full event parses");
    let ServerMsg::Event(e) = msg else {
        panic!("an event: {msg:?}")
    };
    let sides: Vec<Option<&str>> = e.sides.iter().map(|s| s.as_deref()).collect();
    assert_eq!(sides, [Some("black"), Some("white")]);
    assert!(e.notes.ends_with("dice to play: 4"), "{}", e.notes);
    // The same notes as data say the same line.
    assert_eq!(senet_engine::notes::english(&e.note_list), e.notes);
    assert_eq!(e.stuck.len(), 2);
    assert_eq!(
        e.stuck[0].text,
        "That pyramid would land on one of your own."
    );
    // The text is the engine's sentence for the reason, in this variant.
    assert_eq!(
        Some(e.stuck[0].text.as_ref()),
        senet_engine::Variant::Pyramid.explain(e.stuck[0].reason)
    );

    let msg: ServerMsg = serde_json::from_str(doc_json_after("`welcome` — the answer to `hello`"))
        .expect("the welcome parses");
    let ServerMsg::Welcome { snapshot, .. } = msg else {
        panic!("a welcome: {msg:?}")
    };
    assert_eq!(snapshot.sides, [None, None]);
    assert_eq!(snapshot.notes, "borne off: black none; white none");

    let fragment = doc_json_after("**Move geometry.**");
    let geometry: serde_json::Value =
        serde_json::from_str(&format!("{{{fragment}}}")).expect("the fragment is JSON");
    let stuck: Vec<StuckPiece> =
        serde_json::from_value(geometry["stuck"].clone()).expect("stuck pieces");
    for s in &stuck {
        assert_eq!(
            Some(s.text.as_ref()),
            senet_engine::Variant::Pyramid.explain(s.reason),
            "{s:?}"
        );
    }
}
