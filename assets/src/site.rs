//! Everything the web routes serve, built once (at the first request) from the embedded
//! files: each static file under its plain and its hashed name, the pages filled in, the
//! rules texts (for players, in each language, and the developers'), the favicons, and the policy that allows the pages' inline scripts.

use std::sync::OnceLock;

use axum::http::HeaderValue;
use senet_engine::Variant;

use crate::csp::policy;
use crate::embedded::{player_rules_text, rules_text, static_files};
use crate::favicon::{favicon_ico, favicon_svg};
use crate::hashed_imports::{embedded, hashed_name, tagged_text};
use crate::l10n::Words;
use crate::lang::Lang;
use crate::pages::{HTML, Page, fill_page};
use crate::served::Served;

/// The content type of a rules text.
const MARKDOWN: &str = "text/markdown; charset=utf-8";

/// An embedded file under `/static/`: its plain URL's content and its hashed URL's.
#[derive(Debug)]
pub(crate) struct Asset {
    /// `<stem>.<ext>`, as in `web/`.
    pub(crate) name: &'static str,
    /// `<stem>.<version>.<ext>`.
    pub(crate) hashed: String,
    /// The file as it is in `web/`.
    pub(crate) plain: Served,
    /// The file with its imports naming hashed files.
    pub(crate) tagged: Served,
}

/// Everything the web routes serve, built once from the embedded files.
#[derive(Debug)]
pub(crate) struct Site {
    /// Every file under `/static/`.
    pub(crate) assets: Vec<Asset>,
    /// Every page of [`Page::all`] whose file is embedded, in that order, naming the hashed
    /// files, in each language of [`Lang::ALL`].
    pub(crate) pages: Vec<(Page, Lang, Served)>,
    /// Each variant's rules text as the developers keep it, in [`Variant::ALL`] order.
    pub(crate) rules: Vec<(Variant, Served)>,
    /// Each variant's rules written for players, in each language of [`Lang::ALL`].
    pub(crate) player_rules: Vec<(Variant, Lang, Served)>,
    /// `/favicon.svg`.
    pub(crate) favicon_svg: Served,
    /// `/favicon.ico`.
    pub(crate) favicon_ico: Served,
    /// The Content-Security-Policy ([`policy`]).
    pub(crate) csp: HeaderValue,
}

/// The site, built the first time it is asked for.
pub(crate) fn site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(Site::build)
}

impl Site {
    /// Builds everything from the embedded files: the hashed names first, since the pages
    /// and the scripts' hashed copies name them, then the policy from the pages as built.
    pub(crate) fn build() -> Site {
        let hashed: Vec<(&str, String)> = static_files()
            .iter()
            .map(|(name, _, _)| (*name, hashed_name(name, embedded())))
            .collect();
        let assets = static_files()
            .iter()
            .zip(&hashed)
            .map(|(&(name, ctype, text), (_, hashed_as))| Asset {
                name,
                hashed: hashed_as.clone(),
                plain: Served::new(ctype, text),
                tagged: Served::new(ctype, tagged_text(name, text, &hashed)),
            })
            .collect();
        let words = Lang::ALL.map(Words::of);
        let pages: Vec<(Page, Lang, Served)> = Page::all()
            .into_iter()
            .filter_map(|p| Some((p, fill_page(&p.source()?, &hashed))))
            .flat_map(|(p, filled)| {
                Lang::ALL
                    .iter()
                    .zip(&words)
                    .map(|(&lang, w)| {
                        let html = w.localise(&filled, p.own_part().as_deref());
                        (p, lang, Served::new(HTML, html))
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        let csp = policy(pages.iter().map(|(_, _, s)| &s.body[..]));
        let rules = Variant::ALL
            .iter()
            .filter_map(|&v| Some((v, rules_text(v)?)))
            .map(|(v, text)| (v, Served::new(MARKDOWN, text)))
            .collect();
        let player_rules = Variant::ALL
            .iter()
            .flat_map(|&v| Lang::ALL.map(|lang| (v, lang)))
            .filter_map(|(v, lang)| Some((v, lang, player_rules_text(v, lang)?)))
            .map(|(v, lang, text)| (v, lang, Served::new(MARKDOWN, text)))
            .collect();
        Site {
            assets,
            pages,
            rules,
            player_rules,
            favicon_svg: Served::new("image/svg+xml", favicon_svg()),
            favicon_ico: Served::new("image/x-icon", favicon_ico()),
            // Hashes and the constant are ASCII: the value is always valid.
            csp: HeaderValue::from_str(&csp)
                .unwrap_or(HeaderValue::from_static("default-src 'self'")),
        }
    }

    /// `page` as served in English, if its file is embedded.
    #[cfg(test)]
    pub(crate) fn page(&self, page: Page) -> Option<&Served> {
        self.page_in(page, Lang::En)
    }

    /// `page` as served in `lang`, if its file is embedded.
    pub(crate) fn page_in(&self, page: Page, lang: Lang) -> Option<&Served> {
        self.pages
            .iter()
            .find(|(p, l, _)| *p == page && *l == lang)
            .map(|(_, _, s)| s)
    }

    /// The rules text of the variant whose id is `id`, if there is one.
    pub(crate) fn rules(&self, id: &str) -> Option<&Served> {
        self.rules
            .iter()
            .find(|(v, _)| v.id() == id)
            .map(|(_, s)| s)
    }

    /// The rules for players of the variant whose id is `id`, in the language whose code is
    /// `lang` (exactly: `en`, `fr`, `ar`), if there are.
    pub(crate) fn player_rules(&self, lang: &str, id: &str) -> Option<&Served> {
        self.player_rules
            .iter()
            .find(|(v, l, _)| l.code() == lang && v.id() == id)
            .map(|(_, _, s)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded::web_file;
    use crate::favicon::data_uri;
    use crate::hashed_imports::{Import, import_closure, imports, preload_modules};

    #[test]
    fn every_module_a_page_loads_is_preloaded_before_its_script() {
        let served =
            |page: Page| String::from_utf8_lossy(&site().page(page).unwrap().body).into_owned();
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
                web_file("match.js")
                    .unwrap()
                    .contains(&format!("import('./{module}.js')")),
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
        for (name, _, text) in static_files() {
            if name.ends_with(".js") && imports(text, Import::Static, embedded()).next().is_none() {
                let page = format!("<script type=\"module\" src=\"/static/{name}\"></script>");
                assert_eq!(preload_modules(&page, embedded()), page);
            }
        }
    }

    #[test]
    fn the_pages_name_only_hashed_files() {
        let site = Site::build();
        assert_eq!(
            site.pages.len(),
            Page::all().len() * Lang::ALL.len(),
            "every page is built in every language"
        );
        for (page, _, served) in &site.pages {
            let html = std::str::from_utf8(&served.body).unwrap();
            assert!(!html.contains("{{"), "{page:?}: every placeholder filled");
            assert!(
                html.contains(&format!(
                    "<link rel=\"icon\" href=\"{}\">",
                    data_uri(favicon_svg())
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
}
