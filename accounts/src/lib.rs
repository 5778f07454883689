//! Senet's accounts: a player who signs up once and is the same player on every device
//! (`docs/accounts.md`).
//!
//! - Sign up and sign in with a passkey (WebAuthn, [`RelyingParty`]), or a password
//!   (argon2id, [`passwords`]); wrong passwords are bounded per account and per address
//!   ([`SignInLimits`]).
//! - A session is a secret in an `HttpOnly`, `SameSite=Lax` cookie ([`session_cookie`]) and a
//!   row in the store: signing out deletes the row, signing out everywhere all of them.
//! - A browser's old player key is claimed into an account at sign-up: the account is that
//!   player, with its ratings, games and series, and the key stops being a credential.
//!
//! - Players among themselves ([`people`]): follows, and challenges by name.
//!
//! [`Accounts`] holds every flow; the server's routes only carry requests to it.

pub mod account_error;
pub mod account_views;
pub mod accounts_service;
pub mod moderation;
pub mod passwords;
pub mod people;
pub mod relying_party;
pub mod session_cookie;
pub mod sign_in_limits;

pub use account_error::AccountError;
pub use account_views::{Ceremony, Me, PasskeyView};
pub use accounts_service::{Accounts, SignedIn};
pub use relying_party::RelyingParty;
pub use sign_in_limits::{Bounds, SignInLimits};
pub use webauthn_rs::prelude::{PublicKeyCredential, RegisterPublicKeyCredential};
