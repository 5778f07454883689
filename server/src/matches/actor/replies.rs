//! The last replies of a seat (or of a spectator's chat), so that a message re-sent after a
//! reconnect is answered again, not applied twice.

use std::collections::VecDeque;

use axum::extract::ws::Utf8Bytes;

use crate::protocol::ServerMsg;

/// A kept reply. Nearly every reply is an `ack`, made again from its sequence number when
/// it is asked for: kept as text, each would hold an allocation for as long as it is kept.
#[derive(Debug)]
enum Kept {
    Ack,
    Text(Utf8Bytes),
}

/// At most `most` replies, the newest last.
#[derive(Debug)]
pub(super) struct Replies {
    kept: VecDeque<(u64, Kept)>,
    most: usize,
}

impl Replies {
    /// None kept yet; at most `most` from now on.
    pub(super) fn new(most: usize) -> Replies {
        Replies {
            kept: VecDeque::new(),
            most,
        }
    }

    /// Keeps the reply to `seq` (`text` is `reply` as sent), dropping the oldest if full.
    pub(super) fn keep(&mut self, seq: u64, reply: &ServerMsg, text: &Utf8Bytes) {
        if self.kept.len() >= self.most {
            self.kept.pop_front();
        }
        let kept = match reply {
            ServerMsg::Ack { seq: acked } if *acked == seq => Kept::Ack,
            _ => Kept::Text(text.clone()),
        };
        self.kept.push_back((seq, kept));
    }

    /// The reply sent to `seq`, if it is still kept.
    pub(super) fn get(&self, seq: u64) -> Option<Utf8Bytes> {
        let (_, kept) = self.kept.iter().find(|(s, _)| *s == seq)?;
        Some(match kept {
            Kept::Ack => ServerMsg::Ack { seq }.to_json().into(),
            Kept::Text(text) => text.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ack_comes_back_the_same_and_the_oldest_goes_first() {
        let mut replies = Replies::new(2);
        for seq in 1..=3 {
            let reply = if seq == 2 {
                ServerMsg::error("illegal_move", "no", Some(seq))
            } else {
                ServerMsg::Ack { seq }
            };
            let text: Utf8Bytes = reply.to_json().into();
            replies.keep(seq, &reply, &text);
        }
        assert_eq!(replies.get(1), None, "the oldest is gone");
        let error = replies.get(2).unwrap();
        assert!(error.as_str().contains("illegal_move"), "{error}");
        let ack = replies.get(3).unwrap();
        assert_eq!(ack.as_str(), ServerMsg::Ack { seq: 3 }.to_json());
    }
}
