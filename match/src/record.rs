//! A game's self-contained record (`GET /api/matches/{id}/games/{n}`), and its check: every
//! throw recomputed from the revealed seed, every event replayed through the engine.

use senet_engine::{Concession, Game, Player, Setup, Status, Throw, Variant};
use serde::{Deserialize, Serialize};

use crate::dice::{self, Reason, Refusal, ThrowRecord, VerifyReport, VerifyRequest};
use senet_protocol::{Event, EventKind};

/// One game of a match, as exported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GameRecord {
    /// The match.
    pub match_id: String,
    /// The game of the series (1-based).
    pub game: u32,
    /// The game id (part of the dice derivation).
    pub game_id: String,
    /// The variant.
    pub variant: Variant,
    /// Players and options.
    pub setup: Setup,
    /// `seats[i]` played engine player `i + 1`.
    pub seats: Vec<u8>,
    /// The dice commitment.
    pub commitment: String,
    /// The server seed, once the game is over.
    pub seed: Option<String>,
    /// Client seeds in seat order.
    pub client_seeds: Vec<String>,
    /// The game's events, in order.
    pub events: Vec<Event>,
}

/// Most events a record may hold; a longer record is refused (`too_many_events`) before any
/// other step. A genuine game has a few events per throw and at most
/// [`dice::MAX_RECORD_THROWS`] throws.
pub const MAX_RECORD_EVENTS: usize = 5 * dice::MAX_RECORD_THROWS;

/// Largest upload [`check_upload`] reads (bytes); a larger one is refused (`too_large`) before
/// it is parsed. A long genuine game's record is a few hundred KiB.
pub const MAX_UPLOAD_BYTES: usize = 4 * 1024 * 1024;

/// The verdict on a record.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RecordReport {
    /// The dice check of the record's top-level seed, commitment, game id and client seeds
    /// (absent while the seed is secret or not checkable). Shown per throw by the CLI; when an
    /// earlier step refused, it is for display only: the verdict is `ok` and `reason`.
    pub dice: Option<VerifyReport>,
    /// Whether replaying every event through the engine reproduced the record (false when an
    /// earlier step refused, so the replay did not run).
    pub replay_ok: bool,
    /// The first refusal of any step, as `code: message` (absent when verified). The name is
    /// historical: it is not only about the replay.
    pub replay_error: Option<String>,
    /// Every step of `docs/fairness.md` ("Checking a record") checks out: `VERIFIED`.
    pub ok: bool,
    /// The stable code of the first step that failed (absent when verified); `not_revealed`
    /// when every checkable step passed but the seed is still secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// What exactly failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl RecordReport {
    fn refused(dice: Option<VerifyReport>, replay_ok: bool, r: Refusal) -> RecordReport {
        RecordReport {
            dice,
            replay_ok,
            replay_error: Some(r.to_string()),
            ok: false,
            reason: Some(r.reason),
            message: Some(r.message),
        }
    }
}

/// Reads and checks an uploaded record (what `POST` of a record would take): at most
/// [`MAX_UPLOAD_BYTES`] bytes of JSON in the shape of [`GameRecord`], then
/// [`GameRecord::check`].
///
/// # Errors
/// `too_large` or `malformed` when the bytes are not a record to check; a record that fails
/// a check is an `Ok` report with `ok: false` and its reason.
pub fn check_upload(bytes: &[u8]) -> Result<RecordReport, Refusal> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(Refusal::new(
            Reason::TooLarge,
            format!("{} bytes; at most {MAX_UPLOAD_BYTES}", bytes.len()),
        ));
    }
    let record: GameRecord = serde_json::from_slice(bytes)
        .map_err(|e| Refusal::new(Reason::Malformed, e.to_string()))?;
    Ok(record.check())
}

fn refuse<T>(reason: Reason, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(reason, message))
}

impl GameRecord {
    /// The dice part of the record, for [`dice::verify`].
    pub fn verify_request(&self) -> Option<VerifyRequest> {
        Some(VerifyRequest {
            seed: self.seed.clone()?,
            commitment: self.commitment.clone(),
            game_id: self.game_id.clone(),
            client_seeds: self.client_seeds.clone(),
            throws: self.throws(),
        })
    }

    /// The `thrown` events, in order.
    fn throws(&self) -> Vec<ThrowRecord> {
        self.events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Thrown {
                    throw_no,
                    spec,
                    faces,
                    ..
                } => Some(ThrowRecord {
                    throw_no: *throw_no,
                    spec: *spec,
                    faces: faces.clone(),
                }),
                _ => None,
            })
            .collect()
    }

    fn player(&self, seat: u8) -> Result<Player, String> {
        self.seats
            .iter()
            .position(|&s| s == seat)
            .and_then(Player::from_index)
            .ok_or_else(|| format!("seat {seat} does not play in this game"))
    }

    /// Replays the events through the engine.
    ///
    /// # Errors
    /// The first event the engine does not accept, or a final state that disagrees.
    pub fn replay(&self) -> Result<Game, String> {
        self.replay_steps(|_, _| {}).map_err(|r| r.message)
    }

    /// Replays the events through the engine like [`GameRecord::replay`], calling `each`
    /// with every event and the engine's game just after it (what the win-chances chart
    /// evaluates).
    ///
    /// # Errors
    /// The first event the engine does not accept, or a final state that disagrees.
    pub fn replay_each(&self, each: impl FnMut(&Event, &Game)) -> Result<Game, String> {
        self.replay_steps(each).map_err(|r| r.message)
    }

    /// Step "replay" of `docs/fairness.md`: `replay_refused` or `outcome_mismatch`.
    fn replay_steps(&self, mut each: impl FnMut(&Event, &Game)) -> Result<Game, Refusal> {
        let refused = |no: u64, msg: String| {
            Refusal::new(Reason::ReplayRefused, format!("event {no}: {msg}"))
        };
        let mut game = Game::new(self.variant, self.setup)
            .map_err(|e| Refusal::new(Reason::ReplayRefused, e.to_string()))?;
        for e in &self.events {
            let at = |msg: String| refused(e.no, msg);
            match &e.kind {
                EventKind::Thrown {
                    seat, spec, faces, ..
                } => {
                    match game.status() {
                        Status::Throw { player, spec: s } if s == *spec => {
                            if player != self.player(*seat).map_err(at)? {
                                return Err(at("thrown for the wrong seat".into()));
                            }
                        }
                        other => return Err(at(format!("a throw where the game is {other:?}"))),
                    }
                    if !dice::spec_is_possible(*spec) {
                        return Err(at(format!("a throw of {} dice", spec.count)));
                    }
                    let t = Throw::new(*spec, faces).map_err(|e| at(e.to_string()))?;
                    game.throw(t).map_err(|e| at(e.to_string()))?;
                }
                EventKind::Moved { seat, mv, .. } => {
                    game.play_notation(self.player(*seat).map_err(at)?, mv)
                        .map_err(|e| at(e.to_string()))?;
                }
                EventKind::Resigned { seat } => {
                    game.resign(self.player(*seat).map_err(at)?)
                        .map_err(|e| at(e.to_string()))?;
                }
                EventKind::TimedOut { seat, .. } => {
                    game.concede(self.player(*seat).map_err(at)?, Concession::Timeout)
                        .map_err(|e| at(e.to_string()))?;
                }
                EventKind::Claimed { against, .. } | EventKind::Abandoned { against } => {
                    game.resign(self.player(*against).map_err(at)?)
                        .map_err(|e| at(e.to_string()))?;
                }
                EventKind::GameOver {
                    winner,
                    reason,
                    points,
                    ..
                } => {
                    let differs = |msg: &str| {
                        Refusal::new(Reason::OutcomeMismatch, format!("event {}: {msg}", e.no))
                    };
                    let Status::Over(o) = game.status() else {
                        return Err(differs("game_over while the game goes on"));
                    };
                    let w = match o.winner {
                        Some(p) => Some(
                            *self
                                .seats
                                .get(p.index())
                                .ok_or_else(|| differs("the winner has no seat"))?,
                        ),
                        None => None,
                    };
                    if w != *winner || o.reason != *reason || o.points != *points {
                        return Err(differs("the outcome differs from the engine's"));
                    }
                }
                _ => {}
            }
            each(e, &game);
        }
        Ok(game)
    }

    /// Checks the record by the procedure of `docs/fairness.md` ("Checking a record"): its
    /// size, that its top-level game id, setup, commitment, client seeds and seed are the ones
    /// its events published, the commitment against the seed, the numbering and faces of every
    /// throw, and a replay of every event through the engine. The first step that fails gives
    /// the report's `reason`. Never panics, whatever the record holds.
    pub fn check(&self) -> RecordReport {
        let mut dice_report = None;
        match self.check_steps(&mut dice_report) {
            Ok(()) => RecordReport {
                dice: dice_report,
                replay_ok: true,
                replay_error: None,
                ok: true,
                reason: None,
                message: None,
            },
            Err((r, replay_ok)) => {
                // For display (the CLI prints each throw): the dice of the top-level values, even
                // when an earlier step refused. Not part of the verdict.
                if dice_report.is_none()
                    && !matches!(r.reason, Reason::TooManyEvents | Reason::TooManyThrows)
                {
                    dice_report = self.seed.as_deref().and_then(|seed| {
                        dice::check_dice(
                            seed,
                            &self.commitment,
                            &self.game_id,
                            &self.client_seeds,
                            &self.throws(),
                        )
                        .ok()
                    });
                }
                RecordReport::refused(dice_report, replay_ok, r)
            }
        }
    }

    /// The steps, in order; the error carries whether the replay ran and passed.
    fn check_steps(&self, dice_report: &mut Option<VerifyReport>) -> Result<(), (Refusal, bool)> {
        self.consistency_steps().map_err(|r| (r, false))?;
        let throws = self.throws();
        match &self.seed {
            Some(seed) => {
                // Steps 6–8: commitment = SHA-256(seed), numbering, faces.
                let report = dice::check_dice(
                    seed,
                    &self.commitment,
                    &self.game_id,
                    &self.client_seeds,
                    &throws,
                )
                .map_err(|r| (r, false))?;
                let failed = (!report.ok).then(|| {
                    Refusal::new(
                        report.reason.unwrap_or(Reason::FacesMismatch),
                        report.message.clone().unwrap_or_default(),
                    )
                });
                *dice_report = Some(report);
                if let Some(r) = failed {
                    return Err((r, false));
                }
            }
            None => {
                // Without the seed only the numbering can be checked (step 7).
                if let Some((i, t)) = throws
                    .iter()
                    .enumerate()
                    .find(|(_, t)| !dice::spec_is_possible(t.spec))
                {
                    return Err((
                        Refusal::new(
                            Reason::BadSpec,
                            format!("throw {} asks for {} dice", i + 1, t.spec.count),
                        ),
                        false,
                    ));
                }
                if let Some((i, t)) = throws
                    .iter()
                    .enumerate()
                    .find(|(i, t)| t.throw_no != *i as u64 + 1)
                {
                    return Err((
                        Refusal::new(
                            Reason::ThrowNumbering,
                            format!("throw {} of the game is numbered {}", i + 1, t.throw_no),
                        ),
                        false,
                    ));
                }
            }
        }
        // Step 9: the engine replay.
        self.replay_steps(|_, _| {}).map_err(|r| (r, false))?;
        if self.seed.is_none() {
            return Err((
                Refusal::new(
                    Reason::NotRevealed,
                    "the game is not over: the seed is still secret, so the dice cannot be checked yet",
                ),
                true,
            ));
        }
        Ok(())
    }

    /// Steps 1–5 of `docs/fairness.md` ("Checking a record"): size, `game_started`,
    /// commitment, client seeds, seed reveal.
    fn consistency_steps(&self) -> Result<(), Refusal> {
        // 1. Size.
        if self.events.len() > MAX_RECORD_EVENTS {
            return refuse(
                Reason::TooManyEvents,
                format!("{} events; at most {MAX_RECORD_EVENTS}", self.events.len()),
            );
        }
        let throws = self
            .events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Thrown { .. }))
            .count();
        if throws > dice::MAX_RECORD_THROWS {
            return refuse(
                Reason::TooManyThrows,
                format!("{throws} throws; at most {}", dice::MAX_RECORD_THROWS),
            );
        }
        // 2. The game_started event: first, only one, and the record's game id and setup.
        let Some(EventKind::GameStarted {
            game_id,
            variant,
            setup,
            seats,
            commitment,
        }) = self.events.first().map(|e| &e.kind)
        else {
            return refuse(
                Reason::BadGameStarted,
                "the first event must be game_started",
            );
        };
        if self.events[1..]
            .iter()
            .any(|e| matches!(e.kind, EventKind::GameStarted { .. }))
        {
            return refuse(Reason::BadGameStarted, "a second game_started event");
        }
        if let Some(e) = self.events.iter().find(|e| e.game != self.game) {
            return refuse(
                Reason::GameMismatch,
                format!(
                    "event {} is of game {}, the record of game {}",
                    e.no, e.game, self.game
                ),
            );
        }
        if *game_id != self.game_id {
            return refuse(
                Reason::GameIdMismatch,
                format!(
                    "game_started has game id {game_id:?}, the record {:?}",
                    self.game_id
                ),
            );
        }
        if *variant != self.variant || *setup != self.setup || *seats != self.seats {
            return refuse(
                Reason::SetupMismatch,
                "game_started's variant, setup or seats differ from the record's",
            );
        }
        let n = self.seats.len();
        let mut sorted = self.seats.clone();
        sorted.sort_unstable();
        if n != usize::from(self.setup.players)
            || sorted
                .iter()
                .enumerate()
                .any(|(i, &s)| usize::from(s) != i + 1)
        {
            return refuse(
                Reason::BadSeats,
                format!(
                    "seats {:?} are not the seats 1 to {} once each",
                    self.seats, self.setup.players
                ),
            );
        }
        // 3. The commitment.
        if *commitment != self.commitment {
            return refuse(
                Reason::CommitmentMismatch,
                "the record's commitment is not the one game_started published",
            );
        }
        // 4. Client seeds.
        if self.client_seeds.len() != n {
            return refuse(
                Reason::ClientSeedMismatch,
                format!("{} client seeds for {n} seats", self.client_seeds.len()),
            );
        }
        let mut given = vec![false; n];
        let mut thrown = false;
        for e in &self.events {
            match &e.kind {
                EventKind::Thrown { .. } => thrown = true,
                EventKind::ClientSeed { seat, seed } => {
                    let at = |m: String| format!("event {}: {m}", e.no);
                    let Some(i) = usize::from(*seat).checked_sub(1).filter(|&i| i < n) else {
                        return refuse(Reason::BadSeat, at(format!("seat {seat} does not play")));
                    };
                    if thrown {
                        return refuse(
                            Reason::ClientSeedLate,
                            at("a client seed after the first throw".into()),
                        );
                    }
                    if given[i] {
                        return refuse(
                            Reason::ClientSeedRepeated,
                            at(format!("seat {seat} gave a second client seed")),
                        );
                    }
                    given[i] = true;
                    if !dice::valid_client_seed(seed) {
                        return refuse(
                            Reason::BadClientSeed,
                            at("a client seed is 0 to 64 characters of A-Z a-z 0-9 - _".into()),
                        );
                    }
                    if *seed != self.client_seeds[i] {
                        return refuse(
                            Reason::ClientSeedMismatch,
                            at(format!(
                                "seat {seat} sent client seed {seed:?}, the record says {:?}",
                                self.client_seeds[i]
                            )),
                        );
                    }
                }
                _ => {}
            }
        }
        if let Some(i) = (0..n).find(|&i| !given[i] && !self.client_seeds[i].is_empty()) {
            return refuse(
                Reason::ClientSeedMismatch,
                format!(
                    "seat {} sent no client seed, but the record says {:?}",
                    i + 1,
                    self.client_seeds[i]
                ),
            );
        }
        // 5. The reveal: game_over's seed and client seeds are the record's.
        let mut overs = self.events.iter().filter_map(|e| match &e.kind {
            EventKind::GameOver {
                seed, client_seeds, ..
            } => Some((seed, client_seeds)),
            _ => None,
        });
        let over = overs.next();
        if overs.next().is_some() {
            return refuse(Reason::BadGameOver, "a second game_over event");
        }
        match (over, &self.seed) {
            (None, None) => {}
            (Some(_), None) => {
                return refuse(
                    Reason::SeedMismatch,
                    "game_over revealed a seed but the record has none",
                );
            }
            (None, Some(_)) => {
                return refuse(
                    Reason::SeedMismatch,
                    "the record has a seed but no game_over event revealed it",
                );
            }
            (Some((seed, client_seeds)), Some(top)) => {
                if seed != top {
                    return refuse(
                        Reason::SeedMismatch,
                        "the record's seed is not the one game_over revealed",
                    );
                }
                if *client_seeds != self.client_seeds {
                    return refuse(
                        Reason::ClientSeedMismatch,
                        "game_over's client seeds differ from the record's",
                    );
                }
            }
        }
        Ok(())
    }
}
