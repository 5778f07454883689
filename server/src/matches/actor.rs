//! The match actor: a thin shell around a [`MatchState`].
//!
//! It owns what is not the rules: the mailbox and timers, the seats' tokens and
//! connections, the store append, the broadcast and each seat's reply cache. A command is
//! decided by the state on a copy; its facts are stored as one batch; only then does the
//! actor take the new state, keep the frames and broadcast them. If the store refuses, the
//! actor keeps the state it had (the copy is dropped) and nothing is broadcast.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc, watch};
use tokio::time::Instant;

use super::fact::Fact;
use super::registry::{
    Cmd, Connected, Created, Frame, JoinError, MatchHandle, NewMatch, Outgoing, new_secret,
    secret_matches,
};
use super::seat::Seat;
use super::state::{Command, MatchError, MatchSpec, MatchState, NewGame, Waiting};
use super::view::{self, Summary, Table};
use crate::config::Config;
use crate::dice::ServerSeed;
use crate::protocol::{ClientMsg, Series, SeriesKind, ServerMsg};
use crate::record::GameRecord;
use crate::store::{EventStore, MatchRow, SeatRow, Side, StoreError, StoredEvent, hash_secret};
use crate::store_sql::Recovered;

/// How many messages a match's mailbox holds before senders wait.
const MAILBOX: usize = 256;
/// How many recent replies per seat are kept to answer repeated sequence numbers.
const REPLIES_KEPT: usize = 64;
/// How long a match waits before it tries again what the store refused.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// Why the actor refused a client's command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum Refused {
    /// The rules refused it.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// `hello` on a connection that said it already.
    #[error("hello was already said")]
    AlreadyHello,
    /// The store did not take the events (or has not said whether it did).
    #[error("the move could not be saved; try again")]
    StoreUnavailable,
    /// The store holds a number of events the match cannot explain.
    #[error("the store holds {stored} events where {before} or {after} were expected")]
    StoreInconsistent {
        /// What the store holds.
        stored: u64,
        /// Before the doubtful batch.
        before: u64,
        /// After it.
        after: u64,
    },
}

impl Refused {
    fn code(&self) -> &'static str {
        match self {
            Refused::Match(e) => e.code(),
            Refused::AlreadyHello => "already_hello",
            Refused::StoreUnavailable => "store_unavailable",
            Refused::StoreInconsistent { .. } => "store_inconsistent",
        }
    }
}

/// Why a stored match could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum RecoveryError {
    /// The variant is not known to this release.
    #[error("unknown variant {0}")]
    UnknownVariant(String),
    /// The stored setup does not parse.
    #[error("the stored setup does not parse: {0}")]
    BadSetup(String),
    /// The stored seats do not fit the setup.
    #[error("{stored} seats stored for {players} players")]
    SeatCount {
        /// Seats stored.
        stored: usize,
        /// Players in the setup.
        players: u8,
    },
    /// A stored event does not read.
    #[error("event {no}: {error}")]
    BadFact {
        /// The event number.
        no: u64,
        /// Why.
        error: super::fact::FactError,
    },
    /// A stored event does not replay.
    #[error(transparent)]
    Replay(#[from] view::ReplayError),
}

/// A seat of the table, as the actor keeps it (who holds it, and their connections).
struct SeatInfo {
    token_hash: String,
    invite_hash: String,
    claimed: bool,
    name: Option<String>,
    conns: u32,
    gone_since: Instant,
    last_seq: u64,
    replies: VecDeque<(u64, Utf8Bytes)>,
}

struct Conn {
    seat: Option<Seat>,
    outbox: mpsc::Sender<Outgoing>,
}

/// One event as kept in memory: the fact (records replay these) and its frame (sent to a
/// client that missed it).
struct Logged {
    fact: Fact,
    frame: Utf8Bytes,
}

/// A batch whose append failed in a way that may still have stored it (a commit whose answer
/// was lost), with the state it leads to. Nothing else happens in the match until the store
/// says which it was.
struct InDoubt {
    stored: Vec<StoredEvent>,
    logged: Vec<Logged>,
    after: MatchState,
}

struct Actor {
    id: String,
    name: String,
    public: bool,
    spectator_key_hash: Option<String>,
    seats: Vec<SeatInfo>,
    state: MatchState,
    log: Vec<Logged>,
    tx: broadcast::Sender<Frame>,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    spectators: u32,
    store: Arc<dyn EventStore>,
    cfg: Arc<Config>,
    summary: watch::Sender<Summary>,
    seeds_deadline: Option<Instant>,
    in_doubt: Option<InDoubt>,
    /// When to try again what the store refused (a server throw, a game start, a doubt).
    retry_at: Option<Instant>,
    /// Since when nobody has been connected (none while somebody is).
    idle_since: Option<Instant>,
}

/// A new game's id and secret seed, from the OS random source.
fn fresh_game() -> NewGame {
    NewGame {
        game_id: uuid::Uuid::new_v4().to_string(),
        seed: ServerSeed::generate(),
    }
}

/// The wire name of a series kind.
pub fn series_kind_name(kind: SeriesKind) -> &'static str {
    match kind {
        SeriesKind::BestOf => "best_of",
        SeriesKind::FirstTo => "first_to",
    }
}

fn spec_of(m: &NewMatch, cfg: &Config) -> MatchSpec {
    MatchSpec {
        variant: m.variant,
        setup: m.setup,
        series: m.series,
        seed_window: cfg.seed_wait_ms > 0,
    }
}

/// Starts the actor of a new match, once the store has recorded it, with seat 1 tied to
/// `player_id` if given.
///
/// # Errors
/// When the store cannot record the match.
pub async fn spawn_match_for(
    spec: NewMatch,
    player_id: Option<String>,
    store: Arc<dyn EventStore>,
    cfg: Arc<Config>,
) -> Result<(MatchHandle, Created), StoreError> {
    let id = uuid::Uuid::new_v4().to_string();
    let n = spec.setup.players;
    let tokens: Vec<String> = (0..n).map(|_| new_secret()).collect();
    let invites: Vec<String> = (0..n).map(|_| new_secret()).collect();
    let created = Created {
        match_id: id.clone(),
        token: tokens[0].clone(),
        invites: Seat::all(n)
            .skip(1)
            .map(|s| (s.get(), invites[s.index()].clone()))
            .collect(),
        spectator_key: (!spec.public).then(new_secret),
    };
    let row = MatchRow {
        id: id.clone(),
        name: spec.name.clone(),
        variant: spec.variant.id().to_owned(),
        options: serde_json::to_string(&spec.setup).unwrap_or_default(),
        players: n,
        series_kind: series_kind_name(spec.series.kind).to_owned(),
        series_target: spec.series.target,
        public: spec.public,
        spectator_key_hash: created.spectator_key.as_deref().map(hash_secret),
        seats: Seat::all(n)
            .map(|s| SeatRow {
                seat: s.get(),
                player_id: if s == Seat::FIRST {
                    player_id.clone()
                } else {
                    None
                },
                name: (s == Seat::FIRST).then(|| spec.creator.clone()),
                token_hash: hash_secret(&tokens[s.index()]),
                invite_hash: hash_secret(&invites[s.index()]),
                claimed: s == Seat::FIRST,
            })
            .collect(),
    };
    store.create_match(&row).await?;
    let state = MatchState::new(spec_of(&spec, &cfg));
    let actor = Actor::new(row, spec.name, spec.public, state, store, cfg);
    Ok((actor.start(), created))
}

/// The match a stored `matches` row describes (before any event).
///
/// # Errors
/// An unknown variant or a setup that does not parse.
pub fn stored_spec(
    variant: &str,
    options: &str,
    series_kind: &str,
    series_target: u32,
    cfg: &Config,
) -> Result<MatchSpec, RecoveryError> {
    let variant = variant
        .parse()
        .map_err(|_| RecoveryError::UnknownVariant(variant.to_owned()))?;
    let setup: senet_engine::Setup =
        serde_json::from_str(options).map_err(|e| RecoveryError::BadSetup(e.to_string()))?;
    let kind = match series_kind {
        "first_to" => SeriesKind::FirstTo,
        "best_of" => SeriesKind::BestOf,
        other => return Err(RecoveryError::BadSetup(format!("series kind {other}"))),
    };
    Ok(MatchSpec {
        variant,
        setup,
        series: Series {
            kind,
            target: series_target,
        },
        seed_window: cfg.seed_wait_ms > 0,
    })
}

/// Rebuilds an unfinished match from the store — every stored fact applied in order (each
/// throw recomputed from its game's seed and checked) — and starts its actor.
///
/// # Errors
/// When the stored match does not read or replay.
pub fn restore_match(
    rec: Recovered,
    store: Arc<dyn EventStore>,
    cfg: Arc<Config>,
) -> Result<MatchHandle, RecoveryError> {
    let row = rec.row;
    let spec = stored_spec(
        &row.variant,
        &row.options,
        &row.series_kind,
        row.series_target,
        &cfg,
    )?;
    if row.seats.len() != usize::from(spec.setup.players) {
        return Err(RecoveryError::SeatCount {
            stored: row.seats.len(),
            players: spec.setup.players,
        });
    }
    let mut state = MatchState::new(spec);
    let mut log = Vec::with_capacity(rec.events.len());
    for text in &rec.events {
        let no = state.events() + 1;
        let fact = Fact::from_json(text).map_err(|error| RecoveryError::BadFact { no, error })?;
        state
            .apply(&fact)
            .map_err(|error| view::ReplayError { no, error })?;
        let frame = ServerMsg::Event(Box::new(view::event(&state, no, &fact)))
            .to_json()
            .into();
        log.push(Logged { fact, frame });
    }
    let (name, public) = (row.name.clone(), row.public);
    let mut actor = Actor::new(row, name, public, state, store, cfg);
    actor.log = log;
    actor.sync_seed_wait();
    Ok(actor.start())
}

fn placeholder_summary() -> Summary {
    Summary {
        match_id: String::new(),
        name: String::new(),
        variant: senet_engine::Variant::Martian,
        players: 0,
        public: false,
        series: Series::default(),
        status: "joining",
        names: vec![],
        game: 0,
        score: vec![],
        wins: vec![],
        spectators: 0,
    }
}

/// What a decided command becomes once numbered: rows for the store and frames for clients.
struct Batch {
    stored: Vec<StoredEvent>,
    logged: Vec<Logged>,
}

impl Actor {
    fn new(
        row: MatchRow,
        name: String,
        public: bool,
        state: MatchState,
        store: Arc<dyn EventStore>,
        cfg: Arc<Config>,
    ) -> Actor {
        let now = Instant::now();
        let (tx, _) = broadcast::channel(cfg.broadcast_capacity.max(1));
        Actor {
            id: row.id,
            name,
            public,
            spectator_key_hash: row.spectator_key_hash,
            seats: row
                .seats
                .into_iter()
                .map(|s| SeatInfo {
                    token_hash: s.token_hash,
                    invite_hash: s.invite_hash,
                    claimed: s.claimed,
                    name: s.name,
                    conns: 0,
                    gone_since: now,
                    last_seq: 0,
                    replies: VecDeque::new(),
                })
                .collect(),
            state,
            log: Vec::new(),
            tx,
            conns: HashMap::new(),
            next_conn: 1,
            spectators: 0,
            store,
            cfg,
            summary: watch::channel(placeholder_summary()).0,
            seeds_deadline: None,
            in_doubt: None,
            retry_at: None,
            idle_since: Some(now),
        }
    }

    /// Publishes the summary and spawns the actor task.
    fn start(self) -> MatchHandle {
        let (mailbox, rx) = mpsc::channel(MAILBOX);
        let summary = self.summary.subscribe();
        self.publish_summary();
        let handle = MatchHandle {
            id: self.id.clone(),
            mailbox,
            summary,
        };
        tokio::spawn(self.run(rx));
        handle
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        tracing::info!(match_id = %self.id, variant = %self.state.spec().variant, events = self.log.len(), "match started");
        // A recovered match may owe a throw, a game start or the end of its series.
        if self.owes_work() {
            self.catch_up().await;
        }
        loop {
            let deadline = self.seeds_deadline;
            let retry = self.retry_at;
            let evict = self.evict_at();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => {
                        self.handle(cmd).await;
                        // Work the store refused earlier waits for the retry timer, if one runs.
                        if self.retry_at.is_none() && self.owes_work() {
                            self.catch_up().await;
                        }
                    }
                    None => break,
                },
                () = sleep_until_opt(deadline), if deadline.is_some() => {
                    self.seeds_deadline = None;
                    if let Err(e) = self.execute(Command::CloseSeeds).await {
                        tracing::warn!(match_id = %self.id, code = e.code(), error = %e, "could not start throwing");
                        self.seeds_deadline = Some(Instant::now() + RETRY_AFTER);
                    }
                }
                () = sleep_until_opt(retry), if retry.is_some() => {
                    self.retry_at = None;
                    self.catch_up().await;
                }
                () = sleep_until_opt(evict), if evict.is_some() => {
                    // Dropping the mailbox tells the registry this match is gone.
                    tracing::info!(match_id = %self.id, over = self.state.match_over(), "idle: leaving memory");
                    break;
                }
            }
        }
        tracing::info!(match_id = %self.id, "match actor stopped");
    }

    /// Decides `command` on the current state, stores its facts as one batch, and only then
    /// takes the new state and broadcasts. On a refusal nothing changes.
    async fn execute(&mut self, command: Command) -> Result<(), Refused> {
        self.settle().await?;
        let first = self.state.events() + 1;
        let mut batch = Batch {
            stored: Vec::new(),
            logged: Vec::new(),
        };
        let match_id = &self.id;
        let decision = self.state.decide_observed(&command, |after, fact| {
            let no = first + batch.stored.len() as u64;
            let frame: Utf8Bytes = ServerMsg::Event(Box::new(view::event(after, no, fact)))
                .to_json()
                .into();
            batch.stored.push(StoredEvent {
                match_id: match_id.clone(),
                no,
                game: after.game_no(),
                json: fact.to_json().into(),
                kind: fact.kind(),
                side: side_of(after, fact),
            });
            batch.logged.push(Logged {
                fact: fact.clone(),
                frame,
            });
        })?;
        if batch.stored.is_empty() {
            return Ok(());
        }
        match self.store.append(&batch.stored).await {
            Ok(()) => {
                self.take(decision.after, batch.logged);
                Ok(())
            }
            Err(e) => {
                tracing::error!(match_id = %self.id, events = batch.stored.len(), error = %e, "events not stored");
                if e.outcome_unknown() {
                    self.in_doubt = Some(InDoubt {
                        stored: batch.stored,
                        logged: batch.logged,
                        after: decision.after,
                    });
                }
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
                Err(Refused::StoreUnavailable)
            }
        }
    }

    /// Takes a state whose events are stored: keeps their frames, broadcasts them.
    fn take(&mut self, after: MatchState, logged: Vec<Logged>) {
        self.state = after;
        for l in &logged {
            // No receivers is fine: nobody is watching.
            let _receivers = self.tx.send(Frame {
                no: self.log.len() as u64 + 1,
                text: l.frame.clone(),
            });
            self.log.push(Logged {
                fact: l.fact.clone(),
                frame: l.frame.clone(),
            });
        }
        self.sync_seed_wait();
        self.publish_summary();
    }

    /// A game that takes client seeds gets a deadline for them; any other state none.
    fn sync_seed_wait(&mut self) {
        if self.state.waiting() == Waiting::Seeds {
            if self.seeds_deadline.is_none() {
                self.seeds_deadline = Some(Instant::now() + self.cfg.seed_wait());
            }
        } else {
            self.seeds_deadline = None;
        }
    }

    /// Finds out whether a batch whose append failed was stored after all, and catches up if
    /// it was. Until the store answers, the match refuses to change.
    async fn settle(&mut self) -> Result<(), Refused> {
        let Some(doubt) = &self.in_doubt else {
            return Ok(());
        };
        let before = self.state.events();
        let after = before + doubt.stored.len() as u64;
        let stored = match self.store.stored_count(&self.id).await {
            Ok(n) => n,
            Err(e) => {
                tracing::debug!(match_id = %self.id, error = %e, "store still unavailable");
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
                return Err(Refused::StoreUnavailable);
            }
        };
        if stored == before {
            tracing::info!(match_id = %self.id, "the refused events were not stored");
            self.in_doubt = None;
            Ok(())
        } else if stored == after {
            tracing::info!(match_id = %self.id, "the refused events were stored after all");
            if let Some(doubt) = self.in_doubt.take() {
                self.take(doubt.after, doubt.logged);
            }
            Ok(())
        } else {
            tracing::error!(match_id = %self.id, stored, expected = before, "the store disagrees with the match");
            self.retry_at = Some(Instant::now() + RETRY_AFTER);
            Err(Refused::StoreInconsistent {
                stored,
                before,
                after,
            })
        }
    }

    fn first_game_due(&self) -> bool {
        self.state.game_no() == 0
            && !self.state.match_over()
            && self.seats.iter().all(|s| s.claimed)
    }

    /// Whether the match owes something it does by itself: a game start once every seat is
    /// taken, what the state owes ([`MatchState::owes_work`]), or settling a doubtful batch.
    fn owes_work(&self) -> bool {
        self.in_doubt.is_some() || self.first_game_due() || self.state.owes_work()
    }

    /// Does what [`Actor::owes_work`] found; on failure tries again later.
    async fn catch_up(&mut self) {
        let command = if self.first_game_due() {
            Command::StartGame(fresh_game())
        } else {
            Command::CatchUp
        };
        match self.execute(command).await {
            Ok(()) => self.retry_at = None,
            Err(e) => {
                tracing::debug!(match_id = %self.id, code = e.code(), error = %e, "cannot catch up yet");
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
            }
        }
    }

    /// When this match may leave memory: finished, nobody connected, nothing in doubt, and
    /// kept by a durable store (the in-memory store's matches live as long as the server);
    /// or never joined, nobody connected, for as long as invites stay open.
    fn evict_at(&self) -> Option<Instant> {
        let idle = self.idle_since?;
        if self.in_doubt.is_some() {
            return None;
        }
        if self.state.match_over() && self.store.sql().is_some() {
            Some(idle + Duration::from_secs(self.cfg.evict_after))
        } else if self.state.game_no() == 0 && !self.seats.iter().all(|s| s.claimed) {
            Some(idle + self.cfg.invite_ttl())
        } else {
            None
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join {
                invite,
                name,
                player_id,
                reply,
            } => {
                let r = self.join(&invite, name, player_id).await;
                // The requester may have gone; nothing to do then.
                if reply.send(r).is_err() {
                    tracing::debug!(match_id = %self.id, "join requester went away");
                }
            }
            Cmd::Connect {
                token,
                last_event,
                outbox,
                reply,
            } => {
                let r = self.connect(token.as_deref(), last_event, outbox);
                let conn = r.as_ref().ok().map(|c| c.conn);
                if reply.send(r).is_err() {
                    if let Some(conn) = conn {
                        self.disconnect(conn);
                    }
                } else if conn.is_some() {
                    self.broadcast_presence();
                }
            }
            Cmd::Client { conn, msg } => self.client(conn, msg).await,
            Cmd::Disconnect { conn } => self.disconnect(conn),
            Cmd::Resync { conn, reply } => {
                let msg = ServerMsg::Snapshot {
                    snapshot: Box::new(view::snapshot(&self.state, self.table())),
                };
                if reply
                    .send((self.state.events(), msg.to_json().into()))
                    .is_err()
                {
                    tracing::debug!(match_id = %self.id, conn, "resync requester went away");
                }
            }
            Cmd::Record { game, reply } => {
                if reply.send(self.record(game)).is_err() {
                    tracing::debug!(match_id = %self.id, "record requester went away");
                }
            }
        }
    }

    async fn join(
        &mut self,
        invite: &str,
        name: String,
        player_id: Option<String>,
    ) -> Result<(u8, String), JoinError> {
        let Some(i) = self
            .seats
            .iter()
            .skip(1)
            .position(|s| secret_matches(&s.invite_hash, invite))
            .map(|i| i + 1)
        else {
            return Err(JoinError::BadInvite);
        };
        if self.seats[i].claimed {
            return Err(JoinError::InviteUsed);
        }
        let seat = Seat::from_index(i).map_err(|_| JoinError::BadInvite)?;
        // The seat's token is made now (only its hash is kept) and stored with the claim.
        let token = new_secret();
        let token_hash = hash_secret(&token);
        if let Err(e) = self
            .store
            .claim_seat(
                &self.id,
                seat.get(),
                &name,
                &token_hash,
                player_id.as_deref(),
            )
            .await
        {
            tracing::error!(match_id = %self.id, error = %e, "seat claim not stored");
            return Err(JoinError::Unavailable);
        }
        let info = &mut self.seats[i];
        info.claimed = true;
        info.name = Some(name);
        info.gone_since = Instant::now();
        info.token_hash = token_hash;
        tracing::info!(match_id = %self.id, %seat, "seat claimed");
        if self.first_game_due() {
            // If the store refuses the start, the retry timer starts the game later.
            self.catch_up().await;
        }
        self.publish_summary();
        Ok((seat.get(), token))
    }

    fn connect(
        &mut self,
        token: Option<&str>,
        last_event: Option<u64>,
        outbox: mpsc::Sender<Outgoing>,
    ) -> Result<Connected, ServerMsg> {
        let seat = match token {
            Some(t) => {
                if let Some(i) = self
                    .seats
                    .iter()
                    .position(|s| s.claimed && secret_matches(&s.token_hash, t))
                {
                    Seat::from_index(i).ok()
                } else if self
                    .spectator_key_hash
                    .as_deref()
                    .is_some_and(|k| secret_matches(k, t))
                {
                    None
                } else {
                    return Err(ServerMsg::error(
                        "bad_token",
                        "that token is not valid for this match",
                        None,
                    ));
                }
            }
            None if self.public => None,
            None => {
                return Err(ServerMsg::error(
                    "spectator_key_required",
                    "this match is private: watching needs its spectator link",
                    None,
                ));
            }
        };
        if seat.is_none() && self.spectators >= self.cfg.max_spectators {
            return Err(ServerMsg::error(
                "too_many_spectators",
                format!(
                    "this match has {} spectators, the most it takes",
                    self.spectators
                ),
                None,
            ));
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        match seat {
            Some(s) => self.seats[s.index()].conns += 1,
            None => self.spectators += 1,
        }
        self.conns.insert(conn, Conn { seat, outbox });
        self.idle_since = None;
        let total = self.state.events();
        let missed: Vec<Utf8Bytes> = match last_event.filter(|&n| n <= total) {
            Some(n) => self.log[n as usize..]
                .iter()
                .map(|l| l.frame.clone())
                .collect(),
            None => Vec::new(),
        };
        let welcome = ServerMsg::Welcome {
            seat: seat.map(Seat::get),
            last_seq: seat.map_or(0, |s| self.seats[s.index()].last_seq),
            missed: missed.len() as u64,
            snapshot: Box::new(view::snapshot(&self.state, self.table())),
        };
        tracing::debug!(match_id = %self.id, conn, ?seat, "connected");
        Ok(Connected {
            conn,
            seat: seat.map(Seat::get),
            rx: self.tx.subscribe(),
            welcome: welcome.to_json().into(),
            missed,
            last_event: total,
        })
    }

    fn disconnect(&mut self, conn: u64) {
        let Some(c) = self.conns.remove(&conn) else {
            return;
        };
        match c.seat {
            Some(s) => {
                let info = &mut self.seats[s.index()];
                info.conns = info.conns.saturating_sub(1);
                if info.conns == 0 {
                    info.gone_since = Instant::now();
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
        if self.conns.is_empty() {
            self.idle_since = Some(Instant::now());
        }
        self.broadcast_presence();
    }

    fn send_to(&self, conn: u64, text: Utf8Bytes) {
        if let Some(c) = self.conns.get(&conn) {
            // A connection whose outbox is full is not reading; it loses this reply (it
            // will resync from events) rather than slow the match.
            if c.outbox.try_send(Outgoing::Text(text)).is_err() {
                tracing::debug!(match_id = %self.id, conn, "outbox full; reply dropped");
            }
        }
    }

    async fn client(&mut self, conn: u64, msg: ClientMsg) {
        let Some(seat) = self.conns.get(&conn).map(|c| c.seat) else {
            return;
        };
        let seq = msg.seq();
        if let ClientMsg::Ping { seq } = msg {
            self.send_to(conn, ServerMsg::Pong { seq }.to_json().into());
            return;
        }
        let (Some(seat), Some(seq)) = (seat, seq) else {
            let e = ServerMsg::error("spectator", "spectators cannot act in the match", seq);
            self.send_to(conn, e.to_json().into());
            return;
        };
        let idx = seat.index();
        if seq <= self.seats[idx].last_seq {
            let old = self.seats[idx]
                .replies
                .iter()
                .find(|(s, _)| *s == seq)
                .map(|(_, r)| r.clone());
            let reply = old.unwrap_or_else(|| {
                ServerMsg::error(
                    "stale_seq",
                    format!(
                        "sequence number {seq} was used already (last {})",
                        self.seats[idx].last_seq
                    ),
                    Some(seq),
                )
                .to_json()
                .into()
            });
            self.send_to(conn, reply);
            return;
        }
        self.seats[idx].last_seq = seq;
        let outcome = match self.command_for(seat, msg) {
            Ok(command) => self.execute(command).await,
            Err(e) => Err(e),
        };
        let reply = match outcome {
            Ok(()) => ServerMsg::Ack { seq },
            Err(e) => ServerMsg::error(e.code(), e.to_string(), Some(seq)),
        };
        let text: Utf8Bytes = reply.to_json().into();
        let replies = &mut self.seats[idx].replies;
        if replies.len() == REPLIES_KEPT {
            replies.pop_front();
        }
        replies.push_back((seq, text.clone()));
        self.send_to(conn, text);
    }

    /// The command a seat's message asks for; what only the actor knows (how long each seat
    /// has been gone) goes in it.
    fn command_for(&self, seat: Seat, msg: ClientMsg) -> Result<Command, Refused> {
        Ok(match msg {
            ClientMsg::Hello { .. } => return Err(Refused::AlreadyHello),
            // Answered with a pong before it gets here; owed work is all it could ask for.
            ClientMsg::Ping { .. } => Command::CatchUp,
            ClientMsg::ClientSeed { seed, .. } => Command::ClientSeed { seat, seed },
            ClientMsg::Move { game, mv, .. } => Command::Move { seat, game, mv },
            ClientMsg::Resign { .. } => Command::Resign { seat },
            ClientMsg::Claim { .. } => Command::Claim {
                seat,
                gone_for: self
                    .seats
                    .iter()
                    .map(|s| (s.conns == 0).then(|| s.gone_since.elapsed()))
                    .collect(),
                needed: self.cfg.abandon_after(),
            },
            ClientMsg::Rematch { .. } => Command::Rematch {
                seat,
                next: fresh_game(),
            },
        })
    }

    fn table(&self) -> Table<'_> {
        Table {
            match_id: &self.id,
            name: &self.name,
            public: self.public,
            names: self.seats.iter().map(|s| s.name.clone()).collect(),
            connected: self.seats.iter().map(|s| s.conns > 0).collect(),
            spectators: self.spectators,
        }
    }

    fn broadcast_presence(&mut self) {
        let msg = ServerMsg::Presence {
            connected: self.seats.iter().map(|s| s.conns > 0).collect(),
            spectators: self.spectators,
        };
        let _receivers = self
            .tx
            .send(Frame {
                no: 0,
                text: msg.to_json().into(),
            })
            .unwrap_or(0);
        self.publish_summary();
    }

    fn publish_summary(&self) {
        self.summary
            .send_replace(view::summary(&self.state, self.table()));
    }

    fn record(&self, game: u32) -> Option<GameRecord> {
        let facts = self.log.iter().map(|l| &l.fact);
        match view::record(&self.id, *self.state.spec(), facts, game) {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(match_id = %self.id, error = %e, "the match's own log does not replay");
                None
            }
        }
    }
}

/// What the store's match and game tables learn from a fact (`after`: the state after it).
fn side_of(after: &MatchState, fact: &Fact) -> Option<Side> {
    let game = after.game();
    match fact {
        Fact::GameStarted {
            game_id,
            seats,
            commitment,
            seed,
        } => Some(Side::GameStarted {
            game_id: game_id.clone(),
            seed: seed.clone(),
            commitment: commitment.clone(),
            seats: seats.iter().map(|s| s.get()).collect(),
        }),
        Fact::GameOver {
            winner,
            reason,
            points,
        } => Some(Side::GameOver {
            winner: winner.map(Seat::get),
            reason: serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            points: *points,
            client_seeds: game.map(|g| g.seeds()).unwrap_or_default(),
        }),
        Fact::MatchOver { winner } => Some(Side::MatchOver {
            winner: winner.map(Seat::get),
        }),
        _ => None,
    }
}

async fn sleep_until_opt(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}
