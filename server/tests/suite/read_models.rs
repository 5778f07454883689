//! The series read models (`store/sql/read.rs`) through the REST API, on SQLite and
//! Postgres: a player with many matches gets every one of them in their history, each with
//! the same data as the match's own scoreboard (the history reads all opponents at once
//! instead of one query per match).

use std::collections::HashMap;

use crate::common::Client;
use serde_json::{Value, json};

const MATCHES: usize = 30;

async fn many_matches(url: &str) {
    let s = senet_server::spawn_durable(crate::db::config(url))
        .await
        .unwrap();
    let c = Client { addr: s.addr };
    let (_, ann) = c.post("/api/players", json!({"name": "Ann"})).await;
    let (_, bo) = c.post("/api/players", json!({"name": "Bo"})).await;
    let mut ids = Vec::new();
    for i in 0..MATCHES {
        let (st, m) = c
            .post(
                "/api/matches",
                json!({"variant": "parker", "name": format!("m{i}"),
                       "player_key": ann["player_key"]}),
            )
            .await;
        assert_eq!(st, 201, "{m}");
        let id = m["match_id"].as_str().unwrap().to_owned();
        ids.push(id.clone());
        match i % 5 {
            // Still joining: the second seat is nobody's yet.
            0 => continue,
            // Ann holds both seats.
            1 => {
                let (st, j) = c
                    .post(
                        &format!("/api/matches/{id}/join"),
                        json!({"invite": m["invites"][0]["invite"], "name": "Ann again",
                               "player_key": ann["player_key"]}),
                    )
                    .await;
                assert_eq!(st, 200, "{j}");
                continue;
            }
            // An anonymous opponent (no player key).
            2 => {
                let (st, j) = c
                    .post(
                        &format!("/api/matches/{id}/join"),
                        json!({"invite": m["invites"][0]["invite"], "name": format!("anon {i}")}),
                    )
                    .await;
                assert_eq!(st, 200, "{j}");
                continue;
            }
            _ => {}
        }
        let (st, j) = c
            .post(
                &format!("/api/matches/{id}/join"),
                json!({"invite": m["invites"][0]["invite"], "name": "Bo",
                       "player_key": bo["player_key"]}),
            )
            .await;
        assert_eq!(st, 200, "{j}");
        // Finish it: seat 1 resigns (i % 5 == 3) or seat 2 does (i % 5 == 4).
        let token = if i % 5 == 3 { &m["token"] } else { &j["token"] };
        let (mut ws, _) = c.hello(&id, token.as_str(), None).await;
        let seq = ws.act(json!({"type": "resign"})).await;
        assert_eq!(ws.reply(seq).await["type"], "ack");
        ws.until(|m| m["kind"] == "match_over").await;
    }

    let pid = ann["player_id"].as_str().unwrap();
    let (st, hist) = c.get(&format!("/api/players/{pid}/history")).await;
    assert_eq!(st, 200, "{hist}");
    assert_eq!(hist["player_id"], pid);
    assert_eq!(hist["name"], "Ann");
    let lines = hist["matches"].as_array().unwrap();
    // One line per seat Ann holds: two in the matches where she took both.
    assert_eq!(lines.len(), MATCHES + MATCHES / 5, "{hist}");
    let mut seen: HashMap<String, Vec<u64>> = HashMap::new();
    let mut won = 0;
    for line in lines {
        let id = line["match_id"].as_str().unwrap();
        let seat = line["seat"].as_u64().unwrap();
        seen.entry(id.to_owned()).or_default().push(seat);
        let (st, board) = c.get(&format!("/api/matches/{id}/scoreboard")).await;
        assert_eq!(st, 200, "{board}");
        for k in ["name", "variant", "series", "status", "winner"] {
            assert_eq!(line[k], board[k], "{k} of {line} vs {board}");
        }
        let mine = &board["seats"][seat as usize - 1];
        assert_eq!(mine["player_id"], pid);
        assert_eq!(line["points"], mine["points"], "{line} vs {board}");
        assert_eq!(line["games_won"], mine["games_won"], "{line} vs {board}");
        assert_eq!(
            line["games"],
            json!(board["games"].as_array().unwrap().len())
        );
        let others: Vec<Value> = board["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["seat"] != seat)
            .map(|s| json!({"seat": s["seat"], "name": s["name"], "player_id": s["player_id"]}))
            .collect();
        assert_eq!(line["opponents"], json!(others), "{line} vs {board}");
        let finished = board["status"] == "finished";
        assert_eq!(
            line["won"],
            if finished {
                json!(board["winner"] == seat)
            } else {
                Value::Null
            }
        );
        won += usize::from(line["won"] == true);
        assert!(line["created_at"].as_str().unwrap().ends_with('Z'));
        // Exactly the keys the API has always answered with.
        let mut keys: Vec<&str> = line
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "created_at",
                "games",
                "games_won",
                "match_id",
                "name",
                "opponents",
                "points",
                "seat",
                "series",
                "status",
                "variant",
                "winner",
                "won"
            ]
        );
    }
    assert_eq!(seen.len(), MATCHES, "every match is in the history once");
    for id in &ids {
        let seats = &seen[id];
        assert!(seats.contains(&1), "{id}: {seats:?}");
    }
    // Ann won the matches where Bo resigned (i % 5 == 4).
    assert_eq!(won, MATCHES / 5);

    // Bo's history has only the matches he played, and the leaderboard agrees with both.
    let bid = bo["player_id"].as_str().unwrap();
    let (_, hist) = c.get(&format!("/api/players/{bid}/history")).await;
    let lines = hist["matches"].as_array().unwrap();
    assert_eq!(lines.len(), 2 * MATCHES / 5);
    assert!(
        lines
            .iter()
            .all(|l| l["seat"] == 2 && l["opponents"][0]["player_id"] == pid)
    );
    let (st, board) = c.get("/api/leaderboard?variant=parker").await;
    assert_eq!(st, 200, "{board}");
    let row = |p: &str| {
        board
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player_id"] == p)
            .cloned()
            .unwrap()
    };
    assert_eq!(row(pid)["series_won"], json!(MATCHES / 5));
    assert_eq!(row(bid)["series_won"], json!(MATCHES / 5));
    assert_eq!(row(pid)["name"], "Ann");

    let (st, _) = c.get("/api/players/nobody/history").await;
    assert_eq!(st, 404);
    s.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_history_of_many_matches() {
    let (_dir, url) = crate::db::sqlite();
    many_matches(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_history_of_many_matches() {
    let Some(pg) = crate::db::pg_db("postgres_history_of_many_matches").await else {
        return;
    };
    many_matches(&pg.url).await;
}
