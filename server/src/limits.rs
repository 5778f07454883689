//! Per-address limits: HTTP connections and sockets open at once, WebSocket upgrades and
//! messages per second across all of an address's sockets, matches created (per minute and
//! open at once), players created and records checked. A flood from one address spends its
//! own allowance and no one else's. Memory stays bounded: addresses with nothing open and
//! nothing recent are forgotten.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use crate::config::Config;
use senet_protocol::Summary;

/// An address is forgotten this long after its last socket closed or its last request.
const IDLE: Duration = Duration::from_secs(600);
/// Above this many addresses, idle ones are swept on a new address (at most once a second,
/// so a stream of new addresses cannot make every request pay for a sweep).
const SWEEP_AT: usize = 4096;
/// The least time between two sweeps, unless the map is full.
const SWEEP_EVERY: Duration = Duration::from_secs(1);
/// The most addresses remembered: past it, the least useful (idle, no socket) go first.
const MAX_ADDRS: usize = 65_536;

/// A token bucket: `burst` tokens at once, `rate` per second after that. A rate of 0 means
/// no limit.
#[derive(Debug)]
pub struct Bucket {
    tokens: f64,
    burst: f64,
    rate: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            burst,
            rate,
            at: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.wait().is_none()
    }

    /// Takes a token, or says how long until one is there.
    pub fn wait(&mut self) -> Option<Duration> {
        if self.rate <= 0.0 {
            return None;
        }
        let now = Instant::now();
        let dt = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            None
        } else {
            Some(Duration::from_secs_f64((1.0 - self.tokens) / self.rate))
        }
    }
}

/// The matches an address created that may not be finished yet.
#[derive(Debug, Default)]
struct OpenMatches {
    /// Each match's summary; the sender goes away with the match's actor.
    live: Vec<watch::Receiver<Summary>>,
    /// Slots handed out whose match is being created.
    pending: u32,
}

impl OpenMatches {
    /// Forgets finished and gone matches; returns how many are left (pending ones too).
    fn count(&mut self) -> u32 {
        self.live.retain(|rx| {
            rx.has_changed().is_ok()
                && !matches!(
                    rx.borrow().status,
                    senet_protocol::Status::Finished | senet_protocol::Status::Expired
                )
        });
        u32::try_from(self.live.len())
            .unwrap_or(u32::MAX)
            .saturating_add(self.pending)
    }
}

/// What one address has open and left.
#[derive(Debug)]
struct Addr {
    sockets: AtomicU32,
    conns: AtomicU32,
    messages: Mutex<Bucket>,
    creations: Mutex<Bucket>,
    upgrades: Mutex<Bucket>,
    players: Mutex<Bucket>,
    verifies: Mutex<Bucket>,
    analyses: Mutex<Bucket>,
    matches: Mutex<OpenMatches>,
    last_used: Mutex<Instant>,
    chats: Mutex<Bucket>,
}

impl Addr {
    fn touch(&self) {
        *self.last_used.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    /// Has a socket, a connection or an unfinished match open.
    fn holds(&self) -> bool {
        self.sockets.load(Ordering::Relaxed) > 0
            || self.conns.load(Ordering::Relaxed) > 0
            || self
                .matches
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .count()
                > 0
    }

    fn idle(&self, now: Instant) -> bool {
        !self.holds()
            && now.duration_since(*self.last_used.lock().unwrap_or_else(|e| e.into_inner())) > IDLE
    }

    /// Takes one token of a per-address allowance, or says how long until there is one.
    fn take(&self, bucket: &Mutex<Bucket>) -> Result<(), Duration> {
        self.touch();
        let wait = bucket.lock().unwrap_or_else(|e| e.into_inner()).wait();
        wait.map_or(Ok(()), Err)
    }
}

/// The limits of every address.
#[derive(Debug)]
pub struct Limits {
    max_sockets: u32,
    max_conns: u32,
    max_open_matches: u32,
    rate: (f64, f64),
    create_per_min: f64,
    upgrades_per_sec: f64,
    players_per_min: f64,
    verify_per_min: f64,
    analysis_per_min: f64,
    verifiers: Arc<tokio::sync::Semaphore>,
    addrs: Mutex<AddrMap>,
    chat: (f64, f64),
}

#[derive(Debug)]
struct AddrMap {
    by_ip: HashMap<IpAddr, Arc<Addr>>,
    swept: Instant,
}

/// Why a socket was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManySockets;

/// Why an HTTP connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyConns;

/// Why a match creation was refused: the address has as many unfinished matches as it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyOpen;

/// A bucket of `per_min` a minute, in bursts of up to 10.
fn per_minute(per_min: f64) -> Bucket {
    Bucket::new(per_min / 60.0, per_min.clamp(1.0, 10.0))
}

impl Limits {
    /// The limits the configuration sets (0, or anything not a positive number: none).
    pub fn new(cfg: &Config) -> Limits {
        let positive = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
        Limits {
            max_sockets: cfg.max_sockets_per_addr,
            max_conns: cfg.max_conns_per_addr,
            max_open_matches: cfg.max_open_per_address,
            upgrades_per_sec: positive(cfg.upgrades_per_sec),
            players_per_min: positive(cfg.players_per_min),
            verify_per_min: positive(cfg.verify_per_min),
            analysis_per_min: positive(cfg.analysis_per_min),
            verifiers: Arc::new(tokio::sync::Semaphore::new(cfg.verify_workers.max(1))),
            rate: (
                positive(cfg.addr_rate_per_sec),
                positive(cfg.addr_rate_burst),
            ),
            create_per_min: positive(cfg.create_per_min),
            addrs: Mutex::new(AddrMap {
                by_ip: HashMap::new(),
                swept: Instant::now(),
            }),
            chat: (
                positive(cfg.addr_chat_per_sec),
                positive(cfg.addr_chat_burst),
            ),
        }
    }

    fn addr(&self, ip: IpAddr) -> Arc<Addr> {
        let mut guard = self.addrs.lock().unwrap_or_else(|e| e.into_inner());
        let AddrMap {
            by_ip: addrs,
            swept,
        } = &mut *guard;
        if let Some(a) = addrs.get(&ip) {
            return a.clone();
        }
        let now = Instant::now();
        let full = addrs.len() >= MAX_ADDRS;
        if addrs.len() >= SWEEP_AT && (full || now.duration_since(*swept) >= SWEEP_EVERY) {
            *swept = now;
            addrs.retain(|_, a| Arc::strong_count(a) > 1 || !a.idle(now));
            if addrs.len() >= MAX_ADDRS {
                // Still full of recent addresses: forget those with nothing open.
                addrs.retain(|_, a| Arc::strong_count(a) > 1 || a.holds());
            }
        }
        let upgrades = self.upgrades_per_sec;
        let a = Arc::new(Addr {
            sockets: AtomicU32::new(0),
            conns: AtomicU32::new(0),
            messages: Mutex::new(Bucket::new(self.rate.0, self.rate.1)),
            creations: Mutex::new(per_minute(self.create_per_min)),
            upgrades: Mutex::new(Bucket::new(upgrades, (upgrades * 2.0).max(64.0))),
            players: Mutex::new(per_minute(self.players_per_min)),
            verifies: Mutex::new(per_minute(self.verify_per_min)),
            analyses: Mutex::new(per_minute(self.analysis_per_min)),
            matches: Mutex::new(OpenMatches::default()),
            last_used: Mutex::new(Instant::now()),
            chats: Mutex::new(Bucket::new(self.chat.0, self.chat.1)),
        });
        addrs.insert(ip, a.clone());
        a
    }

    /// Opens a socket for `ip` if it has fewer than the most allowed; the guard closes it.
    ///
    /// # Errors
    /// When the address has as many sockets open as it may.
    pub fn open_socket(&self, ip: Option<IpAddr>) -> Result<SocketGuard, TooManySockets> {
        let Some(ip) = ip else {
            return Ok(SocketGuard { addr: None });
        };
        let addr = self.addr(ip);
        let open = addr.sockets.fetch_add(1, Ordering::Relaxed) + 1;
        if self.max_sockets > 0 && open > self.max_sockets {
            addr.sockets.fetch_sub(1, Ordering::Relaxed);
            return Err(TooManySockets);
        }
        Ok(SocketGuard { addr: Some(addr) })
    }

    /// Counts a match creation by `ip`.
    ///
    /// # Errors
    /// How long until the address may create another.
    pub fn create_match(&self, ip: Option<IpAddr>) -> Result<(), Duration> {
        let Some(ip) = ip else { return Ok(()) };
        let addr = self.addr(ip);
        addr.take(&addr.creations)
    }

    /// Counts a WebSocket upgrade by `ip`.
    ///
    /// # Errors
    /// How long until the address may open another.
    pub fn upgrade(&self, ip: Option<IpAddr>) -> Result<(), Duration> {
        let Some(ip) = ip else { return Ok(()) };
        let addr = self.addr(ip);
        addr.take(&addr.upgrades)
    }

    /// Counts a player created by `ip` (`POST /api/players`).
    ///
    /// # Errors
    /// How long until the address may create another.
    pub fn create_player(&self, ip: Option<IpAddr>) -> Result<(), Duration> {
        let Some(ip) = ip else { return Ok(()) };
        let addr = self.addr(ip);
        addr.take(&addr.players)
    }

    /// The pool of record checks (`--verify-workers` permits): hold one while checking.
    pub fn verifiers(&self) -> Arc<tokio::sync::Semaphore> {
        self.verifiers.clone()
    }

    /// Counts a record check by `ip` (`POST /api/verify`).
    ///
    /// # Errors
    /// How long until the address may check another.
    pub fn verify(&self, ip: Option<IpAddr>) -> Result<(), Duration> {
        let Some(ip) = ip else { return Ok(()) };
        let addr = self.addr(ip);
        addr.take(&addr.verifies)
    }

    /// Spends one of `ip`'s analysis-board requests (`POST /api/analysis`).
    ///
    /// # Errors
    /// How long until the address may make another.
    pub fn analysis(&self, ip: Option<IpAddr>) -> Result<(), Duration> {
        let Some(ip) = ip else { return Ok(()) };
        let addr = self.addr(ip);
        addr.take(&addr.analyses)
    }

    /// Reserves a place for a new match of `ip` among its unfinished ones; the match's
    /// summary then fills it ([`MatchSlot::fill`]). Dropped unfilled, it frees the place.
    ///
    /// # Errors
    /// When the address has as many unfinished matches as it may.
    pub fn reserve_match(&self, ip: Option<IpAddr>) -> Result<MatchSlot, TooManyOpen> {
        let Some(ip) = ip.filter(|_| self.max_open_matches > 0) else {
            return Ok(MatchSlot { addr: None });
        };
        let addr = self.addr(ip);
        addr.touch();
        {
            let mut open = addr.matches.lock().unwrap_or_else(|e| e.into_inner());
            if open.count() >= self.max_open_matches {
                return Err(TooManyOpen);
            }
            open.pending += 1;
        }
        Ok(MatchSlot { addr: Some(addr) })
    }

    /// Opens an HTTP connection from `ip` if it has fewer than the most allowed; the guard
    /// closes it.
    ///
    /// # Errors
    /// When the address has as many connections open as it may.
    pub fn open_conn(&self, ip: IpAddr) -> Result<ConnGuard, TooManyConns> {
        if self.max_conns == 0 {
            return Ok(ConnGuard { addr: None });
        }
        let addr = self.addr(ip);
        let open = addr.conns.fetch_add(1, Ordering::Relaxed) + 1;
        if open > self.max_conns {
            addr.conns.fetch_sub(1, Ordering::Relaxed);
            return Err(TooManyConns);
        }
        Ok(ConnGuard { addr: Some(addr) })
    }

    /// How many addresses are remembered.
    pub fn addresses(&self) -> usize {
        self.addrs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .by_ip
            .len()
    }
}

/// An open socket, counted against its address until dropped.
#[derive(Debug)]
pub struct SocketGuard {
    addr: Option<Arc<Addr>>,
}

impl SocketGuard {
    /// Takes one message from the address's shared allowance.
    pub fn allow_message(&self) -> bool {
        self.addr
            .as_ref()
            .is_none_or(|a| a.messages.lock().unwrap_or_else(|e| e.into_inner()).take())
    }

    /// Takes one chat message from the address's shared chat allowance
    /// (`--addr-chat-per-sec`, `--addr-chat-burst`).
    pub fn allow_chat(&self) -> bool {
        self.addr
            .as_ref()
            .is_none_or(|a| a.chats.lock().unwrap_or_else(|e| e.into_inner()).take())
    }
}

/// A place among an address's unfinished matches (see [`Limits::reserve_match`]).
#[derive(Debug)]
pub struct MatchSlot {
    addr: Option<Arc<Addr>>,
}

impl MatchSlot {
    /// A place that counts for no address (a request whose address is not known).
    pub fn unlimited() -> MatchSlot {
        MatchSlot { addr: None }
    }

    /// The match was created: it counts until it finishes or leaves memory.
    pub fn fill(mut self, summary: watch::Receiver<Summary>) {
        if let Some(a) = self.addr.take() {
            let mut open = a.matches.lock().unwrap_or_else(|e| e.into_inner());
            open.pending = open.pending.saturating_sub(1);
            open.live.push(summary);
        }
    }
}

impl Drop for MatchSlot {
    fn drop(&mut self) {
        if let Some(a) = &self.addr {
            let mut open = a.matches.lock().unwrap_or_else(|e| e.into_inner());
            open.pending = open.pending.saturating_sub(1);
        }
    }
}

/// An open HTTP connection, counted against its address until dropped.
#[derive(Debug)]
pub struct ConnGuard {
    addr: Option<Arc<Addr>>,
}

impl Drop for ConnGuard {
    fn drop(&mut self) {
        if let Some(a) = &self.addr {
            a.conns.fetch_sub(1, Ordering::Relaxed);
            a.touch();
        }
    }
}

impl Drop for SocketGuard {
    fn drop(&mut self) {
        if let Some(a) = &self.addr {
            a.sockets.fetch_sub(1, Ordering::Relaxed);
            a.touch();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max_sockets: u32, rate: f64, burst: f64, create_per_min: f64) -> Limits {
        let mut cfg = Config::for_tests();
        cfg.max_sockets_per_addr = max_sockets;
        cfg.addr_rate_per_sec = rate;
        cfg.addr_rate_burst = burst;
        cfg.create_per_min = create_per_min;
        Limits::new(&cfg)
    }

    #[tokio::test]
    async fn sockets_are_counted_per_address_and_released() {
        let l = limits(2, 0.0, 0.0, 0.0);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let g1 = l.open_socket(Some(a)).unwrap();
        let _g2 = l.open_socket(Some(a)).unwrap();
        assert_eq!(l.open_socket(Some(a)).unwrap_err(), TooManySockets);
        assert!(
            l.open_socket(Some(b)).is_ok(),
            "another address is not affected"
        );
        drop(g1);
        assert!(l.open_socket(Some(a)).is_ok());
        // Without an address (no peer information) nothing is counted.
        assert!(l.open_socket(None).is_ok());
    }

    #[tokio::test]
    async fn messages_share_one_allowance_per_address() {
        let l = limits(0, 1.0, 3.0, 0.0);
        let a: IpAddr = [10, 0, 0, 1].into();
        let g1 = l.open_socket(Some(a)).unwrap();
        let g2 = l.open_socket(Some(a)).unwrap();
        let allowed = (0..4).filter(|_| g1.allow_message()).count()
            + (0..4).filter(|_| g2.allow_message()).count();
        assert_eq!(allowed, 3, "the burst is shared by both sockets");
        let other = l.open_socket(Some([10, 0, 0, 9].into())).unwrap();
        assert!(other.allow_message());
    }

    #[tokio::test]
    async fn creations_are_limited_with_a_retry_time() {
        let l = limits(0, 0.0, 0.0, 6.0);
        let a: IpAddr = [10, 0, 0, 1].into();
        for _ in 0..6 {
            assert!(l.create_match(Some(a)).is_ok());
        }
        let wait = l.create_match(Some(a)).unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(10),
            "{wait:?}"
        );
        assert!(l.create_match(Some([10, 0, 0, 2].into())).is_ok());
    }

    #[tokio::test]
    async fn connections_are_counted_per_address_and_released() {
        let mut cfg = Config::for_tests();
        cfg.max_conns_per_addr = 2;
        let l = Limits::new(&cfg);
        let a: IpAddr = [10, 0, 0, 1].into();
        let c1 = l.open_conn(a).unwrap();
        let _c2 = l.open_conn(a).unwrap();
        assert_eq!(l.open_conn(a).unwrap_err(), TooManyConns);
        assert!(l.open_conn([10, 0, 0, 2].into()).is_ok());
        drop(c1);
        assert!(l.open_conn(a).is_ok());
    }

    #[tokio::test]
    async fn open_matches_are_counted_until_finished_or_gone() {
        let mut cfg = Config::for_tests();
        cfg.max_open_per_address = 2;
        let l = Limits::new(&cfg);
        let a: IpAddr = [10, 0, 0, 1].into();
        let summary = |status: senet_protocol::Status| {
            watch::channel(Summary {
                match_id: String::new(),
                name: String::new(),
                variant: senet_engine::Variant::ALL[0],
                players: 2,
                public: true,
                rated: false,
                series: senet_protocol::Series::default(),
                status,
                names: Vec::new(),
                game: 0,
                score: Vec::new(),
                wins: Vec::new(),
                spectators: 0,
                clock: None,
                bots: Vec::new(),
            })
        };
        let (tx1, rx1) = summary(senet_protocol::Status::Joining);
        l.reserve_match(Some(a)).unwrap().fill(rx1);
        // A reservation counts until dropped unfilled.
        let pending = l.reserve_match(Some(a)).unwrap();
        assert_eq!(l.reserve_match(Some(a)).unwrap_err(), TooManyOpen);
        drop(pending);
        let (_tx2, rx2) = summary(senet_protocol::Status::Live);
        l.reserve_match(Some(a)).unwrap().fill(rx2);
        assert_eq!(l.reserve_match(Some(a)).unwrap_err(), TooManyOpen);
        // Finished, or its actor gone: the place is free.
        tx1.send_modify(|s| s.status = senet_protocol::Status::Finished);
        let slot = l.reserve_match(Some(a)).unwrap();
        drop(slot);
        drop(tx1);
        assert!(l.reserve_match(Some([10, 0, 0, 2].into())).is_ok());
    }

    #[tokio::test]
    async fn idle_addresses_are_forgotten() {
        tokio::time::pause();
        let l = limits(0, 0.0, 0.0, 60.0);
        for i in 0..SWEEP_AT as u32 {
            l.create_match(Some(IpAddr::from(i.to_be_bytes()))).unwrap();
        }
        let held = l.open_socket(Some([1, 2, 3, 4].into())).unwrap();
        assert_eq!(l.addresses(), SWEEP_AT + 1);
        tokio::time::advance(IDLE + Duration::from_secs(1)).await;
        l.create_match(Some([9, 9, 9, 9].into())).unwrap();
        // The sweep kept the address with an open socket and the new one.
        assert_eq!(l.addresses(), 2);
        drop(held);
    }
}
