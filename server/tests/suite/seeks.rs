//! The lobby's seeks (issue 30): a seek posted is listed (`GET /api/seeks` and the page
//! socket's `seeks` frame) and taken with one click into a match on its terms; a rating
//! range keeps players outside it away; a three-seat `modern` seek fills and starts; a quick
//! game joins the open seek whose poster's rating is nearest before it posts one; bad
//! requests get structured errors; a seek whose poster stops polling leaves the pushed list;
//! and the lobby's live games come people first, computer
//! games last, finished ones left out. Every client here is 127.0.0.1, so the tests ask to
//! meet their own address (`allow_same_address`) wherever two of them must meet.

use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{Client, start};
use crate::people::{next, page_socket};
use crate::ratings::{every_seat_moves, player, post_as, resign};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads the page socket until a `seeks` frame that `f` accepts; returns its list.
async fn seeks_until(ws: &mut Socket, f: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    loop {
        let m = next(ws).await;
        if m["type"] == "seeks" {
            let list = m["seeks"].as_array().expect("a list").clone();
            if f(&list) {
                return list;
            }
        }
    }
}

/// Long-polls a ticket until it is paired.
async fn paired(c: &Client, ticket: &str) -> Value {
    loop {
        let (st, r) = c.get(&format!("/api/quick/{ticket}")).await;
        assert_eq!(st, 200, "{r}");
        if r["status"] == "paired" {
            return r;
        }
    }
}

fn ticket(r: &Value) -> String {
    r["ticket"].as_str().expect("a ticket").to_owned()
}

#[tokio::test]
async fn a_seek_is_listed_live_and_one_click_seats_both_at_one_match_on_its_terms() {
    let s = start().await;
    let c = Client { addr: s.addr };
    let mut page = page_socket(s.addr, None).await;
    assert_eq!(seeks_until(&mut page, |_| true).await, Vec::<Value>::new());

    // Posted: a ticket to poll, and the seek listed with its public fields only.
    let terms = json!({"variant": "kendall", "series": {"kind": "best_of", "target": 3},
        "clock": {"kind": "fischer", "base_secs": 300, "increment_secs": 3},
        "name": "Ana", "allow_same_address": true});
    let (st, posted) = c.post("/api/seeks", terms).await;
    assert_eq!(st, 200, "{posted}");
    assert_eq!(posted["status"], "waiting");
    let ana = ticket(&posted);
    let id = posted["seek"].as_str().expect("the seek's id").to_owned();
    assert_ne!(id, ana, "the public id is not the ticket");
    let (st, list) = c.get("/api/seeks").await;
    assert_eq!(st, 200);
    let seek = &list[0];
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!(seek["id"], id.as_str());
    assert_eq!(seek["name"], "Ana");
    assert_eq!(seek["rating"], 1500);
    assert_eq!(seek["variant"], "kendall");
    assert_eq!(
        (seek["players"].as_u64(), seek["seats_filled"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(seek["series"]["target"], 3);
    assert_eq!(seek["clock"]["base_secs"], 300);
    assert_eq!(seek["rated"], false);
    assert!(seek["since_ms"].as_i64().unwrap() > 0);
    assert!(
        !seek.to_string().contains(&ana),
        "no ticket in the list: {seek}"
    );
    let pushed = seeks_until(&mut page, |l| !l.is_empty()).await;
    assert_eq!(
        pushed[0], *seek,
        "the socket tells what GET /api/seeks lists"
    );

    // One click: Bo is seated at once, Ana hears of it on her poll, one match for both.
    let (st, bo) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"name": "Bo", "allow_same_address": true}),
        )
        .await;
    assert_eq!(st, 200, "{bo}");
    assert_eq!(
        (bo["status"].as_str(), bo["seat"].as_u64()),
        (Some("paired"), Some(2))
    );
    let ana_seat = paired(&c, &ana).await;
    assert_eq!(ana_seat["seat"], 1);
    assert_eq!(ana_seat["match_id"], bo["match_id"]);
    let match_id = bo["match_id"].as_str().unwrap();
    let (_, m) = c.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(m["names"], json!(["Ana", "Bo"]));
    assert_eq!(
        m["clock"],
        json!({"kind": "fischer", "base_secs": 300, "increment_secs": 3})
    );
    assert_eq!(m["series"], json!({"kind": "best_of", "target": 3}));
    assert_eq!(
        (m["rated"].as_bool(), m["public"].as_bool()),
        (Some(false), Some(true))
    );
    for t in [&ana_seat["token"], &bo["token"]] {
        let (_, welcome) = c.hello(match_id, t.as_str(), None).await;
        assert!(welcome["seat"].as_u64().is_some(), "{welcome}");
    }
    assert!(seeks_until(&mut page, <[Value]>::is_empty).await.is_empty());
    let (_, list) = c.get("/api/seeks").await;
    assert_eq!(list, json!([]), "a taken seek is no longer listed");
    let (st, again) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"allow_same_address": true}),
        )
        .await;
    assert_eq!((st, again["code"].as_str()), (410, Some("seek_gone")));

    // Posted and cancelled: the socket tells both.
    let (_, cy) = c.post("/api/seeks", json!({"variant": "bell"})).await;
    let listed = seeks_until(&mut page, |l| l.len() == 1).await;
    assert_eq!(listed[0]["variant"], "bell");
    let (st, _) = c
        .http("DELETE", &format!("/api/quick/{}", ticket(&cy)), None)
        .await;
    assert_eq!(st, 204);
    assert!(seeks_until(&mut page, <[Value]>::is_empty).await.is_empty());
}

#[tokio::test]
async fn a_rating_range_keeps_out_players_outside_it_both_ways() {
    let s = start().await;
    let c = Client { addr: s.addr };
    // Everyone here is a newcomer (1500).
    let (_, picky) = c
        .post(
            "/api/seeks",
            json!({"variant": "jequier", "range": {"min": 1600, "max": 1800}, "allow_same_address": true}),
        )
        .await;
    let id = picky["seek"].as_str().unwrap();
    let (_, list) = c.get("/api/seeks").await;
    assert_eq!(list[0]["range"], json!({"min": 1600, "max": 1800}));
    let (st, r) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"allow_same_address": true}),
        )
        .await;
    assert_eq!((st, r["code"].as_str()), (409, Some("out_of_range")), "{r}");

    let (_, open) = c
        .post(
            "/api/seeks",
            json!({"variant": "jequier", "allow_same_address": true}),
        )
        .await;
    let id = open["seek"].as_str().unwrap();
    let (st, r) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"range": {"min": 1700, "max": 1900}, "allow_same_address": true}),
        )
        .await;
    assert_eq!(
        (st, r["code"].as_str()),
        (409, Some("out_of_range")),
        "the joiner's range: {r}"
    );
    let (st, r) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"range": {"min": 1400, "max": 1600}, "allow_same_address": true}),
        )
        .await;
    assert_eq!((st, r["status"].as_str()), (200, Some("paired")), "{r}");
}

#[tokio::test]
async fn a_three_seat_modern_seek_fills_then_starts() {
    let s = start().await;
    let c = Client { addr: s.addr };
    let same = json!({"allow_same_address": true});
    let (_, ana) = c
        .post(
            "/api/seeks",
            json!({"variant": "modern", "players": 3, "name": "Ana", "allow_same_address": true}),
        )
        .await;
    let id = ana["seek"].as_str().unwrap().to_owned();
    let (st, bo) = c.post(&format!("/api/seeks/{id}/join"), same.clone()).await;
    assert_eq!(st, 200, "{bo}");
    assert_eq!(bo["status"], "waiting", "one seat still open: {bo}");
    assert_eq!(bo["seek"], id.as_str());
    let (_, list) = c.get("/api/seeks").await;
    assert_eq!(
        (
            list[0]["players"].as_u64(),
            list[0]["seats_filled"].as_u64()
        ),
        (Some(3), Some(2))
    );
    let (st, cy) = c.post(&format!("/api/seeks/{id}/join"), same).await;
    assert_eq!(st, 200, "{cy}");
    assert_eq!(
        (cy["status"].as_str(), cy["seat"].as_u64()),
        (Some("paired"), Some(3))
    );
    let (a, b) = (
        paired(&c, &ticket(&ana)).await,
        paired(&c, &ticket(&bo)).await,
    );
    assert_eq!((a["seat"].as_u64(), b["seat"].as_u64()), (Some(1), Some(2)));
    assert!(a["match_id"] == cy["match_id"] && b["match_id"] == cy["match_id"]);
    let match_id = cy["match_id"].as_str().unwrap();
    let (_, m) = c.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(m["players"], 3);
    assert_eq!(m["variant"], "modern");
    assert!(
        m["names"].as_array().unwrap().iter().all(Value::is_string),
        "{m}"
    );
    assert_eq!(c.get("/api/seeks").await.1, json!([]));
}

#[tokio::test]
async fn a_joiner_of_a_seek_whose_poster_leaves_is_told_once() {
    let s = start().await;
    let c = Client { addr: s.addr };
    let (_, ana) = c
        .post(
            "/api/seeks",
            json!({"variant": "modern", "players": 4, "allow_same_address": true}),
        )
        .await;
    let id = ana["seek"].as_str().unwrap();
    let (_, bo) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"allow_same_address": true}),
        )
        .await;
    let (st, _) = c
        .http("DELETE", &format!("/api/quick/{}", ticket(&ana)), None)
        .await;
    assert_eq!(st, 204);
    let (st, told) = c.get(&format!("/api/quick/{}", ticket(&bo))).await;
    assert_eq!(
        (st, told["code"].as_str()),
        (410, Some("seek_gone")),
        "{told}"
    );
    let (st, _) = c.get(&format!("/api/quick/{}", ticket(&bo))).await;
    assert_eq!(st, 404, "told once");
}

#[tokio::test]
async fn bad_seeks_and_joins_get_structured_errors() {
    let s = start().await;
    let c = Client { addr: s.addr };
    for (body, status, code) in [
        (json!({"variant": "nope"}), 422, "unknown_variant"),
        (
            json!({"variant": "kendall", "range": {"min": 1800, "max": 1200}}),
            422,
            "invalid",
        ),
        (json!({"variant": "kendall", "players": 3}), 422, "invalid"),
        (json!({"variant": "modern", "players": 5}), 422, "invalid"),
        (json!({"variant": "kendall", "rated": true}), 422, "invalid"),
        (
            json!({"variant": "kendall", "series": {"kind": "best_of", "target": 0}}),
            422,
            "invalid",
        ),
        (
            json!({"variant": "kendall", "clock": {"kind": "correspondence", "days": 99}}),
            422,
            "invalid",
        ),
        (
            json!({"variant": "kendall", "colour": "white"}),
            400,
            "malformed",
        ),
        (json!({"players": 2}), 400, "malformed"),
    ] {
        let (st, r) = c.post("/api/seeks", body.clone()).await;
        assert_eq!(
            (st, r["code"].as_str()),
            (status, Some(code)),
            "{body} → {r}"
        );
        assert!(r["message"].as_str().is_some_and(|m| !m.is_empty()), "{r}");
    }
    let (st, r) = c
        .post("/api/quick", json!({"variant": "kendall", "rated": true}))
        .await;
    assert_eq!(
        (st, r["code"].as_str()),
        (422, Some("invalid")),
        "a rated quick game for a guest: {r}"
    );
    assert_eq!(c.get("/api/seeks").await.1, json!([]), "nothing posted");

    // One's own seek: the same address, which did not ask to meet itself.
    let (_, mine) = c.post("/api/seeks", json!({"variant": "kendall"})).await;
    let id = mine["seek"].as_str().unwrap();
    let (st, r) = c.post(&format!("/api/seeks/{id}/join"), json!({})).await;
    assert_eq!((st, r["code"].as_str()), (409, Some("own_seek")), "{r}");
    let (st, r) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"range": {"min": 9, "max": 1}}),
        )
        .await;
    assert_eq!((st, r["code"].as_str()), (422, Some("invalid")), "{r}");
    let (st, r) = c
        .post(&format!("/api/seeks/{id}/join"), json!({"seat": 2}))
        .await;
    assert_eq!((st, r["code"].as_str()), (400, Some("malformed")), "{r}");
    let (st, r) = c.post("/api/seeks/0123456789abcdef/join", json!({})).await;
    assert_eq!((st, r["code"].as_str()), (410, Some("seek_gone")), "{r}");
    // A bad body is refused as such whether or not the seek is open.
    for body in [
        json!({"name": "n".repeat(65)}),
        json!({"range": {"min": 9, "max": 1}}),
    ] {
        let (st, r) = c
            .post("/api/seeks/0123456789abcdef/join", body.clone())
            .await;
        assert_eq!(
            (st, r["code"].as_str()),
            (422, Some("invalid")),
            "{body} → {r}"
        );
    }
    assert_eq!(
        c.get("/api/seeks").await.1.as_array().unwrap().len(),
        1,
        "the refusals left the seek alone"
    );
}

/// Polls a player's history until it holds a rating in `pool`; returns it.
async fn rating_in(c: &Client, player_id: &str, pool: &str) -> f64 {
    for _ in 0..100 {
        let (_, h) = c.get(&format!("/api/players/{player_id}/history")).await;
        if let Some(r) = h["ratings"]
            .as_array()
            .and_then(|rs| rs.iter().find(|r| r["pool"] == pool))
        {
            return r["rating"].as_f64().unwrap();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no {pool} rating for {player_id}");
}

#[tokio::test]
async fn quick_takes_the_open_seek_with_the_nearest_rating_and_rated_seeks_are_accounts_only() {
    let (_dir, url) = crate::db::sqlite();
    let s = senet_server::spawn_durable(crate::db::config(&url))
        .await
        .unwrap();
    let c = Client { addr: s.addr };
    let (ann, bo) = (player(&c, "Ann").await, player(&c, "Bo").await);

    // A rated seek, taken by an account: a rated public match. Bo resigns after a move
    // each, so both have a kendall rating: Ann above 1500, Bo below.
    let (st, posted) = post_as(
        &c,
        &ann,
        "/api/seeks",
        json!({"variant": "kendall", "rated": true, "allow_same_address": true}),
    )
    .await;
    assert_eq!(st, 200, "{posted}");
    let id = posted["seek"].as_str().unwrap();
    let (st, r) = c
        .post(
            &format!("/api/seeks/{id}/join"),
            json!({"allow_same_address": true}),
        )
        .await;
    assert_eq!(
        (st, r["code"].as_str()),
        (422, Some("invalid")),
        "a guest: {r}"
    );
    let (st, joined) = post_as(
        &c,
        &bo,
        &format!("/api/seeks/{id}/join"),
        json!({"allow_same_address": true}),
    )
    .await;
    assert_eq!((st, joined["seat"].as_u64()), (200, Some(2)), "{joined}");
    let first = paired(&c, &ticket(&posted)).await;
    let match_id = first["match_id"].as_str().unwrap();
    let (_, m) = c.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(
        (m["rated"].as_bool(), m["public"].as_bool()),
        (Some(true), Some(true)),
        "{m}"
    );
    let mut seats = Vec::new();
    for t in [&first["token"], &joined["token"]] {
        seats.push(c.hello(match_id, t.as_str(), Some(0)).await.0);
    }
    every_seat_moves(&mut seats).await;
    resign(&mut seats, 2).await;
    let bo_id = bo["player_id"].as_str().unwrap();
    let bo_rating = rating_in(&c, bo_id, "kendall").await;
    assert!(bo_rating < 1450.0, "{bo_rating}");

    // Bo's casual seek first in line, then a newcomer's: a newcomer's quick game takes the
    // newcomer's (1500 is nearer 1500 than Bo's), and posts nothing.
    let casual = json!({"variant": "kendall", "allow_same_address": true});
    let (_, bo_seek) = post_as(&c, &bo, "/api/seeks", casual.clone()).await;
    let (_, cy_seek) = c.post("/api/seeks", casual.clone()).await;
    let (_, list) = c.get("/api/seeks").await;
    assert_eq!(list[0]["id"], bo_seek["seek"], "Bo's is first in line");
    assert_eq!(list[0]["rating"].as_f64().unwrap(), bo_rating.round());
    let (st, quick) = c.post("/api/quick", casual.clone()).await;
    assert_eq!(
        (st, quick["status"].as_str()),
        (200, Some("paired")),
        "{quick}"
    );
    let cy = paired(&c, &ticket(&cy_seek)).await;
    assert_eq!(
        cy["match_id"], quick["match_id"],
        "seated with the newcomer"
    );
    assert_eq!(
        (cy["seat"].as_u64(), quick["seat"].as_u64()),
        (Some(1), Some(2))
    );
    let (_, list) = c.get("/api/seeks").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list[0]["id"], bo_seek["seek"], "Bo still waits");

    // Another clock is another seek: the quick game posts its own, listed beside Bo's.
    let (_, clocked) = c
        .post(
            "/api/quick",
            json!({"variant": "kendall", "clock": {"kind": "correspondence", "days": 1}, "allow_same_address": true}),
        )
        .await;
    assert_eq!(clocked["status"], "waiting", "{clocked}");
    let (_, list) = c.get("/api/seeks").await;
    assert_eq!(list.as_array().unwrap().len(), 2, "{list}");
    assert_eq!(list[1]["clock"]["days"], 1);
}

#[tokio::test]
async fn the_lobby_lists_people_s_games_first_marks_computer_games_last_and_hides_finished_ones() {
    let s = start().await;
    let c = Client { addr: s.addr };
    let (bot_game, _, _) = c
        .create_full(json!({"variant": "kendall", "bots": ["easy"], "name": "zz computer"}))
        .await;
    let (people, _, _) = c
        .create_full(json!({"variant": "kendall", "name": "people"}))
        .await;
    let (done, tokens, _) = c
        .create_full(json!({"variant": "kendall", "name": "done"}))
        .await;
    let (mut ws, _) = c.hello(&done, Some(&tokens[0]), None).await;
    let seq = ws.act(json!({"type": "resign"})).await;
    ws.reply(seq).await;
    for _ in 0..100 {
        if c.get(&format!("/api/matches/{done}")).await.1["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (_, all) = c.get("/api/matches").await;
    assert!(
        all.as_array()
            .unwrap()
            .iter()
            .any(|m| m["match_id"] == done.as_str()),
        "{all}"
    );
    let (st, lobby) = c.get("/api/matches?order=lobby").await;
    assert_eq!(st, 200, "{lobby}");
    let ids: Vec<&str> = lobby
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["match_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [people.as_str(), bot_game.as_str()], "{lobby}");
    assert_eq!(
        lobby[1]["bots"],
        json!([null, "easy"]),
        "the computer's seat is marked"
    );
    let (st, r) = c.get("/api/matches?order=best").await;
    assert_eq!((st, r["code"].as_str()), (400, Some("malformed")));
}

#[tokio::test]
async fn a_seek_whose_poster_stops_polling_leaves_every_lobby_s_list() {
    let s = crate::common::start_with(|cfg| cfg.quick_forget_after = 1).await;
    let c = Client { addr: s.addr };
    let mut page = page_socket(s.addr, None).await;
    seeks_until(&mut page, <[Value]>::is_empty).await;
    let (st, _) = c.post("/api/seeks", json!({"variant": "parker"})).await;
    assert_eq!(st, 200);
    seeks_until(&mut page, |l| l.len() == 1).await;
    // Nobody asks about the ticket: the server's sweep drops it, and the sockets hear of it
    // without any request.
    let gone = tokio::time::timeout(
        Duration::from_secs(8),
        seeks_until(&mut page, <[Value]>::is_empty),
    )
    .await;
    assert!(gone.is_ok(), "the seek left the list");
    assert_eq!(c.get("/api/seeks").await.1, json!([]));
}
