//! Where this node's tournament pages wait for news, and the last view of each tournament.
//! A counter is raised whenever this node changed a tournament; pages of tournaments another
//! node changed look at the store again at least once a second. A view is kept with the
//! version it was made at, so that a thousand players' pages do not each rebuild the
//! standings of one change.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use senet_store::sql::tournament_rows::{EntrantRow, TournamentGameRow};
use tokio::sync::watch;

use super::tournament_view::TournamentView;

/// Views kept at most (a new one past this many empties the cache).
const KEPT: usize = 64;

/// A tournament's view as everyone sees it (no `me`), and the rows a player's own place is
/// read from.
#[derive(Debug)]
pub struct Cached {
    /// The view, with `me` null.
    pub view: TournamentView,
    /// Its players.
    pub players: Vec<EntrantRow>,
    /// Its games.
    pub games: Vec<TournamentGameRow>,
}

/// This node's tournament news.
#[derive(Debug)]
pub struct Hub {
    changed: watch::Sender<u64>,
    views: Mutex<HashMap<String, Arc<Cached>>>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            changed: watch::channel(0).0,
            views: Mutex::default(),
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

    /// Tournament `id`'s view, if one was kept at `version`.
    pub fn view(&self, id: &str, version: i64) -> Option<Arc<Cached>> {
        let views = self.views.lock().unwrap_or_else(|e| e.into_inner());
        views.get(id).filter(|c| c.view.version == version).cloned()
    }

    /// Keeps tournament `id`'s view.
    pub fn keep(&self, id: &str, cached: Arc<Cached>) {
        let mut views = self.views.lock().unwrap_or_else(|e| e.into_inner());
        if views.len() >= KEPT && !views.contains_key(id) {
            views.clear();
        }
        views.insert(id.to_owned(), cached);
    }
}
