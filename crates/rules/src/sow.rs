//! Oware sowing and captures on a bare board, with tables built at compile
//! time: a sowing is one 128-bit addition.
//!
//! A board is 16 bytes: pits `0..m` are South's, `m..2m` North's, the rest
//! stay zero. No pit ever holds more than [`Position::MAX_TOTAL_SEEDS`] (192), so
//! adding whole boards as `u128` never carries from one pit into the next.
//!
//! [`Position::MAX_TOTAL_SEEDS`]: crate::Position::MAX_TOTAL_SEEDS

use crate::Side;

/// A board: pits `0..2m`, then zeros.
pub(crate) type Board = [u8; 16];

/// `SOW[m - 1][origin][rest]`: one seed in each of the `rest` pits after
/// `origin` on a board of `m` pits a row (`rest < 2m - 1`, so the origin
/// is never reached).
static SOW: [[[u128; 12]; 12]; 6] = sow_table();

/// `LAP[m - 1][origin]`: one seed in every pit but `origin`.
static LAP: [[u128; 12]; 6] = lap_table();

const fn sow_table() -> [[[u128; 12]; 12]; 6] {
    let mut table = [[[0; 12]; 12]; 6];
    let mut m = 1;
    while m <= 6 {
        let pits = 2 * m;
        let mut origin = 0;
        while origin < pits {
            let mut rest = 1;
            while rest < pits - 1 {
                let pit = (origin + rest) % pits;
                table[m - 1][origin][rest] = table[m - 1][origin][rest - 1] + (1u128 << (8 * pit));
                rest += 1;
            }
            origin += 1;
        }
        m += 1;
    }
    table
}

const fn lap_table() -> [[u128; 12]; 6] {
    let mut table = [[0; 12]; 6];
    let mut m = 1;
    while m <= 6 {
        let pits = 2 * m;
        let mut origin = 0;
        while origin < pits {
            let mut pit = 0;
            while pit < pits {
                if pit != origin {
                    table[m - 1][origin] += 1u128 << (8 * pit);
                }
                pit += 1;
            }
            origin += 1;
        }
        m += 1;
    }
    table
}

/// Sows the seeds of `origin` counterclockwise, skipping the origin on
/// laps (RULES.md §2.1); returns the pit of the last seed. The origin must
/// hold a seed.
#[inline(always)]
pub(crate) fn sow(board: &mut Board, m: usize, origin: usize) -> usize {
    let pits = 2 * m;
    let others = pits - 1;
    let seeds = usize::from(board[origin]);
    board[origin] = 0;
    let (laps, rest) = if seeds < others {
        (0, seeds)
    } else {
        (seeds / others, seeds % others)
    };
    let mut sum = u128::from_le_bytes(*board) + SOW[m - 1][origin][rest];
    if laps > 0 {
        sum += laps as u128 * LAP[m - 1][origin];
    }
    *board = sum.to_le_bytes();
    if rest == 0 {
        // Whole laps end just before the origin.
        if origin == 0 { pits - 1 } else { origin - 1 }
    } else if origin + rest >= pits {
        origin + rest - pits
    } else {
        origin + rest
    }
}

/// The seeds of a row, as the low `8m` bits of a `u64`.
#[inline]
pub(crate) fn row_bits(board: &Board, m: usize, side: Side) -> u64 {
    let base = side.index() * m;
    let bytes: [u8; 8] = board[base..base + 8]
        .try_into()
        .expect("a row fits in 8 bytes");
    u64::from_le_bytes(bytes) & (u64::MAX >> (64 - 8 * m))
}

/// The seeds on a row.
#[inline]
pub(crate) fn row_sum(board: &Board, m: usize, side: Side) -> u8 {
    // Each byte's running sum stays below 256 (at most 192 seeds), so the
    // top byte of the product is the sum of all bytes.
    (row_bits(board, m, side).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

/// Columns of `side`'s row that hold seeds, as bits; with `feed`, only
/// those whose seeds reach the opponent's row (RULES.md §2.4).
///
/// All columns at once: column `c` is movable when its seeds reach
/// `c`'s threshold, 1 (a seed) or, when feeding, `m - c` (the
/// opponent's first pit); the comparison is done in each byte's top bit.
#[inline]
pub(crate) fn movable(board: &Board, m: usize, side: Side, feed: bool) -> u8 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let seeds = row_bits(board, m, side);
    let threshold = if feed {
        FEED[m - 1]
    } else {
        0x0101_0101_0101_0101
    };
    // Below 128 seeds, `seeds + 128 - threshold` has its top bit set when
    // seeds >= threshold, and no byte carries into the next; from 128 on
    // the seeds' own top bit says so.
    let low = seeds & !HIGH;
    let reached = ((low + (HIGH - threshold)) | seeds) & HIGH;
    // Gathers the top bit of byte c into bit c.
    let mask = ((reached >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    mask & ((1 << m) - 1)
}

/// `FEED[m - 1]`: byte `c` holds `m - c`, the seeds column `c` needs to
/// reach the opponent's row (1 past the row: never reached).
static FEED: [u64; 6] = feed_table();

const fn feed_table() -> [u64; 6] {
    let mut table = [0; 6];
    let mut m = 1;
    while m <= 6 {
        let mut c = 0;
        while c < 8 {
            let need = if c < m { m - c } else { 1 };
            table[m - 1] |= (need as u64) << (8 * c);
            c += 1;
        }
        m += 1;
    }
    table
}

/// What an Oware sowing ending in a pit would capture (RULES.md §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Capture {
    /// The seeds in the chain.
    pub taken: u8,
    /// The seeds that would be left on the opponent's row: 0 for a grand
    /// slam (when `taken > 0`).
    pub left: u8,
    /// The chain is the pits `first..=last`.
    pub first: usize,
}

/// The capture chain of a sowing whose last seed fell in `last`.
#[inline]
pub(crate) fn capture_chain(board: &Board, m: usize, mover: Side, last: usize) -> Capture {
    let low = mover.opposite().index() * m;
    let none = Capture {
        taken: 0,
        left: 0,
        first: last + 1,
    };
    if last < low || last >= low + m || !(2..=3).contains(&board[last]) {
        return none;
    }
    let mut taken = 0;
    let mut first = last;
    loop {
        taken += board[first];
        if first == low || !(2..=3).contains(&board[first - 1]) {
            break;
        }
        first -= 1;
    }
    Capture {
        taken,
        left: row_sum(board, m, mover.opposite()) - taken,
        first,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sowing one seed at a time, as RULES.md §2.1 says it.
    fn sow_slowly(board: &mut Board, m: usize, origin: usize) -> usize {
        let mut seeds = board[origin];
        board[origin] = 0;
        let mut pit = origin;
        while seeds > 0 {
            pit = (pit + 1) % (2 * m);
            if pit != origin {
                board[pit] += 1;
                seeds -= 1;
            }
        }
        pit
    }

    #[test]
    fn table_sowing_equals_sowing_seed_by_seed() {
        for m in 1..=6 {
            for origin in 0..2 * m {
                for seeds in 1..=60u8 {
                    let mut board: Board = [0; 16];
                    for (i, pit) in board[..2 * m].iter_mut().enumerate() {
                        *pit = (i * 7 % 5) as u8;
                    }
                    board[origin] = seeds;
                    let mut slow = board;
                    let last = sow(&mut board, m, origin);
                    assert_eq!(
                        last,
                        sow_slowly(&mut slow, m, origin),
                        "m={m} origin={origin} seeds={seeds}"
                    );
                    assert_eq!(board, slow, "m={m} origin={origin} seeds={seeds}");
                }
            }
        }
    }

    #[test]
    fn row_sums_and_movable_pits() {
        let mut board: Board = [0; 16];
        board[..12].copy_from_slice(&[3, 0, 1, 0, 2, 1, 0, 0, 0, 0, 0, 9]);
        assert_eq!(row_sum(&board, 6, Side::South), 7);
        assert_eq!(row_sum(&board, 6, Side::North), 9);
        assert_eq!(movable(&board, 6, Side::South, false), 0b110101);
        assert_eq!(movable(&board, 6, Side::South, true), 0b110000);
        assert_eq!(row_sum(&board, 3, Side::North), 3);
    }
}
