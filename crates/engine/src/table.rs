//! The transposition table: positions seen by the search, shared by all
//! search threads without locks.

use std::sync::atomic::{AtomicU64, Ordering};

use wari_rules::Position;

use crate::proof::Proof;
use crate::score::Value;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact (at its depth).
    Exact,
    /// The true value is at least this (a beta cutoff).
    Lower,
    /// The true value is at most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub value: Value,
    pub depth: u8,
    pub bound: Bound,
    /// The best move's column, if one was found.
    pub column: Option<u8>,
    /// What is proven of the value in real margins.
    pub proof: Proof,
    /// The low bits of the position's path hash when stored (as many as
    /// [`Table::path_mask`] keeps): a proof holds only for the positions
    /// since the last capture it was found with, since the cycle rule
    /// looks back at them.
    pub path: u64,
}

// The data word: value (22 bits, signed), depth (8), bound (2), column + 1
// (3), generation (8), proof (2), path (its low 19 bits; the next ones are
// in the check word, see `Table`).
const DEPTH_AT: u32 = 22;
const BOUND_AT: u32 = 30;
const COLUMN_AT: u32 = 32;
const GENERATION_AT: u32 = 35;
const PROOF_AT: u32 = 43;
const PATH_AT: u32 = 45;
/// The bits of a path hash kept in the data word.
const PATH_MASK: u64 = (1 << 19) - 1;
/// Bits of the path hash in the data word.
const PATH_BITS: u32 = 19;

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let column = self.column.map_or(0, |c| u64::from(c) + 1);
        debug_assert!(self.value.unsigned_abs() < 1 << 21, "a value in 22 bits");
        u64::from(self.value as u32 & ((1 << 22) - 1))
            | u64::from(self.depth) << DEPTH_AT
            | bound << BOUND_AT
            | column << COLUMN_AT
            | u64::from(generation) << GENERATION_AT
            | u64::from(self.proof.bits()) << PROOF_AT
            | (self.path & PATH_MASK) << PATH_AT
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> BOUND_AT) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let column = ((data >> COLUMN_AT) & 7) as u8;
        Some(Entry {
            // Sign-extended from 22 bits.
            value: ((data as u32) << 10) as i32 >> 10,
            depth: (data >> DEPTH_AT) as u8,
            bound,
            column: column.checked_sub(1),
            proof: Proof::from_bits((data >> PROOF_AT) as u8),
            path: (data >> PATH_AT) & PATH_MASK,
        })
    }
}

/// The generation a data word was stored in.
fn generation_of(data: u64) -> u8 {
    (data >> GENERATION_AT) as u8
}

/// The 64-bit hash of a position: board, player to move and counts.
#[inline]
pub(crate) fn hash(p: &Position) -> u64 {
    // Bytes 12..16 of the key are free but for the turn in byte 15: the
    // counts go in byte 14 (South's count decides North's).
    let key = p.key() | u128::from(p.captured(wari_rules::Side::South)) << 112;
    let lo = key as u64;
    let hi = (key >> 64) as u64;
    let x = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.rotate_left(29);
    let x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^ (x >> 29)
}

/// A fixed-size table of `2^k` slots, each two words: the check word and
/// the data. The check word is the key xor the data above its low `k` bits
/// (a torn write from another thread reads as a miss, but for two writes
/// of one position whose data differ only in those bits, the value's in
/// the default size: the data read is then one of them, whole), and in
/// those bits,
/// which the slot's index says of the key already, the path hash's bits
/// above the data's 19: a path of `19 + k` bits (41 in the default 64 MB),
/// where 19 alone let a proof found after other positions pass for this
/// path's once in 2^19 (`docs/PERFORMANCE.md`, "Path bits").
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    generation: std::sync::atomic::AtomicU8,
}

impl Table {
    /// A table of about `mb` megabytes (a power of two slots, at least
    /// 1024).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) << 20;
        let slots = (bytes / 16).next_power_of_two().max(1024);
        let slots = if slots * 16 > bytes { slots / 2 } else { slots }.max(1024);
        Table {
            slots: (0..slots)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: slots - 1,
            generation: std::sync::atomic::AtomicU8::new(0),
        }
    }

    /// Forgets every position.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    /// Marks a new search: older entries are replaced first.
    pub fn next_generation(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The bits of a path hash an entry keeps: 19 in the data word, and
    /// as many as the slot index takes of the key in the check word.
    pub fn path_mask(&self) -> u64 {
        (1u64 << (PATH_BITS + self.mask.count_ones())) - 1
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        let high = !(self.mask as u64);
        if (check ^ data) & high == key & high {
            Entry::unpack(data).map(|e| Entry {
                path: e.path | (check & self.mask as u64) << PATH_BITS,
                ..e
            })
        } else {
            None
        }
    }

    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let generation = self.generation.load(Ordering::Relaxed);
        let old = slot[1].load(Ordering::Relaxed);
        let high = !(self.mask as u64);
        let same = (slot[0].load(Ordering::Relaxed) ^ old) & high == key & high;
        // Keep a deeper result of this search for another position.
        if !same
            && generation_of(old) == generation
            && Entry::unpack(old).is_some_and(|e| e.depth > entry.depth)
        {
            return;
        }
        // Keep the best move of a shallower search of the same position.
        let entry = if same && entry.column.is_none() {
            Entry {
                column: Entry::unpack(old).and_then(|e| e.column),
                ..entry
            }
        } else {
            entry
        };
        let data = entry.pack(generation);
        let check = ((key ^ data) & high) | ((entry.path >> PATH_BITS) & self.mask as u64);
        slot[0].store(check, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// Permille of slots used by the current search (from the first
    /// thousand).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let data = s[1].load(Ordering::Relaxed);
                Entry::unpack(data).is_some() && generation_of(data) == generation
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_the_table() {
        let table = Table::new(1);
        let entry = Entry {
            value: -123_456,
            depth: 17,
            bound: Bound::Lower,
            column: Some(5),
            proof: Proof::AT_LEAST,
            path: table.path_mask(),
        };
        table.store(42, entry);
        assert_eq!(table.probe(42), Some(entry));
        assert_eq!(table.probe(43), None);
        let proven_loss = Entry {
            value: -548_000,
            depth: 0,
            bound: Bound::Upper,
            column: None,
            proof: Proof::EXACT,
            path: 0,
        };
        table.store(44, proven_loss);
        assert_eq!(table.probe(44), Some(proven_loss));
        table.clear();
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn positions_with_other_counts_hash_apart() {
        let rules = wari_rules::Rules::default();
        let a = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 S 23-23", rules).unwrap();
        let b = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 S 22-24", rules).unwrap();
        let c = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 N 23-23", rules).unwrap();
        assert_ne!(hash(&a), hash(&b));
        assert_ne!(hash(&a), hash(&c));
    }
}
