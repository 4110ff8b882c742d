//! Limits each client is held to: a message rate (token bucket), a cap
//! on open WebSocket and stream connections (a client is its session, or
//! its address when it has none), and a cap on the TCP connections of
//! one address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::api::error::Error;
use crate::lock::lock;
use crate::text::text;

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Rates and connection counts by client.
#[derive(Debug)]
pub struct Limiter {
    rate: f64,
    burst: f64,
    max_connections: u32,
    max_per_address: u32,
    buckets: Mutex<HashMap<String, Bucket>>,
    connections: Arc<Mutex<HashMap<String, u32>>>,
}

/// An open connection, counted until dropped.
#[derive(Debug)]
pub struct ConnectionGuard {
    key: String,
    connections: Arc<Mutex<HashMap<String, u32>>>,
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        let mut c = lock(&self.connections);
        if let Some(n) = c.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                c.remove(&self.key);
            }
        }
    }
}

impl Limiter {
    /// `rate_per_s` messages a second on average, bursts of twice that,
    /// and `max_connections` open at once, per client; `max_per_address`
    /// TCP connections per address.
    #[must_use]
    pub fn new(rate_per_s: u32, max_connections: u32, max_per_address: u32) -> Limiter {
        let rate = f64::from(rate_per_s.max(1));
        Limiter {
            rate,
            burst: rate * 2.0,
            max_connections,
            max_per_address,
            buckets: Mutex::new(HashMap::new()),
            connections: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// Counts one message of `client`.
    ///
    /// # Errors
    /// A 429 when the client is over its rate.
    pub fn check(&self, client: &str) -> Result<(), Error> {
        let now = Instant::now();
        let mut buckets = lock(&self.buckets);
        let bucket = buckets.entry(client.to_owned()).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refill = now.duration_since(bucket.at).as_secs_f64() * self.rate;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Error::TooMany(text!("err-too-many-messages")))
        }
    }

    /// Opens a connection for `client`.
    ///
    /// # Errors
    /// A 429 when the client has as many open as allowed.
    pub fn open(&self, client: &str) -> Result<ConnectionGuard, Error> {
        self.count(client, self.max_connections, "client")
    }

    /// Opens a TCP connection from `address`.
    ///
    /// # Errors
    /// A 429 when the address has as many open as allowed.
    pub fn open_address(&self, address: IpAddr) -> Result<ConnectionGuard, Error> {
        self.count(&format!("tcp:{address}"), self.max_per_address, "address")
    }

    fn count(&self, client: &str, max: u32, per: &str) -> Result<ConnectionGuard, Error> {
        let mut c = lock(&self.connections);
        let n = c.entry(client.to_owned()).or_insert(0);
        if *n >= max {
            return Err(Error::TooMany(text!(
                "err-too-many-connections",
                max = max,
                per = per
            )));
        }
        *n += 1;
        Ok(ConnectionGuard {
            key: client.to_owned(),
            connections: Arc::clone(&self.connections),
        })
    }

    /// Forgets buckets that have refilled (idle clients).
    pub fn sweep(&self) {
        let now = Instant::now();
        let (rate, burst) = (self.rate, self.burst);
        lock(&self.buckets)
            .retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * rate < burst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let limiter = Limiter::new(5, 2, 2);
        for _ in 0..10 {
            assert!(limiter.check("a").is_ok());
        }
        assert!(limiter.check("a").is_err());
        assert!(limiter.check("b").is_ok());
    }

    #[test]
    fn connections_are_capped_and_released() {
        let limiter = Limiter::new(5, 2, 1);
        let one = limiter.open("a").unwrap();
        let _two = limiter.open("a").unwrap();
        assert!(limiter.open("a").is_err());
        drop(one);
        assert!(limiter.open("a").is_ok());
        let address: IpAddr = "127.0.0.2".parse().unwrap();
        let tcp = limiter.open_address(address).unwrap();
        assert!(limiter.open_address(address).is_err());
        assert!(limiter.open_address("127.0.0.3".parse().unwrap()).is_ok());
        drop(tcp);
        assert!(limiter.open_address(address).is_ok());
    }
}
