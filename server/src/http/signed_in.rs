//! Who a request is signed in as: [`SignedIn`] (or 401 `signed_out`) and [`MaybeSignedIn`]
//! read the session cookie for any route (`docs/accounts.md`).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use senet_accounts::AccountError;
use senet_accounts::session_cookie::secret_in;
use senet_store::sql::account_rows::AccountRow;

use crate::AppState;
use crate::http::ApiError;

/// The session secret a request's cookie carries, if any.
pub(crate) fn session_secret(headers: &HeaderMap) -> Option<String> {
    secret_in(
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok()),
    )
    .map(str::to_owned)
}

/// The signed-in account of a request (401 `signed_out` without one).
#[derive(Debug)]
pub struct SignedIn {
    /// The account.
    pub account: AccountRow,
    /// The session's secret (to end it).
    pub(crate) secret: String,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let secret = session_secret(&parts.headers).ok_or(AccountError::SignedOut)?;
        let account = state
            .accounts
            .session(&secret)
            .await?
            .ok_or(AccountError::SignedOut)?;
        Ok(SignedIn { account, secret })
    }
}

/// The signed-in account of a request, if any (a route guests may use too).
#[derive(Debug)]
pub struct MaybeSignedIn(pub Option<AccountRow>);

impl FromRequestParts<AppState> for MaybeSignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Some(secret) = session_secret(&parts.headers) else {
            return Ok(MaybeSignedIn(None));
        };
        Ok(MaybeSignedIn(state.accounts.session(&secret).await?))
    }
}
