//! Per-match chat: players and spectators in rooms kept apart (a player sees the
//! spectators' room only when it asks), mutes, the text rules (length, invisible-only, bidi
//! controls; HTML is text and arrives unchanged), rate limits per socket and per address,
//! storage across a restart (SQLite), the REST endpoint's room rules, and malformed frames.

use crate::common::{Client, Ws, start_with};
use serde_json::{Value, json};

/// A public two-seat match with both seats taken: (id, tokens by seat, creation reply).
async fn table(c: &Client, public: bool) -> (String, Vec<String>, Value) {
    c.create_full(json!({"variant": "parker", "player_name": "Ann", "public": public}))
        .await
}

/// A spectator's socket (with a chat name, if given) and its welcome.
async fn spectator(c: &Client, id: &str, key: Option<&str>, name: Option<&str>) -> (Ws, Value) {
    let mut ws = c.ws(id).await;
    ws.send(json!({"type": "hello", "token": key, "name": name}))
        .await;
    let welcome = ws.recv().await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    (ws, welcome)
}

/// Posts `text`; returns the reply (ack or error).
async fn say(ws: &mut Ws, text: &str) -> Value {
    let seq = ws.act(json!({"type": "chat", "text": text})).await;
    ws.reply(seq).await
}

/// The next chat message this socket gets.
async fn next_chat(ws: &mut Ws) -> Value {
    ws.until(|m| m["type"] == "chat").await
}

/// The server with no chat rate limit (the limit tests set their own).
async fn server() -> crate::common::TestServer {
    start_with(|c| {
        c.chat_per_sec = 0.0;
        c.seed_wait_ms = 0;
    })
    .await
}

#[tokio::test]
async fn players_and_spectators_rooms_are_kept_apart() {
    let s = server().await;
    let (id, tokens, _) = table(&s, true).await;
    let (mut ann, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (mut bo, _) = s.hello(&id, Some(&tokens[1]), None).await;
    let (mut cleo, _) = spectator(&s, &id, None, Some("Cleo")).await;
    let (mut anon, _) = spectator(&s, &id, None, None).await;

    // A player's message reaches the other player, exactly as sent (HTML is text).
    let html = "<b>hi</b> & good luck";
    assert_eq!(say(&mut ann, html).await["type"], "ack");
    let got = next_chat(&mut bo).await;
    assert_eq!(got["text"], html, "{got}");
    assert_eq!(
        (&got["room"], &got["seat"], &got["name"], &got["id"]),
        (&json!("players"), &json!(1), &json!("Ann"), &json!(1)),
        "{got}"
    );
    assert!(got["at"].as_str().unwrap().ends_with('Z'), "{got}");
    // The poster's own sockets get it too.
    assert_eq!(next_chat(&mut ann).await["id"], 1);

    // A spectator's message: spectators see it; players do not (they have not asked).
    assert_eq!(say(&mut cleo, "go Bo!").await["type"], "ack");
    let got = next_chat(&mut cleo).await;
    assert_eq!(
        (
            &got["room"],
            &got["seat"],
            &got["name"],
            &got["id"],
            &got["text"]
        ),
        (
            &json!("spectators"),
            &Value::Null,
            &json!("Cleo"),
            &json!(2),
            &json!("go Bo!")
        ),
        "the spectator never saw the players' message: {got}"
    );
    assert_eq!(next_chat(&mut anon).await["id"], 2);
    assert_eq!(say(&mut bo, "thanks").await["type"], "ack");
    let got = next_chat(&mut bo).await;
    assert_eq!(got["id"], 3, "Bo never saw the spectators' message: {got}");
    assert_eq!(next_chat(&mut ann).await["id"], 3);

    // A spectator without a name cannot post.
    let e = say(&mut anon, "hello").await;
    assert_eq!(e["code"], "name_required", "{e}");
    // Spectators cannot mute or change rooms.
    for msg in [
        json!({"type": "mute", "seat": 1, "muted": true}),
        json!({"type": "chat_rooms", "spectators": false}),
    ] {
        let seq = cleo.act(msg).await;
        let e = cleo.reply(seq).await;
        assert_eq!(e["code"], "not_a_player", "{e}");
    }

    // Ann opts in: she gets the spectators' recent messages, then their new ones; Bo does not.
    let seq = ann
        .act(json!({"type": "chat_rooms", "spectators": true}))
        .await;
    assert_eq!(ann.reply(seq).await["type"], "ack");
    let got = next_chat(&mut ann).await;
    assert_eq!(
        (&got["id"], &got["room"]),
        (&json!(2), &json!("spectators"))
    );
    assert_eq!(say(&mut cleo, "well played").await["type"], "ack");
    let got = next_chat(&mut cleo).await;
    assert_eq!(got["id"], 4, "Cleo never saw Bo's 3: {got}");
    assert_eq!(next_chat(&mut ann).await["id"], 4);
    assert_eq!(say(&mut bo, "gg").await["type"], "ack");
    assert_eq!(next_chat(&mut bo).await["id"], 5, "Bo skips message 4");
    assert_eq!(say(&mut cleo, "bye").await["type"], "ack");
    assert_eq!(next_chat(&mut cleo).await["id"], 6, "nor Bo's 5");

    // A new socket's welcome carries the recent messages of the rooms it sees.
    let (_, w) = s.hello(&id, Some(&tokens[1]), None).await;
    let ids: Vec<u64> = w["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [1, 3, 5], "{w}");
    assert_eq!(w["chat"][0]["text"], html);
    assert!(w.get("muted").is_none(), "{w}");
    let (_, w) = spectator(&s, &id, None, None).await;
    let ids: Vec<u64> = w["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [2, 4, 6], "{w}");

    // The REST read while live: the spectators' room only.
    let (st, body) = s.get(&format!("/api/matches/{id}/chat")).await;
    assert_eq!(st, 200, "{body}");
    let ids: Vec<u64> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [2, 4, 6], "{body}");

    // Once the match is over, the players' room is open to all: the REST read, and the
    // spectators' sockets.
    let seq = bo.act(json!({"type": "resign"})).await;
    assert_eq!(bo.reply(seq).await["type"], "ack");
    bo.until(|m| m["kind"] == "match_over").await;
    cleo.until(|m| m["kind"] == "match_over").await;
    assert_eq!(say(&mut ann, "good game").await["type"], "ack");
    let got = next_chat(&mut cleo).await;
    assert_eq!((&got["id"], &got["room"]), (&json!(7), &json!("players")));
    let (_, body) = s.get(&format!("/api/matches/{id}/chat")).await;
    let ids: Vec<u64> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [1, 2, 3, 4, 5, 6, 7], "{body}");
    let (st, body) = s.get("/api/matches/nope/chat").await;
    assert_eq!((st, body["code"].as_str()), (404, Some("not_found")));
}

#[tokio::test]
async fn a_player_mutes_the_opponent() {
    let s = server().await;
    let (id, tokens, _) = table(&s, true).await;
    let (mut ann, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (mut ann2, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (mut bo, _) = s.hello(&id, Some(&tokens[1]), None).await;
    assert_eq!(say(&mut bo, "before").await["type"], "ack");
    assert_eq!(next_chat(&mut ann).await["id"], 1);
    assert_eq!(next_chat(&mut ann2).await["id"], 1);

    // Bad mutes.
    for (seat, why) in [(1, "yourself"), (3, "no seat 3"), (0, "no seat 0")] {
        let seq = ann
            .act(json!({"type": "mute", "seat": seat, "muted": true}))
            .await;
        let e = ann.reply(seq).await;
        assert_eq!(e["code"], "invalid", "{why}: {e}");
    }

    let seq = ann
        .act(json!({"type": "mute", "seat": 2, "muted": true}))
        .await;
    assert_eq!(ann.reply(seq).await["type"], "ack");
    // The same seq again: the same reply, from the cache.
    ann.send(json!({"type": "mute", "seq": seq, "seat": 2, "muted": false}))
        .await;
    let again = ann.reply(seq).await;
    assert_eq!(again["type"], "ack", "{again}");

    // Bo's next messages reach neither of Ann's sockets (Bo is not told).
    assert_eq!(say(&mut bo, "muted one").await["type"], "ack");
    assert_eq!(next_chat(&mut bo).await["id"], 2);
    assert_eq!(say(&mut ann, "hello?").await["type"], "ack");
    assert_eq!(next_chat(&mut ann).await["id"], 3, "Ann skips 2");
    assert_eq!(
        next_chat(&mut ann2).await["id"],
        3,
        "every socket of Ann's seat"
    );
    assert_eq!(next_chat(&mut bo).await["id"], 3, "Bo still sees Ann");

    // A reconnect: the welcome says the mute and leaves out Bo's messages.
    let (_, w) = s.hello(&id, Some(&tokens[0]), None).await;
    assert_eq!(w["muted"], json!([2]), "{w}");
    let ids: Vec<u64> = w["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [3], "{w}");

    // Unmuted: Bo is heard again.
    let seq = ann
        .act(json!({"type": "mute", "seat": 2, "muted": false}))
        .await;
    assert_eq!(ann.reply(seq).await["type"], "ack");
    assert_eq!(say(&mut bo, "back").await["type"], "ack");
    assert_eq!(next_chat(&mut ann).await["id"], 4);
}

#[tokio::test]
async fn texts_are_normalised_and_limited() {
    let s = server().await;
    let (id, tokens, _) = table(&s, true).await;
    let (mut ann, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (mut bo, _) = s.hello(&id, Some(&tokens[1]), None).await;

    let e = say(&mut ann, &"a".repeat(301)).await;
    assert_eq!(e["code"], "chat_too_long", "{e}");
    for text in [
        "",
        "   \n\t ",
        "\u{200B}\u{200D}\u{2060}\u{FEFF}",
        "\u{202E}\u{2066}",
    ] {
        let e = say(&mut ann, text).await;
        assert_eq!(e["code"], "chat_empty", "{text:?}: {e}");
    }
    // 300 characters, counted after normalisation (600 code points in).
    assert_eq!(say(&mut ann, &"e\u{301}".repeat(300)).await["type"], "ack");
    let got = next_chat(&mut bo).await;
    assert_eq!(got["text"], "\u{e9}".repeat(300));
    // Bidi controls and zero-width characters are stripped; whitespace collapses.
    let sent = "\u{202E}evil\u{202C}  \u{2066}text\u{2069}\u{200B}\n\nhere ";
    assert_eq!(say(&mut ann, sent).await["type"], "ack");
    assert_eq!(next_chat(&mut bo).await["text"], "evil text here");
    // Script and markup stay as they were sent: the client renders text.
    let markup = "<script>alert(1)</script> &amp; <img src=x onerror=alert(2)>";
    assert_eq!(say(&mut ann, markup).await["type"], "ack");
    assert_eq!(next_chat(&mut bo).await["text"], markup);
}

#[tokio::test]
async fn chat_is_rate_limited_per_socket() {
    // The defaults: 5 at once, then one every 2 s, per socket.
    let s = start_with(|c| c.seed_wait_ms = 0).await;
    let (id, tokens, _) = table(&s, true).await;
    let (mut ann, _) = s.hello(&id, Some(&tokens[0]), None).await;
    for i in 0..5 {
        assert_eq!(say(&mut ann, &format!("m{i}")).await["type"], "ack");
    }
    let e = say(&mut ann, "one too many").await;
    assert_eq!(e["code"], "rate_limited", "{e}");
    assert_eq!(
        e["seq"],
        json!(ann.seq),
        "the refusal names the message: {e}"
    );
    // The socket stays open, and other messages are not limited by the chat's allowance.
    ann.send(json!({"type": "ping", "seq": 99})).await;
    assert_eq!(ann.until(|m| m["type"] == "pong").await["seq"], 99);
    // The refused message was not stored (nor did it use a number).
    let (_, body) = s.get(&format!("/api/matches/{id}/chat")).await;
    assert_eq!(
        body["messages"],
        json!([]),
        "players' room is not read while live"
    );
    // Another socket of the same seat has its own allowance.
    let (mut ann2, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let got = say(&mut ann2, "second socket").await;
    assert_eq!(got["type"], "ack", "{got}");
    assert_eq!(
        next_chat(&mut ann2).await["id"],
        6,
        "refused messages used no number"
    );
}

#[tokio::test]
async fn chat_is_rate_limited_per_address() {
    let s = start_with(|c| {
        c.seed_wait_ms = 0;
        c.chat_per_sec = 0.0;
        c.addr_chat_per_sec = 0.001;
        c.addr_chat_burst = 3.0;
    })
    .await;
    let (id, tokens, _) = table(&s, true).await;
    let (mut ann, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (mut bo, _) = s.hello(&id, Some(&tokens[1]), None).await;
    let (mut cleo, _) = spectator(&s, &id, None, Some("Cleo")).await;
    assert_eq!(say(&mut ann, "1").await["type"], "ack");
    assert_eq!(say(&mut bo, "2").await["type"], "ack");
    assert_eq!(say(&mut cleo, "3").await["type"], "ack");
    // Every socket of the address shares the allowance.
    for ws in [&mut ann, &mut bo, &mut cleo] {
        let e = say(ws, "over").await;
        assert_eq!(e["code"], "rate_limited", "{e}");
    }
}

/// One room takes at most its budget from everyone together (issue 28: thirty addresses
/// reached 27 messages a second in one room); the other room has its own.
#[tokio::test]
async fn one_room_takes_its_budget_from_every_poster_together() {
    let s = start_with(|c| {
        c.seed_wait_ms = 0;
        c.chat_per_sec = 0.0;
        c.addr_chat_per_sec = 0.0;
        // Bursts of 2, then one every 5 s.
        c.room_chat_per_min = 12;
    })
    .await;
    let (id, tokens, _) = table(&s, true).await;
    let (mut ann, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let mut crowd = Vec::new();
    for name in ["Cleo", "Dan", "Eve"] {
        crowd.push(spectator(&s, &id, None, Some(name)).await.0);
    }
    assert_eq!(say(&mut crowd[0], "1").await["type"], "ack");
    assert_eq!(say(&mut crowd[1], "2").await["type"], "ack");
    let e = say(&mut crowd[2], "3").await;
    assert_eq!(e["code"], "rate_limited", "{e}");
    assert!(e["seq"].as_u64().is_some(), "{e}");
    // The players' room is not the spectators'.
    assert_eq!(say(&mut ann, "hello").await["type"], "ack");
}

#[tokio::test]
async fn malformed_chat_frames_get_a_structured_error() {
    let s = server().await;
    let (id, tokens, _) = table(&s, true).await;
    let (mut ann, _) = s.hello(&id, Some(&tokens[0]), None).await;
    for bad in [
        json!({"type": "chat", "seq": 1}),
        json!({"type": "chat", "seq": 1, "text": 5}),
        json!({"type": "chat", "text": "no seq"}),
        json!({"type": "chat", "seq": 1, "text": "x", "room": "spectators"}),
        json!({"type": "mute", "seq": 1, "seat": "two", "muted": true}),
        json!({"type": "mute", "seq": 1, "seat": 2}),
        json!({"type": "chat_rooms", "seq": 1, "spectators": "yes"}),
    ] {
        ann.send(bad.clone()).await;
        let e = ann.until(|m| m["type"] == "error").await;
        assert_eq!(
            (e["type"].as_str(), e["code"].as_str()),
            (Some("error"), Some("malformed")),
            "{bad}: {e}"
        );
    }
    // The socket is still fine.
    assert_eq!(say(&mut ann, "still here").await["type"], "ack");
    // A spectator's name that is not a name: connected without one, and told.
    let mut ws = s.ws(&id).await;
    ws.send(json!({"type": "hello", "name": "\u{202E}evil"}))
        .await;
    assert_eq!(ws.recv().await["type"], "welcome");
    let e = ws.until(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "invalid", "{e}");
    ws.seq = 0;
    assert_eq!(say(&mut ws, "hi").await["code"], "name_required");
}

#[tokio::test]
async fn chat_is_stored_and_shown_after_a_restart() {
    let (_dir, url) = crate::db::sqlite();
    let mut cfg = crate::db::config(&url);
    cfg.chat_per_sec = 0.0;
    let s1 = senet_server::spawn_durable(cfg.clone()).await.unwrap();
    let c = Client { addr: s1.addr };
    let (id, tokens, created) = table(&c, false).await;
    let key = created["spectator_key"].as_str().unwrap().to_owned();
    let (mut ann, _) = c.hello(&id, Some(&tokens[0]), None).await;
    let (mut cleo, _) = spectator(&c, &id, Some(&key), Some("Cleo")).await;
    assert_eq!(say(&mut ann, "<i>stored</i>").await["type"], "ack");
    assert_eq!(say(&mut cleo, "watching").await["type"], "ack");
    drop((ann, cleo));
    s1.shutdown.send(true).unwrap();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), s1.task).await;

    let s2 = senet_server::spawn_durable(cfg).await.unwrap();
    let c = Client { addr: s2.addr };
    let (mut bo, w) = c.hello(&id, Some(&tokens[1]), None).await;
    assert_eq!(w["chat"].as_array().map(Vec::len), Some(1), "{w}");
    assert_eq!(
        (
            &w["chat"][0]["id"],
            &w["chat"][0]["text"],
            &w["chat"][0]["name"]
        ),
        (&json!(1), &json!("<i>stored</i>"), &json!("Ann"))
    );
    let (_, w) = spectator(&c, &id, Some(&key), None).await;
    assert_eq!(w["chat"][0]["text"], "watching", "{w}");
    // New messages are numbered after the stored ones.
    assert_eq!(say(&mut bo, "after").await["type"], "ack");
    assert_eq!(next_chat(&mut bo).await["id"], 3);

    // A private match's chat: its key or a seat token, else 404.
    let path = format!("/api/matches/{id}/chat");
    let (st, _) = c.get(&path).await;
    assert_eq!(st, 404);
    let (st, body) = c.get(&format!("{path}?key={key}")).await;
    assert_eq!(st, 200, "{body}");
    assert_eq!(body["messages"].as_array().map(Vec::len), Some(1), "{body}");
    let (st, body) = crate::db::get_bearer(c.addr, &path, Some(&tokens[0])).await;
    assert_eq!(st, 200, "{body}");

    // Finished (and read from the store once it leaves memory): both rooms.
    let seq = bo.act(json!({"type": "resign"})).await;
    assert_eq!(bo.reply(seq).await["type"], "ack");
    bo.until(|m| m["kind"] == "match_over").await;
    let (_, body) = c.get(&format!("{path}?key={key}")).await;
    let texts: Vec<&str> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["<i>stored</i>", "watching", "after"], "{body}");
    s2.shutdown.send(true).unwrap();
}
