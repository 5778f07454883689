//! [`AppState`]: what every handler shares — the configuration, the live matches, the store,
//! the limits, the quick-game pools, Senet TV and, with several nodes, the cluster — and how
//! a handler reaches a live match through it.

use std::sync::Arc;

use tokio::sync::watch;

use crate::config::Config;

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The configuration.
    pub config: Arc<Config>,
    /// How live matches run (made once from the configuration).
    pub live: Arc<senet_live::Settings>,
    /// Every live match.
    pub registry: Arc<senet_live::Registry>,
    /// Where events are stored.
    pub store: Arc<dyn senet_store::EventStore>,
    /// Flips to `true` when the server shuts down; sockets then say goodbye and close.
    pub shutdown: watch::Receiver<bool>,
    /// Per-address limits.
    pub limits: Arc<crate::limits::Limits>,
    /// One clone per open socket: shutdown waits until only the original is left.
    pub sockets: Arc<()>,
    /// The quick-game pools.
    pub quick: Arc<crate::quick::Pools>,
    /// Senet TV: the server's own bot-versus-bot match.
    pub tv: Arc<crate::tv::Tv>,
    /// The line of game reviews waiting to be made.
    pub reviews: Arc<crate::reviews::Reviews>,
    /// This node among several (none: one node on its own).
    pub cluster: Option<Arc<senet_cluster::Cluster>>,
    /// Accounts: sign-up, sign-in, sessions, passkeys.
    pub accounts: Arc<senet_accounts::Accounts>,
    /// The pages' own sockets on this node, by account (`GET /ws/people`).
    pub people: Arc<crate::people::People>,
    /// This node's tournament news (what tournament pages wait on).
    pub tournaments: Arc<crate::tournaments::Hub>,
}

impl AppState {
    /// The live match `id`: run by this node or, with several nodes, by another one (or taken
    /// over from a dead one). None when no live match has this id.
    ///
    /// # Errors
    /// With several nodes, when Postgres or Redis does not answer.
    pub async fn live_match(
        &self,
        id: &str,
    ) -> Result<Option<senet_live::MatchHandle>, senet_cluster::Unavailable> {
        match &self.cluster {
            Some(c) => c.resolve(id).await,
            None => Ok(self.registry.get(id)),
        }
    }

    /// The public matches to list: this node's, and with several nodes every node's.
    pub async fn public_summaries(&self) -> Vec<senet_protocol::Summary> {
        match &self.cluster {
            Some(c) => c.public_summaries().await,
            None => self.registry.public_summaries(),
        }
    }
}

impl senet_assets::MatchDirectory for AppState {
    /// Live here, or in the store; when the store cannot answer, it is taken to exist (the
    /// page is served).
    async fn match_exists(&self, id: &str) -> bool {
        if self.registry.get(id).is_some() {
            return true;
        }
        // Without a SQL store, a match not in the registry does not exist.
        let Some(store) = self.store.sql() else {
            return false;
        };
        match store.has_match(id).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(error = %e, "cannot look a match up; serving its page");
                true
            }
        }
    }
}
