//! [`Accounts`]: every account flow, over the store's rows. Sign-up (with a passkey, or a
//! password), sign-in, sessions, passkeys added and removed. Everything a later request needs
//! is in the store (sessions, ceremonies, wrong passwords), so any node answers it.

use senet_protocol::{Detail, Reason};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid,
};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use senet_protocol::Username;
use senet_protocol::time::now_ms;
use senet_store::sql::SqlStore;
use senet_store::sql::account_rows::{
    AccountMade, AccountRow, NewAccount, PasskeyRemoved, PasskeyRow,
};
use senet_store::{EventStore, hash_secret};

use crate::account_error::AccountError;
use crate::account_views::{Ceremony, Me, PasskeyView};
use crate::passwords;
use crate::relying_party::RelyingParty;
use crate::session_cookie::new_secret;
use crate::sign_in_limits::{Bounds, SignInLimits};

/// How long a passkey ceremony may take between start and finish.
const CEREMONY_TTL: Duration = Duration::from_secs(300);

/// A signed-in browser: the account, and the session secret its cookie carries.
#[derive(Debug)]
pub struct SignedIn {
    /// The account.
    pub me: Me,
    /// The new session's secret (for `Set-Cookie`; never logged).
    pub secret: String,
}

/// A sign-up's ceremony state, kept in the store until its finish.
#[derive(Serialize, Deserialize)]
struct SignUpState {
    username: String,
    webauthn_id: Uuid,
    claim_key_hash: Option<String>,
    registration: PasskeyRegistration,
}

/// Adding a passkey: whose, and the registration.
#[derive(Serialize, Deserialize)]
struct AddState {
    player_id: String,
    registration: PasskeyRegistration,
}

/// Every account flow.
#[derive(Debug)]
pub struct Accounts {
    store: Arc<dyn EventStore>,
    relying_party: RelyingParty,
    limits: SignInLimits,
    /// A hash to check a password against when the name is no account's, so that a wrong
    /// name takes as long as a wrong password.
    decoy_hash: String,
}

fn to_json<T: Serialize>(value: &T) -> Result<String, AccountError> {
    serde_json::to_string(value).map_err(|e| AccountError::Internal(e.to_string()))
}

fn from_json<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, AccountError> {
    serde_json::from_str(text).map_err(|e| AccountError::Internal(e.to_string()))
}

fn stored_passkeys(rows: &[PasskeyRow]) -> Result<Vec<Passkey>, AccountError> {
    rows.iter().map(|r| from_json(&r.passkey)).collect()
}

fn credential_id(passkey: &Passkey) -> String {
    URL_SAFE_NO_PAD.encode(passkey.cred_id())
}

impl Accounts {
    /// The accounts of `store`, with passkeys for `public_origin` (none: `localhost`).
    ///
    /// # Errors
    /// [`AccountError::Invalid`] when the origin is not usable.
    pub fn new(
        store: Arc<dyn EventStore>,
        public_origin: Option<&str>,
    ) -> Result<Accounts, AccountError> {
        Accounts::with_bounds(store, public_origin, Bounds::default())
    }

    /// As [`Accounts::new`], with other bounds on wrong passwords.
    ///
    /// # Errors
    /// As [`Accounts::new`].
    pub fn with_bounds(
        store: Arc<dyn EventStore>,
        public_origin: Option<&str>,
        bounds: Bounds,
    ) -> Result<Accounts, AccountError> {
        Ok(Accounts {
            store,
            relying_party: RelyingParty::new(public_origin)?,
            limits: SignInLimits::new(bounds),
            decoy_hash: passwords::hash("not anybody's password")?,
        })
    }

    /// The SQL store's rows (accounts need one: the in-memory store keeps none).
    pub(crate) fn rows(&self) -> Result<&SqlStore, AccountError> {
        self.store.sql().ok_or_else(|| {
            AccountError::Store(senet_store::StoreError::Refused(
                "accounts need a SQL store".into(),
            ))
        })
    }

    /// Whether cookies must be `Secure` (the site is served over TLS).
    pub fn secure_cookies(&self) -> bool {
        self.relying_party.secure()
    }

    fn parse_username(name: &str) -> Result<Username, AccountError> {
        Username::parse(name).map_err(|e| AccountError::Invalid(e.into()))
    }

    /// The player key to claim (its digest), checked now and again when the account is made.
    async fn claim(&self, player_key: Option<&str>) -> Result<Option<String>, AccountError> {
        let Some(key) = player_key.filter(|k| !k.is_empty()) else {
            return Ok(None);
        };
        let digest = hash_secret(key);
        match self.rows()?.claimable_player(&digest).await? {
            Some(_) => Ok(Some(digest)),
            None => Err(AccountError::UnknownPlayerKey),
        }
    }

    async fn free_name(&self, name: &str) -> Result<Username, AccountError> {
        let username = Accounts::parse_username(name)?;
        if self
            .rows()?
            .username_taken(username.key(), username.look())
            .await?
        {
            return Err(AccountError::UsernameTaken);
        }
        Ok(username)
    }

    async fn make(
        &self,
        username: &Username,
        webauthn_id: Uuid,
        password_hash: Option<&str>,
        claim_key_hash: Option<&str>,
        passkey: Option<&Passkey>,
    ) -> Result<SignedIn, AccountError> {
        let secret = new_secret()?;
        let passkey_json = passkey.map(to_json).transpose()?;
        let passkey_id = passkey.map(credential_id);
        let new_player_id = Uuid::new_v4().to_string();
        let retired = hash_secret(&new_secret()?);
        let webauthn_id = webauthn_id.to_string();
        let made = self
            .rows()?
            .create_account(&NewAccount {
                new_player_id: &new_player_id,
                username: username.as_str(),
                username_key: username.key(),
                username_look: username.look(),
                webauthn_id: &webauthn_id,
                password_hash,
                claim_key_hash,
                retired_key_hash: &retired,
                passkey: passkey_id
                    .as_deref()
                    .zip(passkey_json.as_deref())
                    .map(|(id, json)| (id, "Passkey 1", json)),
                session_hash: &hash_secret(&secret),
            })
            .await?;
        match made {
            AccountMade::Made(player_id) => {
                tracing::info!(player = %player_id, claimed = claim_key_hash.is_some(), "account made");
                Ok(SignedIn {
                    me: self.me_of(&player_id).await?,
                    secret,
                })
            }
            AccountMade::NameTaken => Err(AccountError::UsernameTaken),
            AccountMade::UnknownKey => Err(AccountError::UnknownPlayerKey),
            AccountMade::PasskeyTaken => Err(AccountError::PasskeyTaken),
        }
    }

    /// Signs up with a password (claiming `player_key`'s player if given), and signs in.
    ///
    /// # Errors
    /// [`AccountError::Invalid`], [`AccountError::UsernameTaken`],
    /// [`AccountError::UnknownPlayerKey`], or the store's.
    pub async fn sign_up_with_password(
        &self,
        name: &str,
        password: &str,
        player_key: Option<&str>,
    ) -> Result<SignedIn, AccountError> {
        let username = self.free_name(name).await?;
        passwords::check_new_password(password)?;
        let claim = self.claim(player_key).await?;
        let phc = passwords::hash_off_thread(password.to_owned()).await?;
        self.make(
            &username,
            Uuid::new_v4(),
            Some(&phc),
            claim.as_deref(),
            None,
        )
        .await
    }

    async fn begin(
        &self,
        kind: &str,
        state: &impl Serialize,
        options: serde_json::Value,
    ) -> Result<Ceremony, AccountError> {
        let id = new_secret()?;
        let expires = now_ms() + CEREMONY_TTL.as_millis() as i64;
        self.rows()?
            .begin_ceremony(&hash_secret(&id), kind, &to_json(state)?, expires)
            .await?;
        Ok(Ceremony {
            ceremony: id,
            public_key: options,
        })
    }

    async fn take<T: for<'de> Deserialize<'de>>(
        &self,
        id: &str,
        kind: &str,
    ) -> Result<T, AccountError> {
        let state = self
            .rows()?
            .take_ceremony(&hash_secret(id), kind)
            .await?
            .ok_or(AccountError::CeremonyExpired)?;
        from_json(&state)
    }

    fn registration_options(
        &self,
        handle: Uuid,
        name: &str,
        existing: &[Passkey],
    ) -> Result<(serde_json::Value, PasskeyRegistration), AccountError> {
        let (options, registration) = self
            .relying_party
            .start_registration(handle, name, existing)?;
        let options = serde_json::to_value(options.public_key)
            .map_err(|e| AccountError::Internal(e.to_string()))?;
        Ok((options, registration))
    }

    /// Starts a sign-up with a passkey: the name is checked now (and again at the finish).
    ///
    /// # Errors
    /// As [`Accounts::sign_up_with_password`].
    pub async fn begin_sign_up_with_passkey(
        &self,
        name: &str,
        player_key: Option<&str>,
    ) -> Result<Ceremony, AccountError> {
        let username = self.free_name(name).await?;
        let claim_key_hash = self.claim(player_key).await?;
        let webauthn_id = Uuid::new_v4();
        let (options, registration) =
            self.registration_options(webauthn_id, username.as_str(), &[])?;
        let state = SignUpState {
            username: username.as_str().to_owned(),
            webauthn_id,
            claim_key_hash,
            registration,
        };
        self.begin("sign_up", &state, options).await
    }

    /// Finishes a sign-up with a passkey: the account, its passkey and a session, made in one
    /// transaction.
    ///
    /// # Errors
    /// [`AccountError::CeremonyExpired`], [`AccountError::PasskeyRefused`], or as
    /// [`Accounts::sign_up_with_password`].
    pub async fn finish_sign_up_with_passkey(
        &self,
        ceremony: &str,
        credential: &RegisterPublicKeyCredential,
    ) -> Result<SignedIn, AccountError> {
        let state: SignUpState = self.take(ceremony, "sign_up").await?;
        let passkey = self
            .relying_party
            .finish_registration(credential, &state.registration)?;
        let username = Accounts::parse_username(&state.username)?;
        self.make(
            &username,
            state.webauthn_id,
            None,
            state.claim_key_hash.as_deref(),
            Some(&passkey),
        )
        .await
    }

    /// Signs in with a name and password. A wrong name and a wrong password get the same
    /// answer, after the same work; both count against the name and the address.
    ///
    /// # Errors
    /// [`AccountError::WrongCredentials`], [`AccountError::RateLimited`], or the store's.
    pub async fn sign_in_with_password(
        &self,
        name: &str,
        password: &str,
        address: IpAddr,
    ) -> Result<SignedIn, AccountError> {
        let parsed = Username::parse(name).ok();
        let key = parsed
            .as_ref()
            .map_or_else(|| name.to_lowercase(), |u| u.key().to_owned());
        if let Some(wait) = self.limits.wait(self.rows()?, &key, address).await? {
            return Err(AccountError::RateLimited(wait));
        }
        let account = match &parsed {
            Some(u) => self.rows()?.account_by_username(u.key()).await?,
            None => None,
        };
        let phc = account
            .as_ref()
            .and_then(|a| a.password_hash.clone())
            .unwrap_or_else(|| self.decoy_hash.clone());
        let matches = passwords::verify_off_thread(password.to_owned(), phc).await;
        match account.filter(|a| matches && a.password_hash.is_some()) {
            Some(account) => {
                self.limits.succeeded(self.rows()?, &key).await?;
                if account.closed_ms.is_some() {
                    return Err(AccountError::Closed);
                }
                self.open_session(&account.player_id).await
            }
            None => {
                self.limits.failed(self.rows()?, &key, address).await?;
                Err(AccountError::WrongCredentials)
            }
        }
    }

    async fn open_session(&self, player_id: &str) -> Result<SignedIn, AccountError> {
        let secret = new_secret()?;
        self.rows()?
            .open_session(&hash_secret(&secret), player_id)
            .await?;
        Ok(SignedIn {
            me: self.me_of(player_id).await?,
            secret,
        })
    }

    /// Starts a sign-in with a passkey: the browser offers the ones it holds for this site.
    ///
    /// # Errors
    /// The store's, or [`AccountError::PasskeyRefused`].
    pub async fn begin_sign_in_with_passkey(&self) -> Result<Ceremony, AccountError> {
        let (options, state) = self.relying_party.start_sign_in()?;
        let options = serde_json::to_value(options.public_key)
            .map_err(|e| AccountError::Internal(e.to_string()))?;
        self.begin("sign_in", &state, options).await
    }

    /// Finishes a sign-in with a passkey: the passkey must be registered, and to the account
    /// the authenticator names.
    ///
    /// # Errors
    /// [`AccountError::CeremonyExpired`], [`AccountError::WrongCredentials`], or the store's.
    pub async fn finish_sign_in_with_passkey(
        &self,
        ceremony: &str,
        credential: &PublicKeyCredential,
    ) -> Result<SignedIn, AccountError> {
        let state: DiscoverableAuthentication = self.take(ceremony, "sign_in").await?;
        let (handle, credential_id) = self.relying_party.identify(credential)?;
        let credential_id = URL_SAFE_NO_PAD.encode(credential_id);
        let (owner, passkey_json) = self
            .rows()?
            .passkey(&credential_id)
            .await?
            .ok_or(AccountError::WrongCredentials)?;
        let account = self
            .rows()?
            .account_by_webauthn_id(&handle.to_string())
            .await?
            .filter(|a| a.player_id == owner)
            .ok_or(AccountError::WrongCredentials)?;
        let passkey: Passkey = from_json(&passkey_json)?;
        let updated = self
            .relying_party
            .finish_sign_in(credential, state, &passkey)?;
        if account.closed_ms.is_some() {
            return Err(AccountError::Closed);
        }
        let kept = to_json(updated.as_ref().unwrap_or(&passkey))?;
        self.rows()?.passkey_used(&credential_id, &kept).await?;
        self.open_session(&account.player_id).await
    }

    /// The account a session secret is signed in to (none: no such session, or ended).
    ///
    /// # Errors
    /// The store's.
    pub async fn session(&self, secret: &str) -> Result<Option<AccountRow>, AccountError> {
        Ok(self.rows()?.session_account(&hash_secret(secret)).await?)
    }

    /// The account of a player, as its owner sees it.
    ///
    /// # Errors
    /// [`AccountError::SignedOut`] when there is no such account; the store's.
    pub async fn me_of(&self, player_id: &str) -> Result<Me, AccountError> {
        let account = self
            .rows()?
            .account(player_id)
            .await?
            .ok_or(AccountError::SignedOut)?;
        self.me(account).await
    }

    /// An account already read (a session's), as its owner sees it: only its passkeys are
    /// read.
    ///
    /// # Errors
    /// The store's.
    pub async fn me(&self, account: AccountRow) -> Result<Me, AccountError> {
        let passkeys = self.rows()?.passkeys(&account.player_id).await?;
        Ok(Me {
            username: account.username,
            player_id: account.player_id,
            role: account.role,
            member_since_ms: account.created_ms,
            has_password: account.password_hash.is_some(),
            passkeys: passkeys
                .into_iter()
                .map(|p| PasskeyView {
                    id: p.id,
                    name: p.name,
                    created_ms: p.created_ms,
                    last_used_ms: p.last_used_ms,
                })
                .collect(),
        })
    }

    /// Ends one session (signing out this browser).
    ///
    /// # Errors
    /// The store's.
    pub async fn sign_out(&self, secret: &str) -> Result<(), AccountError> {
        self.rows()?.end_session(&hash_secret(secret)).await?;
        Ok(())
    }

    /// Ends every session of an account; how many.
    ///
    /// # Errors
    /// The store's.
    pub async fn sign_out_everywhere(&self, player_id: &str) -> Result<u64, AccountError> {
        let ended = self.rows()?.end_sessions(player_id).await?;
        tracing::info!(player = %player_id, ended, "signed out everywhere");
        Ok(ended)
    }

    /// Starts adding a passkey (another device) to a signed-in account.
    ///
    /// # Errors
    /// The store's, or [`AccountError::PasskeyRefused`].
    pub async fn begin_adding_passkey(
        &self,
        account: &AccountRow,
    ) -> Result<Ceremony, AccountError> {
        let existing = stored_passkeys(&self.rows()?.passkeys(&account.player_id).await?)?;
        let handle = Uuid::parse_str(&account.webauthn_id)
            .map_err(|e| AccountError::Internal(e.to_string()))?;
        let (options, registration) =
            self.registration_options(handle, &account.username, &existing)?;
        let state = AddState {
            player_id: account.player_id.clone(),
            registration,
        };
        self.begin("add_passkey", &state, options).await
    }

    /// Finishes adding a passkey; the ceremony must be this account's.
    ///
    /// # Errors
    /// [`AccountError::CeremonyExpired`], [`AccountError::PasskeyRefused`],
    /// [`AccountError::PasskeyTaken`], or the store's.
    pub async fn finish_adding_passkey(
        &self,
        account: &AccountRow,
        ceremony: &str,
        credential: &RegisterPublicKeyCredential,
    ) -> Result<Me, AccountError> {
        let state: AddState = self.take(ceremony, "add_passkey").await?;
        if state.player_id != account.player_id {
            return Err(AccountError::CeremonyExpired);
        }
        let passkey = self
            .relying_party
            .finish_registration(credential, &state.registration)?;
        let count = self.rows()?.passkeys(&account.player_id).await?.len();
        let name = format!("Passkey {}", count + 1);
        let added = self
            .rows()?
            .add_passkey(
                &account.player_id,
                &credential_id(&passkey),
                &name,
                &to_json(&passkey)?,
            )
            .await?;
        if !added {
            return Err(AccountError::PasskeyTaken);
        }
        self.me_of(&account.player_id).await
    }

    /// Removes a passkey of a signed-in account, unless it is the last way to sign in.
    ///
    /// # Errors
    /// [`AccountError::NoSuchPasskey`], [`AccountError::LastWayIn`], or the store's.
    pub async fn remove_passkey(&self, account: &AccountRow, id: &str) -> Result<Me, AccountError> {
        match self.rows()?.remove_passkey(&account.player_id, id).await? {
            PasskeyRemoved::Removed => self.me_of(&account.player_id).await,
            PasskeyRemoved::NotFound => Err(AccountError::NoSuchPasskey),
            PasskeyRemoved::LastWayIn => Err(AccountError::LastWayIn),
        }
    }

    /// Deletes the signed-in account, if `confirm` is its name as written: every session,
    /// passkey and rating goes; its games stay, under "deleted player".
    ///
    /// # Errors
    /// [`AccountError::Invalid`] when `confirm` is not the account's name; the store's.
    pub async fn delete(&self, account: &AccountRow, confirm: &str) -> Result<(), AccountError> {
        if confirm != account.username {
            return Err(AccountError::Invalid(Detail::new(
                Reason::DeleteConfirm,
                "to delete the account, confirm with its name exactly as it is written",
            )));
        }
        let retired = hash_secret(&new_secret()?);
        if self
            .rows()?
            .delete_account(&account.player_id, &retired)
            .await?
        {
            tracing::info!(player = %account.player_id, "account deleted");
        }
        Ok(())
    }

    /// How many sessions (signed-in browsers) an account has.
    ///
    /// # Errors
    /// The store's.
    pub async fn session_count(&self, account: &AccountRow) -> Result<i64, AccountError> {
        Ok(self.rows()?.session_count(&account.player_id).await?)
    }
}
