//! The Content-Security-Policy, which allows the pages' inline scripts by their SHA-256, and
//! the other headers of an answer a browser could open as a document.
//!
//! The policy is computed from the pages as they are served (when the site is built), so an
//! edit to an inline script cannot leave it blocked, and nothing else inline can run. No
//! crate builds a policy from the documents it guards; the hash sources are SHA-256 (`sha2`)
//! in standard base64 (`base64`).

use std::collections::BTreeSet;

use axum::http::{HeaderValue, header};
use axum::response::Response;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

/// The Content-Security-Policy of every page and asset: `{{inline}}` is filled with the
/// hashes of the pages' inline scripts ([`policy`]).
const CSP: &str = "default-src 'self'; script-src 'self'{{inline}}; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The Content-Security-Policy for `pages` as they are served: [`CSP`] with the hash of
/// each of their inline scripts ([`inline_scripts`]) allowed.
pub(crate) fn policy<'a>(pages: impl Iterator<Item = &'a [u8]>) -> String {
    let mut hashes = BTreeSet::new();
    for page in pages {
        for script in inline_scripts(&String::from_utf8_lossy(page)) {
            hashes.insert(format!(" {}", hash_source(script)));
        }
    }
    CSP.replace("{{inline}}", &hashes.into_iter().collect::<String>())
}

/// The source expression that allows `script`: `'sha256-<base64>'`.
fn hash_source(script: &str) -> String {
    format!("'sha256-{}'", base64(&Sha256::digest(script)))
}

/// `bytes` in standard base64, with padding (as a CSP hash source wants).
fn base64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// The text of each inline script of `html`: between a bare `<script>` and its `</script>`
/// (a script with attributes, as `<script type="module" src=…>`, is not inline here: the
/// pages name their files).
pub(crate) fn inline_scripts(html: &str) -> Vec<&str> {
    html.split("<script>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</script>").map(|(script, _)| script))
        .collect()
}

/// `X-Content-Type-Options: nosniff`: the answer is read as its content type says, only.
pub(crate) fn nosniff(mut res: Response) -> Response {
    res.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}

/// The headers of an answer a browser could open as a document: the policy, no framing, no
/// referrer, and [`nosniff`]. `policy` is the site's, as [`policy()`] makes it.
pub(crate) fn secure(res: Response, policy: &HeaderValue) -> Response {
    let mut res = nosniff(res);
    let h = res.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, policy.clone());
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded::web_file;
    use crate::pages::Page;
    use crate::site::Site;

    #[test]
    fn the_policy_allows_each_inline_script_of_the_pages_by_its_hash() {
        let site = Site::build();
        let csp = site.csp.to_str().unwrap();
        let (head, tail) = CSP.split_once("{{inline}}").unwrap();
        assert!(csp.starts_with(head) && csp.ends_with(tail), "{csp}");
        let scripts: Vec<&str> = site
            .pages
            .iter()
            // Every language's page has the same inline script.
            .filter(|(_, lang, _)| *lang == crate::lang::Lang::En)
            .flat_map(|(_, _, s)| inline_scripts(std::str::from_utf8(&s.body).unwrap()))
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
        let page = site.page(Page::Match).expect("the match page").body.clone();
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
        let match_page = web_file("match.html").unwrap();
        assert_eq!(
            tail(inline_scripts(match_page)[0], "hello.tail ="),
            tail(web_file("match.js").unwrap(), "const TAIL =")
        );
    }
}
