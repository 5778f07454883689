//! Bad input the other test files do not already cover (see the table in
//! `docs/reliability.md`): each gets a structured error or a closed socket, and nothing in the
//! match changes — afterwards the same position is there and a good move still works.

use crate::common::{TestServer, Ws, start};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A started game: both seats connected and seeded; returns them (mover first) and the event
/// that asks for a move.
async fn started(s: &TestServer) -> (String, Ws, Ws, Value) {
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let (mut a, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (mut b, _) = s.hello(&id, Some(&tokens[1]), None).await;
    for (ws, seed) in [(&mut a, "a"), (&mut b, "b")] {
        let seq = ws.act(json!({"type": "client_seed", "seed": seed})).await;
        assert_eq!(ws.reply(seq).await["type"], "ack");
    }
    let last = a
        .until(|m| m["type"] == "event" && m["turn"]["kind"] == "move")
        .await;
    if last["turn"]["seat"] == 1 {
        (id, a, b, last)
    } else {
        (id, b, a, last)
    }
}

/// The number of the last event, as a new spectator sees it.
async fn last_event(s: &TestServer, id: &str) -> u64 {
    let (_, w) = s.hello(id, None, None).await;
    w["snapshot"]["last_event"].as_u64().unwrap()
}

#[tokio::test]
async fn wrong_field_types_are_malformed_and_change_nothing() {
    let s = start().await;
    let (id, mut mover, _, last) = started(&s).await;
    let before = last_event(&s, &id).await;
    let mv = last["legal"][0].as_str().unwrap();
    for bad in [
        json!({"type": "move", "seq": "7", "game": 1, "move": mv}),
        json!({"type": "move", "seq": 7, "game": "1", "move": mv}),
        json!({"type": "move", "seq": 7, "game": 1, "move": 42}),
        json!({"type": "move", "seq": -1, "game": 1, "move": mv}),
        json!({"type": "move", "seq": 7, "game": 1}),
        json!({"type": 5}),
        json!([1, 2, 3]),
        json!({"type": "client_seed", "seq": 7, "seed": {"nested": true}}),
    ] {
        mover.send_raw(Message::Text(bad.to_string().into())).await;
        let e = mover.until(|m| m["type"] == "error").await;
        assert_eq!(e["code"], "malformed", "{bad} -> {e}");
    }
    assert_eq!(last_event(&s, &id).await, before, "nothing was applied");
    let seq = mover
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    assert_eq!(mover.reply(seq).await["type"], "ack");
}

#[tokio::test]
async fn another_matchs_token_is_refused() {
    let s = start().await;
    let (a, a_tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let (b, _, _) = s
        .create_full(json!({"variant": "pyramid", "public": false}))
        .await;
    let mut ws = s.ws(&b).await;
    ws.send(json!({"type": "hello", "token": a_tokens[0]}))
        .await;
    assert_eq!(ws.recv().await["code"], "bad_token");
    assert!(ws.next().await.is_none(), "the socket closes");
    // The token still works where it belongs.
    let (_, w) = s.hello(&a, Some(&a_tokens[0]), None).await;
    assert_eq!(w["seat"], 1);
}

#[tokio::test]
async fn moves_after_the_game_ended_are_refused() {
    let s = start().await;
    let (id, mut mover, mut other, last) = started(&s).await;
    let seq = other.act(json!({"type": "resign"})).await;
    assert_eq!(other.reply(seq).await["type"], "ack");
    let over = mover.until(|m| m["kind"] == "match_over").await;
    let before = last_event(&s, &id).await;
    assert_eq!(over["no"].as_u64(), Some(before));
    for msg in [
        json!({"type": "move", "game": 1, "move": last["legal"][0]}),
        json!({"type": "resign"}),
        json!({"type": "claim"}),
        json!({"type": "rematch"}),
    ] {
        let seq = mover.act(msg.clone()).await;
        let e = mover.reply(seq).await;
        assert_eq!(e["type"], "error", "{msg} -> {e}");
        assert!(
            ["game_over", "match_over"].contains(&e["code"].as_str().unwrap()),
            "{msg} -> {e}"
        );
    }
    assert_eq!(last_event(&s, &id).await, before);
}

#[tokio::test]
async fn absurd_match_settings_are_refused() {
    let s = start().await;
    let long = "x".repeat(65);
    for (body, status, code) in [
        (
            json!({"variant": "pyramid", "series": {"kind": "best_of", "target": 0}}),
            422,
            "invalid",
        ),
        (
            json!({"variant": "pyramid", "series": {"kind": "best_of", "target": 1000}}),
            422,
            "invalid",
        ),
        (
            json!({"variant": "pyramid", "series": {"kind": "first_to", "target": -3}}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "pyramid", "series": {"kind": "first_to", "target": 2.5}}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "pyramid", "series": {"kind": "first_to", "target": "3"}}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "pyramid", "series": {"kind": "sudden_death", "target": 3}}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "pyramid", "series": {"kind": "first_to", "target": 4294967296u64}}),
            400,
            "malformed",
        ),
        (json!({"variant": "modern", "players": 5}), 422, "invalid"),
        (json!({"variant": "modern", "players": 1}), 422, "invalid"),
        (json!({"variant": "parker", "players": 3}), 422, "invalid"),
        (
            json!({"variant": "modern", "players": 300}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "senet-but-faster"}),
            422,
            "unknown_variant",
        ),
        (json!({"variant": "pyramid", "name": long}), 422, "invalid"),
        (
            json!({"variant": "pyramid", "player_name": "bell\u{7}"}),
            422,
            "invalid",
        ),
        (
            json!({"variant": "pyramid", "public": "yes"}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "pyramid", "surprise": true}),
            400,
            "malformed",
        ),
        (json!([{"variant": "pyramid"}]), 400, "malformed"),
        // serde would read a nested struct from an array of its fields.
        (
            json!({"variant": "bell", "options": [null, null]}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "pyramid", "series": ["best_of", 3]}),
            400,
            "malformed",
        ),
        (
            json!({"variant": "pyramid", "clock": ["fischer", 60, 2]}),
            400,
            "malformed",
        ),
        (json!("pyramid"), 400, "malformed"),
    ] {
        let (st, e) = s.post("/api/matches", body.clone()).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (status, Some(code)),
            "{body} -> {e}"
        );
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
    }
    let (_, list) = s.get("/api/matches").await;
    assert_eq!(list, json!([]), "nothing was created");
}

/// A refusal whose words need the server's own says why as a `reason`, with the figures its
/// words need as `args`, in the shape the OpenAPI document gives (docs/protocol.md,
/// "Reasons"); one only a hand-written client causes has none; a spectator's chat name over
/// the socket is told so too.
#[tokio::test]
async fn refusals_say_their_reason_and_figures() {
    let s = start().await;
    let (_, doc) = s.get("/api/openapi.json").await;
    let error = crate::server::openapi_validator(&doc, "Error");
    let (id, _, _) = s
        .create_full(json!({"variant": "pyramid", "public": true}))
        .await;
    let long = "x".repeat(65);
    for (path, body, reason, args) in [
        (
            format!("/api/matches/{id}/join"),
            json!({"name": long}),
            "name_too_long",
            json!({"max": 64}),
        ),
        (
            "/api/matches".to_owned(),
            json!({"variant": "pyramid", "player_name": "bell\u{7}"}),
            "name_control",
            Value::Null,
        ),
        (
            "/api/matches".to_owned(),
            json!({"variant": "pyramid", "series": {"kind": "best_of", "target": 0}}),
            "series_target",
            json!({"min": 1, "max": 99}),
        ),
        (
            "/api/matches".to_owned(),
            json!({"variant": "modern", "players": 5}),
            "player_count",
            json!({"min": 2, "max": 4}),
        ),
        (
            "/api/matches".to_owned(),
            json!({"variant": "pyramid", "rated": true, "public": true}),
            "rated_sign_in",
            Value::Null,
        ),
        (
            "/api/seeks".to_owned(),
            json!({"variant": "pyramid", "clock": {"kind": "fischer", "base_secs": 0, "increment_secs": 0}}),
            "clock_base",
            json!({"max": 10_800}),
        ),
    ] {
        let (st, e) = s.post(&path, body.clone()).await;
        assert_eq!(
            (st, e["code"].as_str(), e["reason"].as_str()),
            (422, Some("invalid"), Some(reason)),
            "{body} -> {e}"
        );
        assert_eq!(e["args"], args, "{body} -> {e}");
        crate::server::assert_valid(&error, &e);
    }
    let (st, e) = s.post("/api/matches", json!({"variant": 3})).await;
    assert_eq!((st, e["code"].as_str()), (400, Some("malformed")), "{e}");
    assert!(e.get("reason").is_none() && e.get("args").is_none(), "{e}");
    crate::server::assert_valid(&error, &e);

    let mut ws = s.ws(&id).await;
    ws.send(json!({"type": "hello", "name": long})).await;
    assert_eq!(ws.recv().await["type"], "welcome");
    let e = ws.until(|m| m["type"] == "error").await;
    assert_eq!(
        (&e["code"], &e["reason"], &e["args"]),
        (
            &json!("invalid"),
            &json!("name_too_long"),
            &json!({"max": 64})
        ),
        "{e}"
    );
}

/// serde reads a struct from an array of its fields; a body that is not one JSON object is
/// refused before that, so `[]` cannot take a seat as `{}` would.
#[tokio::test]
async fn a_join_body_that_is_not_an_object_takes_no_seat() {
    let s = start().await;
    let (st, m) = s
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "player_name": "Ann"}),
        )
        .await;
    assert_eq!(st, 201, "{m}");
    let id = m["match_id"].as_str().unwrap();
    for body in [json!([]), json!([null, "Bob"]), json!(null), json!(7)] {
        let (st, e) = s
            .post(&format!("/api/matches/{id}/join"), body.clone())
            .await;
        assert_eq!(
            (st, e["code"].as_str()),
            (400, Some("malformed")),
            "{body} -> {e}"
        );
    }
    let (st, j) = s.post(&format!("/api/matches/{id}/join"), json!({})).await;
    assert_eq!(st, 200, "the seat is still free: {j}");
}

#[tokio::test]
async fn unknown_ids_are_not_found_everywhere() {
    let s = start().await;
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    for path in [
        "/api/matches/00000000-0000-0000-0000-000000000000",
        "/api/matches/../../etc/passwd",
        "/api/matches/%00",
        &format!("/api/matches/{id}/games/99"),
        &format!("/api/matches/{id}/games/0"),
        &format!("/api/matches/{id}/games/-1"),
        &format!("/api/matches/{id}/games/nine"),
    ] {
        let (st, e) = s.get(path).await;
        assert!(
            (st == 404 && e["code"] == "not_found") || (st == 400 && e["code"] == "malformed"),
            "{path}: {st} {e}"
        );
    }
    let (st, e) = s
        .post(
            "/api/matches/nope/join",
            json!({"invite": tokens[0], "name": "x"}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (404, Some("not_found")));
    let url = format!("ws://{}/ws/matches/nope", s.addr);
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status().as_u16(), 404);
            let body: Value = serde_json::from_slice(res.body().as_deref().unwrap()).unwrap();
            assert_eq!(body["code"], "not_found");
        }
        other => panic!("a socket to no match: {other:?}"),
    }
}

#[tokio::test]
async fn a_frame_over_the_socket_limit_closes_only_that_socket() {
    let s = start().await;
    let (id, mut mover, mut other, last) = started(&s).await;
    let before = last_event(&s, &id).await;
    // Over 8 KiB: refused with `too_large`, the socket stays. Over 64 KiB: the WebSocket
    // layer refuses to read it and closes the socket.
    other
        .send_raw(Message::Text("x".repeat(9 * 1024).into()))
        .await;
    assert_eq!(
        other.until(|m| m["type"] == "error").await["code"],
        "too_large"
    );
    other
        .send_raw(Message::Text("x".repeat(100 * 1024).into()))
        .await;
    while other.next().await.is_some() {}
    assert_eq!(last_event(&s, &id).await, before);
    let seq = mover
        .act(json!({"type": "move", "game": 1, "move": last["legal"][0]}))
        .await;
    assert_eq!(mover.reply(seq).await["type"], "ack");
}
