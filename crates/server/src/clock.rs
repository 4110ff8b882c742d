//! Fischer clocks kept by the referee: time left for each side, an
//! increment after each move, and the side whose clock runs.
//!
//! The clock stores the time left when the running side's turn began and
//! when it began (wall-clock milliseconds), so every process sharing the
//! database computes the same time left, and a server that was down
//! charges the downtime to the running side (see docs/API.md).

use wari_rules::Side;

/// A day in milliseconds.
pub const DAY_MS: i64 = 24 * 3600 * 1000;

/// A game's clock, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time each side starts with.
    pub initial_ms: i64,
    /// Added to the mover's time after each move.
    pub increment_ms: i64,
    /// Time left, by [`Side::index`], as of `since_ms` for the running side.
    pub remaining_ms: [i64; 2],
    /// The side whose clock runs, if any.
    pub running: Option<Side>,
    /// When the running side's clock started.
    pub since_ms: i64,
    /// Correspondence: `initial_ms` is the time for each move (whole
    /// days), given afresh to the side to move after every move.
    pub per_move: bool,
    /// By [`Side::index`]: the side berserked (a tournament game): half
    /// its time taken away before its first move, and no increment.
    pub berserk: [bool; 2],
}

impl Clock {
    /// A clock at rest with `initial_ms` on both sides.
    #[must_use]
    pub fn new(initial_ms: i64, increment_ms: i64) -> Clock {
        Clock {
            initial_ms,
            increment_ms,
            remaining_ms: [initial_ms; 2],
            running: None,
            since_ms: 0,
            per_move: false,
            berserk: [false; 2],
        }
    }

    /// A correspondence clock: `days` for each move.
    #[must_use]
    pub fn days(days: u32) -> Clock {
        Clock {
            per_move: true,
            ..Clock::new(i64::from(days) * DAY_MS, 0)
        }
    }

    /// The days a move of a correspondence clock.
    #[must_use]
    pub fn days_per_move(&self) -> Option<i64> {
        self.per_move.then_some(self.initial_ms / DAY_MS)
    }

    /// Time left for `side` at `now` (never below zero).
    #[must_use]
    pub fn left(&self, side: Side, now: i64) -> i64 {
        let stored = self.remaining_ms[side.index()];
        if self.running == Some(side) {
            (stored - (now - self.since_ms).max(0)).max(0)
        } else {
            stored
        }
    }

    /// Both sides' time left at `now`.
    #[must_use]
    pub fn left_both(&self, now: i64) -> [i64; 2] {
        Side::ALL.map(|s| self.left(s, now))
    }

    /// The side whose time has run out at `now`, if any.
    #[must_use]
    pub fn flagged(&self, now: i64) -> Option<Side> {
        self.running_side().filter(|&s| self.left(s, now) == 0)
    }

    /// When the running side's time runs out.
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        self.running_side()
            .map(|s| self.since_ms + self.remaining_ms[s.index()])
    }

    /// `running`, read so that no time left is read before it.
    ///
    /// A game without a clock holds `None` in an `Option<Clock>`, whose
    /// bytes beside the niche are then whatever was in memory. Rust
    /// 1.87 to 1.97.0 (LLVM before its fix of rust-lang/rust#159035) may
    /// read `remaining_ms[running]` before checking that the clock is
    /// there, with that garbage as the index: `wari serve` crashed so
    /// (SIGSEGV in `Room::set_deadline`, 10,000 unclocked games) when the
    /// state lay within 2 KB of the end of a heap mapping. The side
    /// passed through `black_box` is known only once read, so nothing
    /// indexed by it can be read earlier.
    #[must_use]
    pub fn running_side(&self) -> Option<Side> {
        std::hint::black_box(self.running)
    }

    /// Starts `side`'s clock at `now`.
    pub fn start(&mut self, side: Side, now: i64) {
        self.stop(now);
        self.running = Some(side);
        self.since_ms = now;
    }

    /// Stops the running clock at `now`, charging it the time used.
    pub fn stop(&mut self, now: i64) {
        if let Some(side) = self.running_side() {
            self.remaining_ms[side.index()] = self.left(side, now);
            self.running = None;
        }
    }

    /// `side` berserks (as lichess's arenas have it): half its initial
    /// time is taken from what it has left, and its moves get no
    /// increment from now on.
    ///
    /// ```ignore
    /// let mut clock = Clock::new(180_000, 2_000);
    /// clock.berserk(Side::North);
    /// assert_eq!(clock.remaining_ms, [180_000, 90_000]);
    /// ```
    pub fn berserk(&mut self, side: Side) {
        let i = side.index();
        self.berserk[i] = true;
        self.remaining_ms[i] = (self.remaining_ms[i] - self.initial_ms / 2).max(0);
    }

    /// `mover` has moved at `now`: their time used is charged, the
    /// increment added, and `next`'s clock (the mover's own after a Kalah
    /// extra move) starts.
    pub fn press(&mut self, mover: Side, next: Side, now: i64) {
        if self.per_move {
            self.remaining_ms = [self.initial_ms; 2];
            self.running = Some(next);
            self.since_ms = now;
            return;
        }
        let left = self.left(mover, now);
        self.running = None;
        let increment = if self.berserk[mover.index()] {
            0
        } else {
            self.increment_ms
        };
        self.remaining_ms[mover.index()] = left + increment;
        self.running = Some(next);
        self.since_ms = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_clock_counts_down_and_flags_at_zero() {
        let mut clock = Clock::new(1_000, 0);
        clock.start(Side::South, 10_000);
        assert_eq!(clock.left(Side::South, 10_400), 600);
        assert_eq!(clock.left(Side::North, 10_400), 1_000);
        assert_eq!(clock.flagged(10_999), None);
        assert_eq!(clock.flagged(11_000), Some(Side::South));
        assert_eq!(clock.deadline(), Some(11_000));
    }

    #[test]
    fn pressing_charges_the_mover_and_adds_the_increment() {
        let mut clock = Clock::new(180_000, 2_000);
        clock.start(Side::South, 0);
        clock.press(Side::South, Side::North, 5_000);
        assert_eq!(clock.remaining_ms, [177_000, 180_000]);
        assert_eq!(clock.running, Some(Side::North));
        clock.press(Side::North, Side::North, 6_000);
        assert_eq!(clock.remaining_ms, [177_000, 181_000]);
    }

    #[test]
    fn a_correspondence_clock_gives_each_move_its_days_afresh() {
        let mut clock = Clock::days(2);
        clock.start(Side::South, 0);
        assert_eq!(clock.deadline(), Some(2 * DAY_MS));
        clock.press(Side::South, Side::North, DAY_MS + 5);
        assert_eq!(clock.remaining_ms, [2 * DAY_MS, 2 * DAY_MS]);
        assert_eq!(clock.deadline(), Some(3 * DAY_MS + 5));
        assert_eq!(clock.flagged(3 * DAY_MS + 5), Some(Side::North));
        assert_eq!(clock.days_per_move(), Some(2));
    }

    #[test]
    fn a_berserk_side_has_half_its_time_and_no_increment() {
        // 3+2 berserked by North before its first move: 90 s, and each of
        // its moves adds nothing while South still gets its 2 s.
        let mut clock = Clock::new(180_000, 2_000);
        clock.start(Side::South, 0);
        clock.berserk(Side::North);
        assert_eq!(clock.remaining_ms, [180_000, 90_000]);
        clock.press(Side::South, Side::North, 1_000);
        clock.press(Side::North, Side::South, 4_000);
        assert_eq!(clock.remaining_ms, [181_000, 87_000]);
    }

    #[test]
    fn stopping_keeps_the_time_left() {
        let mut clock = Clock::new(10_000, 0);
        clock.start(Side::North, 0);
        clock.stop(4_000);
        assert_eq!(clock.running, None);
        assert_eq!(clock.left(Side::North, 100_000), 6_000);
    }
}
