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

/// A secret 32-byte server seed (drawn from the OS random source by the live match, which
/// owns entropy: this crate has none).
#[derive(Clone, PartialEq, Eq)]
pub struct ServerSeed(pub [u8; 32]);

impl std::fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ServerSeed(<secret>)")
    }
}

impl ServerSeed {
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

/// Most throws a record may hold; a longer record is refused (`too_many_throws`) before any
/// hashing. The live server refuses to throw more than this in one game, so no genuine record
/// is longer.
pub const MAX_RECORD_THROWS: usize = 100_000;

/// The dice of one game: an HMAC-SHA256 state keyed with the seed that has already absorbed
/// the game's prefix `game_id ‖ 0x00 ‖ client seeds joined by 0x00 ‖ 0x00`. Each block of
/// each throw clones this state and adds only `throw_no ‖ b`, so the prefix is hashed once
/// per game instead of once per block.
#[derive(Clone)]
pub struct GameDice {
    prefix: HmacSha256,
}

impl std::fmt::Debug for GameDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GameDice(<secret>)")
    }
}

impl GameDice {
    /// The dice of the game `game_id` with these client seeds (in seat order).
    pub fn new(seed: &ServerSeed, game_id: &str, client_seeds: &[String]) -> GameDice {
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
        GameDice { prefix: mac }
    }

    fn block(&self, throw_no: u64, b: u32) -> [u8; 32] {
        let mut mac = self.prefix.clone();
        mac.update(&throw_no.to_be_bytes());
        mac.update(&b.to_be_bytes());
        mac.finalize().into_bytes().into()
    }

    /// The faces of throw number `throw_no` for `spec.count` dice of kind `spec.die`, in roll
    /// order. Any count works (0 gives no faces), so this never panics on a crafted spec.
    pub fn faces(&self, throw_no: u64, spec: ThrowSpec) -> Vec<u8> {
        let faces = u16::from(spec.die.faces());
        let limit = 256 - 256 % faces;
        let want = usize::from(spec.count);
        let mut out = Vec::with_capacity(want);
        let mut b = 0u32;
        while out.len() < want {
            for x in self.block(throw_no, b) {
                if u16::from(x) < limit {
                    out.push(spec.die.min_face() + (u16::from(x) % faces) as u8);
                    if out.len() == want {
                        break;
                    }
                }
            }
            b += 1;
        }
        out
    }

    /// Throw number `throw_no` as an engine [`Throw`].
    ///
    /// # Panics
    /// If `spec.count` is 0 or more than [`Throw::MAX_DICE`] (the engine never asks for that).
    pub fn throw(&self, throw_no: u64, spec: ThrowSpec) -> Throw {
        assert!(
            spec_is_possible(spec),
            "a throw of {} dice is impossible",
            spec.count
        );
        Throw::new(spec, &self.faces(throw_no, spec)).expect("derived faces fit the spec")
    }
}

/// Whether a throw spec can be thrown at all: 1 to [`Throw::MAX_DICE`] dice.
pub fn spec_is_possible(spec: ThrowSpec) -> bool {
    spec.count >= 1 && usize::from(spec.count) <= Throw::MAX_DICE
}

/// The faces of throw number `throw_no` (1-based) for `spec`.
///
/// For many throws of one game, build a [`GameDice`] once and call [`GameDice::throw`].
///
/// # Panics
/// If `spec.count` is 0 or more than [`Throw::MAX_DICE`].
pub fn derive_throw(
    seed: &ServerSeed,
    game_id: &str,
    client_seeds: &[String],
    throw_no: u64,
    spec: ThrowSpec,
) -> Throw {
    GameDice::new(seed, game_id, client_seeds).throw(throw_no, spec)
}

/// Why a check refuses a record: one stable code per step of `docs/fairness.md`
/// ("Checking a record"). Serialized as the snake_case code (e.g. `"throw_numbering"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The upload is larger than `record::MAX_UPLOAD_BYTES`.
    TooLarge,
    /// The upload is not a game record (JSON of the wrong shape).
    Malformed,
    /// More than `record::MAX_RECORD_EVENTS` events.
    TooManyEvents,
    /// More than [`MAX_RECORD_THROWS`] throws.
    TooManyThrows,
    /// The first event is not `game_started`, or there is a second one.
    BadGameStarted,
    /// An event belongs to another game of the series than the record's `game`.
    GameMismatch,
    /// `game_started.game_id` differs from the record's `game_id`.
    GameIdMismatch,
    /// `game_started`'s variant, setup or seats differ from the record's.
    SetupMismatch,
    /// The seats are not exactly the seats 1..=players, each once.
    BadSeats,
    /// `game_started.commitment` differs from the record's `commitment`.
    CommitmentMismatch,
    /// A `client_seed` event names a seat that does not play.
    BadSeat,
    /// A client seed is not 0 to 64 characters of `A-Z a-z 0-9 - _`.
    BadClientSeed,
    /// A seat has two `client_seed` events.
    ClientSeedRepeated,
    /// A `client_seed` event comes after the first throw.
    ClientSeedLate,
    /// The record's client seeds differ from the `client_seed` events or from `game_over`'s.
    ClientSeedMismatch,
    /// More than one `game_over` event.
    BadGameOver,
    /// The record's seed differs from `game_over.seed` (or one of them is missing).
    SeedMismatch,
    /// The seed is not 64 lowercase hex digits.
    BadSeed,
    /// `hex(SHA-256(seed))` differs from the commitment.
    CommitmentNotSeed,
    /// A throw asks for 0 or more than 4 dice.
    BadSpec,
    /// The throws are not numbered 1, 2, 3, … in order (a gap, a repeat, a wrong start).
    ThrowNumbering,
    /// A throw's faces differ from the ones the seed gives.
    FacesMismatch,
    /// The engine refuses an event (a throw, move, resignation or claim).
    ReplayRefused,
    /// `game_over` differs from the engine's outcome, or comes while the game goes on.
    OutcomeMismatch,
    /// The game is not over: the seed is still secret, so the dice cannot be checked yet.
    NotRevealed,
}

impl Reason {
    /// The stable code, as serialized (`"throw_numbering"`).
    pub fn code(self) -> &'static str {
        match self {
            Reason::TooLarge => "too_large",
            Reason::Malformed => "malformed",
            Reason::TooManyEvents => "too_many_events",
            Reason::TooManyThrows => "too_many_throws",
            Reason::BadGameStarted => "bad_game_started",
            Reason::GameMismatch => "game_mismatch",
            Reason::GameIdMismatch => "game_id_mismatch",
            Reason::SetupMismatch => "setup_mismatch",
            Reason::BadSeats => "bad_seats",
            Reason::CommitmentMismatch => "commitment_mismatch",
            Reason::BadSeat => "bad_seat",
            Reason::BadClientSeed => "bad_client_seed",
            Reason::ClientSeedRepeated => "client_seed_repeated",
            Reason::ClientSeedLate => "client_seed_late",
            Reason::ClientSeedMismatch => "client_seed_mismatch",
            Reason::BadGameOver => "bad_game_over",
            Reason::SeedMismatch => "seed_mismatch",
            Reason::BadSeed => "bad_seed",
            Reason::CommitmentNotSeed => "commitment_not_seed",
            Reason::BadSpec => "bad_spec",
            Reason::ThrowNumbering => "throw_numbering",
            Reason::FacesMismatch => "faces_mismatch",
            Reason::ReplayRefused => "replay_refused",
            Reason::OutcomeMismatch => "outcome_mismatch",
            Reason::NotRevealed => "not_revealed",
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A refusal: the first step of the check that failed, and what exactly was wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{reason}: {message}")]
pub struct Refusal {
    /// The stable code.
    pub reason: Reason,
    /// A human-readable explanation (not stable).
    pub message: String,
}

impl Refusal {
    /// A refusal for `reason`.
    pub fn new(reason: Reason, message: impl Into<String>) -> Refusal {
        Refusal {
            reason,
            message: message.into(),
        }
    }
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
    /// All the game's throws, in order (numbered 1, 2, 3, …).
    pub throws: Vec<ThrowRecord>,
}

/// The verdict on one throw.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ThrowVerdict {
    /// The throw number the record claims.
    pub throw_no: u64,
    /// The faces the record claims.
    pub claimed: Vec<u8>,
    /// The faces the seed gives for this throw's place in the order (throw `i` of the list
    /// is throw number `i`, whatever number the record claims).
    pub expected: Vec<u8>,
    /// The number is the throw's place in the order and the faces agree.
    pub ok: bool,
}

/// The verdict on a game's dice.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct VerifyReport {
    /// `SHA-256(seed)` equals the published commitment.
    pub commitment_ok: bool,
    /// Each throw, in the order given.
    pub throws: Vec<ThrowVerdict>,
    /// The commitment and every throw check out.
    pub ok: bool,
    /// When not ok, the first failed step: `commitment_not_seed`, `throw_numbering` or
    /// `faces_mismatch`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// When not ok, what exactly failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
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
    /// More throws than [`MAX_RECORD_THROWS`].
    #[error("more than {MAX_RECORD_THROWS} throws")]
    TooManyThrows,
}

/// Steps "commitment is the seed's", "throws numbered 1, 2, 3, …" and "faces" of
/// `docs/fairness.md`, on throws whose specs are all possible ([`spec_is_possible`]).
/// `commitment_ok` is the caller's comparison of `SHA-256(seed)` with the commitment.
fn dice_report(dice: &GameDice, commitment_ok: bool, throws: &[ThrowRecord]) -> VerifyReport {
    let mut verdicts = Vec::with_capacity(throws.len());
    let mut numbering: Option<String> = None;
    let mut faces: Option<String> = None;
    for (i, t) in throws.iter().enumerate() {
        let place = i as u64 + 1;
        let expected = dice.faces(place, t.spec);
        let numbered = t.throw_no == place;
        if !numbered && numbering.is_none() {
            numbering = Some(format!(
                "throw {place} of the game is numbered {} (throws must be numbered 1, 2, 3, … \
                 in order, with no gap or repeat)",
                t.throw_no
            ));
        }
        let same = expected == t.faces;
        if !same && faces.is_none() {
            faces = Some(format!(
                "throw {place}: the record says {:?}, the seed gives {expected:?}",
                t.faces
            ));
        }
        verdicts.push(ThrowVerdict {
            throw_no: t.throw_no,
            ok: numbered && same,
            claimed: t.faces.clone(),
            expected,
        });
    }
    let refusal = if !commitment_ok {
        Some(Refusal::new(
            Reason::CommitmentNotSeed,
            "SHA-256 of the seed is not the commitment",
        ))
    } else if let Some(m) = numbering {
        Some(Refusal::new(Reason::ThrowNumbering, m))
    } else {
        faces.map(|m| Refusal::new(Reason::FacesMismatch, m))
    };
    VerifyReport {
        commitment_ok,
        throws: verdicts,
        ok: refusal.is_none(),
        reason: refusal.as_ref().map(|r| r.reason),
        message: refusal.map(|r| r.message),
    }
}

/// Checks the dice of a whole game from its revealed seed: the commitment, the numbering of
/// the throws (1, 2, 3, … in the order given) and the faces of each. The dice part of
/// [`crate::record::GameRecord::check`], which also checks that the record's seed, commitment
/// and client seeds are the ones its events published.
///
/// `seed` must be 64 lowercase hex digits (`bad_seed` otherwise) and the commitment is
/// compared exactly.
///
/// # Errors
/// A [`Refusal`] when the record cannot be checked (`bad_seed`, `bad_spec`,
/// `too_many_throws`); a failed check is a report with `ok: false` and its reason.
pub fn check_dice(
    seed: &str,
    commitment: &str,
    game_id: &str,
    client_seeds: &[String],
    throws: &[ThrowRecord],
) -> Result<VerifyReport, Refusal> {
    if throws.len() > MAX_RECORD_THROWS {
        return Err(Refusal::new(
            Reason::TooManyThrows,
            format!("{} throws; at most {MAX_RECORD_THROWS}", throws.len()),
        ));
    }
    if !is_lower_hex_64(seed) {
        return Err(Refusal::new(
            Reason::BadSeed,
            "the seed must be 64 lowercase hex digits",
        ));
    }
    let seed = ServerSeed::from_hex(seed).ok_or(Refusal::new(Reason::BadSeed, "bad seed"))?;
    if let Some((i, t)) = throws
        .iter()
        .enumerate()
        .find(|(_, t)| !spec_is_possible(t.spec))
    {
        return Err(Refusal::new(
            Reason::BadSpec,
            format!("throw {} asks for {} dice", i + 1, t.spec.count),
        ));
    }
    let dice = GameDice::new(&seed, game_id, client_seeds);
    Ok(dice_report(&dice, seed.commitment() == commitment, throws))
}

/// Whether `s` is exactly 64 lowercase hex digits (how the server writes seeds and
/// commitments).
pub fn is_lower_hex_64(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Recomputes every throw of a dice record (`POST /api/verify`): the commitment, the numbering
/// (the throws must be the whole game's, numbered 1, 2, 3, … in order) and the faces. For
/// compatibility the seed may be in either case and the commitment is compared ignoring case
/// and surrounding white space.
///
/// # Errors
/// [`VerifyError`] when the record is not checkable (bad seed, impossible spec, more than
/// [`MAX_RECORD_THROWS`] throws).
pub fn verify(req: &VerifyRequest) -> Result<VerifyReport, VerifyError> {
    if req.throws.len() > MAX_RECORD_THROWS {
        return Err(VerifyError::TooManyThrows);
    }
    let seed = ServerSeed::from_hex(&req.seed).ok_or(VerifyError::BadSeed)?;
    if let Some(t) = req.throws.iter().find(|t| !spec_is_possible(t.spec)) {
        return Err(VerifyError::BadSpec(t.throw_no));
    }
    let commitment_ok = seed
        .commitment()
        .eq_ignore_ascii_case(req.commitment.trim());
    let dice = GameDice::new(&seed, &req.game_id, &req.client_seeds);
    Ok(dice_report(&dice, commitment_ok, &req.throws))
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
        let seed = ServerSeed([0x5e; 32]);
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
        let seed = ServerSeed([0xa7; 32]);
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
    fn throws_must_be_numbered_one_two_three() {
        let seed = ServerSeed([0xab; 32]);
        let seeds = vec!["a".to_string(), "b".to_string()];
        let dice = GameDice::new(&seed, "g", &seeds);
        let spec = ThrowSpec::TWO_D4;
        let throw = |n: u64| ThrowRecord {
            throw_no: n,
            spec,
            faces: dice.faces(n, spec),
        };
        let check = |throws: Vec<ThrowRecord>| {
            check_dice(&seed.to_hex(), &seed.commitment(), "g", &seeds, &throws).unwrap()
        };
        assert!(check(vec![throw(1), throw(2), throw(3)]).ok);
        assert!(check(vec![]).ok);
        // Each throw matches its own number, but the numbers skip, repeat or start late.
        for bad in [
            vec![throw(1), throw(3)],
            vec![throw(1), throw(1)],
            vec![throw(2), throw(3)],
            vec![throw(1), throw(2), throw(u64::MAX)],
        ] {
            let r = check(bad);
            assert_eq!(r.reason, Some(Reason::ThrowNumbering), "{r:?}");
        }
        // The prefix state gives what a fresh HMAC per block gives.
        assert_eq!(
            derive_throw(&seed, "g", &seeds, 7, spec).faces(),
            dice.faces(7, spec)
        );
        let req = VerifyRequest {
            seed: seed.to_hex(),
            commitment: seed.commitment(),
            game_id: "g".into(),
            client_seeds: seeds.clone(),
            throws: vec![throw(1), throw(5)],
        };
        assert_eq!(verify(&req).unwrap().reason, Some(Reason::ThrowNumbering));
        // Not lowercase hex: refused by the record check (the HTTP check accepts it).
        let upper = seed.to_hex().to_uppercase();
        assert_eq!(
            check_dice(&upper, &seed.commitment(), "g", &seeds, &[])
                .unwrap_err()
                .reason,
            Reason::BadSeed
        );
    }

    #[test]
    fn client_seeds_are_checked() {
        assert!(valid_client_seed(""));
        assert!(valid_client_seed("abc-DEF_123"));
        assert!(!valid_client_seed("a b"));
        assert!(!valid_client_seed(&"a".repeat(65)));
    }
}
