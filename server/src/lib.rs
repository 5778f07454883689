//! `senet-server`: live Senet matches over WebSockets.
//!
//! - [`http`]: the REST API (lobby, verification, OpenAPI) and the WebSocket route;
//! - [`ws`]: one reader and one writer task per socket;
//! - [`matches`]: one actor task per live match, which owns the engine game;
//! - [`dice`]: provably fair dice (`docs/fairness.md`);
//! - [`store`]: where events go before they are broadcast; [`store::sql`]: the durable store;
//! - [`series`]: scoreboards, players, history and leaderboard from the store;
//! - [`protocol`]: every WebSocket message (`docs/protocol.md`);
//! - [`web`]: the browser client (pages and scripts embedded from `web/`).
//!
//! Tests and embedders start the whole service with [`spawn`].

// The hand-written OpenAPI document is one large `json!` literal.
#![recursion_limit = "512"]

use std::net::SocketAddr;
use std::sync::Arc;

use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub mod config;
pub mod dice;
pub mod http;
pub mod limits;
pub mod matches;
pub mod protocol;
pub mod record;

pub mod store;

pub mod web;
pub mod ws;

pub use config::Config;

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The configuration.
    pub config: Arc<Config>,
    /// Every live match.
    pub registry: Arc<matches::Registry>,
    /// Where events are stored.
    pub store: Arc<dyn store::EventStore>,
    /// Flips to `true` when the server shuts down; sockets then say goodbye and close.
    pub shutdown: watch::Receiver<bool>,
    /// Per-address limits.
    pub limits: Arc<limits::Limits>,
    /// One clone per open socket: shutdown waits until only the original is left.
    pub sockets: Arc<()>,
}

/// The whole service as a router, with its shutdown switch (events kept in memory).
pub fn app(config: Config) -> (axum::Router, watch::Sender<bool>) {
    app_with_store(config, Arc::new(store::MemoryStore::default()))
}

/// The whole service with the given event store.
pub fn app_with_store(
    config: Config,
    store: Arc<dyn store::EventStore>,
) -> (axum::Router, watch::Sender<bool>) {
    app_with_registry(Arc::new(config), store, Arc::default())
}

/// The whole service with the given event store and (recovered) matches.
pub fn app_with_registry(
    config: Arc<Config>,
    store: Arc<dyn store::EventStore>,
    registry: Arc<matches::Registry>,
) -> (axum::Router, watch::Sender<bool>) {
    let (router, shutdown, _) = app_parts(config, store, registry);
    (router, shutdown)
}

fn app_parts(
    config: Arc<Config>,
    store: Arc<dyn store::EventStore>,
    registry: Arc<matches::Registry>,
) -> (axum::Router, watch::Sender<bool>, Arc<()>) {
    let (shutdown_tx, shutdown) = watch::channel(false);
    let sockets = Arc::new(());
    let state = AppState {
        sockets: sockets.clone(),
        limits: Arc::new(limits::Limits::new(&config)),
        config,
        registry,
        store,
        shutdown,
    };
    (http::router(state), shutdown_tx, sockets)
}

/// A server running in the background.
#[derive(Debug)]
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Send `true` to shut down gracefully.
    pub shutdown: watch::Sender<bool>,
    /// The serving task.
    pub task: JoinHandle<std::io::Result<()>>,
    sockets: Arc<()>,
}

impl Running {
    /// After a shutdown: waits until every WebSocket said goodbye and closed (upgraded
    /// sockets outlive the HTTP server), or `within` passed. True when all are closed.
    pub async fn sockets_closed(&self, within: std::time::Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        while Arc::strong_count(&self.sockets) > 1 {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        true
    }
}

/// Binds `config.bind:config.port` and serves in a background task.
///
/// # Errors
/// When the address cannot be bound.
pub async fn spawn(config: Config) -> std::io::Result<Running> {
    spawn_with_store(config, Arc::new(store::MemoryStore::default())).await
}

/// As [`spawn`], with the given event store.
///
/// # Errors
/// When the address cannot be bound.
pub async fn spawn_with_store(
    config: Config,
    store: Arc<dyn store::EventStore>,
) -> std::io::Result<Running> {
    spawn_with_registry(Arc::new(config), store, Arc::default()).await
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// The store could not be opened, migrated or read.
    #[error("cannot open the store: {0}")]
    Store(#[from] store::StoreError),
    /// The address could not be bound.
    #[error("cannot listen: {0}")]
    Listen(#[from] std::io::Error),
}

/// Opens the durable store the configuration names (`DATABASE_URL`, else
/// `<data_dir>/senet.db`), rebuilds every unfinished match from its events, and serves.
///
/// # Errors
/// When the store cannot be opened or read, or the address cannot be bound.
pub async fn spawn_durable(config: Config) -> Result<Running, StartupError> {
    let store = store::sql::SqlStore::open(
        config.database_url.as_deref(),
        &config.data_dir,
        config.store_writers,
    )
    .await?;
    let config = Arc::new(config);
    let registry = Arc::new(matches::Registry::default());
    let started = std::time::Instant::now();
    let recovered = store.unfinished(config.invite_ttl()).await?;
    let (mut ok, mut failed) = (0usize, 0usize);
    for rec in recovered {
        let id = rec.row.id.clone();
        match matches::restore_match(rec, store.clone(), config.clone()) {
            Ok(handle) => {
                registry.insert(handle);
                ok += 1;
            }
            Err(e) => {
                tracing::error!(match_id = %id, error = %e, "cannot recover the match");
                failed += 1;
            }
        }
    }
    tracing::info!(
        backend = ?store.backend(),
        recovered = ok,
        failed,
        ms = started.elapsed().as_millis() as u64,
        "store open; unfinished matches recovered"
    );
    Ok(spawn_with_registry(config, store, registry).await?)
}

async fn spawn_with_registry(
    config: Arc<Config>,
    store: Arc<dyn store::EventStore>,
    registry: Arc<matches::Registry>,
) -> std::io::Result<Running> {
    let listener = TcpListener::bind((config.bind, config.port)).await?;
    let addr = listener.local_addr()?;
    // Small frames both ways: without TCP_NODELAY, Nagle plus delayed ACKs add ~40 ms a move.
    let send_buffer = config.socket_send_buffer;
    let listener = listener.tap_io(move |tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        // A fixed send buffer (no autotuning up to megabytes): a client that stops reading
        // backs up into its own socket quickly, and its writer then skips to a snapshot.
        if send_buffer > 0 {
            if let Err(e) = socket2::SockRef::from(&*tcp).set_send_buffer_size(send_buffer) {
                tracing::debug!(error = %e, "cannot set SO_SNDBUF");
            }
        }
    });
    let (router, shutdown, sockets) = app_parts(config, store, registry);
    let mut done = shutdown.subscribe();
    let task = tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            // Either a `true` or the sender going away ends the server.
            let _ = done.wait_for(|&v| v).await;
        })
        .await
    });
    Ok(Running {
        addr,
        shutdown,
        task,
        sockets,
    })
}
