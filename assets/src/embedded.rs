//! The files the site is made of, embedded in the binary with `include_str!`: the pages,
//! scripts, style sheet and favicon of `web/`, each variant's how-to page and rules text.

use senet_engine::Variant;

/// A file under `/static/`: its name (as in `web/`), content type and text.
pub(crate) type StaticFile = (&'static str, &'static str, &'static str);

/// The embedded files: path under `/static/`, content type, bytes.
const ASSETS: &[StaticFile] = &[
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

/// The other files of `web/` served from memory: the pages and the favicon.
const WEB: &[(&str, &str)] = &[
    ("index.html", include_str!("../../web/index.html")),
    ("match.html", include_str!("../../web/match.html")),
    ("scoreboard.html", include_str!("../../web/scoreboard.html")),
    ("replay.html", include_str!("../../web/replay.html")),
    ("rules.html", include_str!("../../web/rules.html")),
    ("history.html", include_str!("../../web/history.html")),
    ("missing.html", include_str!("../../web/missing.html")),
    ("favicon.svg", include_str!("../../web/favicon.svg")),
];

/// The text of `web/<path>`, if it is embedded.
pub(crate) fn web_file(path: &str) -> Option<&'static str> {
    let howto = Variant::ALL
        .into_iter()
        .find(|v| path == format!("howto/{}.html", v.id()));
    WEB.iter()
        .copied()
        .chain(ASSETS.iter().map(|&(name, _, text)| (name, text)))
        .find(|(name, _)| *name == path)
        .map(|(_, text)| text)
        .or_else(|| howto_source(howto?))
}

/// A variant's how-to-play page (`web/howto/<variant>.html`): a match over every variant, so
/// a new one cannot be forgotten here.
/// A variant's how-to-play page (`web/howto/<variant>.html`): a match over every variant, so
/// a new one cannot be forgotten here.
pub(crate) fn howto_source(variant: Variant) -> Option<&'static str> {
    Some(match variant {
        Variant::Jequier => include_str!("../../web/howto/jequier.html"),
        Variant::Martian => include_str!("../../web/howto/martian.html"),
        Variant::Modern => include_str!("../../web/howto/modern.html"),
        Variant::Parker => include_str!("../../web/howto/parker.html"),
        Variant::Pyramid => include_str!("../../web/howto/pyramid.html"),
    })
}

/// A variant's rules page (`docs/rules/<variant>.md`): a match over every variant, so a new
/// one cannot be forgotten here.
pub(crate) fn rules_text(variant: Variant) -> Option<&'static str> {
    Some(match variant {
        Variant::Jequier => include_str!("../../docs/rules/jequier.md"),
        Variant::Martian => include_str!("../../docs/rules/martian.md"),
        Variant::Modern => include_str!("../../docs/rules/modern.md"),
        Variant::Parker => include_str!("../../docs/rules/parker.md"),
        Variant::Pyramid => include_str!("../../docs/rules/pyramid.md"),
    })
}

/// Every file under `/static/<name>`.
pub(crate) fn static_files() -> &'static [StaticFile] {
    ASSETS
}
