//! The actor's table: seats taken with invites, sockets that connect and leave, and the
//! messages they send (each seat's sequence numbers and cached replies).

use axum::extract::ws::Utf8Bytes;
use tokio::time::Instant;

use super::history::Missed;
use super::{Actor, Conn, Refused, fresh_game};
use crate::registry::{Connected, JoinError, OutboxTx, Outgoing, new_secret, secret_matches};
use senet_match::Seat;
use senet_match::state::Command;
use senet_match::view::{self, Table};
use senet_protocol::{ClientMsg, EventMsg, ServerMsg, Tail};
use senet_store::hash_secret;

impl Actor {
    pub(super) async fn join(
        &mut self,
        invite: Option<&str>,
        name: String,
        player_id: Option<String>,
    ) -> Result<(u8, String), JoinError> {
        let i = match invite {
            Some(invite) => {
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
                i
            }
            None if !self.public => return Err(JoinError::Private),
            None => self
                .seats
                .iter()
                .position(|s| !s.claimed)
                .ok_or(JoinError::NoFreeSeat)?,
        };
        if self.rated && player_id.is_none() {
            return Err(JoinError::Unregistered);
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
        info.token_hash = token_hash;
        self.presence.claimed(seat, Instant::now());
        tracing::info!(match_id = %self.id, %seat, "seat claimed");
        if self.first_game_due() {
            // If the store refuses the start, the retry timer starts the game later.
            self.catch_up().await;
        }
        self.publish_summary();
        Ok((seat.get(), token))
    }

    pub(super) fn connect(
        &mut self,
        token: Option<&str>,
        last_event: Option<u64>,
        tail: Option<Tail>,
        outbox: OutboxTx,
        name: Option<String>,
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
        let spectators = self.presence.spectators();
        if seat.is_none() && spectators >= self.cfg.max_spectators {
            return Err(ServerMsg::error(
                "too_many_spectators",
                format!("this match has {spectators} spectators, the most it takes"),
                None,
            ));
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        let (chat, name_refused) = super::chat_rooms::ConnChat::new(seat, name);
        self.conns.insert(conn, Conn { seat, outbox, chat });
        self.presence.arrive(seat);
        let total = self.state.events();
        let (missed, recent) = self.catch_up_for(last_event, tail);
        let welcome = ServerMsg::Welcome {
            seat: seat.map(Seat::get),
            last_seq: seat.map_or(0, |s| self.seats[s.index()].replies.last_seq()),
            missed: missed.len() as u64,
            snapshot: Box::new(view::snapshot(&self.state, self.table())),
            recent,
            chat: self.chat_backlog(conn),
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
            rx: self.tx.subscribe(),
            welcome: welcome.to_json().into(),
            missed,
            last_event: total,
        })
    }

    /// The frames a connecting client missed, or the recent events for its welcome
    /// ([`super::History::missed`] decides which).
    fn catch_up_for(
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

    pub(super) fn disconnect(&mut self, conn: u64) {
        let Some(c) = self.conns.remove(&conn) else {
            return;
        };
        self.presence.leave(c.seat, Instant::now());
        self.presence_changed();
    }

    pub(super) fn send_to(&self, conn: u64, text: Utf8Bytes) {
        if let Some(c) = self.conns.get(&conn) {
            // A connection whose outbox is full is not reading; it loses this reply (it
            // will resync from events) rather than slow the match.
            if c.outbox.try_send(Outgoing::Text(text)).is_err() {
                tracing::debug!(match_id = %self.id, conn, "outbox full; reply dropped");
            }
        }
    }

    pub(super) async fn client(&mut self, conn: u64, msg: ClientMsg) {
        let Some(seat) = self.conns.get(&conn).map(|c| c.seat) else {
            return;
        };
        let seq = msg.seq();
        if let ClientMsg::Ping { seq } = msg {
            self.send_to(conn, ServerMsg::Pong { seq }.to_json().into());
            return;
        }
        if msg.is_chat() {
            self.chat_client(conn, msg).await;
            return;
        }
        let (Some(seat), Some(seq)) = (seat, seq) else {
            let e = ServerMsg::error("spectator", "spectators cannot act in the match", seq);
            self.send_to(conn, e.to_json().into());
            return;
        };
        let idx = seat.index();
        if let Some(reply) = self.seats[idx].replies.repeat(seq) {
            self.send_to(conn, reply);
            return;
        }
        let outcome = match self.command_for(seat, msg) {
            Ok(command) => self.execute(command).await,
            Err(e) => Err(e),
        };
        let reply = match outcome {
            Ok(()) => ServerMsg::Ack { seq },
            Err(e) => ServerMsg::error(e.code(), e.to_string(), Some(seq)),
        };
        let text: Utf8Bytes = reply.to_json().into();
        self.seats[idx].replies.keep(seq, &reply, &text);
        self.send_to(conn, text);
    }

    /// The command a seat's message asks for; what only the actor knows (how long each seat
    /// has been gone) goes in it.
    pub(super) fn command_for(&self, seat: Seat, msg: ClientMsg) -> Result<Command, Refused> {
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
                next: fresh_game(),
            },
            // Handled by the chat before it gets here.
            ClientMsg::Chat { .. } | ClientMsg::ChatRooms { .. } | ClientMsg::Mute { .. } => {
                Command::CatchUp
            }
        })
    }

    pub(super) fn table(&self) -> Table<'_> {
        Table {
            match_id: &self.id,
            name: &self.name,
            public: self.public,
            rated: self.rated,
            names: self.seats.iter().map(|s| s.name.clone()).collect(),
            connected: self.presence.connected(),
            spectators: self.presence.spectators(),
            thinking: self.deadlines.thinking(Instant::now()),
            bots: self.bots.ids(),
        }
    }
}
