//! An account's name ([`Username`]): a display name by the rules every name follows
//! ([`check_name`]), unique among accounts in two ways the store's unique indexes keep: by
//! its [`Username::key`] (the same letters, case aside) and by its [`Username::look`] (no
//! name that a reader would take for another: "Аna" with a Cyrillic А is "Ana").

use crate::text::{NameError, check_name, look_of};
use unicode_normalization::UnicodeNormalization;

/// The fewest characters an account's name has (a one-letter name is too easy to take for
/// a seat's default "seat 1" initial, and to guess).
pub const MIN_USERNAME_CHARS: usize = 2;

/// An account's name, checked: as shown, and the two forms that keep names unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Username {
    shown: String,
    key: String,
    look: String,
}

/// Why a name cannot be an account's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UsernameError {
    /// It breaks a rule every name follows.
    #[error(transparent)]
    Name(#[from] NameError),
    /// Fewer than [`MIN_USERNAME_CHARS`] characters.
    #[error("a name has at least 2 characters")]
    TooShort,
}

impl From<UsernameError> for crate::Detail {
    fn from(e: UsernameError) -> crate::Detail {
        match e {
            UsernameError::Name(e) => e.into(),
            UsernameError::TooShort => {
                crate::Detail::new(crate::Reason::UsernameTooShort, e.to_string())
                    .with("min", MIN_USERNAME_CHARS)
            }
        }
    }
}

impl Username {
    /// Checks `name` (NFC, format characters removed, trimmed: [`check_name`]'s rules) and
    /// derives its unique forms.
    ///
    /// # Errors
    /// [`UsernameError`] when it breaks a rule.
    pub fn parse(name: &str) -> Result<Username, UsernameError> {
        let shown = check_name(Some(name.to_owned()), String::new())?;
        if shown.chars().count() < MIN_USERNAME_CHARS {
            return Err(UsernameError::TooShort);
        }
        // Lower case can leave a string that is not NFC ("İ"), so normalise again.
        let key = shown.to_lowercase().nfc().collect();
        let look = look_of(&shown);
        Ok(Username { shown, key, look })
    }

    /// The name as its owner wrote it (NFC, trimmed).
    pub fn as_str(&self) -> &str {
        &self.shown
    }

    /// The name in lower case (NFC): two names with the same key are one name, and signing in
    /// takes any case.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// What the name looks like ([`look_of`]): no two accounts share one.
    pub fn look(&self) -> &str {
        &self.look
    }
}

impl std::fmt::Display for Username {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_kept_as_written_and_keyed_in_lower_case() {
        let u = Username::parse("  Ana María ").unwrap();
        assert_eq!(u.as_str(), "Ana María");
        assert_eq!(u.key(), "ana maría");
    }

    #[test]
    fn composed_and_decomposed_letters_are_one_name() {
        let composed = Username::parse("Jos\u{e9}").unwrap();
        let decomposed = Username::parse("Jose\u{301}").unwrap();
        assert_eq!(composed.key(), decomposed.key());
        assert_eq!(composed.as_str(), decomposed.as_str());
    }

    #[test]
    fn look_alike_names_share_a_look() {
        let latin = Username::parse("Ana").unwrap();
        for other in ["\u{410}na", "ANA", "Ana\u{200b}", "аnа"] {
            let u = Username::parse(other).unwrap();
            assert_eq!(u.look(), latin.look(), "{other:?}");
        }
        // Different keys can share a look: the look is the stricter of the two.
        assert_ne!(Username::parse("\u{410}na").unwrap().key(), latin.key());
        assert_ne!(Username::parse("Anna").unwrap().look(), latin.look());
        assert_eq!(
            Username::parse("paypal").unwrap().look(),
            Username::parse("paypa1").unwrap().look()
        );
    }

    #[test]
    fn names_outside_the_limits_are_refused() {
        assert_eq!(Username::parse("A"), Err(UsernameError::TooShort));
        assert_eq!(Username::parse("   "), Err(UsernameError::TooShort));
        assert_eq!(
            Username::parse("\u{200b}\u{200b}"),
            Err(UsernameError::Name(NameError::Invisible))
        );
        assert_eq!(
            Username::parse(&"x".repeat(65)),
            Err(UsernameError::Name(NameError::TooLong))
        );
        assert_eq!(
            Username::parse("a\u{202e}b"),
            Err(UsernameError::Name(NameError::Malformed))
        );
        assert!(Username::parse(&"x".repeat(64)).is_ok());
    }
}
