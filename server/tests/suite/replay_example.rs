//! The engine's replay example (`cargo run -p senet-engine --example replay -- FILE`) accepts
//! the record the server exports for a finished game, and refuses one that was tampered with.

#[allow(dead_code)]
#[path = "../../../engine/examples/replay.rs"]
mod replay_cli;

use crate::common::{play_seat, start};
use serde_json::{Value, json};

#[tokio::test]
async fn an_exported_record_replays_and_a_tampered_one_does_not() {
    let s = start().await;
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let (a, _) = s.hello(&id, Some(&tokens[0]), None).await;
    let (b, _) = s.hello(&id, Some(&tokens[1]), None).await;
    tokio::join!(play_seat(a, 1, 1), play_seat(b, 2, 2));

    let (status, record) = s.get(&format!("/api/matches/{id}/games/1")).await;
    assert_eq!(status, 200, "{record}");
    let summary = replay_cli::replay(&record).expect("the exported record replays");
    assert!(summary.contains("wins"), "{summary}");

    // Change the first move to another legal-looking one: the replay must refuse the record
    // (the move is illegal there, or the game no longer ends as recorded).
    let mut tampered = record.clone();
    let events = tampered["events"].as_array_mut().unwrap();
    let first_move = events
        .iter_mut()
        .find(|e| e["kind"] == "moved")
        .expect("a move");
    let played = first_move["move"].as_str().unwrap().to_owned();
    first_move["move"] = Value::String(if played == "black" { "white" } else { "black" }.into());
    assert!(
        replay_cli::replay(&tampered).is_err(),
        "a tampered record replayed: first move {played}"
    );

    // And a record whose result was edited.
    let mut edited = record;
    let over = edited["events"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["kind"] == "game_over")
        .expect("game over");
    over["points"] = json!(over["points"].as_u64().unwrap() + 1);
    assert!(replay_cli::replay(&edited).is_err());
}
