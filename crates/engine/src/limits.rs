//! What bounds a search: depth, nodes, time per move or a clock, and how
//! much of the clock one move may use.

use std::time::Duration;

/// A player's clock: time left, increment per move, and moves to the next
/// time control if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock of the side to move.
    pub remaining: Duration,
    /// Added after each move (Fischer).
    pub increment: Duration,
    /// Moves until the next time control, if the clock has one.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search. With none set the search goes on until stopped.
///
/// ```
/// use std::time::Duration;
/// use wari_engine::Limits;
/// let limits = Limits::depth(8);
/// assert_eq!(limits.depth, Some(8));
/// let limits = Limits::movetime(Duration::from_millis(500));
/// assert!(limits.depth.is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Exactly this much time for the move.
    pub movetime: Option<Duration>,
    /// The side to move's clock.
    pub clock: Option<Clock>,
    /// Search until stopped, whatever else is set (UCI `go infinite`).
    pub infinite: bool,
}

impl Limits {
    /// Search to a fixed depth.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// The time to aim at (`soft`: do not start another iteration after it)
    /// and never to pass (`hard`), or `None` without a time limit.
    pub(crate) fn budget(&self) -> Option<Budget> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.movetime {
            return Some(Budget { soft: t, hard: t });
        }
        let clock = self.clock?;
        // Keep a margin for the process and the pipe.
        let overhead = Duration::from_millis(30);
        let left = clock.remaining.saturating_sub(overhead);
        let moves = clock.moves_to_go.map_or(30, |n| n.clamp(1, 30));
        let share = left / moves + clock.increment * 3 / 4;
        let soft = share.min(left / 2);
        let hard = (share * 3).min(left * 3 / 4).max(soft);
        Some(Budget { soft, hard })
    }
}

/// Time limits of one search, counted from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_budget_never_exceeds_the_time_left() {
        for ms in [0, 10, 100, 1_000, 60_000] {
            for inc in [0, 1_000] {
                let limits = Limits {
                    clock: Some(Clock {
                        remaining: Duration::from_millis(ms),
                        increment: Duration::from_millis(inc),
                        moves_to_go: None,
                    }),
                    ..Limits::default()
                };
                let b = limits.budget().unwrap();
                assert!(b.soft <= b.hard);
                assert!(b.hard <= Duration::from_millis(ms), "{ms} {inc}: {b:?}");
            }
        }
    }

    #[test]
    fn infinite_has_no_budget() {
        let limits = Limits {
            infinite: true,
            movetime: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        assert_eq!(limits.budget(), None);
    }
}
