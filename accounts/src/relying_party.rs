//! The relying party's side of WebAuthn ([`RelyingParty`]): which site passkeys are made for,
//! and the three ceremonies (sign up, add a passkey, sign in), each a start that gives the
//! browser options to sign and a state to keep, and a finish that checks the browser's
//! answer against that state.

use webauthn_rs::prelude::{
    CreationChallengeResponse, DiscoverableAuthentication, Passkey, PasskeyRegistration,
    PublicKeyCredential, RegisterPublicKeyCredential, RequestChallengeResponse, Url, Uuid,
    Webauthn, WebauthnBuilder,
};
use webauthn_rs_proto::{
    AuthenticatorSelectionCriteria, ResidentKeyRequirement, UserVerificationPolicy,
};

use crate::account_error::AccountError;

/// Where passkeys are made for: the site's origin, or any `localhost` port when none is
/// configured (a browser makes passkeys only for a domain, so `127.0.0.1` has none).
#[derive(Debug)]
pub struct RelyingParty {
    webauthn: Webauthn,
    secure: bool,
}

fn refused(e: impl std::fmt::Display) -> AccountError {
    AccountError::PasskeyRefused(e.to_string())
}

impl RelyingParty {
    /// The relying party of `public_origin` (`https://senet.example`), or of
    /// `http://localhost` on any port when none is given.
    ///
    /// # Errors
    /// [`AccountError::Invalid`] when the origin is not a URL with a domain.
    pub fn new(public_origin: Option<&str>) -> Result<RelyingParty, AccountError> {
        let given = public_origin.is_some();
        let origin = Url::parse(public_origin.unwrap_or("http://localhost"))
            .map_err(|e| AccountError::Invalid(format!("public origin: {e}").into()))?;
        let rp_id = origin
            .domain()
            .ok_or_else(|| AccountError::Invalid("the public origin needs a domain name".into()))?
            .to_owned();
        let webauthn = WebauthnBuilder::new(&rp_id, &origin)
            .map_err(|e| AccountError::Invalid(format!("public origin: {e}").into()))?
            .rp_name("Senet")
            .allow_any_port(!given)
            .build()
            .map_err(|e| AccountError::Invalid(format!("public origin: {e}").into()))?;
        Ok(RelyingParty {
            webauthn,
            secure: origin.scheme() == "https",
        })
    }

    /// Whether the site is served over TLS (its cookies are then `Secure`).
    pub fn secure(&self) -> bool {
        self.secure
    }

    /// Starts making a passkey for the account with this handle and name, none of `existing`
    /// again. The options ask for a discoverable credential, so that sign-in needs no name.
    ///
    /// # Errors
    /// [`AccountError::PasskeyRefused`] when the options cannot be made.
    pub fn start_registration(
        &self,
        handle: Uuid,
        name: &str,
        existing: &[Passkey],
    ) -> Result<(CreationChallengeResponse, PasskeyRegistration), AccountError> {
        let exclude =
            (!existing.is_empty()).then(|| existing.iter().map(|p| p.cred_id().clone()).collect());
        let (mut options, state) = self
            .webauthn
            .start_passkey_registration(handle, name, name, exclude)
            .map_err(refused)?;
        options.public_key.authenticator_selection = Some(AuthenticatorSelectionCriteria {
            authenticator_attachment: None,
            resident_key: Some(ResidentKeyRequirement::Required),
            require_resident_key: true,
            user_verification: UserVerificationPolicy::Required,
        });
        Ok((options, state))
    }

    /// Checks the browser's new credential against the registration's state.
    ///
    /// # Errors
    /// [`AccountError::PasskeyRefused`] when it does not check out.
    pub fn finish_registration(
        &self,
        credential: &RegisterPublicKeyCredential,
        state: &PasskeyRegistration,
    ) -> Result<Passkey, AccountError> {
        self.webauthn
            .finish_passkey_registration(credential, state)
            .map_err(refused)
    }

    /// Starts a sign-in with any passkey of this site (the browser offers the ones it has).
    ///
    /// # Errors
    /// [`AccountError::PasskeyRefused`] when the options cannot be made.
    pub fn start_sign_in(
        &self,
    ) -> Result<(RequestChallengeResponse, DiscoverableAuthentication), AccountError> {
        let (mut options, state) = self
            .webauthn
            .start_discoverable_authentication()
            .map_err(refused)?;
        // A modal request (a button), not the autofill one the crate asks for.
        options.mediation = None;
        Ok((options, state))
    }

    /// The account handle and credential id the browser's answer names (unchecked yet).
    ///
    /// # Errors
    /// [`AccountError::WrongCredentials`] when it names none.
    pub fn identify(
        &self,
        credential: &PublicKeyCredential,
    ) -> Result<(Uuid, Vec<u8>), AccountError> {
        self.webauthn
            .identify_discoverable_authentication(credential)
            .map(|(handle, id)| (handle, id.to_vec()))
            .map_err(|_| AccountError::WrongCredentials)
    }

    /// Checks the browser's answer with the stored passkey; the passkey's new state (its
    /// counter), if it changed.
    ///
    /// # Errors
    /// [`AccountError::WrongCredentials`] when it does not check out.
    pub fn finish_sign_in(
        &self,
        credential: &PublicKeyCredential,
        state: DiscoverableAuthentication,
        passkey: &Passkey,
    ) -> Result<Option<Passkey>, AccountError> {
        let result = self
            .webauthn
            .finish_discoverable_authentication_v2(credential, state, passkey)
            .map_err(|e| {
                tracing::info!(error = %e, "a passkey sign-in did not check out");
                AccountError::WrongCredentials
            })?;
        let mut updated = passkey.clone();
        Ok(updated
            .update_credential(&result)
            .filter(|changed| *changed)
            .map(|_| updated))
    }
}
