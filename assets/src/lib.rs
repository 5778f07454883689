//! The web client: static pages, scripts and styles from `web/`, embedded in the binary.
//!
//! The client holds no game logic: it draws the server's positions (`notation` in every
//! event and snapshot) and sends moves chosen from the server's `legal` lists. Every page and
//! file is served with a strict Content-Security-Policy (no inline script but those of the
//! pages, each allowed by its hash: the match page's, which opens the socket early) and no
//! framing.
//!
//! # Caching
//!
//! What is served is built once, at the first request, from the embedded files:
//!
//! - Every file under `/static/<name>` also has a content-hashed name,
//!   `/static/<stem>.<version>.<ext>`, served with `Cache-Control: public, max-age=31536000,
//!   immutable`. The version (16 hex digits of SHA-256) covers the file and every module it
//!   imports, statically or dynamically, directly or not, and in the hashed copy of a script
//!   each `from './<name>'` and `import('./<name>')` names the imported module's hashed copy:
//!   a change anywhere below a script gives it a new name, and a page never revalidates a
//!   script that did not change. The hashed copy of a script also leaves out its comment
//!   lines and each line's indentation ([`slim_script`]): a board page's first load is a
//!   fifth smaller for it.
//! - The pages name the hashed files (their `"/static/<name>"` attributes are rewritten), and
//!   preload every module their scripts import statically ([`preload_modules`]); not those
//!   imported dynamically, which the page loads when it needs them.
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
//! SHA-256 (computed when the site is built, [`policy`]): nothing else inline runs. Scripts and style sheets
//! are never documents (the policy of the page that loads them governs them), so they carry
//! `X-Content-Type-Options: nosniff` only, which keeps them from being read as anything else.
//!
//! # Missing pages
//!
//! The pages of a match (`/m/{id}`, its `join`, `watch`, `scoreboard` and game replay pages)
//! answer `404` with a small "No such match" page when the match is neither live nor in the
//! store (or the path cannot name one); `/rules/{variant}` and `/howto/{variant}` answer
//! `404` "No such variant" for a variant the engine does not have. A private match's pages are served like a public
//! one's (the page presents its key or seat token to the server itself), and when the store
//! cannot answer, the page is served.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::{Extensions, HeaderMap, HeaderValue, Method, StatusCode, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use senet_engine::Variant;
use sha2::{Digest, Sha256};
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};

mod variant_meta;
use variant_meta::{variant_boards, variant_names};

/// The Content-Security-Policy of every page and asset: `{{inline}}` is filled with the
/// hashes of the pages' inline scripts ([`policy`]).
const CSP: &str = "default-src 'self'; script-src 'self'{{inline}}; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// `Cache-Control` of a URL whose content may change: revalidate (with the `ETag`) each time.
const REVALIDATE: &str = "no-cache";

/// `Cache-Control` of a content-hashed URL: what it names never changes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The content codings [`compressed`] may apply (the suffixes of a compressed `ETag`).
const CODINGS: [&str; 2] = ["gzip", "br"];

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
        "clock.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/clock.js"),
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
    (
        "howto.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/howto.js"),
    ),
    (
        "chat.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/chat.js"),
    ),
    (
        "winbar.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/winbar.js"),
    ),
    (
        "result.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/result.js"),
    ),
    (
        "tv.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/tv.js"),
    ),
];

const LOBBY: &str = include_str!("../../web/index.html");
const MATCH: &str = include_str!("../../web/match.html");
const SCOREBOARD: &str = include_str!("../../web/scoreboard.html");
const REPLAY: &str = include_str!("../../web/replay.html");
const RULES: &str = include_str!("../../web/rules.html");
const HISTORY: &str = include_str!("../../web/history.html");
/// The "no such …" page: `{{title}}` and `{{detail}}` are filled in.
const MISSING: &str = include_str!("../../web/missing.html");
const FAVICON_SVG: &str = include_str!("../../web/favicon.svg");

const HTML: &str = "text/html; charset=utf-8";

/// Every page the client has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Page {
    Lobby,
    Match,
    Scoreboard,
    Replay,
    Rules,
    History,
    /// A variant's how-to-play page: one static page per variant.
    Howto(Variant),
    /// 404: no match with this id.
    NoMatch,
    /// 404: no variant with this id.
    NoVariant,
}

impl Page {
    /// Every page, each variant's how-to page included.
    fn all() -> Vec<Page> {
        let fixed = [
            Page::Lobby,
            Page::Match,
            Page::Scoreboard,
            Page::Replay,
            Page::Rules,
            Page::History,
            Page::NoMatch,
            Page::NoVariant,
        ];
        fixed
            .into_iter()
            .chain(Variant::ALL.map(Page::Howto))
            .collect()
    }

    /// The page as it is in `web/`.
    fn source(self) -> String {
        match self {
            Page::Lobby => LOBBY.to_owned(),
            Page::Match => MATCH.to_owned(),
            Page::Scoreboard => SCOREBOARD.to_owned(),
            Page::Replay => REPLAY.to_owned(),
            Page::Rules => RULES.to_owned(),
            Page::History => HISTORY.to_owned(),
            Page::Howto(variant) => howto_source(variant).to_owned(),
            Page::NoMatch => missing(
                "No such match",
                "There is no match at this address: the link may be mistyped or cut short.",
            ),
            Page::NoVariant => missing(
                "No such variant",
                "There are no rules for this variant here.",
            ),
        }
    }

    fn status(self) -> StatusCode {
        match self {
            Page::NoMatch | Page::NoVariant => StatusCode::NOT_FOUND,
            _ => StatusCode::OK,
        }
    }
}

fn missing(title: &str, detail: &str) -> String {
    MISSING
        .replace("{{title}}", title)
        .replace("{{detail}}", detail)
}

/// A body served from memory, with its content type and strong validator.
#[derive(Debug)]
struct Served {
    content_type: &'static str,
    body: Bytes,
    /// `"<hex>"`: 128 bits of the body's SHA-256, quoted.
    etag: String,
    /// The body in gzip, made the first time an answer needs it.
    gzip: OnceLock<Bytes>,
    /// The body in brotli, made the first time an answer needs it.
    br: OnceLock<Bytes>,
}

impl Served {
    fn new(content_type: &'static str, body: impl Into<Bytes>) -> Served {
        let body = body.into();
        let digest = hex::encode(Sha256::digest(&body));
        Served {
            content_type,
            etag: format!("\"{}\"", &digest[..32]),
            body,
            gzip: OnceLock::new(),
            br: OnceLock::new(),
        }
    }

    /// Whether the body is worth compressing: text or SVG (other images are compressed
    /// already), of 32 bytes or more.
    fn compressible(&self) -> bool {
        self.body.len() >= 32
            && (self.content_type.starts_with("text/") || self.content_type == "image/svg+xml")
    }

    /// The body in `coding`, compressed the first time it is asked for. Slow (brotli's best
    /// quality): call it on a blocking thread.
    fn encoded(&self, coding: Coding) -> Bytes {
        match coding {
            Coding::Identity => self.body.clone(),
            Coding::Gzip => self.gzip.get_or_init(|| gzip_best(&self.body)).clone(),
            Coding::Br => self.br.get_or_init(|| brotli_best(&self.body)).clone(),
        }
    }
}

/// A content coding of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Coding {
    Identity,
    Gzip,
    Br,
}

impl Coding {
    /// The coding an answer takes: brotli if `Accept-Encoding` allows it, else gzip, else
    /// none. A coding is allowed when it is named with a quality above 0 (`*` is not read:
    /// browsers name what they accept).
    fn accepted(headers: &HeaderMap) -> Coding {
        let (mut gzip, mut br) = (false, false);
        let items = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','));
        for item in items {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let quality = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok());
            let allowed = quality.is_some_and(|q| q > 0.0);
            if name.eq_ignore_ascii_case("br") {
                br = allowed;
            } else if name.eq_ignore_ascii_case("gzip") {
                gzip = allowed;
            }
        }
        match (br, gzip) {
            (true, _) => Coding::Br,
            (false, true) => Coding::Gzip,
            (false, false) => Coding::Identity,
        }
    }

    /// The `Content-Encoding` value.
    fn name(self) -> Option<&'static str> {
        match self {
            Coding::Identity => None,
            Coding::Gzip => Some("gzip"),
            Coding::Br => Some("br"),
        }
    }
}

/// `body` in gzip at its best level (9).
fn gzip_best(body: &[u8]) -> Bytes {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let done = encoder.write_all(body).and_then(|()| encoder.finish());
    done.map(Bytes::from).unwrap_or_default()
}

/// `body` in brotli at its best quality (11), with a 4 MiB window (more than any body here).
fn brotli_best(body: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 3);
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    match brotli::BrotliCompress(&mut &body[..], &mut out, &params) {
        Ok(_) => Bytes::from(out),
        // Reading a slice and writing to a Vec cannot fail.
        Err(_) => Bytes::new(),
    }
}

/// An embedded file under `/static/`: its plain URL's content and its hashed URL's.
#[derive(Debug)]
struct Asset {
    /// `<stem>.<ext>`, as in `web/`.
    name: &'static str,
    /// `<stem>.<version>.<ext>`.
    hashed: String,
    /// The file as it is in `web/`.
    plain: Served,
    /// The file with its imports naming hashed files.
    tagged: Served,
}

/// Everything the web routes serve, built once from the embedded files.
#[derive(Debug)]
struct Site {
    assets: Vec<Asset>,
    /// Every page of [`Page::all`], in that order, naming the hashed files.
    pages: Vec<(Page, Served)>,
    /// In [`Variant::ALL`] order.
    rules: Vec<Served>,
    favicon_svg: Served,
    favicon_ico: Served,
    /// The Content-Security-Policy ([`policy`]).
    csp: HeaderValue,
}

fn site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(Site::build)
}

impl Site {
    fn build() -> Site {
        let hashed: Vec<(&str, String)> = ASSETS
            .iter()
            .map(|(name, _, _)| (*name, hashed_name(name, embedded())))
            .collect();
        let assets = ASSETS
            .iter()
            .zip(&hashed)
            .map(|(&(name, ctype, text), (_, hashed_as))| Asset {
                name,
                hashed: hashed_as.clone(),
                plain: Served::new(ctype, text),
                tagged: Served::new(ctype, tagged_text(name, text, &hashed)),
            })
            .collect();
        let pages: Vec<(Page, Served)> = Page::all()
            .into_iter()
            .map(|p| (p, Served::new(HTML, fill_page(&p.source(), &hashed))))
            .collect();
        let csp = policy(pages.iter().map(|(_, s)| &s.body[..]));
        let rules = Variant::ALL
            .iter()
            .map(|&v| Served::new("text/markdown; charset=utf-8", rules_text(v)))
            .collect();
        Site {
            assets,
            pages,
            rules,
            favicon_svg: Served::new("image/svg+xml", FAVICON_SVG),
            favicon_ico: Served::new("image/x-icon", favicon_ico()),
            // Hashes and the constant are ASCII: the value is always valid.
            csp: HeaderValue::from_str(&csp)
                .unwrap_or(HeaderValue::from_static("default-src 'self'")),
        }
    }

    fn page(&self, page: Page) -> &Served {
        // Every page is built; the first (the lobby) would stand in for one that is not.
        let found = self.pages.iter().find(|(p, _)| *p == page);
        &found.unwrap_or(&self.pages[0]).1
    }
}

/// The Content-Security-Policy for `pages` as they are served: [`CSP`] with the hash of
/// each of their inline scripts ([`inline_scripts`]) allowed.
fn policy<'a>(pages: impl Iterator<Item = &'a [u8]>) -> String {
    let mut hashes = BTreeSet::new();
    for page in pages {
        for script in inline_scripts(&String::from_utf8_lossy(page)) {
            hashes.insert(format!(" 'sha256-{}'", base64(&Sha256::digest(script))));
        }
    }
    CSP.replace("{{inline}}", &hashes.into_iter().collect::<String>())
}

/// The text of each inline script of `html`: between a bare `<script>` and its `</script>`
/// (a script with attributes, as `<script type="module" src=…>`, is not inline here: the
/// pages name their files).
fn inline_scripts(html: &str) -> Vec<&str> {
    html.split("<script>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</script>").map(|(script, _)| script))
        .collect()
}

/// `bytes` in standard base64, with padding (as a CSP hash source wants).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// How a script names a module it imports: always `./<name>`, a literal (a computed name
/// could not be rewritten to the module's hashed copy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Import {
    /// `from './<name>'`: the module is loaded, and run, before the script.
    Static,
    /// `import('./<name>')`: the module is loaded when the script's code asks for it.
    Dynamic,
}

impl Import {
    /// Both ways: what a script's version covers.
    const ALL: [Import; 2] = [Import::Static, Import::Dynamic];

    /// The text before a module's name in such an import, and the text after it.
    fn around(self) -> (&'static str, &'static str) {
        match self {
            Import::Static => ("from './", "'"),
            Import::Dynamic => ("import('./", "')"),
        }
    }

    /// The import of `name` as a script writes it.
    fn written(self, name: &str) -> String {
        let (before, after) = self.around();
        format!("{before}{name}{after}")
    }
}

/// Files a script may import, by name: `(name, text)`.
type Files<'a> = [(&'a str, &'a str)];

/// The embedded files as [`Files`].
fn embedded() -> &'static Files<'static> {
    static FILES: OnceLock<Vec<(&str, &str)>> = OnceLock::new();
    FILES.get_or_init(|| ASSETS.iter().map(|&(name, _, text)| (name, text)).collect())
}

/// The text of file `name` (`""` for a name that is not one).
fn file_text<'a>(name: &str, files: &Files<'a>) -> &'a str {
    files
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |&(_, text)| text)
}

/// The modules of `files` that `text` imports the `how` way.
fn imports<'a>(text: &'a str, how: Import, files: &'a Files<'a>) -> impl Iterator<Item = &'a str> {
    let (before, after) = how.around();
    text.split(before)
        .skip(1)
        .filter_map(move |rest| rest.split_once(after).map(|(name, _)| name))
        .filter(|name| files.iter().any(|(n, _)| n == name))
}

/// The modules of `files` that `name` imports in one of the `ways`, directly or through the
/// modules it imports so (not `name` itself).
fn import_closure<'a>(name: &str, ways: &[Import], files: &'a Files<'a>) -> BTreeSet<&'a str> {
    let imported = |text: &'a str| ways.iter().flat_map(move |&how| imports(text, how, files));
    let mut closure = BTreeSet::new();
    let mut todo: Vec<&str> = imported(file_text(name, files)).collect();
    while let Some(next) = todo.pop() {
        if next != name && closure.insert(next) {
            todo.extend(imported(file_text(next, files)));
        }
    }
    closure
}

/// `<stem>.<version>.<ext>`: the version is 16 hex digits of SHA-256 over the file and every
/// module of `files` it imports, statically or dynamically, directly or not (each name and
/// text, length-prefixed): a change to a module loaded only when needed renames every script
/// that may load it.
fn hashed_name(name: &str, files: &Files) -> String {
    let mut closure: BTreeSet<&str> = import_closure(name, &Import::ALL, files);
    closure.insert(name);
    let mut hasher = Sha256::new();
    for part in closure.iter().flat_map(|n| [*n, file_text(n, files)]) {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    let version = &hex::encode(hasher.finalize())[..16];
    match name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{version}.{ext}"),
        None => format!("{name}.{version}"),
    }
}

/// What a hashed URL serves: a script slimmed and linked to its imports' hashed copies; any
/// other file as it is.
fn tagged_text(name: &str, text: &str, hashed: &[(&str, String)]) -> String {
    if name.ends_with(".js") {
        slim_script(&link_imports(text, hashed))
    } else {
        text.to_owned()
    }
}

/// A script without the lines that are only a `//` comment, without blank lines and without
/// each line's indentation. Safe for the scripts of `web/` because none has a string or a
/// template literal running over two lines (`slim_scripts_keep_every_statement` checks), where
/// a line's start would be content.
fn slim_script(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A script with each import of a module (`from './<name>'`, `import('./<name>')`) naming
/// the module's hashed copy.
fn link_imports(text: &str, hashed: &[(&str, String)]) -> String {
    hashed
        .iter()
        .flat_map(|(name, hashed_as)| Import::ALL.map(|how| (how, name, hashed_as)))
        .fold(text.to_owned(), |text, (how, name, hashed_as)| {
            text.replace(&how.written(name), &how.written(hashed_as))
        })
}

/// A page with each `"/static/<name>"` naming the file's hashed copy.
fn link_page(html: &str, hashed: &[(&str, String)]) -> String {
    hashed
        .iter()
        .fold(html.to_owned(), |html, (name, hashed_as)| {
            html.replace(
                &format!("\"/static/{name}\""),
                &format!("\"/static/{hashed_as}\""),
            )
        })
}

/// A page whose module scripts have their imports preloaded: before each
/// `<script type="module" src="/static/<name>">`, a `<link rel="modulepreload">` for every
/// module of `files` it imports statically, directly or not, that the page does not preload
/// yet. Without them the browser finds a module's imports only once it has the module, one
/// round of fetches (and on a revisit, of cache reads) per level of the import graph. A
/// module imported dynamically (and what only it imports) is left out: the page loads it
/// when it needs it, if ever, and a preload would make every first visit pay for it.
fn preload_modules(html: &str, files: &Files) -> String {
    const TAG: &str = "<script type=\"module\" src=\"/static/";
    let mut out = String::with_capacity(html.len() + 256);
    let mut rest = html;
    while let Some(at) = rest.find(TAG) {
        let (before, script) = rest.split_at(at);
        out.push_str(before);
        let name = script[TAG.len()..].split('"').next().unwrap_or("");
        for module in import_closure(name, &[Import::Static], files) {
            let link = format!("<link rel=\"modulepreload\" href=\"/static/{module}\">");
            if !html.contains(&link) && !out.contains(&link) {
                out.push_str(&link);
                out.push('\n');
            }
        }
        out.push_str(&script[..TAG.len()]);
        rest = &script[TAG.len()..];
    }
    out.push_str(rest);
    out
}

/// A page as it is served: its module scripts' imports preloaded ([`preload_modules`]), its
/// files' hashed names ([`link_page`]), the favicon inline and the variants' display names
/// (`{{variant_names}}`) and boards (`{{variant_boards}}`) filled in.
fn fill_page(html: &str, hashed: &[(&str, String)]) -> String {
    link_page(&preload_modules(html, embedded()), hashed)
        .replace(
            "<link rel=\"icon\" href=\"/favicon.svg\">",
            &format!("<link rel=\"icon\" href=\"{}\">", data_uri(FAVICON_SVG)),
        )
        .replace("{{variant_names}}", &variant_names())
        .replace("{{variant_boards}}", &variant_boards())
}

/// `svg` as a `data:` URI fit for a double-quoted attribute: a page that carries its icon
/// makes no request for it on a first visit (`/favicon.svg` stays, for whatever asks).
fn data_uri(svg: &str) -> String {
    let mut uri = String::from("data:image/svg+xml,");
    for b in svg.trim().bytes() {
        match b {
            b'"' | b'%' | b'#' | b'<' | b'>' | b'&' | b' ' | b'\n' | b'\r' | b'\t' => {
                uri.push_str(&format!("%{b:02X}"));
            }
            0x80.. => uri.push_str(&format!("%{b:02X}")),
            _ => uri.push(char::from(b)),
        }
    }
    uri
}

/// `/favicon.ico`: the SVG favicon's ankh as a 16×16 icon (one 32-bit BMP image).
fn favicon_ico() -> Vec<u8> {
    // `.` transparent, `#` ink (#2b2118), `o` sand (#f3e6c8): the colours of `style.css`.
    const ROWS: [&[u8; 16]; 16] = [
        b".##############.",
        b"################",
        b"######oooo######",
        b"#####oo##oo#####",
        b"#####o####o#####",
        b"#####oo##oo#####",
        b"######oooo######",
        b"###oooooooooo###",
        b"###oooooooooo###",
        b"#######oo#######",
        b"#######oo#######",
        b"#######oo#######",
        b"#######oo#######",
        b"#######oo#######",
        b"################",
        b".##############.",
    ];
    const IMAGE: u32 = 40 + 16 * 16 * 4 + 16 * 4;
    let mut ico = Vec::with_capacity(22 + IMAGE as usize);
    // ICONDIR: reserved, type 1 (icon), one image.
    for v in [0u16, 1, 1] {
        ico.extend(v.to_le_bytes());
    }
    // ICONDIRENTRY: 16×16, no palette, 1 plane, 32 bits, size, offset.
    ico.extend([16u8, 16, 0, 0]);
    ico.extend(1u16.to_le_bytes());
    ico.extend(32u16.to_le_bytes());
    ico.extend(IMAGE.to_le_bytes());
    ico.extend(22u32.to_le_bytes());
    // BITMAPINFOHEADER: the height counts the colour rows and the mask rows.
    for v in [40u32, 16, 32] {
        ico.extend(v.to_le_bytes());
    }
    ico.extend(1u16.to_le_bytes());
    ico.extend(32u16.to_le_bytes());
    ico.extend([0u8; 24]);
    // The pixels, BGRA, bottom row first; then the AND mask (all 0: the alpha decides).
    for row in ROWS.iter().rev() {
        for px in row.iter() {
            ico.extend(match px {
                b'#' => [0x18, 0x21, 0x2b, 0xff],
                b'o' => [0xc8, 0xe6, 0xf3, 0xff],
                _ => [0, 0, 0, 0],
            });
        }
    }
    ico.extend([0u8; 16 * 4]);
    ico
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
        .route("/rules/{variant}", get(rules_page))
        .route("/howto/{variant}", get(howto_page))
        .route(
            "/players/{id}",
            get(|h: HeaderMap| async move { page(&h, Page::History).await }),
        )
        .route(
            "/favicon.svg",
            get(|h: HeaderMap| async move { serve(&h, &site().favicon_svg, REVALIDATE).await }),
        )
        .route(
            "/favicon.ico",
            get(|h: HeaderMap| async move { serve(&h, &site().favicon_ico, REVALIDATE).await }),
        )
        .route("/static/{*path}", get(asset))
}

/// The service with compression and its validators (see the module docs): wraps the whole
/// router, outside every other layer, so that they see the bodies uncompressed.
pub fn compressed(router: Router) -> Router {
    router
        .layer(axum::middleware::from_fn(mark_writes))
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .br(true)
                // Brotli's default (11) is its slowest setting, meant for compressing once
                // ahead of time; 4 suits compressing each answer as it is sent. The one level
                // applies to gzip too.
                .quality(CompressionLevel::Precise(4))
                .compress_when(DefaultPredicate::new().and(compressible)),
        )
        .layer(axum::middleware::map_response(tag_encoding))
}

/// Marks a response that must not be compressed.
#[derive(Clone, Copy, Debug)]
struct Uncompressed;

/// Marks the answer to anything but a read (`GET`, `HEAD`): it may carry a fresh secret, and a
/// compressed secret next to text the client chose is what BREACH measures.
async fn mark_writes(req: Request, next: Next) -> Response {
    let read = matches!(*req.method(), Method::GET | Method::HEAD);
    let mut res = next.run(req).await;
    if !read {
        res.extensions_mut().insert(Uncompressed);
    }
    res
}

/// Beyond tower-http's defaults: not a protocol switch (the WebSocket upgrade), not a marked
/// response.
fn compressible(status: StatusCode, _: Version, _: &HeaderMap, ext: &Extensions) -> bool {
    status != StatusCode::SWITCHING_PROTOCOLS && ext.get::<Uncompressed>().is_none()
}

/// A compressed response's strong `ETag` names its coding: `"<tag>-gzip"`, `"<tag>-br"`.
async fn tag_encoding<B>(mut res: Response<B>) -> Response<B> {
    let tagged = res
        .headers()
        .get(header::CONTENT_ENCODING)
        .and_then(|c| c.to_str().ok())
        .zip(
            res.headers()
                .get(header::ETAG)
                .and_then(|t| t.to_str().ok()),
        )
        .and_then(|(coding, tag)| {
            let inner = tag.strip_prefix('"')?.strip_suffix('"')?;
            HeaderValue::from_str(&format!("\"{inner}-{coding}\"")).ok()
        });
    if let Some(tag) = tagged {
        res.headers_mut().insert(header::ETAG, tag);
    }
    res
}

/// The entity tag of `If-None-Match` that names `etag` (in any coding, weak or strong), as it
/// was sent: what a `304` answers with.
fn revalidated(headers: &HeaderMap, etag: &str) -> Option<HeaderValue> {
    let inner = etag.trim_matches('"');
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .find_map(|sent| {
            if sent == "*" {
                return HeaderValue::from_str(etag).ok();
            }
            let tag = sent.strip_prefix("W/").unwrap_or(sent);
            let opaque = tag.strip_prefix('"')?.strip_suffix('"')?;
            let base = CODINGS
                .iter()
                .find_map(|c| opaque.strip_suffix(c)?.strip_suffix('-'))
                .unwrap_or(opaque);
            (base == inner).then(|| HeaderValue::from_str(tag).ok())?
        })
}

/// `served` with its validator and `cache` policy, compressed as the request allows (see the
/// module docs); `304` when the request already has it.
async fn serve(headers: &HeaderMap, served: &'static Served, cache: &'static str) -> Response {
    let mut res = match revalidated(headers, &served.etag) {
        Some(tag) => {
            let mut res = StatusCode::NOT_MODIFIED.into_response();
            res.headers_mut().insert(header::ETAG, tag);
            res
        }
        None => {
            let mut coding = if served.compressible() {
                Coding::accepted(headers)
            } else {
                Coding::Identity
            };
            let body = if coding == Coding::Identity {
                served.body.clone()
            } else {
                // The first answer in a coding compresses the body, slowly: not on a worker
                // of the runtime, which serves every match's sockets.
                match tokio::task::spawn_blocking(move || served.encoded(coding)).await {
                    Ok(body) if !body.is_empty() => body,
                    _ => {
                        coding = Coding::Identity;
                        served.body.clone()
                    }
                }
            };
            let mut res = body.into_response();
            let h = res.headers_mut();
            h.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(served.content_type),
            );
            if let Some(name) = coding.name() {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
            }
            if let Ok(tag) = HeaderValue::from_str(&served.etag) {
                h.insert(header::ETAG, tag);
            }
            res
        }
    };
    let h = res.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    let subresource = ["text/javascript", "text/css"]
        .iter()
        .any(|t| served.content_type.starts_with(t));
    if subresource {
        nosniff(res)
    } else {
        secure(res)
    }
}

/// `X-Content-Type-Options: nosniff`: the answer is read as its content type says, only.
fn nosniff(mut res: Response) -> Response {
    res.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}

/// The headers of an answer a browser could open as a document: the policy, no framing, no
/// referrer, and [`nosniff`].
fn secure(res: Response) -> Response {
    let mut res = nosniff(res);
    let h = res.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, site().csp.clone());
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

/// A page; a "no such …" page (404) has no validator (conditions are for 2xx answers only).
async fn page(headers: &HeaderMap, page: Page) -> Response {
    let served = site().page(page);
    if page.status() == StatusCode::OK {
        return serve(headers, served, REVALIDATE).await;
    }
    let mut res = (page.status(), served.body.clone()).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(HTML));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
    secure(res)
}

/// A match's path parameters, or why they could not be read (an id that is not UTF-8).
type MatchPath = Result<Path<Vec<(String, String)>>, PathRejection>;

fn param<'a>(path: &'a MatchPath, name: &str) -> Option<&'a str> {
    let Ok(Path(params)) = path else { return None };
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// What the pages need to know of matches: whether one exists (a page for a match that does
/// not answers "No such match", 404). The server's state implements it.
pub trait MatchDirectory: Clone + Send + Sync + 'static {
    /// Whether match `id` exists: live, or in the store (private or not: the page asks the
    /// API, which wants the key). When the store cannot answer, it should be taken to exist.
    fn match_exists(&self, id: &str) -> impl std::future::Future<Output = bool> + Send;
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

async fn match_page<S: MatchDirectory>(
    State(state): State<S>,
    headers: HeaderMap,
    path: MatchPath,
) -> Response {
    of_match(&state, &headers, &path, Page::Match).await
}

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

async fn rules_page(headers: HeaderMap, path: Result<Path<String>, PathRejection>) -> Response {
    match path.ok().and_then(|Path(v)| v.parse::<Variant>().ok()) {
        Some(_) => page(&headers, Page::Rules).await,
        None => page(&headers, Page::NoVariant).await,
    }
}

/// A variant's how-to-play page, or "No such variant" (404).
async fn howto_page(headers: HeaderMap, path: Result<Path<String>, PathRejection>) -> Response {
    match path.ok().and_then(|Path(v)| v.parse::<Variant>().ok()) {
        Some(variant) => page(&headers, Page::Howto(variant)).await,
        None => page(&headers, Page::NoVariant).await,
    }
}

/// A variant's how-to-play page (`web/howto/<variant>.html`): a match over every variant, so
/// a new one cannot be forgotten here.
fn howto_source(variant: Variant) -> &'static str {
    match variant {
        Variant::Jequier => include_str!("../../web/howto/jequier.html"),
        Variant::Martian => include_str!("../../web/howto/martian.html"),
        Variant::Modern => include_str!("../../web/howto/modern.html"),
        Variant::Parker => include_str!("../../web/howto/parker.html"),
        Variant::Pyramid => include_str!("../../web/howto/pyramid.html"),
    }
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

/// `/static/<name>` (no-cache), `/static/<stem>.<version>.<ext>` (immutable) or
/// `/static/rules/<variant>.md` (no-cache).
async fn asset(headers: HeaderMap, Path(path): Path<String>) -> Response {
    let site = site();
    if let Some(i) = path
        .strip_prefix("rules/")
        .and_then(|p| p.strip_suffix(".md"))
        .and_then(|id| Variant::ALL.iter().position(|v| v.id() == id))
    {
        return serve(&headers, &site.rules[i], REVALIDATE).await;
    }
    for a in &site.assets {
        if a.name == path {
            return serve(&headers, &a.plain, REVALIDATE).await;
        }
        if a.hashed == path {
            return serve(&headers, &a.tagged, IMMUTABLE).await;
        }
    }
    secure((StatusCode::NOT_FOUND, "not found").into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded text of an asset (`""` for a name that is not one).
    fn asset_text(name: &str) -> &'static str {
        file_text(name, embedded())
    }

    /// Whether some line of `script` ends inside a string or a template literal (where
    /// [`slim_script`] would change content): a scan that knows quotes, template literals,
    /// `//` comments and regular expression literals (a `/` where a value starts).
    fn line_ends_inside_a_literal(script: &str) -> Option<usize> {
        let mut in_template = false;
        for (no, line) in script.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            let mut i = 0;
            let mut last = ' ';
            while i < chars.len() {
                let c = chars[i];
                if in_template {
                    match c {
                        '\\' => i += 1,
                        '`' => in_template = false,
                        _ => {}
                    }
                } else if c == '`' {
                    in_template = true;
                } else if c == '\'' || c == '"' {
                    i += 1;
                    while i < chars.len() && chars[i] != c {
                        i += usize::from(chars[i] == '\\') + 1;
                    }
                    if i >= chars.len() {
                        return Some(no + 1);
                    }
                } else if c == '/' && chars.get(i + 1) == Some(&'/') {
                    break;
                } else if c == '/' && "=(,!&|?:;{[".contains(last) {
                    let mut class = false;
                    i += 1;
                    while i < chars.len() && (class || chars[i] != '/') {
                        match chars[i] {
                            '\\' => i += 1,
                            '[' => class = true,
                            ']' => class = false,
                            _ => {}
                        }
                        i += 1;
                    }
                }
                if !c.is_whitespace() {
                    last = c;
                }
                i += 1;
            }
            if in_template {
                return Some(no + 1);
            }
        }
        None
    }

    #[test]
    fn slim_scripts_keep_every_statement() {
        for (path, _, body) in ASSETS.iter().filter(|(p, _, _)| p.ends_with(".js")) {
            assert_eq!(
                line_ends_inside_a_literal(body),
                None,
                "{path}: a literal runs over a line end, which slimming would change"
            );
            let slim = slim_script(body);
            let code = |t: &str| -> Vec<String> {
                t.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with("//"))
                    .map(str::to_owned)
                    .collect()
            };
            assert_eq!(code(&slim), code(body), "{path}");
            assert!(slim.len() < body.len(), "{path}");
        }
        assert_eq!(line_ends_inside_a_literal("const a = `x\n  y`;"), Some(1));
        assert_eq!(line_ends_inside_a_literal("const r = /`a`/g; // `"), None);
    }

    #[test]
    fn every_module_a_page_loads_is_preloaded_before_its_script() {
        let served = |page: Page| String::from_utf8_lossy(&site().page(page).body).into_owned();
        let html = served(Page::Match);
        let script = html
            .find("<script type=\"module\"")
            .expect("a module script");
        // match.js imports these directly or through another module.
        for module in ["common", "boards"] {
            let link = format!("<link rel=\"modulepreload\" href=\"/static/{module}.");
            let at = html
                .find(&link)
                .unwrap_or_else(|| panic!("{module} not preloaded"));
            assert!(at < script, "{module} is preloaded before the script");
            assert_eq!(html.matches(&link).count(), 1, "{module} once");
        }
        assert!(
            !html.contains("href=\"/static/match."),
            "not the page's own script"
        );
        // Nor what match.js loads only when it needs it: a first load does not pay for them.
        for module in ["clock", "chat", "winbar", "result"] {
            let hashed = hashed_name(&format!("{module}.js"), embedded());
            assert!(
                asset_text("match.js").contains(&format!("import('./{module}.js')")),
                "match.js imports {module}.js when it needs it"
            );
            assert!(
                !html.contains(&format!("/static/{module}.")),
                "{module} not preloaded"
            );
            let tagged = site().assets.iter().find(|a| a.name == "match.js").unwrap();
            let text = std::str::from_utf8(&tagged.tagged.body).unwrap();
            assert!(text.contains(&format!("import('./{hashed}')")), "{hashed}");
        }
        assert_eq!(
            import_closure("match.js", &[Import::Static], embedded()).len(),
            html.matches("rel=\"modulepreload\"").count()
        );
        // A page whose script imports nothing statically preloads nothing.
        for (name, _, text) in ASSETS {
            if name.ends_with(".js") && imports(text, Import::Static, embedded()).next().is_none() {
                let page = format!("<script type=\"module\" src=\"/static/{name}\"></script>");
                assert_eq!(preload_modules(&page, embedded()), page);
            }
        }
    }

    /// A small module graph: `page.js` imports `a.js`, and `lazy.js` when it is asked to;
    /// `lazy.js` imports `a.js` and `deep.js`, whose text is `deep`.
    fn lazy_graph(deep: &'static str) -> Vec<(&'static str, &'static str)> {
        vec![
            (
                "page.js",
                "import { a } from './a.js';\nexport const later = () => import('./lazy.js');\n",
            ),
            ("a.js", "export const a = 1;\n"),
            (
                "lazy.js",
                "import { a } from './a.js';\nimport { d } from './deep.js';\nexport const l = a + d;\n",
            ),
            ("deep.js", deep),
        ]
    }

    #[test]
    fn a_dynamic_import_counts_in_the_version_is_hashed_and_is_not_preloaded() {
        let files = lazy_graph("export const d = 1;\n");
        assert_eq!(
            import_closure("page.js", &[Import::Static], &files),
            BTreeSet::from(["a.js"])
        );
        assert_eq!(
            import_closure("page.js", &Import::ALL, &files),
            BTreeSet::from(["a.js", "deep.js", "lazy.js"])
        );
        // A change to a module the page loads only when needed, or to one that module
        // imports, renames the page's script; a module that reaches neither keeps its name.
        let changed = lazy_graph("export const d = 2;\n");
        let name = |n: &str, files: &Files| hashed_name(n, files);
        assert_ne!(name("page.js", &files), name("page.js", &changed));
        assert_ne!(name("lazy.js", &files), name("lazy.js", &changed));
        assert_eq!(name("a.js", &files), name("a.js", &changed));
        // The hashed copy names hashed copies, in the static import and the dynamic one alike.
        let hashed: Vec<(&str, String)> =
            files.iter().map(|(n, _)| (*n, name(n, &files))).collect();
        assert!(hashed[0].1.starts_with("page.") && hashed[0].1.ends_with(".js"));
        assert_eq!(
            link_imports(file_text("page.js", &files), &hashed),
            format!(
                "import {{ a }} from './{}';\nexport const later = () => import('./{}');\n",
                hashed[1].1, hashed[2].1
            )
        );
        // Preloaded: what the page's script imports statically; not the module it loads later,
        // nor what only that module imports.
        let html = "<head><script type=\"module\" src=\"/static/page.js\"></script></head>";
        assert_eq!(
            preload_modules(html, &files),
            "<head><link rel=\"modulepreload\" href=\"/static/a.js\">\n\
             <script type=\"module\" src=\"/static/page.js\"></script></head>"
        );
    }

    #[test]
    fn every_script_a_page_loads_is_embedded() {
        let howtos = Variant::ALL.map(howto_source);
        for html in [LOBBY, MATCH, SCOREBOARD, REPLAY, RULES, HISTORY]
            .iter()
            .chain(&howtos)
        {
            // The match page's early socket is the one inline script (allowed by its hash).
            let inline = if *html == MATCH { 1 } else { 0 };
            assert_eq!(inline_scripts(html).len(), inline, "inline scripts");
            let named = html.split("src=\"/static/").skip(1);
            for part in named.chain(html.split("href=\"/static/").skip(1)) {
                let name = part.split('"').next().unwrap_or_default();
                assert!(
                    ASSETS.iter().any(|(p, _, _)| *p == name),
                    "{name} is not embedded"
                );
            }
        }
        for (path, _, body) in ASSETS {
            // Every import is written `from './<name>'`, so the hashed copies name them all
            // (a module loaded under two names would run twice).
            assert!(
                !body.contains("from \"./"),
                "{path}: write imports as from './<name>'"
            );
            // A dynamic import names an embedded module as a literal, `import('./<name>')`,
            // which the hashed copy can name by its hashed copy.
            for part in body.split("import(").skip(1) {
                let named = part
                    .strip_prefix("'./")
                    .and_then(|rest| rest.split_once("')"))
                    .map(|(name, _)| name);
                assert!(
                    named.is_some_and(|name| ASSETS.iter().any(|(p, _, _)| *p == name)),
                    "{path}: import({}…) is not import('./<embedded name>')",
                    part.chars().take(24).collect::<String>()
                );
            }
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

    #[test]
    fn the_policy_allows_each_inline_script_of_the_pages_by_its_hash() {
        let site = Site::build();
        let csp = site.csp.to_str().unwrap();
        let (head, tail) = CSP.split_once("{{inline}}").unwrap();
        assert!(csp.starts_with(head) && csp.ends_with(tail), "{csp}");
        let scripts: Vec<&str> = site
            .pages
            .iter()
            .flat_map(|(_, s)| inline_scripts(std::str::from_utf8(&s.body).unwrap()))
            .collect();
        assert!(!scripts.is_empty(), "the match page has its early socket");
        let allowed = csp[head.len()..csp.len() - tail.len()].split_whitespace();
        let hashes: BTreeSet<String> = scripts
            .iter()
            .map(|s| format!("'sha256-{}'", base64(&Sha256::digest(s))))
            .collect();
        assert_eq!(
            allowed.collect::<BTreeSet<_>>(),
            hashes.iter().map(String::as_str).collect()
        );
        // The script as a browser hashes it: the exact text between the tags.
        let page = site.page(Page::Match).body.clone();
        let page = std::str::from_utf8(&page).unwrap();
        let start = page.find("<script>").unwrap() + "<script>".len();
        let end = start + page[start..].find("</script>").unwrap();
        assert_eq!(scripts, [&page[start..end]]);
        assert_eq!(
            inline_scripts(
                "<script>a</script><script type=\"module\" src=\"x\"></script><script>b</script>"
            ),
            ["a", "b"]
        );
    }

    #[test]
    fn base64_is_the_standard_alphabet_with_padding() {
        // RFC 4648's test vectors, and a SHA-256 as `openssl dgst -sha256 -binary | base64` gives it.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(
            base64(&Sha256::digest(b"abc")),
            "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
        );
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
    }

    #[test]
    fn the_early_socket_says_the_tail_match_js_says() {
        let tail = |text: &str, before: &str| {
            let rest = &text[text.find(before).unwrap() + before.len()..];
            rest[..rest.find(';').unwrap()].trim().to_owned()
        };
        assert_eq!(
            tail(inline_scripts(MATCH)[0], "hello.tail ="),
            tail(asset_text("match.js"), "const TAIL =")
        );
    }

    #[test]
    fn the_pages_name_only_hashed_files() {
        let site = Site::build();
        for (page, served) in &site.pages {
            let html = std::str::from_utf8(&served.body).unwrap();
            assert!(!html.contains("{{"), "{page:?}: every placeholder filled");
            assert!(
                html.contains(&format!(
                    "<link rel=\"icon\" href=\"{}\">",
                    data_uri(FAVICON_SVG)
                )),
                "{page:?}: the icon inline"
            );
            for part in html.split("\"/static/").skip(1) {
                let name = part.split('"').next().unwrap_or_default();
                assert!(
                    site.assets.iter().any(|a| a.hashed == name),
                    "{page:?} names {name}, not a hashed file"
                );
            }
        }
        for a in &site.assets {
            let text = std::str::from_utf8(&a.tagged.body).unwrap();
            for how in Import::ALL {
                let plain = imports(text, how, embedded()).count();
                assert_eq!(plain, 0, "{}: every {how:?} import hashed", a.name);
            }
            for part in text.split("import('./").skip(1) {
                let name = part.split('\'').next().unwrap_or_default();
                assert!(
                    site.assets.iter().any(|b| b.hashed == name),
                    "{}: imports {name}, not a hashed file",
                    a.name
                );
            }
            assert_ne!(a.hashed, a.name);
        }
    }

    #[test]
    fn a_version_covers_what_a_module_imports() {
        // match.js imports boards.js, which imports common.js: a change to common.js
        // must rename all three.
        let closure = |name: &'static str| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![name];
            while let Some(n) = todo.pop() {
                if seen.insert(n) {
                    todo.extend(
                        Import::ALL
                            .iter()
                            .flat_map(|&how| imports(asset_text(n), how, embedded())),
                    );
                }
            }
            seen
        };
        assert!(closure("match.js").contains("common.js"));
        assert!(closure("match.js").contains("boards.js"));
        assert!(!closure("common.js").contains("match.js"));
        let names: BTreeSet<String> = ASSETS
            .iter()
            .map(|(n, _, _)| hashed_name(n, embedded()))
            .collect();
        assert_eq!(names.len(), ASSETS.len());
    }

    #[test]
    fn if_none_match_names_a_tag_in_any_coding() {
        let tag = "\"0123abcd\"";
        let check = |sent: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(sent).unwrap());
            revalidated(&h, tag).map(|v| v.to_str().unwrap().to_owned())
        };
        assert_eq!(check("\"0123abcd\"").as_deref(), Some(tag));
        assert_eq!(check("W/\"0123abcd\"").as_deref(), Some(tag));
        assert_eq!(
            check("\"x\", \"0123abcd-br\"").as_deref(),
            Some("\"0123abcd-br\"")
        );
        assert_eq!(check("*").as_deref(), Some(tag));
        for other in [
            "\"0123abc\"",
            "\"0123abcd-zstd\"",
            "0123abcd",
            "\"0123abcdgzip\"",
        ] {
            assert_eq!(check(other), None, "{other}");
        }
    }

    /// The attributes of an HTML start tag's text (`name="value"` pairs only).
    fn attributes(tag: &str) -> Vec<(&str, &str)> {
        let mut found = Vec::new();
        let mut rest = tag;
        while let Some(eq) = rest.find("=\"") {
            let name = rest[..eq]
                .rsplit(char::is_whitespace)
                .next()
                .unwrap_or_default();
            let after = &rest[eq + 2..];
            let end = after.find('"').expect("a closing quote");
            found.push((name, &after[..end]));
            rest = &after[end + 1..];
        }
        found
    }

    /// Every example position of a how-to page is one the engine accepts for its variant,
    /// and the move a figure outlines is legal there and goes where the figure says: the
    /// pages are read as served, so a page can never show an impossible position.
    #[test]
    fn every_howto_example_is_a_position_the_engine_accepts() {
        for variant in Variant::ALL {
            let id = variant.id();
            let html = howto_source(variant);
            // The board's place is kept by its kind, as the engine names it.
            let board = serde_json::to_value(variant.board()).unwrap();
            let board = board.as_str().unwrap();
            assert!(html.contains(&format!(
                "<main class=\"howto\" data-variant=\"{id}\" data-board=\"{board}\">"
            )));
            assert!(
                html.contains(&format!("href=\"/rules/{id}\"")),
                "{id}: links the exact rules"
            );
            let figures: Vec<&str> = html.split("<figure").skip(1).collect();
            assert!(
                (2..=4).contains(&figures.len()),
                "{id}: 2 to 4 example positions, not {}",
                figures.len()
            );
            for figure in figures {
                let (tag, body) = figure.split_once('>').expect("a start tag");
                let attrs = attributes(tag);
                let attr = |name: &str| attrs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
                let notation = attr("data-notation").expect("a figure names its position");
                assert!(!notation.contains('&'), "{id}: {notation}: written plainly");
                let game = senet_engine::Game::from_notation(variant, notation)
                    .unwrap_or_else(|e| panic!("{id}: {notation}: {e}"));
                assert!(
                    attr("data-alt").is_some_and(|alt| alt.len() > 20),
                    "{id}: {notation}: alt text"
                );
                let body = body.split("</figure>").next().unwrap_or_default();
                assert!(body.contains("<div class=\"howto-board\"></div>"), "{id}");
                let caption = body
                    .split_once("<figcaption>")
                    .and_then(|(_, c)| c.split_once("</figcaption>"))
                    .map(|(c, _)| c.trim());
                assert!(
                    caption.is_some_and(|c| !c.is_empty()),
                    "{id}: {notation}: caption"
                );
                let outlined = (attr("data-from"), attr("data-to"));
                let Some(mv) = attr("data-move") else {
                    assert_eq!(outlined, (None, None), "{id}: {notation}: outlines no move");
                    continue;
                };
                let parsed = game
                    .parse_move(mv)
                    .unwrap_or_else(|e| panic!("{id}: {notation}: {mv}: {e}"));
                let geometry = game
                    .geometry(parsed)
                    .unwrap_or_else(|e| panic!("{id}: {notation}: {mv} is not legal: {e:?}"));
                let step = geometry.steps.first().expect("the mover's step");
                assert_eq!(
                    outlined,
                    (
                        Some(step.from.name().as_str()),
                        Some(step.to.name().as_str())
                    ),
                    "{id}: {notation}: {mv} goes from and to the outlined places"
                );
            }
        }
    }

    #[test]
    fn the_coding_is_brotli_then_gzip_as_accept_encoding_allows() {
        let chosen = |sent: &[&str]| {
            let mut h = HeaderMap::new();
            for v in sent {
                h.append(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
            }
            Coding::accepted(&h)
        };
        assert_eq!(chosen(&["gzip, deflate, br, zstd"]), Coding::Br);
        assert_eq!(chosen(&["gzip", "br"]), Coding::Br);
        assert_eq!(chosen(&["BR;q=0.5, gzip;q=1"]), Coding::Br);
        assert_eq!(chosen(&["br;q=0, gzip"]), Coding::Gzip);
        assert_eq!(chosen(&["br; q=0.000", "gzip;q=0.1"]), Coding::Gzip);
        assert_eq!(chosen(&["gzip;q=0", "identity"]), Coding::Identity);
        assert_eq!(chosen(&["br;q=x"]), Coding::Identity);
        assert_eq!(chosen(&["*"]), Coding::Identity);
        assert_eq!(chosen(&[]), Coding::Identity);
    }

    #[test]
    fn a_body_is_compressed_once_per_coding_and_decodes_to_itself() {
        let served = Served::new("text/css; charset=utf-8", asset_text("style.css"));
        assert!(served.compressible());
        for coding in [Coding::Gzip, Coding::Br] {
            let first = served.encoded(coding);
            assert!(first.len() < served.body.len() / 2, "{coding:?}");
            // The same bytes, not compressed again.
            assert_eq!(
                first.as_ptr(),
                served.encoded(coding).as_ptr(),
                "{coding:?}"
            );
        }
        let mut plain = Vec::new();
        brotli::BrotliDecompress(&mut &served.encoded(Coding::Br)[..], &mut plain).unwrap();
        assert_eq!(plain, served.body);
        assert!(!Served::new("image/x-icon", favicon_ico()).compressible());
        assert!(!Served::new("text/plain", "short").compressible());
    }

    #[test]
    fn the_inline_icon_decodes_to_the_favicon() {
        let uri = data_uri(FAVICON_SVG);
        assert!(!uri.contains(['"', '<', '>', '&', ' ', '\n']));
        let encoded = uri.strip_prefix("data:image/svg+xml,").expect("a data URI");
        let mut bytes = Vec::new();
        let mut rest = encoded.as_bytes();
        while let Some((&b, tail)) = rest.split_first() {
            if b == b'%' {
                let hex = std::str::from_utf8(&tail[..2]).unwrap();
                bytes.push(u8::from_str_radix(hex, 16).unwrap());
                rest = &tail[2..];
            } else {
                bytes.push(b);
                rest = tail;
            }
        }
        assert_eq!(String::from_utf8(bytes).unwrap(), FAVICON_SVG.trim());
    }

    #[test]
    fn pages_that_name_a_variant_carry_every_variant_name() {
        let site = Site::build();
        for page in [Page::Match, Page::Scoreboard, Page::Rules] {
            let html = std::str::from_utf8(&site.page(page).body).unwrap();
            let content = html
                .split("<meta name=\"variant-names\" content=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or_else(|| panic!("{page:?}: the names"));
            let json = content.replace("&quot;", "\"").replace("&amp;", "&");
            let names: serde_json::Value = serde_json::from_str(&json).unwrap();
            for v in Variant::ALL {
                assert_eq!(names[v.id()], v.name(), "{page:?}");
            }
        }
    }

    #[test]
    fn pages_that_draw_a_board_carry_every_variants_special_squares() {
        let site = Site::build();
        let pages = [Page::Match, Page::Replay]
            .into_iter()
            .chain(Variant::ALL.map(Page::Howto));
        for page in pages {
            let html = std::str::from_utf8(&site.page(page).body).unwrap();
            let content = html
                .split("<meta name=\"variant-boards\" content=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or_else(|| panic!("{page:?}: the boards"));
            let json = content
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            let boards: serde_json::Value = serde_json::from_str(&json).unwrap();
            for v in Variant::ALL {
                let info = serde_json::to_value(v.info()).unwrap();
                assert_eq!(boards[v.id()]["board"], info["board"], "{page:?}");
                assert_eq!(
                    boards[v.id()]["special_squares"],
                    info["special_squares"],
                    "{page:?}"
                );
            }
        }
    }

    #[test]
    fn the_icon_is_a_16_pixel_ico() {
        let ico = favicon_ico();
        assert_eq!(ico.len(), 22 + 40 + 16 * 16 * 4 + 16 * 4);
        assert_eq!(&ico[..6], &[0, 0, 1, 0, 1, 0]);
    }
}
