//! Leases kept and taken: the renewal, the sweeper that takes orphaned matches, and a
//! take-over (the match rebuilt from the store).

use std::sync::{Arc, Weak};
use std::time::Duration;

use senet_live::{Cmd, MatchHandle};
use tokio::sync::mpsc;

use senet_store::StoreError;

use crate::counters::{LEASES, TAKEOVERS};
use crate::node::{Cluster, Inbound, Unavailable, lock};

/// How often the sweeper looks for orphaned matches and stale proxies.
const SWEEP_EVERY: Duration = Duration::from_millis(500);
/// At most this many orphaned matches taken per sweep.
const SWEEP_BATCH: i64 = 500;

impl Cluster {
    /// Takes match `id` over when nobody holds its lease (or it expired): the lease, then the
    /// match rebuilt from the store and started here. None when another node holds it or no
    /// unfinished match has this id.
    pub(crate) async fn take_over(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<Option<MatchHandle>, Unavailable> {
        if let Some(h) = self.registry.get(id) {
            return Ok(Some(h));
        }
        if !self.sql.is_unfinished(id).await? {
            return Ok(None);
        }
        self.take_over_many(vec![id.to_owned()]).await?;
        Ok(self.registry.get(id))
    }

    /// Takes over those of the stored matches `ids` that nobody holds (or whose lease
    /// expired) and that are not running here: their leases in one statement, then the
    /// matches read in three queries and their chat in one, rebuilt and started. How many
    /// were started.
    pub(crate) async fn take_over_many(
        self: &Arc<Self>,
        ids: Vec<String>,
    ) -> Result<usize, Unavailable> {
        let _one_at_a_time = self.taking.lock().await;
        let ids: Vec<String> = ids
            .into_iter()
            .filter(|id| self.registry.get(id).is_none())
            .collect();
        if ids.is_empty() {
            return Ok(0);
        }
        let taken: Vec<String> = self
            .leases
            .acquire_many(&ids)
            .await?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        if taken.is_empty() {
            return Ok(0);
        }
        // Read after the leases are ours: the last owner can append nothing more.
        let ttl = self.settings.live.invite_ttl;
        let loaded = async {
            let recs = self.sql.unfinished_some(&taken, ttl).await?;
            Ok::<_, StoreError>((recs, self.sql.recent_chat_of(&taken).await?))
        };
        let (recs, mut chat) = match loaded.await {
            Ok(l) => l,
            Err(e) => {
                for id in &taken {
                    self.give_back(id).await;
                }
                return Err(e.into());
            }
        };
        let mut started = std::collections::HashSet::with_capacity(recs.len());
        for rec in recs {
            let id = rec.row.id.clone();
            let lines = chat.remove(&id).unwrap_or_default();
            match senet_live::restore_match(
                rec,
                lines,
                self.store.clone(),
                self.settings.live.clone(),
            ) {
                Ok(handle) => {
                    self.registry.insert(handle);
                    TAKEOVERS.inc();
                    tracing::debug!(match_id = %id, "took the match over");
                    started.insert(id);
                }
                Err(e) => {
                    tracing::error!(match_id = %id, error = %e, "cannot rebuild the match; lease given back");
                }
            }
        }
        // Finished meanwhile, or not rebuilt: nobody runs them here.
        for id in taken.iter().filter(|id| !started.contains(*id)) {
            self.give_back(id).await;
        }
        tracing::info!(matches = started.len(), "took matches over");
        Ok(started.len())
    }

    pub(crate) async fn give_back(&self, id: &str) {
        if let Err(e) = self.leases.release(id).await {
            tracing::warn!(match_id = %id, error = %e, "lease not given back; it expires by itself");
        }
    }

    /// Renews this node's leases; tells the matches whose lease was lost.
    pub(crate) async fn renew(&self) {
        match self.leases.renew().await {
            Ok(lost) => {
                for id in lost {
                    tracing::warn!(match_id = %id, "lease lost to another node");
                    if let Some(h) = self.registry.get(&id) {
                        let _gone = h.mailbox.send(Cmd::LeaseLost).await;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "leases not renewed"),
        }
        LEASES.set(self.leases.count() as i64);
    }

    /// Takes over orphaned matches, and stops proxies whose owner changed or died. Whether
    /// it found a whole batch of orphans (more may wait).
    pub(crate) async fn sweep(self: &Arc<Self>) -> bool {
        let mut full = false;
        match self
            .leases
            .orphans(self.settings.live.invite_ttl, SWEEP_BATCH)
            .await
        {
            Ok(ids) => {
                let whole_batch = ids.len() as i64 >= SWEEP_BATCH;
                match self.take_over_many(ids).await {
                    // Only when this sweep made progress: a batch it cannot take must not
                    // make the sweeper spin.
                    Ok(took) => full = whole_batch && took > 0,
                    Err(e) => tracing::warn!(error = %e, "take-over failed"),
                }
            }
            Err(e) => tracing::debug!(error = %e, "orphans not read"),
        }
        let ids: Vec<String> = lock(&self.proxies).keys().cloned().collect();
        if ids.is_empty() {
            return full;
        }
        let Ok(owners) = self.leases.owners(&ids).await else {
            return full;
        };
        let stale: Vec<mpsc::Sender<Inbound>> = {
            let proxies = lock(&self.proxies);
            ids.iter()
                .filter_map(|id| {
                    let (_, inbound) = proxies.get(id)?;
                    let fine = owners
                        .get(id)
                        .is_some_and(|o| o.live && o.node_id != self.node_id);
                    (!fine).then(|| inbound.clone())
                })
                .collect()
        };
        for inbound in stale {
            let _stopping = inbound.send(Inbound::Stop).await;
        }
        full
    }

    /// How many matches this node holds leases on.
    pub fn leases_held(&self) -> usize {
        self.leases.count()
    }
}

pub(crate) async fn renew_loop(cluster: Weak<Cluster>) {
    loop {
        let Some(c) = cluster.upgrade() else { return };
        let every = c.settings.lease_ttl / 3;
        c.renew().await;
        drop(c);
        tokio::time::sleep(every).await;
    }
}

pub(crate) async fn sweep_loop(cluster: Weak<Cluster>) {
    let mut more = false;
    loop {
        // A whole batch taken: more orphans may wait, so the next sweep comes at once.
        if !more {
            tokio::time::sleep(SWEEP_EVERY).await;
        }
        let Some(c) = cluster.upgrade() else { return };
        more = c.sweep().await;
    }
}
