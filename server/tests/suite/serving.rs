//! How the web client is served: gzip and brotli as the request allows, strong `ETag`s and
//! `304 Not Modified`, content-hashed files cached for a year, the favicon, the how-to pages,
//! the "no such match" and "no such variant" pages, and the WebSocket upgrade under the
//! compression layer. A real server on a
//! free port, spoken to over raw TCP.

use std::io::Read;
use std::net::SocketAddr;
use std::time::Duration;

use crate::common::{Client, Ws, start};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const BOARDS_JS: &str = include_str!("../../../web/boards.js");
const LOBBY_JS: &str = include_str!("../../../web/lobby.js");
const FAVICON_SVG: &str = include_str!("../../../web/favicon.svg");

/// A response: status, headers (names lower-cased) and the body as sent (de-chunked, not
/// decompressed).
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body decompressed as its `Content-Encoding` says.
    fn decoded(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.header("content-encoding") {
            None => out.clone_from(&self.body),
            Some("gzip") => {
                flate2::read::GzDecoder::new(&self.body[..])
                    .read_to_end(&mut out)
                    .expect("gzip");
            }
            Some("br") => {
                brotli_decompressor::Decompressor::new(&self.body[..], 4096)
                    .read_to_end(&mut out)
                    .expect("brotli");
            }
            Some(other) => panic!("unexpected coding {other}"),
        }
        out
    }

    fn text(&self) -> String {
        String::from_utf8(self.decoded()).expect("utf-8")
    }
}

/// `method path` with extra request headers (and a JSON body when given).
async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Reply {
    let mut tcp = TcpStream::connect(addr).await.expect("connect");
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n");
    for (name, value) in headers {
        req.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    tcp.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    tcp.read_to_end(&mut buf).await.expect("read");
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&buf[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_lowercase(), v.trim().to_owned()))
        .collect();
    let raw = &buf[split + 4..];
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked { dechunk(raw) } else { raw.to_vec() };
    Reply {
        status,
        headers,
        body,
    }
}

async fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Reply {
    send(addr, "GET", path, headers, None).await
}

/// A chunked body's data.
fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let end = raw
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("a chunk size");
        let size_text = String::from_utf8_lossy(&raw[..end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16)
            .expect("a hex chunk size");
        raw = &raw[end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

/// Every `"/static/…"` a page names.
fn static_refs(html: &str) -> Vec<String> {
    html.split("\"/static/")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|name| format!("/static/{name}"))
        .collect()
}

#[tokio::test]
async fn gzip_and_brotli_are_negotiated_and_decompress_to_the_embedded_file() {
    let s = start().await;
    for (accept, coding) in [
        ("gzip", Some("gzip")),
        ("br", Some("br")),
        ("br;q=0, gzip", Some("gzip")),
        ("identity", None),
    ] {
        let r = get(s.addr, "/static/boards.js", &[("Accept-Encoding", accept)]).await;
        assert_eq!(r.status, 200, "{accept}");
        assert_eq!(r.header("content-encoding"), coding, "{accept}");
        assert_eq!(r.header("vary"), Some("accept-encoding"), "{accept}");
        assert_eq!(r.text(), BOARDS_JS, "{accept}");
        if coding.is_some() {
            assert!(r.body.len() < BOARDS_JS.len() / 2, "{accept}: compressed");
        }
    }
    // No Accept-Encoding: the file as it is.
    let r = get(s.addr, "/static/boards.js", &[]).await;
    assert_eq!(r.header("content-encoding"), None);
    assert_eq!(r.body, BOARDS_JS.as_bytes());

    // Pages too.
    let r = get(s.addr, "/", &[("Accept-Encoding", "br")]).await;
    assert_eq!((r.status, r.header("content-encoding")), (200, Some("br")));
    assert!(
        r.text()
            .contains("<link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg")
    );
    assert!(r.header("content-security-policy").is_some());

    // JSON answers to reads are compressed…
    let r = get(s.addr, "/api/openapi.json", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(
        (r.status, r.header("content-encoding")),
        (200, Some("gzip"))
    );
    let doc: Value = serde_json::from_slice(&r.decoded()).expect("JSON");
    assert!(doc["paths"].is_object());
    // …answers to writes (a seat token, invites) are not.
    let r = send(
        s.addr,
        "POST",
        "/api/matches",
        &[("Accept-Encoding", "gzip, br")],
        Some(&json!({"variant": "parker", "name": "a name long enough to be worth compressing"})),
    )
    .await;
    assert_eq!(r.status, 201);
    assert_eq!(r.header("content-encoding"), None);
    let created: Value = serde_json::from_slice(&r.body).expect("JSON");
    assert!(created["token"].is_string());
}

#[tokio::test]
async fn etags_revalidate_to_304() {
    let s = start().await;
    for path in [
        "/static/common.js",
        "/static/rules/parker.md",
        "/",
        "/favicon.svg",
    ] {
        let r = get(s.addr, path, &[]).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("cache-control"), Some("no-cache"), "{path}");
        let etag = r.header("etag").expect("an ETag").to_owned();
        assert!(
            etag.starts_with('"') && etag.ends_with('"') && etag.len() == 34,
            "{path}: a strong tag: {etag}"
        );
        let again = get(s.addr, path, &[]).await;
        assert_eq!(again.header("etag"), Some(etag.as_str()), "{path}: stable");

        for sent in [
            etag.clone(),
            format!("W/{etag}"),
            format!("\"nope\", {etag}"),
            "*".into(),
        ] {
            let r = get(s.addr, path, &[("If-None-Match", &sent)]).await;
            assert_eq!(r.status, 304, "{path}: {sent}");
            assert!(r.body.is_empty(), "{path}: {sent}");
            assert_eq!(r.header("cache-control"), Some("no-cache"));
            assert!(r.header("etag").is_some());
        }
        let r = get(s.addr, path, &[("If-None-Match", "\"0123\"")]).await;
        assert_eq!(r.status, 200, "{path}: another tag");
    }

    // A compressed representation has a tag of its own, and revalidates with it.
    let plain = get(s.addr, "/static/common.js", &[]).await;
    let plain_tag = plain.header("etag").unwrap().trim_matches('"').to_owned();
    let gz = get(s.addr, "/static/common.js", &[("Accept-Encoding", "gzip")]).await;
    let gz_tag = gz.header("etag").unwrap().to_owned();
    assert_eq!(gz_tag, format!("\"{plain_tag}-gzip\""));
    let r = get(
        s.addr,
        "/static/common.js",
        &[("Accept-Encoding", "gzip"), ("If-None-Match", &gz_tag)],
    )
    .await;
    assert_eq!(r.status, 304);
    assert_eq!(r.header("etag"), Some(gz_tag.as_str()));
}

#[tokio::test]
async fn pages_name_content_hashed_files_cached_for_a_year() {
    let s = start().await;
    let (_, created) = s.post("/api/matches", json!({"variant": "parker"})).await;
    let id = created["match_id"].as_str().unwrap();
    let mut seen = 0;
    for path in [
        "/".to_owned(),
        format!("/m/{id}"),
        format!("/m/{id}/scoreboard"),
        format!("/m/{id}/games/1/replay"),
        "/rules/modern".to_owned(),
        "/howto/martian".to_owned(),
        "/players/someone".to_owned(),
    ] {
        let page = get(s.addr, &path, &[]).await;
        assert_eq!(page.status, 200, "{path}");
        let html = page.text();
        let refs = static_refs(&html);
        assert!(refs.len() >= 2, "{path}: a script and a style sheet");
        for r in refs {
            // `/static/<stem>.<16 hex digits>.<ext>`
            let parts: Vec<&str> = r.trim_start_matches("/static/").split('.').collect();
            assert!(
                parts.len() == 3
                    && parts[1].len() == 16
                    && parts[1].bytes().all(|b| b.is_ascii_hexdigit()),
                "{path} names {r}, not a hashed name"
            );
            let file = get(s.addr, &r, &[("Accept-Encoding", "gzip")]).await;
            assert_eq!(file.status, 200, "{r}");
            assert_eq!(
                file.header("cache-control"),
                Some("public, max-age=31536000, immutable"),
                "{r}"
            );
            assert!(file.header("etag").is_some(), "{r}");
            seen += 1;
        }
    }
    assert!(seen >= 12);

    // The hashed script imports hashed modules; otherwise it is the file in web/ without its
    // comment lines, blank lines and indentation.
    let html = get(s.addr, "/", &[]).await.text();
    let lobby = static_refs(&html)
        .into_iter()
        .find(|r| r.starts_with("/static/lobby."))
        .expect("the lobby's script");
    let text = get(s.addr, &lobby, &[]).await.text();
    let common = text
        .split("from './")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .expect("an import")
        .to_owned();
    assert!(common.starts_with("common.") && common.len() == "common..js".len() + 16);
    let slim = |t: &str| -> String {
        t.lines()
            .map(str::trim_start)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    // Every import names a hashed copy: named plainly again, the text is the slim script.
    let mut plain = text.clone();
    for part in text.split("from './").skip(1) {
        let hashed = part.split('\'').next().unwrap_or_default();
        let mut pieces: Vec<&str> = hashed.split('.').collect();
        assert_eq!(pieces.len(), 3, "{hashed}: <stem>.<version>.js");
        assert_eq!(pieces[1].len(), 16, "{hashed}");
        pieces.remove(1);
        plain = plain.replace(
            &format!("'./{hashed}'"),
            &format!("'./{}'", pieces.join(".")),
        );
    }
    assert_eq!(plain, slim(LOBBY_JS));
    let imported = get(s.addr, &format!("/static/{common}"), &[]).await;
    assert_eq!(imported.status, 200);
    assert_eq!(
        imported.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );

    // The plain names still serve the files as they are (revalidated each time)…
    let plain = get(s.addr, "/static/lobby.js", &[]).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("cache-control"), Some("no-cache"));
    assert_eq!(plain.text(), LOBBY_JS);
    // …and a hash this build does not have is not found.
    let stale = get(s.addr, "/static/lobby.0123456789abcdef.js", &[]).await;
    assert_eq!(stale.status, 404);
}

#[tokio::test]
async fn the_favicon_is_served() {
    let s = start().await;
    let ico = get(s.addr, "/favicon.ico", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(ico.status, 200);
    assert!(ico.header("content-type").unwrap().starts_with("image/"));
    // An ICO file: reserved 0, type 1, one image of 16×16.
    assert_eq!(&ico.decoded()[..8], &[0, 0, 1, 0, 1, 0, 16, 16]);
    let svg = get(s.addr, "/favicon.svg", &[]).await;
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert_eq!(svg.text(), FAVICON_SVG);
}

/// Files served from memory are compressed once, at brotli's best setting (smaller than the
/// quick setting the compression layer uses for answers made per request); scripts and style
/// sheets carry `nosniff` and none of a document's headers, which pages keep.
#[tokio::test]
async fn files_are_compressed_at_the_best_setting_and_scripts_carry_only_nosniff() {
    let s = start().await;
    let html = get(s.addr, "/", &[]).await.text();
    for r in static_refs(&html) {
        let file = get(
            s.addr,
            &r,
            &[("Accept-Encoding", "gzip, deflate, br, zstd")],
        )
        .await;
        assert_eq!(file.header("content-encoding"), Some("br"), "{r}");
        let text = file.text();
        let mut quick = Vec::new();
        let params = brotli::enc::BrotliEncoderParams {
            quality: 4,
            ..Default::default()
        };
        brotli::BrotliCompress(&mut text.as_bytes(), &mut quick, &params).expect("brotli");
        assert!(file.body.len() < quick.len(), "{r}: smaller than quality 4");
        let again = get(s.addr, &r, &[("Accept-Encoding", "br")]).await;
        assert_eq!(again.body, file.body, "{r}: the same bytes each time");
        assert_eq!(
            file.header("x-content-type-options"),
            Some("nosniff"),
            "{r}"
        );
        for document_only in [
            "content-security-policy",
            "x-frame-options",
            "referrer-policy",
        ] {
            assert_eq!(file.header(document_only), None, "{r}: {document_only}");
        }
    }
    for path in ["/", "/favicon.svg", "/howto/jequier"] {
        let r = get(s.addr, path, &[("Accept-Encoding", "br")]).await;
        assert!(r.header("content-security-policy").is_some(), "{path}");
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
    }
}

/// Each variant's how-to page: served like every page (validator, revalidated with `304`,
/// hashed script), its own page (title, the variant's board and examples), linking the exact
/// rules.
#[tokio::test]
async fn every_variant_has_a_how_to_page() {
    let s = start().await;
    let (_, variants) = s.get("/api/variants").await;
    let variants = variants.as_array().expect("the variants");
    assert_eq!(variants.len(), senet_engine::Variant::ALL.len());
    for v in variants {
        let (id, name) = (v["id"].as_str().unwrap(), v["name"].as_str().unwrap());
        let path = format!("/howto/{id}");
        let page = get(s.addr, &path, &[("Accept-Encoding", "br")]).await;
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(page.header("cache-control"), Some("no-cache"), "{path}");
        let html = page.text();
        assert!(
            html.contains(&format!(">How to play {name}</h1>")),
            "{path}: named as GET /api/variants names it"
        );
        assert!(html.contains(&format!("data-variant=\"{id}\"")), "{path}");
        assert!(html.contains(&format!("href=\"/rules/{id}\"")), "{path}");
        assert!(
            html.matches("<figure class=\"example\"").count() >= 2,
            "{path}"
        );
        let script = static_refs(&html)
            .into_iter()
            .find(|r| r.starts_with("/static/howto."))
            .expect("the how-to script, hashed");
        assert_eq!(get(s.addr, &script, &[]).await.status, 200, "{script}");
        let tag = page.header("etag").expect("a validator").to_owned();
        let again = get(
            s.addr,
            &path,
            &[("Accept-Encoding", "br"), ("If-None-Match", &tag)],
        )
        .await;
        assert_eq!(again.status, 304, "{path}");
    }
    // The lobby, the board page and the rules page link the how-to pages.
    for script in ["lobby.js", "match.js", "rules.js"] {
        let text = get(s.addr, &format!("/static/{script}"), &[]).await.text();
        assert!(text.contains("/howto/${"), "{script} links a how-to page");
    }
}

/// Asserts `r` is the "no such …" page.
fn assert_missing(r: &Reply, what: &str, path: &str) {
    assert_eq!(r.status, 404, "{path}");
    assert_eq!(
        r.header("content-type"),
        Some("text/html; charset=utf-8"),
        "{path}"
    );
    let csp = r.header("content-security-policy").unwrap_or_default();
    assert!(csp.contains("script-src 'self'"), "{path}");
    assert!(csp.contains("frame-ancestors 'none'"), "{path}");
    let html = r.text();
    // The heading, in the request's language (English here), marked with its message.
    assert!(html.contains(&format!(">{what}</h1>")), "{path}: {html}");
    assert!(
        html.contains("<h1 data-l10n-id=\"missing-"),
        "{path}: {html}"
    );
    assert!(
        html.contains("<a href=\"/\""),
        "{path}: a link to the lobby"
    );
    assert!(!html.contains("<script"), "{path}");
    assert!(!html.contains("{{"), "{path}: filled in");
}

#[tokio::test]
async fn an_unknown_match_gets_a_404_page() {
    let s = start().await;
    let nobody = "6f1c2a4e-0000-4000-8000-000000000000";
    let (_, created) = s.post("/api/matches", json!({"variant": "parker"})).await;
    let id = created["match_id"].as_str().unwrap();
    for path in [
        format!("/m/{nobody}"),
        format!("/m/{nobody}/join?invite=x"),
        format!("/m/{nobody}/watch"),
        format!("/m/{nobody}/scoreboard"),
        format!("/m/{nobody}/games/1/replay"),
        // Malformed: not UTF-8, not a game number.
        "/m/%FF%FE".to_owned(),
        "/m/%FF/scoreboard".to_owned(),
        format!("/m/{id}/games/first/replay"),
        format!("/m/{id}/games/0/replay"),
    ] {
        let r = get(s.addr, &path, &[("Accept-Encoding", "gzip")]).await;
        assert_missing(&r, "No such match", &path);
    }
    // Variant ids are lower case, as GET /api/variants gives them.
    for path in [
        "/rules/chess",
        "/howto/chess",
        "/howto/Martian",
        "/howto/%FF",
    ] {
        let r = get(s.addr, path, &[("Accept-Encoding", "gzip")]).await;
        assert_missing(&r, "No such variant", path);
    }
    // The match that exists has its pages.
    for suffix in [
        "",
        "/join?invite=x",
        "/watch",
        "/scoreboard",
        "/games/1/replay",
    ] {
        let r = get(s.addr, &format!("/m/{id}{suffix}"), &[]).await;
        assert_eq!(r.status, 200, "{suffix}");
    }
    // The API keeps its JSON 404s.
    let r = get(s.addr, &format!("/api/matches/{nobody}"), &[]).await;
    assert_eq!(r.status, 404);
    let e: Value = serde_json::from_slice(&r.decoded()).expect("JSON");
    assert_eq!(e["code"], "not_found");
    // An address with no route (issue 32: `/nope` answered raw JSON): a browser gets a page,
    // any other client, and anything under /api/ or /ws/, the JSON.
    let html = [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")];
    for path in ["/nope", "/m", "/players", "/a/b/c"] {
        assert_missing(&get(s.addr, path, &html).await, "No such page", path);
        let r = get(s.addr, path, &[]).await;
        let e: Value = serde_json::from_slice(&r.decoded()).expect("JSON");
        assert_eq!(
            (r.status, e["code"].as_str()),
            (404, Some("not_found")),
            "{path}"
        );
    }
    for path in ["/api/nope", "/ws/nope"] {
        let r = get(s.addr, path, &html).await;
        let e: Value = serde_json::from_slice(&r.decoded()).expect("JSON");
        assert_eq!(
            (r.status, e["code"].as_str()),
            (404, Some("not_found")),
            "{path}"
        );
    }
}

/// A match that left memory (here: nobody joined it in time) still has its pages, public or
/// private, since the store has it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stored_match_keeps_its_pages() {
    let (_dir, url) = crate::db::sqlite();
    let mut cfg = crate::db::config(&url);
    cfg.invite_ttl = 0;
    let s = senet_server::spawn_durable(cfg)
        .await
        .expect("server starts");
    let c = Client { addr: s.addr };
    let mut ids = Vec::new();
    for public in [true, false] {
        let (st, created) = c
            .post(
                "/api/matches",
                json!({"variant": "modern", "players": 3, "public": public}),
            )
            .await;
        assert_eq!(st, 201, "{created}");
        let id = created["match_id"].as_str().unwrap().to_owned();
        let key = created["spectator_key"].as_str().unwrap_or_default();
        let mut status = Value::Null;
        for _ in 0..200 {
            let summary = c.get(&format!("/api/matches/{id}?key={key}")).await.1;
            status = summary["status"].clone();
            if status == "expired" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert_eq!(status, "expired", "the match left memory");
        ids.push(id);
    }
    for id in &ids {
        for suffix in ["", "/watch", "/scoreboard", "/games/1/replay"] {
            let r = get(s.addr, &format!("/m/{id}{suffix}"), &[]).await;
            assert_eq!(r.status, 200, "{id}{suffix}");
        }
    }
    let r = get(s.addr, "/m/6f1c2a4e-0000-4000-8000-000000000000", &[]).await;
    assert_missing(&r, "No such match", "unknown, with a store");
    s.shutdown.send(true).unwrap();
}

#[tokio::test]
async fn the_websocket_upgrades_under_the_compression_layer() {
    let s = start().await;
    let (id, tokens, _) = s.create_full(json!({"variant": "parker"})).await;

    // The handshake itself, as a browser sends it (browsers offer compression here too, of
    // the response and of the frames).
    let mut tcp = TcpStream::connect(s.addr).await.expect("connect");
    let req = format!(
        "GET /ws/matches/{id} HTTP/1.1\r\nHost: test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\
         Accept-Encoding: gzip, deflate, br\r\n\r\n"
    );
    tcp.write_all(req.as_bytes()).await.expect("write");
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        tcp.read_exact(&mut byte).await.expect("a response head");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_lowercase();
    assert!(head.starts_with("http/1.1 101"), "{head}");
    assert!(head.contains("upgrade: websocket"), "{head}");
    assert!(
        head.contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="),
        "{head}"
    );
    assert!(!head.contains("content-encoding"), "{head}");
    // Frames are not compressed either: no extension is agreed.
    assert!(!head.contains("sec-websocket-extensions"), "{head}");
    drop(tcp);

    // A whole session over a socket opened with Accept-Encoding.
    let mut req = format!("ws://{}/ws/matches/{id}", s.addr)
        .into_client_request()
        .expect("a request");
    req.headers_mut()
        .insert("accept-encoding", "gzip, deflate, br".parse().unwrap());
    let (ws, res) = tokio_tungstenite::connect_async(req)
        .await
        .expect("the socket opens");
    assert_eq!(res.status(), 101);
    assert!(res.headers().get("content-encoding").is_none());
    let mut ws = Ws { ws, seq: 0 };
    ws.send(json!({"type": "hello", "token": tokens[0], "last_event": null}))
        .await;
    let welcome = ws.recv().await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    assert_eq!(welcome["seat"], 1, "{welcome}");
}
