//! [`MemoryStore`]: events kept in memory, for tests and a server that need not last.

use std::collections::HashMap;
use std::sync::Mutex;

use senet_protocol::ChatLine;

use crate::event_log::{EventStore, StoreFuture};
use crate::rows::StoredEvent;
use crate::store_error::StoreError;

/// Keeps every event in memory (lost on restart).
#[derive(Debug, Default)]
pub struct MemoryStore {
    events: Mutex<HashMap<String, Vec<StoredEvent>>>,
    chat: Mutex<HashMap<String, Vec<ChatLine>>>,
}

impl MemoryStore {
    /// The events of a match, in order.
    pub fn events(&self, match_id: &str) -> Vec<StoredEvent> {
        let events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        events.get(match_id).cloned().unwrap_or_default()
    }
}

impl EventStore for MemoryStore {
    fn append<'a>(&'a self, batch: &'a [StoredEvent]) -> StoreFuture<'a> {
        let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        // Check the whole batch first, so a refused batch leaves nothing behind.
        let mut next: HashMap<&str, u64> = HashMap::new();
        for event in batch {
            let expected = next
                .entry(event.match_id.as_str())
                .or_insert_with(|| events.get(&event.match_id).map_or(0, |l| l.len() as u64) + 1);
            if event.no != *expected {
                let e = StoreError::Refused(format!(
                    "event {} appended where {expected} was expected",
                    event.no
                ));
                return Box::pin(std::future::ready(Err(e)));
            }
            *expected += 1;
        }
        for event in batch {
            events
                .entry(event.match_id.clone())
                .or_default()
                .push(event.clone());
        }
        Box::pin(std::future::ready(Ok(())))
    }

    fn stored_count<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, u64> {
        let events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        let n = events.get(match_id).map_or(0, |l| l.len() as u64);
        Box::pin(std::future::ready(Ok(n)))
    }

    fn append_chat<'a>(&'a self, match_id: &'a str, line: &'a ChatLine) -> StoreFuture<'a> {
        let mut chat = self.chat.lock().unwrap_or_else(|e| e.into_inner());
        chat.entry(match_id.to_owned())
            .or_default()
            .push(line.clone());
        Box::pin(std::future::ready(Ok(())))
    }

    fn chat<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, Vec<ChatLine>> {
        let chat = self.chat.lock().unwrap_or_else(|e| e.into_inner());
        let lines = chat.get(match_id).cloned().unwrap_or_default();
        Box::pin(std::future::ready(Ok(lines)))
    }
}
