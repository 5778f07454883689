//! Chosen dice, for tests only: a server built with the `test-dice` feature takes
//! `test_dice_seed` in `POST /api/matches`, and every game of that match throws from it
//! (`senet_live::chosen_game`), taking no client seeds; a normal build refuses the field.

#[cfg(feature = "test-dice")]
use senet_engine::{Setup, Variant};
#[cfg(feature = "test-dice")]
use senet_match::dice::ServerSeed;
#[cfg(feature = "test-dice")]
use senet_match::{Command, MatchSpec, MatchState};
#[cfg(feature = "test-dice")]
use senet_protocol::Series;

#[cfg(not(feature = "test-dice"))]
#[tokio::test]
async fn a_normal_build_refuses_a_chosen_seed() {
    let s = crate::common::start().await;
    let seed = "00".repeat(32);
    let (st, reply) = s
        .post(
            "/api/matches",
            serde_json::json!({"variant": "jequier", "test_dice_seed": seed}),
        )
        .await;
    assert_eq!(
        (st, &reply["code"]),
        (400, &serde_json::json!("malformed")),
        "{reply}"
    );
}

#[cfg(feature = "test-dice")]
#[tokio::test]
async fn a_test_build_throws_from_the_chosen_seed() {
    let s = crate::common::start().await;
    let (variant, seed) = (Variant::Jequier, ServerSeed([0x5e; 32]));
    let (id, tokens, _) = s
        .create_full(serde_json::json!({"variant": variant.id(), "test_dice_seed": seed.to_hex()}))
        .await;
    let (_ws, welcome) = s.hello(&id, Some(&tokens[0]), Some(0)).await;
    // No wait for client seeds: the first throw came with the last seat.
    let snap = &welcome["snapshot"];
    assert_eq!(snap["game_id"], senet_live::chosen_game(&seed, 1).game_id);
    assert_eq!(snap["commitment"], seed.commitment());
    assert_ne!(snap["turn"]["kind"], "seeds", "{snap}");
    // The same throws as the pure match makes from the seed.
    let spec = MatchSpec {
        variant,
        setup: Setup::players(2),
        series: Series::default(),
        seed_window: false,
        clock: None,
    };
    let expected = MatchState::new(spec)
        .decide(&Command::StartGame(senet_live::chosen_game(&seed, 1)))
        .expect("the game starts");
    assert_eq!(
        snap["notation"],
        expected
            .after
            .game()
            .map(|g| g.engine.to_notation())
            .unwrap()
    );
    // A bad seed is refused.
    let (st, reply) = s
        .post(
            "/api/matches",
            serde_json::json!({"variant": "jequier", "test_dice_seed": "xyz"}),
        )
        .await;
    assert_eq!(st, 422, "{reply}");
}
