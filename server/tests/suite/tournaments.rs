//! Tournaments (`docs/tournaments.md`) through the HTTP API and the match sockets: a Swiss
//! event of three players over two rounds to its podium, with a bye each round and no
//! rematch; an arena that pairs a player again as soon as their game ends, never with the
//! same opponent twice in a row, and counts a streak; and what bad requests get.

use std::time::Duration;

use serde_json::{Value, json};

use crate::accounts::{Browser, unique};
use crate::common::{Client, start_durable};
use crate::db;
use crate::people::{next, page_socket};

const CLOCK: &str = r#"{"kind": "fischer", "base_secs": 300, "increment_secs": 2}"#;

fn clock() -> Value {
    serde_json::from_str(CLOCK).unwrap()
}

/// Polls the tournament (as `b`) until `f` holds of its view (panics after 15 s).
async fn view_until(b: &mut Browser, id: &str, what: &str, f: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let v = b.send("GET", &format!("/api/tournaments/{id}"), None).await;
        assert_eq!(v.status, 200, "{}", v.body);
        if f(&v.body) {
            return v.body;
        }
        assert!(tokio::time::Instant::now() < deadline, "{what}: {}", v.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The game `b` plays now: (match id, seat, token).
async fn my_game(b: &mut Browser, id: &str) -> (String, u64, String) {
    let v = view_until(b, id, "a seat", |v| !v["me"]["playing"].is_null()).await;
    let p = &v["me"]["playing"];
    (
        p["match_id"].as_str().unwrap().to_owned(),
        p["seat"].as_u64().unwrap(),
        p["token"].as_str().unwrap().to_owned(),
    )
}

/// The seat with `token` resigns its match's game.
async fn resign(c: &Client, match_id: &str, token: &str) {
    let (mut ws, _) = c.hello(match_id, Some(token), None).await;
    ws.send(json!({"type": "resign", "seq": 1})).await;
    ws.until(|m| m["type"] == "event" && m["kind"] == "game_over")
        .await;
}

/// Three new accounts (Ana, Bo, Cleo, each with a unique suffix) and their browsers.
async fn three_players(addr: std::net::SocketAddr) -> ([String; 3], Vec<Browser>) {
    let names = [unique("Ana "), unique("Bo "), unique("Cleo ")];
    let mut players = Vec::new();
    for n in &names {
        players.push(Browser::signed_up(addr, n).await);
    }
    (names, players)
}

#[tokio::test]
async fn a_swiss_of_three_over_two_rounds_reaches_its_podium() {
    let (_dir, url) = db::sqlite();
    let s = start_durable(db::config(&url)).await;
    let c = Client { addr: s.addr };
    let (names, mut players) = three_players(s.addr).await;
    let made = players[0]
        .post(
            "/api/tournaments",
            json!({"kind": "swiss", "variant": "kendall", "clock": clock(), "rounds": 2, "starts_in_secs": 2}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_owned();
    assert_eq!(made.body["status"], "created");
    assert_eq!(
        made.body["players"], 0,
        "the creator is not a player until they join"
    );
    let mut sockets = Vec::new();
    for p in players.iter_mut() {
        let joined = p
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        assert_eq!(joined.body["me"]["joined"], true);
        let mut ws = page_socket(s.addr, p.cookie.as_deref()).await;
        next(&mut ws).await;
        next(&mut ws).await;
        sockets.push(ws);
    }
    let listed = c.get("/api/tournaments").await.1;
    assert!(
        listed["tournaments"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == id.as_str() && t["players"] == 3),
        "{listed}"
    );

    let mut opponents: Vec<(String, String)> = Vec::new();
    for round in 1..=2 {
        let v = view_until(&mut players[0], &id, "the round paired", |v| {
            v["round"] == round
                && v["games"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|g| g["result"].is_null())
        })
        .await;
        assert_eq!(v["status"], "running");
        let in_play: Vec<&Value> = v["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["result"].is_null())
            .collect();
        assert_eq!(in_play.len(), 1, "three players: one game and a bye: {v}");
        let pair = (
            in_play[0]["first"].as_str().unwrap().to_owned(),
            in_play[0]["second"].as_str().unwrap().to_owned(),
        );
        assert!(
            !opponents
                .iter()
                .any(|(a, b)| (a, b) == (&pair.0, &pair.1) || (a, b) == (&pair.1, &pair.0)),
            "no rematch: {pair:?} after {opponents:?}"
        );
        opponents.push(pair.clone());
        // The pair's pages are told their seats; the loser (seat 2) resigns.
        let seated: Vec<usize> = (0..3)
            .filter(|&i| names[i] == pair.0 || names[i] == pair.1)
            .collect();
        let mut tokens = Vec::new();
        for &i in &seated {
            let told = loop {
                let m = next(&mut sockets[i]).await;
                if m["type"] == "tournament_game" {
                    break m;
                }
            };
            assert_eq!(told["tournament_id"], id.as_str());
            let (match_id, seat, token) = my_game(&mut players[i], &id).await;
            assert_eq!(told["match_id"], match_id.as_str());
            assert_eq!(told["seat"], seat);
            tokens.push((seat, match_id, token));
        }
        let (_, match_id, token) = tokens.iter().find(|t| t.0 == 2).unwrap();
        let summary = c.get(&format!("/api/matches/{match_id}")).await.1;
        assert_eq!(summary["clock"]["base_secs"], 300);
        resign(&c, match_id, token).await;
    }

    let done = view_until(&mut players[1], &id, "finished", |v| {
        v["status"] == "finished"
    })
    .await;
    let podium = done["podium"].as_array().unwrap();
    assert_eq!(podium.len(), 3, "{done}");
    let standings = done["standings"].as_array().unwrap();
    let total: f64 = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    // Two games of one point each and two byes of one point each.
    assert_eq!(total, 4.0, "{done}");
    let byes = standings
        .iter()
        .flat_map(|s| s["sheet"].as_array().unwrap())
        .filter(|m| *m == "bye")
        .count();
    assert_eq!(
        byes, 2,
        "one bye a round, never twice to one player: {done}"
    );
    for s in standings {
        assert!(
            s["buchholz"].is_number() && s["sonneborn_berger"].is_number(),
            "{s}"
        );
    }
    assert_eq!(podium[0], standings[0]["name"]);
    let late = players[2]
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!((late.status, late.code()), (409, "tournament_over"));
}

#[tokio::test]
async fn an_arena_pairs_again_at_once_and_never_the_same_opponent_twice_in_a_row() {
    let (_dir, url) = db::sqlite();
    let s = start_durable(db::config(&url)).await;
    let c = Client { addr: s.addr };
    let (names, mut players) = three_players(s.addr).await;
    let made = players[0]
        .post(
            "/api/tournaments",
            json!({"kind": "arena", "name": "Quick arena", "variant": "kendall", "clock": clock(), "duration_mins": 10}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_owned();
    assert_eq!(made.body["name"], "Quick arena");
    for p in players.iter_mut().take(2) {
        let joined = p
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
    }
    // The first two meet; Ana (seat 1 or 2) wins by Bo's resignation.
    let (first_match, _, _) = my_game(&mut players[0], &id).await;
    let (bo_match, _, bo_token) = my_game(&mut players[1], &id).await;
    assert_eq!(first_match, bo_match);
    let joined = players[2]
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let version = joined.body["version"].as_i64().unwrap();
    resign(&c, &bo_match, &bo_token).await;

    // A long poll wakes with the result; Cleo is paired at once, and not Ana with Bo again.
    let woke = players[2]
        .send(
            "GET",
            &format!("/api/tournaments/{id}?after={version}"),
            None,
        )
        .await;
    assert_ne!(woke.body["version"].as_i64().unwrap(), version);
    let (cleo_match, _, _) = my_game(&mut players[2], &id).await;
    let v = view_until(&mut players[0], &id, "Cleo paired", |v| {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["match_id"] == cleo_match.as_str())
    })
    .await;
    let game = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["match_id"] == cleo_match.as_str())
        .unwrap();
    let pair = [
        game["first"].as_str().unwrap(),
        game["second"].as_str().unwrap(),
    ];
    assert!(pair.contains(&names[2].as_str()), "{v}");
    let ana = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == names[0].as_str())
        .unwrap();
    assert_eq!(
        (ana["points"].as_f64(), ana["wins"].as_u64()),
        (Some(2.0), Some(1)),
        "{v}"
    );
    assert_eq!(
        v["standings"][0]["name"],
        names[0].as_str(),
        "the winner leads"
    );

    // Leaving: not paired again (results stay); coming back resumes.
    let left = players[1]
        .post(&format!("/api/tournaments/{id}/leave"), json!({}))
        .await;
    assert_eq!(left.body["me"]["active"], false, "{}", left.body);
    let bo = left.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == names[1].as_str())
        .unwrap()
        .clone();
    assert_eq!(
        (bo["games"].as_u64(), bo["active"].as_bool()),
        (Some(1), Some(false))
    );
}

#[tokio::test]
async fn bad_tournament_requests_get_clear_errors() {
    let (_dir, url) = db::sqlite();
    let s = start_durable(db::config(&url)).await;
    let c = Client { addr: s.addr };
    let (status, body) = c
        .post(
            "/api/tournaments",
            json!({"kind": "arena", "variant": "kendall", "clock": clock(), "duration_mins": 5}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("signed_out")),
        "{body}"
    );
    let mut ana = Browser::signed_up(s.addr, &unique("Ana ")).await;
    for (req, code) in [
        (
            json!({"kind": "league", "variant": "kendall", "clock": clock()}),
            "invalid",
        ),
        (
            json!({"kind": "swiss", "variant": "kendall", "clock": clock(), "duration_mins": 5}),
            "invalid",
        ),
        (
            json!({"kind": "arena", "variant": "kendall", "clock": clock(), "duration_mins": 0}),
            "invalid",
        ),
        (
            json!({"kind": "arena", "variant": "kendall", "clock": {"kind": "correspondence", "days": 2}, "duration_mins": 5}),
            "invalid",
        ),
        (
            json!({"kind": "arena", "variant": "chess", "clock": clock(), "duration_mins": 5}),
            "unknown_variant",
        ),
        (
            json!({"kind": "arena", "variant": "kendall", "duration_mins": 5}),
            "malformed",
        ),
        (
            json!({"kind": "arena", "variant": "kendall", "clock": clock(), "duration_mins": 5, "prize": 1}),
            "malformed",
        ),
    ] {
        let a = ana.post("/api/tournaments", req.clone()).await;
        assert_eq!(a.code(), code, "{req} → {}", a.body);
        assert!(a.status == 400 || a.status == 422, "{req} → {}", a.status);
    }
    let missing = ana.post("/api/tournaments/tnope/join", json!({})).await;
    assert_eq!((missing.status, missing.code()), (404, "not_found"));
    let (status, _) = c.get("/api/tournaments/tnope").await;
    assert_eq!(status, 404);
    let listed = c.get("/api/tournaments").await.1;
    assert_eq!(
        listed["tournaments"],
        json!([]),
        "nothing was made: {listed}"
    );
}
