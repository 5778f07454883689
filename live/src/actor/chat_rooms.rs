//! The actor's chat: each socket's rooms and chat name, the seats' mutes, the recent
//! messages of each room, and the `chat`, `chat_rooms` and `mute` messages.
//!
//! A message is numbered, stored (([`senet_store::EventStore::append_chat`])) and only then
//! sent, straight to the outbox of every socket that sees its room and whose seat has not
//! muted the poster (not over the match's broadcast: who gets it differs per socket). Mutes
//! and a socket's choice of rooms live in memory only: a mute lasts while the match is in
//! memory (a restart or an eviction forgets it).

use std::collections::{BTreeSet, VecDeque};

use axum::extract::ws::Utf8Bytes;

use super::{Actor, Conn};
use senet_match::Seat;
use senet_protocol::text::{TextError, check_name, normalise};
use senet_protocol::time::now_whole_seconds;
use senet_protocol::{ChatLine, KEPT_PER_ROOM, Room};
use senet_protocol::{ClientMsg, ServerMsg};

/// Replies kept per spectator socket for repeated sequence numbers (a seat keeps its own,
/// shared with its moves).
const SPECTATOR_REPLIES: usize = 16;

/// Why a chat message was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum ChatError {
    /// The text is empty or too long after normalisation.
    #[error(transparent)]
    Text(#[from] TextError),
    /// A spectator without a name posted.
    #[error("say hello with a name to post in the spectators' room")]
    NameRequired,
    /// A spectator asked for a seat's action (mute, rooms).
    #[error("only players can do that")]
    NotAPlayer,
    /// A mute of oneself or of a seat that does not exist.
    #[error("{0}")]
    Invalid(String),
    /// The store did not take the message.
    #[error("the message could not be saved; try again")]
    StoreUnavailable,
}

impl ChatError {
    fn code(&self) -> &'static str {
        match self {
            ChatError::Text(e) => e.code(),
            ChatError::NameRequired => "name_required",
            ChatError::NotAPlayer => "not_a_player",
            ChatError::Invalid(_) => "invalid",
            ChatError::StoreUnavailable => "store_unavailable",
        }
    }
}

/// The match's chat, as the actor keeps it.
#[derive(Debug, Default)]
pub(crate) struct ChatState {
    /// The number of the last message (0: none yet).
    last_id: u64,
    /// The last [`KEPT_PER_ROOM`] messages of each room, oldest first.
    players: VecDeque<ChatLine>,
    spectators: VecDeque<ChatLine>,
    /// (muting seat, muted seat).
    muted: BTreeSet<(u8, u8)>,
}

impl ChatState {
    /// The chat of a recovered match: its stored recent messages (any order).
    pub(crate) fn recovered(mut lines: Vec<ChatLine>) -> ChatState {
        lines.sort_by_key(|l| l.id);
        let mut chat = ChatState::default();
        for line in lines {
            chat.keep(line);
        }
        chat
    }

    fn keep(&mut self, line: ChatLine) {
        self.last_id = self.last_id.max(line.id);
        let room = match line.room {
            Room::Players => &mut self.players,
            Room::Spectators => &mut self.spectators,
        };
        if room.len() == KEPT_PER_ROOM {
            room.pop_front();
        }
        room.push_back(line);
    }

    /// The seats `seat` muted, in order (none for a spectator).
    pub(super) fn muted_by(&self, seat: Option<Seat>) -> Vec<u8> {
        let Some(seat) = seat else {
            return Vec::new();
        };
        self.muted
            .iter()
            .filter(|(by, _)| *by == seat.get())
            .map(|&(_, m)| m)
            .collect()
    }

    fn mutes(&self, by: Option<Seat>, poster: Option<u8>) -> bool {
        match (by, poster) {
            (Some(by), Some(poster)) => self.muted.contains(&(by.get(), poster)),
            _ => false,
        }
    }
}

/// A socket's chat: its name (a spectator's, from `hello`), whether it sees the spectators'
/// room, and a spectator's sequence numbers.
#[derive(Debug)]
pub(super) struct ConnChat {
    name: Option<String>,
    sees_spectators: bool,
    replies: super::replies::Replies,
}

impl ConnChat {
    /// A new socket's chat, with the error to send after its welcome when its spectator
    /// name breaks the rules of names (it then has none). A seat's name is its seat's.
    pub(super) fn new(seat: Option<Seat>, name: Option<String>) -> (ConnChat, Option<ServerMsg>) {
        let (name, refused) = match (seat, name) {
            (None, Some(name)) => match check_name(Some(name), String::new()) {
                Ok(name) if name.is_empty() => (None, None),
                Ok(name) => (Some(name), None),
                Err(e) => (
                    None,
                    Some(ServerMsg::error(
                        "invalid",
                        format!("the chat name was not taken: {e}"),
                        None,
                    )),
                ),
            },
            _ => (None, None),
        };
        let chat = ConnChat {
            name,
            sees_spectators: false,
            replies: super::replies::Replies::new(SPECTATOR_REPLIES),
        };
        (chat, refused)
    }
}

/// Whether socket `conn` gets messages of `room` (`over`: the match is over).
fn sees(conn: &Conn, room: Room, over: bool) -> bool {
    match (conn.seat, room) {
        (Some(_), Room::Players) | (None, Room::Spectators) => true,
        (Some(_), Room::Spectators) => conn.chat.sees_spectators,
        // The players' room opens to spectators once the match is over.
        (None, Room::Players) => over,
    }
}

impl Actor {
    /// The recent messages socket `conn` sees, oldest first: those of each room it sees,
    /// but for seats its seat muted.
    pub(super) fn chat_backlog(&self, conn: u64) -> Vec<ChatLine> {
        let Some(c) = self.conns.get(&conn) else {
            return Vec::new();
        };
        let over = self.state.match_over();
        let mut lines: Vec<ChatLine> = [Room::Players, Room::Spectators]
            .into_iter()
            .filter(|&room| sees(c, room, over))
            .flat_map(|room| match room {
                Room::Players => self.chat.players.iter(),
                Room::Spectators => self.chat.spectators.iter(),
            })
            .filter(|l| !self.chat.mutes(c.seat, l.seat))
            .cloned()
            .collect();
        lines.sort_by_key(|l| l.id);
        lines
    }

    /// A `chat`, `chat_rooms` or `mute` message: its sequence number checked (a repeated one
    /// answered from the reply cache, per seat, or per socket for a spectator), then done and
    /// answered `ack` or `error`.
    pub(super) async fn chat_client(&mut self, conn: u64, msg: ClientMsg) {
        let Some(seat) = self.conns.get(&conn).map(|c| c.seat) else {
            return;
        };
        let Some(seq) = msg.seq() else { return };
        if let Some(reply) = self.repeated(conn, seat, seq) {
            self.send_to(conn, reply);
            return;
        }
        // What is sent after the reply (so a poster gets its ack before its message).
        let outcome = match msg {
            ClientMsg::Chat { text, .. } => self.post(conn, seat, &text).await,
            ClientMsg::ChatRooms { spectators, .. } => self
                .choose_rooms(conn, seat, spectators)
                .map(|opened| self.room_backlog(conn, Room::Spectators, opened)),
            ClientMsg::Mute {
                seat: target,
                muted,
                ..
            } => self.mute(seat, target, muted).map(|()| Vec::new()),
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
            Some(s) => &mut self.seats[s.index()].replies,
            None => match self.conns.get_mut(&conn) {
                Some(c) => &mut c.chat.replies,
                None => return,
            },
        };
        replies.keep(seq, &reply, &text);
        self.send_to(conn, text);
        for (to, frame) in then {
            self.send_to(to, frame);
        }
    }

    /// The reply to a sequence number used already (the cached one, or `stale_seq`); marks
    /// a new one used.
    fn repeated(&mut self, conn: u64, seat: Option<Seat>, seq: u64) -> Option<Utf8Bytes> {
        let replies = match seat {
            Some(s) => &mut self.seats[s.index()].replies,
            None => &mut self.conns.get_mut(&conn)?.chat.replies,
        };
        replies.repeat(seq)
    }

    /// Posts `text` from socket `conn`: normalised, numbered and stored; returns the frames
    /// to send (one per socket that sees it).
    async fn post(
        &mut self,
        conn: u64,
        seat: Option<Seat>,
        text: &str,
    ) -> Result<Vec<(u64, Utf8Bytes)>, ChatError> {
        let text = normalise(text)?;
        let (room, name) = match seat {
            Some(s) => {
                let name = self.seats[s.index()]
                    .name
                    .clone()
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| format!("Seat {s}"));
                (Room::Players, name)
            }
            None => {
                let name = self.conns.get(&conn).and_then(|c| c.chat.name.clone());
                (Room::Spectators, name.ok_or(ChatError::NameRequired)?)
            }
        };
        // The number is spent even if the store fails: a write whose answer was lost may
        // have stored it.
        self.chat.last_id += 1;
        let line = ChatLine {
            room,
            id: self.chat.last_id,
            seat: seat.map(Seat::get),
            name,
            text,
            at: now_whole_seconds(),
        };
        if let Err(e) = self.store.append_chat(&self.id, &line).await {
            tracing::error!(match_id = %self.id, id = line.id, error = %e, "chat message not stored");
            return Err(ChatError::StoreUnavailable);
        }
        let frame: Utf8Bytes = ServerMsg::Chat(line.clone()).to_json().into();
        let over = self.state.match_over();
        let to = self
            .conns
            .iter()
            .filter(|(_, c)| sees(c, room, over) && !self.chat.mutes(c.seat, line.seat))
            .map(|(&id, _)| (id, frame.clone()))
            .collect();
        self.chat.keep(line);
        Ok(to)
    }

    /// A seat's socket opts in to (or out of) the spectators' room; whether it opened it
    /// (it did not see it before).
    fn choose_rooms(
        &mut self,
        conn: u64,
        seat: Option<Seat>,
        spectators: bool,
    ) -> Result<bool, ChatError> {
        if seat.is_none() {
            return Err(ChatError::NotAPlayer);
        }
        let Some(c) = self.conns.get_mut(&conn) else {
            return Ok(false);
        };
        let opened = spectators && !c.chat.sees_spectators;
        c.chat.sees_spectators = spectators;
        Ok(opened)
    }

    /// Seat `seat` mutes or unmutes seat `target`.
    fn mute(&mut self, seat: Option<Seat>, target: u8, muted: bool) -> Result<(), ChatError> {
        let seat = seat.ok_or(ChatError::NotAPlayer)?;
        if target == seat.get() {
            return Err(ChatError::Invalid("you cannot mute yourself".into()));
        }
        if target == 0 || usize::from(target) > self.seats.len() {
            return Err(ChatError::Invalid(format!(
                "this match has no seat {target} (seats 1 to {})",
                self.seats.len()
            )));
        }
        if muted {
            self.chat.muted.insert((seat.get(), target));
        } else {
            self.chat.muted.remove(&(seat.get(), target));
        }
        Ok(())
    }

    /// The recent messages of `room` for socket `conn`, one frame each (when it just opened
    /// the room; none otherwise).
    fn room_backlog(&self, conn: u64, room: Room, opened: bool) -> Vec<(u64, Utf8Bytes)> {
        let Some(c) = self.conns.get(&conn).filter(|_| opened) else {
            return Vec::new();
        };
        let lines = match room {
            Room::Players => &self.chat.players,
            Room::Spectators => &self.chat.spectators,
        };
        lines
            .iter()
            .filter(|l| !self.chat.mutes(c.seat, l.seat))
            .map(|l| (conn, ServerMsg::Chat(l.clone()).to_json().into()))
            .collect()
    }
}
