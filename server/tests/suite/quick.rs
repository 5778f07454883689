//! Quick games: pools per variant and series pair waiting players first come, first paired;
//! every pair gets one match with both seats claimed; a player who leaves, or stops asking,
//! is never paired; one address (or player) meets itself only when both its tickets ask
//! (`allow_same_address`, which these tests' one address sends); the bot offer comes after
//! the configured wait.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::{start, start_with};
use serde_json::{Value, json};

/// Posts to the pool and polls until paired; returns the ticket and the seat's answer.
async fn quick_until_paired(c: &crate::common::Client, body: Value) -> (String, Value) {
    let (st, mut r) = c.post("/api/quick", body).await;
    assert_eq!(st, 200, "{r}");
    let ticket = r["ticket"].as_str().expect("a ticket").to_owned();
    assert_eq!(ticket.len(), 32, "128 bits in hex: {r}");
    while r["status"] == "waiting" {
        let (st, next) = c.get(&format!("/api/quick/{ticket}")).await;
        assert_eq!(st, 200, "{next}");
        r = next;
    }
    assert_eq!(r["status"], "paired", "{r}");
    (ticket, r)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hundred_players_at_once_make_fifty_full_matches() {
    let s = start().await;
    let client = Arc::new(crate::common::Client { addr: s.addr });
    // Arrange / Act: 100 players ask at once.
    let tasks: Vec<_> = (0..100)
        .map(|i| {
            let c = client.clone();
            tokio::spawn(async move {
                quick_until_paired(&c, json!({"allow_same_address": true, "variant": "modern", "name": format!("P{i}")})).await
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(
            tokio::time::timeout(Duration::from_secs(60), t)
                .await
                .unwrap()
                .unwrap(),
        );
    }
    // Assert: every ticket paired exactly once, two seats per match, 50 matches.
    let tickets: HashSet<_> = answers.iter().map(|(t, _)| t.clone()).collect();
    assert_eq!(tickets.len(), 100);
    let mut seats: HashMap<String, Vec<u64>> = HashMap::new();
    for (_, a) in &answers {
        seats
            .entry(a["match_id"].as_str().unwrap().to_owned())
            .or_default()
            .push(a["seat"].as_u64().unwrap());
    }
    assert_eq!(seats.len(), 50, "{seats:?}");
    for (id, mut s) in seats.clone() {
        s.sort_unstable();
        assert_eq!(s, vec![1, 2], "match {id}");
    }
    // Every listed match is one of them, both seats claimed, live.
    let (_, list) = s.get("/api/matches").await;
    let list = list.as_array().unwrap();
    assert_eq!(
        list.len(),
        50,
        "no match besides the pairs' (none half made)"
    );
    for m in list {
        assert!(seats.contains_key(m["match_id"].as_str().unwrap()), "{m}");
        assert_eq!(m["players"], 2);
        assert_eq!(m["public"], true);
        assert_eq!(m["rated"], false);
        assert!(
            m["names"].as_array().unwrap().iter().all(Value::is_string),
            "{m}"
        );
        assert_ne!(m["status"], "joining", "{m}");
    }
    // A paired answer can be fetched again, and its token is the seat's.
    let (ticket, first) = &answers[7];
    let (st, again) = s.get(&format!("/api/quick/{ticket}")).await;
    assert_eq!((st, &again), (200, first));
    let (_ws, welcome) = s
        .hello(
            first["match_id"].as_str().unwrap(),
            first["token"].as_str(),
            None,
        )
        .await;
    assert_eq!(welcome["seat"], first["seat"], "{welcome}");
    // Nobody waits any more: a newcomer waits alone.
    let (st, r) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "modern"}),
        )
        .await;
    assert_eq!((st, r["status"].as_str()), (200, Some("waiting")), "{r}");
}

#[tokio::test]
async fn the_first_waiting_gets_seat_one_and_pools_do_not_mix() {
    let s = start().await;
    let (st, a) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "parker", "name": "Ana"}),
        )
        .await;
    assert_eq!((st, a["status"].as_str()), (200, Some("waiting")), "{a}");
    // Another series or variant is another pool.
    let best_of_3 = json!({"allow_same_address": true, "variant": "parker", "series": {"kind": "best_of", "target": 3}});
    let (_, other) = s.post("/api/quick", best_of_3).await;
    assert_eq!(other["status"], "waiting", "{other}");
    let (_, other) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "martian"}),
        )
        .await;
    assert_eq!(other["status"], "waiting", "{other}");
    let (st, b) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "parker", "players": 2, "name": "Bo"}),
        )
        .await;
    assert_eq!(
        (st, b["status"].as_str()),
        (200, Some("paired")),
        "paired at once: {b}"
    );
    assert_eq!(b["seat"], 2);
    let (_, a) = s
        .get(&format!("/api/quick/{}", a["ticket"].as_str().unwrap()))
        .await;
    assert_eq!(
        (a["status"].as_str(), a["seat"].as_u64()),
        (Some("paired"), Some(1)),
        "{a}"
    );
    assert_eq!(a["match_id"], b["match_id"]);
    let (_, m) = s
        .get(&format!("/api/matches/{}", b["match_id"].as_str().unwrap()))
        .await;
    assert_eq!(m["names"], json!(["Ana", "Bo"]), "{m}");
    assert_eq!(m["status"], "live", "{m}");
    // Too late to leave once paired.
    let (st, e) = s
        .http(
            "DELETE",
            &format!("/api/quick/{}", a["ticket"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("already_paired")),
        "{e}"
    );
}

#[tokio::test]
async fn a_player_who_leaves_is_never_paired() {
    let s = start().await;
    let (_, a) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "jequier"}),
        )
        .await;
    let ticket = a["ticket"].as_str().unwrap();
    let (st, _) = s
        .http("DELETE", &format!("/api/quick/{ticket}"), None)
        .await;
    assert_eq!(st, 204);
    let (st, e) = s.get(&format!("/api/quick/{ticket}")).await;
    assert_eq!((st, e["code"].as_str()), (404, Some("not_found")), "{e}");
    let (st, _) = s
        .http("DELETE", &format!("/api/quick/{ticket}"), None)
        .await;
    assert_eq!(st, 404);
    let (_, b) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "jequier"}),
        )
        .await;
    assert_eq!(b["status"], "waiting", "the one who left is not there: {b}");
}

#[tokio::test]
async fn an_unpolled_ticket_is_dropped() {
    let s = start_with(|c| c.quick_forget_after = 1).await;
    let (_, a) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "pyramid"}),
        )
        .await;
    assert_eq!(a["status"], "waiting");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (_, b) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "pyramid"}),
        )
        .await;
    assert_eq!(b["status"], "waiting", "the silent player left: {b}");
    let (st, _) = s
        .get(&format!("/api/quick/{}", a["ticket"].as_str().unwrap()))
        .await;
    assert_eq!(st, 404);
}

#[tokio::test]
async fn a_lone_player_is_offered_a_bot_after_the_wait_and_the_long_poll_says_so() {
    let s = start_with(|c| c.quick_bot_after = 1).await;
    let (_, a) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "modern"}),
        )
        .await;
    assert_eq!(a["bot_offer"], false, "{a}");
    let started = Instant::now();
    let (st, r) = s
        .get(&format!("/api/quick/{}", a["ticket"].as_str().unwrap()))
        .await;
    assert_eq!(st, 200);
    assert_eq!(
        (r["status"].as_str(), r["bot_offer"].as_bool()),
        (Some("waiting"), Some(true)),
        "{r}"
    );
    assert!(r["waited_secs"].as_u64().unwrap() >= 1, "{r}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the poll woke at the offer"
    );
}

#[tokio::test]
async fn a_pair_whose_match_cannot_be_made_leaves_no_match_and_the_first_waits_on() {
    // Room for one match only, taken already.
    let s = start_with(|c| c.max_open_matches = 1).await;
    let (st, _) = s.post("/api/matches", json!({"variant": "modern"})).await;
    assert_eq!(st, 201);
    let (_, a) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "modern"}),
        )
        .await;
    assert_eq!(a["status"], "waiting");
    let (st, e) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "modern"}),
        )
        .await;
    assert_eq!(
        (st, e["code"].as_str()),
        (503, Some("too_many_matches")),
        "{e}"
    );
    let (_, list) = s.get("/api/matches").await;
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "no half-made match: {list}"
    );
    // The first player is back in line (leaving a waiting ticket answers 204).
    let (st, _) = s
        .http(
            "DELETE",
            &format!("/api/quick/{}", a["ticket"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(st, 204, "the first ticket waits again");
}

#[tokio::test]
async fn bad_quick_requests_are_refused() {
    let s = start().await;
    for (body, status, code) in [
        (json!({}), 400, "malformed"),
        (
            json!({"variant": "modern", "colour": "red"}),
            400,
            "malformed",
        ),
        (json!({"variant": "nope"}), 422, "unknown_variant"),
        (json!({"variant": "modern", "players": 3}), 422, "invalid"),
        (
            json!({"variant": "modern", "series": {"kind": "best_of", "target": 0}}),
            422,
            "invalid",
        ),
        (
            json!({"variant": "modern", "name": "a\u{202E}b"}),
            422,
            "invalid",
        ),
    ] {
        let (st, e) = s.post("/api/quick", body.clone()).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (status, Some(code)),
            "{body}: {e}"
        );
    }
    let (st, e) = s.get("/api/quick/0123").await;
    assert_eq!((st, e["code"].as_str()), (404, Some("not_found")), "{e}");
}

#[tokio::test]
async fn quick_requests_spend_the_creation_allowance() {
    let s = start_with(|c| c.create_per_min = 1.0).await;
    let mut limited = false;
    for _ in 0..20 {
        let (st, e) = s
            .post(
                "/api/quick",
                json!({"allow_same_address": true, "variant": "martian"}),
            )
            .await;
        if st == 429 {
            assert_eq!(e["code"], "rate_limited");
            limited = true;
            break;
        }
    }
    assert!(limited, "the per-minute allowance applies");
}

/// Issue 28: one address pairing two of its own quick tickets made 30 live matches. Now its
/// tickets wait for someone else, unless both ask to meet; one player from two addresses
/// likewise.
#[tokio::test]
async fn one_address_does_not_pair_with_itself_unless_both_tickets_ask() {
    let s = start().await;
    let (_, a) = s.post("/api/quick", json!({"variant": "pyramid"})).await;
    let (_, b) = s.post("/api/quick", json!({"variant": "pyramid"})).await;
    assert_eq!(
        (a["status"].as_str(), b["status"].as_str()),
        (Some("waiting"), Some("waiting")),
        "{b}"
    );
    let (_, c) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "pyramid"}),
        )
        .await;
    assert_eq!(c["status"], "waiting", "the waiting two did not ask: {c}");
    let (_, d) = s
        .post(
            "/api/quick",
            json!({"allow_same_address": true, "variant": "pyramid"}),
        )
        .await;
    assert_eq!(d["status"], "paired", "both asked: {d}");
    let ticket = |t: &Value| t["ticket"].as_str().unwrap().to_owned();
    let (_, c) = s.get(&format!("/api/quick/{}", ticket(&c))).await;
    assert_eq!(c["match_id"], d["match_id"], "{c}");
}
