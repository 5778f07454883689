//! Who is online, and what reaches a player on any page (`docs/accounts.md`, "Who is
//! online" and "Challenges"): every page holds one socket, `GET /ws/people`, on which the
//! server tells it how many people are online and, to a signed-in account, its challenges as
//! they come and as they are answered.
//!
//! [`People`] is this node's sockets by account; the sockets themselves and what is said on
//! them are in `http/people_socket.rs`. With several nodes a word for a player goes through
//! Redis to every node ([`senet_cluster::Cluster::tell_person`]), and each node puts the
//! accounts online here in Redis for the others' counts and statuses.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use std::future::Future;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

/// Words waiting for one socket; past that a slow socket loses them (its page asks again on
/// reconnect).
const OUTBOX: usize = 32;

/// One socket's way in: its number among this node's, and its outbox.
type Page = (u64, mpsc::Sender<String>);

/// This node's `GET /ws/people` sockets.
#[derive(Debug, Default)]
pub struct People {
    by_player: Mutex<HashMap<String, Vec<Page>>>,
    guests: AtomicUsize,
    next: AtomicU64,
    /// The last count of people online and of games in play, and when it was made.
    counts: tokio::sync::Mutex<Option<(Instant, (u64, u64))>>,
}

/// One socket's place in [`People`]: it leaves when this is dropped.
#[derive(Debug)]
pub struct Present {
    people: Arc<People>,
    player: Option<String>,
    id: u64,
    /// A guest's outbox, which nothing writes to: held so that its receiver stays open.
    _guest_outbox: Option<mpsc::Sender<String>>,
}

impl Drop for Present {
    fn drop(&mut self) {
        match &self.player {
            None => {
                self.people.guests.fetch_sub(1, Ordering::Relaxed);
            }
            Some(p) => {
                let mut map = lock(&self.people.by_player);
                if let Some(list) = map.get_mut(p) {
                    list.retain(|(id, _)| *id != self.id);
                    if list.is_empty() {
                        map.remove(p);
                    }
                }
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl People {
    /// The count of people online and of games in play, made by `count` at most once per
    /// `fresh`: a thousand sockets that each look every few seconds share one count instead
    /// of each walking every match and asking Redis at the same instant.
    pub async fn counts<F, Fut>(&self, fresh: Duration, count: F) -> (u64, u64)
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = (u64, u64)>,
    {
        let mut kept = self.counts.lock().await;
        if let Some((at, counts)) = *kept {
            if at.elapsed() < fresh {
                return counts;
            }
        }
        let counts = count().await;
        *kept = Some((Instant::now(), counts));
        counts
    }

    /// A socket arrives: a signed-in account's (`Some`) or a guest's.
    pub fn arrive(self: &Arc<Self>, player: Option<String>) -> (Present, mpsc::Receiver<String>) {
        let (tx, rx) = mpsc::channel(OUTBOX);
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let guest_outbox = match &player {
            None => {
                self.guests.fetch_add(1, Ordering::Relaxed);
                Some(tx)
            }
            Some(p) => {
                lock(&self.by_player)
                    .entry(p.clone())
                    .or_default()
                    .push((id, tx));
                None
            }
        };
        let present = Present {
            people: self.clone(),
            player,
            id,
            _guest_outbox: guest_outbox,
        };
        (present, rx)
    }

    /// Gives `text` to every socket of `player` on this node; how many took it.
    pub fn tell_here(&self, player: &str, text: &str) -> usize {
        let map = lock(&self.by_player);
        map.get(player).map_or(0, |list| {
            list.iter()
                .filter(|(_, tx)| tx.try_send(text.to_owned()).is_ok())
                .count()
        })
    }

    /// The accounts with a socket on this node.
    pub fn online_here(&self) -> Vec<String> {
        lock(&self.by_player).keys().cloned().collect()
    }

    /// Guests' sockets on this node.
    pub fn guests_here(&self) -> usize {
        self.guests.load(Ordering::Relaxed)
    }
}

/// Who is online on every node: the accounts, and the guests' sockets.
#[derive(Debug, Default)]
pub struct Online {
    /// Accounts with a page open somewhere.
    pub players: HashSet<String>,
    /// Guests' open pages, on every node.
    pub guests: usize,
}

impl Online {
    /// The count the lobby shows: accounts once each, and guests' pages.
    pub fn count(&self) -> u64 {
        (self.players.len() + self.guests) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_socket_counts_while_it_is_open_and_hears_its_players_words() {
        let people = Arc::new(People::default());
        let (ana, mut ana_rx) = people.arrive(Some("ana".into()));
        let (ana2, mut ana2_rx) = people.arrive(Some("ana".into()));
        let (guest, mut guest_rx) = people.arrive(None);
        assert!(
            guest_rx
                .try_recv()
                .is_err_and(|e| e == mpsc::error::TryRecvError::Empty),
            "a guest's outbox stays open, with nothing in it"
        );
        assert_eq!(people.online_here(), vec!["ana".to_string()]);
        assert_eq!(people.guests_here(), 1);
        assert_eq!(people.tell_here("ana", "hi"), 2);
        assert_eq!(ana_rx.try_recv().unwrap(), "hi");
        assert_eq!(ana2_rx.try_recv().unwrap(), "hi");
        assert_eq!(people.tell_here("bo", "hi"), 0);
        drop(ana);
        assert_eq!(people.tell_here("ana", "again"), 1);
        drop(ana2);
        drop(guest);
        assert!(people.online_here().is_empty());
        assert_eq!(people.guests_here(), 0);
    }

    #[test]
    fn the_count_takes_an_account_once_and_every_guest_page() {
        let online = Online {
            players: ["a", "b"].into_iter().map(String::from).collect(),
            guests: 3,
        };
        assert_eq!(online.count(), 5);
    }
}
