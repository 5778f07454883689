//! The pages of the web client: which there are, the file each is made from, and how a page
//! is filled in to be served (its scripts' imports preloaded and named by their hashed
//! copies, the favicon inline, the variants' names).

use axum::http::StatusCode;
use senet_engine::Variant;

use crate::embedded::{howto_source, web_file};
use crate::favicon::{data_uri, favicon_svg};
use crate::hashed_imports::{embedded, link_page, preload_modules};
use crate::variant_meta::{variant_boards, variant_names};

/// The content type of every page.
pub(crate) const HTML: &str = "text/html; charset=utf-8";

/// Every page the client has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Page {
    /// `/`: the lobby.
    Lobby,
    /// A match's board (`/m/{id}`, its `join` and `watch`).
    Match,
    /// A match's scoreboard.
    Scoreboard,
    /// A game's replay.
    Replay,
    /// A variant's rules (the page fetches the text).
    Rules,
    /// A player's history.
    History,
    /// A tournament (`/t/{id}`): the page asks the API, and says "No such tournament" itself.
    Tournament,
    /// The analysis board (`/analysis`).
    Analysis,
    /// Signing in, creating an account, its passkeys (`/account`).
    Account,
    /// A variant's how-to-play page: one static page per variant.
    Howto(Variant),
    /// 404: no match with this id.
    NoMatch,
    /// 404: no variant with this id.
    NoVariant,
    /// 404: nothing at this address (a browser's request the server has no route for).
    Unrouted,
}

impl Page {
    /// Every page, each variant's how-to page included.
    pub(crate) fn all() -> Vec<Page> {
        let fixed = [
            Page::Lobby,
            Page::Match,
            Page::Scoreboard,
            Page::Replay,
            Page::Rules,
            Page::History,
            Page::Tournament,
            Page::Analysis,
            Page::Account,
            Page::NoMatch,
            Page::NoVariant,
            Page::Unrouted,
        ];
        fixed
            .into_iter()
            .chain(Variant::ALL.map(Page::Howto))
            .collect()
    }

    /// The page as it is in `web/`, or `None` if its file is missing (a new variant's how-to
    /// page not written yet: `every_variant_has_its_howto_page_and_rules_text` fails).
    pub(crate) fn source(self) -> Option<String> {
        let file = |name: &str| web_file(name).map(str::to_owned);
        match self {
            Page::Lobby => file("index.html"),
            Page::Match => file("match.html"),
            Page::Scoreboard => file("scoreboard.html"),
            Page::Replay => file("replay.html"),
            Page::Rules => file("rules.html"),
            Page::History => file("history.html"),
            Page::Tournament => file("tournament.html"),
            Page::Analysis => file("analysis.html"),
            Page::Account => file("account.html"),
            Page::Howto(variant) => howto_source(variant).map(str::to_owned),
            Page::NoMatch => missing("missing-match"),
            Page::NoVariant => missing("missing-variant"),
            Page::Unrouted => missing("missing-page"),
        }
    }

    /// The part of the catalogues that holds this page's own words and no other page's
    /// (`web/l10n/<lang>/<part>.ftl`): a how-to page's, `howto-<variant>`.
    pub(crate) fn own_part(self) -> Option<String> {
        match self {
            Page::Howto(variant) => Some(format!("howto-{}", variant.id())),
            _ => None,
        }
    }

    /// The page's status: 404 for a "no such …" page.
    pub(crate) fn status(self) -> StatusCode {
        match self {
            Page::NoMatch | Page::NoVariant | Page::Unrouted => StatusCode::NOT_FOUND,
            _ => StatusCode::OK,
        }
    }
}

/// The "no such …" page (`web/missing.html`) for messages `<id>-title` and `<id>-detail`
/// of the catalogues: `{{id}}` names them, and the English words stand in the page until it
/// is put into its language.
fn missing(id: &str) -> Option<String> {
    let html = web_file("missing.html")?;
    let english = crate::l10n::bundle(crate::lang::Lang::En);
    let words = |suffix: &str| crate::l10n::formatted(&english, &format!("{id}-{suffix}"))?.0;
    Some(
        html.replace("{{title}}", &words("title")?)
            .replace("{{detail}}", &words("detail")?)
            .replace("{{id}}", id),
    )
}

/// A page as it is served: its module scripts' imports preloaded ([`preload_modules`]), its
/// files' hashed names ([`link_page`]), the favicon inline and the variants' display names
/// (`{{variant_names}}`) and boards (`{{variant_boards}}`) filled in.
pub(crate) fn fill_page(html: &str, hashed: &[(&str, String)]) -> String {
    link_page(&preload_modules(html, embedded()), hashed)
        .replace(
            "<link rel=\"icon\" href=\"/favicon.svg\">",
            &format!("<link rel=\"icon\" href=\"{}\">", data_uri(favicon_svg())),
        )
        .replace("{{variant_names}}", &variant_names())
        .replace("{{variant_boards}}", &variant_boards())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csp::inline_scripts;
    use crate::embedded::static_files;
    use crate::lang::Lang;
    use crate::site::{Site, site};

    #[test]
    fn every_script_a_page_loads_is_embedded() {
        // Every page of the client, as in `web/` (the "no such …" pages name no file).
        let pages = Page::all()
            .into_iter()
            .filter(|p| p.status() == StatusCode::OK);
        for page in pages {
            let html = &page
                .source()
                .unwrap_or_else(|| panic!("{page:?} is embedded"));
            // The match page's early socket is the one inline script (allowed by its hash).
            let inline = if page == Page::Match { 1 } else { 0 };
            assert_eq!(inline_scripts(html).len(), inline, "inline scripts");
            let named = html.split("src=\"/static/").skip(1);
            for part in named.chain(html.split("href=\"/static/").skip(1)) {
                let name = part.split('"').next().unwrap_or_default();
                assert!(
                    static_files().iter().any(|(p, _, _)| *p == name),
                    "{name} is not embedded"
                );
            }
        }
        for (path, _, body) in static_files() {
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
                    named.is_some_and(|name| static_files().iter().any(|(p, _, _)| *p == name)),
                    "{path}: import({}…) is not import('./<embedded name>')",
                    part.chars().take(24).collect::<String>()
                );
            }
            if path.ends_with(".js") {
                for part in body.split("from './").skip(1) {
                    let name = part.split('\'').next().unwrap_or_default();
                    assert!(
                        static_files().iter().any(|(p, _, _)| *p == name),
                        "{path} imports {name}, which is not embedded"
                    );
                }
            }
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
    /// pages are read as served, in every language, so a page can never show an impossible
    /// position, nor one without its description and caption.
    #[test]
    fn every_howto_example_is_a_position_the_engine_accepts() {
        for (variant, lang) in Variant::ALL
            .into_iter()
            .flat_map(|v| Lang::ALL.map(|l| (v, l)))
        {
            let id = variant.id();
            let served = site().page_in(Page::Howto(variant), lang).expect("built");
            let html = std::str::from_utf8(&served.body).unwrap();
            let id = format!("{id} in {}", lang.code());
            let id = id.as_str();
            // The board's place is kept by its kind, as the engine names it.
            let board = serde_json::to_value(variant.board()).unwrap();
            let board = board.as_str().unwrap();
            assert!(html.contains(&format!(
                "<main class=\"howto\" data-variant=\"{}\" data-board=\"{board}\">",
                variant.id()
            )));
            assert!(
                html.contains(&format!("href=\"/rules/{}\"", variant.id())),
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
                    attr("data-alt").is_some_and(|alt| alt.chars().count() > 20),
                    "{id}: {notation}: alt text"
                );
                let body = body.split("</figure>").next().unwrap_or_default();
                // Drawn left to right, as the rules draw it, on an Arabic page too.
                assert!(
                    body.contains("<div class=\"howto-board\" dir=\"ltr\"></div>"),
                    "{id}"
                );
                let caption = body
                    .split_once("<figcaption")
                    .and_then(|(_, c)| c.split_once('>'))
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

    /// A how-to page's file is only where its words go: no text of its own in `<main>`, in
    /// its title or its description, every word a message of its catalogue; so a word no
    /// language has cannot hide behind English left in the file. As served, in every
    /// language, every marked element has its words: a text, an alt text, a description.
    #[test]
    fn a_howto_page_s_words_are_all_its_catalogue_s() {
        for variant in Variant::ALL {
            let source = howto_source(variant).expect("the how-to page");
            let main = source
                .split_once("<main")
                .and_then(|(_, m)| m.split_once("</main>"))
                .map(|(m, _)| m)
                .expect("a main");
            for text in main.split('<').filter_map(|part| part.split_once('>')) {
                assert!(
                    text.1.trim().is_empty(),
                    "{variant:?}: {:?} in the file",
                    text.1
                );
            }
            assert!(source.contains("<title data-l10n-id=\""), "{variant:?}");
            assert!(
                source.contains("<meta name=\"description\" content=\"\" data-l10n-id=\""),
                "{variant:?}"
            );
            for lang in Lang::ALL {
                let served = site().page_in(Page::Howto(variant), lang).expect("built");
                let html = std::str::from_utf8(&served.body).unwrap();
                let what = format!("{variant:?} in {}", lang.code());
                assert!(!html.contains("=\"\""), "{what}: an empty attribute");
                // The page's own marked elements: those that take words as attributes (an
                // alt text, a description) are checked above; the others have text.
                let mut rest = html;
                while let Some(at) = rest.find("data-l10n-id=\"howto-") {
                    let start = rest[..at].rfind('<').expect("a start tag");
                    let (tag, after) = rest[start..].split_once('>').expect("a start tag");
                    let with_text = !tag.contains(" data-alt=") && !tag.contains(" content=");
                    let text = after.split('<').next().unwrap_or_default();
                    assert!(
                        !with_text || !text.trim().is_empty(),
                        "{what}: nothing in {tag}"
                    );
                    rest = after;
                }
            }
        }
    }

    #[test]
    fn pages_that_name_a_variant_carry_every_variant_name() {
        let site = Site::build();
        for page in [Page::Match, Page::Scoreboard, Page::Rules] {
            let html = std::str::from_utf8(&site.page(page).expect("built").body).unwrap();
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
}
