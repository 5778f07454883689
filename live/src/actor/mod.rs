//! The match actor: a thin shell around a [`MatchState`].
//!
//! It owns what is not the rules. A command is decided by the state on a copy; its facts
//! are stored as one batch; only then does the actor take the new state, keep the facts and
//! broadcast the frames. If the store refuses, the actor keeps the state it had (the copy is
//! dropped) and nothing is broadcast.
//!
//! Each concern is a part with its own state, file and tests; the actor holds them and
//! passes each what it needs (the state, `now`), so most of what they decide is a plain
//! function:
//!
//! | part | file | owns |
//! |---|---|---|
//! | `Seating` | `seating.rs` | the seats: tokens, invites, names, who may join or watch, each seat's replies |
//! | `Conns` | `conns.rs` | the sockets: seat, outbox, chat choices |
//! | `Presence` | `presence.rs` | who is connected, since when a seat is gone, the throttled presence frame |
//! | `Deadlines` | `deadlines.rs` | the actor's time marks and what is due next (`Due`); the one `Alarm` |
//! | `SpectatorChances` | `spectator_chances.rs` | the spectators' win chances, throttled |
//! | `BotSeats` | `bot_seats.rs` | the bots: what they owe, their thinking, their channel |
//! | `ChatState` | `chat_rooms.rs` | the chat: recent messages, numbers, mutes, rooms |
//! | `History` | `history.rs` | the current game's facts, after a checkpoint |
//! | `Replies` | `replies.rs` | a seat's sequence numbers and last replies |
//! | `Fanout` | `fanout.rs` | the broadcast and the published summary |
//! | `Batch` | `batch.rs` | a decided command's numbered events; a batch in doubt |
//!
//! This file has the actor, its run loop and the store append; `mailbox.rs` what it does
//! with each command of its mailbox.

use std::ops::ControlFlow;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;
use tokio::time::Instant;

use senet_match::Fact;
use senet_match::dice::ServerSeed;
use senet_match::record::GameRecord;
use senet_match::state::{Command, MatchError, MatchState, NewGame};
use senet_match::view::{self, Table};
use senet_protocol::ClockSpec;
use senet_store::{EventStore, MatchRow, StoreError};

use crate::registry::{Cmd, MatchHandle};
use crate::settings::Settings;

mod batch;
mod bot_pool;
mod bot_seats;
mod chat_rooms;
mod conn_chat;
mod conns;
mod deadlines;
mod fanout;
mod history;
mod mailbox;
mod presence;
mod replies;
mod seating;
mod spectator_chances;
#[cfg(test)]
mod test_matches;

pub(crate) use chat_rooms::ChatState;
pub(crate) use history::History;

use batch::{Batch, InDoubt, Logged, Verdict};
use bot_seats::{BotMove, BotPlay, BotSeats, Duty, Thinking};
use conns::Conns;
use deadlines::{Alarm, Deadlines, Due, earliest};
use fanout::Fanout;
use presence::Presence;
use seating::Seating;
use spectator_chances::SpectatorChances;

/// How many messages a match's mailbox holds before senders wait.
const MAILBOX: usize = 256;
/// The close code of a socket whose match moved to another node: 1012, "service restart".
pub const MOVED_CLOSE_CODE: u16 = 1012;

/// Moves the matches of this process applied (stored and broadcast); `GET /metrics` shows
/// it.
pub static MOVES: std::sync::LazyLock<prometheus_client::metrics::counter::Counter> =
    std::sync::LazyLock::new(Default::default);
/// Events the matches of this process stored; `GET /metrics` shows it.
pub static EVENTS: std::sync::LazyLock<prometheus_client::metrics::counter::Counter> =
    std::sync::LazyLock::new(Default::default);

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
    /// The refusal's code on the wire.
    fn code(&self) -> &'static str {
        match self {
            Refused::Match(e) => e.code(),
            Refused::AlreadyHello => "already_hello",
            Refused::StoreUnavailable => "store_unavailable",
            Refused::Moved => "match_moved",
            Refused::StoreInconsistent { .. } => "store_inconsistent",
        }
    }

    /// Why, as a code a client says in its own words, if the refusal has one.
    fn detail(&self) -> Option<&senet_protocol::Detail> {
        match self {
            Refused::Match(e) => e.detail(),
            _ => None,
        }
    }
}

/// A live match: its state and its parts.
pub(crate) struct Actor {
    /// The match's id: every log line and store call names it.
    id: String,
    /// Everything the stored events decided.
    state: MatchState,
    /// The current game's facts, after a checkpoint: frames a reconnecting client missed
    /// are derived from these (a fact is a tenth of its frame's size), and so are the current
    /// game's record.
    history: History,
    store: Arc<dyn EventStore>,
    cfg: Arc<Settings>,
    /// A batch the store may or may not have stored.
    in_doubt: Option<InDoubt>,
    /// Another node owns the match now (a fenced append, or a lease lost at renewal): the
    /// actor closes its sockets and stops.
    moved: bool,
    seating: Seating,
    conns: Conns,
    presence: Presence,
    deadlines: Deadlines,
    chances: SpectatorChances,
    bots: BotSeats,
    chat: ChatState,
    fanout: Fanout,
    /// The seed every game of the match throws from, when a test chose it (`test-dice`).
    #[cfg(feature = "test-dice")]
    pub(crate) chosen_seed: Option<ServerSeed>,
}

/// Game `game` (from 1) of a match whose dice a test chose (`test-dice`): the chosen seed,
/// and an id made of the seed's commitment and the game's number. The throws of such a game
/// follow from the seed alone (it takes no client seeds), so they are known in advance; the
/// same seed makes the same game ids, which a store takes once (one match per seed and store).
pub fn chosen_game(seed: &ServerSeed, game: u32) -> NewGame {
    NewGame {
        game_id: format!("test-dice-{}-{game}", &seed.commitment()[..16]),
        seed: seed.clone(),
    }
}

impl Actor {
    /// The next game's id and secret seed, from the OS random source. (A test build's match
    /// made with a chosen seed, `test-dice`, plays [`chosen_game`] instead.)
    ///
    /// # Panics
    /// If the operating system has no random source (the server cannot run fairly then).
    fn fresh_game(&self) -> NewGame {
        #[cfg(feature = "test-dice")]
        if let Some(seed) = &self.chosen_seed {
            return chosen_game(seed, self.state.game_no() + 1);
        }
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("the OS random source is unavailable");
        NewGame {
            game_id: uuid::Uuid::new_v4().to_string(),
            seed: ServerSeed(seed),
        }
    }
}

impl Actor {
    /// The actor of match `row` (its seats as stored) in `state`; it runs once
    /// [`Actor::start`]ed.
    pub(crate) fn new(
        row: MatchRow,
        name: String,
        public: bool,
        state: MatchState,
        store: Arc<dyn EventStore>,
        cfg: Arc<Settings>,
    ) -> Actor {
        let now = Instant::now();
        let durable = store.sql().is_some();
        let levels: Vec<Option<senet_bots::Level>> = row
            .seats
            .iter()
            .map(|s| s.bot.as_deref().and_then(|b| b.parse().ok()))
            .collect();
        Actor {
            id: row.id,
            history: History::new(MatchState::new(*state.spec()), durable),
            state,
            in_doubt: None,
            moved: false,
            seating: Seating::new(name, public, row.rated, row.spectator_key_hash, row.seats),
            conns: Conns::new(),
            presence: Presence::new(levels.iter().map(Option::is_some), now),
            deadlines: Deadlines::new(now, durable),
            chances: SpectatorChances::new(cfg.chances_every),
            bots: BotSeats::new(levels),
            chat: ChatState::default(),
            fanout: Fanout::new(cfg.broadcast_capacity),
            #[cfg(feature = "test-dice")]
            chosen_seed: None,
            store,
            cfg,
        }
    }

    /// A recovered match's past: the facts kept in memory, and its recent chat.
    pub(crate) fn recovered(mut self, history: History, chat: ChatState) -> Actor {
        self.history = history;
        self.chat = chat;
        self.sync_seed_wait(Instant::now());
        self
    }

    /// Publishes the summary and spawns the actor task.
    pub(crate) fn start(self) -> MatchHandle {
        let (mailbox, rx) = mpsc::channel(MAILBOX);
        let summary = self.fanout.summaries();
        self.publish_summary();
        let handle = MatchHandle {
            id: self.id.clone(),
            mailbox,
            summary,
        };
        tokio::spawn(self.run(rx));
        handle
    }

    /// The actor's life: it waits for its mailbox, its next deadline and its bots' moves,
    /// and hands each to what deals with it, until the mailbox closes, the match leaves
    /// memory or another node takes it.
    async fn run(mut self, mut mailbox: mpsc::Receiver<Cmd>) {
        tracing::info!(match_id = %self.id, variant = %self.state.spec().variant, events = self.history.events(), "match started");
        // A recovered match may owe a throw, a game start or the end of its series.
        if self.owes_work() {
            self.catch_up().await;
        }
        // One timer for the earliest deadline, made once and re-armed only when a deadline
        // comes earlier than the one it is set for (deadlines mostly move later: the idle
        // limit with every event), instead of a timer made and dropped for every message.
        let mut alarm = Alarm::new();
        loop {
            if self.moved {
                self.close_all_moved();
                break;
            }
            self.bot_duties().await;
            alarm.set(self.next_deadline().map(|(at, _)| at));
            tokio::select! {
                cmd = mailbox.recv() => {
                    let Some(cmd) = cmd else { break };
                    self.handle(cmd).await;
                    // Work the store refused earlier waits for the retry timer, if one runs.
                    if self.deadlines.retry().is_none() && self.owes_work() {
                        self.catch_up().await;
                    }
                }
                () = alarm.rung(), if alarm.is_armed() => {
                    if self.deadline_passed().await.is_break() {
                        break;
                    }
                }
                Some(m) = self.bots.next_move() => self.bot_moved(m).await,
            }
        }
        // Another node may take the match at once (when several share the store).
        if let Err(e) = self.store.released(&self.id).await {
            tracing::warn!(match_id = %self.id, error = %e, "lease not given up; it expires by itself");
        }
        tracing::info!(match_id = %self.id, moved = self.moved, "match actor stopped");
    }

    /// The next deadline of the match and what it is for, from the parts that keep one.
    fn next_deadline(&self) -> Option<(Instant, Due)> {
        let (d, state, cfg) = (&self.deadlines, &self.state, &*self.cfg);
        let evict = self.presence.idle_since().and_then(|idle| {
            let all_claimed = self.seating.all_claimed();
            d.evict_at(state, cfg, idle, self.in_doubt.is_some(), all_claimed)
        });
        earliest([
            (d.seeds(), Due::Seeds),
            (d.retry(), Due::Retry),
            (d.next_game_at(state, cfg), Due::NextGame),
            (self.presence.due(), Due::Presence),
            (self.chances.due(), Due::Chances),
            (d.flag_at(state), Due::Flag),
            (d.abandon_at(state, cfg), Due::Abandon),
            (evict, Due::Evict),
        ])
    }

    /// The alarm rang: does what is due (nothing if its deadline moved later since it was
    /// set: the loop sets it again). Breaks when the match leaves memory.
    async fn deadline_passed(&mut self) -> ControlFlow<()> {
        let now = Instant::now();
        let Some((_, due)) = self.next_deadline().filter(|&(at, _)| at <= now) else {
            return ControlFlow::Continue(());
        };
        match due {
            Due::Seeds => {
                self.deadlines.close_seeds();
                if let Err(e) = self.execute(Command::CloseSeeds).await {
                    tracing::warn!(match_id = %self.id, code = e.code(), error = %e, "could not start throwing");
                    self.deadlines.seeds_later(Instant::now());
                }
            }
            Due::Retry => {
                self.deadlines.retried();
                self.catch_up().await;
            }
            Due::NextGame => {
                if let Err(e) = self.execute(Command::NextGame(self.fresh_game())).await {
                    tracing::debug!(match_id = %self.id, code = e.code(), error = %e, "next game not started");
                    self.deadlines.wait_again(Instant::now());
                }
            }
            Due::Presence => self.send_presence(),
            Due::Chances => self.send_chances_now(now),
            Due::Flag => {
                let thinking = self.deadlines.thinking(now);
                if let Err(e) = self.execute(Command::Flag { thinking }).await {
                    // Refused by the store: the timer fires again after the retry pause.
                    tracing::warn!(match_id = %self.id, code = e.code(), error = %e, "loss on time not stored");
                    self.deadlines.retry_later(Instant::now());
                }
            }
            Due::Abandon => {
                let waited = self.deadlines.waited(now);
                let limit = self.cfg.idle_end.unwrap_or_default();
                match self.execute(Command::Abandon { waited, limit }).await {
                    Ok(()) => tracing::info!(match_id = %self.id, "abandoned: nobody acted"),
                    Err(e) => {
                        tracing::debug!(match_id = %self.id, code = e.code(), error = %e, "not abandoned");
                        self.deadlines.wait_again(Instant::now());
                    }
                }
            }
            Due::Evict => {
                // Dropping the mailbox tells the registry this match is gone.
                tracing::info!(match_id = %self.id, over = self.state.match_over(), "idle: leaving memory");
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    /// What the match's bots owe now, done: a client seed, a request for the next game (each
    /// an ordinary command), or a move started (not awaited: it comes back on the bots'
    /// channel).
    async fn bot_duties(&mut self) {
        if self.in_doubt.is_some() {
            return;
        }
        match self.bots.duty(&self.state, !self.conns.is_empty()) {
            Duty::Nothing => {}
            Duty::Seeds(seats) => {
                for seat in seats {
                    let command = Command::ClientSeed {
                        seat,
                        seed: String::new(),
                    };
                    if let Err(e) = self.execute(command).await {
                        tracing::debug!(match_id = %self.id, %seat, code = e.code(), "bot seed not taken");
                    }
                }
            }
            Duty::Rematches(seats) => {
                for seat in seats {
                    let command = Command::Rematch {
                        seat,
                        next: self.fresh_game(),
                    };
                    if let Err(e) = self.execute(command).await {
                        tracing::debug!(match_id = %self.id, %seat, code = e.code(), "bot rematch not taken");
                    }
                }
            }
            Duty::Think(seat, level) => {
                let how = Thinking {
                    budget: self.cfg.bot_budget,
                    threads: self.cfg.bot_threads,
                    due: self.deadlines.decision_since() + self.cfg.bot_delay,
                };
                self.bots.think(&self.id, seat, level, &self.state, how);
            }
        }
    }

    /// Plays a bot's move if it is still the move the match waits for.
    async fn bot_moved(&mut self, m: BotMove) {
        match self.bots.arrived(m, &self.state) {
            None => {}
            Some(BotPlay::Resign(seat)) => {
                tracing::error!(match_id = %self.id, %seat, "the bot resigns: it found no move");
                let _ = self.execute(Command::Resign { seat }).await;
            }
            Some(BotPlay::Move(seat, mv)) => {
                let command = Command::Move {
                    seat,
                    game: self.state.game_no(),
                    mv,
                    thinking: self.deadlines.thinking(Instant::now()),
                };
                if let Err(e) = self.execute(command).await {
                    // The store refused it: the next round of duties works it out again.
                    tracing::warn!(match_id = %self.id, %seat, code = e.code(), error = %e, "bot move refused");
                }
            }
        }
    }

    /// Tells every socket that the match moved to another node (close code 1012, "service
    /// restart": clients reconnect, and reach the new owner).
    fn close_all_moved(&mut self) {
        tracing::warn!(match_id = %self.id, sockets = self.conns.len(), "another node owns the match now; closing its sockets here");
        self.conns.close_all(MOVED_CLOSE_CODE, "match moved");
    }

    /// Decides `command` on the current state, stores its facts as one batch, and only then
    /// takes the new state and broadcasts. On a refusal nothing changes.
    async fn execute(&mut self, command: Command) -> Result<(), Refused> {
        self.settle().await?;
        let (batch, after) = Batch::decide(&self.state, &command, &self.id)?;
        if batch.is_empty() {
            return Ok(());
        }
        match self.store.append(&batch.stored).await {
            Ok(()) => {
                self.take(after, batch.logged);
                Ok(())
            }
            Err(StoreError::Fenced(_)) => {
                self.moved = true;
                Err(Refused::Moved)
            }
            Err(e) => {
                tracing::error!(match_id = %self.id, events = batch.stored.len(), error = %e, "events not stored");
                if e.outcome_unknown() {
                    self.in_doubt = Some(InDoubt { batch, after });
                }
                self.deadlines.retry_later(Instant::now());
                Err(Refused::StoreUnavailable)
            }
        }
    }

    /// Takes a state whose events are stored: keeps their facts, broadcasts their frames.
    fn take(&mut self, after: MatchState, logged: Vec<Logged>) {
        // The listing changes with games and series, not with every move and throw.
        let listed = |s: &MatchState| (s.game_no(), s.match_over(), s.events() == 0);
        let relist = listed(&self.state) != listed(&after)
            || self.state.score() != after.score()
            || self.state.wins() != after.wins();
        self.state = after;
        let now = Instant::now();
        self.deadlines.stored(now);
        let moves = logged
            .iter()
            .filter(|l| matches!(l.fact, Fact::Moved { .. }))
            .count();
        MOVES.inc_by(moves as u64);
        EVENTS.inc_by(logged.len() as u64);
        for Logged { fact, frame } in logged {
            self.fanout.event(self.history.events() + 1, frame);
            self.history.push(fact);
        }
        self.sync_seed_wait(now);
        self.send_chances(now);
        if relist {
            self.publish_summary();
        }
    }

    /// A game that takes client seeds gets a deadline for them; any other state none.
    fn sync_seed_wait(&mut self, now: Instant) {
        self.deadlines
            .sync_seeds(&self.state, self.cfg.seed_wait, now);
    }

    /// Finds out whether a batch whose append failed was stored after all, and catches up if
    /// it was. Until the store answers, the match refuses to change.
    async fn settle(&mut self) -> Result<(), Refused> {
        let Some(doubt) = &self.in_doubt else {
            return Ok(());
        };
        let before = self.state.events();
        let after = before + doubt.batch.len() as u64;
        let stored = match self.store.stored_count(&self.id).await {
            Ok(n) => n,
            Err(e) => {
                tracing::debug!(match_id = %self.id, error = %e, "store still unavailable");
                self.deadlines.retry_later(Instant::now());
                return Err(Refused::StoreUnavailable);
            }
        };
        match doubt.verdict(stored, before) {
            Verdict::NotStored => {
                tracing::info!(match_id = %self.id, "the refused events were not stored");
                self.in_doubt = None;
                Ok(())
            }
            Verdict::Stored => {
                tracing::info!(match_id = %self.id, "the refused events were stored after all");
                if let Some(doubt) = self.in_doubt.take() {
                    self.take(doubt.after, doubt.batch.logged);
                }
                Ok(())
            }
            Verdict::Inconsistent => {
                tracing::error!(match_id = %self.id, stored, expected = before, "the store disagrees with the match");
                self.deadlines.retry_later(Instant::now());
                Err(Refused::StoreInconsistent {
                    stored,
                    before,
                    after,
                })
            }
        }
    }

    /// Whether the first game starts now: every seat is taken and none has started.
    fn first_game_due(&self) -> bool {
        self.state.game_no() == 0 && !self.state.match_over() && self.seating.all_claimed()
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
            Ok(()) => self.deadlines.retried(),
            Err(e) => {
                tracing::debug!(match_id = %self.id, code = e.code(), error = %e, "cannot catch up yet");
                self.deadlines.retry_later(Instant::now());
            }
        }
    }

    /// The table as the match's views show it.
    fn table(&self) -> Table<'_> {
        Table {
            match_id: &self.id,
            name: self.seating.name(),
            public: self.seating.public(),
            rated: self.seating.rated(),
            names: self.seating.names(),
            connected: self.presence.connected(),
            spectators: self.presence.spectators(),
            thinking: self.deadlines.thinking(Instant::now()),
            bots: self.bots.ids(),
        }
    }

    /// Publishes the match's summary (the lobby's listing) as it is now.
    fn publish_summary(&self) {
        self.fanout
            .publish(view::summary(&self.state, self.table()));
    }

    /// Queues `text` for socket `conn` alone. A socket whose outbox is full is not reading;
    /// it loses this frame (it will resync from events) rather than slow the match.
    fn send_to(&self, conn: u64, text: Utf8Bytes) {
        if self.conns.send(conn, text).is_err() {
            tracing::debug!(match_id = %self.id, conn, "outbox full; reply dropped");
        }
    }

    /// Who is connected changed: the presence frame goes out now, or when the pause since
    /// the last one is over (the listing's spectator count is current at once all the same).
    fn presence_changed(&mut self) {
        if self.presence.changed(Instant::now()) {
            self.send_presence();
        } else {
            self.publish_summary();
        }
    }

    /// Sends the presence frame now.
    fn send_presence(&mut self) {
        // On a correspondence clock being away is the normal case: no claim counts down.
        let claim_after = (!matches!(
            self.state.spec().clock,
            Some(ClockSpec::Correspondence { .. })
        ))
        .then_some(self.cfg.abandon_after);
        let names = self.seating.names();
        let short = senet_protocol::text::short_names(&names, &self.bots.ids());
        let msg = self
            .presence
            .frame(Instant::now(), claim_after, (names, short));
        self.fanout.notice(msg.to_json().into());
        self.publish_summary();
    }

    /// After a batch stored at `now`: the spectators' chances now, or held back.
    fn send_chances(&mut self, now: Instant) {
        if self.chances.stored(self.presence.spectators() > 0, now) {
            self.send_chances_now(now);
        }
    }

    /// Sends the chances of the position now to every spectator socket.
    fn send_chances_now(&mut self, now: Instant) {
        let watching = self.presence.spectators() > 0;
        let Some(frame) = self.chances.release(&self.state, watching, now) else {
            return;
        };
        for conn in self.conns.spectators() {
            self.send_to(conn, frame.clone());
        }
    }

    /// Game `game`'s record, replayed from the facts in memory (none if they do not hold
    /// it: an earlier game's is the store's).
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
