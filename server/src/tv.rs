//! Senet TV: the match the front page shows. The live public match with the most
//! spectators (ties: the highest game number, then the greatest id), leaving out matches
//! that only bots play; when there is none, the server's own bot-versus-bot match, made
//! the first time it is needed and again whenever the last one is over or gone
//! (`GET /api/tv`, which names it, is `http/tv_route.rs`).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use senet_engine::{Setup, Variant};
use tokio::sync::Mutex;

use senet_live::{NewMatch, Registry, Settings, spawn_match_for};
use senet_protocol::{Series, SeriesKind};
use senet_protocol::{Status, Summary};
use senet_store::EventStore;
use senet_store::StoreError;

/// The name of the server's own bot match.
pub const NAME: &str = "Senet TV";

/// The server's own bot match: its id, and how many were made (which picks the variant).
#[derive(Debug, Default)]
pub struct Tv {
    current: Mutex<Option<String>>,
    made: AtomicUsize,
}

/// Why the bot match could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TvError {
    /// The server holds as many matches as it may.
    #[error("the server has too many open matches")]
    Full,
    /// The store did not record the match.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Whether every seat of the match is a bot's.
pub fn all_bots(s: &Summary) -> bool {
    !s.bots.is_empty() && s.bots.iter().all(Option::is_some)
}

/// The live public match with the most spectators (ties: the highest game number, then the
/// greatest id), leaving out matches that only bots play and matches nobody watches (a game
/// its players have left would stand still on the screen).
pub fn most_watched(list: &[Summary]) -> Option<&Summary> {
    list.iter()
        .filter(|s| s.public && s.status == Status::Live && s.spectators > 0 && !all_bots(s))
        .max_by(|a, b| {
            (a.spectators, a.game, &a.match_id).cmp(&(b.spectators, b.game, &b.match_id))
        })
}

impl Tv {
    /// The id of the server's bot match: the current one while it is in memory and not
    /// over, else a new one — medium against hard, best of 99, public, of the next variant
    /// in turn. It is made like any match but counts against no address's allowance; it is
    /// put in `registry` unless that already holds `max_open` matches.
    ///
    /// # Errors
    /// When the server is full or the store does not record the new match.
    pub async fn bots_match(
        &self,
        registry: &Registry,
        max_open: usize,
        store: Arc<dyn EventStore>,
        live: Arc<Settings>,
    ) -> Result<String, TvError> {
        // An async lock: two first requests at once make one match, not two.
        let mut current = self.current.lock().await;
        if let Some(id) = current.as_deref() {
            if let Some(h) = registry.get(id) {
                let status = h.summary.borrow().status;
                if matches!(status, Status::Live | Status::Joining) {
                    return Ok(id.to_owned());
                }
            }
        }
        if registry.open() >= max_open {
            return Err(TvError::Full);
        }
        let n = self.made.fetch_add(1, Ordering::Relaxed);
        let variant = Variant::ALL[n % Variant::ALL.len()];
        let players = variant.player_range().0;
        let mut bots = vec![senet_bots::Level::Medium, senet_bots::Level::Hard];
        bots.resize(usize::from(players), senet_bots::Level::Hard);
        let spec = NewMatch {
            variant,
            setup: Setup::players(players),
            series: Series {
                kind: SeriesKind::BestOf,
                target: 99,
            },
            name: NAME.into(),
            public: true,
            rated: false,
            creator: NAME.into(),
            clock: None,
            bots,
        };
        let (handle, created) = spawn_match_for(spec, None, store, live).await?;
        registry.insert(handle);
        tracing::info!(match_id = %created.match_id, variant = variant.id(), "Senet TV match made");
        *current = Some(created.match_id.clone());
        Ok(created.match_id)
    }
}
