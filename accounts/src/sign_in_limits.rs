//! How often a password may be wrong: per account name and per address, so that guessing one
//! account's password from many addresses, or many accounts' from one, is slow. The failures
//! are rows of the store, so every node of several counts the same ones, and a restart
//! forgets none. A correct password clears the name's count, not the address's (that would
//! let a guesser who holds one account clear it at will).

use std::net::IpAddr;
use std::time::Duration;

use senet_protocol::time::now_ms;
use senet_store::sql::SqlStore;
use senet_store::sql::sign_in_rows::Failures;

use crate::account_error::AccountError;

/// The bounds: wrong passwords within `window`.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Wrong passwords one account name may take in a window.
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

/// The store's subject for a name key.
fn name_subject(key: &str) -> String {
    format!("name:{key}")
}

/// The store's subject for an address.
fn address_subject(address: IpAddr) -> String {
    format!("addr:{address}")
}

/// How long until the oldest of `most` failures leaves the window, if there are that many.
fn hold(failures: Failures, most: usize, window_ms: i64, now: i64) -> Option<Duration> {
    let oldest = failures.oldest_ms?;
    (failures.count >= most as i64)
        .then(|| Duration::from_millis((oldest + window_ms - now).max(1) as u64))
}

/// The bounds on wrong passwords, counted in the store.
#[derive(Debug, Default)]
pub struct SignInLimits {
    bounds: Bounds,
}

impl SignInLimits {
    /// Limits with these bounds.
    pub fn new(bounds: Bounds) -> SignInLimits {
        SignInLimits { bounds }
    }

    fn window_ms(&self) -> i64 {
        self.bounds.window.as_millis() as i64
    }

    /// How long `account` (a name key) from `address` must wait before another try, if at
    /// all.
    ///
    /// # Errors
    /// The store's.
    pub async fn wait(
        &self,
        rows: &SqlStore,
        account: &str,
        address: IpAddr,
    ) -> Result<Option<Duration>, AccountError> {
        let now = now_ms();
        let (name, addr) = (name_subject(account), address_subject(address));
        let counts = rows
            .sign_in_failures(&[&name, &addr], now - self.window_ms())
            .await?;
        let b = self.bounds;
        let by_name = hold(counts[0], b.per_account, self.window_ms(), now);
        let by_address = hold(counts[1], b.per_address, self.window_ms(), now);
        Ok(by_name.max(by_address))
    }

    /// Counts a wrong password against the name and the address.
    ///
    /// # Errors
    /// The store's.
    pub async fn failed(
        &self,
        rows: &SqlStore,
        account: &str,
        address: IpAddr,
    ) -> Result<(), AccountError> {
        let (name, addr) = (name_subject(account), address_subject(address));
        rows.sign_in_failed(&[&name, &addr], now_ms() - self.window_ms())
            .await?;
        Ok(())
    }

    /// A correct password: the name's count starts again (the address's does not).
    ///
    /// # Errors
    /// The store's.
    pub async fn succeeded(&self, rows: &SqlStore, account: &str) -> Result<(), AccountError> {
        rows.sign_in_failures_cleared(&name_subject(account))
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_is_held_until_its_oldest_failure_leaves_the_window() {
        let window = 60_000;
        let f = |count, oldest| Failures {
            count,
            oldest_ms: Some(oldest),
        };
        assert_eq!(hold(f(4, 1_000), 5, window, 2_000), None);
        assert_eq!(
            hold(f(5, 1_000), 5, window, 2_000),
            Some(Duration::from_millis(59_000))
        );
        assert_eq!(
            hold(
                Failures {
                    count: 0,
                    oldest_ms: None
                },
                5,
                window,
                2_000
            ),
            None
        );
        // At the window's very end, a moment still.
        assert_eq!(
            hold(f(9, 1_000), 5, window, 61_000),
            Some(Duration::from_millis(1))
        );
    }

    #[test]
    fn names_and_addresses_are_different_subjects() {
        assert_eq!(name_subject("ana"), "name:ana");
        assert_eq!(
            address_subject(IpAddr::from([10, 0, 0, 1])),
            "addr:10.0.0.1"
        );
        assert_ne!(
            name_subject("10.0.0.1"),
            address_subject(IpAddr::from([10, 0, 0, 1]))
        );
    }
}
