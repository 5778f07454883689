//! Where this node's tournament pages wait for news: a counter raised whenever this node
//! changed a tournament. Pages of tournaments another node changed look at the store again
//! at least once a second.

use tokio::sync::watch;

/// This node's tournament news.
#[derive(Debug)]
pub struct Hub {
    changed: watch::Sender<u64>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            changed: watch::channel(0).0,
        }
    }
}

impl Hub {
    /// Something changed in a tournament on this node.
    pub fn notify(&self) {
        self.changed.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// A receiver that wakes at the next change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }
}
