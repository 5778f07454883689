//! `GET /metrics` counts what the node did, in the Prometheus text format. (One test in this
//! binary: the counters are the process's, so another test here would add to them.)

#[path = "suite/common/mod.rs"]
mod common;
#[path = "suite/db.rs"]
mod db;

use common::{Client, Lcg, play_random_move};
use serde_json::json;

/// The value of an unlabelled sample, or of a histogram's `_count`.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_moves_sockets_matches_and_store_commits() {
    let (_dir, url) = db::sqlite();
    let s = senet_server::spawn_durable(db::config(&url))
        .await
        .expect("server starts");
    let c = Client { addr: s.addr };

    let (st, text) = c.http("GET", "/metrics", None).await;
    assert_eq!(st, 200);
    let text = text.as_str().expect("a text body").to_owned();
    assert_eq!(sample(&text, "senet_matches_owned"), Some(0.0), "{text}");
    assert_eq!(sample(&text, "senet_moves_total"), Some(0.0), "{text}");
    assert!(
        text.contains("# TYPE senet_store_commit_seconds histogram"),
        "{text}"
    );
    for histogram in ["tournament_look_seconds", "tournament_repair_seconds"] {
        assert!(
            text.contains(&format!("# TYPE senet_{histogram} histogram")),
            "{text}"
        );
    }

    let (id, tokens, _) = c.create_full(json!({"variant": "pyramid"})).await;
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(c.hello(&id, Some(t), None).await.0);
    }
    // The seats' sockets read their own acks (and skip events on the way): the turns are
    // followed on a spectator's.
    let (mut watcher, _) = c.hello(&id, None, Some(0)).await;
    let mut rng = Lcg(7);
    let (mut played, mut last_no) = (0u32, 0u64);
    while played < 6 {
        let after = last_no;
        let view = watcher
            .until(move |m| {
                m["type"] == "event"
                    && m["turn"]["kind"] == "move"
                    && m["no"].as_u64().unwrap_or(0) > after
            })
            .await;
        play_random_move(&mut seats, &view, &mut rng).await;
        played += 1;
        last_no = view["no"].as_u64().unwrap();
    }

    let (_, text) = c.http("GET", "/metrics", None).await;
    let text = text.as_str().expect("a text body").to_owned();
    assert_eq!(sample(&text, "senet_matches_owned"), Some(1.0), "{text}");
    assert_eq!(sample(&text, "senet_sockets_open"), Some(3.0), "{text}");
    let moves = sample(&text, "senet_moves_total").expect("moves");
    assert_eq!(moves, f64::from(played), "{text}");
    let events = sample(&text, "senet_events_total").expect("events");
    assert!(
        events > moves,
        "throws and the start are events too: {text}"
    );
    let commits = sample(&text, "senet_store_commit_seconds_count").expect("commits");
    assert!(commits >= 1.0, "{text}");

    drop((seats, watcher));
    let mut open = None;
    for _ in 0..100 {
        let (_, text) = c.http("GET", "/metrics", None).await;
        open = sample(text.as_str().unwrap_or_default(), "senet_sockets_open");
        if open == Some(0.0) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(open, Some(0.0), "closed sockets leave the gauge");
}
