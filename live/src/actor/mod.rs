//! The match actor: a thin shell around a [`MatchState`].
//!
//! It owns what is not the rules: the mailbox and timers, the seats' tokens and
//! connections, the store append, the broadcast and each seat's reply cache. A command is
//! decided by the state on a copy; its facts are stored as one batch; only then does the
//! actor take the new state, keep the frames and broadcast them. If the store refuses, the
//! actor keeps the state it had (the copy is dropped) and nothing is broadcast.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc, watch};
use tokio::time::Instant;

use senet_match::dice::ServerSeed;
use senet_match::record::GameRecord;
use senet_match::state::{Command, MatchError, MatchState, NewGame, Waiting};
use senet_match::view;
use senet_match::{Fact, Seat};
use senet_protocol::{Series, ServerMsg, Status, Summary};
use senet_store::{EventStore, MatchRow, Side, StoreError, StoredEvent};

use crate::registry::{Cmd, Frame, MatchHandle, OutboxTx, Outgoing, SeatClaim, SocketHello};
use crate::settings::Settings;

mod bot_seats;
mod chat_rooms;
mod conns;
mod history;
mod replies;
mod spectator_chances;

pub(crate) use chat_rooms::ChatState;
pub(crate) use history::History;

/// How many messages a match's mailbox holds before senders wait.
const MAILBOX: usize = 256;
/// How many recent replies per seat are kept to answer repeated sequence numbers.
const REPLIES_KEPT: usize = 64;
/// At most one presence frame per match this often.
const PRESENCE_EVERY: Duration = Duration::from_millis(250);
/// The close code of a socket whose match moved to another node: 1012, "service restart".
pub const MOVED_CLOSE_CODE: u16 = 1012;
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
    /// Another node took the match over (this node lost its lease): nothing was stored.
    #[error("this match moved to another server; reconnect")]
    Moved,
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
            Refused::Moved => "match_moved",
            Refused::StoreInconsistent { .. } => "store_inconsistent",
        }
    }
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
    replies: replies::Replies,
    /// The level of the computer opponent that plays the seat (none: a person's seat).
    bot: Option<senet_bots::Level>,
}

struct Conn {
    seat: Option<Seat>,
    outbox: OutboxTx,
    chat: chat_rooms::ConnChat,
}

/// One event as kept in memory: the fact (records replay these) and its frame (sent to a
/// client that missed it).
pub(crate) struct Logged {
    pub(crate) fact: Fact,
    pub(crate) frame: Utf8Bytes,
}

/// A batch whose append failed in a way that may still have stored it (a commit whose answer
/// was lost), with the state it leads to. Nothing else happens in the match until the store
/// says which it was.
struct InDoubt {
    stored: Vec<StoredEvent>,
    logged: Vec<Logged>,
    after: MatchState,
}

pub(crate) struct Actor {
    id: String,
    name: String,
    public: bool,
    /// Its games change the players' ratings: every seat is taken by a registered player.
    rated: bool,
    spectator_key_hash: Option<String>,
    seats: Vec<SeatInfo>,
    state: MatchState,
    /// The current game's facts, after a checkpoint (`history.rs`): frames a reconnecting
    /// client missed are derived from these (a fact is a tenth of its frame's size), and so
    /// are the current game's record.
    pub(crate) history: History,
    tx: broadcast::Sender<Frame>,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    spectators: u32,
    store: Arc<dyn EventStore>,
    cfg: Arc<Settings>,
    summary: watch::Sender<Summary>,
    seeds_deadline: Option<Instant>,
    in_doubt: Option<InDoubt>,
    /// When to try again what the store refused (a server throw, a game start, a doubt).
    retry_at: Option<Instant>,
    /// Since when nobody has been connected (none while somebody is).
    idle_since: Option<Instant>,
    /// Since when the match has waited for what it waits for now (the last event).
    turn_since: Instant,
    /// Since when the clock of the seat to move has run: the last stored batch, or the
    /// actor's start (so the time a server was down is charged to nobody).
    decision_since: Instant,
    /// When the last presence frame went out.
    presence_sent: Instant,
    /// When a held-back presence frame goes out.
    presence_due: Option<Instant>,
    /// The chat's recent messages, next number and mutes.
    pub(crate) chat: chat_rooms::ChatState,
    /// Where bot moves come back (see `bots.rs`): made when a bot first thinks, since most
    /// matches have none and a channel costs a couple of kilobytes; the receiver waits here
    /// until the run loop takes it.
    bot_tx: Option<mpsc::Sender<bot_seats::BotMove>>,
    bot_rx: Option<mpsc::Receiver<bot_seats::BotMove>>,
    /// The event after which a bot's move is being worked out.
    bot_thinking: Option<u64>,
    /// The last `chances` frame sent to spectators, with its event number (see `chances.rs`).
    chances: Option<(u64, Utf8Bytes)>,
    /// When the last `chances` frame went to the spectators.
    chances_sent: Option<Instant>,
    /// When held-back chances go out unless a batch comes first: a pause after the last batch.
    chances_due: Option<Instant>,
    /// Another node owns the match now (a fenced append, or a lease lost at renewal): the
    /// actor closes its sockets and stops.
    moved: bool,
    /// The seed every game of the match throws from, when a test chose it (`test-dice`).
    #[cfg(feature = "test-dice")]
    pub(crate) chosen_seed: Option<ServerSeed>,
}

impl Actor {
    /// The next game's id and secret seed, from the OS random source. (A test build's match
    /// made with a chosen seed, `test-dice`, plays [`crate::chosen_game`] instead.)
    ///
    /// # Panics
    /// If the operating system has no random source (the server cannot run fairly then).
    fn fresh_game(&self) -> NewGame {
        #[cfg(feature = "test-dice")]
        if let Some(seed) = &self.chosen_seed {
            return crate::chosen_game(seed, self.state.game_no() + 1);
        }
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("the OS random source is unavailable");
        NewGame {
            game_id: uuid::Uuid::new_v4().to_string(),
            seed: ServerSeed(seed),
        }
    }
}

fn placeholder_summary() -> Summary {
    Summary {
        match_id: String::new(),
        name: String::new(),
        variant: senet_engine::Variant::Martian,
        players: 0,
        public: false,
        rated: false,
        series: Series::default(),
        status: Status::Joining,
        names: vec![],
        game: 0,
        score: vec![],
        wins: vec![],
        spectators: 0,
        clock: None,
        bots: Vec::new(),
    }
}

/// What a decided command becomes once numbered: rows for the store and frames for clients.
struct Batch {
    stored: Vec<StoredEvent>,
    logged: Vec<Logged>,
}

impl Actor {
    pub(crate) fn new(
        row: MatchRow,
        name: String,
        public: bool,
        state: MatchState,
        store: Arc<dyn EventStore>,
        cfg: Arc<Settings>,
    ) -> Actor {
        let now = Instant::now();
        let (tx, _) = broadcast::channel(cfg.broadcast_capacity.max(1));
        let history = History::new(MatchState::new(*state.spec()), store.sql().is_some());
        Actor {
            id: row.id,
            name,
            public,
            rated: row.rated,
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
                    replies: replies::Replies::new(REPLIES_KEPT),
                    bot: s.bot.as_deref().and_then(|b| b.parse().ok()),
                })
                .collect(),
            state,
            history,
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
            turn_since: now,
            decision_since: now,
            presence_sent: now.checked_sub(PRESENCE_EVERY).unwrap_or(now),
            presence_due: None,
            chat: chat_rooms::ChatState::default(),
            bot_tx: None,
            bot_rx: None,
            bot_thinking: None,
            chances: None,
            chances_sent: None,
            chances_due: None,
            moved: false,
            #[cfg(feature = "test-dice")]
            chosen_seed: None,
        }
    }

    /// Publishes the summary and spawns the actor task.
    pub(crate) fn start(self) -> MatchHandle {
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
        tracing::info!(match_id = %self.id, variant = %self.state.spec().variant, events = self.history.events(), "match started");
        // A recovered match may owe a throw, a game start or the end of its series.
        if self.owes_work() {
            self.catch_up().await;
        }
        // The idle timer (`--idle-end`) moves with every event, so one timer lives for the
        // whole loop and is re-armed only when it fires early (deadlines only move later),
        // instead of a timer made and dropped for every message.
        let idle_timer = tokio::time::sleep_until(Instant::now());
        tokio::pin!(idle_timer);
        let mut idle_armed: Option<Instant> = None;
        let mut bot_rx = None;
        loop {
            if self.moved {
                self.close_all_moved();
                break;
            }
            self.bot_duties().await;
            if let Some(rx) = self.bot_rx.take() {
                bot_rx = Some(rx);
            }
            let deadline = self.seeds_deadline;
            let retry = self.retry_at;
            let evict = self.evict_at();
            let next_game = self.next_game_at();
            let presence = self.presence_due;
            let chances = self.chances_due;
            let flag = self.flag_at();
            match (idle_armed, self.abandon_at()) {
                (_, None) => idle_armed = None,
                (Some(armed), Some(due)) if armed <= due => {}
                (_, Some(due)) => {
                    idle_timer.as_mut().reset(due);
                    idle_armed = Some(due);
                }
            }
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
                () = sleep_until_opt(next_game), if next_game.is_some() => {
                    if let Err(e) = self.execute(Command::NextGame(self.fresh_game())).await {
                        tracing::debug!(match_id = %self.id, code = e.code(), error = %e, "next game not started");
                        self.turn_since = Instant::now();
                    }
                }
                () = sleep_until_opt(presence), if presence.is_some() => self.send_presence(),
                () = sleep_until_opt(chances), if chances.is_some() => self.send_chances_now(),
                Some(m) = recv_opt(&mut bot_rx) => self.bot_moved(m).await,
                () = sleep_until_opt(flag), if flag.is_some() => {
                    let thinking = self.decision_since.elapsed();
                    if let Err(e) = self.execute(Command::Flag { thinking }).await {
                        // Refused by the store: the timer fires again after the retry pause.
                        tracing::warn!(match_id = %self.id, code = e.code(), error = %e, "loss on time not stored");
                        self.retry_at = Some(Instant::now() + RETRY_AFTER);
                    }
                }
                () = &mut idle_timer, if idle_armed.is_some() => {
                    idle_armed = None;
                    let (waited, limit) = (self.turn_since.elapsed(), self.cfg.idle_end.unwrap_or_default());
                    if waited < limit {
                        // Events came since it was armed: arm it again at the new deadline.
                        continue;
                    }
                    match self.execute(Command::Abandon { waited, limit }).await {
                        Ok(()) => tracing::info!(match_id = %self.id, "abandoned: nobody acted"),
                        Err(e) => {
                            tracing::debug!(match_id = %self.id, code = e.code(), error = %e, "not abandoned");
                            self.turn_since = Instant::now();
                        }
                    }
                }
                () = sleep_until_opt(evict), if evict.is_some() => {
                    // Dropping the mailbox tells the registry this match is gone.
                    tracing::info!(match_id = %self.id, over = self.state.match_over(), "idle: leaving memory");
                    break;
                }
            }
        }
        // Another node may take the match at once (when several share the store).
        if let Err(e) = self.store.released(&self.id).await {
            tracing::warn!(match_id = %self.id, error = %e, "lease not given up; it expires by itself");
        }
        tracing::info!(match_id = %self.id, moved = self.moved, "match actor stopped");
    }

    /// Tells every socket that the match moved to another node (close code 1012, "service
    /// restart": clients reconnect, and reach the new owner).
    fn close_all_moved(&mut self) {
        tracing::warn!(match_id = %self.id, sockets = self.conns.len(), "another node owns the match now; closing its sockets here");
        for conn in self.conns.values() {
            // A full outbox is a socket that stops reading: the actor's end closes it anyway.
            let _sent = conn
                .outbox
                .try_send(Outgoing::Close(MOVED_CLOSE_CODE, "match moved"));
        }
        self.conns.clear();
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
        let decision = self
            .state
            .decide_observed(&command, |after, fact, geometry| {
                let no = first + batch.stored.len() as u64;
                let encoded = view::encode(after, no, fact, geometry);
                batch.stored.push(StoredEvent {
                    match_id: match_id.clone(),
                    no,
                    game: after.game_no(),
                    json: encoded.fact,
                    kind: fact.kind(),
                    side: side_of(after, fact),
                });
                batch.logged.push(Logged {
                    fact: fact.clone(),
                    frame: encoded.frame.into(),
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
            Err(StoreError::Fenced(_)) => {
                self.moved = true;
                Err(Refused::Moved)
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
        // The listing changes with games and series, not with every move and throw.
        let listed = |s: &MatchState| (s.game_no(), s.match_over(), s.events() == 0);
        let relist = listed(&self.state) != listed(&after)
            || self.state.score() != after.score()
            || self.state.wins() != after.wins();
        self.state = after;
        self.turn_since = Instant::now();
        self.decision_since = self.turn_since;
        let moves = logged
            .iter()
            .filter(|l| matches!(l.fact, Fact::Moved { .. }))
            .count();
        crate::MOVES.inc_by(moves as u64);
        crate::EVENTS.inc_by(logged.len() as u64);
        for l in logged {
            // No receivers is fine: nobody is watching.
            let _receivers = self.tx.send(Frame {
                no: self.history.events() + 1,
                text: l.frame.clone(),
            });
            self.history.push(l.fact);
        }
        self.sync_seed_wait();
        self.send_chances();
        if relist {
            self.publish_summary();
        }
    }

    /// A game that takes client seeds gets a deadline for them; any other state none.
    pub(crate) fn sync_seed_wait(&mut self) {
        if self.state.waiting() == Waiting::Seeds {
            if self.seeds_deadline.is_none() {
                self.seeds_deadline = Some(Instant::now() + self.cfg.seed_wait);
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
            Command::StartGame(self.fresh_game())
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

    /// When the next game of an undecided series starts by itself (`--next-game-after` after
    /// the last game ended), if one is due.
    fn next_game_at(&self) -> Option<Instant> {
        let after = self.cfg.next_game_after?;
        (self.state.waiting() == Waiting::GameOver && !self.state.series_decided())
            .then_some(self.turn_since + after)
    }

    /// When the clock of the seat to move runs out, if one runs (after a store refusal, not
    /// before the retry pause).
    fn flag_at(&self) -> Option<Instant> {
        let (_, left) = self.state.clock_running()?;
        let due = self.decision_since + left;
        Some(self.retry_at.map_or(due, |r| due.max(r)))
    }

    /// When a live game nobody acts in is abandoned (`--idle-end` after the last event).
    fn abandon_at(&self) -> Option<Instant> {
        let limit = self.cfg.idle_end?;
        // A clocked match ends by its clock instead.
        self.state.spec().clock.is_none().then_some(())?;
        matches!(self.state.waiting(), Waiting::Move(_)).then_some(self.turn_since + limit)
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
            Some(idle + self.cfg.evict_after)
        } else if self.state.game_no() == 0 && !self.seats.iter().all(|s| s.claimed) {
            Some(idle + self.cfg.invite_ttl)
        } else {
            None
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join(request) => {
                let SeatClaim {
                    invite,
                    name,
                    player_id,
                    reply,
                } = *request;
                let r = self.join(invite.as_deref(), name, player_id).await;
                // The requester may have gone; nothing to do then.
                if reply.send(r).is_err() {
                    tracing::debug!(match_id = %self.id, "join requester went away");
                }
            }
            Cmd::Connect(request) => {
                let SocketHello {
                    token,
                    last_event,
                    tail,
                    outbox,
                    reply,
                    name,
                } = *request;
                let r = self.connect(token.as_deref(), last_event, tail, outbox, name);
                let conn = r.as_ref().ok().map(|c| c.conn);
                if reply.send(r).is_err() {
                    if let Some(conn) = conn {
                        self.disconnect(conn);
                    }
                } else if conn.is_some() {
                    self.broadcast_presence();
                }
            }
            Cmd::Client { conn, msg } => self.client(conn, *msg).await,
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
            Cmd::LeaseLost => self.moved = true,
            Cmd::Record { game, reply } => {
                if reply.send(self.record(game)).is_err() {
                    tracing::debug!(match_id = %self.id, "record requester went away");
                }
            }
        }
    }

    fn publish_summary(&self) {
        self.summary
            .send_replace(view::summary(&self.state, self.table()));
    }

    fn record(&self, game: u32) -> Option<GameRecord> {
        let (base, facts) = (self.history.base().clone(), self.history.facts());
        match view::record(&self.id, base, facts, game) {
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
        Fact::GameStarted(start) => Some(Side::GameStarted {
            game_id: start.game_id.clone(),
            seed: start.seed.clone(),
            commitment: start.commitment.clone(),
            seats: start.seats.iter().map(|s| s.get()).collect(),
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

/// The next message of `rx`; never, when there is no channel.
async fn recv_opt<T>(rx: &mut Option<mpsc::Receiver<T>>) -> Option<T> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

async fn sleep_until_opt(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}
