//! The transposition table of the Kalah prover: bounds of the seeds still
//! to be won from a board, keyed by the board seen from the player to
//! move, so that positions reached with different stores share an entry.

/// The board of a position seen from the player to move (their row
/// first, then the opponent's), one byte a pit, packed into the low 96
/// bits. Never 0 for a game not over (both rows hold seeds).
pub(crate) type BoardKey = u128;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Two entries a bucket: the first kept for the largest search, the
/// second always replaced.
const WAYS: usize = 2;

/// Bits of an entry above the 96 of the board.
const LO_SHIFT: u32 = 96;
const HI_SHIFT: u32 = 105;
const MOVE_SHIFT: u32 = 114;
const WORK_SHIFT: u32 = 117;
/// Values are stored plus this offset, in 9 bits.
const OFFSET: i32 = 256;
const BOARD_MASK: u128 = (1 << 96) - 1;
/// No best move known.
pub(crate) const NO_MOVE: u8 = 7;

/// What the table knows of a board: the value lies in `lo..=hi`; `best`
/// is the column of the move that last proved a bound (or [`NO_MOVE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lo: i32,
    pub hi: i32,
    pub best: u8,
}

/// A fixed-size table of [`Bounds`], each entry one `u128`: the whole
/// board (so a hit is never a collision), the bounds, the best move and
/// the log₂ of the nodes its search took (what the replacement keeps).
///
/// Threads share it without locks: an entry is two 64-bit words, the
/// high one stored mixed with the low one, so an entry read while another
/// thread writes it (one word of each) unmixes into a board that is not
/// the one asked for (the top 32 bits of the board are in the high word)
/// and is not taken. Lost updates only lose knowledge: every entry
/// written is a bound some search proved.
#[derive(Debug)]
pub(crate) struct Transpositions {
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
}

/// What the high word of an entry is stored mixed with.
#[inline]
const fn mix(low: u64) -> u64 {
    low.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(32)
}

impl Transpositions {
    /// A table of `bytes` bytes at most (rounded down to a power of two
    /// buckets, at least one).
    pub(crate) fn new(bytes: usize) -> Transpositions {
        let buckets = (bytes / (16 * WAYS)).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let n = buckets * WAYS;
        // Filled now, in order, rather than page by page at random during
        // the search (measured: 8.4 to 8.9 s for Kalah(6,4) so, 10.2 to
        // 11.1 s with lazily zeroed pages).
        let entries = (0..n)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        Transpositions {
            entries,
            mask: buckets - 1,
        }
    }

    #[inline]
    fn load(&self, at: usize) -> u128 {
        let [low, high] = &self.entries[at];
        let low = low.load(Relaxed);
        let high = high.load(Relaxed) ^ mix(low);
        u128::from(high) << 64 | u128::from(low)
    }

    #[inline]
    fn store(&self, at: usize, entry: u128) {
        let low = entry as u64;
        let [l, h] = &self.entries[at];
        l.store(low, Relaxed);
        h.store((entry >> 64) as u64 ^ mix(low), Relaxed);
    }

    #[inline]
    fn bucket(&self, key: BoardKey) -> usize {
        // A multiplicative mix of both halves of the board.
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let h = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 20) as usize & self.mask) * WAYS
    }

    /// The bounds known for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: BoardKey) -> Option<Bounds> {
        let at = self.bucket(key);
        (at..at + WAYS)
            .map(|i| self.load(i))
            .find(|&e| e & BOARD_MASK == key)
            .map(unpack)
    }

    /// Records bounds for `key` found by a search of `nodes` nodes; bounds
    /// already there for the same board are intersected with them.
    #[inline]
    pub(crate) fn put(&self, key: BoardKey, mut bounds: Bounds, nodes: u64) {
        let at = self.bucket(key);
        let work = (u64::BITS - nodes.leading_zeros()).min(63) as u128;
        let [first, second] = [at, at + 1];
        let (in_first, in_second) = (self.load(first), self.load(second));
        let (slot, old) = if in_first & BOARD_MASK == key {
            (first, in_first)
        } else if in_second & BOARD_MASK == key {
            (second, in_second)
        } else if work >= in_first >> WORK_SHIFT {
            // The larger search takes the first way; what it held moves
            // to the second.
            self.store(second, in_first);
            (first, in_first)
        } else {
            (second, in_second)
        };
        let mut kept_work = work;
        if old & BOARD_MASK == key {
            let known = unpack(old);
            bounds.lo = bounds.lo.max(known.lo);
            bounds.hi = bounds.hi.min(known.hi);
            if bounds.best == NO_MOVE {
                bounds.best = known.best;
            }
            kept_work = kept_work.max(old >> WORK_SHIFT);
        }
        self.store(
            slot,
            key | ((bounds.lo + OFFSET) as u128) << LO_SHIFT
                | ((bounds.hi + OFFSET) as u128) << HI_SHIFT
                | u128::from(bounds.best) << MOVE_SHIFT
                | kept_work << WORK_SHIFT,
        );
    }
}

#[inline]
fn unpack(e: u128) -> Bounds {
    Bounds {
        lo: ((e >> LO_SHIFT) & 0x1ff) as i32 - OFFSET,
        hi: ((e >> HI_SHIFT) & 0x1ff) as i32 - OFFSET,
        best: ((e >> MOVE_SHIFT) & 7) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_the_same_board_are_intersected() {
        let table = Transpositions::new(1 << 10);
        let key = 0x0304_0506_0708_0102_0304_0506;
        table.put(
            key,
            Bounds {
                lo: -10,
                hi: 12,
                best: 2,
            },
            100,
        );
        table.put(
            key,
            Bounds {
                lo: -4,
                hi: 20,
                best: NO_MOVE,
            },
            5,
        );
        assert_eq!(
            table.get(key),
            Some(Bounds {
                lo: -4,
                hi: 12,
                best: 2
            })
        );
        assert_eq!(table.get(key + 1), None);
    }

    /// An entry read half before and half after another thread wrote it
    /// is taken for neither board.
    #[test]
    fn a_torn_entry_is_not_taken() {
        let table = Transpositions::new(1 << 10);
        let bounds = Bounds {
            lo: 2,
            hi: 4,
            best: 1,
        };
        // Two boards of the same bucket, whose low words differ.
        let a: BoardKey = 0x0000_0001_0203_0405_0607_0809;
        let b = (1..)
            .map(|i: u128| a + (i << 40) + (1 << 72))
            .find(|&b| table.bucket(b) == table.bucket(a))
            .unwrap();
        table.put(a, bounds, 10);
        let at = table.bucket(a);
        let low_a = table.entries[at][0].load(Relaxed);
        table.put(b, bounds, 1000);
        let slot = (at..at + WAYS)
            .find(|&i| table.load(i) & BOARD_MASK == b)
            .unwrap();
        // The low word of `a`'s entry with the high word of `b`'s: unmixed
        // as they are, they would name a third board with `b`'s bounds.
        table.entries[slot][0].store(low_a, Relaxed);
        let third = (a & u128::from(u64::MAX)) | (b & BOARD_MASK & !u128::from(u64::MAX));
        assert!(third != a && third != b);
        let torn = table.load(slot) & BOARD_MASK;
        assert!(torn != a && torn != b && torn != third, "{torn:x}");
        assert_eq!(table.get(third), None);
        assert_eq!(table.get(b), None);
    }
}
