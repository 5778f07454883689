//! The match's chat: each socket's rooms and chat name, the seats' mutes, the recent
//! messages of each room, and what the `chat`, `chat_rooms` and `mute` messages decide (the
//! actor's `mailbox.rs` checks their sequence numbers, stores a message and sends the frames
//! these types choose).
//!
//! A message is numbered, stored ([`senet_store::EventStore::append_chat`]) and only then
//! sent, straight to the outbox of every socket that sees its room and whose seat has not
//! muted the poster (not over the match's broadcast: who gets it differs per socket). Mutes
//! and a socket's choice of rooms live in memory only: a mute lasts while the match is in
//! memory (a restart or an eviction forgets it).

use std::collections::{BTreeSet, VecDeque};

use axum::extract::ws::Utf8Bytes;
use tokio::time::Instant;

use super::conn_chat::ChatError;
use super::conns::{Conn, Conns};
use senet_match::Seat;
use senet_protocol::text::normalise;
use senet_protocol::{ChatLine, KEPT_PER_ROOM, Room, ServerMsg};

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
    /// Each room's budget of posts.
    players_budget: RoomBudget,
    spectators_budget: RoomBudget,
}

/// A room's budget of posts: a token bucket holding ten seconds' worth of its rate per
/// minute, so a crowd's burst is short and the rate holds over any minute after it.
#[derive(Debug, Default)]
struct RoomBudget {
    /// Posts that may be taken, and when that was counted; none before the first post (the
    /// bucket starts full).
    left: Option<(f64, Instant)>,
}

impl RoomBudget {
    fn take(&mut self, per_min: u32, now: Instant) -> bool {
        let rate = f64::from(per_min) / 60.0;
        let burst = (f64::from(per_min) / 6.0).max(1.0);
        let tokens = self.left.map_or(burst, |(t, at)| {
            (t + now.saturating_duration_since(at).as_secs_f64() * rate).min(burst)
        });
        let taken = tokens >= 1.0;
        self.left = Some((if taken { tokens - 1.0 } else { tokens }, now));
        taken
    }
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

    /// Keeps `line` among its room's recent messages (the oldest goes when full).
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

    /// The recent messages of `room`, oldest first.
    fn room(&self, room: Room) -> &VecDeque<ChatLine> {
        match room {
            Room::Players => &self.players,
            Room::Spectators => &self.spectators,
        }
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

    /// Whether seat `by` muted `poster` (a spectator mutes nobody, and is muted by nobody).
    fn mutes(&self, by: Option<Seat>, poster: Option<u8>) -> bool {
        match (by, poster) {
            (Some(by), Some(poster)) => self.muted.contains(&(by.get(), poster)),
            _ => false,
        }
    }

    /// The recent messages socket `conn` sees, oldest first: those of each room it sees
    /// (`over`: the match is over), but for seats its seat muted.
    pub(super) fn backlog(&self, conn: &Conn, over: bool) -> Vec<ChatLine> {
        let mut lines: Vec<ChatLine> = [Room::Players, Room::Spectators]
            .into_iter()
            .filter(|&room| sees(conn, room, over))
            .flat_map(|room| self.room(room).iter())
            .filter(|l| !self.mutes(conn.seat, l.seat))
            .cloned()
            .collect();
        lines.sort_by_key(|l| l.id);
        lines
    }

    /// Takes one post of the room `seat` posts in (none: a spectator, who posts in the
    /// spectators' room) at `now`, within the room's budget of `per_min` a minute (bursts of
    /// a sixth of it; 0: no limit): however many sockets and addresses post, one room is
    /// never flooded faster than people can read.
    pub(super) fn take_room_post(
        &mut self,
        seat: Option<Seat>,
        per_min: u32,
        now: Instant,
    ) -> Result<(), ChatError> {
        if per_min == 0 {
            return Ok(());
        }
        let budget = if seat.is_some() {
            &mut self.players_budget
        } else {
            &mut self.spectators_budget
        };
        if budget.take(per_min, now) {
            Ok(())
        } else {
            Err(ChatError::RoomBusy)
        }
    }

    /// A new message from `seat` (none: a spectator) posting as `name` (a spectator's is
    /// none until it says hello with one), taken at `at`: normalised and numbered, not yet
    /// stored. The number is spent even if the store then fails: a write whose answer was
    /// lost may have stored it.
    pub(super) fn line(
        &mut self,
        seat: Option<Seat>,
        name: Option<String>,
        text: &str,
        at: String,
    ) -> Result<ChatLine, ChatError> {
        let text = normalise(text)?;
        let room = if seat.is_some() {
            Room::Players
        } else {
            Room::Spectators
        };
        let name = name.ok_or(ChatError::NameRequired)?;
        self.last_id += 1;
        Ok(ChatLine {
            room,
            id: self.last_id,
            seat: seat.map(Seat::get),
            name,
            text,
            at,
        })
    }

    /// A stored message: kept for welcomes; the frames to send, one per socket of `conns`
    /// that sees its room (`over`: the match is over) and whose seat has not muted the
    /// poster.
    pub(super) fn posted(
        &mut self,
        line: ChatLine,
        conns: &Conns,
        over: bool,
    ) -> Vec<(u64, Utf8Bytes)> {
        let frame: Utf8Bytes = ServerMsg::Chat(line.clone()).to_json().into();
        let to = conns
            .iter()
            .filter(|(_, c)| sees(c, line.room, over) && !self.mutes(c.seat, line.seat))
            .map(|(id, _)| (id, frame.clone()))
            .collect();
        self.keep(line);
        to
    }

    /// Seat `seat` (none: a spectator, who may not) mutes or unmutes seat `target` of a
    /// table of `seats`.
    pub(super) fn mute(
        &mut self,
        seat: Option<Seat>,
        target: u8,
        muted: bool,
        seats: usize,
    ) -> Result<(), ChatError> {
        let seat = seat.ok_or(ChatError::NotAPlayer)?;
        if target == seat.get() {
            return Err(ChatError::Invalid("you cannot mute yourself".into()));
        }
        if target == 0 || usize::from(target) > seats {
            return Err(ChatError::Invalid(format!(
                "this match has no seat {target} (seats 1 to {seats})"
            )));
        }
        if muted {
            self.muted.insert((seat.get(), target));
        } else {
            self.muted.remove(&(seat.get(), target));
        }
        Ok(())
    }

    /// The recent messages of `room` for socket `conn` (number `id`), one frame each, but
    /// for seats its seat muted: what a socket that just opened the room gets.
    pub(super) fn room_backlog(&self, id: u64, conn: &Conn, room: Room) -> Vec<(u64, Utf8Bytes)> {
        self.room(room)
            .iter()
            .filter(|l| !self.mutes(conn.seat, l.seat))
            .map(|l| (id, ServerMsg::Chat(l.clone()).to_json().into()))
            .collect()
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::actor::conn_chat::ConnChat;
    use crate::registry::outbox;

    fn seat(n: u8) -> Option<Seat> {
        Seat::new(n).ok()
    }

    fn line(room: Room, id: u64, seat: Option<u8>) -> ChatLine {
        ChatLine {
            room,
            id,
            seat,
            name: "n".into(),
            text: format!("m{id}"),
            at: "2025-01-01T00:00:00Z".into(),
        }
    }

    /// Sockets of seat 1, seat 2 and a spectator named "Sam".
    fn table() -> (Conns, [u64; 3]) {
        let mut conns = Conns::new();
        let (tx, _rx) = outbox();
        let mut open = |s: Option<Seat>, name: Option<&str>| {
            let chat = ConnChat::new(s, name.map(str::to_owned)).0;
            conns.open(s, tx.clone(), chat)
        };
        let ids = [
            open(seat(1), None),
            open(seat(2), None),
            open(None, Some("Sam")),
        ];
        (conns, ids)
    }

    #[test]
    fn a_recovered_chat_keeps_the_last_of_each_room_and_numbers_on() {
        let lines = (1..=60)
            .rev()
            .map(|id| line(Room::Players, id, Some(1)))
            .chain([line(Room::Spectators, 70, None)])
            .collect();
        let mut chat = ChatState::recovered(lines);
        assert_eq!(chat.players.len(), KEPT_PER_ROOM);
        assert_eq!(chat.players.front().map(|l| l.id), Some(11));
        let next = chat.line(seat(1), Some("Ann".into()), "hi", "t".into());
        assert_eq!(next.map(|l| l.id), Ok(71));
    }

    #[test]
    fn a_line_is_normalised_and_a_spectator_needs_a_name() {
        let mut chat = ChatState::default();
        let first = chat
            .line(None, Some("Sam".into()), "  hello \n there ", "t".into())
            .expect("taken");
        assert_eq!(
            (first.room, first.id, first.seat),
            (Room::Spectators, 1, None)
        );
        assert_eq!(first.text, "hello there");
        let refused = chat.line(None, None, "hi", "t".into());
        assert_eq!(refused, Err(ChatError::NameRequired));
        let empty = chat.line(seat(2), Some("Bo".into()), " \u{200b} ", "t".into());
        assert_eq!(empty.map_err(|e| e.code()), Err("chat_empty"));
        let second = chat.line(seat(2), Some("Bo".into()), "gg", "t".into());
        assert_eq!(second.map(|l| (l.room, l.id)), Ok((Room::Players, 2)));
    }

    #[test]
    fn a_message_goes_to_the_sockets_that_see_its_room_and_have_not_muted_it() {
        let (mut conns, [one, two, sam]) = table();
        let mut chat = ChatState::default();
        chat.mute(seat(2), 1, true, 2).expect("muted");
        let to = |chat: &mut ChatState, conns: &Conns, l: ChatLine, over: bool| {
            let mut ids: Vec<u64> = chat
                .posted(l, conns, over)
                .into_iter()
                .map(|(id, _)| id)
                .collect();
            ids.sort_unstable();
            ids
        };
        assert_eq!(
            to(&mut chat, &conns, line(Room::Players, 1, Some(1)), false),
            vec![one]
        );
        assert_eq!(
            to(&mut chat, &conns, line(Room::Players, 2, Some(2)), false),
            vec![one, two]
        );
        assert_eq!(
            to(&mut chat, &conns, line(Room::Spectators, 3, None), false),
            vec![sam]
        );
        assert_eq!(
            to(&mut chat, &conns, line(Room::Players, 4, Some(2)), true),
            vec![one, two, sam],
            "the players' room opens to spectators when the match is over"
        );

        let opened = conns.get_mut(one).unwrap().chat.choose_rooms(seat(1), true);
        assert_eq!(opened, Ok(true));
        assert_eq!(
            conns.get_mut(one).unwrap().chat.choose_rooms(seat(1), true),
            Ok(false)
        );
        assert_eq!(
            conns.get_mut(sam).unwrap().chat.choose_rooms(None, true),
            Err(ChatError::NotAPlayer)
        );
        assert_eq!(
            to(&mut chat, &conns, line(Room::Spectators, 5, None), false),
            vec![one, sam]
        );

        let backlog = |id| -> Vec<u64> {
            chat.backlog(conns.get(id).unwrap(), false)
                .iter()
                .map(|l| l.id)
                .collect()
        };
        assert_eq!(
            backlog(two),
            vec![2, 4],
            "seat 1 muted; no spectators' room"
        );
        assert_eq!(backlog(one), vec![1, 2, 3, 4, 5]);
        assert_eq!(backlog(sam), vec![3, 5]);
        let opened = chat.room_backlog(two, conns.get(two).unwrap(), Room::Players);
        assert_eq!(opened.len(), 2);
    }

    #[test]
    fn only_a_seat_mutes_and_only_another_seat_of_the_table() {
        let mut chat = ChatState::default();
        assert_eq!(chat.mute(None, 1, true, 2), Err(ChatError::NotAPlayer));
        assert!(matches!(
            chat.mute(seat(1), 1, true, 2),
            Err(ChatError::Invalid(_))
        ));
        assert!(matches!(
            chat.mute(seat(1), 3, true, 2),
            Err(ChatError::Invalid(_))
        ));
        assert!(matches!(
            chat.mute(seat(1), 0, true, 2),
            Err(ChatError::Invalid(_))
        ));
        chat.mute(seat(1), 2, true, 2).expect("muted");
        assert_eq!(chat.muted_by(seat(1)), vec![2]);
        assert_eq!(chat.muted_by(None), Vec::<u8>::new());
        chat.mute(seat(1), 2, false, 2).expect("unmuted");
        assert_eq!(chat.muted_by(seat(1)), Vec::<u8>::new());
    }

    #[test]
    fn a_spectator_name_is_checked_and_a_seat_has_none_of_its_own() {
        let (sam, refused) = ConnChat::new(None, Some(" Sam ".into()));
        assert_eq!((sam.name(), refused), (Some("Sam"), None));
        let (blank, refused) = ConnChat::new(None, Some("   ".into()));
        assert_eq!((blank.name(), refused), (None, None));
        let (bad, refused) = ConnChat::new(None, Some("a\u{7}b".into()));
        assert_eq!(bad.name(), None);
        assert!(refused.is_some_and(|e| e.to_json().contains("invalid")));
        let (seated, _) = ConnChat::new(seat(1), Some("Ann".into()));
        assert_eq!(seated.name(), None);
    }

    #[test]
    fn a_room_takes_its_burst_then_its_rate_from_everyone() {
        let mut chat = ChatState::default();
        let t0 = Instant::now();
        // 60 a minute: bursts of 10, then one a second.
        for _ in 0..10 {
            chat.take_room_post(None, 60, t0).unwrap();
        }
        assert!(matches!(
            chat.take_room_post(None, 60, t0 + Duration::from_millis(500)),
            Err(ChatError::RoomBusy)
        ));
        chat.take_room_post(None, 60, t0 + Duration::from_millis(1100))
            .unwrap();
        assert!(matches!(
            chat.take_room_post(None, 60, t0 + Duration::from_millis(1200)),
            Err(ChatError::RoomBusy)
        ));
        // The players' room has a budget of its own.
        chat.take_room_post(seat(1), 60, t0).unwrap();
        // No limit.
        for _ in 0..100 {
            chat.take_room_post(seat(2), 0, t0).unwrap();
        }
    }
}
