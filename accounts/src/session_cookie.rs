//! A session's secret and the cookie that carries it: `HttpOnly` (no script reads it),
//! `SameSite=Lax` (no other site's form or fetch sends it), `Secure` where the site is served
//! over TLS, for the whole site, with no `Max-Age` beyond a year. The store keeps only the
//! secret's digest.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::account_error::AccountError;

/// The cookie's name.
pub const COOKIE: &str = "senet_session";

/// How long a browser keeps the cookie (a session row lives until signed out).
const MAX_AGE_SECS: u64 = 365 * 24 * 3600;

/// A new session secret: 256 random bits, base64url.
///
/// # Errors
/// [`AccountError::Internal`] when the system has no randomness.
pub fn new_secret() -> Result<String, AccountError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| AccountError::Internal(e.to_string()))?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// The `Set-Cookie` value that gives a browser `secret`.
pub fn set_cookie(secret: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age={MAX_AGE_SECS}{secure}")
}

/// The `Set-Cookie` value that makes a browser forget its session cookie.
pub fn clear_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}")
}

/// The session secret among a request's `Cookie` header values: the first `senet_session`
/// that could be one of ours (43 base64url characters). Anything else is no session.
pub fn secret_in<'a>(cookie_headers: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    cookie_headers
        .flat_map(|h| h.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
        .find(|v| {
            v.len() == 43
                && v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_and_same_site() {
        let s = new_secret().unwrap();
        assert_eq!(s.len(), 43);
        let c = set_cookie(&s, false);
        assert!(c.starts_with(&format!("senet_session={s};")));
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax") && !c.contains("Secure"));
        assert!(set_cookie(&s, true).ends_with("; Secure"));
        assert!(clear_cookie(false).contains("Max-Age=0"));
    }

    #[test]
    fn the_secret_is_found_among_other_cookies() {
        let s = new_secret().unwrap();
        let header = format!("theme=dark; senet_session={s}; other=1");
        assert_eq!(secret_in([header.as_str()].into_iter()), Some(s.as_str()));
        assert_eq!(secret_in(["senet_session=short"].into_iter()), None);
        assert_eq!(secret_in(["senet_sessionx=abc"].into_iter()), None);
        let bad = format!("senet_session={}", "!".repeat(43));
        assert_eq!(secret_in([bad.as_str()].into_iter()), None);
    }
}
