//! What the pages that name a variant or draw its board carry about every variant, written
//! in from the engine when the site is built (`{{variant_names}}`, `{{variant_boards}}` in
//! `web/*.html`), so that such a page needs no request for it and `web/` states no rule.

use senet_engine::Variant;

/// The variants' display names, `{"<id>": "<name>", …}` in JSON, escaped for a
/// double-quoted attribute: a page that names a variant reads them from its
/// `<meta name="variant-names">` instead of asking `GET /api/variants`.
pub(crate) fn variant_names() -> String {
    let names: serde_json::Map<String, serde_json::Value> = Variant::ALL
        .iter()
        .map(|v| (v.id().to_owned(), v.name().into()))
        .collect();
    attribute_json(&serde_json::Value::Object(names))
}

/// What a board of each variant draws that is not its geometry, as the engine states it in
/// [`senet_engine::VariantInfo`]: `{"<id>": {"name": …, "board": "track30", "position_notation":
/// "track_discs", "special_squares": […]}, …}` in JSON, escaped for a double-quoted attribute. A page that draws a board (the match,
/// the replay, the how-to pages) reads it from its `<meta name="variant-boards">`: the marks
/// of the special squares, their names and rules are the engine's, and need no request.
pub(crate) fn variant_boards() -> String {
    let boards: serde_json::Map<String, serde_json::Value> = Variant::ALL
        .iter()
        .map(|v| {
            let info = v.info();
            let board = serde_json::json!({
                "name": v.name(),
                "board": info.board,
                "position_notation": info.position_notation,
                "special_squares": info.special_squares,
            });
            (v.id().to_owned(), board)
        })
        .collect();
    attribute_json(&serde_json::Value::Object(boards))
}

/// `value` as JSON, escaped for a double-quoted HTML attribute.
fn attribute_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use senet_engine::Variant;

    use crate::pages::Page;
    use crate::site::Site;

    /// What names a special square in its messages' ids (`variant-<id>-square-<key>-name`,
    /// `-rule`): its place as the engine writes it, letters lowercased and any character but
    /// `a`-`z` and `0`-`9` made `-` (`S1` is `s1`, `p1-12` stays), as web/boards.js's
    /// `squareKey` makes it.
    fn square_key(place: &str) -> String {
        place
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect()
    }

    /// A match nobody named is named by the server "<the variant's English name> match"
    /// (server/src/http/lobby.rs); the pages (web/basics.js's `matchName`) recognise it so and
    /// say it by `match-default-name`, whose English is that very name.
    #[test]
    fn the_english_default_match_name_is_the_server_s() {
        let english = crate::l10n::bundle(crate::lang::Lang::En);
        let message = english
            .get_message("match-default-name")
            .expect("match-default-name");
        for v in Variant::ALL {
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("variant", v.name());
            let mut errors = Vec::new();
            let words = english.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(words, format!("{} match", v.name()));
        }
    }

    /// The English catalogue's words for a variant (web/l10n/en/variants.ftl) are the
    /// engine's, which stays their source: its name, its summary, each option's
    /// description, and each special square's name and rule; the other languages translate
    /// these.
    #[test]
    fn the_english_catalogue_s_variant_words_are_the_engine_s() {
        let english = crate::l10n::bundle(crate::lang::Lang::En);
        let say = |id: &str| {
            crate::l10n::formatted(&english, id)
                .and_then(|(value, _)| value)
                .unwrap_or_else(|| panic!("no message {id} in the English catalogue"))
        };
        let mut square_ids = std::collections::BTreeSet::new();
        for v in Variant::ALL {
            let id = v.id();
            assert_eq!(say(&format!("variant-{id}-name")), v.name(), "{id}");
            assert_eq!(say(&format!("variant-{id}-summary")), v.summary(), "{id}");
            for option in v.info().option_details {
                assert_eq!(
                    say(&format!("variant-option-{}", option.name)),
                    option.description,
                    "{id}: {}",
                    option.name
                );
            }
            let mut keys = std::collections::BTreeSet::new();
            for square in v.special_squares() {
                let place = square.place.to_string();
                let key = square_key(&place);
                assert!(keys.insert(key.clone()), "{id}: two squares are {key}");
                assert_eq!(
                    say(&format!("variant-{id}-square-{key}-name")),
                    square.name,
                    "{id}: {place}"
                );
                assert_eq!(
                    say(&format!("variant-{id}-square-{key}-rule")),
                    square.rule,
                    "{id}: {place}"
                );
                square_ids.insert(format!("variant-{id}-square-{key}-name"));
                square_ids.insert(format!("variant-{id}-square-{key}-rule"));
            }
        }
        // And no square's words but those of a square the engine lists.
        let catalogue = crate::l10n::catalogue(crate::lang::Lang::En);
        for line in catalogue.lines() {
            let Some((message, _)) = line.split_once(" = ") else {
                continue;
            };
            if message.starts_with("variant-") && message.contains("-square-") {
                assert!(square_ids.contains(message), "{message}: no such square");
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
            let served = site.page(page).expect("the page");
            let html = std::str::from_utf8(&served.body).unwrap();
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
                    boards[v.id()]["position_notation"],
                    info["position_notation"],
                    "{page:?}"
                );
                assert_eq!(
                    boards[v.id()]["special_squares"],
                    info["special_squares"],
                    "{page:?}"
                );
            }
        }
    }
}
