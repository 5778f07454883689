//! What the account routes answer: the signed-in account ([`Me`]) and a passkey ceremony's
//! start ([`Ceremony`]).

use serde::Serialize;

/// The signed-in account, as its owner sees it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Me {
    /// The name as its owner wrote it.
    pub username: String,
    /// The account's player (its ratings, games and series; `GET /api/players/{id}/history`).
    pub player_id: String,
    /// `player` or `moderator`.
    pub role: String,
    /// When the account was made (Unix ms).
    pub member_since_ms: i64,
    /// Whether it can sign in with a password.
    pub has_password: bool,
    /// Its passkeys, oldest first.
    pub passkeys: Vec<PasskeyView>,
}

/// A passkey of an account (no secret: the public key stays on the server).
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct PasskeyView {
    /// Its id (the credential id, base64url): what removing it names.
    pub id: String,
    /// Its name ("Passkey 2").
    pub name: String,
    /// When it was added (Unix ms).
    pub created_ms: i64,
    /// When it last signed in (Unix ms), if ever.
    pub last_used_ms: Option<i64>,
}

/// A passkey ceremony started: what the browser passes to `navigator.credentials`, and the
/// id the finish names.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Ceremony {
    /// The ceremony's id (single use, five minutes).
    pub ceremony: String,
    /// `PublicKeyCredentialCreationOptionsJSON` (sign-up, adding a passkey) or
    /// `PublicKeyCredentialRequestOptionsJSON` (sign-in): binary fields in base64url, as
    /// `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON`
    /// take them.
    pub public_key: serde_json::Value,
}
