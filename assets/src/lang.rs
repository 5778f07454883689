//! The languages the site is written in, and which one a request gets.
//!
//! Which language: the reader's choice, kept in the `senet_lang` cookie by the pages' switch,
//! else the first language of the request's `Accept-Language` (by its weights) that the site
//! has, else English.

use axum::http::{HeaderMap, header};

/// A language the site is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lang {
    /// English: the catalogues' source.
    En,
    /// French.
    Fr,
    /// Arabic, written right to left.
    Ar,
}

/// The cookie the language switch keeps a reader's choice in.
pub const COOKIE: &str = "senet_lang";

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Ar];

    /// The language's BCP 47 code, as in `<html lang>` and the catalogues' folder names.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Ar => "ar",
        }
    }

    /// The direction its text runs: `rtl` or `ltr`.
    pub fn dir(self) -> &'static str {
        match self {
            Lang::Ar => "rtl",
            Lang::En | Lang::Fr => "ltr",
        }
    }

    /// The language a tag names by its primary subtag (`fr-CA` is French), if the site has
    /// it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim();
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The language of a request: its `senet_lang` cookie, else its `Accept-Language`, else
    /// English.
    pub fn of_request(headers: &HeaderMap) -> Lang {
        let chosen = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == COOKIE)
            .and_then(|(_, value)| Lang::from_tag(value));
        chosen
            .or_else(|| {
                let accepted = headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
                // By the header's weights, highest first.
                accept_language::parse(accepted)
                    .iter()
                    .find_map(|tag| Lang::from_tag(tag))
            })
            .unwrap_or(Lang::En)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(name, HeaderValue::from_str(value).unwrap());
        }
        h
    }

    #[test]
    fn a_request_s_language_is_its_choice_then_its_accept_language_then_english() {
        assert_eq!(Lang::of_request(&HeaderMap::new()), Lang::En);
        let accept = |v| headers(&[(header::ACCEPT_LANGUAGE, v)]);
        assert_eq!(
            Lang::of_request(&accept("ar-EG,ar;q=0.9,en;q=0.8")),
            Lang::Ar
        );
        assert_eq!(
            Lang::of_request(&accept("de-DE, fr-CA;q=0.7, en;q=0.5")),
            Lang::Fr
        );
        // By weight, not by place in the header.
        assert_eq!(Lang::of_request(&accept("en;q=0.2, ar;q=0.9")), Lang::Ar);
        assert_eq!(Lang::of_request(&accept("de, ja")), Lang::En);
        assert_eq!(Lang::of_request(&accept("*")), Lang::En);
        let both = headers(&[
            (header::ACCEPT_LANGUAGE, "ar"),
            (header::COOKIE, "a=1; senet_lang=fr; b=2"),
        ]);
        assert_eq!(Lang::of_request(&both), Lang::Fr, "the switch wins");
        let unknown = headers(&[
            (header::ACCEPT_LANGUAGE, "ar"),
            (header::COOKIE, "senet_lang=xx"),
        ]);
        assert_eq!(
            Lang::of_request(&unknown),
            Lang::Ar,
            "a choice the site lacks is ignored"
        );
    }
}
