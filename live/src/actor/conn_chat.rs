//! A socket's own chat ([`ConnChat`]): its name, whether it sees the spectators' room, a
//! spectator's sequence numbers; and why a chat message is refused ([`ChatError`]).

use senet_match::Seat;
use senet_protocol::text::{TextError, check_name};
use senet_protocol::{Detail, ServerMsg};

use super::replies::Replies;

/// Replies kept per spectator socket for repeated sequence numbers (a seat keeps its own,
/// shared with its moves).
const SPECTATOR_REPLIES: usize = 16;

/// Why a chat message was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum ChatError {
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
    /// The room took its budget of messages of the last minute, from everyone together.
    #[error("this room is busy; wait a little before posting again")]
    RoomBusy,
    /// Another node runs the match now (this node lost its lease): reconnect.
    #[error("the match moved to another server; reconnect")]
    Moved,
}

impl ChatError {
    /// The error's code on the wire.
    pub(super) fn code(&self) -> &'static str {
        match self {
            ChatError::Text(e) => e.code(),
            ChatError::NameRequired => "name_required",
            ChatError::NotAPlayer => "not_a_player",
            ChatError::Invalid(_) => "invalid",
            ChatError::StoreUnavailable => "store_unavailable",
            ChatError::Moved => "match_moved",
            ChatError::RoomBusy => "rate_limited",
        }
    }
}

/// A socket's chat: its name (a spectator's, from `hello`), whether it sees the spectators'
/// room, and a spectator's sequence numbers.
#[derive(Debug)]
pub(super) struct ConnChat {
    name: Option<String>,
    pub(super) sees_spectators: bool,
    replies: Replies,
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
                    Some(ServerMsg::refusal(
                        "invalid",
                        Detail {
                            message: format!("the chat name was not taken: {e}"),
                            ..e.into()
                        },
                        None,
                    )),
                ),
            },
            _ => (None, None),
        };
        let chat = ConnChat {
            name,
            sees_spectators: false,
            replies: Replies::new(SPECTATOR_REPLIES),
        };
        (chat, refused)
    }

    /// A spectator's chat name (none: it may not post).
    pub(super) fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// A spectator's sequence numbers and replies (a seat's are its seat's).
    pub(super) fn replies(&mut self) -> &mut Replies {
        &mut self.replies
    }

    /// A seat's socket (`seat`; a spectator may not) opts in to, or out of, the spectators'
    /// room; whether it opened it (it did not see it before).
    pub(super) fn choose_rooms(
        &mut self,
        seat: Option<Seat>,
        spectators: bool,
    ) -> Result<bool, ChatError> {
        if seat.is_none() {
            return Err(ChatError::NotAPlayer);
        }
        let opened = spectators && !self.sees_spectators;
        self.sees_spectators = spectators;
        Ok(opened)
    }
}
