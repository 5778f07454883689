//! Rated matches (`docs/ratings.md`) on SQLite and Postgres: every played game of a rated
//! match moves both players' Glicko-2 ratings, once; casual matches move nothing; a game
//! ended before every seat moved, or past a pair's daily rated games, is not rated; the
//! leaderboard ranks by rating those with enough games and opponents, and a player's page
//! has the history.

use crate::accounts::Browser;
use crate::common::{Client, Ws};
use senet_match::glicko::{Rating, after_game};
use serde_json::{Value, json};

/// An account, signed in: its `player_id` and the session `cookie` its requests carry.
pub(crate) async fn player(c: &Client, name: &str) -> Value {
    let mut b = Browser::signed_up(c.addr, name).await;
    let me = b.me().await;
    json!({"player_id": me.body["player_id"], "cookie": b.cookie})
}

/// A POST as the signed-in `who`.
pub(crate) async fn post_as(c: &Client, who: &Value, path: &str, body: Value) -> (u16, Value) {
    let mut b = Browser::new(c.addr);
    b.cookie = who["cookie"].as_str().map(str::to_owned);
    let a = b.post(path, body).await;
    (a.status, a.body)
}

/// Creates a match for `ann` and lets `bo` take the other seat; returns the id and both
/// sockets.
pub(crate) async fn start(c: &Client, ann: &Value, bo: &Value, body: Value) -> (String, Vec<Ws>) {
    let (st, m) = post_as(c, ann, "/api/matches", body).await;
    assert_eq!(st, 201, "{m}");
    let id = m["match_id"].as_str().unwrap().to_owned();
    let (st, j) = post_as(
        c,
        bo,
        &format!("/api/matches/{id}/join"),
        json!({"invite": m["invites"][0]["invite"], "name": "Bo"}),
    )
    .await;
    assert_eq!(st, 200, "{j}");
    let mut seats = Vec::new();
    // From event 0: the game may have started (and thrown) before the sockets open, and
    // `every_seat_moves` follows it event by event.
    for t in [&m["token"], &j["token"]] {
        seats.push(c.hello(&id, t.as_str(), Some(0)).await.0);
    }
    (id, seats)
}

/// Plays until every seat has made a move of the current game (the first legal move each
/// time a seat is to move), following the game on seat 1's socket; returns once every move
/// is acknowledged.
pub(crate) async fn every_seat_moves(seats: &mut [Ws]) {
    let mut moved = vec![false; seats.len()];
    let mut acted_at = 0;
    // Seat 1's messages read while awaiting its own acks, still to be looked at.
    let mut unread = std::collections::VecDeque::new();
    while moved.contains(&false) {
        let m = match unread.pop_front() {
            Some(m) => m,
            None => seats[0].recv().await,
        };
        assert_ne!(m["type"], "error", "{m}");
        if m["type"] != "event" {
            continue;
        }
        assert_ne!(
            m["kind"], "game_over",
            "the game ended before every seat moved: {m}"
        );
        let no = m["no"].as_u64().expect("a number");
        if m["turn"]["kind"] != "move" || no <= acted_at {
            continue;
        }
        acted_at = no;
        let seat = m["turn"]["seat"].as_u64().expect("a seat") as usize;
        let ws = &mut seats[seat - 1];
        let seq = ws
            .act(json!({"type": "move", "game": m["game"], "move": m["legal"][0]}))
            .await;
        loop {
            let r = ws.recv().await;
            if r["seq"] == json!(seq) && r["type"] != "event" {
                assert_eq!(r["type"], "ack", "{r}");
                break;
            }
            if seat == 1 {
                unread.push_back(r);
            }
        }
        moved[seat - 1] = true;
    }
}

/// Both seats ask for the next game; returns once it has started.
async fn next_game(seats: &mut [Ws]) {
    for ws in seats.iter_mut() {
        let seq = ws.act(json!({"type": "rematch"})).await;
        // The second ack comes once the next game has started (and is stored).
        assert_eq!(ws.reply(seq).await["type"], "ack");
    }
}

/// Seat `loser` resigns the current game; returns once both sockets saw its end.
pub(crate) async fn resign(seats: &mut [Ws], loser: usize) {
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
    let mut cfg = crate::db::config(url);
    // Three rated games with one opponent put a player on this test's board.
    cfg.board_min_games = 3;
    cfg.board_min_opponents = 1;
    let s = senet_server::spawn_durable(cfg).await.unwrap();
    let c = Client { addr: s.addr };
    let ann = player(&c, "Ann").await;
    let bo = player(&c, "Bo").await;

    // Refused: a rated match needs registered players, and is public.
    let (st, e) = c
        .post("/api/matches", json!({"variant": "pyramid", "rated": true}))
        .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");
    let (st, e) = post_as(
        &c,
        &ann,
        "/api/matches",
        json!({"variant": "pyramid", "rated": true, "public": false}),
    )
    .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");
    // A guest's player key is no account: it may not play rated.
    let (st, guest) = c.post("/api/players", json!({"name": "Guest"})).await;
    assert_eq!(st, 201);
    let (st, e) = c
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "rated": true, "player_key": guest["player_key"]}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("invalid")), "{e}");
    let (st, m) = post_as(
        &c,
        &ann,
        "/api/matches",
        json!({"variant": "pyramid", "rated": true}),
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
            next_game(&mut seats).await;
        }
        every_seat_moves(&mut seats).await;
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
        if game == 2 {
            let (_, top) = c.get("/api/leaderboard?variant=parker&by=rating").await;
            assert_eq!(top, json!([]), "two rated games are too few for this board");
        }
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

/// The puppet's trick of the trust review (issue 28): resigning every rated game before a
/// move is rated for nobody; a pair that keeps meeting is rated ten games a day; the board by
/// rating wants several opponents.
async fn rated_means_played(url: &str) {
    use senet_store::sql::ratings::PAIR_GAMES_PER_DAY;
    let mut cfg = crate::db::config(url);
    cfg.board_min_games = 1;
    cfg.board_min_opponents = 2;
    let s = senet_server::spawn_durable(cfg).await.unwrap();
    let c = Client { addr: s.addr };
    let ann = player(&c, "Ann").await;
    let bo = player(&c, "Bo").await;
    let cy = player(&c, "Cy").await;
    let body =
        json!({"variant": "parker", "rated": true, "series": {"kind": "best_of", "target": 99}});
    let (id, mut seats) = start(&c, &ann, &bo, body.clone()).await;
    let games = PAIR_GAMES_PER_DAY as usize + 2;
    for game in 1..=games {
        if game > 1 {
            next_game(&mut seats).await;
        }
        // Game 1: the puppet resigns at once. The others are played: a move each first.
        if game > 1 {
            every_seat_moves(&mut seats).await;
        }
        resign(&mut seats, 2).await;
    }
    let (_, board) = c.get(&format!("/api/matches/{id}/scoreboard")).await;
    let unrated: Vec<&Value> = board["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| &g["unrated"])
        .collect();
    let mut want = vec![&Value::Null; games];
    let (not_played, pair_limit) = (json!("not_played"), json!("pair_limit"));
    want[0] = &not_played;
    want[games - 1] = &pair_limit;
    assert_eq!(unrated, want, "{board}");
    for (k, g) in board["games"].as_array().unwrap().iter().enumerate() {
        let rated = k > 0 && k < games - 1;
        assert_eq!(g.get("ratings").is_some(), rated, "game {}: {g}", k + 1);
    }
    let pid = ann["player_id"].as_str().unwrap();
    let (_, hist) = c.get(&format!("/api/players/{pid}/history")).await;
    assert_eq!(
        hist["ratings"][0]["games"],
        json!(PAIR_GAMES_PER_DAY),
        "{hist}"
    );
    // One opponent each: nobody is on the board yet.
    let (_, top) = c.get("/api/leaderboard?variant=parker&by=rating").await;
    assert_eq!(top, json!([]));
    // Ann meets a second opponent; she is on it, and Bo and Cy are not.
    let (_, mut seats) = start(&c, &ann, &cy, body).await;
    every_seat_moves(&mut seats).await;
    resign(&mut seats, 2).await;
    let (_, top) = c.get("/api/leaderboard?variant=parker&by=rating").await;
    let names: Vec<&Value> = top
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| &r["name"])
        .collect();
    assert_eq!(names, vec![&json!("Ann")], "{top}");
    s.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_rated_means_played() {
    let (_dir, url) = crate::db::sqlite();
    rated_means_played(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_rated_means_played() {
    let Some(pg) = crate::db::pg_db("postgres_rated_means_played").await else {
        return;
    };
    rated_means_played(&pg.url).await;
    pg.drop_db().await;
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
