//! The quick-pairing pools the lobby offers: a rule set on its standard
//! board and a time control, one click to join.

use wari_rules::Rules;

use crate::clock::Clock;
use crate::ratings::Pool;

/// A quick-pairing pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuickPool {
    /// `abapa-5+3`.
    pub id: &'static str,
    /// The rules string.
    pub rules: &'static str,
    /// Minutes each side starts with.
    pub minutes: u32,
    /// Seconds added after each move.
    pub increment_s: u32,
}

/// Every quick-pairing pool, in the lobby's order.
pub const POOLS: &[QuickPool] = &[
    QuickPool {
        id: "abapa-3+2",
        rules: "abapa",
        minutes: 3,
        increment_s: 2,
    },
    QuickPool {
        id: "abapa-5+3",
        rules: "abapa",
        minutes: 5,
        increment_s: 3,
    },
    QuickPool {
        id: "abapa-10+5",
        rules: "abapa",
        minutes: 10,
        increment_s: 5,
    },
    QuickPool {
        id: "abapa-15+10",
        rules: "abapa",
        minutes: 15,
        increment_s: 10,
    },
    QuickPool {
        id: "wari-5+3",
        rules: "wari",
        minutes: 5,
        increment_s: 3,
    },
    QuickPool {
        id: "warri-5+3",
        rules: "warri",
        minutes: 5,
        increment_s: 3,
    },
    QuickPool {
        id: "kalah-3+2",
        rules: "kalah",
        minutes: 3,
        increment_s: 2,
    },
    QuickPool {
        id: "kalah-5+3",
        rules: "kalah",
        minutes: 5,
        increment_s: 3,
    },
];

impl QuickPool {
    /// The pool named `id`.
    #[must_use]
    pub fn find(id: &str) -> Option<QuickPool> {
        POOLS.iter().copied().find(|p| p.id == id)
    }

    /// The rules.
    ///
    /// # Panics
    /// Never: the pools' rules strings are checked by a test.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules.parse().expect("a pool's rules string is valid")
    }

    /// A fresh clock of the pool's time control.
    #[must_use]
    pub fn clock(&self) -> Clock {
        Clock::new(
            i64::from(self.minutes) * 60_000,
            i64::from(self.increment_s) * 1000,
        )
    }

    /// The rating pool its games count in.
    ///
    /// # Panics
    /// Never: every quick pool is a standard board with a clock.
    #[must_use]
    pub fn rating_pool(&self) -> Pool {
        Pool::of(&self.rules(), Some(&self.clock())).expect("a quick pool has a rating pool")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pool_is_a_standard_board_with_its_speed() {
        let speeds: Vec<String> = POOLS.iter().map(|p| p.rating_pool().to_string()).collect();
        assert_eq!(
            speeds,
            [
                "abapa-blitz",
                "abapa-blitz",
                "abapa-rapid",
                "abapa-rapid",
                "wari-blitz",
                "warri-blitz",
                "kalah-blitz",
                "kalah-blitz"
            ]
        );
        for p in POOLS {
            assert_eq!(p.id, format!("{}-{}+{}", p.rules, p.minutes, p.increment_s));
            assert_eq!(QuickPool::find(p.id), Some(*p));
        }
    }
}
