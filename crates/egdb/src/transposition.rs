//! The transposition table of the Kalah prover: bounds of the seeds still
//! to be won from a board, keyed by the board seen from the player to
//! move, so that positions reached with different stores share an entry.

/// The board of a position seen from the player to move (their row
/// first, then the opponent's), one byte a pit, packed into the low 96
/// bits. Never 0 for a game not over (both rows hold seeds).
pub(crate) type BoardKey = u128;

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
#[derive(Debug)]
pub(crate) struct Transpositions {
    entries: Vec<u128>,
    mask: usize,
}

impl Transpositions {
    /// A table of `bytes` bytes at most (rounded down to a power of two
    /// buckets, at least one).
    pub(crate) fn new(bytes: usize) -> Transpositions {
        let buckets = (bytes / (16 * WAYS)).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Transpositions {
            entries: vec![0; buckets * WAYS],
            mask: buckets - 1,
        }
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
        self.entries[at..at + WAYS]
            .iter()
            .find(|&&e| e & BOARD_MASK == key)
            .map(|&e| unpack(e))
    }

    /// Records bounds for `key` found by a search of `nodes` nodes; bounds
    /// already there for the same board are intersected with them.
    #[inline]
    pub(crate) fn put(&mut self, key: BoardKey, mut bounds: Bounds, nodes: u64) {
        let at = self.bucket(key);
        let work = (u64::BITS - nodes.leading_zeros()).min(63) as u128;
        let [first, second] = [at, at + 1];
        let slot = if self.entries[first] & BOARD_MASK == key {
            first
        } else if self.entries[second] & BOARD_MASK == key {
            second
        } else if work >= self.entries[first] >> WORK_SHIFT {
            // The larger search takes the first way; what it held moves
            // to the second.
            self.entries[second] = self.entries[first];
            first
        } else {
            second
        };
        let old = self.entries[slot];
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
        self.entries[slot] = key
            | ((bounds.lo + OFFSET) as u128) << LO_SHIFT
            | ((bounds.hi + OFFSET) as u128) << HI_SHIFT
            | u128::from(bounds.best) << MOVE_SHIFT
            | kept_work << WORK_SHIFT;
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
        let mut table = Transpositions::new(1 << 10);
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
}
