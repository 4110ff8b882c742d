//! The server's sense of the time of day: the system's clock, or a
//! stopped clock that only moves when its holder advances it (tests, so
//! that a flag falls or a claim opens when the test says, not after it
//! sleeps). Every time the server stores or compares (game clocks,
//! presence, leases, tables, tournaments) is read here, so one server
//! never mixes the two.
//!
//! ```
//! use std::time::Duration;
//! use wari_server::WallClock;
//!
//! let clock = WallClock::stopped();
//! let before = clock.now_ms();
//! clock.advance(Duration::from_millis(1500));
//! assert_eq!(clock.now_ms(), before + 1500);
//! ```

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

/// Milliseconds since the Unix epoch, by the system's clock or a stopped
/// one. Clones share the same clock.
#[derive(Clone, Default)]
pub struct WallClock {
    /// The stopped clock's time, or `None` for the system's.
    stopped: Option<Arc<watch::Sender<i64>>>,
}

impl WallClock {
    /// The system's clock (what `wari serve` uses).
    #[must_use]
    pub fn system() -> WallClock {
        WallClock::default()
    }

    /// A clock stopped at the system's present time: it moves only by
    /// [`WallClock::advance`].
    #[must_use]
    pub fn stopped() -> WallClock {
        WallClock {
            stopped: Some(Arc::new(watch::Sender::new(system_ms()))),
        }
    }

    /// Milliseconds since the Unix epoch.
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        match &self.stopped {
            Some(time) => *time.borrow(),
            None => system_ms(),
        }
    }

    /// Moves a stopped clock on by `by`, waking whatever waits for that
    /// time (the system's clock cannot be moved: nothing happens).
    pub fn advance(&self, by: Duration) {
        if let Some(time) = &self.stopped {
            let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
            time.send_modify(|t| *t = t.saturating_add(by));
        }
    }

    /// Waits until the time is `at_ms` or later (by the system's clock,
    /// up to 5 ms later: tokio's timer is another clock, and waking early
    /// would find the time not yet come).
    pub async fn sleep_until(&self, at_ms: i64) {
        match &self.stopped {
            Some(time) => {
                // The sender lives in `self`: the wait ends only with the time.
                let _ = time.subscribe().wait_for(|&t| t >= at_ms).await;
            }
            None => {
                let wait = u64::try_from(at_ms - system_ms()).unwrap_or(0) + 5;
                tokio::time::sleep(Duration::from_millis(wait)).await;
            }
        }
    }
}

impl fmt::Debug for WallClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.stopped {
            Some(time) => write!(f, "WallClock::stopped({})", *time.borrow()),
            None => f.write_str("WallClock::system()"),
        }
    }
}

fn system_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_clock_reads_the_system_time() {
        let before = system_ms();
        let now = WallClock::system().now_ms();
        assert!(before <= now && now <= system_ms());
        // 2020-01-01 in milliseconds: the clock reads a date, not an uptime.
        assert!(now > 1_577_836_800_000);
    }

    #[tokio::test]
    async fn a_stopped_clock_wakes_its_sleepers_when_advanced_past_their_time() {
        let clock = WallClock::stopped();
        let start = clock.now_ms();
        let sleeper = tokio::spawn({
            let clock = clock.clone();
            async move { clock.sleep_until(start + 1000).await }
        });
        clock.advance(Duration::from_millis(999));
        tokio::task::yield_now().await;
        assert!(!sleeper.is_finished(), "woke at 999 ms of 1000");
        assert_eq!(clock.now_ms(), start + 999);
        clock.advance(Duration::from_millis(1));
        sleeper.await.unwrap();
        assert_eq!(clock.now_ms(), start + 1000);
    }
}
