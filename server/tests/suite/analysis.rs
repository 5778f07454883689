//! The analysis board's route, `POST /api/analysis`: a line explored from the start by
//! throws and moves, each answer the engine's position and every legal move with its
//! chance, best first; a wrong position, throw or move answered with its code; the
//! per-address allowance.

use crate::common::start_with;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_is_explored_and_wrong_steps_are_refused() {
    let s = start_with(|c| c.seed_wait_ms = 0).await;
    let (st, start) = s.post("/api/analysis", json!({"variant": "parker"})).await;
    assert_eq!(st, 200, "{start}");
    assert_eq!(start["turn"], "throw", "{start}");
    assert_eq!(start["player"], 1);
    let throws = start["throws"].as_array().unwrap();
    assert!(!throws.is_empty());
    let sum: f64 = start["chances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_f64().unwrap())
        .sum();
    assert!((sum - 100.0).abs() < 0.5, "{start}");
    // Explore: every throw offered in turn, then the best move, until a move comes.
    let mut at = start.clone();
    let mut moves_played = 0;
    for k in 0..40 {
        let body = match at["turn"].as_str() {
            Some("throw") => {
                let offered = at["throws"].as_array().unwrap();
                json!({"variant": "parker", "position": at["position"], "throw": offered[k % offered.len()]})
            }
            Some("move") => {
                let options = at["options"].as_array().unwrap();
                let chance = |o: &Value| o["chance"].as_f64().unwrap();
                assert!(
                    options.windows(2).all(|w| chance(&w[0]) >= chance(&w[1])),
                    "{at}"
                );
                assert_eq!(options.len(), at["moves"].as_array().unwrap().len(), "{at}");
                moves_played += 1;
                json!({"variant": "parker", "position": at["position"], "move": options[0]["move"]})
            }
            _ => break,
        };
        let (st, next) = s.post("/api/analysis", body).await;
        assert_eq!(st, 200, "{next}");
        at = next;
    }
    assert!(moves_played > 0, "the line reached a move");
    assert_ne!(at["position"], start["position"]);
    // Wrong steps, each with its code and the reason a page says in its language (none for
    // a body only a hand-written client sends); nothing is kept between requests anyway.
    for (body, code, reason) in [
        (
            json!({"variant": "parker", "position": "no such position"}),
            "bad_position",
            Some("position_unreadable"),
        ),
        (
            json!({"variant": "parker", "move": "1-2"}),
            "illegal_move",
            Some("no_move_due"),
        ),
        (
            json!({"variant": "parker", "throw": [9, 9, 9]}),
            "illegal_throw",
            Some("throw_faces"),
        ),
        (
            json!({"variant": "parker", "throw": [1], "move": "1-2"}),
            "illegal_move",
            Some("throw_and_move"),
        ),
        (json!({"variant": "nope"}), "malformed", None),
        (json!({"variant": "parker", "extra": 1}), "malformed", None),
    ] {
        let (st, e) = s.post("/api/analysis", body.clone()).await;
        assert_eq!(
            (st, e["code"].as_str(), e["reason"].as_str()),
            (400, Some(code), reason),
            "{body}: {e}"
        );
    }
    // A move the engine refuses says the engine's reason (a page says stuck.ftl's words).
    let (st, e) = s
        .post(
            "/api/analysis",
            json!({"variant": "parker", "position": "wait q0 1:1,2,3,4,5 2:1,2,3,4,5 move 2 1,3", "move": "1-2"}),
        )
        .await;
    assert_eq!(
        (st, e["code"].as_str(), e["reason"].as_str()),
        (400, Some("illegal_move"), Some("occupied_by_own")),
        "{e}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_has_an_allowance_of_analyses() {
    let s = start_with(|c| c.analysis_per_min = 1.0).await;
    let (st, _) = s.post("/api/analysis", json!({"variant": "martian"})).await;
    assert_eq!(st, 200);
    let (st, e) = s.post("/api/analysis", json!({"variant": "martian"})).await;
    assert_eq!((st, e["code"].as_str()), (429, Some("rate_limited")), "{e}");
}
