//! The index of a table: seed distributions ranked by the combinatorial
//! number system, the board always seen from the player to move.
//!
//! A layer holds every way of putting `k` seeds into the `2m` pits of a
//! board: `C(k + 2m - 1, 2m - 1)` boards. The pits are read from the
//! player to move's view (their own row first, then the opponent's), so
//! one table per seed count serves both players. Write the board as `k`
//! seeds and `2m - 1` bars between the pits; the bars' places
//! `s_0 < s_1 < ... < s_{2m-2}` in that string of `k + 2m - 1` symbols
//! are a combination, and its rank is `sum C(s_j, j + 1)`.

/// Most pits on a board: two rows of [`wari_rules::Rules::MAX_PITS`].
pub const MAX_BOARD: usize = 12;

/// Most seeds a table may hold: a standard board's 48.
pub const MAX_LAYER: usize = 48;

/// `C(n, r)` for `n <= MAX_LAYER + MAX_BOARD`, `r <= MAX_BOARD`.
static BINOMIAL: [[u64; MAX_BOARD + 1]; MAX_LAYER + MAX_BOARD + 1] = binomials();

const fn binomials() -> [[u64; MAX_BOARD + 1]; MAX_LAYER + MAX_BOARD + 1] {
    let mut table = [[0; MAX_BOARD + 1]; MAX_LAYER + MAX_BOARD + 1];
    let mut n = 0;
    while n <= MAX_LAYER + MAX_BOARD {
        table[n][0] = 1;
        let mut r = 1;
        while r <= MAX_BOARD && r <= n {
            table[n][r] = table[n - 1][r - 1] + table[n - 1][r];
            r += 1;
        }
        n += 1;
    }
    table
}

/// The binomial coefficient `C(n, r)` for the sizes tables use (0 when
/// `r > n`).
#[inline]
fn binomial(n: usize, r: usize) -> u64 {
    BINOMIAL[n][r]
}

/// The boards of `seeds` seeds on `2 * pits` pits.
///
/// ```
/// use wari_egdb::positions;
/// // One seed on a 12-pit board: 12 places.
/// assert_eq!(positions(6, 1), 12);
/// // 20 seeds on the standard board.
/// assert_eq!(positions(6, 20), 84_672_315);
/// ```
///
/// # Panics
/// When `pits` is not in `1..=6` or `seeds` is above 48.
#[must_use]
pub fn positions(pits: usize, seeds: usize) -> u64 {
    assert!((1..=MAX_BOARD / 2).contains(&pits) && seeds <= MAX_LAYER);
    binomial(seeds + 2 * pits - 1, 2 * pits - 1)
}

/// The rank of a board of `n = board.len()` pits (the mover's row
/// first): a number below [`positions`] for its seed count.
///
/// ```
/// use wari_egdb::{rank, unrank};
/// let board = [0, 3, 1, 0, 0, 2];
/// let index = rank(&board);
/// let mut back = [0; 6];
/// unrank(index, 6, &mut back);
/// assert_eq!(back, board);
/// ```
///
/// # Panics
/// When the board has more than 12 pits or more than 48 seeds.
#[inline]
#[must_use]
pub fn rank(board: &[u8]) -> u64 {
    let n = board.len();
    let mut index = 0;
    let mut bar = 0usize;
    for (j, &seeds) in board[..n - 1].iter().enumerate() {
        bar += usize::from(seeds);
        index += binomial(bar + j, j + 1);
    }
    index
}

/// The rank of a board with its two rows of `m` pits swapped: the index
/// of a position in which North is to move.
#[inline]
pub(crate) fn rank_swapped(board: &[u8], m: usize) -> u64 {
    let n = 2 * m;
    let mut index = 0;
    let mut bar = 0usize;
    for j in 0..n - 1 {
        let pit = if j < m { j + m } else { j - m };
        bar += usize::from(board[pit]);
        index += binomial(bar + j, j + 1);
    }
    index
}

/// The board of rank `index` with `seeds` seeds, written into `board`
/// (whose length is the number of pits).
///
/// # Panics
/// When `index` is not below [`positions`]`(board.len() / 2, seeds)`.
pub fn unrank(index: u64, seeds: usize, board: &mut [u8]) {
    let n = board.len();
    assert!(index < binomial(seeds + n - 1, n - 1), "index out of range");
    let mut rest = index;
    // The bars' places from the last down, each the largest that fits.
    let mut above = seeds + n - 1;
    let mut prefix_above = seeds;
    for j in (0..n - 1).rev() {
        let mut s = above - 1;
        while binomial(s, j + 1) > rest {
            s -= 1;
        }
        rest -= binomial(s, j + 1);
        let prefix = s - j;
        board[j + 1] = (prefix_above - prefix) as u8;
        prefix_above = prefix;
        above = s;
    }
    board[0] = prefix_above as u8;
}

/// Steps a board to the one of the next rank; false (board unchanged)
/// after the last.
///
/// ```
/// use wari_egdb::{next_board, rank};
/// let mut board = [0, 0, 2];
/// let mut count = 1;
/// while next_board(&mut board) {
///     assert_eq!(rank(&board), count);
///     count += 1;
/// }
/// assert_eq!(count, 6); // C(4, 2)
/// assert_eq!(board, [2, 0, 0]);
/// ```
#[inline]
pub fn next_board(board: &mut [u8]) -> bool {
    // The smallest bar that can move up is the one before the first
    // non-empty pit after pit 0; the seeds before it gather in the pit
    // before that bar.
    let Some(j) = board[1..].iter().position(|&s| s > 0) else {
        return false;
    };
    let first = board[0];
    board[0] = 0;
    board[j] = first + 1;
    board[j + 1] -= 1;
    true
}
