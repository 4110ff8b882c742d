//! The value of a position, as a table stores it in one byte.

use std::fmt;

/// The value of a position: the seeds the player to move will still
/// capture minus those the opponent will, under best play by both, with
/// play going on to the natural end of the game (`playout`).
///
/// `by_cycle` says the value rests on the cycle convention (see
/// `docs/ENDGAME.md`): neither player can force a result better than an
/// endless cycle of moves that capture nothing, and the table scores that
/// cycle as its rules say (each player takes their own row, or under
/// `cycle=even` the seeds left are shared). Values without the mark are
/// what the players can force whatever the cycle rule.
///
/// ```
/// use wari_egdb::Value;
/// let v = Value::new(-3, true);
/// assert_eq!(v.score(), -3);
/// assert!(v.by_cycle());
/// assert_eq!(Value::from_byte(v.to_byte()), v);
/// assert_eq!(v.to_string(), "-3 (cycle)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    score: i8,
    by_cycle: bool,
}

impl Value {
    /// A value of `score` seeds (in `-63..=63`), resting on the cycle
    /// convention or not.
    #[inline]
    #[must_use]
    pub const fn new(score: i8, by_cycle: bool) -> Value {
        Value { score, by_cycle }
    }

    /// A value the players can force, whatever the cycle rule.
    #[inline]
    #[must_use]
    pub const fn exact(score: i8) -> Value {
        Value::new(score, false)
    }

    /// Seeds the player to move will capture minus the opponent's.
    #[inline]
    #[must_use]
    pub const fn score(self) -> i8 {
        self.score
    }

    /// Whether the value rests on the cycle convention.
    #[inline]
    #[must_use]
    pub const fn by_cycle(self) -> bool {
        self.by_cycle
    }

    /// The stored byte: the score in the low 7 bits (two's complement),
    /// the cycle mark in the top bit.
    #[inline]
    #[must_use]
    pub const fn to_byte(self) -> u8 {
        (self.score as u8 & 0x7f) | (self.by_cycle as u8) << 7
    }

    /// The value a stored byte holds.
    #[inline]
    #[must_use]
    pub const fn from_byte(byte: u8) -> Value {
        Value {
            score: ((byte << 1) as i8) >> 1,
            by_cycle: byte & 0x80 != 0,
        }
    }

    /// The score of a stored byte alone.
    #[inline]
    #[must_use]
    pub const fn score_of_byte(byte: u8) -> i8 {
        ((byte << 1) as i8) >> 1
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.score)?;
        if self.by_cycle {
            f.write_str(" (cycle)")?;
        }
        Ok(())
    }
}
