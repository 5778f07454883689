//! A body served from memory: its content type, strong validator and compressed copies, and
//! the answer to a `GET` for it ([`serve`]), which brings the other concerns together:
//! revalidation ([`crate::conditional`]), the coding ([`crate::precompressed`]), the cache
//! policy and the document headers ([`crate::csp`]).

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::conditional::{revalidated, strong_etag};
use crate::csp::{nosniff, secure};
use crate::precompressed::{Coding, Precompressed, worth_compressing};

/// `Cache-Control` of a URL whose content may change: revalidate (with the `ETag`) each time.
pub(crate) const REVALIDATE: &str = "no-cache";

/// `Cache-Control` of a content-hashed URL: what it names never changes.
pub(crate) const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A body served from memory, with its content type and strong validator.
#[derive(Debug)]
pub(crate) struct Served {
    /// The `Content-Type`.
    pub(crate) content_type: &'static str,
    /// The body, uncompressed.
    pub(crate) body: Bytes,
    /// The strong validator ([`strong_etag`]).
    pub(crate) etag: String,
    /// The body in each coding, made the first time an answer needs it.
    compressed: Precompressed,
}

impl Served {
    /// `body`, served as `content_type`.
    pub(crate) fn new(content_type: &'static str, body: impl Into<Bytes>) -> Served {
        let body = body.into();
        Served {
            content_type,
            etag: strong_etag(&body),
            body,
            compressed: Precompressed::default(),
        }
    }

    /// Whether the body is worth compressing ([`worth_compressing`]).
    fn compressible(&self) -> bool {
        worth_compressing(self.content_type, self.body.len())
    }

    /// The body in `coding`, compressed the first time it is asked for. Slow (brotli's best
    /// quality): call it on a blocking thread.
    fn encoded(&self, coding: Coding) -> Bytes {
        self.compressed.get(&self.body, coding)
    }
}

/// `served` with its validator and `cache` policy, compressed as the request allows (see the
/// crate docs); `304` when the request already has it. `policy` is the site's
/// Content-Security-Policy, for an answer a browser could open as a document.
pub(crate) async fn serve(
    headers: &HeaderMap,
    served: &'static Served,
    cache: &'static str,
    policy: &HeaderValue,
) -> Response {
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
        secure(res, policy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded::web_file;
    use crate::favicon::favicon_ico;

    #[test]
    fn a_body_is_compressed_once_per_coding_and_decodes_to_itself() {
        let served = Served::new("text/css; charset=utf-8", web_file("style.css").unwrap());
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
}
