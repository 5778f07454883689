//! A move that parses but breaks a rule of the variant is refused with the engine's own
//! reason, sent to the mover only, and changes nothing.

use crate::common::{IMPLEMENTED, start};
use senet_engine::{Game, IllegalMove, Status, Variant};
use serde_json::json;

/// Candidate moves in the `FROM-TO` notation the 30-square variants share.
fn candidates() -> impl Iterator<Item = String> {
    (1..=30u8).flat_map(|from| {
        (1..=30u8)
            .map(move |to| format!("{from}-{to}"))
            .chain(std::iter::once(format!("{from}-off")))
    })
}

/// A move the engine refuses here for a reason of the rules (not the syntax, not the turn),
/// with that reason's code.
fn rule_breaking_move(game: &Game) -> Option<(String, &'static str)> {
    let Status::Move { player } = game.status() else {
        return None;
    };
    candidates().find_map(|m| {
        let mut probe = game.clone();
        match probe.play_notation(player, &m) {
            Err(
                IllegalMove::Malformed
                | IllegalMove::NotYourTurn
                | IllegalMove::NotLegal
                | IllegalMove::NoSuchPiece
                | IllegalMove::NoSuchDie,
            )
            | Ok(_) => None,
            Err(e) => Some((m, e.code())),
        }
    })
}

#[tokio::test]
async fn a_move_against_the_rules_gets_the_engines_reason() {
    let s = start().await;
    let mut checked = Vec::new();
    for variant in [Variant::Jequier, Variant::Pyramid, Variant::Parker] {
        if !IMPLEMENTED.contains(&variant) {
            eprintln!("SKIPPED {variant}: not implemented in the engine");
            continue;
        }
        let (id, tokens, _) = s.create_full(json!({"variant": variant.id()})).await;
        let (mut a, _) = s.hello(&id, Some(&tokens[0]), None).await;
        let (mut b, _) = s.hello(&id, Some(&tokens[1]), None).await;
        for (ws, seed) in [(&mut a, "a"), (&mut b, "b")] {
            let seq = ws.act(json!({"type": "client_seed", "seed": seed})).await;
            assert_eq!(ws.reply(seq).await["type"], "ack");
        }
        // Play the first legal move until a position offers a rule-breaking one.
        let mut found = None;
        for _ in 0..400 {
            let turn = a
                .until(|m| {
                    (m["type"] == "event" && m["turn"]["kind"] == "move")
                        || m["kind"] == "game_over"
                })
                .await;
            if turn["kind"] == "game_over" {
                break;
            }
            let (spectator, welcome) = s.hello(&id, None, None).await;
            drop(spectator);
            let snapshot = &welcome["snapshot"];
            let notation = snapshot["notation"].as_str().expect("a position");
            let game = Game::from_notation(variant, notation).expect("the position parses");
            let seat = snapshot["turn"]["seat"].as_u64().expect("a seat to move");
            let mover = if seat == 1 { &mut a } else { &mut b };
            if let Some((mv, code)) = rule_breaking_move(&game) {
                let seq = mover
                    .act(json!({"type": "move", "game": 1, "move": mv}))
                    .await;
                let reply = mover.reply(seq).await;
                assert_eq!(reply["type"], "error", "{variant} {mv}: {reply}");
                assert_eq!(reply["code"], code, "{variant} {mv} in {notation}");
                // Nothing changed: the position and the last event are as before.
                let (_, after) = s.hello(&id, None, None).await;
                assert_eq!(after["snapshot"]["notation"], snapshot["notation"]);
                assert_eq!(after["snapshot"]["last_event"], snapshot["last_event"]);
                found = Some(code);
                break;
            }
            let mv = snapshot["legal"][0].clone();
            let seq = mover
                .act(json!({"type": "move", "game": 1, "move": mv}))
                .await;
            assert_eq!(mover.reply(seq).await["type"], "ack");
        }
        let code = found.unwrap_or_else(|| panic!("{variant}: no rule-breaking move was found"));
        checked.push((variant, code));
    }
    eprintln!("refused with the engine's reason: {checked:?}");
}
