//! What a pit is worth for the seeds it holds and its place in its row:
//! one number for each pit of each row and each count, added to the
//! evaluation's features on the standard board (Oware, six pits a row).
//! Fitted by `wari tune --egdb` to longer searches' values with the
//! endgame tables (the command is at the top of
//! `crates/engine/src/weights.rs`; docs/STRENGTH.md, "Pit values").

use wari_rules::Position;

/// Counts told apart: 0 to `COUNTS - 2` seeds, and `COUNTS - 1` or more.
pub const COUNTS: usize = 16;

/// The pits of a row on the board these values are for.
pub const PITS: usize = 6;

/// Hundredths of a seed for a pit, by row (the side to move's, then the
/// opponent's), by the pit's place in its row (from its owner's left,
/// `A..F` or `a..f`) and by its count (see [`COUNTS`]).
pub type PitValues = [[[i16; COUNTS]; PITS]; 2];

/// The rows of `p` in the order of [`PitValues`]: the side to move's,
/// then the opponent's, each from its owner's left.
///
/// ```
/// use wari_engine::eval::rows_of;
/// use wari_rules::{Position, Rules};
/// let p = Position::from_string("1,2,3,4,5,6/0,0,0,0,0,7 N 10-10", Rules::default())?;
/// assert_eq!(rows_of(&p), [&[0, 0, 0, 0, 0, 7][..], &[1, 2, 3, 4, 5, 6][..]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
#[must_use]
pub fn rows_of(p: &Position) -> [&[u8]; 2] {
    let me = p.turn();
    [p.row(me), p.row(me.opposite())]
}

/// The count class of a pit holding `seeds`: the last index of
/// [`PitValues`] (all counts from `COUNTS - 1` up share one).
///
/// ```
/// use wari_engine::eval::{count_class, COUNTS};
/// assert_eq!(count_class(3), 3);
/// assert_eq!(count_class(40), COUNTS - 1);
/// ```
#[inline]
#[must_use]
pub fn count_class(seeds: u8) -> usize {
    usize::from(seeds).min(COUNTS - 1)
}

/// The sum of the values of the pits of `p`, from the side to move's
/// view; 0 on a board of another size.
///
/// ```
/// use wari_engine::eval::{pit_sum, PitValues};
/// use wari_rules::Position;
/// let mut values: PitValues = [[[0; 16]; 6]; 2];
/// values[0][0][4] = 10; // the mover's first pit holding 4
/// values[1][5][4] = -3; // the opponent's last pit holding 4
/// assert_eq!(pit_sum(&Position::default(), &values), 7);
/// ```
#[inline]
#[must_use]
pub fn pit_sum(p: &Position, values: &PitValues) -> i32 {
    if p.pits() != PITS {
        return 0;
    }
    let mut v = 0;
    for (row, pits) in rows_of(p).into_iter().enumerate() {
        for (place, &seeds) in pits.iter().enumerate() {
            v += i32::from(values[row][place][count_class(seeds)]);
        }
    }
    v
}
