//! Bot seats over the real WebSocket: a person plays a whole game against every level of
//! every variant (and `modern` with two and three bots), each bot move goes through the same
//! path as a person's and the game's record verifies; a bot plays on after a restart; a bot
//! match is casual unless chosen rated, and then only the person's rating moves.

use crate::common::{Client, Ws, play_seat, start_with};
use crate::db::config;
use senet_match::record::GameRecord;
use serde_json::{Value, json};

/// A small search budget keeps the hard bot quick in tests; the search is the same.
const TEST_NODES: u64 = 3_000;

/// Creates a match of `variant` for `players` with bots in every seat but the first; returns
/// the id, the creator's token and the creation reply.
async fn against_bots(c: &Client, body: Value) -> (String, String, Value) {
    let (st, created) = c.post("/api/matches", body).await;
    assert_eq!(st, 201, "{created}");
    (
        created["match_id"].as_str().unwrap().to_owned(),
        created["token"].as_str().unwrap().to_owned(),
        created,
    )
}

async fn game_over_with_bots(c: &Client, variant: &str, players: u8, level: &str) {
    let bots = vec![level; usize::from(players) - 1];
    let (id, token, created) = against_bots(
        c,
        json!({"variant": variant, "players": players, "bots": bots, "player_name": "Pat"}),
    )
    .await;
    assert_eq!(created["invites"], json!([]), "a bot's seat has no invite");
    let (ws, welcome): (Ws, Value) = c.hello(&id, Some(&token), Some(0)).await;
    let names = &welcome["snapshot"]["names"];
    // A lone bot is "Computer (hard)"; several of one level are named apart by their seats.
    for seat in 2..=players {
        let want = if players > 2 {
            format!("Computer {seat} ({level})")
        } else {
            format!("Computer ({level})")
        };
        assert_eq!(names[usize::from(seat) - 1], want, "{names}");
    }
    assert!(
        welcome["snapshot"]["connected"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c == true),
        "bots are always there"
    );
    let seen = play_seat(ws, 1, 11).await;
    let over = seen.last().unwrap();
    assert_eq!(over["kind"], "game_over", "{variant} {level}");
    let bot_moves = seen
        .iter()
        .filter(|e| e["kind"] == "moved" && e["seat"] != 1)
        .count();
    assert!(bot_moves > 0, "{variant}/{players} {level}: the bots moved");
    // The bots' moves are in the record like anyone's, and it checks out.
    let (st, record) = c.get(&format!("/api/matches/{id}/games/1")).await;
    assert_eq!(st, 200, "{record}");
    let record: GameRecord = serde_json::from_value(record).unwrap();
    let report = record.check();
    assert!(report.ok, "{variant}/{players} {level}: {report:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_every_level_of_every_variant() {
    let s = start_with(|c| c.bot_nodes = TEST_NODES).await;
    let mut games = Vec::new();
    for level in ["easy", "medium", "hard"] {
        // Every variant, with every number of players it allows.
        let tables = senet_engine::Variant::ALL.into_iter().flat_map(|v| {
            let (min, max) = v.player_range();
            (min..=max).map(move |players| (v.id(), players))
        });
        for (variant, players) in tables {
            let c = Client { addr: s.addr };
            games.push(tokio::spawn(async move {
                game_over_with_bots(&c, variant, players, level).await;
            }));
        }
    }
    for g in games {
        g.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_are_checked_at_creation() {
    let s = start_with(|c| c.bot_nodes = TEST_NODES).await;
    for (body, code) in [
        (
            json!({"variant": "martian", "bots": ["grandmaster"]}),
            "invalid",
        ),
        (
            json!({"variant": "martian", "bots": ["easy", "easy"]}),
            "invalid",
        ),
        (
            json!({"variant": "modern", "players": 3, "bots": ["easy", "hard", "medium"]}),
            "invalid",
        ),
        (json!({"variant": "martian", "bots": "easy"}), "malformed"),
    ] {
        let (st, e) = s.post("/api/matches", body.clone()).await;
        assert_eq!(e["code"], code, "{body}: {e}");
        assert!(st == 400 || st == 422, "{body}: {st}");
    }
    // A person may still take a free seat next to a bot.
    let (id, _, created) = against_bots(
        &s,
        json!({"variant": "modern", "players": 3, "bots": ["easy"]}),
    )
    .await;
    let invites = created["invites"].as_array().unwrap();
    assert_eq!(invites.len(), 1);
    assert_eq!(invites[0]["seat"], 2, "bots take the last seats");
    let (st, joined) = s
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": invites[0]["invite"], "name": "Sam"}),
        )
        .await;
    assert_eq!(st, 200, "{joined}");
    let (_, summary) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["status"], "live", "{summary}");
}

/// The scoreboard and a player's history say which seat a computer plays and its level, as a
/// snapshot's `bots` does (the pages name it in their language from that), and fit the
/// OpenAPI document's schemas; a match of people has no `bots`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scoreboard_and_history_name_each_bot_seats_level() {
    let (_dir, url) = crate::db::sqlite();
    let mut cfg = crate::db::config(&url);
    cfg.bot_nodes = TEST_NODES;
    let s = crate::common::start_durable(cfg).await;
    let (st, pat) = s.post("/api/players", json!({"name": "Pat"})).await;
    assert_eq!(st, 201, "{pat}");
    let (pid, key) = (&pat["player_id"], &pat["player_key"]);
    let mut ids = Vec::new();
    for (body, bots) in [
        (
            json!({"variant": "modern", "players": 3, "bots": ["medium", "medium"]}),
            json!([null, "medium", "medium"]),
        ),
        (
            json!({"variant": "pyramid", "bots": ["easy"]}),
            json!([null, "easy"]),
        ),
        (json!({"variant": "pyramid"}), Value::Null),
    ] {
        let mut body = body;
        body["player_key"] = key.clone();
        body["player_name"] = json!("Pat");
        let (id, _, _) = against_bots(&s, body).await;
        ids.push((id, bots));
    }
    let (_, doc) = s.get("/api/openapi.json").await;
    let boards = crate::server::openapi_validator(&doc, "Scoreboard");
    for (id, bots) in &ids {
        let (st, board) = s.get(&format!("/api/matches/{id}/scoreboard")).await;
        assert_eq!(st, 200, "{board}");
        assert_eq!(board["bots"], *bots, "{board}");
        crate::server::assert_valid(&boards, &board);
    }
    let (st, history) = s
        .get(&format!("/api/players/{}/history", pid.as_str().unwrap()))
        .await;
    assert_eq!(st, 200, "{history}");
    crate::server::assert_valid(&crate::server::openapi_validator(&doc, "History"), &history);
    for (id, bots) in &ids {
        let played = history["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["match_id"] == id.as_str())
            .unwrap_or_else(|| panic!("{id} in {history}"));
        assert_eq!(played["bots"], *bots, "{played}");
    }
    s.running.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_plays_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let mut cfg = config(&url);
    cfg.bot_nodes = TEST_NODES;
    let s1 = senet_server::spawn_durable(cfg.clone()).await.unwrap();
    let c1 = Client { addr: s1.addr };
    let (id, token, _) = against_bots(&c1, json!({"variant": "jequier", "bots": ["medium"]})).await;
    let (mut ws, _) = c1.hello(&id, Some(&token), Some(0)).await;
    // Play until the bot has moved twice, then stop the server while the person is to move.
    let mut bot_moves = 0;
    let mut last = Value::Null;
    while bot_moves < 2 || last["turn"]["seat"] != 1 || last["turn"]["kind"] != "move" {
        let m = ws.recv().await;
        if m["type"] != "event" {
            continue;
        }
        if m["kind"] == "moved" && m["seat"] == 2 {
            bot_moves += 1;
        }
        if m["turn"]["kind"] == "move" && m["turn"]["seat"] == 1 && bot_moves < 2 {
            let mv = m["legal"][0].clone();
            ws.act(json!({"type": "move", "game": 1, "move": mv})).await;
        }
        last = m;
    }
    let before = last["no"].as_u64().unwrap();
    s1.shutdown.send(true).unwrap();
    drop(ws);
    let s2 = senet_server::spawn_durable(cfg).await.unwrap();
    let c2 = Client { addr: s2.addr };
    let (mut ws, welcome) = c2.hello(&id, Some(&token), Some(before)).await;
    assert_eq!(welcome["snapshot"]["last_event"], before);
    // The person moves; the bot, recovered with the match, answers.
    let mv = welcome["snapshot"]["legal"][0].clone();
    ws.act(json!({"type": "move", "game": 1, "move": mv})).await;
    loop {
        let m = ws.recv().await;
        if m["type"] == "event" && m["kind"] == "moved" && m["seat"] == 2 {
            break;
        }
        if m["type"] == "event" && m["kind"] == "game_over" {
            break; // the person's move ended the game: nothing left for the bot
        }
        if m["type"] == "event" && m["turn"]["kind"] == "move" && m["turn"]["seat"] == 1 {
            let mv = m["legal"][0].clone();
            ws.act(json!({"type": "move", "game": 1, "move": mv})).await;
        }
    }
    s2.shutdown.send(true).unwrap();
}

/// A game against a bot rates only the person, against the bot's fixed rating; without
/// `rated`, a bot match is casual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_against_a_bot_moves_only_the_persons_rating() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let mut cfg = config(&url);
    cfg.bot_nodes = TEST_NODES;
    // One rated game against one opponent (the bot counts as one) puts Rae on this board.
    cfg.board_min_games = 1;
    cfg.board_min_opponents = 1;
    let s = senet_server::spawn_durable(cfg).await.unwrap();
    let c = Client { addr: s.addr };
    // Rated play is for accounts: Rae signs up, and plays signed in.
    let mut rae = crate::accounts::Browser::new(s.addr);
    let made = rae
        .post(
            "/api/accounts",
            json!({"username": "Rae", "password": "correct horse"}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    for rated in [false, true] {
        let created = rae
            .post(
                "/api/matches",
                json!({"variant": "pyramid", "bots": ["hard"], "rated": rated}),
            )
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        let id = created.body["match_id"].as_str().unwrap().to_owned();
        let token = created.body["token"].as_str().unwrap().to_owned();
        let (mut ws, _) = c.hello(&id, Some(&token), Some(0)).await;
        // A move each first: a game ended before every seat moved is not rated.
        let (mut mine, mut bots, mut acted_at) = (false, false, 0);
        while !(mine && bots) {
            let m = ws.recv().await;
            assert_ne!(m["type"], "error", "{m}");
            mine |= m["kind"] == "moved" && m["seat"] == 1;
            bots |= m["kind"] == "moved" && m["seat"] == 2;
            let no = m["no"].as_u64().unwrap_or(0);
            if m["turn"]["kind"] == "move" && m["turn"]["seat"] == 1 && no > acted_at {
                acted_at = no;
                ws.act(json!({"type": "move", "game": m["game"], "move": m["legal"][0]}))
                    .await;
            }
        }
        let seq = ws.act(json!({"type": "resign"})).await;
        assert_eq!(ws.reply(seq).await["type"], "ack");
        ws.until(|m| m["kind"] == "match_over").await;
        let (_, board) = c.get(&format!("/api/matches/{id}/scoreboard")).await;
        assert_eq!(board["rated"], rated, "{board}");
        let changes = &board["games"][0]["ratings"];
        if rated {
            let changes = changes.as_array().expect("the rated game's changes");
            assert_eq!(changes.len(), 1, "only the person is rated: {changes:?}");
            assert_eq!(changes[0]["seat"], 1, "{changes:?}");
            let after = changes[0]["after"].as_f64().unwrap();
            let before = changes[0]["before"].as_f64().unwrap();
            // Losing to a 1650 bot costs a new 1500 player some points.
            assert!(after < before, "{changes:?}");
        } else {
            assert!(changes.is_null(), "{board}");
        }
    }
    let (_, leaders) = c.get("/api/leaderboard?by=rating&variant=pyramid").await;
    let rows = leaders.as_array().expect("a list");
    assert_eq!(rows.len(), 1, "the person only: {leaders}");
    assert_eq!(rows[0]["name"], "Rae", "{leaders}");
    s.shutdown.send(true).unwrap();
}

/// A bot on a clock is charged for its moves like a person (its thinking and its delay).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_on_a_clock_is_charged_for_its_moves() {
    let s = start_with(|c| {
        c.bot_nodes = TEST_NODES;
        c.bot_delay_ms = 60;
    })
    .await;
    let (id, token, _) = against_bots(
        &s,
        json!({"variant": "parker", "bots": ["medium"],
               "clock": {"kind": "fischer", "base_secs": 600, "increment_secs": 0}}),
    )
    .await;
    let (ws, _) = s.hello(&id, Some(&token), Some(0)).await;
    let seen = play_seat(ws, 1, 5).await;
    let bot_moves: Vec<&Value> = seen
        .iter()
        .filter(|e| e["kind"] == "moved" && e["seat"] == 2)
        .collect();
    assert!(!bot_moves.is_empty());
    for m in bot_moves {
        assert!(m["used_ms"].as_u64().unwrap() >= 60, "{m}");
        assert!(
            m["clock"]["remaining_ms"][1].as_u64().unwrap() < 600_000,
            "{m}"
        );
    }
}
