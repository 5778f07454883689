//! A page put into one of the site's languages ([`Lang`]).
//!
//! The words are Project Fluent catalogues: `web/l10n/<lang>/<part>.ftl`, one file per part
//! of the site, English the source. A page is built once per language ([`localise`]): its
//! `<html>` gets the language and its direction, every element marked
//! `data-l10n-id="<id>"` gets that message's text (and its attributes, for the message's
//! attributes), and the language's whole catalogue goes into the page as the text of
//! `<template id="l10n">`, where `web/l10n.js` reads it for the words a script writes. So a
//! page's own words are in its language from the first paint, and a script needs no request
//! to find its words. A message a language lacks leaves the English words in place (a test
//! keeps every catalogue to English's ids).
//!
//! A how-to page's words are a part of their own, `howto-<variant>.ftl` ([`is_page_part`]):
//! only that page is put into it, and it is not in any page's `<template id="l10n">` (no
//! script writes those words), so that the other pages do not carry seven pages of rules.

use std::collections::BTreeMap;

use fluent_bundle::{FluentBundle, FluentResource};

use crate::embedded::{web_file, web_folder};
use crate::lang::Lang;

/// Whether `web/l10n/<lang>/<name>` is one page's own words rather than every page's: a
/// how-to page's, `howto-<variant>.ftl`.
pub(crate) fn is_page_part(name: &str) -> bool {
    name.starts_with("howto-")
}

/// One page's own part of a language's catalogue (`web/l10n/<lang>/<part>.ftl`), if the
/// language has it.
pub(crate) fn page_part(lang: Lang, part: &str) -> Option<&'static str> {
    web_file(&format!("l10n/{}/{part}.ftl", lang.code()))
}

/// A language's catalogue of every page: its `web/l10n/<lang>/*.ftl` files but the pages'
/// own parts ([`is_page_part`]), in name order.
pub(crate) fn catalogue(lang: Lang) -> String {
    let mut parts: Vec<(&str, &str)> = web_folder(&format!("l10n/{}/", lang.code()))
        .into_iter()
        .filter(|(name, _)| name.ends_with(".ftl") && !name.contains('/') && !is_page_part(name))
        .collect();
    parts.sort_unstable();
    parts
        .into_iter()
        .map(|(_, text)| text)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A language's catalogue as a bundle to format with. Entries that do not parse are left out
/// (a test requires none).
pub(crate) fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    bundle_of(lang, catalogue(lang))
}

/// `text`, a catalogue of `lang`, as a bundle to format with (what does not parse left out).
fn bundle_of(lang: Lang, text: String) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(text).unwrap_or_else(|(partial, _)| partial);
    let tag = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![tag]);
    // Page words are written as they are; the scripts isolate their arguments themselves.
    bundle.set_use_isolating(false);
    // Ids are unique (a test): nothing is overridden.
    bundle.add_resource_overriding(resource);
    bundle
}

/// A message's text and attributes in `bundle`, if it has the message.
pub(crate) fn formatted(
    bundle: &FluentBundle<FluentResource>,
    id: &str,
) -> Option<(Option<String>, BTreeMap<String, String>)> {
    let message = bundle.get_message(id)?;
    let mut errors = Vec::new();
    let value = message
        .value()
        .map(|p| bundle.format_pattern(p, None, &mut errors).into_owned());
    let attributes = message
        .attributes()
        .map(|a| {
            let text = bundle.format_pattern(a.value(), None, &mut errors);
            (a.id().to_owned(), text.into_owned())
        })
        .collect();
    Some((value, attributes))
}

/// `text` as HTML text or an attribute's value: `&`, `<`, `>` and `"` escaped.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The ids of the elements of `html` marked `data-l10n-id`, in page order.
#[cfg(test)]
pub(crate) fn marked_ids(html: &str) -> Vec<&str> {
    html.split("data-l10n-id=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

/// A language's words, made once for every page put into it: its bundle, and its catalogue
/// as the text of the pages' `<template id="l10n">`.
pub(crate) struct Words {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    template: String,
}

impl Words {
    /// `lang`'s words.
    pub(crate) fn of(lang: Lang) -> Words {
        Words {
            lang,
            bundle: bundle(lang),
            template: format!(
                "<template id=\"l10n\">{}</template>\n</body>",
                escaped(&catalogue(lang))
            ),
        }
    }

    /// `html` in this language: `<html lang dir>`, each marked element's words and
    /// attributes from the catalogue, and the catalogue itself in `<template id="l10n">`
    /// before `</body>`.
    ///
    /// A marked element whose message has a value holds text only (no element inside it):
    /// its text, up to its closing tag, is the message's value. An attribute of the message
    /// replaces the start tag's attribute of that name. A page with its own part of the
    /// catalogue (`own`, as `howto-kendall`: [`page_part`]) has its words looked up there
    /// first, then in every page's.
    pub(crate) fn localise(&self, html: &str, own: Option<&str>) -> String {
        const MARK: &str = "data-l10n-id=\"";
        let lang = self.lang;
        let own = own
            .and_then(|part| page_part(lang, part))
            .map(|text| bundle_of(lang, text.to_owned()));
        let page = html.replacen(
            "<html lang=\"en\">",
            &format!("<html lang=\"{}\" dir=\"{}\">", lang.code(), lang.dir()),
            1,
        );
        let mut out = String::with_capacity(page.len() * 2);
        let mut cursor = 0;
        while let Some(found) = page[cursor..].find(MARK) {
            let at = cursor + found;
            let tag_start = page[cursor..at].rfind('<').map_or(cursor, |n| cursor + n);
            let Some(tag_len) = page[at..].find('>') else {
                break;
            };
            let tag_end = at + tag_len;
            let id_start = at + MARK.len();
            let id_end = page[id_start..].find('"').map_or(tag_end, |n| id_start + n);
            let mut tag = page[tag_start..tag_end].to_owned();
            let mut next = tag_end;
            let mut text = None;
            let id = &page[id_start..id_end];
            let found = own
                .as_ref()
                .and_then(|b| formatted(b, id))
                .or_else(|| formatted(&self.bundle, id));
            if let Some((value, attributes)) = found {
                for (name, value) in attributes {
                    tag = with_attribute(&tag, &name, &escaped(&value));
                }
                if let Some(value) = value {
                    // `>` then the element's text up to the next tag.
                    next = page[tag_end + 1..]
                        .find('<')
                        .map_or(page.len(), |n| tag_end + 1 + n);
                    text = Some(escaped(&value));
                }
            }
            out.push_str(&page[cursor..tag_start]);
            out.push_str(&tag);
            if let Some(text) = text {
                out.push('>');
                out.push_str(&text);
            }
            cursor = next;
        }
        out.push_str(&page[cursor..]);
        out.replacen("</body>", &self.template, 1)
    }
}

/// Start tag `tag` (without its `>`) with attribute `name` set to `value` (escaped).
fn with_attribute(tag: &str, name: &str, value: &str) -> String {
    let key = format!(" {name}=\"");
    match tag.find(&key) {
        Some(at) => {
            let start = at + key.len();
            let end = tag[start..].find('"').map_or(tag.len(), |n| start + n);
            format!("{}{value}{}", &tag[..start], &tag[end..])
        }
        None => format!("{tag}{key}{value}\""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The ids of a catalogue's messages, or what does not parse in it.
    fn ids(lang: Lang) -> Result<BTreeSet<String>, String> {
        ids_in(lang, catalogue(lang))
    }

    /// The ids of the messages of `text`, a catalogue of `lang`, or what does not parse in it.
    fn ids_in(lang: Lang, text: String) -> Result<BTreeSet<String>, String> {
        let resource = FluentResource::try_new(text)
            .map_err(|(_, errors)| format!("{}: {errors:?}", lang.code()))?;
        let mut ids = BTreeSet::new();
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                assert!(
                    ids.insert(m.id.name.to_owned()),
                    "{}: {} twice",
                    lang.code(),
                    m.id.name
                );
            }
        }
        Ok(ids)
    }

    #[test]
    fn every_catalogue_parses_and_has_english_s_messages_no_more_no_fewer() {
        let english = ids(Lang::En).unwrap();
        assert!(english.len() > 20, "the English catalogue is there");
        for lang in Lang::ALL {
            let theirs = ids(lang).unwrap();
            let missing: Vec<_> = english.difference(&theirs).collect();
            let extra: Vec<_> = theirs.difference(&english).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
            assert!(extra.is_empty(), "{} has more: {extra:?}", lang.code());
        }
    }

    /// The names of English's pages' own parts (`howto-kendall`, …).
    fn page_parts() -> Vec<&'static str> {
        let mut parts: Vec<&str> = web_folder("l10n/en/")
            .into_iter()
            .filter(|(name, _)| is_page_part(name))
            .filter_map(|(name, _)| name.strip_suffix(".ftl"))
            .collect();
        parts.sort_unstable();
        parts
    }

    /// A page's own part of a catalogue is in every language, with exactly English's ids,
    /// none of them also a message of every page's catalogue; and each is a page's.
    #[test]
    fn every_page_part_is_in_every_language_with_english_s_messages() {
        let parts = page_parts();
        let mut owned: Vec<String> = crate::pages::Page::all()
            .into_iter()
            .filter_map(|p| p.own_part())
            .collect();
        owned.sort_unstable();
        assert_eq!(
            parts, owned,
            "a part for each page that has one, and no other"
        );
        for part in parts {
            let english = ids_in(Lang::En, page_part(Lang::En, part).unwrap().to_owned()).unwrap();
            assert!(english.len() > 10, "{part}");
            for lang in Lang::ALL {
                let text = page_part(lang, part)
                    .unwrap_or_else(|| panic!("web/l10n/{}/{part}.ftl", lang.code()));
                let theirs = ids_in(lang, text.to_owned()).unwrap();
                let missing: Vec<_> = english.difference(&theirs).collect();
                let extra: Vec<_> = theirs.difference(&english).collect();
                assert!(
                    missing.is_empty(),
                    "{}/{part} lacks {missing:?}",
                    lang.code()
                );
                assert!(
                    extra.is_empty(),
                    "{}/{part} has more: {extra:?}",
                    lang.code()
                );
                let shared = ids(lang).unwrap();
                let both: Vec<_> = theirs.intersection(&shared).collect();
                assert!(
                    both.is_empty(),
                    "{}/{part}: also every page's: {both:?}",
                    lang.code()
                );
            }
        }
    }

    /// The English words of why a piece cannot move (stuck.ftl's `stuck-<reason>`, formatted
    /// by the board's page with the match's variant) are the engine's own sentences, for every
    /// variant and every reason that concerns one piece.
    #[test]
    fn the_stuck_reasons_english_words_are_the_engine_s() {
        use senet_engine::stuck::specificity;
        use senet_engine::{IllegalMove, Variant};
        let bundle = bundle(Lang::En);
        // The reasons a piece can be stuck for: the engine's own sort of them (the others,
        // `not_your_turn` or `game_over`, concern the whole turn and have no such sentence).
        let concerning_a_piece: Vec<IllegalMove> = IllegalMove::ALL
            .into_iter()
            .filter(|r| specificity(*r) > 0)
            .collect();
        assert!(concerning_a_piece.len() >= 14, "{concerning_a_piece:?}");
        for reason in concerning_a_piece {
            let code = serde_json::to_value(reason).unwrap();
            let id = format!("stuck-{}", code.as_str().unwrap().replace('_', "-"));
            let message = bundle.get_message(&id).unwrap_or_else(|| panic!("no {id}"));
            for variant in Variant::ALL {
                let mut args = fluent_bundle::FluentArgs::new();
                args.set("variant", variant.id());
                let mut errors = Vec::new();
                let words =
                    bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
                assert!(errors.is_empty(), "{id}: {errors:?}");
                assert_eq!(
                    Some(words.as_ref()),
                    variant.explain(reason),
                    "{id} of {}",
                    variant.id()
                );
            }
        }
    }

    /// A message's value and attributes, as a bundle of `text` formats them.
    fn texts(lang: Lang, text: &str) -> BTreeMap<String, Vec<String>> {
        let resource = FluentResource::try_new(text.to_owned()).unwrap();
        let ids: Vec<String> = resource
            .entries()
            .filter_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
                _ => None,
            })
            .collect();
        let bundle = bundle_of(lang, text.to_owned());
        ids.into_iter()
            .map(|id| {
                let (value, attrs) = formatted(&bundle, &id).unwrap();
                let all = value.into_iter().chain(attrs.into_values()).collect();
                (id, all)
            })
            .collect()
    }

    /// A page's own words are translated, not copied: in Arabic every one of its messages
    /// has Arabic letters, and in French none of more than one word is English's.
    #[test]
    fn a_page_part_is_translated_not_copied() {
        let arabic = |t: &str| t.chars().any(|c| ('\u{0621}'..='\u{064A}').contains(&c));
        for part in page_parts() {
            let english = texts(Lang::En, page_part(Lang::En, part).unwrap());
            for (id, words) in texts(Lang::Ar, page_part(Lang::Ar, part).unwrap()) {
                for w in words {
                    assert!(arabic(&w), "ar/{part}: {id} = {w}");
                }
            }
            for (id, words) in texts(Lang::Fr, page_part(Lang::Fr, part).unwrap()) {
                for (w, e) in words.iter().zip(&english[&id]) {
                    let several = e.split_whitespace().count() > 1;
                    assert!(!several || w != e, "fr/{part}: {id} is English's: {w}");
                }
            }
        }
    }

    #[test]
    fn every_marked_word_of_every_page_is_in_the_catalogues() {
        let english = ids(Lang::En).unwrap();
        for page in crate::pages::Page::all() {
            let html = page.source().unwrap_or_else(|| panic!("{page:?}"));
            let own = page.own_part().map(|part| {
                let text = page_part(Lang::En, &part).unwrap_or_else(|| panic!("{part}"));
                ids_in(Lang::En, text.to_owned()).unwrap()
            });
            for id in marked_ids(&html) {
                let theirs = own.as_ref().is_some_and(|o| o.contains(id));
                assert!(english.contains(id) || theirs, "{page:?}: no message {id}");
            }
        }
    }

    /// Every error code the server can send a player, from where the codes are defined:
    /// the engine's illegal moves (`IllegalMove::ALL`), the codes the error enums' `code`
    /// and `status_code` functions give (the REST errors, the accounts', a match's, the
    /// socket's refusals and chat's), and the two tables of `docs/protocol.md` (REST and
    /// WebSocket), which also list the codes the routes write themselves (`busy`,
    /// `game_live`, `hello_first`, …).
    fn server_error_codes() -> BTreeSet<String> {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let read = |path: &str| {
            std::fs::read_to_string(format!("{root}/{path}"))
                .unwrap_or_else(|e| panic!("{path}: {e}"))
        };
        let mut codes: BTreeSet<String> = senet_engine::IllegalMove::ALL
            .iter()
            .map(|m| m.code().to_owned())
            .collect();
        // The string literals in the body of each `fn code` / `fn status_code` (up to the
        // first line that closes a function, four spaces in).
        let enums = [
            "server/src/http/error.rs",
            "accounts/src/account_error.rs",
            "match/src/state/errors.rs",
            "live/src/actor/mod.rs",
            "live/src/actor/conn_chat.rs",
            "protocol/src/text.rs",
        ];
        for path in enums {
            let text = read(path);
            let mut found = 0;
            for start in ["fn code(", "fn status_code("] {
                for part in text.split(start).skip(1) {
                    let body = part.split("\n    }\n").next().unwrap_or_default();
                    for literal in body.split('"').skip(1).step_by(2) {
                        if !literal.is_empty()
                            && literal.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                        {
                            codes.insert(literal.to_owned());
                            found += 1;
                        }
                    }
                }
            }
            assert!(found > 0, "{path}: no code found");
        }
        // The tables: the first column's codes (the engine's row names them in its second).
        let doc = read("docs/protocol.md");
        for head in ["| code | status | when |", "| code | meaning |"] {
            let table = doc
                .split(head)
                .nth(1)
                .expect("the table in docs/protocol.md");
            for line in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
                let cells: Vec<&str> = line.split('|').collect();
                let cell = if cells[1].contains("IllegalMove") {
                    cells[2]
                } else {
                    cells[1]
                };
                for code in cell.split('`').skip(1).step_by(2) {
                    codes.insert(code.to_owned());
                }
            }
        }
        codes
    }

    #[test]
    fn every_error_code_the_server_sends_has_a_message() {
        let codes = server_error_codes();
        assert!(codes.len() > 60, "the codes are found: {codes:?}");
        for must in [
            "invalid",
            "malformed",
            "not_your_turn",
            "too_many_spectators",
            "busy",
        ] {
            assert!(codes.contains(must), "{must} is among the codes");
        }
        let english = ids(Lang::En).unwrap();
        let missing: Vec<_> = codes
            .iter()
            .filter(|code| !english.contains(&format!("error-{code}")))
            .collect();
        assert!(
            missing.is_empty(),
            "no error-<code> message for {missing:?}"
        );
    }

    #[test]
    fn every_reason_the_server_sends_has_a_message_in_every_language() {
        use senet_protocol::Reason;
        let codes = server_error_codes();
        let doc =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md"))
                .unwrap();
        let table = doc
            .split("| reason | under | args | says |")
            .nth(1)
            .expect("the reasons' table in docs/protocol.md");
        let documented: BTreeSet<&str> = table
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .filter_map(|l| l.split('`').nth(1))
            .collect();
        for lang in Lang::ALL {
            let ids = ids(lang).unwrap();
            for reason in Reason::all() {
                let (code, why) = (reason.error_code(), reason.code());
                assert!(codes.contains(code), "{why}: {code} is an error code");
                // The engine's illegal moves say a stuck piece's words, else their own code's.
                let said = match reason {
                    Reason::Illegal(_) => [
                        format!("stuck-{}", why.replace('_', "-")),
                        format!("error-{why}"),
                    ]
                    .into_iter()
                    .any(|id| ids.contains(&id)),
                    _ => ids.contains(&format!("error-{code}-{why}")),
                };
                assert!(
                    said,
                    "{}: no message for reason {why} under {code}",
                    lang.code()
                );
                if !matches!(reason, Reason::Illegal(_)) {
                    assert!(
                        documented.contains(why),
                        "docs/protocol.md: no row for {why}"
                    );
                }
            }
            // And no message for a reason the server does not send.
            for id in ids.iter().filter(|id| id.starts_with("error-")) {
                let rest = &id["error-".len()..];
                if let Some((code, why)) = rest.split_once('-') {
                    let sent = Reason::from_code(why).is_some_and(|r| {
                        r.error_code() == code && !matches!(r, Reason::Illegal(_))
                    });
                    assert!(
                        sent,
                        "{}: {id} names no reason the server sends",
                        lang.code()
                    );
                }
            }
        }
        let own: BTreeSet<&str> = Reason::OWN.iter().map(|r| r.code()).collect();
        assert_eq!(
            documented, own,
            "docs/protocol.md's reasons are the server's"
        );
    }

    #[test]
    fn a_page_is_put_into_a_language_with_its_catalogue() {
        let page = "<html lang=\"en\">\n<body><h1 data-l10n-id=\"missing-page-title\">No such page</h1>\
            <input data-l10n-id=\"lang-switch\" aria-label=\"Language\"></body>";
        for lang in Lang::ALL {
            let out = Words::of(lang).localise(page, None);
            assert!(out.contains(&format!(
                "<html lang=\"{}\" dir=\"{}\">",
                lang.code(),
                lang.dir()
            )));
            assert!(out.contains("<template id=\"l10n\">"), "the catalogue");
            let bundle = bundle(lang);
            let (title, _) = formatted(&bundle, "missing-page-title").unwrap();
            let title = title.unwrap();
            assert!(out.contains(&format!(">{}</h1>", escaped(&title))), "{out}");
            let (_, attrs) = formatted(&bundle, "lang-switch").unwrap();
            let label = &attrs["aria-label"];
            assert!(
                out.contains(&format!("aria-label=\"{}\"", escaped(label))),
                "{out}"
            );
        }
        assert!(
            Words::of(Lang::Ar)
                .localise(page, None)
                .contains(">لا توجد هذه الصفحة</h1>")
        );
    }
}
