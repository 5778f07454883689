//! [`ApiError`]: every way a REST request fails, mapped once to a status, a stable code and
//! a message (never internal detail).

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use senet_accounts::AccountError;
use senet_protocol::{Args, Detail, Reason};
use serde::Serialize;

/// Every error's body: a stable code and a message for people, and, where the message's
/// words are the server's own, why as a reason with its figures (`Error` in the OpenAPI
/// document).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "Error")]
pub struct ErrorBody {
    /// The stable code (`docs/protocol.md`, "REST").
    pub code: String,
    /// What went wrong, for people.
    pub message: String,
    /// Why, under the code, for a client to say in its own words (`docs/protocol.md`,
    /// "Reasons"); none when only the message can say it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// The figures the reason's words need (a maximum length, a seat).
    #[serde(default, skip_serializing_if = "Args::is_empty")]
    pub args: Args,
}

impl ErrorBody {
    /// The body for `code` and `message`.
    pub fn new(code: &str, message: String) -> ErrorBody {
        ErrorBody {
            code: code.to_owned(),
            message,
            reason: None,
            args: Args::new(),
        }
    }

    /// The body for `code`, said as `detail` (its words, reason and figures).
    pub fn because(code: &str, detail: Detail) -> ErrorBody {
        ErrorBody {
            code: code.to_owned(),
            message: detail.message,
            reason: detail.reason,
            args: detail.args,
        }
    }
}

super::contracts::bodies!(writes: ErrorBody);

/// Every way a REST request fails, each with its HTTP status and stable code.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not the JSON this route takes.
    #[error("{0}")]
    Malformed(String),
    /// The request is well formed but not acceptable.
    #[error("{0}")]
    Invalid(senet_protocol::Detail),
    /// No such variant.
    #[error("unknown variant {0:?}")]
    UnknownVariant(String),
    /// No such match or game.
    #[error("not found")]
    NotFound,
    /// The invite is not one of this match's.
    #[error("that invite is not valid for this match")]
    BadInvite,
    /// The invite's seat is taken.
    #[error("that invite was used already")]
    InviteUsed,
    /// Every seat of the match is taken.
    #[error("every seat of this match is taken")]
    MatchFull,
    /// The joiner's name looks the same as this seat's name.
    #[error("that name looks the same as seat {0}'s name: choose another")]
    NameTaken(u8),
    /// The match's actor is gone.
    #[error("the match is not available")]
    Unavailable,
    /// A browser page from another site tried to open a socket.
    #[error("WebSockets from origin {0:?} are not allowed")]
    OriginNotAllowed(String),
    /// The client's address has as many sockets open as it may.
    #[error("too many connections from your address")]
    TooManyConnections,
    /// The client's address did this too often; try again after the given time.
    #[error("too many requests; try again in {}s", .0.as_secs().max(1))]
    RateLimited(std::time::Duration),
    /// The server holds as many open matches as it may.
    #[error("the server has too many open matches; try again later")]
    TooManyMatches,
    /// Stored data that does not read or replay: logged, never shown to the client.
    #[error("internal error")]
    Internal(String),
    /// An account request failed.
    #[error("{0}")]
    Account(#[from] senet_accounts::AccountError),
}

impl ApiError {
    /// `invalid`: a series' target out of 1 to 99.
    pub fn series_target() -> ApiError {
        ApiError::Invalid(
            Detail::new(Reason::SeriesTarget, "the series target is 1 to 99")
                .with("min", 1_u8)
                .with("max", 99_u8),
        )
    }

    /// `invalid`, said as `reason` (and in English as `message`).
    pub fn invalid(reason: Reason, message: impl Into<String>) -> ApiError {
        ApiError::Invalid(Detail::new(reason, message))
    }

    /// Why, as a code a client says in its own words, and its figures (none when only the
    /// message can say it).
    pub fn reason(&self) -> (Option<Reason>, Args) {
        match self {
            ApiError::Invalid(d) | ApiError::Account(AccountError::Invalid(d)) => {
                (d.reason, d.args.clone())
            }
            ApiError::Account(AccountError::PasskeyRefused(_)) => {
                (Some(Reason::PasskeyUnverified), Args::new())
            }
            ApiError::Account(AccountError::UnknownPlayerKey) => {
                (Some(Reason::UnknownPlayerKey), Args::new())
            }
            _ => (None, Args::new()),
        }
    }

    /// The HTTP status and the stable code.
    pub fn status_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::Malformed(_) => (StatusCode::BAD_REQUEST, "malformed"),
            ApiError::Invalid(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid"),
            ApiError::UnknownVariant(_) => (StatusCode::UNPROCESSABLE_ENTITY, "unknown_variant"),
            ApiError::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::BadInvite => (StatusCode::FORBIDDEN, "bad_invite"),
            ApiError::InviteUsed => (StatusCode::CONFLICT, "invite_used"),
            ApiError::NameTaken(_) => (StatusCode::CONFLICT, "name_taken"),
            ApiError::MatchFull => (StatusCode::CONFLICT, "match_full"),
            ApiError::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "match_unavailable"),
            ApiError::OriginNotAllowed(_) => (StatusCode::FORBIDDEN, "origin_not_allowed"),
            ApiError::TooManyConnections => (StatusCode::TOO_MANY_REQUESTS, "too_many_connections"),
            ApiError::RateLimited(_) => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            ApiError::TooManyMatches => (StatusCode::SERVICE_UNAVAILABLE, "too_many_matches"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
            ApiError::Account(e) => (account_status(e), e.code()),
        }
    }
}

/// The HTTP status of an account error.
fn account_status(e: &AccountError) -> StatusCode {
    match e {
        AccountError::Invalid(_) | AccountError::UnknownPlayerKey => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        AccountError::UsernameTaken | AccountError::PasskeyTaken | AccountError::LastWayIn => {
            StatusCode::CONFLICT
        }
        AccountError::WrongCredentials | AccountError::SignedOut => StatusCode::UNAUTHORIZED,
        AccountError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
        AccountError::CeremonyExpired | AccountError::PasskeyRefused(_) => StatusCode::BAD_REQUEST,
        AccountError::NoSuchPasskey | AccountError::NoSuchAccount => StatusCode::NOT_FOUND,
        AccountError::Closed
        | AccountError::NotModerator
        | AccountError::ChallengeRefused
        | AccountError::Blocked
        | AccountError::Silenced => StatusCode::FORBIDDEN,
        AccountError::ChallengeGone => StatusCode::GONE,
        AccountError::TooManyChallenges(_) => StatusCode::TOO_MANY_REQUESTS,
        AccountError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
        AccountError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_code();
        match &self {
            ApiError::Internal(detail) | ApiError::Account(AccountError::Internal(detail)) => {
                tracing::error!(detail, "internal error");
            }
            ApiError::Account(AccountError::Store(e)) => {
                tracing::error!(error = %e, "store query failed");
            }
            _ => {}
        }
        let wait = match &self {
            ApiError::RateLimited(wait) | ApiError::Account(AccountError::RateLimited(wait)) => {
                Some(*wait)
            }
            _ => None,
        };
        let (reason, args) = self.reason();
        let body = Json(ErrorBody {
            reason,
            args,
            ..ErrorBody::new(code, self.to_string())
        });
        match wait {
            Some(wait) => {
                let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                (
                    status,
                    [(header::RETRY_AFTER, secs.max(1).to_string())],
                    body,
                )
                    .into_response()
            }
            _ => (status, body).into_response(),
        }
    }
}

impl From<senet_protocol::text::NameError> for ApiError {
    fn from(e: senet_protocol::text::NameError) -> ApiError {
        ApiError::Invalid(e.into())
    }
}

impl From<senet_protocol::UsernameError> for ApiError {
    fn from(e: senet_protocol::UsernameError) -> ApiError {
        ApiError::Invalid(e.into())
    }
}

/// An error response in the API's JSON shape, for codes [`ApiError`] does not have.
pub(crate) fn refusal(status: StatusCode, code: &str, message: String) -> Response {
    (status, Json(ErrorBody::new(code, message))).into_response()
}

/// [`refusal`], said as `detail` (its words, reason and figures).
pub(crate) fn refusal_because(status: StatusCode, code: &str, detail: Detail) -> Response {
    (status, Json(ErrorBody::because(code, detail))).into_response()
}

impl From<ApiError> for Response {
    fn from(e: ApiError) -> Response {
        e.into_response()
    }
}

/// Gives axum's own rejections (a body over the limit, a wrong method, an unreadable body or
/// path) the API's JSON error shape, so every error a client sees has a code. A page (the
/// web client's "no such match") stays a page.
pub(crate) async fn json_errors(res: Response) -> Response {
    let status = res.status();
    let content_type = res.headers().get(header::CONTENT_TYPE);
    let is_json = content_type.is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let is_html = content_type.is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json || is_html {
        return res;
    }
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::UNPROCESSABLE_ENTITY => "invalid",
        StatusCode::TOO_MANY_REQUESTS => "rate_limited",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        s if s.is_client_error() => "malformed",
        _ => "internal",
    };
    let (parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let message = String::from_utf8_lossy(&text).trim().to_owned();
    let message = if message.is_empty() {
        status.canonical_reason().unwrap_or("error").to_owned()
    } else {
        message
    };
    let mut res = (status, Json(ErrorBody::new(code, message))).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            res.headers_mut().insert(name, value.clone());
        }
    }
    res
}

/// The refusal of a new match (created, paired or against a bot) to an address that has as
/// many unfinished matches as it may (`--max-open-per-address`), however it got them.
pub(crate) fn too_many_open(max: u32) -> Response {
    refusal(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_matches",
        format!("your address has {max} matches that are not finished; finish one first"),
    )
}
