//! Per-address limits: sockets open at once, messages per second across all of an address's
//! sockets, and matches created. A flood from one address spends its own allowance and no one
//! else's. Memory stays bounded: addresses with nothing open and nothing recent are forgotten.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use crate::config::Config;

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

/// What one address has open and left.
#[derive(Debug)]
struct Addr {
    sockets: AtomicU32,
    messages: Mutex<Bucket>,
    creations: Mutex<Bucket>,
    last_used: Mutex<Instant>,
}

impl Addr {
    fn touch(&self) {
        *self.last_used.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    fn idle(&self, now: Instant) -> bool {
        self.sockets.load(Ordering::Relaxed) == 0
            && now.duration_since(*self.last_used.lock().unwrap_or_else(|e| e.into_inner())) > IDLE
    }
}

/// The limits of every address.
#[derive(Debug)]
pub struct Limits {
    max_sockets: u32,
    rate: (f64, f64),
    create_per_min: f64,
    addrs: Mutex<AddrMap>,
}

#[derive(Debug)]
struct AddrMap {
    by_ip: HashMap<IpAddr, Arc<Addr>>,
    swept: Instant,
}

/// Why a socket was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManySockets;

impl Limits {
    /// The limits the configuration sets (0, or anything not a positive number: none).
    pub fn new(cfg: &Config) -> Limits {
        let positive = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
        Limits {
            max_sockets: cfg.max_sockets_per_addr,
            rate: (
                positive(cfg.addr_rate_per_sec),
                positive(cfg.addr_rate_burst),
            ),
            create_per_min: positive(cfg.create_per_min),
            addrs: Mutex::new(AddrMap {
                by_ip: HashMap::new(),
                swept: Instant::now(),
            }),
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
                addrs.retain(|_, a| {
                    Arc::strong_count(a) > 1 || a.sockets.load(Ordering::Relaxed) > 0
                });
            }
        }
        let burst = self.create_per_min.clamp(1.0, 10.0);
        let a = Arc::new(Addr {
            sockets: AtomicU32::new(0),
            messages: Mutex::new(Bucket::new(self.rate.0, self.rate.1)),
            creations: Mutex::new(Bucket::new(self.create_per_min / 60.0, burst)),
            last_used: Mutex::new(Instant::now()),
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
        addr.touch();
        let wait = addr
            .creations
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .wait();
        wait.map_or(Ok(()), Err)
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
