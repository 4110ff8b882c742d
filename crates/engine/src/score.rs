//! Scores: seeds from the side to move's view, heuristic or exact.

use std::fmt;

use crate::proof::Proof;

/// Internal search values: hundredths of a seed, with proven results far
/// above any heuristic value.
pub(crate) type Value = i32;

/// One seed.
pub(crate) const SEED: Value = 100;
/// Above every value.
pub(crate) const INFINITY: Value = 1_000_000;
/// A proven final margin of `m > 0` seeds reached `p` plies from the root
/// is `WIN + m * MARGIN - p`: any proven win beats any heuristic value,
/// a larger margin beats a smaller one, and a quicker win a slower one.
pub(crate) const WIN: Value = 500_000;
/// The step between proven margins.
pub(crate) const MARGIN: Value = 1_000;
/// The deepest ply a search reaches.
pub(crate) const MAX_PLY: usize = 256;

/// The value of a finished game, `ply` plies from the root, whose final
/// capture difference is `margin` seeds for the side to move there.
#[inline]
pub(crate) fn proven(margin: i32, ply: usize) -> Value {
    match margin {
        0 => 0,
        m if m > 0 => WIN + m * MARGIN - ply as Value,
        m => -(WIN - m * MARGIN - ply as Value),
    }
}

/// Whether a value is a proven win or loss.
#[inline]
pub(crate) fn is_proven(v: Value) -> bool {
    v.abs() > WIN - MAX_PLY as Value
}

/// A value as stored in the transposition table: proven results counted
/// from the node instead of the root.
#[inline]
pub(crate) fn to_table(v: Value, ply: usize) -> Value {
    if !is_proven(v) {
        v
    } else if v > 0 {
        v + ply as Value
    } else {
        v - ply as Value
    }
}

/// The inverse of [`to_table`].
#[inline]
pub(crate) fn from_table(v: Value, ply: usize) -> Value {
    if !is_proven(v) {
        v
    } else if v > 0 {
        v - ply as Value
    } else {
        v + ply as Value
    }
}

/// What a search thinks of a position, from the side to move's view.
///
/// ```
/// use wari_engine::Score;
/// assert_eq!(Score::Seeds(250).to_string(), "+2.50");
/// assert_eq!(Score::Exact { margin: -3, plies: 7 }.to_string(), "-3 (exact, 7 plies)");
/// assert_eq!(Score::Seeds(250).centiseeds(), 250);
/// assert_eq!(Score::Exact { margin: 2, plies: 1 }.centiseeds(), 200);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate of the final capture difference, in hundredths of a
    /// seed.
    Seeds(i32),
    /// A proven result: who wins is certain. A positive `margin` is a win
    /// the side to move can force by at least that many seeds; a negative
    /// one, a win the opponent can force by at least that many (a proven
    /// win is preferred to any estimate, so a bigger win may exist in a
    /// line the search has not proven yet). `plies` is the length of the
    /// proven line.
    Exact {
        /// Final capture difference, seeds, for the side to move.
        margin: i32,
        /// Plies to the end of the game along the proven line.
        plies: u32,
    },
}

impl Score {
    /// The score in hundredths of a seed (an exact result as its margin).
    #[must_use]
    pub fn centiseeds(self) -> i32 {
        match self {
            Score::Seeds(c) => c,
            Score::Exact { margin, .. } => margin * SEED,
        }
    }

    /// Whether the result is proven.
    #[must_use]
    pub fn is_exact(self) -> bool {
        matches!(self, Score::Exact { .. })
    }

    /// The score the other side sees.
    #[must_use]
    pub fn flipped(self) -> Score {
        match self {
            Score::Seeds(c) => Score::Seeds(-c),
            Score::Exact { margin, plies } => Score::Exact {
                margin: -margin,
                plies,
            },
        }
    }

    /// Reads a search's value at the root: exact only where the search
    /// proved it both ways (a proven draw too, `plies` then the length of
    /// the line shown); a proven win or loss whose margin is only a bound
    /// reads as an estimate of that margin.
    pub(crate) fn from_search(v: Value, proof: Proof, line: usize) -> Score {
        match Score::from_value(v) {
            Score::Seeds(0) if proof.is_exact() => Score::Exact {
                margin: 0,
                plies: line as u32,
            },
            exact @ Score::Exact { .. } if proof.is_exact() => exact,
            Score::Exact { margin, .. } => Score::Seeds(margin * SEED),
            estimate => estimate,
        }
    }

    /// Reads an internal value at the root.
    pub(crate) fn from_value(v: Value) -> Score {
        if !is_proven(v) {
            return Score::Seeds(v);
        }
        let a = v.abs();
        let margin = (a - WIN + MARGIN - 1) / MARGIN;
        let plies = (margin * MARGIN + WIN - a) as u32;
        Score::Exact {
            margin: if v > 0 { margin } else { -margin },
            plies,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Seeds(c) => {
                let sign = if c < 0 { '-' } else { '+' };
                write!(f, "{sign}{}.{:02}", c.abs() / 100, c.abs() % 100)
            }
            Score::Exact { margin, plies } => {
                write!(f, "{margin:+} (exact, {plies} plies)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_values_decode_to_their_margin_and_distance() {
        for margin in [-48, -3, -1, 1, 2, 48] {
            for ply in [0, 1, 17, 200] {
                let score = Score::from_value(proven(margin, ply));
                assert_eq!(
                    score,
                    Score::Exact {
                        margin,
                        plies: ply as u32
                    }
                );
            }
        }
    }

    #[test]
    fn proven_values_order_by_margin_then_distance() {
        assert!(proven(1, 100) > 48 * SEED * 10);
        assert!(proven(2, 100) > proven(1, 0));
        assert!(proven(2, 3) > proven(2, 9));
        assert!(proven(-1, 9) > proven(-1, 3));
        assert!(proven(-1, 0) > proven(-2, 100));
        assert!(proven(-1, 0) < -48 * SEED * 10);
    }

    #[test]
    fn table_values_round_trip() {
        for v in [proven(3, 5), proven(-3, 5), 123, -77, 0] {
            assert_eq!(from_table(to_table(v, 4), 4), v);
        }
    }
}
