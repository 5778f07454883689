//! Compression done once per body: what is served from memory is compressed the first time a
//! request asks for a coding, at the best and slowest settings (brotli quality 11, gzip level
//! 9), and kept.
//!
//! tower-http's `CompressionLayer` compresses each answer as it is sent, so it suits answers
//! made per request ([`crate::compressed`]) but would spend quality 11 on every request for
//! the same bytes; its `ServeDir` sends precompressed copies only as files on disk beside the
//! originals, and these bodies are made in memory (pages filled in, scripts linked to their
//! imports' hashed copies). The encoders themselves are the `brotli` and `flate2` crates.

use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::{HeaderMap, header};

/// A content coding of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Coding {
    /// The body as it is.
    Identity,
    /// `gzip`.
    Gzip,
    /// `br` (brotli).
    Br,
}

impl Coding {
    /// The coding an answer takes: brotli if `Accept-Encoding` allows it, else gzip, else
    /// none. A coding is allowed when it is named with a quality above 0 (`*` is not read:
    /// browsers name what they accept).
    pub(crate) fn accepted(headers: &HeaderMap) -> Coding {
        let (mut gzip, mut br) = (false, false);
        let items = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','));
        for item in items {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let quality = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok());
            let allowed = quality.is_some_and(|q| q > 0.0);
            if name.eq_ignore_ascii_case("br") {
                br = allowed;
            } else if name.eq_ignore_ascii_case("gzip") {
                gzip = allowed;
            }
        }
        match (br, gzip) {
            (true, _) => Coding::Br,
            (false, true) => Coding::Gzip,
            (false, false) => Coding::Identity,
        }
    }

    /// The `Content-Encoding` value.
    pub(crate) fn name(self) -> Option<&'static str> {
        match self {
            Coding::Identity => None,
            Coding::Gzip => Some("gzip"),
            Coding::Br => Some("br"),
        }
    }
}

/// `body` in gzip at its best level (9).
fn gzip_best(body: &[u8]) -> Bytes {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let done = encoder.write_all(body).and_then(|()| encoder.finish());
    done.map(Bytes::from).unwrap_or_default()
}

/// `body` in brotli at its best quality (11), with a 4 MiB window (more than any body here).
fn brotli_best(body: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 3);
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    match brotli::BrotliCompress(&mut &body[..], &mut out, &params) {
        Ok(_) => Bytes::from(out),
        // Reading a slice and writing to a Vec cannot fail.
        Err(_) => Bytes::new(),
    }
}

/// Whether a body is worth compressing: text or SVG (other images are compressed already), of
/// 32 bytes or more.
pub(crate) fn worth_compressing(content_type: &str, len: usize) -> bool {
    len >= 32 && (content_type.starts_with("text/") || content_type == "image/svg+xml")
}

/// A body's compressed copies, each made the first time an answer needs it.
#[derive(Debug, Default)]
pub(crate) struct Precompressed {
    /// The body in gzip.
    gzip: OnceLock<Bytes>,
    /// The body in brotli.
    br: OnceLock<Bytes>,
}

impl Precompressed {
    /// `body` (the one these copies are of) in `coding`, compressed the first time it is
    /// asked for. Slow (brotli's best quality): call it on a blocking thread.
    pub(crate) fn get(&self, body: &Bytes, coding: Coding) -> Bytes {
        match coding {
            Coding::Identity => body.clone(),
            Coding::Gzip => self.gzip.get_or_init(|| gzip_best(body)).clone(),
            Coding::Br => self.br.get_or_init(|| brotli_best(body)).clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_coding_is_brotli_then_gzip_as_accept_encoding_allows() {
        let chosen = |sent: &[&str]| {
            let mut h = HeaderMap::new();
            for v in sent {
                h.append(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
            }
            Coding::accepted(&h)
        };
        assert_eq!(chosen(&["gzip, deflate, br, zstd"]), Coding::Br);
        assert_eq!(chosen(&["gzip", "br"]), Coding::Br);
        assert_eq!(chosen(&["BR;q=0.5, gzip;q=1"]), Coding::Br);
        assert_eq!(chosen(&["br;q=0, gzip"]), Coding::Gzip);
        assert_eq!(chosen(&["br; q=0.000", "gzip;q=0.1"]), Coding::Gzip);
        assert_eq!(chosen(&["gzip;q=0", "identity"]), Coding::Identity);
        assert_eq!(chosen(&["br;q=x"]), Coding::Identity);
        assert_eq!(chosen(&["*"]), Coding::Identity);
        assert_eq!(chosen(&[]), Coding::Identity);
    }
}
