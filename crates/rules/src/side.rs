//! The two players, South and North.

use std::fmt;

/// One of the two players. South moves first and owns pits `A..F`;
/// North owns pits `a..f`.
///
/// ```
/// use wari_rules::Side;
/// assert_eq!(Side::South.opposite(), Side::North);
/// assert_eq!(Side::North.letter(), 'N');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player who moves first, owner of the lower row `A..F`.
    South = 0,
    /// The second player, owner of the upper row `a..f`.
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// `0` for South, `1` for North: the index into per-side arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'S'` or `'N'`, as in position strings.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// The side written `S` or `N` (either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'S' | 's' => Some(Side::South),
            'N' | 'n' => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}
