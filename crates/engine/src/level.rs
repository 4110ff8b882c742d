//! Playing strength for people: levels 1 to 10.

use std::fmt;
use std::str::FromStr;

/// A playing level: 10 is full strength; below it the search is shallower
/// and its choice among the root moves noisier, so a beginner can beat
/// level 1.
///
/// ```
/// use wari_engine::Level;
/// let level: Level = "3".parse()?;
/// assert_eq!(level.get(), 3);
/// assert!(Level::FULL > level);
/// assert!("11".parse::<Level>().is_err());
/// # Ok::<(), wari_engine::LevelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// Full strength.
    pub const FULL: Level = Level(10);
    /// The weakest.
    pub const MIN: Level = Level(1);

    /// A level from 1 to 10.
    ///
    /// # Errors
    /// [`LevelError`] outside 1..=10.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        if (1..=10).contains(&n) {
            Ok(Level(n))
        } else {
            Err(LevelError(n.to_string()))
        }
    }

    /// The level's number.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The deepest iteration at this level (`None`: as deep as the limits
    /// allow).
    #[must_use]
    pub const fn max_depth(self) -> Option<u32> {
        match self.0 {
            1 => Some(1),
            2 => Some(2),
            3 => Some(2),
            4 => Some(3),
            5 => Some(4),
            6 => Some(5),
            7 => Some(6),
            8 => Some(8),
            9 => Some(11),
            _ => None,
        }
    }

    /// The largest random error added to each root move's value, in
    /// hundredths of a seed (0: the best move is always played).
    #[must_use]
    pub const fn noise(self) -> i32 {
        match self.0 {
            1 => 1200,
            2 => 300,
            3 => 200,
            4 => 150,
            5 => 100,
            6 => 70,
            7 => 40,
            8 => 20,
            _ => 0,
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::FULL
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(|| LevelError(s.to_owned()))
    }
}

/// A level outside 1..=10.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a level: levels go from 1 to 10", self.0)
    }
}

impl std::error::Error for LevelError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_get_deeper_and_less_noisy() {
        for n in 1..10 {
            let (a, b) = (Level(n), Level(n + 1));
            let depth = |l: Level| l.max_depth().unwrap_or(u32::MAX);
            assert!(depth(a) <= depth(b));
            assert!(a.noise() >= b.noise());
            assert!(depth(a) < depth(b) || a.noise() > b.noise(), "{n}");
        }
    }
}
