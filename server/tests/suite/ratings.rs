//! Rated matches (`docs/ratings.md`) on SQLite and Postgres: every game of a rated match
//! moves both players' Glicko-2 ratings, once; casual matches move nothing; the leaderboard
//! ranks by rating and a player's page has the history.

use crate::common::{Client, Ws};
use senet_match::glicko::{Rating, after_game};
use serde_json::{Value, json};

async fn player(c: &Client, name: &str) -> Value {
    let (st, p) = c.post("/api/players", json!({ "name": name })).await;
    assert_eq!(st, 201, "{p}");
    p
}

/// Creates a match for `ann` and lets `bo` take the other seat; returns the id and both
/// sockets.
async fn start(c: &Client, ann: &Value, bo: &Value, body: Value) -> (String, Vec<Ws>) {
    let mut body = body;
    body["player_key"] = ann["player_key"].clone();
    let (st, m) = c.post("/api/matches", body).await;
    assert_eq!(st, 201, "{m}");
    let id = m["match_id"].as_str().unwrap().to_owned();
    let (st, j) = c
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": m["invites"][0]["invite"], "name": "Bo", "player_key": bo["player_key"]}),
        )
        .await;
    assert_eq!(st, 200, "{j}");
    let mut seats = Vec::new();
    for t in [&m["token"], &j["token"]] {
        seats.push(c.hello(&id, t.as_str(), None).await.0);
    }
    (id, seats)
}

/// Seat `loser` resigns the current game; returns once both sockets saw its end.
async fn resign(seats: &mut [Ws], loser: usize) {
    let ws = &mut seats[loser - 1];
    let seq = ws.act(json!({"type": "resign"})).await;
    // The ack and the game's end travel separately: either may come first.
    let (mut acked, mut over) = (false, false);
    while !(acked && over) {
        let m = ws.recv().await;
        assert_ne!(m["type"], "error", "{m}");
        acked |= m["type"] == "ack" && m["seq"] == json!(seq);
        over |= m["kind"] == "game_over";
    }
    let winner = &mut seats[2 - loser];
    winner.until(|m| m["kind"] == "game_over").await;
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().expect("a number") - b).abs() < 1e-6
}

async fn rated_series(url: &str) {
    let s = senet_server::spawn_durable(crate::db::config(url))
        .await
        .unwrap();
    let c = Client { addr: s.addr };
    let ann = player(&c, "Ann").await;
    let bo = player(&c, "Bo").await;

    // Refused: a rated match needs registered players, and is public.
    let (st, e) = c
        .post("/api/matches", json!({"variant": "pyramid", "rated": true}))
        .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");
    let (st, e) = c
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "rated": true, "public": false, "player_key": ann["player_key"]}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");
    let (st, m) = c
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "rated": true, "player_key": ann["player_key"]}),
        )
        .await;
    assert_eq!(st, 201, "{m}");
    let id = m["match_id"].as_str().unwrap();
    let (st, e) = c.post(&format!("/api/matches/{id}/join"), json!({})).await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");

    // A casual match between the same players changes no rating.
    let (casual, mut seats) = start(&c, &ann, &bo, json!({"variant": "parker"})).await;
    resign(&mut seats, 2).await;
    let (_, board) = c.get(&format!("/api/matches/{casual}/scoreboard")).await;
    assert_eq!(board["rated"], false);
    assert!(board["games"][0].get("ratings").is_none(), "{board}");
    let (_, top) = c.get("/api/leaderboard?variant=parker&by=rating").await;
    assert_eq!(top, json!([]));

    // A rated best of three: Bo resigns game 1, Ann game 2, Bo game 3.
    let (id, mut seats) = start(
        &c,
        &ann,
        &bo,
        json!({"variant": "parker", "rated": true, "series": {"kind": "best_of", "target": 3}}),
    )
    .await;
    let mut expected = vec![Rating::default(); 2];
    for (game, loser) in [(1, 2), (2, 1), (3, 2)] {
        if game > 1 {
            // The second ack comes once the next game has started (and is stored).
            for ws in seats.iter_mut() {
                let seq = ws.act(json!({"type": "rematch"})).await;
                assert_eq!(ws.reply(seq).await["type"], "ack");
            }
        }
        resign(&mut seats, loser).await;
        let before = expected.clone();
        expected = after_game(&before, Some(2 - loser));
        let (_, board) = c.get(&format!("/api/matches/{id}/scoreboard")).await;
        assert_eq!(board["rated"], true);
        let changes = &board["games"][game - 1]["ratings"];
        for seat in 0..2 {
            let ch = &changes[seat];
            assert_eq!(ch["seat"], json!(seat + 1), "{board}");
            assert_eq!(ch["pool"], "parker");
            assert!(close(&ch["before"], before[seat].rating), "{ch}");
            assert!(close(&ch["after"], expected[seat].rating), "{ch}");
            assert!(
                close(&ch["after_deviation"], expected[seat].deviation),
                "{ch}"
            );
        }
        let winner = 2 - loser;
        assert!(changes[winner]["change"].as_i64().unwrap() > 0, "{changes}");
        assert!(
            changes[loser - 1]["change"].as_i64().unwrap() < 0,
            "{changes}"
        );
    }

    let (_, top) = c.get("/api/leaderboard?variant=parker&by=rating").await;
    let rows = top.as_array().expect("a list");
    assert_eq!(rows.len(), 2, "{top}");
    assert_eq!(rows[0]["name"], "Ann", "two wins to one: {top}");
    assert!(close(&rows[0]["rating"], expected[0].rating), "{top}");
    assert!(close(&rows[1]["deviation"], expected[1].deviation), "{top}");
    assert_eq!(rows[0]["games"], 3);
    let (st, e) = c.get("/api/leaderboard?variant=parker&by=stars").await;
    assert_eq!((st, e["code"].as_str()), (400, Some("malformed")), "{e}");
    let (st, e) = c.get("/api/leaderboard?players=1").await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");
    let (st, e) = c.get("/api/leaderboard?by=rating").await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");

    let pid = bo["player_id"].as_str().unwrap();
    let (_, hist) = c.get(&format!("/api/players/{pid}/history")).await;
    assert_eq!(hist["ratings"][0]["pool"], "parker", "{hist}");
    assert!(
        close(&hist["ratings"][0]["rating"], expected[1].rating),
        "{hist}"
    );
    let points = hist["rating_history"].as_array().expect("a history");
    assert_eq!(points.len(), 3, "{hist}");
    assert!(close(&points[2]["rating"], expected[1].rating), "{hist}");
    assert!(points.iter().all(|p| p["match_id"] == json!(id)));
    s.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_rated_series() {
    let (_dir, url) = crate::db::sqlite();
    rated_series(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_rated_series() {
    let Some(pg) = crate::db::pg_db("postgres_rated_series").await else {
        return;
    };
    rated_series(&pg.url).await;
    pg.drop_db().await;
}
