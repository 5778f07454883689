//! Private matches are private everywhere: their summary, scoreboard and game records need
//! the spectator key or a seat token (`Authorization: Bearer …` or `?key=…`), else 404
//! `not_found` as for a match that does not exist; no history or leaderboard lists them.
//! Checked live (answered by the match's actor) and from the store (after eviction), on
//! SQLite and Postgres, and with the in-memory store; public matches are unaffected.

use std::time::Duration;

use crate::common::Client;
use crate::db::get_bearer;
use serde_json::{Value, json};

/// Creates a match between Ann (seat 1) and Bo (seat 2), both registered, and finishes it
/// (Bo resigns); returns (match id, creation reply, Bo's seat token, Bo's socket: the match
/// stays in memory while it is open).
async fn finished(
    c: &Client,
    public: bool,
    ann: &Value,
    bo: &Value,
) -> (String, Value, String, crate::common::Ws) {
    let (st, m) = c
        .post(
            "/api/matches",
            json!({"variant": "parker", "public": public, "player_key": ann["player_key"]}),
        )
        .await;
    assert_eq!(st, 201, "{m}");
    let id = m["match_id"].as_str().unwrap().to_owned();
    let (st, j) = c
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": m["invites"][0]["invite"], "name": "Bo", "player_key": bo["player_key"]}),
        )
        .await;
    assert_eq!(st, 200, "{j}");
    let token = j["token"].as_str().unwrap().to_owned();
    let (mut ws, _) = c.hello(&id, Some(&token), None).await;
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    ws.until(|m| m["kind"] == "match_over").await;
    (id, m, token, ws)
}

const READS: [&str; 3] = ["", "/scoreboard", "/games/1"];

/// Every read of match `id` answers 404 `not_found` without a secret or with a wrong one.
async fn refused(c: &Client, id: &str, wrong: &[&str]) {
    for r in READS {
        let path = format!("/api/matches/{id}{r}");
        let (st, body) = c.get(&path).await;
        assert_eq!(
            (st, body["code"].as_str()),
            (404, Some("not_found")),
            "{path}: {body}"
        );
        for w in wrong {
            let (st, body) = get_bearer(c.addr, &path, Some(w)).await;
            assert_eq!(st, 404, "{path} with {w}: {body}");
            let (st, body) = c.get(&format!("{path}?key={w}")).await;
            assert_eq!(st, 404, "{path}?key={w}: {body}");
        }
    }
}

/// Every read of match `id` answers 200 with each of `secrets`, as a bearer or as `?key=`.
async fn allowed(c: &Client, id: &str, secrets: &[&str]) {
    for r in READS {
        let path = format!("/api/matches/{id}{r}");
        for s in secrets {
            let (st, body) = get_bearer(c.addr, &path, Some(s)).await;
            assert_eq!(st, 200, "{path} with a bearer: {body}");
            assert_eq!(body["match_id"], id, "{body}");
            let (st, body) = c.get(&format!("{path}?key={s}")).await;
            assert_eq!(st, 200, "{path}?key=: {body}");
        }
    }
}

fn lists(v: &Value, id: &str) -> bool {
    v.to_string().contains(id)
}

async fn private_everywhere(url: &str) {
    let mut cfg = crate::db::config(url);
    // Finished matches leave memory at once (once nobody is connected): reads then come
    // from the store.
    cfg.evict_after = 0;
    let s = senet_server::spawn_durable(cfg).await.unwrap();
    let c = Client { addr: s.addr };
    let (_, ann) = c.post("/api/players", json!({"name": "Ann"})).await;
    let (_, bo) = c.post("/api/players", json!({"name": "Bo"})).await;
    let (public, _, _, ws) = finished(&c, true, &ann, &bo).await;
    drop(ws);
    let (id, m, bo_token, bo_ws) = finished(&c, false, &ann, &bo).await;
    let key = m["spectator_key"].as_str().unwrap();
    let ann_token = m["token"].as_str().unwrap();
    let invite = m["invites"][0]["invite"].as_str().unwrap();
    // Another match's secrets do not open this one.
    let (other, om) = {
        let (st, om) = c
            .post(
                "/api/matches",
                json!({"variant": "parker", "public": false}),
            )
            .await;
        assert_eq!(st, 201);
        (om["match_id"].as_str().unwrap().to_owned(), om)
    };
    let wrong = [
        "0".repeat(32),
        om["spectator_key"].as_str().unwrap().to_owned(),
        om["token"].as_str().unwrap().to_owned(),
        // An invite is not a seat token (and this one is used).
        invite.to_owned(),
    ];
    let wrong: Vec<&str> = wrong.iter().map(String::as_str).collect();

    // Live: the actor answers, after the store said the secret is the match's.
    let (watcher, _) = c.hello(&id, Some(key), None).await;
    refused(&c, &id, &wrong).await;
    allowed(&c, &id, &[key, ann_token, &bo_token]).await;
    let (_, summary) = get_bearer(c.addr, &format!("/api/matches/{id}"), Some(key)).await;
    assert_eq!(summary["public"], false);
    assert_eq!(summary["spectators"], 1, "still in memory: {summary}");
    drop((watcher, bo_ws));

    // Evicted (its socket route is gone): the store answers.
    let ws_url = format!("ws://{}/ws/matches/{id}", c.addr);
    let mut gone = false;
    for _ in 0..200 {
        if tokio_tungstenite::connect_async(ws_url.as_str())
            .await
            .is_err()
        {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(gone, "the finished match is still in memory");
    refused(&c, &id, &wrong).await;
    allowed(&c, &id, &[key, ann_token, &bo_token]).await;
    let (_, summary) = get_bearer(c.addr, &format!("/api/matches/{id}"), Some(key)).await;
    assert_eq!(summary["public"], false);
    // A match still joining: only the creator's token and the key, not the unused invite.
    refused(&c, &other, &[invite, ann_token]).await;
    let other_key = om["spectator_key"].as_str().unwrap();
    let (st, _) = get_bearer(c.addr, &format!("/api/matches/{other}"), Some(other_key)).await;
    assert_eq!(st, 200);
    let (st, _) = c
        .get(&format!(
            "/api/matches/{other}?key={}",
            om["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(st, 200);

    // Lists: no history and no leaderboard names the private match; the public one is there.
    for p in [&ann, &bo] {
        let pid = p["player_id"].as_str().unwrap();
        let (st, hist) = c.get(&format!("/api/players/{pid}/history")).await;
        assert_eq!(st, 200, "{hist}");
        assert!(!lists(&hist, &id), "a private match in a history: {hist}");
        assert!(lists(&hist, &public), "{hist}");
        assert_eq!(hist["matches"].as_array().unwrap().len(), 1);
    }
    for q in ["", "?variant=parker"] {
        let (st, board) = c.get(&format!("/api/leaderboard{q}")).await;
        assert_eq!(st, 200, "{board}");
        assert!(!lists(&board, &id));
        // Private results count for nobody: Ann won the public match only.
        let ann_row = board
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player_id"] == ann["player_id"])
            .cloned()
            .unwrap();
        assert_eq!(ann_row["series_won"], 1, "{board}");
    }
    let (_, list) = c.get("/api/matches").await;
    assert!(!lists(&list, &id) && !lists(&list, &other));

    // A public match is read by anyone, with or without a secret (even a wrong one).
    for r in READS {
        let path = format!("/api/matches/{public}{r}");
        let (st, body) = c.get(&path).await;
        assert_eq!(st, 200, "{path}: {body}");
        let (st, _) = get_bearer(c.addr, &path, Some("nonsense")).await;
        assert_eq!(st, 200, "{path}");
    }
    // Unknown matches are 404 alike.
    refused(&c, "no-such-match", &[key]).await;
    s.shutdown.send(true).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_private_matches_need_a_secret() {
    let (_dir, url) = crate::db::sqlite();
    private_everywhere(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_private_matches_need_a_secret() {
    let Some(pg) = crate::db::pg_db("postgres_private_matches_need_a_secret").await else {
        return;
    };
    private_everywhere(&pg.url).await;
}

/// Without a SQL store the server keeps no digests to check a key against outside the
/// match's actor: a private match's REST reads are refused outright; public ones work.
#[tokio::test]
async fn memory_store_refuses_private_reads() {
    let s = crate::common::start().await;
    let (id, _, created) = s
        .create_full(json!({"variant": "parker", "public": false}))
        .await;
    let key = created["spectator_key"].as_str().unwrap();
    for r in ["", "/games/1"] {
        let path = format!("/api/matches/{id}{r}");
        let (st, _) = s.get(&path).await;
        assert_eq!(st, 404, "{path}");
        let (st, _) = get_bearer(s.addr, &path, Some(key)).await;
        assert_eq!(st, 404, "{path}");
    }
    let (public, _, _) = s.create_full(json!({"variant": "parker"})).await;
    let (st, _) = s.get(&format!("/api/matches/{public}")).await;
    assert_eq!(st, 200);
    let (st, _) = s.get(&format!("/api/matches/{public}/games/1")).await;
    assert_eq!(st, 200);
}
