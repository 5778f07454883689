//! The actor's table: seats taken with invites, sockets that connect and leave, and the
//! messages they send (each seat's sequence numbers and cached replies).

use axum::extract::ws::Utf8Bytes;
use tokio::time::Instant;

use super::{Actor, Conn, PRESENCE_EVERY, Refused};
use crate::registry::{
    Connected, Frame, JoinError, OutboxTx, Outgoing, new_secret, secret_matches,
};
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
        let (chat, name_refused) = super::chat_rooms::ConnChat::new(seat, name);
        self.conns.insert(conn, Conn { seat, outbox, chat });
        self.idle_since = None;
        let total = self.state.events();
        let (missed, recent) = self.catch_up_for(last_event, tail);
        let welcome = ServerMsg::Welcome {
            seat: seat.map(Seat::get),
            last_seq: seat.map_or(0, |s| self.seats[s.index()].last_seq),
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
            if let Some(frame) = self.chances_frame() {
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

    /// What a connecting client gets of the events after its `last_event`: the frames it
    /// missed, or — when it said how many it takes (`tail`) and missed more — none, and the
    /// current game's last `tail` events for its welcome's `recent`. With a tail, a client
    /// that gave no `last_event` missed every event; without one, it asked for none. A
    /// client that missed events of a game that has left memory (`history.rs`) gets
    /// `recent` whatever it missed, of its tail or, if it gave none, the longest.
    fn catch_up_for(
        &self,
        last_event: Option<u64>,
        tail: Option<Tail>,
    ) -> (Vec<Utf8Bytes>, Option<Vec<EventMsg>>) {
        let total = self.state.events();
        let after = match tail {
            Some(_) => Some(last_event.unwrap_or(0)),
            None => last_event,
        };
        let Some(after) = after.filter(|&n| n < total) else {
            return (Vec::new(), None);
        };
        let base = self.history.base();
        let gone = after < base.events();
        let tail = if gone {
            Some(tail.unwrap_or(Tail::LONGEST))
        } else {
            tail
        };
        let broken = |e: &view::ReplayError| {
            tracing::error!(match_id = %self.id, error = %e, "the match's own log does not replay");
        };
        match tail {
            Some(tail) if gone || total - after > tail.get() => {
                let recent = view::recent_events(base.clone(), self.history.facts(), tail.get())
                    .inspect_err(broken)
                    .unwrap_or_default();
                (Vec::new(), Some(recent))
            }
            _ => {
                let missed = view::frames_after(base.clone(), self.history.facts(), after)
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
        if seq <= self.seats[idx].last_seq {
            let reply = self.seats[idx].replies.get(seq).unwrap_or_else(|| {
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
                thinking: self.decision_since.elapsed(),
            },
            ClientMsg::Resign { .. } => Command::Resign { seat },
            ClientMsg::Claim { .. } => Command::Claim {
                seat,
                gone_for: self
                    .seats
                    .iter()
                    .map(|s| (s.conns == 0 && s.bot.is_none()).then(|| s.gone_since.elapsed()))
                    .collect(),
                needed: self.cfg.abandon_after,
                waited: self.turn_since.elapsed(),
                move_limit: self.cfg.move_limit,
            },
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

    pub(super) fn table(&self) -> Table<'_> {
        Table {
            match_id: &self.id,
            name: &self.name,
            public: self.public,
            rated: self.rated,
            names: self.seats.iter().map(|s| s.name.clone()).collect(),
            // A bot is always there.
            connected: self
                .seats
                .iter()
                .map(|s| s.conns > 0 || s.bot.is_some())
                .collect(),
            spectators: self.spectators,
            thinking: self.decision_since.elapsed(),
            bots: if self.seats.iter().any(|s| s.bot.is_some()) {
                self.seats
                    .iter()
                    .map(|s| s.bot.map(|l| l.id().to_owned()))
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    /// Says who is connected: at once if the last presence frame is older than
    /// [`PRESENCE_EVERY`], else once that much time has passed (a storm of connects costs the
    /// match a few frames a second, not one per socket).
    pub(super) fn broadcast_presence(&mut self) {
        let now = Instant::now();
        if self.presence_sent + PRESENCE_EVERY > now {
            self.presence_due
                .get_or_insert(self.presence_sent + PRESENCE_EVERY);
            // The listing's spectator count is current at once all the same.
            self.publish_summary();
            return;
        }
        self.send_presence();
    }

    /// Sends the presence frame now.
    pub(super) fn send_presence(&mut self) {
        self.presence_sent = Instant::now();
        self.presence_due = None;
        let msg = ServerMsg::Presence {
            connected: self
                .seats
                .iter()
                .map(|s| s.conns > 0 || s.bot.is_some())
                .collect(),
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
}
