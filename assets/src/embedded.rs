//! The files the site is made of, embedded in the binary by `rust-embed`: `web/` whole and
//! `docs/rules/`.
//!
//! Nothing here lists files by hand: the scripts and the style sheet are whatever `web/` holds
//! at its top level, and a variant's how-to page, its rules for players (one per language)
//! and its developers' rules text are found by its id ([`Variant::id`]), so a new variant
//! needs no edit here, only its files (a test names any variant without them).

use std::borrow::Cow;
use std::sync::OnceLock;

use rust_embed::Embed;
use senet_engine::Variant;

use crate::lang::Lang;

/// `web/`: the pages, the scripts and style sheet, the favicon, the how-to pages and the
/// rules written for players.
#[derive(Embed)]
#[folder = "../web/"]
struct Web;

/// `docs/rules/`: each variant's rules as `<id>.md`. The folder's other texts (`scoring.md`,
/// which the rules link for readers of the repository) are embedded too but served by no URL.
#[derive(Embed)]
#[folder = "../docs/rules/"]
struct RulesTexts;

/// A file under `/static/`: its name (as in `web/`), content type and text.
pub(crate) type StaticFile = (&'static str, &'static str, &'static str);

/// What a [`Cow`] from `rust-embed` borrows from the binary. With the `debug-embed` feature
/// (always on here) every name and body is borrowed; an owned one would mean a build that
/// reads `web/` from the disk at run time, which this crate never wants: it counts as absent,
/// and the tests fail.
fn borrowed<T: ?Sized + ToOwned>(cow: Cow<'static, T>) -> Option<&'static T> {
    match cow {
        Cow::Borrowed(it) => Some(it),
        Cow::Owned(_) => None,
    }
}

/// The text of `web/<path>`, if the file is there (and is UTF-8).
pub(crate) fn web_file(path: &str) -> Option<&'static str> {
    std::str::from_utf8(borrowed(Web::get(path)?.data)?).ok()
}

/// Every file under `web/<folder>` (`folder` ends with `/`), with its name there, in no
/// order.
pub(crate) fn web_folder(folder: &str) -> Vec<(&'static str, &'static str)> {
    Web::iter()
        .filter_map(borrowed)
        .filter_map(|name| Some((name.strip_prefix(folder)?, web_file(name)?)))
        .collect()
}

/// A variant's how-to-play page, `web/howto/<id>.html`.
pub(crate) fn howto_source(variant: Variant) -> Option<&'static str> {
    web_file(&format!("howto/{}.html", variant.id()))
}

/// A variant's rules written for players, in `lang`: `web/rules/<lang>/<id>.md`.
pub(crate) fn player_rules_text(variant: Variant, lang: Lang) -> Option<&'static str> {
    web_file(&format!("rules/{}/{}.md", lang.code(), variant.id()))
}

/// A variant's rules as the developers keep them (every rule sentence of the sources, the
/// reading taken and its tests), `docs/rules/<id>.md`.
pub(crate) fn rules_text(variant: Variant) -> Option<&'static str> {
    let file = RulesTexts::get(&format!("{}.md", variant.id()))?;
    std::str::from_utf8(borrowed(file.data)?).ok()
}

/// The content type of a file served under `/static/<name>`, by its extension: scripts and
/// style sheets, the only kinds there. Written out rather than guessed by a crate: the
/// charset is part of what is sent, and a guess (`application/javascript`, no charset) would
/// change it.
fn static_content_type(name: &str) -> Option<&'static str> {
    match name.rsplit_once('.')?.1 {
        "js" => Some("text/javascript; charset=utf-8"),
        "css" => Some("text/css; charset=utf-8"),
        _ => None,
    }
}

/// Every file under `/static/<name>`: the scripts and style sheets at the top of `web/`, in
/// name order.
pub(crate) fn static_files() -> &'static [StaticFile] {
    static FILES: OnceLock<Vec<StaticFile>> = OnceLock::new();
    FILES.get_or_init(|| {
        Web::iter()
            .filter_map(borrowed)
            .filter(|name| !name.contains('/'))
            .filter_map(|name| Some((name, static_content_type(name)?, web_file(name)?)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new variant fails here until `web/howto/<id>.html`, its words in every language
    /// (`web/l10n/<lang>/howto-<id>.ftl`) and `docs/rules/<id>.md` exist
    /// (`every_variant_s_pages_are_served` in the crate root then serves them).
    #[test]
    fn every_variant_has_its_howto_page_and_rules_text() {
        for variant in Variant::ALL {
            let id = variant.id();
            let howto = howto_source(variant);
            assert!(
                howto.is_some_and(|h| h.contains(&format!("<h1 data-l10n-id=\"howto-{id}-"))),
                "{id}: web/howto/{id}.html"
            );
            for lang in Lang::ALL {
                let code = lang.code();
                assert!(
                    web_file(&format!("l10n/{code}/howto-{id}.ftl")).is_some(),
                    "{id}: web/l10n/{code}/howto-{id}.ftl, its words"
                );
            }
            let rules = rules_text(variant);
            assert!(
                rules.is_some_and(|r| !r.trim().is_empty()),
                "{id}: docs/rules/{id}.md"
            );
        }
    }

    /// The lines of `text` that start with `prefix`.
    fn lines_starting(text: &str, prefix: &str) -> usize {
        text.lines().filter(|l| l.starts_with(prefix)).count()
    }

    /// Every variant has its rules for players in every language, each with the same
    /// sections and tables as the English one (a translation that drops a section, or a
    /// table row, fails), none with the developers' words (file names, tests, code), and
    /// each in its language's script.
    #[test]
    fn every_variant_has_its_rules_for_players_in_every_language() {
        for variant in Variant::ALL {
            let id = variant.id();
            let english = player_rules_text(variant, Lang::En)
                .unwrap_or_else(|| panic!("web/rules/en/{id}.md"));
            let shape = |text: &str| {
                (
                    lines_starting(text, "# "),
                    lines_starting(text, "## "),
                    lines_starting(text, "### "),
                    lines_starting(text, "|"),
                )
            };
            assert_eq!(lines_starting(english, "# "), 1, "{id}: one title");
            assert!(lines_starting(english, "## ") >= 5, "{id}: its sections");
            for lang in Lang::ALL {
                let code = lang.code();
                let text = player_rules_text(variant, lang)
                    .unwrap_or_else(|| panic!("web/rules/{code}/{id}.md"));
                assert!(text.trim().len() > 1000, "{code}/{id}: a whole text");
                assert_eq!(
                    shape(text),
                    shape(english),
                    "{code}/{id}: English's sections"
                );
                for dev in [".scn", ".rs", ".md", "docs/", "engine", "Covered by", "`"] {
                    assert!(!text.contains(dev), "{code}/{id}: a developer's {dev:?}");
                }
                let arabic = text
                    .chars()
                    .filter(|c| ('\u{0600}'..='\u{06FF}').contains(c));
                let french = ["le ", "la ", "les ", "un ", "une "]
                    .iter()
                    .filter(|w| text.contains(*w))
                    .count();
                match lang {
                    Lang::Ar => assert!(arabic.count() > 500, "{code}/{id}: in Arabic"),
                    Lang::Fr => assert!(french >= 4, "{code}/{id}: in French"),
                    Lang::En => assert_eq!(arabic.count(), 0, "{code}/{id}: in English"),
                }
            }
        }
    }

    #[test]
    fn the_static_files_are_the_scripts_and_the_style_sheet_of_web() {
        let files = static_files();
        let names: Vec<&str> = files.iter().map(|(name, _, _)| *name).collect();
        for expected in ["common.js", "match.js", "boards.js", "style.css"] {
            assert!(names.contains(&expected), "{expected}");
        }
        for (name, ctype, text) in files {
            assert!(!name.contains('/'), "{name}: only the top of web/");
            assert!(ctype.ends_with("; charset=utf-8"), "{name}: {ctype}");
            assert_eq!(Some(*text), web_file(name), "{name}");
        }
        // Pages, the favicon and the how-to pages are served at their own URLs, not here.
        for other in ["index.html", "favicon.svg", "howto/parker.html"] {
            assert!(web_file(other).is_some(), "{other} is embedded");
            assert!(!names.contains(&other), "{other} is not under /static/");
        }
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
    }
}
