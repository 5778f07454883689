//! The web client: static pages, scripts and styles from `web/`, embedded in the binary.
//!
//! The client holds no game logic: it draws the server's positions (`notation` in every
//! event and snapshot) and sends moves chosen from the server's `legal` lists. Every page and
//! file is served with a strict Content-Security-Policy (no inline script but those of the
//! pages, each allowed by its hash: the match page's, which opens the socket early) and no
//! framing.
//!
//! # Where things are
//!
//! One concern per file: `embedded.rs` (the files of `web/` and `docs/rules/`, found by
//! name, never listed by hand), `pages.rs` (the pages and how one is filled in),
//! `hashed_imports.rs` (content-hashed names and import rewriting), `l10n.rs` (the
//! languages, which one a request gets, and a page put into it), `conditional.rs`
//! (`ETag`s and `304`), `precompressed.rs` (compressing a body once per coding),
//! `compression.rs` (the per-request compression layer), `csp.rs` (the policy and the
//! document headers), `favicon.rs`, `served.rs` (a body served from memory) and `site.rs`
//! (all of it built once). This file holds the routes.
//!
//! # Caching
//!
//! What is served is built once, at the first request, from the embedded files:
//!
//! - Every file under `/static/<name>` (each script and style sheet at the top of `web/`)
//!   also has a content-hashed name, `/static/<stem>.<version>.<ext>`, served with
//!   `Cache-Control: public, max-age=31536000, immutable`. The version (16 hex digits of
//!   SHA-256) covers the file and every module it imports, statically or dynamically, directly
//!   or not, and in the hashed copy of a script each `from './<name>'` and `import('./<name>')`
//!   names the imported module's hashed copy: a change anywhere below a script gives it a new
//!   name, and a page never revalidates a script that did not change. The hashed copy of a
//!   script also leaves out its comment lines and each line's indentation: a board page's
//!   first load is a fifth smaller for it.
//! - The pages name the hashed files (their `"/static/<name>"` attributes are rewritten), and
//!   preload every module their scripts import statically; not those imported dynamically,
//!   which the page loads when it needs them.
//! - Pages, the plain `/static/<name>` URLs (still served, with the files as they are in
//!   `web/`), the rules texts and the favicons are sent with `Cache-Control: no-cache` and a
//!   strong `ETag` (128 bits of the body's SHA-256); `If-None-Match` with it gets
//!   `304 Not Modified` without a body.
//!
//! # Compression
//!
//! Answers are compressed with gzip or brotli as the request's `Accept-Encoding` allows
//! (brotli first). What is served from memory (pages, files, rules texts, the SVG favicon) is
//! compressed once per coding, the first time a request asks for it, at the best and slowest
//! settings (brotli quality 11, gzip level 9), on a blocking thread: a file is compressed once
//! and sent many times, so the slow setting costs once and saves bytes on every first visit.
//! [`compressed`] wraps the whole service in tower-http's compression for the rest, made per
//! request (JSON answers to `GET`, the 404 pages), at a quick setting. Never an answer to a
//! write (it may carry a fresh secret: a seat token, a player key), never a WebSocket upgrade
//! (101), never an image other than SVG or a body under 32 bytes. A compressed answer's `ETag`
//! gets the coding as a suffix (`"<tag>-gzip"`, `"<tag>-br"`), so each representation has its
//! own strong validator; any of them revalidates.
//!
//! # Headers
//!
//! Pages and every other answer a browser could open as a document carry the
//! Content-Security-Policy, `X-Frame-Options` and `Referrer-Policy`. The policy allows
//! scripts from the site and the inline scripts of the pages as they are served, by their
//! SHA-256 (computed when the site is built): nothing else inline runs. Scripts and style
//! sheets are never documents (the policy of the page that loads them governs them), so they
//! carry `X-Content-Type-Options: nosniff` only, which keeps them from being read as anything
//! else.
//!
//! # Missing pages
//!
//! The pages of a match (`/m/{id}`, its `join`, `watch`, `scoreboard` and game replay pages)
//! answer `404` with a small "No such match" page when the match is neither live nor in the
//! store (or the path cannot name one); `/rules/{variant}` and `/howto/{variant}` answer
//! `404` "No such variant" for a variant the engine does not have. A private match's pages
//! are served like a public one's (the page presents its key or seat token to the server
//! itself), and when the store cannot answer, the page is served. Every variant of
//! [`Variant::ALL`] has its how-to page (`web/howto/<id>.html`, its words in
//! `web/l10n/<lang>/howto-<id>.ftl`), its rules for players in each language
//! (`web/rules/<lang>/<id>.md`, served at `/static/rules/<lang>/<id>.md`) and the
//! developers' rules text (`docs/rules/<id>.md`, at `/static/rules/<id>.md`): the files are
//! found by the variant's id, and a test fails for a variant without them.

mod compression;
mod conditional;
mod csp;
mod embedded;
mod favicon;
mod hashed_imports;
mod l10n;
mod lang;
#[cfg(test)]
mod notes_words;
mod pages;
mod precompressed;
mod served;
mod site;
mod variant_meta;

use axum::Router;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use senet_engine::Variant;

pub use compression::compressed;
pub use lang::Lang;

use csp::secure;
use pages::{HTML, Page};
use served::{IMMUTABLE, REVALIDATE, Served, serve};
use site::site;

/// What the pages need to know of matches: whether one exists (a page for a match that does
/// not answers "No such match", 404). The server's state implements it.
pub trait MatchDirectory: Clone + Send + Sync + 'static {
    /// Whether match `id` exists: live, or in the store (private or not: the page asks the
    /// API, which wants the key). When the store cannot answer, it should be taken to exist.
    fn match_exists(&self, id: &str) -> impl std::future::Future<Output = bool> + Send;
}

/// The web client's routes (merged into the service's router).
pub fn routes<S: MatchDirectory>() -> Router<S> {
    Router::new()
        .route(
            "/",
            get(|h: HeaderMap| async move { page(&h, Page::Lobby).await }),
        )
        .route("/m/{id}", get(match_page::<S>))
        .route("/m/{id}/join", get(match_page::<S>))
        .route("/m/{id}/watch", get(match_page::<S>))
        .route("/m/{id}/scoreboard", get(scoreboard_page::<S>))
        .route("/m/{id}/games/{n}/replay", get(replay_page::<S>))
        .route(
            "/analysis",
            get(|h: HeaderMap| async move { page(&h, Page::Analysis).await }),
        )
        .route(
            "/account",
            get(|h: HeaderMap| async move { page(&h, Page::Account).await }),
        )
        .route("/rules/{variant}", get(rules_page))
        .route("/howto/{variant}", get(howto_page))
        .route(
            "/players/{id}",
            get(|h: HeaderMap| async move { page(&h, Page::History).await }),
        )
        .route(
            "/t/{id}",
            get(|h: HeaderMap| async move { page(&h, Page::Tournament).await }),
        )
        .route(
            "/favicon.svg",
            get(|h: HeaderMap| async move { send(&h, &site().favicon_svg, REVALIDATE).await }),
        )
        .route(
            "/favicon.ico",
            get(|h: HeaderMap| async move { send(&h, &site().favicon_ico, REVALIDATE).await }),
        )
        .route("/static/{*path}", get(asset))
}

/// `served` as [`serve`] sends it, under the site's policy.
async fn send(headers: &HeaderMap, served: &'static Served, cache: &'static str) -> Response {
    serve(headers, served, cache, &site().csp).await
}

/// A "not found" answer for a URL the site has nothing at, with the document headers.
fn not_found() -> Response {
    secure(
        (StatusCode::NOT_FOUND, "not found").into_response(),
        &site().csp,
    )
}

/// A page in the request's language ([`Lang::of_request`]); a "no such …" page (404) has no
/// validator (conditions are for 2xx answers only).
async fn page(headers: &HeaderMap, page: Page) -> Response {
    let lang = Lang::of_request(headers);
    // Only a page whose file is missing is not built, which the tests rule out.
    let Some(served) = site().page_in(page, lang) else {
        return not_found();
    };
    let mut res = if page.status() == StatusCode::OK {
        send(headers, served, REVALIDATE).await
    } else {
        let mut res = (page.status(), served.body.clone()).into_response();
        let h = res.headers_mut();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(HTML));
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        secure(res, &site().csp)
    };
    // One URL, a page per language: a cache keeps them apart by what chooses it.
    let h = res.headers_mut();
    h.insert(
        header::VARY,
        HeaderValue::from_static("accept-encoding, accept-language, cookie"),
    );
    h.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.code()),
    );
    res
}

/// A match's path parameters, or why they could not be read (an id that is not UTF-8).
type MatchPath = Result<Path<Vec<(String, String)>>, PathRejection>;

/// Path parameter `name`, if the path could be read and has it.
fn param<'a>(path: &'a MatchPath, name: &str) -> Option<&'a str> {
    let Ok(Path(params)) = path else { return None };
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// `page`, or "No such match" (404) when the path names no match.
async fn of_match<S: MatchDirectory>(
    state: &S,
    headers: &HeaderMap,
    path: &MatchPath,
    page_: Page,
) -> Response {
    match param(path, "id") {
        Some(id) if state.match_exists(id).await => page(headers, page_).await,
        _ => page(headers, Page::NoMatch).await,
    }
}

/// A match's board: `/m/{id}`, its `join` and its `watch`.
async fn match_page<S: MatchDirectory>(
    State(state): State<S>,
    headers: HeaderMap,
    path: MatchPath,
) -> Response {
    of_match(&state, &headers, &path, Page::Match).await
}

/// A match's scoreboard.
async fn scoreboard_page<S: MatchDirectory>(
    State(state): State<S>,
    headers: HeaderMap,
    path: MatchPath,
) -> Response {
    of_match(&state, &headers, &path, Page::Scoreboard).await
}

/// The replay page of game `n` (a number from 1) of a match.
async fn replay_page<S: MatchDirectory>(
    State(state): State<S>,
    headers: HeaderMap,
    path: MatchPath,
) -> Response {
    match param(&path, "n").and_then(|n| n.parse::<u32>().ok()) {
        Some(1..) => of_match(&state, &headers, &path, Page::Replay).await,
        _ => page(&headers, Page::NoMatch).await,
    }
}

/// A variant's rules page (one page for all: it fetches `/static/rules/<lang>/<id>.md`, the
/// rules for players in the page's language, or with `?notes` the developers'
/// `/static/rules/<id>.md`), or "No such variant" (404).
async fn rules_page(headers: HeaderMap, path: Result<Path<String>, PathRejection>) -> Response {
    match path.ok().and_then(|Path(v)| v.parse::<Variant>().ok()) {
        Some(_) => page(&headers, Page::Rules).await,
        None => page(&headers, Page::NoVariant).await,
    }
}

/// "No such page" (404): for a browser that asked for a page at an address the server has
/// no route for (the server's fallback decides which requests get it).
pub async fn no_such_page(headers: HeaderMap) -> Response {
    page(&headers, Page::Unrouted).await
}

/// A variant's how-to-play page, or "No such variant" (404).
async fn howto_page(headers: HeaderMap, path: Result<Path<String>, PathRejection>) -> Response {
    match path.ok().and_then(|Path(v)| v.parse::<Variant>().ok()) {
        Some(variant) => page(&headers, Page::Howto(variant)).await,
        None => page(&headers, Page::NoVariant).await,
    }
}

/// `/static/<name>` (no-cache), `/static/<stem>.<version>.<ext>` (immutable),
/// `/static/rules/<lang>/<variant>.md` (the rules for players, no-cache) or
/// `/static/rules/<variant>.md` (the developers' rules text, no-cache).
async fn asset(headers: HeaderMap, Path(path): Path<String>) -> Response {
    let site = site();
    let rules = path
        .strip_prefix("rules/")
        .and_then(|p| p.strip_suffix(".md"))
        .and_then(|p| match p.split_once('/') {
            Some((lang, id)) => site.player_rules(lang, id),
            None => site.rules(p),
        });
    if let Some(rules) = rules {
        return send(&headers, rules, REVALIDATE).await;
    }
    for a in &site.assets {
        if a.name == path {
            return send(&headers, &a.plain, REVALIDATE).await;
        }
        if a.hashed == path {
            return send(&headers, &a.tagged, IMMUTABLE).await;
        }
    }
    not_found()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt as _;

    /// A directory where every match exists: the pages of matches are not what these test.
    #[derive(Clone, Debug)]
    struct EveryMatch;

    impl MatchDirectory for EveryMatch {
        async fn match_exists(&self, _: &str) -> bool {
            true
        }
    }

    /// The status and content type of `GET path`.
    async fn get(path: &str) -> (StatusCode, String) {
        let app = routes::<EveryMatch>().with_state(EveryMatch);
        let req = Request::get(path).body(Body::empty()).unwrap();
        let res = app.oneshot(req).await.unwrap();
        let ctype = res.headers().get(header::CONTENT_TYPE).cloned();
        let ctype = ctype.map(|v| v.to_str().unwrap().to_owned());
        (res.status(), ctype.unwrap_or_default())
    }

    /// A page is served in the language its request chooses, and says which, and that it
    /// varies by what chooses it.
    #[tokio::test]
    async fn a_page_comes_in_the_request_s_language() {
        let app = routes::<EveryMatch>().with_state(EveryMatch);
        for (headers, lang, dir) in [
            (vec![], "en", "ltr"),
            (vec![("accept-language", "ar-EG,ar;q=0.9")], "ar", "rtl"),
            (vec![("accept-language", "fr-FR,en;q=0.5")], "fr", "ltr"),
            (
                vec![("accept-language", "ar"), ("cookie", "senet_lang=fr")],
                "fr",
                "ltr",
            ),
        ] {
            for path in ["/", "/rules/chess"] {
                let mut req = Request::get(path);
                for (name, value) in &headers {
                    req = req.header(*name, *value);
                }
                let res = app
                    .clone()
                    .oneshot(req.body(Body::empty()).unwrap())
                    .await
                    .unwrap();
                let h = res.headers();
                assert_eq!(h[header::CONTENT_LANGUAGE], lang, "{path} {headers:?}");
                assert!(
                    h[header::VARY]
                        .to_str()
                        .unwrap()
                        .contains("accept-language"),
                    "{path}"
                );
                let body = axum::body::to_bytes(res.into_body(), usize::MAX)
                    .await
                    .unwrap();
                let body = String::from_utf8(body.to_vec()).unwrap();
                assert!(
                    body.contains(&format!("<html lang=\"{lang}\" dir=\"{dir}\">")),
                    "{path} {headers:?}"
                );
                assert!(body.contains("<template id=\"l10n\">"), "{path}");
            }
        }
    }

    /// `GET path` with `headers`: the status, the `<html lang>` of a page, and the body.
    async fn fetch(path: &str, headers: &[(&str, &str)]) -> (StatusCode, String) {
        let app = routes::<EveryMatch>().with_state(EveryMatch);
        let mut req = Request::get(path);
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        let res = app.oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
        let status = res.status();
        let body = axum::body::to_bytes(res.into_body(), usize::MAX)
            .await
            .unwrap();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    /// A rules page asked for in Arabic is the Arabic page, and the rules text its script
    /// asks for (`/static/rules/<lang>/<id>.md`, the page's `lang`) is the Arabic text for
    /// players; `?notes` leaves the developers' text at its own address.
    #[tokio::test]
    async fn the_rules_page_in_arabic_gets_the_arabic_rules() {
        let script = embedded::web_file("rules.js").unwrap();
        assert!(script.contains("`/static/rules/${lang}/${variant}.md`"));
        assert!(script.contains("`/static/rules/${variant}.md`"));
        for variant in Variant::ALL {
            let id = variant.id();
            let ar = [("accept-language", "ar-EG,ar;q=0.9")];
            let (status, page) = fetch(&format!("/rules/{id}"), &ar).await;
            assert_eq!(status, StatusCode::OK, "{id}");
            assert!(page.contains("<html lang=\"ar\" dir=\"rtl\">"), "{id}");
            let (status, text) = fetch(&format!("/static/rules/ar/{id}.md"), &ar).await;
            assert_eq!(status, StatusCode::OK, "{id}");
            assert_eq!(
                Some(&text[..]),
                embedded::player_rules_text(variant, Lang::Ar)
            );
            let (_, english) = fetch(&format!("/static/rules/en/{id}.md"), &ar).await;
            assert_ne!(text, english, "{id}: not the English text");
            let (_, notes) = fetch(&format!("/static/rules/{id}.md"), &ar).await;
            assert_eq!(Some(&notes[..]), embedded::rules_text(variant), "{id}");
        }
    }

    /// The account page (signing in, a new account, passkeys) is served at `/account`.
    #[tokio::test]
    async fn the_account_page_is_served() {
        assert_eq!(get("/account").await, (StatusCode::OK, HTML.to_owned()));
    }

    /// A tournament's page is served for any id (the page says "No such tournament" itself).
    #[tokio::test]
    async fn the_tournament_page_is_served() {
        assert_eq!(
            get("/t/t_anything").await,
            (StatusCode::OK, HTML.to_owned())
        );
    }

    /// Each variant's rules page, rules text and how-to page are served, whichever variants
    /// the engine has: a new one is served as soon as its two files exist.
    #[tokio::test]
    async fn every_variant_s_pages_are_served() {
        for variant in Variant::ALL {
            let id = variant.id();
            for path in [format!("/rules/{id}"), format!("/howto/{id}")] {
                assert_eq!(
                    get(&path).await,
                    (StatusCode::OK, HTML.to_owned()),
                    "{path}"
                );
            }
            let texts = Lang::ALL.map(|l| format!("/static/rules/{}/{id}.md", l.code()));
            for text in texts.iter().chain([&format!("/static/rules/{id}.md")]) {
                let (status, ctype) = get(text).await;
                assert_eq!(status, StatusCode::OK, "{text}");
                assert!(ctype.starts_with("text/markdown"), "{text}: {ctype}");
            }
        }
        // What no variant (or no language) has is not served.
        for path in [
            "/howto/chess",
            "/rules/chess",
            "/static/rules/chess.md",
            "/static/rules/en/chess.md",
            "/static/rules/de/parker.md",
            "/static/rules/fr-CA/parker.md",
            "/static/rules/en/fr/parker.md",
        ] {
            assert_eq!(get(path).await.0, StatusCode::NOT_FOUND, "{path}");
        }
        // `docs/rules/` holds more than the variants' texts; only theirs are served.
        let (status, _) = get("/static/rules/scoring.md").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}
