//! [`AccountError`]: every way an account request fails; the server maps each to a status
//! and a stable code.

use std::time::Duration;

/// Every way an account request fails.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// A field breaks a rule (the message says which).
    #[error("{0}")]
    Invalid(senet_protocol::Detail),
    /// The name, or one that looks the same, is an account's.
    #[error("that name, or one that looks the same, is taken")]
    UsernameTaken,
    /// The player key to claim is nobody's, or was claimed already.
    #[error("that player key is not one to claim (unknown, or claimed already)")]
    UnknownPlayerKey,
    /// The name and password, or the passkey, do not sign anyone in. One answer whether the
    /// name exists or not, so that sign-in tells nobody which names exist.
    #[error("that did not sign you in: check the name and password, or use another passkey")]
    WrongCredentials,
    /// Too many wrong passwords for this account or from this address.
    #[error("too many wrong passwords; try again in {}s", .0.as_secs().max(1))]
    RateLimited(Duration),
    /// No session, or an ended one.
    #[error("you are not signed in")]
    SignedOut,
    /// The passkey ceremony is unknown, was finished already, or expired.
    #[error("that passkey request expired or was used; start again")]
    CeremonyExpired,
    /// The authenticator's answer does not check out.
    #[error("the passkey did not check out: {0}")]
    PasskeyRefused(String),
    /// That passkey is registered already.
    #[error("that passkey is registered already")]
    PasskeyTaken,
    /// No such passkey on this account.
    #[error("no such passkey")]
    NoSuchPasskey,
    /// Removing it would leave no way to sign in.
    #[error("that is your only way to sign in: add another passkey or a password first")]
    LastWayIn,
    /// A moderator closed the account.
    #[error("this account was closed by a moderator")]
    Closed,
    /// The route is for moderators.
    #[error("only a moderator may do that")]
    NotModerator,
    /// No account has that name.
    #[error("no account has that name")]
    NoSuchAccount,
    /// A moderator silenced the account: it cannot chat or challenge.
    #[error("a moderator silenced this account: it cannot chat or challenge")]
    Silenced,
    /// The seat is at a table with a player who blocks this one, or whom this one blocks.
    #[error("you cannot sit at a table with a player who blocks you, or whom you block")]
    Blocked,
    /// The challenge is not open any more: answered, cancelled or expired (or not theirs).
    #[error("that challenge is not open any more")]
    ChallengeGone,
    /// The challenged player does not take challenges from this one (a block, either way).
    #[error("that player does not take challenges from you")]
    ChallengeRefused,
    /// As many challenges are waiting for an answer as one player may send.
    #[error("you have {0} challenges waiting for an answer: cancel one first")]
    TooManyChallenges(i64),
    /// The store could not answer.
    #[error("the store is unavailable")]
    Store(#[from] senet_store::StoreError),
    /// Something that should not happen (logged, never shown).
    #[error("internal error")]
    Internal(String),
}

impl AccountError {
    /// The stable code (`docs/protocol.md`, "REST").
    pub fn code(&self) -> &'static str {
        match self {
            AccountError::Invalid(_) => "invalid",
            AccountError::UsernameTaken => "username_taken",
            AccountError::UnknownPlayerKey => "invalid",
            AccountError::WrongCredentials => "wrong_credentials",
            AccountError::RateLimited(_) => "rate_limited",
            AccountError::SignedOut => "signed_out",
            AccountError::CeremonyExpired => "ceremony_expired",
            AccountError::PasskeyRefused(_) => "passkey_refused",
            AccountError::PasskeyTaken => "passkey_taken",
            AccountError::NoSuchPasskey => "not_found",
            AccountError::LastWayIn => "last_way_in",
            AccountError::Closed => "account_closed",
            AccountError::NotModerator => "forbidden",
            AccountError::NoSuchAccount => "not_found",
            AccountError::Blocked => "blocked",
            AccountError::Silenced => "silenced",
            AccountError::ChallengeGone => "challenge_gone",
            AccountError::ChallengeRefused => "challenge_refused",
            AccountError::TooManyChallenges(_) => "too_many_challenges",
            AccountError::Store(_) => "unavailable",
            AccountError::Internal(_) => "internal",
        }
    }
}
