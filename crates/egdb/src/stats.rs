//! The distribution of values in a table.

use rayon::prelude::*;

use crate::value::Value;

/// How the values of one table are spread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Boards in the table.
    pub boards: u64,
    /// `counts[s + 64]`: boards whose score is `s`.
    pub counts: [u64; 128],
    /// Boards whose value rests on the cycle convention.
    pub by_cycle: u64,
}

impl Stats {
    /// Counts the values of a table's bytes.
    ///
    /// ```
    /// use wari_egdb::{Stats, Value};
    /// let bytes = [Value::exact(2).to_byte(), Value::new(0, true).to_byte(), Value::exact(-1).to_byte()];
    /// let stats = Stats::of(&bytes);
    /// assert_eq!((stats.wins(), stats.draws(), stats.losses(), stats.by_cycle), (1, 1, 1, 1));
    /// assert_eq!(stats.count(2), 1);
    /// ```
    #[must_use]
    pub fn of(table: &[u8]) -> Stats {
        let counts = table
            .par_chunks(1 << 16)
            .map(|chunk| {
                let mut counts = [0u64; 256];
                for &b in chunk {
                    counts[usize::from(b)] += 1;
                }
                counts
            })
            .reduce(
                || [0u64; 256],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    a
                },
            );
        let mut stats = Stats {
            boards: table.len() as u64,
            counts: [0; 128],
            by_cycle: 0,
        };
        for (byte, &count) in counts.iter().enumerate() {
            let value = Value::from_byte(byte as u8);
            stats.counts[(i32::from(value.score()) + 64) as usize] += count;
            if value.by_cycle() {
                stats.by_cycle += count;
            }
        }
        stats
    }

    /// Boards whose score is `score`.
    #[must_use]
    pub fn count(&self, score: i8) -> u64 {
        self.counts[(i32::from(score) + 64) as usize]
    }

    /// Boards the player to move wins (score above 0).
    #[must_use]
    pub fn wins(&self) -> u64 {
        self.counts[65..].iter().sum()
    }

    /// Boards that are drawn (score 0).
    #[must_use]
    pub fn draws(&self) -> u64 {
        self.counts[64]
    }

    /// Boards the player to move loses (score below 0).
    #[must_use]
    pub fn losses(&self) -> u64 {
        self.counts[..64].iter().sum()
    }

    /// The scores that occur, with their counts, from the lowest.
    pub fn scores(&self) -> impl Iterator<Item = (i8, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(i, &c)| ((i as i32 - 64) as i8, c))
    }
}
