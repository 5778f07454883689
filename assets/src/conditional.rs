//! Validators and conditional requests: strong `ETag`s, one per representation, and
//! `If-None-Match` answered with `304 Not Modified`.
//!
//! Written here rather than taken from a crate: a compressed representation's tag is the
//! body's tag with the coding as a suffix (`"<tag>-gzip"`, `"<tag>-br"`), any of them
//! revalidates, and the `304` names the tag as the request sent it. The typed headers of the
//! `headers` crate compare whole tags only, and tower-http's file service reads files from
//! the disk and makes its validators of their times and sizes, which a body built in memory
//! does not have.

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use sha2::{Digest, Sha256};

/// The content codings a representation's tag may name as its suffix.
const CODINGS: [&str; 2] = ["gzip", "br"];

/// The strong validator of `body`: `"<hex>"`, 128 bits of its SHA-256, quoted.
pub(crate) fn strong_etag(body: &[u8]) -> String {
    let digest = hex::encode(Sha256::digest(body));
    format!("\"{}\"", &digest[..32])
}

/// The entity tag of `If-None-Match` that names `etag` (in any coding, weak or strong), as it
/// was sent: what a `304` answers with.
pub(crate) fn revalidated(headers: &HeaderMap, etag: &str) -> Option<HeaderValue> {
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

/// A compressed response's strong `ETag` names its coding: `"<tag>-gzip"`, `"<tag>-br"`.
pub(crate) async fn tag_encoding<B>(mut res: Response<B>) -> Response<B> {
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_tag_is_128_bits_of_the_body_s_sha256() {
        let tag = strong_etag(b"abc");
        // `printf abc | sha256sum`, its first 32 hex digits.
        assert_eq!(tag, "\"ba7816bf8f01cfea414140de5dae2223\"");
    }
}
