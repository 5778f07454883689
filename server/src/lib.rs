//! `senet-server`: live Senet matches over WebSockets.
//!
//! `senet-server`: live Senet matches over HTTP and WebSockets — the crate that wires the
//! others together (the crate map is in `docs/architecture.md`).
//!
//! - [`http`]: the REST API (lobby, scoreboards, verification, OpenAPI) and the WebSocket
//!   upgrade;
//! - [`ws`]: one reader and one writer task per socket;
//! - [`quick`]: the lobby's seeks, quick games among them (their routes are
//!   `http/quick_route.rs` and `http/seek_routes.rs`), and [`seeks`]: who may meet whom;
//!   [`tv`]: the match the front page shows;
//! - [`limits`]: per-address limits; [`metrics`]: what `GET /metrics` shows;
//! - [`config`]: the flags and environment.
//!
//! The match lives in `senet-live` (actors) over `senet-match` (the pure match), the store
//! in `senet-store`, several nodes in `senet-cluster`, the web client's files in
//! `senet-assets`, and the wire types in `senet-protocol`.
//!
//! Tests and embedders start the whole service with [`spawn`].

// The hand-written OpenAPI document is one large `json!` literal.
#![recursion_limit = "512"]

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

mod app_state;
pub mod config;
pub mod http;
pub mod limits;
pub mod metrics;
pub mod people;
pub mod quick;
pub mod reviews;
pub mod seeks;
pub mod tournaments;
pub mod tv;
pub mod ws;

pub use app_state::AppState;
pub use config::Config;

/// The whole service as a router, with its shutdown switch (events kept in memory).
pub fn app(config: Config) -> (axum::Router, watch::Sender<bool>) {
    app_with_store(config, Arc::new(senet_store::MemoryStore::default()))
}

/// The whole service with the given event store.
pub fn app_with_store(
    config: Config,
    store: Arc<dyn senet_store::EventStore>,
) -> (axum::Router, watch::Sender<bool>) {
    app_with_registry(Arc::new(config), store, Arc::default())
}

/// The whole service with the given event store and (recovered) matches.
pub fn app_with_registry(
    config: Arc<Config>,
    store: Arc<dyn senet_store::EventStore>,
    registry: Arc<senet_live::Registry>,
) -> (axum::Router, watch::Sender<bool>) {
    let limits = Arc::new(limits::Limits::new(&config));
    let (router, shutdown, _) = app_parts(config, store, registry, limits, None);
    (router, shutdown)
}

fn app_parts(
    config: Arc<Config>,
    store: Arc<dyn senet_store::EventStore>,
    registry: Arc<senet_live::Registry>,
    limits: Arc<limits::Limits>,
    cluster: Option<Arc<senet_cluster::Cluster>>,
) -> (axum::Router, watch::Sender<bool>, Arc<()>) {
    let (shutdown_tx, shutdown) = watch::channel(false);
    let sockets = Arc::new(());
    let accounts = senet_accounts::Accounts::new(store.clone(), config.public_origin.as_deref())
        .expect("the public origin was checked when the configuration was read");
    let state = AppState {
        accounts: Arc::new(accounts),
        live: Arc::new(config.live_settings()),
        quick: Arc::new(quick::Pools::new(&config)),
        tv: Arc::default(),
        reviews: Arc::new(reviews::Reviews::new(
            config.review_queue,
            config.reviews_per_address,
            config.reviewers,
        )),
        sockets: sockets.clone(),
        limits,
        config,
        registry,
        store,
        shutdown,
        cluster,
        people: Arc::default(),
        tournaments: Arc::default(),
    };
    http::people_socket::start_cluster_feed(&state);
    tournaments::start_directors(&state);
    quick::start_sweeper(&state.quick);
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
    spawn_with_store(config, Arc::new(senet_store::MemoryStore::default())).await
}

/// As [`spawn`], with the given event store.
///
/// # Errors
/// When the address cannot be bound.
pub async fn spawn_with_store(
    config: Config,
    store: Arc<dyn senet_store::EventStore>,
) -> std::io::Result<Running> {
    spawn_with_registry(Arc::new(config), store, Arc::default(), None).await
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// The store could not be opened, migrated or read.
    #[error("cannot open the store: {0}")]
    Store(#[from] senet_store::StoreError),
    /// The address could not be bound.
    #[error("cannot listen: {0}")]
    Listen(#[from] std::io::Error),
    /// Several nodes were asked for (`REDIS_URL`) and could not be set up.
    #[error("cannot join the other nodes: {0}")]
    Cluster(#[from] senet_cluster::ClusterError),
}

/// Opens the durable store the configuration names (`DATABASE_URL`, else
/// `<data_dir>/senet.db`), rebuilds every unfinished match from its events, and serves.
///
/// # Errors
/// When the store cannot be opened or read, or the address cannot be bound.
pub async fn spawn_durable(config: Config) -> Result<Running, StartupError> {
    let store = senet_store::SqlStore::open(
        config.database_url.as_deref(),
        &config.data_dir,
        config.store_writers,
    )
    .await?;
    let config = Arc::new(config);
    let live = Arc::new(config.live_settings());
    let registry = Arc::new(senet_live::Registry::default());
    if let Some(url) = config.redis_url.clone() {
        // One of several nodes: no match is recovered here at once; the sweeper takes the
        // ones nobody holds a live lease on (all of them, after a whole cluster restarted).
        let cluster = senet_cluster::Cluster::start(
            config.cluster_settings(live.clone()),
            &url,
            store.clone(),
            registry.clone(),
        )
        .await?;
        tracing::info!(backend = ?store.backend(), node_id = cluster.node_id(), "store open; one of several nodes");
        return Ok(spawn_with_registry(config, store, registry, Some(cluster)).await?);
    }
    let started = std::time::Instant::now();
    let recovered = store.unfinished(config.invite_ttl()).await?;
    let mut chat = store.unfinished_chat().await?;
    let (mut ok, mut failed) = (0usize, 0usize);
    for rec in recovered {
        let id = rec.row.id.clone();
        let chat = chat.remove(&id).unwrap_or_default();
        match senet_live::restore_match(rec, chat, store.clone(), live.clone()) {
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
    Ok(spawn_with_registry(config, store, registry, None).await?)
}

async fn spawn_with_registry(
    config: Arc<Config>,
    store: Arc<dyn senet_store::EventStore>,
    registry: Arc<senet_live::Registry>,
    cluster: Option<Arc<senet_cluster::Cluster>>,
) -> std::io::Result<Running> {
    let listener = listen(std::net::SocketAddr::new(config.bind, config.port))?;
    let addr = listener.local_addr()?;
    let limits = Arc::new(limits::Limits::new(&config));
    let (router, shutdown, sockets) =
        app_parts(config.clone(), store, registry, limits.clone(), cluster);
    let done = shutdown.subscribe();
    let task = tokio::spawn(serve(listener, router, config, limits, done));
    Ok(Running {
        addr,
        shutdown,
        task,
        sockets,
    })
}

/// Connections the kernel may hold for the server before it accepts them (Linux caps it at
/// `net.core.somaxconn`, 4,096 by default). A node's clients reconnect all at once when it
/// restarts or another node dies; with tokio's default of 1,024 the queue overflowed and the
/// dropped handshakes were retried by the clients a second later.
const LISTEN_BACKLOG: u32 = 4096;

/// A listener on `addr` with [`LISTEN_BACKLOG`] (and `SO_REUSEADDR`, as
/// `TcpListener::bind` sets it, so a restarted server can bind at once).
fn listen(addr: std::net::SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// Raises the soft limit on open files to the hard one (each connection is a file), and
/// logs the outcome. Called once at start-up by the binary.
pub fn raise_open_file_limit() {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => tracing::info!(open_files = n, "open-file limit"),
        Err(e) => tracing::warn!(error = %e, "cannot raise the open-file limit"),
    }
}

/// Returns when the shutdown switch is `true` or its sender went away.
async fn stopped(done: &mut watch::Receiver<bool>) {
    let _stopped = done.wait_for(|&v| v).await.map(|_| ());
}

/// An accept error that concerns one connection only (the listener is fine).
fn connection_error(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::ConnectionRefused
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::ConnectionReset
    )
}

/// What a connection over its address's cap is told (written without waiting) before it is
/// closed.
const TOO_MANY_CONNS: &[u8] = b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: 82\r\nconnection: close\r\n\r\n{\"code\":\"too_many_connections\",\"message\":\"too many connections from your address\"}";

/// Accepts connections until shutdown, then waits for every HTTP connection to finish its
/// request (upgraded WebSockets are on their own by then; see [`Running::sockets_closed`]).
///
/// Each connection: `TCP_NODELAY`, a fixed send buffer, a cap per client address, a limit
/// on the time to send a request's header, WebSocket upgrades, and the peer address as
/// `ConnectInfo<SocketAddr>`.
async fn serve(
    listener: TcpListener,
    router: axum::Router,
    config: Arc<Config>,
    limits: Arc<limits::Limits>,
    mut done: watch::Receiver<bool>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;

    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout());
    let send_buffer = config.socket_send_buffer;
    // Behind a proxy every connection comes from the proxy: its own limits apply.
    let cap_conns = !config.trust_forwarded_for;
    let (open_tx, mut open_rx) = tokio::sync::mpsc::channel::<()>(1);
    let mut refused = 0u64;
    let mut refused_logged: Option<tokio::time::Instant> = None;
    loop {
        let (tcp, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(e) if connection_error(&e) => continue,
                Err(e) => {
                    // Out of files, most likely: wait for some to close rather than spin.
                    tracing::error!(error = %e, "accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            },
            // Either a `true` or the sender going away ends the server.
            () = stopped(&mut done) => break,
        };
        let conn_guard = if cap_conns {
            match limits.open_conn(peer.ip()) {
                Ok(g) => Some(g),
                Err(limits::TooManyConns) => {
                    let _written = tcp.try_write(TOO_MANY_CONNS);
                    drop(tcp);
                    refused += 1;
                    // At most one line a second, however fast the refusals come.
                    if refused_logged
                        .is_none_or(|t| t.elapsed() >= std::time::Duration::from_secs(1))
                    {
                        tracing::warn!(
                            peer = %peer.ip(),
                            refused,
                            "too many connections from one address: refused"
                        );
                        refused = 0;
                        refused_logged = Some(tokio::time::Instant::now());
                    }
                    continue;
                }
            }
        } else {
            None
        };
        // Small frames both ways: without TCP_NODELAY, Nagle plus delayed ACKs add ~40 ms a
        // move.
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        // A fixed send buffer (no autotuning up to megabytes): a client that stops reading
        // backs up into its own socket quickly, and its writer then skips to a snapshot.
        if send_buffer > 0 {
            if let Err(e) = socket2::SockRef::from(&tcp).set_send_buffer_size(send_buffer) {
                tracing::debug!(error = %e, "cannot set SO_SNDBUF");
            }
        }
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req| {
            req.extensions_mut()
                .insert(axum::extract::ConnectInfo(peer));
            router.clone().oneshot(req)
        });
        let conn = http
            .serve_connection(TokioIo::new(tcp), service)
            .with_upgrades();
        let open = open_tx.clone();
        let mut done = done.clone();
        tokio::spawn(async move {
            let _counted = (conn_guard, open);
            tokio::pin!(conn);
            let ended = tokio::select! {
                r = conn.as_mut() => Some(r),
                () = stopped(&mut done) => None,
            };
            let served = match ended {
                Some(r) => r,
                None => {
                    // Finish the request in flight, then close.
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = served {
                tracing::debug!(error = %e, "connection ended");
            }
        });
    }
    drop(listener);
    drop(open_tx);
    // Every connection task holds a sender: this returns when the last one ends.
    let _none = open_rx.recv().await;
    Ok(())
}
