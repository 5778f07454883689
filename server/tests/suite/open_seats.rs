//! A public match's free seats can be taken without an invite (the lobby's one-click join);
//! a private match's cannot; every seat goes to exactly one player.

use crate::common::{start, start_with};
use serde_json::{Value, json};

async fn join_open(s: &crate::common::Client, id: &str, name: &str) -> (u16, Value) {
    s.post(&format!("/api/matches/{id}/join"), json!({ "name": name }))
        .await
}

#[tokio::test]
async fn a_free_seat_of_a_public_match_is_taken_without_an_invite() {
    let s = start().await;
    let (st, created) = s
        .post(
            "/api/matches",
            json!({"variant": "pyramid", "player_name": "Ana"}),
        )
        .await;
    assert_eq!(st, 201, "{created}");
    let id = created["match_id"].as_str().unwrap();

    let (st, joined) = join_open(&s, id, "Bo").await;
    assert_eq!(st, 200, "{joined}");
    assert_eq!(joined["seat"], 2);
    let (_ws, welcome) = s.hello(id, joined["token"].as_str(), None).await;
    assert_eq!(welcome["seat"], 2, "the token is the seat's: {welcome}");

    let (_, summary) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["names"], json!(["Ana", "Bo"]));
    assert_eq!(summary["status"], "live", "the last seat starts the game");

    let (st, e) = join_open(&s, id, "Cy").await;
    assert_eq!((st, e["code"].as_str()), (409, Some("match_full")), "{e}");
    let invite = &created["invites"][0]["invite"];
    let (st, e) = s
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": invite}),
        )
        .await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("invite_used")),
        "the invited player finds the seat taken: {e}"
    );
}

#[tokio::test]
async fn a_private_match_has_no_open_seats() {
    let s = start().await;
    let (st, created) = s
        .post(
            "/api/matches",
            json!({"variant": "parker", "public": false}),
        )
        .await;
    assert_eq!(st, 201, "{created}");
    let id = created["match_id"].as_str().unwrap();

    let (st, e) = join_open(&s, id, "Bo").await;
    assert_eq!(
        (st, e["code"].as_str()),
        (404, Some("not_found")),
        "as if the match did not exist: {e}"
    );
    let invite = &created["invites"][0]["invite"];
    let (st, joined) = s
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": invite}),
        )
        .await;
    assert_eq!((st, joined["seat"].as_u64()), (200, Some(2)), "{joined}");
}

#[tokio::test]
async fn racing_players_each_get_a_different_seat_or_match_full() {
    let s = start().await;
    let (st, created) = s
        .post("/api/matches", json!({"variant": "modern", "players": 4}))
        .await;
    assert_eq!(st, 201, "{created}");
    let id = created["match_id"].as_str().unwrap().to_owned();

    let tries: Vec<_> = (0..7)
        .map(|i| {
            let client = crate::common::Client { addr: s.addr };
            let id = id.clone();
            tokio::spawn(async move { join_open(&client, &id, &format!("p{i}")).await })
        })
        .collect();
    let mut seats = Vec::new();
    let mut full = 0;
    for t in tries {
        let (st, r) = t.await.unwrap();
        match st {
            200 => seats.push(r["seat"].as_u64().unwrap()),
            409 => {
                assert_eq!(r["code"], "match_full", "{r}");
                full += 1;
            }
            _ => panic!("unexpected answer {st}: {r}"),
        }
    }
    seats.sort_unstable();
    assert_eq!(seats, [2, 3, 4], "each free seat once");
    assert_eq!(full, 4);
    let (_, summary) = s.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["status"], "live");
}

#[tokio::test]
async fn taking_open_seats_spends_the_creation_allowance() {
    let s = start_with(|c| c.create_per_min = 2.0).await;
    let (st, created) = s
        .post("/api/matches", json!({"variant": "modern", "players": 4}))
        .await;
    assert_eq!(st, 201, "{created}");
    let id = created["match_id"].as_str().unwrap();

    let (st, joined) = join_open(&s, id, "Bo").await;
    assert_eq!(st, 200, "{joined}");
    let (st, e) = join_open(&s, id, "Cy").await;
    assert_eq!((st, e["code"].as_str()), (429, Some("rate_limited")), "{e}");
    // An invite is the creator's choice, not a grab: it is not limited.
    let invite = &created["invites"][1]["invite"];
    let (st, joined) = s
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"invite": invite}),
        )
        .await;
    assert_eq!(st, 200, "{joined}");
}
