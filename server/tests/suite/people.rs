//! Players among themselves (`docs/accounts.md`, "Challenges" and "Who is online"): a
//! challenge by name seen at once on the challenged player's page socket, accepted into a
//! match both take their seats in, declined, cancelled, refused for a block; follows with
//! their status; the count of who is online; and a page socket that takes no requests.

use std::net::SocketAddr;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::accounts::{Browser, unique};
use crate::common::{Client, start_durable};
use crate::db;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A page's own socket, with the browser's cookie.
pub(crate) async fn page_socket(addr: SocketAddr, cookie: Option<&str>) -> Socket {
    let mut req = format!("ws://{addr}/ws/people")
        .into_client_request()
        .unwrap();
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("cookie", format!("senet_session={c}").parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

/// The next text frame as JSON (panics after 10 s, or when the socket closes).
pub(crate) async fn next(ws: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a frame within 10 s")
            .expect("the socket is open")
            .expect("a frame");
        if let Message::Text(t) = m {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// Reads until a `challenge` frame in `state`.
pub(crate) async fn challenge_in(ws: &mut Socket, state: &str) -> Value {
    loop {
        let m = next(ws).await;
        if m["type"] == "challenge" && m["challenge"]["state"] == state {
            return m["challenge"].clone();
        }
    }
}

#[tokio::test]
async fn a_challenge_by_name_is_seen_at_once_and_accepted_into_a_match() {
    let (_dir, url) = db::sqlite();
    let mut cfg = db::config(&url);
    cfg.trust_forwarded_for = true;
    let s = start_durable(cfg).await;
    let (ana_name, bo_name) = (unique("Ana "), unique("Bo "));
    let mut ana = Browser::signed_up(s.addr, &ana_name).await;
    let mut bo = Browser::signed_up(s.addr, &bo_name).await;
    let mut bo_page = page_socket(s.addr, bo.cookie.as_deref()).await;
    let first = next(&mut bo_page).await;
    assert_eq!(first["type"], "online", "{first}");
    assert!(first["online"].as_u64().unwrap() >= 1);
    let open = next(&mut bo_page).await;
    assert_eq!(open, json!({"type": "challenges", "challenges": []}));
    let mut ana_page = page_socket(s.addr, ana.cookie.as_deref()).await;
    next(&mut ana_page).await;
    next(&mut ana_page).await;

    // Sent by name in any letter case; Bo's page hears it at once.
    let terms = json!({"variant": "kendall", "rated": true, "clock": {"kind": "fischer", "base_secs": 300, "increment_secs": 2}});
    let sent = ana
        .post(
            "/api/challenges",
            json!({"username": bo_name.to_uppercase(), "terms": terms}),
        )
        .await;
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = sent.body["id"].as_str().unwrap().to_owned();
    let seen = challenge_in(&mut bo_page, "open").await;
    assert_eq!(seen["id"], id.as_str());
    assert_eq!(seen["from"], ana_name.as_str());
    assert_eq!(seen["to"], bo_name.as_str());
    assert_eq!(seen["terms"]["variant"], "kendall");
    assert!(seen["expires_ms"].as_i64() > seen["created_ms"].as_i64());
    challenge_in(&mut ana_page, "open").await;
    let listed = bo.send("GET", "/api/challenges", None).await;
    assert_eq!(listed.body["challenges"][0]["id"], id.as_str());

    // Only Bo may accept; Ana cannot answer her own challenge for him.
    let wrong = ana
        .post(&format!("/api/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!((wrong.status, wrong.code()), (410, "challenge_gone"));
    let accepted = bo
        .post(&format!("/api/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(accepted.body["seat"], 2);
    let match_id = accepted.body["match_id"].as_str().unwrap().to_owned();
    let told = challenge_in(&mut ana_page, "accepted").await;
    assert_eq!(told["match_id"], match_id.as_str());
    let ana_token = told["token"]
        .as_str()
        .expect("the challenger's token")
        .to_owned();
    let bo_told = challenge_in(&mut bo_page, "accepted").await;
    assert!(bo_told.get("token").is_none(), "{bo_told}");
    let again = bo
        .post(&format!("/api/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!((again.status, again.code()), (410, "challenge_gone"));

    // Both take their seats with their tokens: a rated match between the two accounts.
    let c = Client { addr: s.addr };
    let (_ana_ws, welcome) = c.hello(&match_id, Some(&ana_token), None).await;
    assert_eq!(welcome["seat"], 1);
    let bo_token = accepted.body["token"].as_str().unwrap();
    let (_bo_ws, welcome) = c.hello(&match_id, Some(bo_token), None).await;
    assert_eq!(welcome["seat"], 2);
    let summary = c.get(&format!("/api/matches/{match_id}")).await.1;
    assert_eq!(summary["names"], json!([ana_name, bo_name]));
    assert_eq!(summary["rated"], true);
    assert_eq!(summary["variant"], "kendall");
    assert_eq!(summary["clock"]["base_secs"], 300);

    // Declined, and cancelled: the other side hears each.
    let sent = ana
        .post(
            "/api/challenges",
            json!({"username": bo_name, "terms": {"variant": "bell"}}),
        )
        .await;
    let id = sent.body["id"].as_str().unwrap().to_owned();
    challenge_in(&mut bo_page, "open").await;
    let declined = bo
        .post(&format!("/api/challenges/{id}/decline"), json!({}))
        .await;
    assert_eq!(declined.status, 200);
    assert_eq!(
        challenge_in(&mut ana_page, "declined").await["id"],
        id.as_str()
    );
    let sent = ana
        .post(
            "/api/challenges",
            json!({"username": bo_name, "terms": {"variant": "bell"}}),
        )
        .await;
    let id = sent.body["id"].as_str().unwrap().to_owned();
    let cancelled = ana
        .post(&format!("/api/challenges/{id}/cancel"), json!({}))
        .await;
    assert_eq!(cancelled.status, 200);
    assert_eq!(
        challenge_in(&mut bo_page, "cancelled").await["id"],
        id.as_str()
    );
    let late = bo
        .post(&format!("/api/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!((late.status, late.code()), (410, "challenge_gone"));

    // Terms that make no challenge, and names that are none.
    for (body, status, code) in [
        (
            json!({"username": bo_name, "terms": {"variant": "modern", "players": 3}}),
            422,
            "invalid",
        ),
        (
            json!({"username": bo_name, "terms": {"variant": "bell", "bots": ["easy"]}}),
            422,
            "invalid",
        ),
        (
            json!({"username": bo_name, "terms": {"variant": "chess"}}),
            422,
            "unknown_variant",
        ),
        (
            json!({"username": bo_name, "terms": {"variant": "bell", "colour": 1}}),
            400,
            "malformed",
        ),
        (
            json!({"username": ana_name, "terms": {"variant": "bell"}}),
            422,
            "invalid",
        ),
        (
            json!({"username": "Nobody at all", "terms": {"variant": "bell"}}),
            404,
            "not_found",
        ),
        (json!({"username": bo_name}), 400, "malformed"),
    ] {
        let a = ana.post("/api/challenges", body.clone()).await;
        assert_eq!((a.status, a.code()), (status, code), "{body}");
    }
    let mut guest = Browser::new(s.addr);
    let a = guest
        .post(
            "/api/challenges",
            json!({"username": bo_name, "terms": {"variant": "bell"}}),
        )
        .await;
    assert_eq!((a.status, a.code()), (401, "signed_out"));

    // A block, either way, refuses challenges.
    let blocked = bo
        .post("/api/me/blocks", json!({"username": ana_name}))
        .await;
    assert_eq!(blocked.status, 200);
    let a = ana
        .post(
            "/api/challenges",
            json!({"username": bo_name, "terms": {"variant": "bell"}}),
        )
        .await;
    assert_eq!((a.status, a.code()), (403, "challenge_refused"));
    let a = bo
        .post(
            "/api/challenges",
            json!({"username": ana_name, "terms": {"variant": "bell"}}),
        )
        .await;
    assert_eq!((a.status, a.code()), (403, "challenge_refused"));

    // Nor do they sit at one table: Bo may not take a seat in Ana's match, even invited.
    let made = ana.post("/api/matches", json!({"variant": "bell"})).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let table = made.body["match_id"].as_str().unwrap().to_owned();
    for body in [
        json!({}),
        json!({"invite": made.body["invites"][0]["invite"]}),
    ] {
        let a = bo.post(&format!("/api/matches/{table}/join"), body).await;
        assert_eq!((a.status, a.code()), (403, "blocked"), "{}", a.body);
    }
    let a = guest
        .post(&format!("/api/matches/{table}/join"), json!({}))
        .await;
    assert_eq!(a.status, 200, "a guest is nobody's block: {}", a.body);

    // A player's page by name, in any letter case.
    let to = bo
        .send(
            "GET",
            &format!("/@/{}", ana_name.to_lowercase().replace(' ', "%20")),
            None,
        )
        .await;
    assert_eq!(to.status, 303);
    let me = ana.me().await;
    let location = to
        .headers
        .iter()
        .find(|(n, _)| n == "location")
        .map(|(_, v)| v.clone());
    assert_eq!(
        location,
        Some(format!(
            "/players/{}",
            me.body["player_id"].as_str().unwrap()
        ))
    );
    let nobody = bo.send("GET", "/@/Nobody%20at%20all", None).await;
    assert_eq!((nobody.status, nobody.code()), (404, "not_found"));

    // The page socket takes no requests.
    bo_page
        .send(Message::Text(r#"{"type":"hello"}"#.into()))
        .await
        .unwrap();
    let e = next(&mut bo_page).await;
    assert_eq!(
        (e["type"].as_str(), e["code"].as_str()),
        (Some("error"), Some("no_requests"))
    );
}

#[tokio::test]
async fn follows_show_who_is_online_and_playing_and_the_count_of_everyone() {
    let (_dir, url) = db::sqlite();
    let mut cfg = db::config(&url);
    cfg.trust_forwarded_for = true;
    let s = start_durable(cfg).await;
    let (ana_name, bo_name) = (unique("Ana "), unique("Bo "));
    let mut ana = Browser::signed_up(s.addr, &ana_name).await;
    let mut bo = Browser::signed_up(s.addr, &bo_name).await;
    let status = |body: &Value| body["follows"][0]["status"].as_str().map(str::to_owned);
    let f = ana
        .post("/api/me/follows", json!({"username": bo_name}))
        .await;
    assert_eq!(f.status, 200, "{}", f.body);
    assert_eq!(f.body["follows"][0]["username"], bo_name.as_str());
    assert_eq!(status(&f.body).as_deref(), Some("offline"));
    let before = Client { addr: s.addr }.get("/api/online").await.1;

    let mut bo_page = page_socket(s.addr, bo.cookie.as_deref()).await;
    next(&mut bo_page).await;
    let mut guest_page = page_socket(s.addr, None).await;
    assert_eq!(next(&mut guest_page).await["type"], "online");
    let now = Client { addr: s.addr }.get("/api/online").await.1;
    assert_eq!(
        now["online"].as_u64().unwrap(),
        before["online"].as_u64().unwrap() + 2,
        "Bo and a guest's page"
    );
    // A page stays counted while it is open.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(Client { addr: s.addr }.get("/api/online").await.1, now);
    let f = ana.send("GET", "/api/me/follows", None).await;
    assert_eq!(status(&f.body).as_deref(), Some("online"));

    // Bo plays (a public match against the computer): "playing", with the match to watch.
    let made = bo
        .post("/api/matches", json!({"variant": "bell", "bots": ["easy"]}))
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let match_id = made.body["match_id"].as_str().unwrap().to_owned();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let f = ana.send("GET", "/api/me/follows", None).await;
        if status(&f.body).as_deref() == Some("playing") {
            assert_eq!(f.body["follows"][0]["match_id"], match_id.as_str());
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{}", f.body);
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    // Bo's page closes: offline again. Unfollowed: gone from the list.
    drop(bo_page);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let f = ana.send("GET", "/api/me/follows", None).await;
        if status(&f.body).as_deref() == Some("offline") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{}", f.body);
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let f = ana
        .post("/api/me/follows/remove", json!({"username": bo_name}))
        .await;
    assert_eq!(f.body["follows"], json!([]));
    let me = ana
        .post("/api/me/follows", json!({"username": ana_name}))
        .await;
    assert_eq!((me.status, me.code()), (422, "invalid"));
}

/// A deleted account's chat lines stay, under "deleted player", as its seats do.
#[tokio::test]
async fn a_deleted_accounts_chat_lines_name_a_deleted_player() {
    let (_dir, url) = db::sqlite();
    let mut cfg = db::config(&url);
    cfg.trust_forwarded_for = true;
    cfg.chat_per_sec = 0.0;
    let s = start_durable(cfg).await;
    let name = unique("Ana ");
    let mut ana = Browser::signed_up(s.addr, &name).await;
    let made = ana
        .post("/api/matches", json!({"variant": "bell", "bots": ["easy"]}))
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.body["match_id"].as_str().unwrap().to_owned();
    let c = Client { addr: s.addr };
    let (mut ws, _) = c.hello(&id, made.body["token"].as_str(), None).await;
    let seq = ws.act(json!({"type": "chat", "text": "good game"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    let path = format!("/api/matches/{id}/chat");
    let names = |body: &Value| -> Vec<String> {
        body["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let before = loop {
        let (_, body) = c.get(&path).await;
        if !names(&body).is_empty() {
            break body;
        }
        assert!(std::time::Instant::now() < deadline, "{body}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(names(&before), vec![name.clone()]);
    let gone = ana.post("/api/me/delete", json!({"username": name})).await;
    assert_eq!(gone.status, 204, "{}", gone.body);
    let (_, after) = c.get(&path).await;
    assert_eq!(names(&after), vec!["deleted player".to_owned()]);
    assert_eq!(after["messages"][0]["text"], "good game");
}

/// A moderator silences an account (`docs/accounts.md`, "Blocks, reports and moderators"):
/// its seat's chat is refused `silenced` (on a socket without its cookie), it cannot challenge,
/// and it plays on; lifted, it speaks again. Only a moderator may.
#[tokio::test]
async fn a_silenced_account_plays_but_neither_chats_nor_challenges() {
    let (_dir, url) = db::sqlite();
    let mut cfg = db::config(&url);
    cfg.trust_forwarded_for = true;
    cfg.chat_per_sec = 0.0;
    let s = start_durable(cfg).await;
    let (mo_name, bo_name, cy_name) = (unique("Mo "), unique("Bo "), unique("Cy "));
    let mut mo = Browser::signed_up(s.addr, &mo_name).await;
    let mut bo = Browser::signed_up(s.addr, &bo_name).await;
    let _cy = Browser::signed_up(s.addr, &cy_name).await;
    let store = senet_store::sql::SqlStore::connect(&url).await.unwrap();
    let accounts = senet_accounts::Accounts::new(store, None).unwrap();
    accounts.set_moderator(&mo_name, true).await.unwrap();
    let silence = |on: bool| json!({"username": bo_name, "silenced": on});
    let refused = bo.post("/api/admin/accounts/silence", silence(true)).await;
    assert_eq!((refused.status, refused.code()), (403, "forbidden"));

    let made = bo
        .post("/api/matches", json!({"variant": "bell", "bots": ["easy"]}))
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.body["match_id"].as_str().unwrap().to_owned();
    let c = Client { addr: s.addr };
    // Bo's seat token, on a socket without Bo's cookie: the seat is what is silenced.
    let (mut ws, _) = c.hello(&id, made.body["token"].as_str(), None).await;
    let seq = ws.act(json!({"type": "chat", "text": "before"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    let done = mo.post("/api/admin/accounts/silence", silence(true)).await;
    assert_eq!(done.status, 204, "{}", done.body);
    let (mut ws, _) = c.hello(&id, made.body["token"].as_str(), None).await;
    let seq = ws.act(json!({"type": "chat", "text": "after"})).await;
    let r = ws.reply(seq).await;
    assert_eq!(
        (r["type"].as_str(), r["code"].as_str()),
        (Some("error"), Some("silenced")),
        "{r}"
    );
    let a = bo
        .post(
            "/api/challenges",
            json!({"username": cy_name, "terms": {"variant": "bell"}}),
        )
        .await;
    assert_eq!((a.status, a.code()), (403, "silenced"));
    // Play goes on: a move is still taken.
    let seq = ws.act(json!({"type": "resign"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");

    // Lifted: Bo speaks again (on a new socket, which looks at once).
    let lifted = mo.post("/api/admin/accounts/silence", silence(false)).await;
    assert_eq!(lifted.status, 204);
    let (mut ws, _) = c.hello(&id, made.body["token"].as_str(), None).await;
    let seq = ws.act(json!({"type": "chat", "text": "again"})).await;
    assert_eq!(ws.reply(seq).await["type"], "ack");
    let unknown = mo
        .post(
            "/api/admin/accounts/silence",
            json!({"username": "Nobody at all", "silenced": true}),
        )
        .await;
    assert_eq!((unknown.status, unknown.code()), (404, "not_found"));
}
