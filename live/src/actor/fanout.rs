//! What the match tells everybody at once: its frames over one broadcast channel, which
//! every socket of the match reads (events, numbered; presence, numbered 0), and its
//! summary over a `watch` channel, which the lobby and the registry read. One serialisation
//! per frame, shared by every socket; what differs per socket goes to its own outbox instead
//! (`conns.rs`).

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, watch};

use senet_protocol::{Series, Status, Summary};

use crate::registry::Frame;

/// The match's broadcast and its published summary.
#[derive(Debug)]
pub(super) struct Fanout {
    frames: broadcast::Sender<Frame>,
    summary: watch::Sender<Summary>,
}

impl Fanout {
    /// A socket may fall `capacity` frames behind before it gets a snapshot instead.
    pub(super) fn new(capacity: usize) -> Fanout {
        Fanout {
            frames: broadcast::channel(capacity.max(1)).0,
            summary: watch::channel(placeholder_summary()).0,
        }
    }

    /// Every frame from now on, for a socket that just connected.
    pub(super) fn subscribe(&self) -> broadcast::Receiver<Frame> {
        self.frames.subscribe()
    }

    /// The summary as published from now on, for the match's handle.
    pub(super) fn summaries(&self) -> watch::Receiver<Summary> {
        self.summary.subscribe()
    }

    /// Sends event `no`'s frame to every socket.
    pub(super) fn event(&self, no: u64, text: Utf8Bytes) {
        // No receivers is fine: nobody is watching.
        let _receivers = self.frames.send(Frame { no, text });
    }

    /// Sends a frame that is not an event (presence) to every socket.
    pub(super) fn notice(&self, text: Utf8Bytes) {
        self.event(0, text);
    }

    /// Publishes the match's summary (the lobby's listing, the spectator count).
    pub(super) fn publish(&self, summary: Summary) {
        self.summary.send_replace(summary);
    }
}

/// What the summary says until the actor publishes the first one (before it starts).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subscriber_gets_each_frame_and_the_latest_summary() {
        let fanout = Fanout::new(4);
        fanout.event(1, "nobody listens".into());
        let mut a = fanout.subscribe();
        let mut b = fanout.subscribe();
        fanout.event(2, "e2".into());
        fanout.notice("p".into());
        for rx in [&mut a, &mut b] {
            let f = rx.try_recv().expect("e2");
            assert_eq!((f.no, f.text.as_str()), (2, "e2"));
            let f = rx.try_recv().expect("presence");
            assert_eq!((f.no, f.text.as_str()), (0, "p"));
        }
        let summaries = fanout.summaries();
        assert_eq!(summaries.borrow().match_id, "");
        fanout.publish(Summary {
            match_id: "m".into(),
            ..placeholder_summary()
        });
        assert_eq!(summaries.borrow().match_id, "m");
    }
}
