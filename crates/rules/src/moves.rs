//! A move (the pit it empties, written as a letter) and a list of moves that
//! never allocates.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::str::FromStr;

use crate::Side;

/// A move: the pit it empties, named by its letter. `A..F` are South's pits
/// from South's left to right, `a..f` North's from North's left to right.
///
/// The letter does not depend on the number of pits per row; whether the
/// pit exists is checked when the move is played.
///
/// ```
/// use wari_rules::{Move, Side};
/// let m: Move = "C".parse()?;
/// assert_eq!(m.side(), Side::South);
/// assert_eq!(m.column(), 2);
/// assert_eq!(Move::new(Side::North, 5).to_string(), "f");
/// # Ok::<(), wari_rules::MoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8); // side * 8 + column

impl Move {
    /// The move that empties the `column`-th pit (from 0, the owner's left)
    /// of `side`'s row.
    ///
    /// # Panics
    /// When `column` is 6 or more.
    #[inline]
    #[must_use]
    pub const fn new(side: Side, column: u8) -> Move {
        assert!(column < 6, "a row has at most 6 pits");
        Move::new_unchecked(side, column)
    }

    /// [`Move::new`] for a column known to be below 6.
    #[inline]
    pub(crate) const fn new_unchecked(side: Side, column: u8) -> Move {
        Move((side as u8) << 3 | column)
    }

    /// The owner of the pit.
    #[inline]
    #[must_use]
    pub const fn side(self) -> Side {
        if self.0 < 8 { Side::South } else { Side::North }
    }

    /// The pit's column from the owner's left, from 0.
    #[inline]
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 & 7
    }

    /// The move's letter: `A..F` for South, `a..f` for North.
    #[must_use]
    pub const fn letter(self) -> char {
        let base = match self.side() {
            Side::South => b'A',
            Side::North => b'a',
        };
        (base + self.column()) as char
    }

    /// The index in [`Position::board`](crate::Position::board) of the pit
    /// this move empties, on a board of `pits` pits a row.
    ///
    /// ```
    /// use wari_rules::Move;
    /// let b: Move = "b".parse()?;
    /// assert_eq!(b.index(6), 7);
    /// assert_eq!(b.index(4), 5);
    /// assert_eq!(Move::at_index(7, 6), b);
    /// # Ok::<(), wari_rules::MoveError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self, pits: usize) -> usize {
        self.side().index() * pits + self.column() as usize
    }

    /// The move that empties the pit at `index` of
    /// [`Position::board`](crate::Position::board), on a board of `pits`
    /// pits a row.
    ///
    /// # Panics
    /// When `index` is not below `2 * pits` or `pits` is above 6.
    #[must_use]
    pub const fn at_index(index: usize, pits: usize) -> Move {
        assert!(index < 2 * pits, "no such pit");
        let side = if index < pits {
            Side::South
        } else {
            Side::North
        };
        Move::new(side, (index % pits) as u8)
    }

    /// The move named by a letter, if it is one of `A..F`, `a..f`.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Move> {
        match c {
            'A'..='F' => Some(Move::new(Side::South, c as u8 - b'A')),
            'a'..='f' => Some(Move::new(Side::North, c as u8 - b'a')),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Move::from_letter(c).ok_or_else(|| MoveError(s.to_owned())),
            _ => Err(MoveError(s.to_owned())),
        }
    }
}

/// A move that is not written as one letter `A..F` or `a..f`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError(pub String);

impl MoveError {
    /// A stable machine code for the refusal (its argument is the text
    /// given, `.0`).
    ///
    /// ```
    /// use wari_rules::Move;
    /// assert_eq!("z".parse::<Move>().unwrap_err().code(), "not-a-move");
    /// ```
    #[must_use]
    pub fn code(&self) -> &'static str {
        "not-a-move"
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a move: a move is one letter, A-F for South or a-f for North",
            self.0
        )
    }
}

impl std::error::Error for MoveError {}

/// Up to six moves, stored inline: generating moves never allocates.
///
/// ```
/// use wari_rules::Position;
/// let moves = Position::default().legal_moves();
/// assert_eq!(moves.len(), 6);
/// assert_eq!(moves[0].to_string(), "A");
/// ```
#[derive(Clone, Copy)]
pub struct Moves {
    moves: [Move; 6],
    len: u8,
}

/// `COLUMNS[mask]`: the columns whose bits are set in `mask`, in order.
static COLUMNS: [[u8; 6]; 64] = columns_table();

const fn columns_table() -> [[u8; 6]; 64] {
    let mut table = [[0; 6]; 64];
    let mut mask = 0;
    while mask < 64 {
        let (mut column, mut len) = (0, 0);
        while column < 6 {
            if mask & (1 << column) != 0 {
                table[mask][len] = column as u8;
                len += 1;
            }
            column += 1;
        }
        mask += 1;
    }
    table
}

impl Moves {
    /// No moves.
    #[inline]
    #[must_use]
    pub const fn new() -> Moves {
        Moves {
            moves: [Move(0); 6],
            len: 0,
        }
    }

    /// The moves of `side` from the columns whose bits are set in `mask`
    /// (bits 0..6), in column order.
    #[inline]
    pub(crate) fn from_columns(side: Side, mask: u8) -> Moves {
        let base = side.index() as u8 * 8;
        Moves {
            moves: COLUMNS[usize::from(mask & 63)].map(|c| Move(base + c)),
            len: (mask & 63).count_ones() as u8,
        }
    }

    /// Keeps only the moves for which `keep` is true.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len as usize {
            let m = self.moves[i];
            if keep(m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept as u8;
    }
}

impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        **self == **other
    }
}

impl Eq for Moves {}

impl Hash for Moves {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::new()
    }
}

impl Deref for Moves {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Moves {
    type Item = Move;
    type IntoIter = std::iter::Take<std::array::IntoIter<Move, 6>>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter().take(self.len as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_from_columns_lists_the_set_bits_in_order() {
        for side in Side::ALL {
            for mask in 0..64u8 {
                let expected: Vec<Move> = (0..6)
                    .filter(|c| mask & (1 << c) != 0)
                    .map(|c| Move::new(side, c))
                    .collect();
                assert_eq!(&*Moves::from_columns(side, mask), &expected[..]);
            }
        }
    }

    #[test]
    fn equal_move_lists_compare_equal_whatever_was_dropped() {
        let mut kept = Moves::from_columns(Side::South, 0b11);
        kept.retain(|m| m.column() == 0);
        assert_eq!(kept, Moves::from_columns(Side::South, 0b1));
    }
}
