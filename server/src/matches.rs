//! Live matches: one actor task per match, and the registry that finds them.
//!
//! The actor owns everything about its match: the engine game, the seats and their tokens,
//! the dice seed, the connections, the event counter and the in-memory event log. Sockets
//! and HTTP handlers talk to it only through its bounded mailbox ([`Cmd`]); it answers over
//! `oneshot` channels or the connection's own outbox, and broadcasts every event once,
//! pre-serialised, on a `broadcast` channel. It never holds a lock across an await.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use senet_engine::{Game, Player, Setup, Status, ThrowEffect, Variant};
use serde::Serialize;
use subtle::ConstantTimeEq;
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio::time::Instant;

use crate::config::Config;
use crate::dice::{ServerSeed, derive_throw, valid_client_seed};
use crate::protocol::{
    ClientMsg, Event, EventKind, Series, SeriesKind, ServerMsg, Snapshot, Turn, TurnKind,
};
use crate::record::GameRecord;
use crate::store::{EventStore, MatchRow, SeatRow, Side, StoredEvent, hash_secret};

/// How many messages a match's mailbox holds before senders wait.
const MAILBOX: usize = 256;
/// How many frames a connection's own outbox holds.
pub const OUTBOX: usize = 64;
/// How many recent replies per seat are kept to answer repeated sequence numbers.
const REPLIES_KEPT: usize = 64;
/// A safety net against an engine that never stops asking for throws.
const MAX_THROWS: u64 = 100_000;
/// How long a match waits before it tries again what the store refused.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// A frame for every subscriber of a match. `no` is the event number, 0 for presence.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The event number (0: not an event).
    pub no: u64,
    /// The JSON text.
    pub text: Utf8Bytes,
}

/// What the actor sends to one connection.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A text frame.
    Text(Utf8Bytes),
    /// Close the connection with this code and reason.
    Close(u16, &'static str),
}

/// A 128-bit random secret as 32 hex digits.
pub fn new_secret() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the OS random source is unavailable");
    hex::encode(b)
}

fn secret_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// Whether `secret` is the one whose hash is `hash` (secrets are only kept hashed).
fn secret_matches(hash: &str, secret: &str) -> bool {
    secret_eq(hash, &hash_secret(secret))
}

/// A match's public state, as listed by the REST API.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The id.
    pub match_id: String,
    /// The name.
    pub name: String,
    /// The variant.
    pub variant: Variant,
    /// Number of seats.
    pub players: u8,
    /// Listed publicly.
    pub public: bool,
    /// The series rule.
    pub series: Series,
    /// `joining`, `live` or `finished`; `expired` for a match nobody joined in time.
    pub status: &'static str,
    /// Display names per seat.
    pub names: Vec<Option<String>>,
    /// The current game (1-based; 0 before the first).
    pub game: u32,
    /// Series points per seat.
    pub score: Vec<u32>,
    /// Games won per seat.
    pub wins: Vec<u32>,
    /// How many spectators watch.
    pub spectators: u32,
}

/// A request to the match actor.
#[derive(Debug)]
pub enum Cmd {
    /// Claim a seat with an invite (REST).
    Join {
        /// The invite secret.
        invite: String,
        /// The display name.
        name: String,
        /// The player taking the seat (if they gave their player key).
        player_id: Option<String>,
        /// The seat and its token.
        reply: oneshot::Sender<Result<(u8, String), JoinError>>,
    },
    /// A socket said `hello`.
    Connect {
        /// A seat token or the spectator key.
        token: Option<String>,
        /// The last event the client saw.
        last_event: Option<u64>,
        /// The connection's outbox.
        outbox: mpsc::Sender<Outgoing>,
        /// The connection, or the error to send before closing.
        reply: oneshot::Sender<Result<Connected, ServerMsg>>,
    },
    /// A message from a connected socket.
    Client {
        /// The connection.
        conn: u64,
        /// The message.
        msg: ClientMsg,
    },
    /// A socket went away.
    Disconnect {
        /// The connection.
        conn: u64,
    },
    /// A connection fell behind and needs a fresh snapshot.
    Resync {
        /// The connection.
        conn: u64,
        /// The last event number and the `snapshot` message.
        reply: oneshot::Sender<(u64, Utf8Bytes)>,
    },
    /// A game's record, for export and verification.
    Record {
        /// The game (1-based).
        game: u32,
        /// The record, if the game exists.
        reply: oneshot::Sender<Option<GameRecord>>,
    },
}

/// Why an invite was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinError {
    /// No seat has this invite.
    BadInvite,
    /// The seat was claimed already.
    InviteUsed,
    /// The store could not record the claim.
    Unavailable,
}

/// A socket accepted by the actor.
#[derive(Debug)]
pub struct Connected {
    /// The connection id within the match.
    pub conn: u64,
    /// The seat, or none for a spectator.
    pub seat: Option<u8>,
    /// Every frame broadcast from now on.
    pub rx: broadcast::Receiver<Frame>,
    /// The `welcome` message.
    pub welcome: Utf8Bytes,
    /// The events after `hello.last_event`, in order.
    pub missed: Vec<Utf8Bytes>,
    /// The number of the last event sent in `missed` (or in the snapshot).
    pub last_event: u64,
}

/// A handle on a live match.
#[derive(Clone, Debug)]
pub struct MatchHandle {
    /// The match id.
    pub id: String,
    /// The actor's mailbox.
    pub mailbox: mpsc::Sender<Cmd>,
    /// The match's public summary, kept current by the actor.
    pub summary: watch::Receiver<Summary>,
}

/// Every live match, by id. The lock is only ever held for a lookup or an insert.
#[derive(Debug, Default)]
pub struct Registry {
    matches: RwLock<HashMap<String, MatchHandle>>,
}

impl Registry {
    /// The match with this id, if its actor still runs (a finished match leaves memory
    /// after a while: see [`Config::evict_after`]).
    pub fn get(&self, id: &str) -> Option<MatchHandle> {
        let handle = self
            .matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()?;
        if handle.mailbox.is_closed() {
            self.matches
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .remove(id);
            return None;
        }
        Some(handle)
    }

    /// Adds a match.
    pub fn insert(&self, handle: MatchHandle) {
        self.matches
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(handle.id.clone(), handle);
    }

    /// The summaries of every match in memory (evicted ones are dropped on the way).
    pub fn summaries(&self) -> Vec<Summary> {
        let handles: Vec<MatchHandle> = self
            .matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        if handles.iter().any(|h| h.mailbox.is_closed()) {
            self.matches
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .retain(|_, h| !h.mailbox.is_closed());
        }
        handles
            .iter()
            .filter(|h| !h.mailbox.is_closed())
            .map(|h| h.summary.borrow().clone())
            .collect()
    }

    /// How many matches in memory are not finished (without copying their summaries).
    pub fn open(&self) -> usize {
        self.matches
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .filter(|h| !h.mailbox.is_closed() && h.summary.borrow().status != "finished")
            .count()
    }
}

/// What a new match is.
#[derive(Clone, Debug)]
pub struct NewMatch {
    /// The variant.
    pub variant: Variant,
    /// Players and options.
    pub setup: Setup,
    /// The series rule.
    pub series: Series,
    /// The match name.
    pub name: String,
    /// Listed publicly (anyone may watch).
    pub public: bool,
    /// The creator's display name.
    pub creator: String,
}

/// The creator's credentials.
#[derive(Clone, Debug)]
pub struct Created {
    /// The match id.
    pub match_id: String,
    /// Seat 1's token.
    pub token: String,
    /// The invite of each other seat.
    pub invites: Vec<(u8, String)>,
    /// The spectator key (private matches only).
    pub spectator_key: Option<String>,
}

struct Seat {
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
    seat: Option<u8>,
    outbox: mpsc::Sender<Outgoing>,
}

#[derive(Clone)]
struct LiveGame {
    id: String,
    game: Game,
    seed: ServerSeed,
    /// `seats[i]` plays engine player `i + 1`.
    seats: Vec<u8>,
    client_seeds: Vec<Option<String>>,
    seeds_open: bool,
    throw_no: u64,
    over: bool,
    rematch: Vec<bool>,
}

impl LiveGame {
    fn seat_of(&self, p: Player) -> u8 {
        self.seats[p.index()]
    }

    fn player_of(&self, seat: u8) -> Player {
        let i = self.seats.iter().position(|&s| s == seat).unwrap_or(0);
        Player::from_index(i).unwrap_or(Player::One)
    }

    fn seeds(&self) -> Vec<String> {
        self.client_seeds
            .iter()
            .map(|s| s.clone().unwrap_or_default())
            .collect()
    }
}

/// A refusal: an error code and message for the client.
type Refusal = (&'static str, String);

/// The parts of a match that its events change: what a refused batch must undo.
#[derive(Clone)]
struct State {
    game_no: u32,
    game: Option<LiveGame>,
    score: Vec<u32>,
    wins: Vec<u32>,
    games_played: u32,
    match_over: bool,
    log_len: usize,
    seeds_deadline: Option<Instant>,
}

/// Events whose append failed in a way that may still have stored them (a commit whose answer
/// was lost), with the state they lead to. Nothing else happens in the match until the store
/// says which it was.
struct InDoubt {
    events: Vec<StoredEvent>,
    after: State,
}

fn unavailable() -> Refusal {
    (
        "store_unavailable",
        "the move could not be saved; try again".into(),
    )
}

struct Actor {
    id: String,
    spec: NewMatch,
    spectator_key_hash: Option<String>,
    seats: Vec<Seat>,
    game_no: u32,
    game: Option<LiveGame>,
    score: Vec<u32>,
    wins: Vec<u32>,
    games_played: u32,
    match_over: bool,
    log: Vec<Utf8Bytes>,
    tx: broadcast::Sender<Frame>,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    spectators: u32,
    store: Arc<dyn EventStore>,
    cfg: Arc<Config>,
    summary: watch::Sender<Summary>,
    seeds_deadline: Option<Instant>,
    /// Events the current command made, not yet stored; stored as one batch, then broadcast.
    staged: Vec<StoredEvent>,
    /// The state before the current command changed anything.
    checkpoint: Option<State>,
    /// A batch the store may or may not have kept.
    in_doubt: Option<InDoubt>,
    /// When to try again what the store refused (a server throw, a game start, a doubt).
    retry_at: Option<Instant>,
    /// Since when nobody has been connected (none while somebody is).
    idle_since: Option<Instant>,
}

/// Starts the actor of a new match, once the store has recorded it.
///
/// # Errors
/// When the store cannot record the match.
pub async fn spawn_match(
    spec: NewMatch,
    store: Arc<dyn EventStore>,
    cfg: Arc<Config>,
) -> Result<(MatchHandle, Created), crate::store::StoreError> {
    spawn_match_for(spec, None, store, cfg).await
}

/// As [`spawn_match`], with seat 1 tied to a player.
///
/// # Errors
/// When the store cannot record the match.
pub async fn spawn_match_for(
    spec: NewMatch,
    player_id: Option<String>,
    store: Arc<dyn EventStore>,
    cfg: Arc<Config>,
) -> Result<(MatchHandle, Created), crate::store::StoreError> {
    let id = uuid::Uuid::new_v4().to_string();
    let n = spec.setup.players;
    let tokens: Vec<String> = (0..n).map(|_| new_secret()).collect();
    let invites: Vec<String> = (0..n).map(|_| new_secret()).collect();
    let created = Created {
        match_id: id.clone(),
        token: tokens[0].clone(),
        invites: invites
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, s)| (i as u8 + 1, s.clone()))
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
        seats: (0..n)
            .map(|i| SeatRow {
                seat: i + 1,
                player_id: if i == 0 { player_id.clone() } else { None },
                name: (i == 0).then(|| spec.creator.clone()),
                token_hash: hash_secret(&tokens[usize::from(i)]),
                invite_hash: hash_secret(&invites[usize::from(i)]),
                claimed: i == 0,
            })
            .collect(),
    };
    store.create_match(&row).await?;
    let actor = Actor::new(row, spec, store, cfg);
    Ok((actor.start(), created))
}

/// Rebuilds an unfinished match from the store: replays its events through the engine (every
/// throw recomputed from the stored seed and checked) and starts its actor.
///
/// # Errors
/// When the stored match does not replay.
pub fn restore_match(
    rec: crate::store_sql::Recovered,
    store: Arc<dyn EventStore>,
    cfg: Arc<Config>,
) -> Result<MatchHandle, String> {
    let row = rec.row;
    let variant: Variant = row
        .variant
        .parse()
        .map_err(|_| format!("unknown variant {}", row.variant))?;
    let setup: Setup = serde_json::from_str(&row.options).map_err(|e| e.to_string())?;
    let kind = match row.series_kind.as_str() {
        "first_to" => SeriesKind::FirstTo,
        _ => SeriesKind::BestOf,
    };
    let spec = NewMatch {
        variant,
        setup,
        series: Series {
            kind,
            target: row.series_target,
        },
        name: row.name.clone(),
        public: row.public,
        creator: row
            .seats
            .first()
            .and_then(|s| s.name.clone())
            .unwrap_or_default(),
    };
    if row.seats.len() != usize::from(setup.players) {
        return Err(format!(
            "{} seats stored for {} players",
            row.seats.len(),
            setup.players
        ));
    }
    let log: Vec<Utf8Bytes> = rec.events.into_iter().map(Utf8Bytes::from).collect();
    let mut actor = Actor::new(row, spec, store, cfg);
    for (i, text) in log.iter().enumerate() {
        actor
            .replay(text.as_str(), &rec.seeds)
            .map_err(|e| format!("event {}: {e}", i + 1))?;
        actor.log.push(text.clone());
    }
    if let Some(g) = &actor.game {
        if g.seeds_open && !g.over {
            actor.seeds_deadline = Some(Instant::now() + actor.cfg.seed_wait());
        }
    }
    Ok(actor.start())
}

/// The wire name of a series kind.
pub fn series_kind_name(kind: SeriesKind) -> &'static str {
    match kind {
        SeriesKind::BestOf => "best_of",
        SeriesKind::FirstTo => "first_to",
    }
}

fn event_kind_name(kind: &EventKind) -> &'static str {
    match kind {
        EventKind::GameStarted { .. } => "game_started",
        EventKind::ClientSeed { .. } => "client_seed",
        EventKind::Thrown { .. } => "thrown",
        EventKind::Passed { .. } => "passed",
        EventKind::Moved { .. } => "moved",
        EventKind::Resigned { .. } => "resigned",
        EventKind::Claimed { .. } => "claimed",
        EventKind::GameOver { .. } => "game_over",
        EventKind::RematchRequested { .. } => "rematch_requested",
        EventKind::MatchOver { .. } => "match_over",
    }
}

fn placeholder_summary() -> Summary {
    Summary {
        match_id: String::new(),
        name: String::new(),
        variant: Variant::Martian,
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

impl Actor {
    fn new(row: MatchRow, spec: NewMatch, store: Arc<dyn EventStore>, cfg: Arc<Config>) -> Actor {
        let n = usize::from(spec.setup.players);
        let now = Instant::now();
        let (tx, _) = broadcast::channel(cfg.broadcast_capacity.max(1));
        Actor {
            id: row.id,
            spectator_key_hash: row.spectator_key_hash,
            seats: row
                .seats
                .into_iter()
                .map(|s| Seat {
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
            game_no: 0,
            game: None,
            score: vec![0; n],
            wins: vec![0; n],
            games_played: 0,
            match_over: false,
            log: Vec::new(),
            tx,
            conns: HashMap::new(),
            next_conn: 1,
            spectators: 0,
            store,
            cfg,
            summary: watch::channel(placeholder_summary()).0,
            seeds_deadline: None,
            staged: Vec::new(),
            checkpoint: None,
            in_doubt: None,
            retry_at: None,
            idle_since: Some(now),
            spec,
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

    /// Applies one stored event to the state (recovery); throws are recomputed and checked.
    fn replay(&mut self, text: &str, seeds: &[(u32, String)]) -> Result<(), String> {
        let ServerMsg::Event(e) =
            serde_json::from_str::<ServerMsg>(text).map_err(|e| e.to_string())?
        else {
            return Err("not an event".into());
        };
        let n = usize::from(self.spec.setup.players);
        if let EventKind::GameStarted { game_id, seats, .. } = &e.kind {
            let seed = seeds
                .iter()
                .find(|(g, _)| *g == e.game)
                .and_then(|(_, s)| ServerSeed::from_hex(s))
                .ok_or_else(|| format!("no seed stored for game {}", e.game))?;
            let game = Game::new(self.spec.variant, self.spec.setup).map_err(|e| e.to_string())?;
            self.game_no = e.game;
            self.game = Some(LiveGame {
                id: game_id.clone(),
                game,
                seed,
                seats: seats.clone(),
                client_seeds: vec![None; n],
                seeds_open: true,
                throw_no: 0,
                over: false,
                rematch: vec![false; n],
            });
            return Ok(());
        }
        match e.kind {
            EventKind::MatchOver { score, wins, .. } => {
                self.score = score;
                self.wins = wins;
                self.match_over = true;
                return Ok(());
            }
            EventKind::GameOver { score, wins, .. } => {
                self.score = score;
                self.wins = wins;
                self.games_played += 1;
                if let Some(g) = self.game.as_mut() {
                    g.over = true;
                }
                return Ok(());
            }
            _ => {}
        }
        let g = self.game.as_mut().ok_or("an event before the first game")?;
        match e.kind {
            EventKind::ClientSeed { seat, seed } => {
                g.client_seeds[usize::from(seat - 1)] = Some(seed);
            }
            EventKind::Thrown {
                throw_no,
                spec,
                faces,
                ..
            } => {
                g.seeds_open = false;
                let throw = derive_throw(&g.seed, &g.id, &g.seeds(), throw_no, spec);
                if throw.faces() != faces.as_slice() {
                    return Err(format!("throw {throw_no} does not match the seed"));
                }
                g.game.throw(throw).map_err(|e| e.to_string())?;
                g.throw_no = throw_no;
            }
            EventKind::Moved { seat, mv } => {
                let p = g.player_of(seat);
                g.game.play_notation(p, &mv).map_err(|e| e.to_string())?;
            }
            EventKind::Resigned { seat } => {
                let p = g.player_of(seat);
                g.game.resign(p).map_err(|e| e.to_string())?;
            }
            EventKind::Claimed { against, .. } => {
                let p = g.player_of(against);
                g.game.resign(p).map_err(|e| e.to_string())?;
            }
            EventKind::RematchRequested { seat } => g.rematch[usize::from(seat - 1)] = true,
            _ => {}
        }
        Ok(())
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        tracing::info!(match_id = %self.id, variant = %self.spec.variant, events = self.log.len(), "match started");
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
                    let r = match self.begin().await {
                        Ok(()) => {
                            let r = self.close_seeds().await;
                            self.commit(r).await
                        }
                        Err(e) => Err(e),
                    };
                    if let Err((code, msg)) = r {
                        tracing::warn!(match_id = %self.id, code, msg, "could not start throwing");
                        self.seeds_deadline = Some(Instant::now() + RETRY_AFTER);
                    }
                }
                () = sleep_until_opt(retry), if retry.is_some() => {
                    self.retry_at = None;
                    self.catch_up().await;
                }
                () = sleep_until_opt(evict), if evict.is_some() => {
                    // Dropping the mailbox tells the registry this match is gone.
                    tracing::info!(match_id = %self.id, over = self.match_over, "idle: leaving memory");
                    break;
                }
            }
        }
        tracing::info!(match_id = %self.id, "match actor stopped");
    }

    /// The part of the state that events change.
    fn state(&self) -> State {
        State {
            game_no: self.game_no,
            game: self.game.clone(),
            score: self.score.clone(),
            wins: self.wins.clone(),
            games_played: self.games_played,
            match_over: self.match_over,
            log_len: self.log.len(),
            seeds_deadline: self.seeds_deadline,
        }
    }

    /// Puts back a state (the log is cut back to its length; it never grows here).
    fn restore(&mut self, s: State) {
        self.game_no = s.game_no;
        self.game = s.game;
        self.score = s.score;
        self.wins = s.wins;
        self.games_played = s.games_played;
        self.match_over = s.match_over;
        self.log.truncate(s.log_len);
        self.seeds_deadline = s.seeds_deadline;
    }

    /// Starts a command that may make events: settles any doubt about the last batch, then
    /// remembers the state to go back to.
    async fn begin(&mut self) -> Result<(), Refusal> {
        self.settle().await?;
        self.staged.clear();
        self.checkpoint = Some(self.state());
        Ok(())
    }

    /// Ends a command begun with [`Actor::begin`]: stores every event it made as one batch and
    /// broadcasts them once stored. If the command failed or the store refused, the match goes
    /// back to where it was and nothing is broadcast.
    async fn commit(&mut self, outcome: Result<(), Refusal>) -> Result<(), Refusal> {
        let checkpoint = self.checkpoint.take();
        let staged = std::mem::take(&mut self.staged);
        if let Err(e) = outcome {
            if let Some(c) = checkpoint {
                self.restore(c);
                self.publish_summary();
            }
            return Err(e);
        }
        if staged.is_empty() {
            return Ok(());
        }
        match self.store.append(&staged).await {
            Ok(()) => {
                self.broadcast(&staged);
                Ok(())
            }
            Err(e) => {
                tracing::error!(match_id = %self.id, events = staged.len(), error = %e, "events not stored");
                let after = self.state();
                if let Some(c) = checkpoint {
                    self.restore(c);
                }
                self.in_doubt = Some(InDoubt {
                    events: staged,
                    after,
                });
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
                self.publish_summary();
                Err(unavailable())
            }
        }
    }

    fn broadcast(&self, events: &[StoredEvent]) {
        for e in events {
            // No receivers is fine: nobody is watching.
            let _receivers = self.tx.send(Frame {
                no: e.no,
                text: e.json.clone(),
            });
        }
    }

    /// Finds out whether a batch whose append failed was stored after all, and catches up if
    /// it was. Until the store answers, the match refuses to change.
    async fn settle(&mut self) -> Result<(), Refusal> {
        let Some(doubt) = &self.in_doubt else {
            return Ok(());
        };
        let before = self.log.len() as u64;
        let after = before + doubt.events.len() as u64;
        let stored = match self.store.stored_count(&self.id).await {
            Ok(n) => n,
            Err(e) => {
                tracing::debug!(match_id = %self.id, error = %e, "store still unavailable");
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
                return Err(unavailable());
            }
        };
        if stored == before {
            tracing::info!(match_id = %self.id, "the refused events were not stored");
            self.in_doubt = None;
            Ok(())
        } else if stored == after {
            tracing::info!(match_id = %self.id, "the refused events were stored after all");
            let doubt = self.in_doubt.take().expect("checked above");
            self.log.extend(doubt.events.iter().map(|e| e.json.clone()));
            self.restore(doubt.after);
            self.broadcast(&doubt.events);
            self.publish_summary();
            Ok(())
        } else {
            tracing::error!(match_id = %self.id, stored, expected = before, "the store disagrees with the match");
            self.retry_at = Some(Instant::now() + RETRY_AFTER);
            Err((
                "store_inconsistent",
                format!("the store holds {stored} events where {before} or {after} were expected"),
            ))
        }
    }

    /// Whether the match owes something it does by itself: a game start once every seat is
    /// taken, a server throw, the end of a decided series, or settling a doubtful batch.
    fn owes_work(&self) -> bool {
        self.in_doubt.is_some()
            || self.first_game_due()
            || self.seeds_complete()
            || self.stalled()
            || self.series_due()
    }

    fn first_game_due(&self) -> bool {
        self.game_no == 0 && !self.match_over && self.seats.iter().all(|s| s.claimed)
    }

    /// Every client seed is in but the first throw has not happened.
    fn seeds_complete(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.seeds_open && !g.over && g.client_seeds.iter().all(Option::is_some))
    }

    /// A game is over and the series is decided, but no `match_over` was stored (a batch
    /// from before games and series ended together, cut by a crash).
    fn series_due(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.over)
            && !self.match_over
            && match self.spec.series.kind {
                SeriesKind::BestOf => series_over(
                    self.spec.series,
                    &self.score,
                    &self.wins,
                    self.games_played,
                    None,
                ),
                SeriesKind::FirstTo => self.score.iter().any(|&p| p >= self.spec.series.target),
            }
    }

    /// Does what [`Actor::owes_work`] found, as one command; on failure tries again later.
    async fn catch_up(&mut self) {
        if let Err((code, msg)) = self.begin().await {
            tracing::debug!(match_id = %self.id, code, msg, "cannot catch up yet");
            self.retry_at = Some(Instant::now() + RETRY_AFTER);
            return;
        }
        let r = if self.first_game_due() {
            self.start_game().await
        } else if self.seeds_complete() {
            self.seeds_deadline = None;
            self.close_seeds().await
        } else if self.stalled() {
            self.advance().await
        } else if self.series_due() {
            let winner = series_winner(self.spec.series, &self.score, &self.wins);
            let turn = Turn {
                kind: TurnKind::MatchOver,
                seat: None,
            };
            let kind = EventKind::MatchOver {
                winner,
                score: self.score.clone(),
                wins: self.wins.clone(),
            };
            self.emit(kind, None, Some(turn));
            self.match_over = true;
            self.publish_summary();
            Ok(())
        } else {
            Ok(())
        };
        match self.commit(r).await {
            Ok(()) => self.retry_at = None,
            Err((code, msg)) => {
                tracing::debug!(match_id = %self.id, code, msg, "cannot catch up yet");
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
        if self.match_over && self.store.sql().is_some() {
            Some(idle + Duration::from_secs(self.cfg.evict_after))
        } else if self.game_no == 0 && !self.seats.iter().all(|s| s.claimed) {
            Some(idle + self.cfg.invite_ttl())
        } else {
            None
        }
    }

    /// Whether the game waits for a server throw that has not happened (the store refused it).
    fn stalled(&self) -> bool {
        self.game.as_ref().is_some_and(|g| {
            !g.seeds_open
                && !g.over
                && matches!(g.game.status(), Status::Throw { .. } | Status::Over(_))
        })
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
                let seat = self.conns.get(&conn).and_then(|c| c.seat);
                let msg = ServerMsg::Snapshot {
                    snapshot: Box::new(self.snapshot(seat)),
                };
                if reply
                    .send((self.log.len() as u64, msg.to_json().into()))
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
        // The seat's token is made now (only its hash is kept) and stored with the claim.
        let token = new_secret();
        let token_hash = hash_secret(&token);
        if let Err(e) = self
            .store
            .claim_seat(
                &self.id,
                i as u8 + 1,
                &name,
                &token_hash,
                player_id.as_deref(),
            )
            .await
        {
            tracing::error!(match_id = %self.id, error = %e, "seat claim not stored");
            return Err(JoinError::Unavailable);
        }
        let seat = &mut self.seats[i];
        seat.claimed = true;
        seat.name = Some(name);
        seat.gone_since = Instant::now();
        seat.token_hash = token_hash;
        tracing::info!(match_id = %self.id, seat = i + 1, "seat claimed");
        if self.first_game_due() {
            // If the store refuses the start, the retry timer starts the game later.
            self.catch_up().await;
        }
        self.publish_summary();
        Ok((i as u8 + 1, token))
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
                    Some(i as u8 + 1)
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
            None if self.spec.public => None,
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
            Some(s) => self.seats[usize::from(s - 1)].conns += 1,
            None => self.spectators += 1,
        }
        self.conns.insert(conn, Conn { seat, outbox });
        self.idle_since = None;
        let total = self.log.len() as u64;
        let from = last_event.filter(|&n| n <= total);
        let missed: Vec<Utf8Bytes> = match from {
            Some(n) => self.log[n as usize..].to_vec(),
            None => Vec::new(),
        };
        let welcome = ServerMsg::Welcome {
            seat,
            last_seq: seat.map_or(0, |s| self.seats[usize::from(s - 1)].last_seq),
            missed: missed.len() as u64,
            snapshot: Box::new(self.snapshot(seat)),
        };
        tracing::debug!(match_id = %self.id, conn, ?seat, "connected");
        Ok(Connected {
            conn,
            seat,
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
                let seat = &mut self.seats[usize::from(s - 1)];
                seat.conns = seat.conns.saturating_sub(1);
                if seat.conns == 0 {
                    seat.gone_since = Instant::now();
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
        let idx = usize::from(seat - 1);
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
        let outcome = match self.begin().await {
            Ok(()) => {
                let r = self.act(seat, msg).await;
                self.commit(r).await
            }
            Err(e) => Err(e),
        };
        let reply = match outcome {
            Ok(()) => ServerMsg::Ack { seq },
            Err((code, message)) => ServerMsg::error(code, message, Some(seq)),
        };
        let text: Utf8Bytes = reply.to_json().into();
        let replies = &mut self.seats[idx].replies;
        if replies.len() == REPLIES_KEPT {
            replies.pop_front();
        }
        replies.push_back((seq, text.clone()));
        self.send_to(conn, text);
    }

    async fn act(&mut self, seat: u8, msg: ClientMsg) -> Result<(), Refusal> {
        match msg {
            ClientMsg::Hello { .. } => Err(("already_hello", "hello was already said".into())),
            ClientMsg::Ping { .. } => Ok(()),
            ClientMsg::ClientSeed { seed, .. } => self.client_seed(seat, seed).await,
            ClientMsg::Move { game, mv, .. } => self.play(seat, game, &mv).await,
            ClientMsg::Resign { .. } => self.resign(seat).await,
            ClientMsg::Claim { .. } => self.claim(seat).await,
            ClientMsg::Rematch { .. } => self.rematch(seat).await,
        }
    }

    fn live_game(&self) -> Result<&LiveGame, Refusal> {
        match &self.game {
            None => Err(("not_started", "the game has not started".into())),
            Some(g) if g.over => Err(("game_over", "the game is over".into())),
            Some(g) => Ok(g),
        }
    }

    async fn client_seed(&mut self, seat: u8, seed: String) -> Result<(), Refusal> {
        let g = self.live_game()?;
        if !g.seeds_open {
            return Err((
                "seeds_closed",
                "client seeds are only taken before the game's first throw".into(),
            ));
        }
        if !valid_client_seed(&seed) {
            return Err((
                "bad_seed",
                "a client seed is 0 to 64 characters of A-Z a-z 0-9 - _".into(),
            ));
        }
        if g.client_seeds[usize::from(seat - 1)].is_some() {
            return Err((
                "seed_given",
                "this seat gave its client seed already".into(),
            ));
        }
        self.emit(
            EventKind::ClientSeed {
                seat,
                seed: seed.clone(),
            },
            None,
            None,
        );
        let g = self.game.as_mut().expect("checked above");
        g.client_seeds[usize::from(seat - 1)] = Some(seed);
        if g.client_seeds.iter().all(Option::is_some) {
            self.seeds_deadline = None;
            self.close_seeds().await?;
        }
        Ok(())
    }

    async fn close_seeds(&mut self) -> Result<(), Refusal> {
        if let Some(g) = self.game.as_mut() {
            g.seeds_open = false;
        }
        self.advance().await
    }

    async fn play(&mut self, seat: u8, game_no: u32, text: &str) -> Result<(), Refusal> {
        let g = self.live_game()?;
        if game_no != self.game_no {
            return Err((
                "wrong_game",
                format!("this is game {}, not {game_no}", self.game_no),
            ));
        }
        let player = g.player_of(seat);
        let mut next = g.game.clone();
        let mv = next.play_notation(player, text).map_err(illegal)?;
        self.emit(
            EventKind::Moved {
                seat,
                mv: mv.to_string(),
            },
            Some(next),
            None,
        );
        self.advance().await
    }

    async fn resign(&mut self, seat: u8) -> Result<(), Refusal> {
        let g = self.live_game()?;
        let mut next = g.game.clone();
        next.resign(g.player_of(seat)).map_err(illegal)?;
        self.emit(EventKind::Resigned { seat }, Some(next), None);
        self.advance().await
    }

    async fn claim(&mut self, seat: u8) -> Result<(), Refusal> {
        let g = self.live_game()?;
        let Some(p) = g.game.status().player() else {
            return Err(("game_over", "the game is over".into()));
        };
        let against = g.seat_of(p);
        let absent = &self.seats[usize::from(against - 1)];
        if against == seat || absent.conns > 0 {
            return Err((
                "not_absent",
                "only a game whose player to move is gone can be claimed".into(),
            ));
        }
        let gone = absent.gone_since.elapsed();
        if gone < self.cfg.abandon_after() {
            return Err((
                "too_early",
                format!(
                    "seat {against} has been gone {}s; a claim needs {}s",
                    gone.as_secs(),
                    self.cfg.abandon_after
                ),
            ));
        }
        let mut next = g.game.clone();
        next.resign(p).map_err(illegal)?;
        self.emit(EventKind::Claimed { seat, against }, Some(next), None);
        self.advance().await
    }

    async fn rematch(&mut self, seat: u8) -> Result<(), Refusal> {
        if self.match_over {
            return Err(("match_over", "the series is over".into()));
        }
        match &self.game {
            Some(g) if g.over => {}
            _ => return Err(("game_not_over", "the current game is not over".into())),
        }
        let already = self
            .game
            .as_ref()
            .is_some_and(|g| g.rematch[usize::from(seat - 1)]);
        if already {
            return Ok(());
        }
        self.emit(EventKind::RematchRequested { seat }, None, None);
        let g = self.game.as_mut().expect("checked above");
        g.rematch[usize::from(seat - 1)] = true;
        if g.rematch.iter().all(|&r| r) {
            self.start_game().await?;
        }
        Ok(())
    }

    async fn start_game(&mut self) -> Result<(), Refusal> {
        let n = self.spec.setup.players;
        let game = Game::new(self.spec.variant, self.spec.setup)
            .map_err(|e| ("bad_setup", e.to_string()))?;
        self.game_no += 1;
        // Seats rotate: in game k, engine player 1 (who starts, unless the rules decide by
        // a roll-off) is seat ((k - 1) mod n) + 1.
        let shift = (self.game_no - 1) % u32::from(n);
        let seats: Vec<u8> = (0..u32::from(n))
            .map(|i| ((i + shift) % u32::from(n)) as u8 + 1)
            .collect();
        let seed = ServerSeed::generate();
        let id = uuid::Uuid::new_v4().to_string();
        let commitment = seed.commitment();
        self.game = Some(LiveGame {
            id: id.clone(),
            game,
            seed,
            seats: seats.clone(),
            client_seeds: vec![None; usize::from(n)],
            seeds_open: true,
            throw_no: 0,
            over: false,
            rematch: vec![false; usize::from(n)],
        });
        self.emit(
            EventKind::GameStarted {
                game_id: id,
                variant: self.spec.variant,
                setup: self.spec.setup,
                seats,
                commitment,
            },
            None,
            None,
        );
        self.publish_summary();
        if self.cfg.seed_wait_ms == 0 {
            self.close_seeds().await
        } else {
            self.seeds_deadline = Some(Instant::now() + self.cfg.seed_wait());
            Ok(())
        }
    }

    /// Throws for the server whenever the engine asks, and ends the game when it is over.
    async fn advance(&mut self) -> Result<(), Refusal> {
        loop {
            let Some(g) = &self.game else { return Ok(()) };
            if g.seeds_open || g.over {
                return Ok(());
            }
            match g.game.status() {
                Status::Move { .. } => return Ok(()),
                Status::Over(outcome) => return self.finish_game(outcome).await,
                Status::Throw { player, spec } => {
                    if g.throw_no >= MAX_THROWS {
                        return Err(("internal", "the game asked for too many throws".into()));
                    }
                    let throw_no = g.throw_no + 1;
                    let throw = derive_throw(&g.seed, &g.id, &g.seeds(), throw_no, spec);
                    let mut next = g.game.clone();
                    let effect = next
                        .throw(throw)
                        .map_err(|e| ("internal", format!("the engine refused a throw: {e}")))?;
                    let seat = g.seat_of(player);
                    let passed = effect == ThrowEffect::NoMove
                        && matches!(next.status(), Status::Throw { player: p, .. } | Status::Move { player: p } if p != player);
                    self.emit(
                        EventKind::Thrown {
                            seat,
                            throw_no,
                            spec,
                            faces: throw.faces().to_vec(),
                            effect,
                        },
                        Some(next),
                        None,
                    );
                    self.game.as_mut().expect("live").throw_no = throw_no;
                    if passed {
                        self.emit(EventKind::Passed { seat }, None, None);
                    }
                }
            }
        }
    }

    async fn finish_game(&mut self, outcome: senet_engine::Outcome) -> Result<(), Refusal> {
        let g = self.game.as_ref().expect("live");
        let winner = outcome.winner.map(|p| g.seat_of(p));
        let mut score = self.score.clone();
        let mut wins = self.wins.clone();
        if let Some(w) = winner {
            score[usize::from(w - 1)] += outcome.points;
            wins[usize::from(w - 1)] += 1;
        }
        let played = self.games_played + 1;
        let over = series_over(self.spec.series, &score, &wins, played, winner);
        let kind = EventKind::GameOver {
            winner,
            reason: outcome.reason,
            points: outcome.points,
            score: score.clone(),
            wins: wins.clone(),
            seed: g.seed.to_hex(),
            client_seeds: g.seeds(),
        };
        let turn = Turn {
            kind: if over {
                TurnKind::MatchOver
            } else {
                TurnKind::GameOver
            },
            seat: None,
        };
        self.emit(kind, None, Some(turn));
        self.game.as_mut().expect("live").over = true;
        self.score = score;
        self.wins = wins;
        self.games_played = played;
        tracing::info!(match_id = %self.id, game = self.game_no, ?winner, "game over");
        if over {
            let winner = series_winner(self.spec.series, &self.score, &self.wins);
            self.emit(
                EventKind::MatchOver {
                    winner,
                    score: self.score.clone(),
                    wins: self.wins.clone(),
                },
                None,
                Some(turn),
            );
            self.match_over = true;
        }
        self.publish_summary();
        Ok(())
    }

    fn turn(&self, game: Option<&Game>) -> (Turn, Vec<String>) {
        let none = |kind| (Turn { kind, seat: None }, Vec::new());
        if self.match_over {
            return none(TurnKind::MatchOver);
        }
        let Some(g) = &self.game else {
            return none(TurnKind::Joining);
        };
        let engine = game.unwrap_or(&g.game);
        match engine.status() {
            Status::Over(_) => none(TurnKind::GameOver),
            _ if g.over => none(TurnKind::GameOver),
            _ if g.seeds_open => none(TurnKind::Seeds),
            Status::Throw { player, .. } => (
                Turn {
                    kind: TurnKind::Throw,
                    seat: Some(g.seat_of(player)),
                },
                Vec::new(),
            ),
            Status::Move { player } => (
                Turn {
                    kind: TurnKind::Move,
                    seat: Some(g.seat_of(player)),
                },
                engine
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
        }
    }

    /// Numbers an event, applies `next`, and stages the event: [`Actor::commit`] stores the
    /// command's events together and broadcasts them only once stored.
    fn emit(&mut self, kind: EventKind, next: Option<Game>, turn: Option<Turn>) {
        debug_assert!(self.checkpoint.is_some(), "an event outside a command");
        let no = self.log.len() as u64 + 1;
        let (computed, legal) = self.turn(next.as_ref());
        let notation = next
            .as_ref()
            .or(self.game.as_ref().map(|g| &g.game))
            .map(Game::to_notation);
        let event = Event {
            no,
            game: self.game_no,
            kind,
            turn: turn.unwrap_or(computed),
            legal,
            notation,
        };
        let kind_name = event_kind_name(&event.kind);
        let side = self.side_of(&event.kind);
        let text: Utf8Bytes = ServerMsg::Event(Box::new(event)).to_json().into();
        if let (Some(next), Some(g)) = (next, self.game.as_mut()) {
            g.game = next;
        }
        self.log.push(text.clone());
        self.staged.push(StoredEvent {
            match_id: self.id.clone(),
            no,
            game: self.game_no,
            json: text,
            kind: kind_name,
            side,
        });
    }

    /// What the store's match and game tables learn from an event.
    fn side_of(&self, kind: &EventKind) -> Option<Side> {
        match kind {
            EventKind::GameStarted {
                game_id,
                seats,
                commitment,
                ..
            } => Some(Side::GameStarted {
                game_id: game_id.clone(),
                seed: self.game.as_ref()?.seed.to_hex(),
                commitment: commitment.clone(),
                seats: seats.clone(),
            }),
            EventKind::GameOver {
                winner,
                reason,
                points,
                client_seeds,
                ..
            } => Some(Side::GameOver {
                winner: *winner,
                reason: serde_json::to_value(reason)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default(),
                points: *points,
                client_seeds: client_seeds.clone(),
            }),
            EventKind::MatchOver { winner, .. } => Some(Side::MatchOver { winner: *winner }),
            _ => None,
        }
    }

    fn presence(&self) -> ServerMsg {
        ServerMsg::Presence {
            connected: self.seats.iter().map(|s| s.conns > 0).collect(),
            spectators: self.spectators,
        }
    }

    fn broadcast_presence(&mut self) {
        let text: Utf8Bytes = self.presence().to_json().into();
        let _receivers = self.tx.send(Frame { no: 0, text }).unwrap_or(0);
        self.publish_summary();
    }

    fn snapshot(&self, _seat: Option<u8>) -> Snapshot {
        let (turn, legal) = self.turn(None);
        let g = self.game.as_ref();
        Snapshot {
            match_id: self.id.clone(),
            name: self.spec.name.clone(),
            variant: self.spec.variant,
            public: self.spec.public,
            players: self.spec.setup.players,
            series: self.spec.series,
            names: self.seats.iter().map(|s| s.name.clone()).collect(),
            connected: self.seats.iter().map(|s| s.conns > 0).collect(),
            spectators: self.spectators,
            game: self.game_no,
            game_id: g.map(|g| g.id.clone()),
            commitment: g.map(|g| g.seed.commitment()),
            seats: g.map(|g| g.seats.clone()).unwrap_or_default(),
            client_seeds: g
                .map(|g| g.client_seeds.clone())
                .unwrap_or_else(|| vec![None; self.seats.len()]),
            notation: g.map(|g| g.game.to_notation()),
            state: g.and_then(|g| serde_json::to_value(&g.game).ok()),
            turn,
            legal,
            score: self.score.clone(),
            wins: self.wins.clone(),
            last_event: self.log.len() as u64,
        }
    }

    fn publish_summary(&self) {
        let status = if self.match_over {
            "finished"
        } else if self.game_no == 0 {
            "joining"
        } else {
            "live"
        };
        self.summary.send_replace(Summary {
            match_id: self.id.clone(),
            name: self.spec.name.clone(),
            variant: self.spec.variant,
            players: self.spec.setup.players,
            public: self.spec.public,
            series: self.spec.series,
            status,
            names: self.seats.iter().map(|s| s.name.clone()).collect(),
            game: self.game_no,
            score: self.score.clone(),
            wins: self.wins.clone(),
            spectators: self.spectators,
        });
    }

    fn record(&self, game: u32) -> Option<GameRecord> {
        let live_seeds = self
            .game
            .as_ref()
            .filter(|_| game == self.game_no)
            .map(LiveGame::seeds)
            .unwrap_or_default();
        record_from_log(
            &self.id,
            self.spec.variant,
            self.log.iter().map(Utf8Bytes::as_str),
            game,
            live_seeds,
        )
    }
}

/// A game's record from a match's event log (JSON texts); `live_seeds` are the client
/// seeds to show while the game is not over.
pub fn record_from_log<'a>(
    match_id: &str,
    variant: Variant,
    log: impl Iterator<Item = &'a str>,
    game: u32,
    live_seeds: Vec<String>,
) -> Option<GameRecord> {
    let events: Vec<Event> = log
        .filter_map(|t| match serde_json::from_str::<ServerMsg>(t) {
            Ok(ServerMsg::Event(e)) if e.game == game => Some(*e),
            _ => None,
        })
        .collect();
    let started = events.iter().find_map(|e| match &e.kind {
        EventKind::GameStarted {
            game_id,
            setup,
            seats,
            commitment,
            ..
        } => Some((game_id.clone(), *setup, seats.clone(), commitment.clone())),
        _ => None,
    })?;
    let over = events.iter().find_map(|e| match &e.kind {
        EventKind::GameOver {
            seed, client_seeds, ..
        } => Some((seed.clone(), client_seeds.clone())),
        _ => None,
    });
    let client_seeds = match &over {
        Some((_, s)) => s.clone(),
        None => live_seeds,
    };
    Some(GameRecord {
        match_id: match_id.to_owned(),
        game,
        game_id: started.0,
        variant,
        setup: started.1,
        seats: started.2,
        commitment: started.3,
        seed: over.map(|o| o.0),
        client_seeds,
        events,
    })
}

fn illegal(e: senet_engine::IllegalMove) -> Refusal {
    (e.code(), e.to_string())
}

async fn sleep_until_opt(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Whether the series is decided after a game won by `winner` (none: a draw).
pub fn series_over(
    series: Series,
    score: &[u32],
    wins: &[u32],
    played: u32,
    winner: Option<u8>,
) -> bool {
    match series.kind {
        SeriesKind::BestOf => {
            let need = series.target.div_ceil(2);
            played >= series.target || wins.iter().any(|&w| w >= need)
        }
        SeriesKind::FirstTo => winner.is_some_and(|w| score[usize::from(w - 1)] >= series.target),
    }
}

/// The series winner: most games won (best of) or most points (first to); ties break on the
/// other measure; none if still tied.
pub fn series_winner(series: Series, score: &[u32], wins: &[u32]) -> Option<u8> {
    let key = |i: usize| match series.kind {
        SeriesKind::BestOf => (wins[i], score[i]),
        SeriesKind::FirstTo => (score[i], wins[i]),
    };
    let best = (0..score.len()).map(key).max()?;
    let mut top = (0..score.len()).filter(|&i| key(i) == best);
    let first = top.next()?;
    if top.next().is_some() {
        None
    } else {
        Some(first as u8 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_of_ends_when_a_majority_is_won_or_all_are_played() {
        let s = Series {
            kind: SeriesKind::BestOf,
            target: 3,
        };
        assert!(!series_over(s, &[5, 0], &[1, 0], 1, Some(1)));
        assert!(series_over(s, &[5, 3], &[2, 1], 3, Some(1)));
        assert!(series_over(s, &[9, 0], &[2, 0], 2, Some(1)));
        assert!(series_over(s, &[1, 0], &[1, 0], 3, None));
        assert_eq!(series_winner(s, &[9, 0], &[2, 0]), Some(1));
        assert_eq!(series_winner(s, &[1, 1], &[1, 1]), None);
    }

    #[test]
    fn first_to_ends_at_the_target() {
        let s = Series {
            kind: SeriesKind::FirstTo,
            target: 10,
        };
        assert!(!series_over(s, &[9, 0], &[3, 0], 3, Some(1)));
        assert!(series_over(s, &[9, 12], &[3, 1], 4, Some(2)));
        assert_eq!(series_winner(s, &[9, 12], &[3, 1]), Some(2));
    }

    #[test]
    fn secrets_are_128_bits_and_compare_exactly() {
        let a = new_secret();
        assert_eq!(a.len(), 32);
        assert!(secret_eq(&a, &a.clone()));
        assert!(!secret_eq(&a, &new_secret()));
        assert!(!secret_eq(&a, &a[..31]));
    }
}
