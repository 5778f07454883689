//! The real server on a free port, driven by WebSocket clients.

use std::time::Duration;

use crate::common::{IMPLEMENTED, Lcg, TestServer, Ws, any_variant, play_seat, start, start_with};
use senet_engine::Variant;
use senet_match::record::GameRecord;
use senet_server::http::ROUTES;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

// ---------- REST ----------

#[tokio::test]
async fn health_variants_and_openapi() {
    let s = start().await;
    assert_eq!(s.get("/healthz").await, (200, json!({"status": "ok"})));
    let (st, vs) = s.get("/api/variants").await;
    assert_eq!(st, 200);
    let ids: Vec<&str> = vs
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "martian", "modern", "parker", "jequier", "pyramid", "bell", "kendall"
        ]
    );
    let (st, doc) = s.get("/api/openapi.json").await;
    assert_eq!(st, 200);
    // Every route answers (a 404 from the router itself has no JSON body).
    for (method, path) in ROUTES {
        assert!(doc["paths"][path][method].is_object(), "{path}");
        let concrete = path.replace("{id}", "nope").replace("{game}", "1");
        let body = (*method == "post").then(|| json!({}));
        let (status, v) = s
            .http(&method.to_uppercase(), &concrete, body.as_ref())
            .await;
        assert!(
            status != 404 || v["code"] == "not_found",
            "{method} {path}: {status} {v}"
        );
        assert_ne!(status, 405, "{method} {path}");
    }
}

/// The variants the document offers are the engine's, derived from `Variant::ALL`: the
/// enum of `Variant` (which `POST /api/matches` and `POST /api/quick` name), the
/// leaderboard's filter, and `GET /api/variants`'s answer.
#[tokio::test]
async fn the_documents_variants_are_every_variant() {
    let s = start().await;
    let (_, doc) = s.get("/api/openapi.json").await;
    let ids: Vec<Value> = Variant::ALL.iter().map(|v| json!(v.id())).collect();
    let schemas = &doc["components"]["schemas"];
    assert_eq!(schemas["Variant"]["enum"], json!(ids));
    for body in ["CreateMatch", "QuickRequest"] {
        assert_eq!(
            schemas[body]["properties"]["variant"]["$ref"], "#/components/schemas/Variant",
            "{body}"
        );
    }
    let filter = doc["paths"]["/api/leaderboard"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "variant")
        .unwrap();
    let mut all = vec![json!("")];
    all.extend(ids.iter().cloned());
    assert_eq!(filter["schema"]["enum"], json!(all));
    let (st, vs) = s.get("/api/variants").await;
    assert_eq!(st, 200);
    let listed: Vec<Value> = vs
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].clone())
        .collect();
    assert_eq!(listed, ids);
    // Each answer fits the document's schema of it.
    let variants = openapi_validator(&doc, "VariantInfo");
    for v in vs.as_array().unwrap() {
        assert_valid(&variants, v);
    }
}

/// A validator for the OpenAPI document's component `name`.
pub(crate) fn openapi_validator(doc: &Value, name: &str) -> jsonschema::Validator {
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": format!("#/components/schemas/{name}"),
        "components": doc["components"],
    });
    jsonschema::validator_for(&root).expect("the document's schemas compile")
}

pub(crate) fn assert_valid(validator: &jsonschema::Validator, value: &Value) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{value}\n  does not fit: {errors:#?}");
}

/// Every frame of real games, of every variant (players' and a spectator's, replies and
/// errors), fits the protocol's schema as served; and each game's record and chances fit
/// the OpenAPI document's.
#[tokio::test]
async fn real_frames_fit_the_served_schemas() {
    let s = start().await;
    let (st, schema) = s.get("/api/protocol.schema.json").await;
    assert_eq!(st, 200);
    let frames = jsonschema::validator_for(&schema).expect("the protocol schema compiles");
    let (_, doc) = s.get("/api/openapi.json").await;
    let records = openapi_validator(&doc, "GameRecord");
    let chances = openapi_validator(&doc, "GameChances");
    for (n, variant) in Variant::ALL.into_iter().enumerate() {
        let (id, tokens, _) = s.create_full(json!({"variant": variant.id()})).await;
        let mut watcher = s.ws(&id).await;
        watcher
            .send(json!({"type": "hello", "name": "Cleo", "tail": 60}))
            .await;
        let (a, welcome) = s.hello(&id, Some(&tokens[0]), Some(0)).await;
        let (b, _) = s.hello(&id, Some(&tokens[1]), None).await;
        let mut seen = vec![welcome];
        // The spectator chats, pings and tries to move (an ack, a pong and an error), and
        // reads as the game goes, until it is over.
        let spectator = tokio::spawn(async move {
            watcher.act(json!({"type": "chat", "text": "hello"})).await;
            watcher.send(json!({"type": "ping", "seq": 99})).await;
            watcher
                .act(json!({"type": "move", "game": 1, "move": "1-2"}))
                .await;
            let mut frames = Vec::new();
            loop {
                let m = watcher.recv().await;
                let over = m["kind"] == "game_over"
                    || ["game_over", "match_over"]
                        .contains(&m["snapshot"]["turn"]["kind"].as_str().unwrap_or_default());
                frames.push(m);
                if over {
                    return frames;
                }
            }
        });
        let seats = [
            tokio::spawn(play_seat(a, 1, 7 + n as u64)),
            tokio::spawn(play_seat(b, 2, 11 + n as u64)),
        ];
        for seat in seats {
            seen.extend(seat.await.unwrap());
        }
        seen.extend(spectator.await.unwrap());
        for kind in [
            "welcome", "event", "chat", "ack", "pong", "error", "presence",
        ] {
            assert!(
                seen.iter().any(|m| m["type"] == kind),
                "{variant}: no {kind} frame"
            );
        }
        for m in &seen {
            assert_valid(&frames, m);
        }
        let (st, record) = s.get(&format!("/api/matches/{id}/games/1")).await;
        assert_eq!(st, 200);
        assert_valid(&records, &record);
        let (st, curve) = s.get(&format!("/api/matches/{id}/games/1/chances")).await;
        assert_eq!(st, 200, "{curve}");
        assert_valid(&chances, &curve);
    }
}

#[tokio::test]
async fn creating_a_match_checks_its_request() {
    let s = start().await;
    let (st, e) = s.post("/api/matches", json!({"variant": "chess"})).await;
    assert_eq!((st, e["code"].as_str()), (422, Some("unknown_variant")));
    let (st, e) = s
        .post("/api/matches", json!({"variant": "jequier", "players": 3}))
        .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")));
    let (st, e) = s
        .post(
            "/api/matches",
            json!({"variant": "modern", "series": {"kind": "first_to", "target": 0}}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")));
    let (st, e) = s.http("POST", "/api/matches", None).await;
    assert_eq!((st, e["code"].as_str()), (400, Some("malformed")));
    for path in [
        "/api/matches/unknown",
        "/api/matches/x/games/first",
        "/no/such/route",
    ] {
        let (st, e) = s.get(path).await;
        assert_eq!((st, e["code"].as_str()), (404, Some("not_found")), "{path}");
    }
}

#[tokio::test]
async fn an_invite_claims_its_seat_once() {
    let s = start().await;
    // Three seats, so claiming one does not start a game.
    let (st, c) = s
        .post(
            "/api/matches",
            json!({"variant": "modern", "players": 3, "player_name": "Ana"}),
        )
        .await;
    assert_eq!(st, 201, "{c}");
    let id = c["match_id"].as_str().unwrap();
    assert_eq!(c["seat"], 1);
    assert_eq!(c["token"].as_str().unwrap().len(), 32);
    assert_eq!(c["invites"].as_array().unwrap().len(), 2);
    let inv = c["invites"][0]["invite"].clone();
    let join = format!("/api/matches/{id}/join");
    let (st, e) = s
        .post(&join, json!({"invite": "0".repeat(32), "name": "Eve"}))
        .await;
    assert_eq!((st, e["code"].as_str()), (403, Some("bad_invite")));
    let (st, j) = s.post(&join, json!({"invite": inv, "name": "Bo"})).await;
    assert_eq!(st, 200, "{j}");
    assert_eq!(j["seat"], 2);
    let (st, e) = s
        .post(&join, json!({"invite": inv, "name": "Bo again"}))
        .await;
    assert_eq!((st, e["code"].as_str()), (409, Some("invite_used")));
    let (st, m) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(st, 200);
    assert_eq!(m["names"], json!(["Ana", "Bo", null]));
    assert_eq!(m["status"], "joining");
    let (_, list) = s.get("/api/matches?status=joining").await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    let (_, list) = s.get("/api/matches?status=live").await;
    assert_eq!(list.as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn a_claim_names_the_new_player_before_the_game_it_starts() {
    let s = start().await;
    let (st, c) = s
        .post(
            "/api/matches",
            json!({"variant": "parker", "player_name": "Ana"}),
        )
        .await;
    assert_eq!(st, 201, "{c}");
    let id = c["match_id"].as_str().unwrap();
    let (mut ana, w) = s.hello(id, c["token"].as_str(), None).await;
    assert_eq!(w["snapshot"]["names"], json!(["Ana", null]));
    let inv = c["invites"][0]["invite"].clone();
    let join = format!("/api/matches/{id}/join");
    let (st, j) = s.post(&join, json!({"invite": inv, "name": "Bo"})).await;
    assert_eq!(st, 200, "{j}");
    // Whatever else comes first, a presence frame naming Bo precedes the game's first event.
    let mut named = false;
    loop {
        let m = ana.recv().await;
        if m["type"] == "presence" {
            named |= m["names"] == json!(["Ana", "Bo"]);
        }
        if m["type"] == "event" {
            assert_eq!(m["kind"], "game_started", "{m}");
            break;
        }
    }
    assert!(
        named,
        "the claim's presence frame names Bo before the game starts"
    );
}

#[tokio::test]
async fn verify_endpoint_checks_a_game_record() {
    let s = start().await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/tampered-records.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (st, rep) = s.post("/api/verify", fixture["genuine"].clone()).await;
    assert_eq!(st, 200, "{rep}");
    assert_eq!(rep["ok"], true, "{rep}");
    // One throw's faces changed: the dice check finds it.
    let case = fixture["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "faces_changed")
        .unwrap();
    let (st, rep) = s.post("/api/verify", case["record"].clone()).await;
    assert_eq!(st, 200, "{rep}");
    assert_eq!(rep["ok"], false, "{rep}");
    assert_eq!(rep["reason"], case["reason"], "{rep}");
    // Not a record at all.
    let (st, e) = s.post("/api/verify", json!({"seed": "xyz"})).await;
    assert_eq!((st, e["code"].as_str()), (400, Some("malformed")));
}

// ---------- WebSocket, no game needed ----------

async fn joining_match(s: &TestServer, public: bool) -> Value {
    let (st, c) = s
        .post(
            "/api/matches",
            json!({"variant": "modern", "players": 3, "public": public}),
        )
        .await;
    assert_eq!(st, 201);
    c
}

#[tokio::test]
async fn wrong_or_forged_tokens_are_rejected() {
    let s = start().await;
    let c = joining_match(&s, false).await;
    let id = c["match_id"].as_str().unwrap();
    for token in [Some("0".repeat(32)), Some("not a token".to_string()), None] {
        let mut ws = s.ws(id).await;
        ws.send(json!({"type": "hello", "token": token})).await;
        let e = ws.recv().await;
        assert_eq!(e["type"], "error");
        let want = if token.is_some() {
            "bad_token"
        } else {
            "spectator_key_required"
        };
        assert_eq!(e["code"], want);
        assert!(ws.next().await.is_none(), "the socket closes");
    }
    // The invite is not a seat token.
    let mut ws = s.ws(id).await;
    ws.send(json!({"type": "hello", "token": c["invites"][0]["invite"]}))
        .await;
    assert_eq!(ws.recv().await["code"], "bad_token");
    // The real token and the spectator key work.
    let (_, w) = s.hello(id, c["token"].as_str(), None).await;
    assert_eq!(w["seat"], 1);
    assert_eq!(w["snapshot"]["connected"], json!([true, false, false]));
    let (_, w) = s.hello(id, c["spectator_key"].as_str(), None).await;
    assert_eq!(w["seat"], Value::Null);
    assert_eq!(w["snapshot"]["spectators"], 1);
    // The first message must be hello.
    let mut ws = s.ws(id).await;
    ws.send(json!({"type": "ping"})).await;
    assert_eq!(ws.recv().await["code"], "hello_first");
}

#[tokio::test]
async fn malformed_frames_get_structured_errors() {
    let s = start().await;
    let c = joining_match(&s, true).await;
    let id = c["match_id"].as_str().unwrap();
    let (mut ws, _) = s.hello(id, c["token"].as_str(), None).await;
    let is_error = |m: &Value| m["type"] == "error";
    ws.send_raw(Message::Text("{not json".into())).await;
    assert_eq!(ws.until(is_error).await["code"], "malformed");
    ws.send(json!({"type": "roll", "seq": 1})).await;
    let e = ws.until(is_error).await;
    assert_eq!(
        (e["code"].as_str(), e["seq"].as_u64()),
        (Some("malformed"), Some(1)),
        "{e}"
    );
    ws.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    assert_eq!(ws.until(is_error).await["code"], "binary_not_supported");
    ws.send_raw(Message::Text("x".repeat(9000).into())).await;
    assert_eq!(ws.until(is_error).await["code"], "too_large");
    // Still connected.
    ws.send(json!({"type": "ping", "seq": 9})).await;
    assert_eq!(
        ws.until(|m| m["type"] == "pong").await,
        json!({"type": "pong", "seq": 9})
    );
    // A spectator cannot act.
    let (mut spec, _) = s.hello(id, None, None).await;
    spec.send(json!({"type": "resign", "seq": 1})).await;
    assert_eq!(
        spec.until(|m| m["type"] == "error").await["code"],
        "spectator"
    );
}

#[tokio::test]
async fn a_repeated_seq_gets_the_same_reply() {
    let s = start().await;
    let c = joining_match(&s, true).await;
    let id = c["match_id"].as_str().unwrap();
    let (mut ws, _) = s.hello(id, c["token"].as_str(), None).await;
    let seq = ws.act(json!({"type": "rematch"})).await;
    let first = ws.reply(seq).await;
    assert_eq!(first["code"], "game_not_over");
    ws.send(json!({"type": "rematch", "seq": seq})).await;
    assert_eq!(ws.reply(seq).await, first);
    // After a reconnect too; the welcome says where to continue.
    drop(ws);
    let (mut ws, w) = s.hello(id, c["token"].as_str(), None).await;
    assert_eq!(w["last_seq"], seq);
    ws.send(json!({"type": "resign", "seq": seq})).await;
    assert_eq!(ws.reply(seq).await, first);
}

#[tokio::test]
async fn a_flooding_connection_is_closed() {
    let s = start_with(|c| {
        c.rate_per_sec = 1.0;
        c.rate_burst = 5.0;
    })
    .await;
    let c = joining_match(&s, true).await;
    let id = c["match_id"].as_str().unwrap();
    let (mut ws, _) = s.hello(id, None, None).await;
    let ping = |i: u64| Message::Text(json!({"type": "ping", "seq": i}).to_string().into());
    // Throttled: five go through (the burst), the next three are dropped with `rate_limited`.
    for i in 0..8 {
        ws.send_raw(ping(i)).await;
    }
    let (mut pongs, mut limited) = (0, 0);
    while pongs + limited < 8 {
        let m = ws.recv().await;
        match m["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if m["code"] == "rate_limited" => limited += 1,
            _ => {}
        }
    }
    assert_eq!((pongs, limited), (5, 3));
    // Still connected: once the bucket refills, a ping is answered.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    ws.send_raw(ping(100)).await;
    assert_eq!(ws.until(|m| m["type"] != "presence").await["type"], "pong");
    // Disconnected: a client that keeps flooding loses its socket after ten refusals in a row.
    for i in 0..30 {
        ws.send_raw(ping(200 + i)).await;
    }
    let mut refused = 0;
    while let Some(m) = ws.next().await {
        if m["code"] == "rate_limited" {
            refused += 1;
        }
    }
    assert!(refused >= 1, "the flood was told before the close");
}

#[tokio::test]
async fn shutdown_tells_clients_to_reconnect() {
    let s = start().await;
    let c = joining_match(&s, true).await;
    let id = c["match_id"].as_str().unwrap();
    let (mut ws, _) = s.hello(id, None, None).await;
    s.running.shutdown.send(true).unwrap();
    let m = ws.until(|m| m["type"] == "going_away").await;
    assert!(m["message"].as_str().unwrap().contains("reconnect"));
    assert!(ws.next().await.is_none());
    tokio::time::timeout(Duration::from_secs(5), s.running.task)
        .await
        .expect("the server stops")
        .unwrap()
        .unwrap();
}

// ---------- Games (need the engine) ----------

fn events_of(msgs: &[Value]) -> Vec<Value> {
    msgs.iter()
        .filter(|m| m["type"] == "event")
        .cloned()
        .collect()
}

async fn full_game(s: &TestServer, variant: Variant, players: u8) -> usize {
    let (id, tokens, _) = s
        .create_full(json!({"variant": variant.id(), "players": players}))
        .await;
    // A spectator from the very first event.
    let (mut spec, _) = s.hello(&id, None, Some(0)).await;
    let mut seats = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let (ws, w) = s.hello(&id, Some(t), None).await;
        assert_eq!(w["seat"], i as u64 + 1);
        seats.push(tokio::spawn(play_seat(ws, i as u64 + 1, 7 + i as u64)));
    }
    let mut watched = Vec::new();
    loop {
        let m = spec.recv().await;
        if m["type"] == "event" {
            watched.push(m.clone());
            if m["kind"] == "match_over" {
                break;
            }
        }
    }
    let mut all_seen = Vec::new();
    for h in seats {
        all_seen.push(h.await.unwrap());
    }
    // The spectator saw every event, numbered 1, 2, 3, ... in order.
    for (i, e) in watched.iter().enumerate() {
        assert_eq!(e["no"], i as u64 + 1, "{variant}: {e}");
    }
    assert_eq!(watched[0]["kind"], "game_started");
    // A single game: game_over, then match_over.
    let n = watched.len();
    assert_eq!(watched[n - 2]["kind"], "game_over");
    assert_eq!(watched[n - 1]["turn"]["kind"], "match_over");
    for seen in &all_seen {
        // Players connected after the first event; what they saw up to game_over is the tail
        // of the same log.
        let tail = &watched[n - 1 - seen.len()..n - 1];
        assert_eq!(events_of(seen), tail, "{variant}");
    }
    let over = &watched[n - 2];
    assert_eq!(over["seed"].as_str().unwrap().len(), 64);
    check_told_facts(variant, &watched);
    // The record checks out: dice from the revealed seed, and a replay through the engine.
    let (st, rec) = s.get(&format!("/api/matches/{id}/games/1")).await;
    assert_eq!(st, 200);
    let record: GameRecord = serde_json::from_value(rec).unwrap();
    assert_eq!(record.events.len(), watched.len());
    let report = record.check();
    assert!(report.ok, "{variant}: {report:?}");
    assert!(!record.verify_request().unwrap().throws.is_empty());
    let (st, rep) = s
        .post("/api/verify", serde_json::to_value(&record).unwrap())
        .await;
    assert_eq!((st, &rep["ok"]), (200, &json!(true)), "{rep}");
    n
}

/// What the events tell beyond the moves, from the engine: a stick throw's value, each
/// player's side, the pieces that cannot move (never a place a legal move starts from) with
/// the variant's sentence, the points breakdown.
fn check_told_facts(variant: Variant, events: &[Value]) {
    let mut stuck_seen = 0;
    for e in events {
        if e["kind"] == "thrown" {
            let faces: Vec<u64> = e["faces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_u64().unwrap())
                .collect();
            if matches!(variant, Variant::Jequier | Variant::Kendall) {
                // The number of sides up, 6 (jequier) or 5 (kendall) for none.
                let up = faces.iter().filter(|&&f| f == 1).count() as u64;
                let none = if variant == Variant::Jequier { 6 } else { 5 };
                assert_eq!(e["value"], if up == 0 { none } else { up }, "{e}");
            } else {
                assert!(e.get("value").is_none(), "dice carry no value: {e}");
            }
        }
        // The position in words beside its notation: a side (or null) per engine player.
        if e.get("notation").is_some() {
            let sides = e["sides"].as_array().expect("sides with a position");
            assert!(sides.iter().all(|s| s.is_null() || s.is_string()), "{e}");
            assert!(!sides.is_empty(), "{e}");
        }
        if let Some(stuck) = e.get("stuck") {
            stuck_seen += 1;
            assert_eq!(e["turn"]["kind"], "move", "{e}");
            let stuck = stuck.as_array().unwrap();
            assert!(!stuck.is_empty(), "an empty stuck list is left out: {e}");
            let froms: Vec<&Value> = e["moves"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|m| m.get("from"))
                .collect();
            for s in stuck {
                // The reason, and the variant's sentence for it (the engine's words).
                let reason: senet_engine::IllegalMove =
                    serde_json::from_value(s["reason"].clone()).expect("a reason code");
                let from = serde_json::from_value(s["from"].clone()).expect("a place");
                let words = senet_engine::Stuck { from, reason }.explained(variant).text;
                assert_eq!(s["text"], words, "{e}");
                assert!(
                    !froms.contains(&&s["from"]),
                    "a movable piece is stuck: {e}"
                );
            }
        }
    }
    // Every variant's start has pieces that cannot move (waiting, blocked by their own, held
    // in a nest), so every game has events that say so.
    assert!(
        stuck_seen > 0,
        "{variant}: no event said which pieces cannot move"
    );
    let over = events.iter().find(|e| e["kind"] == "game_over").unwrap();
    let breakdown = &over["breakdown"];
    assert_eq!(breakdown["total"], over["points"], "{over}");
    let subtotals: u64 = breakdown["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["count"].as_u64().unwrap() * i["each"].as_u64().unwrap())
        .sum();
    assert_eq!(
        subtotals * breakdown["multiplier"].as_u64().unwrap(),
        over["points"].as_u64().unwrap(),
        "{over}"
    );
}

#[tokio::test]
async fn a_full_game_of_every_implemented_variant() {
    let s = start().await;
    for v in Variant::ALL {
        if !IMPLEMENTED.contains(&v) {
            eprintln!(
                "SKIPPED full game of {v}: not implemented in the engine yet (tests/common IMPLEMENTED)"
            );
            continue;
        }
        let (min, max) = v.player_range();
        for players in [min, max]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
        {
            let t0 = std::time::Instant::now();
            let events = tokio::time::timeout(Duration::from_secs(30), full_game(&s, v, players))
                .await
                .unwrap_or_else(|_| panic!("a game of {v} with {players} players took over 30 s"));
            eprintln!(
                "{v} with {players} players: {events} events in {:?}",
                t0.elapsed()
            );
        }
    }
}

/// Both seats connected and seeded; returns them and the last event.
async fn started(s: &TestServer, variant: Variant) -> (String, Vec<String>, Ws, Ws, Value) {
    let (id, tokens, _) = s.create_full(json!({"variant": variant.id()})).await;
    let (mut a, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (mut b, _) = s.hello(&id, Some(&tokens[1]), None).await;
    let sa = a.act(json!({"type": "client_seed", "seed": "a"})).await;
    assert_eq!(a.reply(sa).await["type"], "ack");
    let sb = b.act(json!({"type": "client_seed", "seed": "b"})).await;
    assert_eq!(b.reply(sb).await["type"], "ack");
    let last = a
        .until(|m| m["type"] == "event" && m["turn"]["kind"] == "move")
        .await;
    (id, tokens, a, b, last)
}

#[tokio::test]
async fn illegal_moves_are_refused_with_the_engines_reason() {
    let Some(v) = any_variant("illegal_moves_are_refused_with_the_engines_reason") else {
        return;
    };
    let s = start().await;
    let (_, _, mut a, mut b, last) = started(&s, v).await;
    let to_move = last["turn"]["seat"].as_u64().unwrap();
    let (mover, other) = if to_move == 1 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let mv = last["legal"][0].clone();
    let seq = other
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    let e = other.reply(seq).await;
    assert_eq!(
        (e["type"].as_str(), e["code"].as_str()),
        (Some("error"), Some("not_your_turn"))
    );
    let seq = mover
        .act(json!({"type": "move", "game": 1, "move": "%%"}))
        .await;
    assert_eq!(mover.reply(seq).await["code"], "malformed");
    let seq = mover
        .act(json!({"type": "move", "game": 2, "move": mv}))
        .await;
    assert_eq!(mover.reply(seq).await["code"], "wrong_game");
    let seq = mover
        .act(json!({"type": "client_seed", "seed": "late"}))
        .await;
    assert_eq!(mover.reply(seq).await["code"], "seeds_closed");
}

#[tokio::test]
async fn a_repeated_move_is_not_applied_twice() {
    let Some(v) = any_variant("a_repeated_move_is_not_applied_twice") else {
        return;
    };
    let s = start().await;
    let (id, _, mut a, mut b, last) = started(&s, v).await;
    let mover = if last["turn"]["seat"] == 1 {
        &mut a
    } else {
        &mut b
    };
    let mv = last["legal"][0].clone();
    let seq = mover
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    let ack = mover.reply(seq).await;
    assert_eq!(ack["type"], "ack");
    mover
        .send(json!({"type": "move", "seq": seq, "game": 1, "move": mv}))
        .await;
    assert_eq!(mover.reply(seq).await, ack);
    let (_, rec) = s.get(&format!("/api/matches/{id}/games/1")).await;
    let moved = rec["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "moved")
        .count();
    assert_eq!(moved, 1);
}

#[tokio::test]
async fn a_reconnect_gets_exactly_the_missed_events() {
    let Some(v) = any_variant("a_reconnect_gets_exactly_the_missed_events") else {
        return;
    };
    let s = start().await;
    let (id, tokens, mut a, mut b, last) = started(&s, v).await;
    // The seat not to move drops in the middle of the other's turn.
    let to_move = last["turn"]["seat"].as_u64().unwrap();
    let (mover, away_token) = if to_move == 1 {
        drop(b);
        (&mut a, &tokens[1])
    } else {
        drop(a);
        (&mut b, &tokens[0])
    };
    let seen = last["no"].as_u64().unwrap();
    let mv = last["legal"][0].clone();
    let seq = mover
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    mover.reply(seq).await;
    let (_, rec) = s.get(&format!("/api/matches/{id}/games/1")).await;
    let total = rec["events"].as_array().unwrap().last().unwrap()["no"]
        .as_u64()
        .unwrap();
    assert!(total > seen);
    let (mut back, w) = s.hello(&id, Some(away_token), Some(seen)).await;
    assert_eq!(w["missed"], total - seen);
    assert_eq!(w["snapshot"]["last_event"], total);
    for no in seen + 1..=total {
        let e = back.recv().await;
        assert_eq!(
            (e["type"].as_str(), e["no"].as_u64()),
            (Some("event"), Some(no))
        );
    }
    // Nothing doubled: the next message, if any, is not an old event.
    back.send(json!({"type": "ping", "seq": 1})).await;
    let m = back.recv().await;
    assert!(
        m["type"] != "event" || m["no"].as_u64().unwrap() > total,
        "{m}"
    );
}

#[tokio::test]
async fn an_absent_opponent_can_be_claimed_against() {
    let Some(v) = any_variant("an_absent_opponent_can_be_claimed_against") else {
        return;
    };
    let s = start_with(|c| c.abandon_after = 0).await;
    let (_, _, a, b, last) = started(&s, v).await;
    let to_move = last["turn"]["seat"].as_u64().unwrap();
    let (mut stay, gone, away) = if to_move == 1 { (b, a, 1) } else { (a, b, 2) };
    drop(gone);
    // Give the server a moment to see the socket go.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let seq = stay.act(json!({"type": "claim"})).await;
    assert_eq!(stay.reply(seq).await["type"], "ack");
    let over = stay.until(|m| m["kind"] == "game_over").await;
    assert_eq!(over["winner"].as_u64(), Some(3 - away));
    assert_eq!(over["reason"], "resigned");
}

#[tokio::test]
async fn a_connected_opponent_who_takes_too_long_can_be_claimed_against() {
    let Some(v) = any_variant("a_connected_opponent_who_takes_too_long_can_be_claimed_against")
    else {
        return;
    };
    let s = start_with(|c| c.move_limit = 1).await;
    let (_, _, a, b, last) = started(&s, v).await;
    let to_move = last["turn"]["seat"].as_u64().unwrap();
    let (mut waiter, _slow, slow_seat) = if to_move == 1 { (b, a, 1) } else { (a, b, 2) };
    let seq = waiter.act(json!({"type": "claim"})).await;
    assert_eq!(waiter.reply(seq).await["code"], "not_absent");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let seq = waiter.act(json!({"type": "claim"})).await;
    assert_eq!(waiter.reply(seq).await["type"], "ack");
    let over = waiter.until(|m| m["kind"] == "game_over").await;
    assert_eq!(over["winner"].as_u64(), Some(3 - slow_seat));
}

#[tokio::test]
async fn the_next_game_of_a_series_starts_by_itself() {
    let Some(v) = any_variant("the_next_game_of_a_series_starts_by_itself") else {
        return;
    };
    let s = start_with(|c| c.next_game_after = 1).await;
    let (id, tokens, _) = s
        .create_full(json!({"variant": v.id(), "series": {"kind": "best_of", "target": 3}}))
        .await;
    let (mut a, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let seq = a.act(json!({"type": "resign"})).await;
    assert_eq!(a.reply(seq).await["type"], "ack");
    a.until(|m| m["kind"] == "game_over").await;
    // Nobody asks for a rematch: the next game starts after a second all the same.
    let started = a.until(|m| m["kind"] == "game_started").await;
    assert_eq!(started["game"], 2);
}

#[tokio::test]
async fn a_match_nobody_acts_in_is_abandoned() {
    let Some(v) = any_variant("a_match_nobody_acts_in_is_abandoned") else {
        return;
    };
    let s = start_with(|c| c.idle_end = 1).await;
    let (id, _, a, _b, last) = started(&s, v).await;
    drop(a);
    let waited_for = last["turn"]["seat"].as_u64().unwrap();
    let (mut watcher, _) = s.hello(&id, None, None).await;
    let abandoned = watcher.until(|m| m["kind"] == "abandoned").await;
    assert_eq!(abandoned["against"].as_u64(), Some(waited_for));
    let over = watcher.until(|m| m["kind"] == "game_over").await;
    assert_eq!(over["reason"], "resigned");
    assert_eq!(over["winner"].as_u64(), Some(3 - waited_for));
    watcher.until(|m| m["kind"] == "match_over").await;
    let (_, summary) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["status"], "finished");
}

#[tokio::test]
async fn a_spectator_that_falls_behind_gets_a_snapshot() {
    let Some(v) = any_variant("a_spectator_that_falls_behind_gets_a_snapshot") else {
        return;
    };
    // A broadcast of one frame: any burst (a move, then the next throw) overtakes a socket.
    let s = start_with(|c| c.broadcast_capacity = 1).await;
    let (id, tokens, _) = s.create_full(json!({"variant": v.id()})).await;
    let (mut spec, w) = s.hello(&id, None, None).await;
    let mut last = w["snapshot"]["last_event"].as_u64().unwrap();
    let mut seats = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let (ws, _) = s.hello(&id, Some(t), None).await;
        seats.push(tokio::spawn(play_seat(ws, i as u64 + 1, 11 + i as u64)));
    }
    let mut snapshots = 0;
    loop {
        let m = spec.recv().await;
        match m["type"].as_str() {
            // Events never go backwards or repeat; a gap only ever follows a snapshot.
            Some("event") => {
                let no = m["no"].as_u64().unwrap();
                assert_eq!(no, last + 1, "a gap without a snapshot: {m}");
                last = no;
                if m["kind"] == "game_over" {
                    break;
                }
            }
            Some("snapshot") => {
                snapshots += 1;
                let no = m["snapshot"]["last_event"].as_u64().unwrap();
                assert!(no >= last, "a snapshot older than what was seen");
                last = no;
                if m["snapshot"]["turn"]["kind"] != "seeds"
                    && m["snapshot"]["turn"]["kind"] != "move"
                    && m["snapshot"]["turn"]["kind"] != "throw"
                {
                    break;
                }
            }
            _ => {}
        }
    }
    for h in seats {
        h.await.unwrap();
    }
    eprintln!("{snapshots} snapshots instead of missed events");
}

/// A store that refuses every event while `down` is set, and while `lose_answers` is set
/// stores them but answers with an error (a commit whose answer was lost).
#[derive(Debug, Default)]
struct FlakyStore {
    down: std::sync::atomic::AtomicBool,
    lose_answers: std::sync::atomic::AtomicBool,
    inner: senet_store::MemoryStore,
}

impl senet_store::EventStore for FlakyStore {
    fn append<'a>(
        &'a self,
        events: &'a [senet_store::StoredEvent],
    ) -> senet_store::StoreFuture<'a> {
        if self.down.load(std::sync::atomic::Ordering::SeqCst) {
            let e = senet_store::StoreError::Refused("down for the test".into());
            return Box::pin(std::future::ready(Err(e)));
        }
        let stored = self.inner.append(events);
        if self.lose_answers.load(std::sync::atomic::Ordering::SeqCst) {
            return Box::pin(async move {
                stored.await?;
                Err(senet_store::StoreError::Unknown("answer lost".into()))
            });
        }
        stored
    }

    fn stored_count<'a>(&'a self, match_id: &'a str) -> senet_store::StoreFuture<'a, u64> {
        self.inner.stored_count(match_id)
    }
}

/// A started game on a [`FlakyStore`], with a spectator and the event count so far.
struct FlakyGame {
    store: std::sync::Arc<FlakyStore>,
    /// Keeps the server running for as long as the game is used.
    _server: TestServer,
    id: String,
    a: Ws,
    b: Ws,
    spec: Ws,
    before: u64,
    last: Value,
}

impl FlakyGame {
    /// The socket of the seat to move (from the last event).
    fn mover(&mut self) -> &mut Ws {
        if self.last["turn"]["seat"] == 1 {
            &mut self.a
        } else {
            &mut self.b
        }
    }
}

async fn flaky_game(v: Variant) -> FlakyGame {
    let store = std::sync::Arc::new(FlakyStore::default());
    let s = crate::common::start_with_store(|_| {}, store.clone()).await;
    let (id, _, a, b, last) = started(&s, v).await;
    let (spec, w) = s.hello(&id, None, None).await;
    let before = w["snapshot"]["last_event"].as_u64().unwrap();
    FlakyGame {
        store,
        _server: s,
        id,
        a,
        b,
        spec,
        before,
        last,
    }
}

#[tokio::test]
async fn nothing_is_applied_or_broadcast_that_the_store_refused() {
    let Some(v) = any_variant("nothing_is_applied_or_broadcast_that_the_store_refused") else {
        return;
    };
    let mut g = flaky_game(v).await;
    let mv = g.last["legal"][0].clone();
    g.store
        .down
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let seq = g
        .mover()
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    assert_eq!(g.mover().reply(seq).await["code"], "store_unavailable");
    // Nothing changed: the same move is still legal, and no event went out.
    g.store
        .down
        .store(false, std::sync::atomic::Ordering::SeqCst);
    let seq = g
        .mover()
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    assert_eq!(g.mover().reply(seq).await["type"], "ack");
    let e = g.spec.until(|m| m["type"] == "event").await;
    assert_eq!(
        (e["no"].as_u64(), e["kind"].as_str()),
        (Some(g.before + 1), Some("moved"))
    );
    // The store holds every event once, in order, the refused one not at all.
    let nos: Vec<u64> = g.store.inner.events(&g.id).iter().map(|e| e.no).collect();
    assert_eq!(nos, (1..=nos.len() as u64).collect::<Vec<_>>());
    assert!(nos.len() as u64 > g.before);
}

#[tokio::test]
async fn a_move_stored_but_unconfirmed_is_found_and_broadcast() {
    let Some(v) = any_variant("a_move_stored_but_unconfirmed_is_found_and_broadcast") else {
        return;
    };
    let mut g = flaky_game(v).await;
    let mv = g.last["legal"][0].clone();
    g.store
        .lose_answers
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let seq = g
        .mover()
        .act(json!({"type": "move", "game": 1, "move": mv}))
        .await;
    assert_eq!(g.mover().reply(seq).await["code"], "store_unavailable");
    g.store
        .lose_answers
        .store(false, std::sync::atomic::Ordering::SeqCst);
    // The match asks the store (on its retry timer, with no message from anyone), finds the
    // move was kept, and broadcasts it and what followed, numbered on from where it was.
    let e = g.spec.until(|m| m["type"] == "event").await;
    assert_eq!(
        (e["no"].as_u64(), e["kind"].as_str(), &e["move"]),
        (Some(g.before + 1), Some("moved"), &mv),
        "{e}"
    );
    let stored: Vec<u64> = g.store.inner.events(&g.id).iter().map(|e| e.no).collect();
    assert_eq!(stored, (1..=stored.len() as u64).collect::<Vec<_>>());
    // Play goes on: a reconnecting spectator sees the same count the store holds, and
    // whoever is to move now can.
    let latest = g
        .spec
        .until(|m| m["type"] == "event" && m["no"].as_u64() == Some(stored.len() as u64))
        .await;
    if latest["turn"]["kind"] == "move" {
        g.last = latest.clone();
        let seq = g
            .mover()
            .act(json!({"type": "move", "game": 1, "move": latest["legal"][0]}))
            .await;
        assert_eq!(g.mover().reply(seq).await["type"], "ack");
    }
}

#[tokio::test]
async fn a_game_the_store_could_not_start_starts_when_it_is_back() {
    let store = std::sync::Arc::new(FlakyStore::default());
    let s = crate::common::start_with_store(|c| c.seed_wait_ms = 0, store.clone()).await;
    let variant = crate::common::IMPLEMENTED[0].id();
    let (st, c) = s.post("/api/matches", json!({"variant": variant})).await;
    assert_eq!(st, 201, "{c}");
    let id = c["match_id"].as_str().unwrap().to_owned();
    let (mut spec, _) = s.hello(&id, None, None).await;
    store.down.store(true, std::sync::atomic::Ordering::SeqCst);
    let (st, j) = s
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": c["invites"][0]["invite"], "name": "Bo"}),
        )
        .await;
    assert_eq!(st, 200, "{j}");
    assert!(store.inner.events(&id).is_empty(), "nothing stored yet");
    store.down.store(false, std::sync::atomic::Ordering::SeqCst);
    // Nobody sends anything: the retry timer starts the game once the store takes it.
    let e = spec.until(|m| m["type"] == "event").await;
    assert_eq!(
        (e["no"].as_u64(), e["kind"].as_str()),
        (Some(1), Some("game_started"))
    );
    assert!(!store.inner.events(&id).is_empty());
}

/// Prints a real exchange, for `docs/protocol.md`:
/// `cargo test -p senet-server --test server transcript -- --ignored --nocapture`.
#[tokio::test]
#[ignore = "prints a transcript for the docs"]
async fn transcript() {
    let s = start().await;
    let (id, tokens, created) = s
        .create_full(json!({"variant": "pyramid", "player_name": "Ana"}))
        .await;
    println!("CREATED {created}");
    let (mut a, w) = s.hello(&id, Some(&tokens[0]), None).await;
    println!("WELCOME {w}");
    let (b, _) = s.hello(&id, Some(&tokens[1]), None).await;
    let hb = tokio::spawn(play_seat(b, 2, 3));
    let seq = a
        .act(json!({"type": "client_seed", "seed": "ana-7f3a"}))
        .await;
    let mut rng = Lcg(5);
    let mut shown = 0;
    loop {
        let m = a.recv().await;
        if shown < 14 || m["kind"] == "game_over" || m["kind"] == "match_over" {
            println!("A {m}");
            shown += 1;
        }
        if m["kind"] == "match_over" {
            break;
        }
        if m["type"] == "event" && m["turn"]["kind"] == "move" && m["turn"]["seat"] == 1 {
            let legal = m["legal"].as_array().unwrap();
            let mv = legal[rng.pick(legal.len())].clone();
            let q = a
                .act(json!({"type": "move", "game": m["game"], "move": mv}))
                .await;
            if shown < 14 {
                println!("SENT move seq {q} {mv}");
            }
        }
    }
    let _ = seq;
    hb.await.unwrap();
    let (_, rec) = s.get(&format!("/api/matches/{id}/games/1")).await;
    std::fs::write("/tmp/senet-record.json", rec.to_string()).unwrap();
}

#[tokio::test]
async fn a_series_rotates_seats_and_ends_when_decided() {
    let Some(v) = any_variant("a_series_rotates_seats_and_ends_when_decided") else {
        return;
    };
    let s = start().await;
    let (id, tokens, _) = s
        .create_full(json!({"variant": v.id(), "series": {"kind": "best_of", "target": 3}}))
        .await;
    // Seat 1 asks for every event from the first, so it sees game 1's `game_started`.
    let (mut a, _) = s.hello(&id, Some(&tokens[0]), Some(0)).await;
    let (mut b, _) = s.hello(&id, Some(&tokens[1]), None).await;
    let mut commitments = Vec::new();
    for game in 1..=2u64 {
        let started = a.until(|m| m["kind"] == "game_started").await;
        assert_eq!(started["game"], game);
        // Seats rotate: seat 1 plays engine player 1 in game 1, seat 2 in game 2.
        let want = if game == 1 {
            json!([1, 2])
        } else {
            json!([2, 1])
        };
        assert_eq!(started["seats"], want);
        commitments.push(started["commitment"].clone());
        for ws in [&mut a, &mut b] {
            let seq = ws.act(json!({"type": "client_seed", "seed": ""})).await;
            assert_eq!(ws.reply(seq).await["type"], "ack");
        }
        // Play a little, then seat 2 resigns: seat 1 wins the game.
        let ev = a
            .until(|m| m["type"] == "event" && m["turn"]["kind"] == "move")
            .await;
        let mover = if ev["turn"]["seat"] == 1 {
            &mut a
        } else {
            &mut b
        };
        let seq = mover
            .act(json!({"type": "move", "game": game, "move": ev["legal"][0]}))
            .await;
        assert_eq!(mover.reply(seq).await["type"], "ack");
        let seq = b.act(json!({"type": "resign"})).await;
        assert_eq!(b.reply(seq).await["type"], "ack");
        let over = a.until(|m| m["kind"] == "game_over").await;
        assert_eq!(over["winner"], 1);
        assert_eq!(over["wins"], json!([game, 0]));
        // The record of this game replays, with its own seats, and its dice verify.
        let (_, rec) = s.get(&format!("/api/matches/{id}/games/{game}")).await;
        let record: GameRecord = serde_json::from_value(rec).unwrap();
        let report = record.check();
        assert!(report.ok, "{report:?}");
        if game == 1 {
            for ws in [&mut a, &mut b] {
                let seq = ws.act(json!({"type": "rematch"})).await;
                assert_eq!(ws.reply(seq).await["type"], "ack");
            }
        }
    }
    assert_ne!(commitments[0], commitments[1]);
    // Two wins of three decide it.
    let done = a.until(|m| m["kind"] == "match_over").await;
    assert_eq!(done["winner"], 1);
    let seq = a.act(json!({"type": "rematch"})).await;
    assert_eq!(a.reply(seq).await["code"], "match_over");
    let (_, m) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(m["status"], "finished");
}
