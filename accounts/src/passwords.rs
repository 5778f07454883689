//! Passwords: hashed with argon2id (the crate's defaults: 19 MiB, two passes), kept as a PHC
//! string. Hashing takes tens of milliseconds of one core, so it runs on the blocking pool.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::account_error::AccountError;
use senet_protocol::{Detail, Reason};

/// The fewest characters a password has.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The most bytes a password has (hashing a longer one would cost no more, but a bound keeps
/// a request's work known).
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// Checks a new password's length.
///
/// # Errors
/// [`AccountError::Invalid`] saying which bound it breaks.
pub fn check_new_password(password: &str) -> Result<(), AccountError> {
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(AccountError::Invalid(
            Detail::new(
                Reason::PasswordTooShort,
                format!("a password has at least {MIN_PASSWORD_CHARS} characters"),
            )
            .with("min", MIN_PASSWORD_CHARS),
        ));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(AccountError::Invalid(
            Detail::new(
                Reason::PasswordTooLong,
                format!("a password has at most {MAX_PASSWORD_BYTES} bytes"),
            )
            .with("max", MAX_PASSWORD_BYTES),
        ));
    }
    Ok(())
}

/// The PHC string of `password` with a fresh salt.
///
/// # Errors
/// [`AccountError::Internal`] when the system has no randomness or hashing fails.
pub fn hash(password: &str) -> Result<String, AccountError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| AccountError::Internal(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| AccountError::Internal(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AccountError::Internal(e.to_string()))
}

/// Whether `password` is the one `phc` was made of. A PHC string that does not parse
/// matches nothing.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// [`hash`] on the blocking pool.
///
/// # Errors
/// As [`hash`].
pub async fn hash_off_thread(password: String) -> Result<String, AccountError> {
    tokio::task::spawn_blocking(move || hash(&password))
        .await
        .map_err(|e| AccountError::Internal(e.to_string()))?
}

/// [`verify`] on the blocking pool.
pub async fn verify_off_thread(password: String, phc: String) -> bool {
    tokio::task::spawn_blocking(move || verify(&password, &phc))
        .await
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_own_hash_only() {
        let phc = hash("correct horse").unwrap();
        assert!(phc.starts_with("$argon2id$"), "{phc}");
        assert!(verify("correct horse", &phc));
        assert!(!verify("correct horsf", &phc));
        assert!(!verify("correct horse", "not a phc string"));
        assert_ne!(
            hash("correct horse").unwrap(),
            phc,
            "a fresh salt each time"
        );
    }

    #[test]
    fn new_passwords_have_bounds() {
        assert!(check_new_password("1234567").is_err());
        assert!(check_new_password("12345678").is_ok());
        assert!(check_new_password(&"x".repeat(1025)).is_err());
    }
}
