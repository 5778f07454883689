//! Compression of what is made per request (JSON answers to `GET`, the 404 pages): tower-http's
//! `CompressionLayer` around the whole service, with the answers it must leave alone.
//!
//! What is served from memory arrives here compressed already ([`crate::precompressed`]),
//! and the layer passes over an answer that has a `Content-Encoding`.

use axum::Router;
use axum::extract::Request;
use axum::http::{Extensions, HeaderMap, Method, StatusCode, Version};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};

use crate::conditional::tag_encoding;

/// The service with compression and its validators (see the crate docs): wraps the whole
/// router, outside every other layer, so that they see the bodies uncompressed.
pub fn compressed(router: Router) -> Router {
    router
        .layer(axum::middleware::from_fn(mark_writes))
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .br(true)
                // Brotli's default (11) is its slowest setting, meant for compressing once
                // ahead of time; 4 suits compressing each answer as it is sent. The one level
                // applies to gzip too.
                .quality(CompressionLevel::Precise(4))
                .compress_when(DefaultPredicate::new().and(compressible)),
        )
        .layer(axum::middleware::map_response(tag_encoding))
}

/// Marks a response that must not be compressed.
#[derive(Clone, Copy, Debug)]
struct Uncompressed;

/// Marks the answer to anything but a read (`GET`, `HEAD`): it may carry a fresh secret, and a
/// compressed secret next to text the client chose is what BREACH measures.
async fn mark_writes(req: Request, next: Next) -> Response {
    let read = matches!(*req.method(), Method::GET | Method::HEAD);
    let mut res = next.run(req).await;
    if !read {
        res.extensions_mut().insert(Uncompressed);
    }
    res
}

/// Beyond tower-http's defaults: not a protocol switch (the WebSocket upgrade), not a marked
/// response.
fn compressible(status: StatusCode, _: Version, _: &HeaderMap, ext: &Extensions) -> bool {
    status != StatusCode::SWITCHING_PROTOCOLS && ext.get::<Uncompressed>().is_none()
}
