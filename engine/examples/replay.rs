//! Replays an exported game record through the engine and checks it:
//! `cargo run -p senet-engine --example replay -- FILE...`
//!
//! FILE is the JSON served at `GET /api/matches/{id}/games/{n}`. Every throw is applied with
//! the faces recorded, every move is played from its notation (so each must be legal), and
//! the record's `game_over` (winner, reason, points) must be what the engine concludes.
//! The dice themselves (seed, commitment) are checked by `senet-server verify FILE`.

use std::process::ExitCode;

use senet_engine::{Game, Player, Setup, Status, Throw, ThrowSpec, Variant};
use serde_json::Value;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: replay FILE...   (a game record from /api/matches/{{id}}/games/{{n}})");
        return ExitCode::from(2);
    }
    let mut failed = false;
    for file in files {
        match std::fs::read_to_string(&file)
            .map_err(|e| e.to_string())
            .and_then(|s| serde_json::from_str::<Value>(&s).map_err(|e| e.to_string()))
            .and_then(|record| replay(&record))
        {
            Ok(summary) => println!("ok   {file}: {summary}"),
            Err(e) => {
                failed = true;
                println!("FAIL {file}: {e}");
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn field<T: serde::de::DeserializeOwned>(v: &Value, key: &str) -> Result<T, String> {
    serde_json::from_value(v[key].clone()).map_err(|e| format!("{key}: {e}"))
}

/// Replays one record; returns a one-line summary. Public so that the server's tests can
/// run it on records they export (`server/tests/replay_example.rs`).
pub fn replay(record: &Value) -> Result<String, String> {
    let variant: Variant = field(record, "variant")?;
    let setup: Setup = field(record, "setup")?;
    let seats: Vec<u8> = field(record, "seats")?;
    let events = record["events"].as_array().ok_or("events: missing")?;
    let mut game = Game::new(variant, setup).map_err(|e| e.to_string())?;
    let player_of = |seat: u8| -> Result<Player, String> {
        let i = seats
            .iter()
            .position(|&s| s == seat)
            .ok_or(format!("seat {seat} does not play"))?;
        Player::from_index(i).ok_or(format!("no player {}", i + 1))
    };
    let (mut throws, mut moves) = (0usize, 0usize);
    let mut ended = None;
    for e in events {
        let no = e["no"].as_u64().unwrap_or(0);
        let at = |m: String| format!("event {no}: {m}");
        match e["kind"].as_str().unwrap_or("") {
            "thrown" => {
                let spec: ThrowSpec = field(e, "spec").map_err(at)?;
                let faces: Vec<u8> = field(e, "faces").map_err(at)?;
                let throw = Throw::new(spec, &faces).map_err(|x| at(x.to_string()))?;
                match game.status() {
                    Status::Throw { spec: asked, .. } if asked == spec => {}
                    s => {
                        return Err(at(format!(
                            "a throw of {spec:?} where the game is at {s:?}"
                        )));
                    }
                }
                game.throw(throw).map_err(|x| at(x.to_string()))?;
                throws += 1;
            }
            "moved" => {
                let seat: u8 = field(e, "seat").map_err(at)?;
                let mv: String = field(e, "move").map_err(at)?;
                game.play_notation(player_of(seat).map_err(at)?, &mv)
                    .map_err(|x| at(format!("{mv}: {x}")))?;
                moves += 1;
            }
            "resigned" => {
                let seat: u8 = field(e, "seat").map_err(at)?;
                game.resign(player_of(seat).map_err(at)?)
                    .map_err(|x| at(x.to_string()))?;
            }
            "claimed" => {
                let against: u8 = field(e, "against").map_err(at)?;
                game.resign(player_of(against).map_err(at)?)
                    .map_err(|x| at(x.to_string()))?;
            }
            "game_over" => ended = Some(e.clone()),
            _ => {}
        }
    }
    let Some(over) = ended else {
        return Ok(format!(
            "{variant}: {throws} throws, {moves} moves replayed; game not over (position {})",
            game.to_notation()
        ));
    };
    let Status::Over(outcome) = game.status() else {
        return Err("the record says game over; the engine says the game goes on".into());
    };
    let winner = outcome
        .winner
        .map(|p| seats.get(p.index()).copied().ok_or("winner has no seat"))
        .transpose()?;
    let claimed: Option<u8> = field(&over, "winner")?;
    let points: u32 = field(&over, "points")?;
    let reason: Value = over["reason"].clone();
    let engine_reason = serde_json::to_value(outcome.reason).map_err(|e| e.to_string())?;
    if claimed != winner || points != outcome.points || reason != engine_reason {
        return Err(format!(
            "the record says winner {claimed:?}, {points} points ({reason}); the engine says \
             winner {winner:?}, {} points ({engine_reason})",
            outcome.points
        ));
    }
    Ok(format!(
        "{variant}: {throws} throws, {moves} moves replayed; seat {} wins {points} points ({reason})",
        winner.map_or("none".to_owned(), |w| w.to_string())
    ))
}
