//! The REST API (lobby, verification, OpenAPI) and the WebSocket upgrade route.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use crate::app_state::AppState;

pub(crate) mod access;
pub mod account_routes;
mod analysis_route;
mod chances;
mod chat;
pub(crate) mod contracts;
pub(crate) mod error;
mod finished;
pub(crate) mod inputs;
pub(crate) mod lobby;
mod match_list;
mod moderation_routes;
mod openapi;
pub(crate) mod people_routes;
pub(crate) mod people_socket;
mod pool;
mod quick_route;
mod review;
pub mod scoreboard;
mod seek_routes;
mod seeker_input;
pub mod signed_in;
pub(crate) mod tournament_routes;
mod tv_route;

use error::json_errors;
pub use error::{ApiError, ErrorBody};
pub use inputs::ClientIp;
use inputs::guard_writes;
use lobby::*;
pub use openapi::openapi_doc;
use openapi::{openapi, protocol_schema};

/// Every route: method and path, as the router and the OpenAPI document write them.
pub const ROUTES: &[(&str, &str)] = &[
    ("get", "/healthz"),
    ("get", "/metrics"),
    ("get", "/api/openapi.json"),
    ("get", "/api/protocol.schema.json"),
    ("get", "/api/variants"),
    ("get", "/api/matches"),
    ("post", "/api/matches"),
    ("get", "/api/matches/{id}"),
    ("post", "/api/matches/{id}/join"),
    ("get", "/api/matches/{id}/games/{game}"),
    ("post", "/api/verify"),
    ("get", "/ws/matches/{id}"),
    ("get", "/api/matches/{id}/scoreboard"),
    ("post", "/api/players"),
    ("get", "/api/players/{player_id}/history"),
    ("get", "/api/leaderboard"),
    ("get", "/api/matches/{id}/chat"),
    ("get", "/api/matches/{id}/games/{game}/chances"),
    ("get", "/api/matches/{id}/games/{game}/review"),
    ("post", "/api/analysis"),
    ("post", "/api/quick"),
    ("get", "/api/quick/{ticket}"),
    ("delete", "/api/quick/{ticket}"),
    ("get", "/api/seeks"),
    ("post", "/api/seeks"),
    ("post", "/api/seeks/{id}/join"),
    ("get", "/api/tv"),
    ("get", "/api/me"),
    ("post", "/api/accounts"),
    ("post", "/api/accounts/passkey"),
    ("post", "/api/accounts/passkey/finish"),
    ("post", "/api/session"),
    ("post", "/api/session/passkey"),
    ("post", "/api/session/passkey/finish"),
    ("post", "/api/session/end"),
    ("post", "/api/session/end-everywhere"),
    ("post", "/api/me/passkeys"),
    ("post", "/api/me/passkeys/finish"),
    ("post", "/api/me/passkeys/{id}/remove"),
    ("get", "/api/me/export"),
    ("post", "/api/me/delete"),
    ("get", "/api/me/blocks"),
    ("post", "/api/me/blocks"),
    ("post", "/api/me/blocks/remove"),
    ("post", "/api/reports"),
    ("get", "/api/admin/reports"),
    ("get", "/ws/people"),
    ("get", "/api/online"),
    ("get", "/api/challenges"),
    ("post", "/api/challenges"),
    ("post", "/api/challenges/{id}/accept"),
    ("post", "/api/challenges/{id}/decline"),
    ("post", "/api/challenges/{id}/cancel"),
    ("get", "/api/me/follows"),
    ("post", "/api/me/follows"),
    ("post", "/api/me/follows/remove"),
    ("get", "/@/{username}"),
    ("post", "/api/admin/accounts/close"),
    ("post", "/api/admin/accounts/silence"),
    ("get", "/api/tournaments"),
    ("post", "/api/tournaments"),
    ("get", "/api/tournaments/{id}"),
    ("post", "/api/tournaments/{id}/join"),
    ("post", "/api/tournaments/{id}/leave"),
];

/// The largest request body any route takes.
pub const MAX_BODY: usize = 1024 * 1024;

/// The router of the whole service (compressed: [`senet_assets::compressed`]).
pub fn router(state: AppState) -> Router {
    // Only the POST routes are guarded, so that a wrong method anywhere gets the router's 405.
    let guard = axum::middleware::from_fn_with_state(state.clone(), guard_writes);
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/openapi.json", get(openapi))
        .route("/api/protocol.schema.json", get(protocol_schema))
        .route("/api/variants", get(variants))
        .route(
            "/api/matches",
            get(match_list::list_matches).merge(post(create_match).layer(guard.clone())),
        )
        .route("/api/matches/{id}", get(get_match))
        .route(
            "/api/matches/{id}/join",
            post(join_match).layer(guard.clone()),
        )
        .route("/api/matches/{id}/games/{game}", get(game_record))
        // A game record to check may be up to the upload cap (a long game's is a few
        // hundred KiB).
        .route(
            "/api/verify",
            post(verify)
                .layer(DefaultBodyLimit::max(senet_match::record::MAX_UPLOAD_BYTES))
                .layer(guard.clone()),
        )
        .route(
            "/api/analysis",
            post(analysis_route::analysis).layer(guard.clone()),
        )
        .route("/ws/matches/{id}", get(ws_upgrade))
        .route(
            "/api/players",
            post(scoreboard::create_player).layer(guard.clone()),
        )
        .route("/api/quick", post(quick_route::enter).layer(guard.clone()))
        .route(
            "/api/seeks",
            get(seek_routes::list).merge(post(seek_routes::post).layer(guard.clone())),
        )
        .route(
            "/api/seeks/{id}/join",
            post(seek_routes::join).layer(guard.clone()),
        )
        .route("/api/me", get(account_routes::me))
        .route(
            "/api/accounts",
            post(account_routes::sign_up).layer(guard.clone()),
        )
        .route(
            "/api/accounts/passkey",
            post(account_routes::begin_passkey_sign_up).layer(guard.clone()),
        )
        .route(
            "/api/accounts/passkey/finish",
            post(account_routes::finish_passkey_sign_up).layer(guard.clone()),
        )
        .route(
            "/api/session",
            post(account_routes::sign_in).layer(guard.clone()),
        )
        .route(
            "/api/session/passkey",
            post(account_routes::begin_passkey_sign_in).layer(guard.clone()),
        )
        .route(
            "/api/session/passkey/finish",
            post(account_routes::finish_passkey_sign_in).layer(guard.clone()),
        )
        .route(
            "/api/session/end",
            post(account_routes::sign_out).layer(guard.clone()),
        )
        .route(
            "/api/session/end-everywhere",
            post(account_routes::sign_out_everywhere).layer(guard.clone()),
        )
        .route(
            "/api/me/passkeys",
            post(account_routes::begin_adding_passkey).layer(guard.clone()),
        )
        .route(
            "/api/me/passkeys/finish",
            post(account_routes::finish_adding_passkey).layer(guard.clone()),
        )
        .route(
            "/api/me/passkeys/{id}/remove",
            post(account_routes::remove_passkey).layer(guard.clone()),
        )
        .route("/api/me/export", get(account_routes::export))
        .route(
            "/api/me/delete",
            post(account_routes::delete).layer(guard.clone()),
        )
        .route(
            "/api/me/blocks",
            get(moderation_routes::list_blocks)
                .merge(post(moderation_routes::block).layer(guard.clone())),
        )
        .route(
            "/api/me/blocks/remove",
            post(moderation_routes::unblock).layer(guard.clone()),
        )
        .route(
            "/api/reports",
            post(moderation_routes::report).layer(guard.clone()),
        )
        .route("/api/admin/reports", get(moderation_routes::reports))
        .route("/ws/people", get(people_routes::people_socket))
        .route("/api/online", get(people_routes::online))
        .route("/@/{username}", get(people_routes::by_name))
        .route(
            "/api/challenges",
            get(people_routes::list).merge(post(people_routes::send).layer(guard.clone())),
        )
        .route(
            "/api/challenges/{id}/accept",
            post(people_routes::accept).layer(guard.clone()),
        )
        .route(
            "/api/challenges/{id}/decline",
            post(people_routes::decline).layer(guard.clone()),
        )
        .route(
            "/api/challenges/{id}/cancel",
            post(people_routes::cancel).layer(guard.clone()),
        )
        .route(
            "/api/me/follows",
            get(people_routes::list_follows)
                .merge(post(people_routes::follow).layer(guard.clone())),
        )
        .route(
            "/api/me/follows/remove",
            post(people_routes::unfollow).layer(guard.clone()),
        )
        .route(
            "/api/admin/accounts/close",
            post(moderation_routes::close).layer(guard.clone()),
        )
        .route(
            "/api/admin/accounts/silence",
            post(moderation_routes::silence).layer(guard.clone()),
        )
        .route(
            "/api/tournaments",
            get(tournament_routes::list)
                .merge(post(tournament_routes::create).layer(guard.clone())),
        )
        .route("/api/tournaments/{id}", get(tournament_routes::get))
        .route(
            "/api/tournaments/{id}/join",
            post(tournament_routes::join).layer(guard.clone()),
        )
        .route(
            "/api/tournaments/{id}/leave",
            post(tournament_routes::leave).layer(guard),
        )
        .route(
            "/api/quick/{ticket}",
            get(quick_route::poll).delete(quick_route::leave),
        )
        .route("/api/tv", get(tv_route::channel))
        .merge(scoreboard::router())
        .merge(chat::router())
        .merge(chances::router())
        .merge(review::router())
        .merge(senet_assets::routes())
        .fallback(not_found)
        // Every other body is small.
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(state);
    senet_assets::compressed(app)
}

/// An address with no route: a browser asking for a page gets the "No such page" page, any
/// other client (and anything under `/api/` or `/ws/`) the JSON `not_found`.
async fn not_found(
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let wants_page = inputs::accepts_html(&headers);
    let path = uri.path();
    if wants_page && !path.starts_with("/api/") && !path.starts_with("/ws/") {
        senet_assets::no_such_page(headers).await
    } else {
        ApiError::NotFound.into_response()
    }
}
