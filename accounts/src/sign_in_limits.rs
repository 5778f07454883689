//! How often a password may be wrong: per account and per address, so that guessing one
//! account's password from many addresses, or many accounts' from one, is slow. Counted in
//! this node's memory over a sliding window; a correct password does not reset an address's
//! count (it would let a guesser who holds one account reset it at will).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The bounds: wrong passwords within `window`.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Wrong passwords one account may take in a window.
    pub per_account: usize,
    /// Wrong passwords one address may send in a window.
    pub per_address: usize,
    /// The window.
    pub window: Duration,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            per_account: 5,
            per_address: 20,
            window: Duration::from_secs(15 * 60),
        }
    }
}

/// The wrong passwords of the last window, by account name key and by address.
#[derive(Debug, Default)]
pub struct SignInLimits {
    bounds: Bounds,
    failures: Mutex<Failures>,
}

#[derive(Debug, Default)]
struct Failures {
    by_account: HashMap<String, VecDeque<Instant>>,
    by_address: HashMap<IpAddr, VecDeque<Instant>>,
}

fn wait(
    times: Option<&VecDeque<Instant>>,
    most: usize,
    window: Duration,
    now: Instant,
) -> Option<Duration> {
    let times = times?;
    let recent: Vec<&Instant> = times
        .iter()
        .filter(|t| now.duration_since(**t) < window)
        .collect();
    (recent.len() >= most).then(|| window.saturating_sub(now.duration_since(*recent[0])))
}

impl SignInLimits {
    /// Limits with these bounds.
    pub fn new(bounds: Bounds) -> SignInLimits {
        SignInLimits {
            bounds,
            failures: Mutex::default(),
        }
    }

    /// How long `account` (a name key) from `address` must wait before another try, if at
    /// all.
    pub fn wait(&self, account: &str, address: IpAddr) -> Option<Duration> {
        let now = Instant::now();
        let f = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let b = self.bounds;
        let by_account = wait(f.by_account.get(account), b.per_account, b.window, now);
        let by_address = wait(f.by_address.get(&address), b.per_address, b.window, now);
        by_account.max(by_address)
    }

    /// Counts a wrong password.
    pub fn failed(&self, account: &str, address: IpAddr) {
        let now = Instant::now();
        let window = self.bounds.window;
        let mut f = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let keep = |q: &mut VecDeque<Instant>| {
            while q.front().is_some_and(|t| now.duration_since(*t) >= window) {
                q.pop_front();
            }
            q.push_back(now);
        };
        keep(f.by_account.entry(account.to_owned()).or_default());
        keep(f.by_address.entry(address).or_default());
        // Bounded memory: forget what is over when the maps grow.
        if f.by_account.len() > 100_000 || f.by_address.len() > 100_000 {
            f.by_account
                .retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < window));
            f.by_address
                .retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < window));
        }
    }

    /// A correct password: the account's count starts again (the address's does not).
    pub fn succeeded(&self, account: &str) {
        let mut f = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        f.by_account.remove(account);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, n])
    }

    #[test]
    fn an_account_is_held_after_its_bound_from_any_address() {
        let l = SignInLimits::new(Bounds {
            per_account: 3,
            per_address: 100,
            window: Duration::from_secs(60),
        });
        for n in 0..3 {
            assert_eq!(l.wait("ana", ip(n)), None);
            l.failed("ana", ip(n));
        }
        let w = l.wait("ana", ip(9)).expect("held");
        assert!(
            w > Duration::from_secs(50) && w <= Duration::from_secs(60),
            "{w:?}"
        );
        assert_eq!(l.wait("bo", ip(9)), None, "another account is not held");
        l.succeeded("ana");
        assert_eq!(l.wait("ana", ip(9)), None);
    }

    #[test]
    fn an_address_is_held_after_its_bound_for_every_account() {
        let l = SignInLimits::new(Bounds {
            per_account: 100,
            per_address: 4,
            window: Duration::from_secs(60),
        });
        for n in 0..4 {
            l.failed(&format!("name{n}"), ip(1));
        }
        assert!(l.wait("someone-else", ip(1)).is_some());
        assert_eq!(l.wait("someone-else", ip(2)), None);
        l.succeeded("name0");
        assert!(
            l.wait("name0", ip(1)).is_some(),
            "a success does not clear the address"
        );
    }
}
