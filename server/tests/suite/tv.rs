//! Senet TV: `GET /api/tv` names the most-watched live public match, else the server's own
//! bot-versus-bot match, made on demand, kept while it lives, and playing.

use std::time::Duration;

use crate::common::start_with;
use serde_json::{Value, json};

fn tv_config(c: &mut senet_server::Config) {
    c.bot_delay_ms = 0;
    c.bot_nodes = 3000;
    c.seed_wait_ms = 0;
}

/// Asks `GET /api/tv` until `f` holds of the answer (spectator counts reach the summaries
/// through the actor); panics after 10 s.
async fn tv_until(s: &crate::common::Client, f: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..100 {
        let (st, tv) = s.get("/api/tv").await;
        assert_eq!(st, 200, "{tv}");
        if f(&tv) {
            return tv;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("GET /api/tv never answered as expected");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_no_live_match_the_server_shows_its_own_bot_game_which_plays() {
    // One unfinished match per address: the bot match must not count against it.
    let s = start_with(|c| {
        tv_config(c);
        c.max_open_per_address = 1;
    })
    .await;
    let (st, tv) = s.get("/api/tv").await;
    assert_eq!((st, tv["source"].as_str()), (200, Some("bots")), "{tv}");
    let id = tv["match_id"].as_str().unwrap().to_owned();
    for _ in 0..3 {
        let (_, again) = s.get("/api/tv").await;
        assert_eq!(
            again["match_id"],
            json!(id),
            "the same match while it lives"
        );
    }
    let (_, m) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(m["name"], "Senet TV", "{m}");
    assert_eq!(m["public"], true);
    assert_eq!(m["series"], json!({"kind": "best_of", "target": 99}));
    assert_eq!(
        m["bots"],
        json!(["medium", "hard"]),
        "every seat a bot: {m}"
    );
    let (_, list) = s.get("/api/matches").await;
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .any(|x| x["match_id"] == json!(id) && x["bots"] == m["bots"]),
        "listed, marked as the bots': {list}"
    );
    // Nobody watches yet: the bots wait (an idle server spends nothing on them).
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (mut idle, before) = s.hello(&id, None, Some(0)).await;
    let missed = before["missed"].as_u64().unwrap();
    for _ in 0..missed {
        let e = idle.recv().await;
        assert_ne!(e["kind"], "moved", "no move before anybody watched: {e}");
    }
    drop(idle);
    // It plays: a spectator sees moves.
    let (mut ws, welcome) = s.hello(&id, None, None).await;
    assert_eq!(welcome["seat"], Value::Null, "{welcome}");
    let moved = ws
        .until(|e| e["type"] == "event" && e["kind"] == "moved")
        .await;
    assert!(moved["notation"].is_string(), "{moved}");
    // The address may still open its one match.
    let (st, e) = s.post("/api/matches", json!({"variant": "modern"})).await;
    assert_eq!(st, 201, "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_most_watched_live_public_match_is_shown_and_private_ones_never() {
    let s = start_with(tv_config).await;
    // A live private match with two spectators, a live public one with one, and a live
    // public one with none.
    let (private_id, _, created) = s
        .create_full(json!({"variant": "parker", "public": false}))
        .await;
    let key = created["spectator_key"].as_str().unwrap().to_owned();
    let (_p1, _) = s.hello(&private_id, Some(&key), None).await;
    let (_p2, _) = s.hello(&private_id, Some(&key), None).await;
    let (watched, _, _) = s.create_full(json!({"variant": "modern"})).await;
    let (_w, _) = s.hello(&watched, None, None).await;
    let (_unwatched, _, _) = s.create_full(json!({"variant": "jequier"})).await;

    let tv = tv_until(&s, |tv| tv["match_id"] == json!(watched)).await;
    assert_eq!(tv["source"], "most_watched", "{tv}");
    assert_eq!(tv["variant"], "modern", "{tv}");

    // The bot game is never the most watched, however many watch it.
    let (_, list) = s.get("/api/matches").await;
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|m| m["name"] != "Senet TV"),
        "no bot match was needed: {list}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_live_match_alone_leaves_the_screen_to_the_bots() {
    let s = start_with(tv_config).await;
    let (private_id, _, created) = s
        .create_full(json!({"variant": "modern", "public": false}))
        .await;
    let key = created["spectator_key"].as_str().unwrap().to_owned();
    let (_ws, _) = s.hello(&private_id, Some(&key), None).await;
    let (_, tv) = s.get("/api/tv").await;
    assert_eq!(tv["source"], "bots", "{tv}");
    assert_ne!(tv["match_id"], json!(private_id));
    // Many watch the bot game: a human public match still comes first once live.
    let bots = tv["match_id"].as_str().unwrap().to_owned();
    let (_a, _) = s.hello(&bots, None, None).await;
    let (_b, _) = s.hello(&bots, None, None).await;
    let (public_id, _, _) = s.create_full(json!({"variant": "pyramid"})).await;
    // Not while nobody watches it (its players may have left it standing still)…
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, tv) = s.get("/api/tv").await;
    assert_eq!(tv["source"], "bots", "{tv}");
    // …but as soon as somebody does.
    let (_c, _) = s.hello(&public_id, None, None).await;
    let tv = tv_until(&s, |tv| tv["source"] == "most_watched").await;
    assert_eq!(tv["match_id"], json!(public_id), "{tv}");
}
