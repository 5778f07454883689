//! The web client: static pages, scripts and styles from `web/`, embedded in the binary.
//!
//! The client holds no game logic: it draws the server's positions (`notation` in every
//! event and snapshot) and sends moves chosen from the server's `legal` lists. Every page is
//! served with a strict Content-Security-Policy (no inline scripts) and no framing.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use senet_engine::Variant;

/// The Content-Security-Policy of every page and asset.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The embedded files: path under `/static/`, content type, bytes.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/common.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/lobby.js"),
    ),
    (
        "match.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/match.js"),
    ),
    (
        "boards.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/boards.js"),
    ),
    (
        "scoreboard.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/scoreboard.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/replay.js"),
    ),
    (
        "verify.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/verify.js"),
    ),
    (
        "rules.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/rules.js"),
    ),
    (
        "history.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/history.js"),
    ),
];

const LOBBY: &str = include_str!("../../web/index.html");
const MATCH: &str = include_str!("../../web/match.html");
const SCOREBOARD: &str = include_str!("../../web/scoreboard.html");
const REPLAY: &str = include_str!("../../web/replay.html");
const RULES: &str = include_str!("../../web/rules.html");
const HISTORY: &str = include_str!("../../web/history.html");

/// The web client's routes (merged into the service's router).
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(|| async { page(LOBBY) }))
        .route("/m/{id}", get(|| async { page(MATCH) }))
        .route("/m/{id}/join", get(|| async { page(MATCH) }))
        .route("/m/{id}/watch", get(|| async { page(MATCH) }))
        .route("/m/{id}/scoreboard", get(|| async { page(SCOREBOARD) }))
        .route("/m/{id}/games/{n}/replay", get(|| async { page(REPLAY) }))
        .route("/rules/{variant}", get(|| async { page(RULES) }))
        .route("/players/{id}", get(|| async { page(HISTORY) }))
        .route("/static/{*path}", get(asset))
}

fn secure(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

fn page(html: &'static str) -> Response {
    let mut res = html.into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    secure(res)
}

/// A variant's rules page (`docs/rules/<variant>.md`): a match over every variant, so a new
/// one cannot be forgotten here.
fn rules_text(variant: Variant) -> &'static str {
    match variant {
        Variant::Jequier => include_str!("../../docs/rules/jequier.md"),
        Variant::Martian => include_str!("../../docs/rules/martian.md"),
        Variant::Modern => include_str!("../../docs/rules/modern.md"),
        Variant::Parker => include_str!("../../docs/rules/parker.md"),
        Variant::Pyramid => include_str!("../../docs/rules/pyramid.md"),
    }
}

async fn asset(Path(path): Path<String>) -> Response {
    let rules = path
        .strip_prefix("rules/")
        .and_then(|p| p.strip_suffix(".md"))
        .and_then(|id| id.parse::<Variant>().ok())
        .map(|v| ("", "text/markdown; charset=utf-8", rules_text(v)));
    let found = rules.or_else(|| ASSETS.iter().find(|(p, _, _)| *p == path).copied());
    let Some((_, ctype, body)) = found else {
        return secure((StatusCode::NOT_FOUND, "not found").into_response());
    };
    let mut res = (*body).into_response();
    res.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(ctype));
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    secure(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_a_page_loads_is_embedded() {
        for html in [LOBBY, MATCH, SCOREBOARD, REPLAY, RULES, HISTORY] {
            assert!(!html.contains("<script>"), "no inline scripts");
            for part in html.split("src=\"/static/").skip(1) {
                let name = part.split('"').next().unwrap_or_default();
                assert!(
                    ASSETS.iter().any(|(p, _, _)| *p == name),
                    "{name} is not embedded"
                );
            }
        }
        for (path, _, body) in ASSETS {
            if path.ends_with(".js") {
                for part in body.split("from './").skip(1) {
                    let name = part.split('\'').next().unwrap_or_default();
                    assert!(
                        ASSETS.iter().any(|(p, _, _)| *p == name),
                        "{path} imports {name}, which is not embedded"
                    );
                }
            }
        }
    }
}
