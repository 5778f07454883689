//! A software passkey for the account tests: an authenticator that makes a P-256 credential
//! and answers WebAuthn ceremonies as a browser would pass them on (the JSON of
//! `PublicKeyCredential.toJSON()`), with `none` attestation. It can also lie: sign for a
//! user handle that is not its own.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// One credential on a software authenticator.
pub struct SoftPasskey {
    key: SigningKey,
    pub credential_id: Vec<u8>,
    /// The user handle the site gave at registration (base64url).
    pub user_handle: String,
    counter: u32,
    origin: String,
}

fn random<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).expect("randomness");
    b
}

/// CBOR head of major type `major` with argument `n`.
fn head(out: &mut Vec<u8>, major: u8, n: usize) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=255 => out.extend([m | 24, n as u8]),
        _ => {
            out.push(m | 25);
            out.extend((n as u16).to_be_bytes());
        }
    }
}

fn int(out: &mut Vec<u8>, v: i64) {
    if v >= 0 {
        head(out, 0, v as usize);
    } else {
        head(out, 1, (-1 - v) as usize);
    }
}

fn bytes(out: &mut Vec<u8>, b: &[u8]) {
    head(out, 2, b.len());
    out.extend_from_slice(b);
}

fn text(out: &mut Vec<u8>, s: &str) {
    head(out, 3, s.len());
    out.extend_from_slice(s.as_bytes());
}

impl SoftPasskey {
    /// Answers a registration's options (`public_key` of a ceremony) from `origin`
    /// (`http://localhost:PORT`): the new passkey and the credential JSON to send.
    pub fn register(options: &Value, origin: &str) -> (SoftPasskey, Value) {
        let key = SigningKey::from_slice(&random::<32>()).expect("a P-256 key");
        let mut passkey = SoftPasskey {
            key,
            credential_id: random::<32>().to_vec(),
            user_handle: options["user"]["id"].as_str().expect("user.id").to_owned(),
            counter: 0,
            origin: origin.to_owned(),
        };
        let credential = passkey.attest(options);
        (passkey, credential)
    }

    fn client_data(&self, kind: &str, challenge: &str) -> Vec<u8> {
        json!({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": false})
            .to_string()
            .into_bytes()
    }

    fn auth_data(&mut self, rp_id: &str, attested: bool) -> Vec<u8> {
        let mut data = Sha256::digest(rp_id.as_bytes()).to_vec();
        // User present, user verified, and (at registration) attested credential data.
        data.push(0x01 | 0x04 | if attested { 0x40 } else { 0 });
        self.counter += 1;
        data.extend(self.counter.to_be_bytes());
        if attested {
            data.extend([0u8; 16]);
            data.extend((self.credential_id.len() as u16).to_be_bytes());
            data.extend(&self.credential_id);
            let point = self.key.verifying_key().to_sec1_point(false);
            let point = point.as_bytes();
            let (x, y) = point[1..].split_at(32);
            let mut cose = Vec::new();
            head(&mut cose, 5, 5);
            int(&mut cose, 1);
            int(&mut cose, 2); // kty: EC2
            int(&mut cose, 3);
            int(&mut cose, -7); // alg: ES256
            int(&mut cose, -1);
            int(&mut cose, 1); // crv: P-256
            int(&mut cose, -2);
            bytes(&mut cose, x);
            int(&mut cose, -3);
            bytes(&mut cose, y);
            data.extend(cose);
        }
        data
    }

    /// Another registration answer of this same credential (to register it twice).
    pub fn attest(&mut self, options: &Value) -> Value {
        let rp_id = options["rp"]["id"].as_str().expect("rp.id").to_owned();
        let challenge = options["challenge"].as_str().expect("challenge");
        let client_data = self.client_data("webauthn.create", challenge);
        let auth_data = self.auth_data(&rp_id, true);
        let mut attestation = Vec::new();
        head(&mut attestation, 5, 3);
        text(&mut attestation, "fmt");
        text(&mut attestation, "none");
        text(&mut attestation, "attStmt");
        head(&mut attestation, 5, 0);
        text(&mut attestation, "authData");
        bytes(&mut attestation, &auth_data);
        let id = B64.encode(&self.credential_id);
        json!({
            "id": id, "rawId": id, "type": "public-key",
            "response": {
                "attestationObject": B64.encode(attestation),
                "clientDataJSON": B64.encode(client_data),
            },
            "clientExtensionResults": {},
        })
    }

    /// Answers a sign-in's options as this passkey's own user.
    pub fn assert(&mut self, options: &Value) -> Value {
        let handle = self.user_handle.clone();
        self.assert_as(options, &handle)
    }

    /// Answers a sign-in's options, naming `user_handle` as the user (a lie unless it is
    /// this passkey's).
    pub fn assert_as(&mut self, options: &Value, user_handle: &str) -> Value {
        let rp_id = options["rpId"].as_str().expect("rpId").to_owned();
        let challenge = options["challenge"].as_str().expect("challenge");
        let client_data = self.client_data("webauthn.get", challenge);
        let auth_data = self.auth_data(&rp_id, false);
        let mut signed = auth_data.clone();
        signed.extend(Sha256::digest(&client_data));
        let signature: Signature = self.key.sign(&signed);
        let id = B64.encode(&self.credential_id);
        json!({
            "id": id, "rawId": id, "type": "public-key",
            "response": {
                "authenticatorData": B64.encode(auth_data),
                "clientDataJSON": B64.encode(client_data),
                "signature": B64.encode(signature.to_der().as_bytes()),
                "userHandle": user_handle,
            },
            "clientExtensionResults": {},
        })
    }
}
