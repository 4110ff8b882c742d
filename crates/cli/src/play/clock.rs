//! The game clock of `--tc MINUTES+SECONDS` ([`TimeControl`]): time left
//! for each player, an increment after each move, and the flag that falls
//! at zero.

use std::fmt;
use std::time::{Duration, Instant};

use wari_rules::{Side, TimeControl};

/// Both players' clocks. At most one runs: the clock of the player to
/// move, once the board is ready for them (never during an animation).
#[derive(Clone, Debug)]
pub struct Clocks {
    left: [Duration; 2],
    increment: Duration,
    running: Option<(Side, Instant)>,
}

impl Clocks {
    /// Both clocks set to the control's base time, stopped.
    pub fn new(tc: TimeControl) -> Clocks {
        Clocks {
            left: [tc.base(); 2],
            increment: tc.increment(),
            running: None,
        }
    }

    /// The increment per move.
    pub fn increment(&self) -> Duration {
        self.increment
    }

    /// Whose clock runs, if any.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// Starts `side`'s clock at `now` (stopping the other's, uncharged).
    pub fn start(&mut self, side: Side, now: Instant) {
        if self.running() != Some(side) {
            self.running = Some((side, now));
        }
    }

    /// Stops the running clock without a move (an undo, a new position):
    /// the time used is charged, no increment.
    pub fn pause(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take() {
            self.charge(side, now.saturating_duration_since(since));
        }
    }

    /// `side` moved at `now`: its time used is charged and the increment
    /// added. The clocks stop until the next [`Clocks::start`].
    pub fn moved(&mut self, side: Side, now: Instant) {
        if let Some((running, since)) = self.running.take() {
            self.charge(running, now.saturating_duration_since(since));
        }
        if !self.left[side.index()].is_zero() {
            self.left[side.index()] += self.increment;
        }
    }

    fn charge(&mut self, side: Side, used: Duration) {
        let left = &mut self.left[side.index()];
        *left = left.saturating_sub(used);
    }

    /// Time left for `side` at `now`.
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let left = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The player whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| self.left(s, now).is_zero())
    }
}

/// Time as a clock shows it: `4:05`, and tenths under ten seconds
/// (`0:07.3`).
#[derive(Clone, Copy, Debug)]
pub struct ClockTime(pub Duration);

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0;
        let secs = d.as_secs();
        if secs < 10 {
            write!(f, "0:{:02}.{}", secs, d.subsec_millis() / 100)
        } else if secs < 3600 {
            write!(f, "{}:{:02}", secs / 60, secs % 60)
        } else {
            write!(f, "{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn only_the_running_clock_loses_time() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new("1+2".parse().unwrap());
        clocks.start(Side::South, t0);
        assert_eq!(clocks.left(Side::South, t0 + secs(10)), secs(50));
        assert_eq!(clocks.left(Side::North, t0 + secs(10)), secs(60));
        clocks.moved(Side::South, t0 + secs(10));
        // The increment, and nothing runs until the next start (as while
        // the sowing animation plays).
        assert_eq!(clocks.left(Side::South, t0 + secs(30)), secs(52));
        assert_eq!(clocks.left(Side::North, t0 + secs(30)), secs(60));
        clocks.start(Side::North, t0 + secs(30));
        assert_eq!(clocks.left(Side::North, t0 + secs(35)), secs(55));
    }

    #[test]
    fn the_flag_falls_at_zero() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new("1".parse().unwrap());
        clocks.start(Side::North, t0);
        assert_eq!(clocks.flagged(t0 + secs(59)), None);
        assert_eq!(clocks.flagged(t0 + secs(60)), Some(Side::North));
        clocks.pause(t0 + secs(61));
        assert_eq!(clocks.left(Side::North, t0 + secs(100)), Duration::ZERO);
    }

    #[test]
    fn clock_times_are_minutes_and_seconds() {
        assert_eq!(ClockTime(secs(245)).to_string(), "4:05");
        assert_eq!(
            ClockTime(Duration::from_millis(7_349)).to_string(),
            "0:07.3"
        );
        assert_eq!(ClockTime(secs(3_725)).to_string(), "1:02:05");
    }
}
