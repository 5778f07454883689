//! The web client's routes: pages with their security headers, embedded assets, and the
//! position (`notation`) that every event carries for the client to draw.

use crate::common::{TestServer, start};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// GET `path`; returns the status, the lower-cased head and the body.
async fn fetch(s: &TestServer, path: &str) -> (u16, String, String) {
    let mut tcp = TcpStream::connect(s.addr).await.expect("connect");
    let req = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    tcp.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    tcp.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a response");
    let status = head
        .split(' ')
        .nth(1)
        .expect("status")
        .parse()
        .expect("status");
    (status, head.to_lowercase(), body.to_owned())
}

#[tokio::test]
async fn pages_are_served_with_a_strict_policy() {
    let s = start().await;
    let (_, created) = s.post("/api/matches", json!({"variant": "parker"})).await;
    let id = created["match_id"].as_str().expect("a match");
    for path in [
        "/".to_owned(),
        format!("/m/{id}"),
        format!("/m/{id}/join?invite=x"),
        format!("/m/{id}/watch"),
        format!("/m/{id}/scoreboard"),
        format!("/m/{id}/games/1/replay"),
        "/rules/parker".to_owned(),
        "/howto/parker".to_owned(),
    ] {
        let path = path.as_str();
        let (status, head, body) = fetch(&s, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(head.contains("content-type: text/html"), "{path}");
        assert!(
            head.contains("content-security-policy: default-src 'self'; script-src 'self'"),
            "{path}: {head}"
        );
        assert!(head.contains("frame-ancestors 'none'"), "{path}");
        assert!(head.contains("x-content-type-options: nosniff"), "{path}");
        assert!(
            body.contains("<script type=\"module\" src=\"/static/"),
            "{path}"
        );
        // The match page's one inline script (its early socket) is allowed by its hash; no
        // other inline script can run.
        let policy = head
            .lines()
            .find_map(|l| l.strip_prefix("content-security-policy: "))
            .expect("a policy");
        let script_src = policy
            .split(';')
            .find_map(|d| d.trim().strip_prefix("script-src "))
            .expect("script-src");
        let allowed: Vec<&str> = script_src.split_whitespace().collect();
        let inline = body.matches("<script>").count();
        if path.starts_with("/m/") && !path.contains("scoreboard") && !path.contains("games") {
            assert_eq!(inline, 1, "{path}: the early socket");
            assert!(
                allowed.len() == 2 && allowed[0] == "'self'" && allowed[1].starts_with("'sha256-"),
                "{path}: {script_src}"
            );
        } else {
            assert_eq!(inline, 0, "{path}: no inline script");
        }
    }
    let (status, head, body) = fetch(&s, "/static/boards.js").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/javascript"));
    assert!(body.contains("export class Board"));
    let (status, head, _) = fetch(&s, "/static/rules/martian.md").await;
    assert_eq!(status, 200);
    assert!(head.contains("text/markdown"));
    let (status, _, _) = fetch(&s, "/static/nope.js").await;
    assert_eq!(status, 404);
    // The API keeps its JSON 404 for unknown routes.
    let (status, _, body) = fetch(&s, "/api/nope").await;
    assert_eq!(status, 404);
    assert!(body.contains("not_found"));
}

#[tokio::test]
async fn every_event_carries_the_position_after_it() {
    let s = start().await;
    let (id, tokens, _) = s.create_full(json!({"variant": "pyramid"})).await;
    let (mut a, welcome) = s.hello(&id, Some(&tokens[0]), Some(0)).await;
    let (mut b, _) = s.hello(&id, Some(&tokens[1]), None).await;
    assert!(welcome["snapshot"]["notation"].is_string());
    for ws in [&mut a, &mut b] {
        let seq = ws.act(json!({"type": "client_seed", "seed": "x"})).await;
        assert_eq!(ws.reply(seq).await["type"], "ack");
    }
    let thrown = a
        .until(|m| m["type"] == "event" && m["kind"] == "thrown")
        .await;
    let started = thrown["notation"]
        .as_str()
        .expect("a thrown event has notation");
    assert!(started.starts_with("LlLlMmMmMm/SsSsSsSsSs/"), "{started}");
    let (_, record) = s.get(&format!("/api/matches/{id}/games/1")).await;
    for e in record["events"].as_array().unwrap() {
        assert!(
            e["notation"].is_string(),
            "recorded events keep the position: {e}"
        );
    }
}

/// A match nobody named is named after its variant's English name and " match": the pages
/// recognise such a name so (web/basics.js's `matchName`) and say it in their language, by the
/// catalogue's `match-default-name`, whose English a crate test holds to the same words.
#[tokio::test]
async fn a_match_nobody_named_is_named_after_its_variant() {
    let s = start().await;
    for variant in senet_engine::Variant::ALL {
        let (status, made) = s
            .post("/api/matches", json!({"variant": variant.id()}))
            .await;
        assert_eq!(status, 201, "{made}");
        let (_, summary) = s
            .get(&format!(
                "/api/matches/{}",
                made["match_id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(
            summary["name"],
            format!("{} match", variant.name()),
            "{summary}"
        );
    }
    let (_, named) = s
        .post(
            "/api/matches",
            json!({"variant": "kendall", "name": "Ana's table"}),
        )
        .await;
    let (_, summary) = s
        .get(&format!(
            "/api/matches/{}",
            named["match_id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(summary["name"], "Ana's table");
}
