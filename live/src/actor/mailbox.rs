//! What the actor does with each command of its mailbox: a seat claimed with an invite, a
//! socket's `hello`, its messages (moves and the like, chat, pings) and its leaving, a
//! resync, a record, a lost lease. The parts decide (who may sit or watch, what a repeated
//! sequence number is answered, who gets a chat message); this file puts their answers
//! together with the store and the sockets.

use axum::extract::ws::Utf8Bytes;
use tokio::time::Instant;

use senet_match::Seat;
use senet_match::state::Command;
use senet_match::view;
use senet_protocol::text::check_name;
use senet_protocol::time::now_whole_seconds;
use senet_protocol::{ClientMsg, Detail, EventMsg, Reason, Room, ServerMsg, Tail};
use senet_store::{StoreError, hash_secret};

use super::conn_chat::{ChatError, ConnChat};
use super::history::Missed;
use super::{Actor, Refused};
use crate::registry::{Cmd, Connected, JoinError, OutboxTx, SeatClaim, SocketHello, new_secret};

impl Actor {
    /// Does what `cmd` asks and answers it.
    pub(super) async fn handle(&mut self, cmd: Cmd) {
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
                    self.presence_changed();
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

    /// Gives a seat to a joining player once the store has the claim; the seat and its
    /// token (made now: only its hash is kept).
    async fn join(
        &mut self,
        invite: Option<&str>,
        name: String,
        player_id: Option<String>,
    ) -> Result<(u8, String), JoinError> {
        let seat = self.seating.seat_for(invite, player_id.is_some())?;
        if let Some(other) = self.seating.named_like(&name) {
            return Err(JoinError::NameTaken(other.get()));
        }
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
            if matches!(e, StoreError::Fenced(_)) {
                // Another node runs the match now; the joiner's retry reaches it.
                self.moved = true;
            }
            tracing::error!(match_id = %self.id, error = %e, "seat claim not stored");
            return Err(JoinError::Unavailable);
        }
        self.seating.claim(seat, name, token_hash);
        self.presence.claimed(seat, Instant::now());
        tracing::info!(match_id = %self.id, %seat, "seat claimed");
        // The new name reaches every socket before the events the claim may start (with no
        // socket open, the welcome will carry it).
        if self.presence.idle_since().is_none() {
            self.send_presence();
        }
        if self.first_game_due() {
            // If the store refuses the start, the retry timer starts the game later.
            self.catch_up().await;
        }
        self.publish_summary();
        Ok((seat.get(), token))
    }

    /// Takes a socket that said `hello`: its seat (or none: a spectator), its welcome and
    /// what it missed; or the error to send it before it closes.
    fn connect(
        &mut self,
        token: Option<&str>,
        last_event: Option<u64>,
        tail: Option<Tail>,
        outbox: OutboxTx,
        name: Option<String>,
    ) -> Result<Connected, ServerMsg> {
        let seat = self.seating.admit(token)?;
        let spectators = self.presence.spectators();
        if seat.is_none() && spectators >= self.cfg.max_spectators {
            return Err(ServerMsg::error(
                "too_many_spectators",
                format!("this match has {spectators} spectators, the most it takes"),
                None,
            ));
        }
        // A spectator's chat name may not look like a seat's: its lines would read as that
        // player's.
        let like_a_seat = match (seat, name.as_deref()) {
            (None, Some(n)) => check_name(Some(n.to_owned()), String::new())
                .ok()
                .and_then(|n| self.seating.named_like(&n)),
            _ => None,
        };
        let name = if like_a_seat.is_some() { None } else { name };
        let (chat, mut name_refused) = ConnChat::new(seat, name);
        if let Some(other) = like_a_seat {
            name_refused = Some(ServerMsg::refusal(
                "invalid",
                Detail::new(
                    Reason::NameLikeSeat,
                    format!(
                        "the chat name was not taken: it looks the same as seat {other}'s name"
                    ),
                )
                .with("seat", other.get()),
                None,
            ));
        }
        let conn = self.conns.open(seat, outbox, chat);
        self.presence.arrive(seat);
        let total = self.state.events();
        let (missed, recent) = self.missed(last_event, tail);
        let welcome = ServerMsg::Welcome {
            seat: seat.map(Seat::get),
            last_seq: seat.map_or(0, |s| self.seating.last_seq(s)),
            missed: missed.len() as u64,
            snapshot: Box::new(view::snapshot(&self.state, self.table())),
            recent,
            chat: self
                .conns
                .get(conn)
                .map(|c| self.chat.backlog(c, self.state.match_over()))
                .unwrap_or_default(),
            muted: self.chat.muted_by(seat),
        };
        if let Some(e) = name_refused {
            // After the welcome (the writer sends that first): the socket has no chat name.
            self.send_to(conn, e.to_json().into());
        }
        if seat.is_none() {
            // A spectator's bar starts from the position now (after the welcome, as above).
            if let Some(frame) = self.chances.frame(&self.state) {
                self.send_to(conn, frame);
            }
        }
        tracing::debug!(match_id = %self.id, conn, ?seat, "connected");
        Ok(Connected {
            conn,
            seat: seat.map(Seat::get),
            rx: self.fanout.subscribe(),
            welcome: welcome.to_json().into(),
            missed,
            last_event: total,
        })
    }

    /// The frames a connecting client missed, or the recent events for its welcome
    /// ([`super::History::missed`] decides which).
    fn missed(
        &self,
        last_event: Option<u64>,
        tail: Option<Tail>,
    ) -> (Vec<Utf8Bytes>, Option<Vec<EventMsg>>) {
        let broken = |e: &view::ReplayError| {
            tracing::error!(match_id = %self.id, error = %e, "the match's own log does not replay");
        };
        match self.history.missed(last_event, tail) {
            Missed::Nothing => (Vec::new(), None),
            Missed::Recent(tail) => {
                let recent = self
                    .history
                    .recent(tail)
                    .inspect_err(broken)
                    .unwrap_or_default();
                (Vec::new(), Some(recent))
            }
            Missed::Frames(after) => {
                let missed = self
                    .history
                    .frames_after(after)
                    .inspect_err(broken)
                    .unwrap_or_default();
                (missed.into_iter().map(Utf8Bytes::from).collect(), None)
            }
        }
    }

    /// A socket went away.
    fn disconnect(&mut self, conn: u64) {
        let Some(c) = self.conns.close(conn) else {
            return;
        };
        self.presence.leave(c.seat, Instant::now());
        self.presence_changed();
    }

    /// A message from socket `conn`: a ping answered, chat to the chat, and a seat's
    /// message, once its sequence number is checked, decided and answered `ack` or `error`.
    async fn client(&mut self, conn: u64, msg: ClientMsg) {
        let Some(seat) = self.conns.get(conn).map(|c| c.seat) else {
            return;
        };
        let seq = msg.seq();
        if let ClientMsg::Ping { seq } = msg {
            self.send_to(conn, ServerMsg::Pong { seq }.to_json().into());
            return;
        }
        if msg.is_chat() {
            self.chat_client(conn, seat, msg).await;
            return;
        }
        let (Some(seat), Some(seq)) = (seat, seq) else {
            let e = ServerMsg::error("spectator", "spectators cannot act in the match", seq);
            self.send_to(conn, e.to_json().into());
            return;
        };
        if let Some(reply) = self.seating.replies(seat).repeat(seq) {
            self.send_to(conn, reply);
            return;
        }
        let outcome = match self.command_for(seat, msg) {
            Ok(command) => self.execute(command).await,
            Err(e) => Err(e),
        };
        let reply = match outcome {
            Ok(()) => ServerMsg::Ack { seq },
            Err(e) => ServerMsg::error(e.code(), e.to_string(), Some(seq)).because(e.detail()),
        };
        let text: Utf8Bytes = reply.to_json().into();
        self.seating.replies(seat).keep(seq, &reply, &text);
        self.send_to(conn, text);
    }

    /// The command a seat's message asks for; what only the actor knows (how long each seat
    /// has been gone, how long the match has waited) goes in it.
    fn command_for(&self, seat: Seat, msg: ClientMsg) -> Result<Command, Refused> {
        Ok(match msg {
            ClientMsg::Hello { .. } => return Err(Refused::AlreadyHello),
            // Answered with a pong before it gets here; owed work is all it could ask for.
            ClientMsg::Ping { .. } => Command::CatchUp,
            ClientMsg::ClientSeed { seed, .. } => Command::ClientSeed { seat, seed },
            ClientMsg::Move { game, mv, .. } => Command::Move {
                seat,
                game,
                mv,
                thinking: self.deadlines.thinking(Instant::now()),
            },
            ClientMsg::Resign { .. } => Command::Resign { seat },
            ClientMsg::Claim { .. } => {
                let now = Instant::now();
                Command::Claim {
                    seat,
                    gone_for: self.presence.gone_for(now),
                    needed: self.cfg.abandon_after,
                    waited: self.deadlines.waited(now),
                    move_limit: self.cfg.move_limit,
                }
            }
            ClientMsg::Rematch { .. } => Command::Rematch {
                seat,
                next: self.fresh_game(),
            },
            // Handled by the chat before it gets here.
            ClientMsg::Chat { .. } | ClientMsg::ChatRooms { .. } | ClientMsg::Mute { .. } => {
                Command::CatchUp
            }
        })
    }

    /// A `chat`, `chat_rooms` or `mute` message from socket `conn` of `seat` (none: a
    /// spectator): its sequence number checked (a repeated one answered from the replies of
    /// the seat, or of the socket for a spectator), then done and answered `ack` or `error`;
    /// what it sends others goes after the answer (so a poster gets its ack before its
    /// message).
    async fn chat_client(&mut self, conn: u64, seat: Option<Seat>, msg: ClientMsg) {
        let Some(seq) = msg.seq() else { return };
        let repeated = match seat {
            Some(s) => self.seating.replies(s).repeat(seq),
            None => self
                .conns
                .get_mut(conn)
                .and_then(|c| c.chat.replies().repeat(seq)),
        };
        if let Some(reply) = repeated {
            self.send_to(conn, reply);
            return;
        }
        let outcome = match msg {
            ClientMsg::Chat { text, .. } => self.post(conn, seat, &text).await,
            ClientMsg::ChatRooms { spectators, .. } => self.choose_rooms(conn, seat, spectators),
            ClientMsg::Mute {
                seat: target,
                muted,
                ..
            } => self
                .chat
                .mute(seat, target, muted, self.seating.len())
                .map(|()| Vec::new()),
            _ => Ok(Vec::new()),
        };
        let (reply, then) = match outcome {
            Ok(then) => (ServerMsg::Ack { seq }, then),
            Err(e) => (
                ServerMsg::error(e.code(), e.to_string(), Some(seq)),
                Vec::new(),
            ),
        };
        let text: Utf8Bytes = reply.to_json().into();
        let replies = match seat {
            Some(s) => self.seating.replies(s),
            None => match self.conns.get_mut(conn) {
                Some(c) => c.chat.replies(),
                None => return,
            },
        };
        replies.keep(seq, &reply, &text);
        self.send_to(conn, text);
        for (to, frame) in then {
            self.send_to(to, frame);
        }
    }

    /// Posts `text` from socket `conn`: normalised, numbered and stored; the frames to send
    /// (one per socket that sees it).
    async fn post(
        &mut self,
        conn: u64,
        seat: Option<Seat>,
        text: &str,
    ) -> Result<Vec<(u64, Utf8Bytes)>, ChatError> {
        let name = match seat {
            Some(s) => Some(self.seating.poster_name(s)),
            None => self
                .conns
                .get(conn)
                .and_then(|c| c.chat.name().map(str::to_owned)),
        };
        // Checked before the room's budget is spent: a refused post costs the room nothing.
        senet_protocol::text::normalise(text)?;
        if name.is_none() {
            return Err(ChatError::NameRequired);
        }
        self.chat
            .take_room_post(seat, self.cfg.room_chat_per_min, Instant::now())?;
        let line = self.chat.line(seat, name, text, now_whole_seconds())?;
        match self.store.append_chat(&self.id, &line).await {
            Ok(()) => {}
            Err(StoreError::Fenced(_)) => {
                // Another node runs the match now: nothing more is stored or sent from here.
                self.moved = true;
                return Err(ChatError::Moved);
            }
            Err(e) => {
                tracing::error!(match_id = %self.id, id = line.id, error = %e, "chat message not stored");
                return Err(ChatError::StoreUnavailable);
            }
        }
        Ok(self.chat.posted(line, &self.conns, self.state.match_over()))
    }

    /// A seat's socket opts in to (or out of) the spectators' room; the room's recent
    /// messages when it just opened it.
    fn choose_rooms(
        &mut self,
        conn: u64,
        seat: Option<Seat>,
        spectators: bool,
    ) -> Result<Vec<(u64, Utf8Bytes)>, ChatError> {
        let Some(c) = self.conns.get_mut(conn) else {
            // Gone: only a spectator's refusal is still owed.
            return seat.map(|_| Vec::new()).ok_or(ChatError::NotAPlayer);
        };
        let opened = c.chat.choose_rooms(seat, spectators)?;
        Ok(if opened {
            self.chat.room_backlog(conn, c, Room::Spectators)
        } else {
            Vec::new()
        })
    }
}
