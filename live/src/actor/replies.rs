//! The sequence numbers and last replies of a seat (or of a spectator's chat), so that a
//! message re-sent after a reconnect is answered again, not applied twice.

use std::collections::VecDeque;

use axum::extract::ws::Utf8Bytes;

use senet_protocol::ServerMsg;

/// The last sequence number used and at most `most` replies, the newest last. Nearly every
/// reply is an `ack`, kept as its sequence number alone and made again when it is asked for;
/// the few others (errors) are kept as the text sent, aside. Eight bytes a reply, where a
/// slot able to hold a text would take forty: a match keeps this for each seat whether or
/// not it is ever asked.
#[derive(Debug)]
pub(super) struct Replies {
    /// The highest sequence number used (0: none yet).
    last_seq: u64,
    /// The sequence numbers answered, oldest first.
    seqs: VecDeque<u64>,
    /// The replies among them that are not an `ack`, by sequence number.
    texts: Vec<(u64, Utf8Bytes)>,
    most: usize,
}

impl Replies {
    /// None kept yet; at most `most` from now on.
    pub(super) fn new(most: usize) -> Replies {
        Replies {
            last_seq: 0,
            seqs: VecDeque::new(),
            texts: Vec::new(),
            most,
        }
    }

    /// The highest sequence number used (a welcome tells it, so a client numbers on).
    pub(super) fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// The answer to `seq` if it was used already: the reply kept for it, or `stale_seq`
    /// once that has left the cache. None for a new number, which counts as used from now
    /// on: the caller acts on it and [`Replies::keep`]s its reply.
    pub(super) fn repeat(&mut self, seq: u64) -> Option<Utf8Bytes> {
        if seq > self.last_seq {
            self.last_seq = seq;
            return None;
        }
        Some(self.get(seq).unwrap_or_else(|| {
            ServerMsg::error(
                "stale_seq",
                format!(
                    "sequence number {seq} was used already (last {})",
                    self.last_seq
                ),
                Some(seq),
            )
            .to_json()
            .into()
        }))
    }

    /// Keeps the reply to `seq` (`text` is `reply` as sent), dropping the oldest if full. A
    /// reply is kept once per sequence number: a re-sent one is answered from here.
    pub(super) fn keep(&mut self, seq: u64, reply: &ServerMsg, text: &Utf8Bytes) {
        if self.seqs.len() >= self.most {
            if let Some(oldest) = self.seqs.pop_front() {
                if let Some(i) = self.texts.iter().position(|(s, _)| *s == oldest) {
                    self.texts.remove(i);
                }
            }
        }
        if !matches!(reply, ServerMsg::Ack { seq: acked } if *acked == seq) {
            self.texts.push((seq, text.clone()));
        }
        self.seqs.push_back(seq);
    }

    /// The reply sent to `seq`, if it is still kept.
    fn get(&self, seq: u64) -> Option<Utf8Bytes> {
        if let Some((_, text)) = self.texts.iter().find(|(s, _)| *s == seq) {
            return Some(text.clone());
        }
        self.seqs
            .contains(&seq)
            .then(|| ServerMsg::Ack { seq }.to_json().into())
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

    #[test]
    fn a_new_number_is_used_and_a_used_one_answered_again_or_stale() {
        let mut replies = Replies::new(1);
        assert_eq!(replies.repeat(5), None, "new: the caller acts on it");
        assert_eq!(replies.last_seq(), 5);
        replies.keep(5, &ServerMsg::Ack { seq: 5 }, &"ignored".into());
        let again = replies.repeat(5).expect("used");
        assert_eq!(again.as_str(), ServerMsg::Ack { seq: 5 }.to_json());
        // A lower number never answered (or no longer kept) is stale, and uses nothing.
        let stale = replies.repeat(3).expect("used");
        assert!(stale.as_str().contains("stale_seq"), "{stale}");
        assert!(stale.as_str().contains("(last 5)"), "{stale}");
        assert_eq!(replies.last_seq(), 5);
        assert_eq!(replies.repeat(6), None);
        assert_eq!(replies.last_seq(), 6);
    }
}
