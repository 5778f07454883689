//! Setting up over REST: the matches, their seats and tokens (plain HTTP/1.1 over a TCP
//! socket: no HTTP client in the load generator).

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::args::Args;

/// A plain HTTP/1.1 POST with a JSON body; returns the status and JSON reply.
pub(crate) async fn post(
    addr: &str,
    path: &str,
    body: &serde_json::Value,
) -> Result<serde_json::Value, String> {
    let mut s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let body = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf);
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP response")?;
    if !head.starts_with("HTTP/1.1 2") {
        return Err(format!("{}: {body}", head.lines().next().unwrap_or("")));
    }
    serde_json::from_str(body).map_err(|e| e.to_string())
}

/// A match the load generator plays.
pub(crate) struct Match {
    pub(crate) id: String,
    /// One token per seat the load generator plays (both, or seat 1 against a bot).
    pub(crate) tokens: Vec<String>,
}

/// Creates match `i` on node `i` and takes its second seat through node `i + 1`.
pub(crate) async fn create_match(args: &Args, i: usize) -> Result<Match, String> {
    let created = post(
        args.node(i),
        "/api/matches",
        &json!({"variant": args.variant, "series": {"kind": "best_of", "target": 99},
                "name": format!("load {i}")}),
    )
    .await?;
    let id = created["match_id"]
        .as_str()
        .ok_or("no match id")?
        .to_owned();
    let joined = post(
        args.node(i + 1),
        &format!("/api/matches/{id}/join"),
        &json!({"invite": created["invites"][0]["invite"], "name": "bot"}),
    )
    .await?;
    Ok(Match {
        tokens: vec![
            created["token"].as_str().ok_or("no token")?.to_owned(),
            joined["token"].as_str().ok_or("no token")?.to_owned(),
        ],
        id,
    })
}

/// Creates match `i` against the server's bot (`--bot-level`).
pub(crate) async fn create_bot_match(args: &Args, i: usize) -> Result<Match, String> {
    let created = post(
        args.node(i),
        "/api/matches",
        &json!({"variant": args.variant, "series": {"kind": "best_of", "target": 99},
                "name": format!("load bot {i}"), "bots": [args.bot_level]}),
    )
    .await?;
    Ok(Match {
        id: created["match_id"]
            .as_str()
            .ok_or("no match id")?
            .to_owned(),
        tokens: vec![created["token"].as_str().ok_or("no token")?.to_owned()],
    })
}
