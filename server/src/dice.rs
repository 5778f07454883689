//! Provably fair dice: the derivation of every throw from a committed server seed.
//!
//! The exact procedure is specified in `docs/fairness.md`; this module is its only
//! implementation (the live matches, `POST /api/verify` and `senet-server verify` all call it).
//!
//! For throw number `t` (1-based within a game), blocks `b = 0, 1, 2, …` are
//! `HMAC-SHA256(key = seed, msg = game_id ‖ 0x00 ‖ seeds ‖ 0x00 ‖ t as u64 BE ‖ b as u32 BE)`
//! where `seeds` are the client seeds in seat order joined by `0x00`. The bytes of the blocks
//! are read in order; a byte `x` is accepted when `x < 256 - 256 % faces`, and gives the face
//! `min_face + x % faces`; a rejected byte is skipped. Each die of the throw takes the next
//! accepted byte.

use hmac::{Hmac, Mac};
use senet_engine::{Throw, ThrowSpec};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

type HmacSha256 = Hmac<Sha256>;

/// A secret 32-byte server seed.
#[derive(Clone, PartialEq, Eq)]
pub struct ServerSeed(pub [u8; 32]);

impl std::fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ServerSeed(<secret>)")
    }
}

impl ServerSeed {
    /// A fresh seed from the operating system's CSPRNG.
    ///
    /// # Panics
    /// If the operating system has no random source (the server cannot run fairly then).
    pub fn generate() -> ServerSeed {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("the OS random source is unavailable");
        ServerSeed(seed)
    }

    /// Reads a seed written as 64 hex digits.
    pub fn from_hex(s: &str) -> Option<ServerSeed> {
        let bytes = hex::decode(s).ok()?;
        Some(ServerSeed(bytes.try_into().ok()?))
    }

    /// The seed as 64 lowercase hex digits (only ever revealed when its game is over).
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// `hex(SHA-256(seed))`, published before the game's first throw.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }
}

/// Whether a client seed is acceptable: 0 to 64 characters of `A-Z a-z 0-9 - _`.
pub fn valid_client_seed(s: &str) -> bool {
    s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn block(
    seed: &ServerSeed,
    game_id: &str,
    client_seeds: &[String],
    throw_no: u64,
    b: u32,
) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(&seed.0).expect("HMAC takes any key length");
    mac.update(game_id.as_bytes());
    mac.update(&[0]);
    for (i, s) in client_seeds.iter().enumerate() {
        if i > 0 {
            mac.update(&[0]);
        }
        mac.update(s.as_bytes());
    }
    mac.update(&[0]);
    mac.update(&throw_no.to_be_bytes());
    mac.update(&b.to_be_bytes());
    mac.finalize().into_bytes().into()
}

/// The faces of throw number `throw_no` (1-based) for `spec`.
pub fn derive_throw(
    seed: &ServerSeed,
    game_id: &str,
    client_seeds: &[String],
    throw_no: u64,
    spec: ThrowSpec,
) -> Throw {
    let faces = u16::from(spec.die.faces());
    let limit = 256 - 256 % faces;
    let mut out = Vec::with_capacity(usize::from(spec.count));
    let mut b = 0u32;
    while out.len() < usize::from(spec.count) {
        for x in block(seed, game_id, client_seeds, throw_no, b) {
            if u16::from(x) < limit {
                out.push(spec.die.min_face() + (u16::from(x) % faces) as u8);
                if out.len() == usize::from(spec.count) {
                    break;
                }
            }
        }
        b += 1;
    }
    Throw::new(spec, &out).expect("derived faces fit the spec")
}

/// One throw to check: what the record says was rolled.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThrowRecord {
    /// The throw number within the game (1-based).
    pub throw_no: u64,
    /// What was rolled.
    pub spec: ThrowSpec,
    /// The faces the record claims.
    pub faces: Vec<u8>,
}

/// A game's dice record: everything needed to recompute its throws.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VerifyRequest {
    /// The revealed server seed (64 hex digits).
    pub seed: String,
    /// The commitment published at the start of the game.
    pub commitment: String,
    /// The game id.
    pub game_id: String,
    /// Client seeds in seat order (empty string for a seat that gave none).
    pub client_seeds: Vec<String>,
    /// The throws to check.
    pub throws: Vec<ThrowRecord>,
}

/// The verdict on one throw.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThrowVerdict {
    /// The throw number.
    pub throw_no: u64,
    /// The faces the record claims.
    pub claimed: Vec<u8>,
    /// The faces the seed gives.
    pub expected: Vec<u8>,
    /// Whether they agree.
    pub ok: bool,
}

/// The verdict on a game's dice.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VerifyReport {
    /// `SHA-256(seed)` equals the published commitment.
    pub commitment_ok: bool,
    /// Each throw, in the order given.
    pub throws: Vec<ThrowVerdict>,
    /// The commitment and every throw check out.
    pub ok: bool,
}

/// Why a dice record cannot be checked at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The seed is not 64 hex digits.
    #[error("the seed must be 64 hex digits")]
    BadSeed,
    /// A throw spec is out of range.
    #[error("throw {0} has an impossible spec")]
    BadSpec(u64),
}

/// Recomputes every throw of a record.
///
/// # Errors
/// [`VerifyError`] when the record is not checkable (bad seed, impossible spec).
pub fn verify(req: &VerifyRequest) -> Result<VerifyReport, VerifyError> {
    let seed = ServerSeed::from_hex(&req.seed).ok_or(VerifyError::BadSeed)?;
    let commitment_ok = seed
        .commitment()
        .eq_ignore_ascii_case(req.commitment.trim());
    let mut throws = Vec::with_capacity(req.throws.len());
    for t in &req.throws {
        if t.spec.count == 0 || usize::from(t.spec.count) > Throw::MAX_DICE {
            return Err(VerifyError::BadSpec(t.throw_no));
        }
        let expected = derive_throw(&seed, &req.game_id, &req.client_seeds, t.throw_no, t.spec)
            .faces()
            .to_vec();
        throws.push(ThrowVerdict {
            throw_no: t.throw_no,
            ok: expected == t.faces,
            claimed: t.faces.clone(),
            expected,
        });
    }
    let ok = commitment_ok && throws.iter().all(|t| t.ok);
    Ok(VerifyReport {
        commitment_ok,
        throws,
        ok,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::Die;

    #[test]
    fn derivation_is_deterministic_and_in_range() {
        let seed = ServerSeed([7; 32]);
        let seeds = vec!["alice".to_string(), String::new()];
        for spec in [
            ThrowSpec::ONE_D6,
            ThrowSpec::TWO_D6,
            ThrowSpec::TWO_D4,
            ThrowSpec::FOUR_STICKS,
        ] {
            for t in 1..200 {
                let a = derive_throw(&seed, "g", &seeds, t, spec);
                assert_eq!(a, derive_throw(&seed, "g", &seeds, t, spec));
                assert!(a.check(spec).is_ok());
            }
        }
    }

    #[test]
    fn every_input_changes_the_throws() {
        let seed = ServerSeed([1; 32]);
        let run = |seed: &ServerSeed, game: &str, seeds: &[String]| -> Vec<Throw> {
            (1..40)
                .map(|t| derive_throw(seed, game, seeds, t, ThrowSpec::TWO_D6))
                .collect()
        };
        let base = run(&seed, "g1", &["a".into(), "b".into()]);
        assert_ne!(
            base,
            run(&ServerSeed([2; 32]), "g1", &["a".into(), "b".into()])
        );
        assert_ne!(base, run(&seed, "g2", &["a".into(), "b".into()]));
        assert_ne!(base, run(&seed, "g1", &["b".into(), "a".into()]));
        // Joining with a separator: ("ab", "") differs from ("a", "b").
        assert_ne!(base, run(&seed, "g1", &["ab".into(), String::new()]));
    }

    #[test]
    fn faces_are_roughly_uniform() {
        let seed = ServerSeed::generate();
        let mut counts = [0u32; 7];
        for t in 1..=6000 {
            let th = derive_throw(&seed, "u", &[], t, ThrowSpec::ONE_D6);
            counts[usize::from(th.faces()[0])] += 1;
        }
        for c in &counts[1..] {
            assert!((800..1200).contains(c), "{counts:?}");
        }
        assert_eq!(counts[0], 0);
    }

    #[test]
    fn verify_accepts_true_records_and_flags_false_ones() {
        let seed = ServerSeed::generate();
        let spec = ThrowSpec {
            die: Die::Stick,
            count: 4,
        };
        let good: Vec<u8> = derive_throw(&seed, "g", &["x".into()], 1, spec)
            .faces()
            .to_vec();
        let mut bad = good.clone();
        bad[0] ^= 1;
        let req = VerifyRequest {
            seed: seed.to_hex(),
            commitment: seed.commitment(),
            game_id: "g".into(),
            client_seeds: vec!["x".into()],
            throws: vec![
                ThrowRecord {
                    throw_no: 1,
                    spec,
                    faces: good,
                },
                ThrowRecord {
                    throw_no: 1,
                    spec,
                    faces: bad,
                },
            ],
        };
        let rep = verify(&req).unwrap();
        assert!(rep.commitment_ok);
        assert!(rep.throws[0].ok);
        assert!(!rep.throws[1].ok);
        assert!(!rep.ok);
        let wrong = VerifyRequest {
            commitment: "00".repeat(32),
            ..req
        };
        assert!(!verify(&wrong).unwrap().commitment_ok);
    }

    /// The test vector of `docs/fairness.md` (computed independently with Python's `hmac`).
    #[test]
    fn matches_the_documented_test_vector() {
        let seed = ServerSeed([7; 32]);
        assert_eq!(
            seed.commitment(),
            "4bb06f8e4e3a7715d201d573d0aa423762e55dabd61a2c02278fa56cc6d294e0"
        );
        let game = "8de5e20a-ec86-4118-9e66-cb313a7da313";
        let seeds = ["alice".to_string(), String::new()];
        let d6: Vec<Vec<u8>> = (1..=5)
            .map(|t| {
                derive_throw(&seed, game, &seeds, t, ThrowSpec::TWO_D6)
                    .faces()
                    .to_vec()
            })
            .collect();
        assert_eq!(d6, [[5, 1], [4, 3], [4, 4], [4, 1], [4, 6]]);
        let sticks: Vec<Vec<u8>> = (1..=3)
            .map(|t| {
                derive_throw(&seed, game, &seeds, t, ThrowSpec::FOUR_STICKS)
                    .faces()
                    .to_vec()
            })
            .collect();
        assert_eq!(sticks, [[0, 0, 1, 0], [1, 0, 0, 1], [1, 1, 0, 0]]);
    }

    #[test]
    fn client_seeds_are_checked() {
        assert!(valid_client_seed(""));
        assert!(valid_client_seed("abc-DEF_123"));
        assert!(!valid_client_seed("a b"));
        assert!(!valid_client_seed(&"a".repeat(65)));
    }
}
