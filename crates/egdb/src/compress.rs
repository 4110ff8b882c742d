//! The compressed payload of a table file (format version 2): blocks of
//! 512 values, each coded by rANS under a static order-1 model (the
//! previous value in index order is the context), so that one value is
//! read by decoding at most one block.
//!
//! Neighbouring boards in index order differ by one seed moved between
//! the mover's first pits, and their values are close: on the standard
//! board the previous value leaves about 2.5 bits of uncertainty where
//! the value alone has 3.3 (docs/ENDGAME.md gives the ratio per seed
//! count).
//!
//! ```text
//! model:   u16 symbols A, then A bytes (the stored bytes, in order),
//!          then A + 1 contexts of A u16 frequencies (context A: a
//!          block's first value), each context's summing to 2^11 or 0
//! index:   per 64 blocks a u64 offset into the data, then per block a
//!          u16 offset from its group's
//! data:    per block, the rANS state (u32 LE) then its bytes
//! ```
//!
//! Every count and offset is checked when a file is opened, and a
//! decoder never reads outside its data nor loops without bound, so a
//! damaged payload that slipped past the checksum still gives an error
//! or a wrong byte, never a panic.

use rayon::prelude::*;

/// Values a block: 2^9.
pub(crate) const BLOCK_LOG2: u32 = 9;
const BLOCK: usize = 1 << BLOCK_LOG2;
/// Blocks whose offsets share one `u64` (the group's blocks take at most
/// 64 × 709 bytes: a `u16` reaches any).
const GROUP: usize = 64;
/// Frequencies of a context sum to 2^SCALE.
const SCALE: u32 = 11;
const TOTAL: u32 = 1 << SCALE;
/// The lower bound of the rANS state: bytes go out and come in one at a
/// time to keep it in `LOW..LOW << 8`.
const LOW: u32 = 1 << 23;

/// A compressed table ready to probe: the model unpacked into decoding
/// tables, the index, the data.
#[derive(Debug)]
pub struct Compressed<B> {
    /// The stored byte of each symbol.
    bytes: Vec<u8>,
    /// Per context, `TOTAL` slots: symbol | frequency << 8 | start << 20.
    slots: Vec<u32>,
    /// Per block, its offset from its group's.
    blocks: Vec<u16>,
    /// Where the groups' offsets start in the payload.
    index_at: usize,
    /// Where the data start in the payload.
    data_start: usize,
    entries: u64,
    /// The whole payload (model, index, data).
    payload: B,
}

/// Why a compressed payload cannot be read.
pub(crate) type Damage = &'static str;

/// The model of a table: its symbols and each context's frequencies.
struct Model {
    bytes: Vec<u8>,
    /// `(A + 1) * A` frequencies.
    freqs: Vec<u16>,
}

impl Model {
    /// The model of `table`'s values.
    fn of(table: &[u8]) -> Model {
        let mut present = [false; 256];
        for chunk in table.chunks(1 << 20) {
            for &b in chunk {
                present[usize::from(b)] = true;
            }
        }
        let bytes: Vec<u8> = (0..=255u8).filter(|&b| present[usize::from(b)]).collect();
        let a = bytes.len();
        let mut symbol = [0u16; 256];
        for (s, &b) in bytes.iter().enumerate() {
            symbol[usize::from(b)] = s as u16;
        }
        // Counts per context, per block range in parallel.
        let counts = table
            .par_chunks(BLOCK * 256)
            .map(|part| {
                let mut counts = vec![0u64; (a + 1) * a];
                for block in part.chunks(BLOCK) {
                    let mut context = a;
                    for &b in block {
                        let s = usize::from(symbol[usize::from(b)]);
                        counts[context * a + s] += 1;
                        context = s;
                    }
                }
                counts
            })
            .reduce(
                || vec![0u64; (a + 1) * a],
                |mut x, y| {
                    for (x, y) in x.iter_mut().zip(y) {
                        *x += y;
                    }
                    x
                },
            );
        let freqs = counts.chunks(a).flat_map(normalise).collect();
        Model { bytes, freqs }
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.bytes.len() as u16).to_le_bytes());
        out.extend_from_slice(&self.bytes);
        for f in &self.freqs {
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
}

/// Frequencies summing to `TOTAL` (every count above 0 gets at least 1),
/// or all 0 for a context never seen.
fn normalise(counts: &[u64]) -> Vec<u16> {
    let sum: u64 = counts.iter().sum();
    if sum == 0 {
        return vec![0; counts.len()];
    }
    let mut freqs: Vec<u32> = counts
        .iter()
        .map(|&c| {
            if c == 0 {
                0
            } else {
                ((c as u128 * u128::from(TOTAL) / u128::from(sum)) as u32).max(1)
            }
        })
        .collect();
    // Rounding left the sum off: the difference goes to, or comes from,
    // the largest frequencies (none taken below 1).
    let mut total: u32 = freqs.iter().sum();
    while total != TOTAL {
        let largest = (0..freqs.len())
            .max_by_key(|&s| (freqs[s], std::cmp::Reverse(s)))
            .expect("a context seen has a symbol");
        if total < TOTAL {
            freqs[largest] += TOTAL - total;
            total = TOTAL;
        } else {
            let take = (total - TOTAL).min(freqs[largest] - 1);
            freqs[largest] -= take;
            total -= take;
        }
    }
    freqs.into_iter().map(|f| f as u16).collect()
}

/// The compressed payload of `table`.
pub(crate) fn compress(table: &[u8]) -> Vec<u8> {
    let model = Model::of(table);
    let mut out = Vec::new();
    model.write(&mut out);
    let a = model.bytes.len();
    let mut symbol = [0u8; 256];
    for (s, &b) in model.bytes.iter().enumerate() {
        symbol[usize::from(b)] = s as u8;
    }
    let cumulative: Vec<u16> = model
        .freqs
        .chunks(a)
        .flat_map(|f| {
            f.iter()
                .scan(0u16, |c, &f| {
                    let start = *c;
                    *c += f;
                    Some(start)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    // Each group of blocks coded on its own, in parallel.
    let groups: Vec<Vec<Vec<u8>>> = table
        .par_chunks(BLOCK * GROUP)
        .map(|group| {
            group
                .chunks(BLOCK)
                .map(|block| encode(block, &symbol, &model.freqs, &cumulative, a))
                .collect()
        })
        .collect();
    let blocks = table.len().div_ceil(BLOCK);
    let mut offset = 0u64;
    let mut group_offsets = Vec::with_capacity(groups.len());
    let mut block_offsets = Vec::with_capacity(blocks);
    for group in &groups {
        group_offsets.push(offset);
        let mut within = 0usize;
        for block in group {
            block_offsets.push(u16::try_from(within).expect("a group fits 64 KiB"));
            within += block.len();
        }
        offset += within as u64;
    }
    for o in &group_offsets {
        out.extend_from_slice(&o.to_le_bytes());
    }
    for o in &block_offsets {
        out.extend_from_slice(&o.to_le_bytes());
    }
    for block in groups.iter().flatten() {
        out.extend_from_slice(block);
    }
    out
}

/// One block coded by rANS, backwards, so that it decodes forwards.
fn encode(
    block: &[u8],
    symbol: &[u8; 256],
    freqs: &[u16],
    cumulative: &[u16],
    a: usize,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(block.len() / 2);
    let mut x = LOW;
    for i in (0..block.len()).rev() {
        let s = usize::from(symbol[usize::from(block[i])]);
        let context = if i == 0 {
            a
        } else {
            usize::from(symbol[usize::from(block[i - 1])])
        };
        let f = u32::from(freqs[context * a + s]);
        let start = u32::from(cumulative[context * a + s]);
        let max = ((LOW >> SCALE) << 8) * f;
        while x >= max {
            out.push(x as u8);
            x >>= 8;
        }
        x = ((x / f) << SCALE) + (x % f) + start;
    }
    // Reversed, the bytes read forwards: the state first, little-endian
    // (its big-endian bytes reversed), then the renormalisation bytes from
    // the last written.
    out.extend_from_slice(&x.to_be_bytes());
    out.reverse();
    out
}

impl<B: AsRef<[u8]>> Compressed<B> {
    /// Reads the model and index of a compressed payload of `entries`
    /// values.
    pub(crate) fn new(payload: B, entries: u64) -> Result<Compressed<B>, Damage> {
        let p = payload.as_ref();
        let u16_at = |at: usize| -> Result<u16, Damage> {
            p.get(at..at + 2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .ok_or("the model is cut short")
        };
        let a = usize::from(u16_at(0)?);
        if a == 0 || a > 256 {
            return Err("bad symbol count");
        }
        let bytes = p.get(2..2 + a).ok_or("the model is cut short")?.to_vec();
        let freqs_at = 2 + a;
        let mut slots = vec![0u32; (a + 1) * TOTAL as usize];
        for context in 0..=a {
            let mut start = 0u32;
            for s in 0..a {
                let f = u32::from(u16_at(freqs_at + 2 * (context * a + s))?);
                if start + f > TOTAL {
                    return Err("frequencies above the total");
                }
                for slot in start..start + f {
                    slots[context * TOTAL as usize + slot as usize] =
                        s as u32 | f << 8 | start << 20;
                }
                start += f;
            }
            if start != TOTAL && start != 0 {
                return Err("frequencies do not sum to the total");
            }
        }
        let index_at = freqs_at + 2 * (a + 1) * a;
        let blocks = usize::try_from(entries.div_ceil(BLOCK as u64)).map_err(|_| "too many")?;
        let group_count = blocks.div_ceil(GROUP);
        let blocks_at = index_at + 8 * group_count;
        let data_start = blocks_at + 2 * blocks;
        if p.len() < data_start {
            return Err("the index is cut short");
        }
        let data_len = (p.len() - data_start) as u64;
        // Each group's absolute offset then its blocks' relative ones,
        // checked to lie in the data.
        for g in 0..group_count {
            let at = index_at + 8 * g;
            let offset = u64::from_le_bytes(p[at..at + 8].try_into().expect("8 bytes"));
            if offset > data_len {
                return Err("an offset past the data");
            }
            for b in g * GROUP..((g + 1) * GROUP).min(blocks) {
                let within = u16_at(blocks_at + 2 * b)?;
                if offset + u64::from(within) > data_len {
                    return Err("an offset past the data");
                }
            }
        }
        Ok(Compressed {
            bytes,
            slots,
            index_at,
            blocks: p[blocks_at..data_start]
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect(),
            data_start,
            entries,
            payload,
        })
    }

    /// Values in the table.
    pub(crate) const fn len(&self) -> u64 {
        self.entries
    }

    /// The payload: model, index and data.
    pub(crate) fn payload(&self) -> &[u8] {
        self.payload.as_ref()
    }

    fn group_offset(&self, group: usize) -> usize {
        let p = self.payload.as_ref();
        let at = self.index_at + 8 * group;
        u64::from_le_bytes(p[at..at + 8].try_into().expect("8 bytes")) as usize
    }

    /// The data of block `b`: from its offset to the end of the data
    /// (a decoder stops at its last value).
    fn block_data(&self, b: usize) -> &[u8] {
        let start = self.data_start + self.group_offset(b / GROUP) + usize::from(self.blocks[b]);
        &self.payload.as_ref()[start.min(self.payload.as_ref().len())..]
    }

    /// The stored byte of value `index` (below [`Compressed::len`]).
    #[inline]
    pub(crate) fn get(&self, index: u64) -> u8 {
        let b = (index >> BLOCK_LOG2) as usize;
        let last = (index as usize) & (BLOCK - 1);
        let mut out = 0;
        self.decode(b, last + 1, |_, byte| out = byte);
        out
    }

    /// Decodes the first `count` values of block `b`, giving each to `f`
    /// with its place in the block.
    #[inline]
    fn decode(&self, b: usize, count: usize, mut f: impl FnMut(usize, u8)) {
        let data = self.block_data(b);
        let Some(state) = data.get(..4) else {
            return;
        };
        let mut x = u32::from_le_bytes(state.try_into().expect("4 bytes"));
        let mut next = 4;
        let a = self.bytes.len();
        let mut context = a;
        for i in 0..count {
            let slot = x & (TOTAL - 1);
            let entry = self.slots[context * TOTAL as usize + slot as usize];
            let s = (entry & 0xff) as usize;
            let freq = (entry >> 8) & 0xfff;
            let start = entry >> 20;
            f(i, self.bytes[s.min(a - 1)]);
            // A slot of no symbol (a damaged file): frequency 0.
            x = freq.max(1) * (x >> SCALE) + slot - start.min(slot);
            while x < LOW {
                let byte = data.get(next).copied().unwrap_or(0);
                next += 1;
                x = x << 8 | u32::from(byte);
            }
            context = s.min(a - 1);
        }
    }

    /// Every value, decoded in parallel.
    pub(crate) fn decompress(&self) -> Vec<u8>
    where
        B: Sync,
    {
        let mut table = vec![0u8; self.entries as usize];
        table
            .par_chunks_mut(BLOCK)
            .enumerate()
            .for_each(|(b, out)| {
                let len = out.len();
                self.decode(b, len, |i, byte| out[i] = byte);
            });
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::{Quiet, build_layer};
    use crate::table_rules::TableRules;

    fn round_trip(table: &[u8]) -> usize {
        let payload = compress(table);
        let compressed = Compressed::new(&payload[..], table.len() as u64).unwrap();
        for (i, &byte) in table.iter().enumerate() {
            assert_eq!(compressed.get(i as u64), byte, "value {i}");
        }
        assert!(compressed.decompress() == table);
        payload.len()
    }

    /// Real tables decode to themselves, value by value and whole, and
    /// take less room than half their boards.
    #[test]
    fn tables_decode_to_themselves() {
        let rules = TableRules::new(&"wari,pits=4,cycle=even".parse().unwrap());
        let mut layers: Vec<Vec<u8>> = Vec::new();
        for seeds in 0..=11 {
            let table = build_layer(&rules, seeds, &layers[..], &Quiet);
            let size = round_trip(&table);
            if seeds >= 8 {
                assert!(
                    size * 2 < table.len(),
                    "{seeds} seeds: {size} of {}",
                    table.len()
                );
            }
            layers.push(table);
        }
    }

    /// Odd payloads: one value, one value repeated across groups, every
    /// byte at random (the largest blocks a model can make).
    #[test]
    fn odd_tables_decode_to_themselves() {
        round_trip(&[0x85]);
        round_trip(&vec![3; BLOCK * GROUP * 2 + 17]);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let random: Vec<u8> = (0..BLOCK * GROUP * 3 + 5)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect();
        round_trip(&random);
    }

    /// A damaged payload is an error or wrong bytes, never a panic.
    #[test]
    fn a_damaged_payload_does_not_panic() {
        let table: Vec<u8> = (0..5000u32).map(|i| (i % 7) as u8).collect();
        let payload = compress(&table);
        for at in (0..payload.len()).step_by(7) {
            let mut bad = payload.clone();
            bad[at] ^= 0x5a;
            if let Ok(c) = Compressed::new(&bad[..], table.len() as u64) {
                let _ = c.decompress();
            }
        }
        assert!(Compressed::new(&payload[..10], table.len() as u64).is_err());
    }
}
