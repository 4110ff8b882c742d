//! The compressed payload of a table file (format version 2): blocks of
//! 128 values, each coded by rANS under a static model whose context is
//! the previous value and how the value "above" compares with it, so that
//! one value is read by decoding at most one block.
//!
//! In index order the boards come in runs in which the mover's first two
//! pits trade seeds, `(0, r), (1, r - 1), ..., (r, 0)`, the other pits
//! fixed; the next run moves one seed further up the board. The value
//! *above* a board is that of the board with as many seeds in the first
//! pit in the previous run. Neighbours' values are close: given the
//! previous one and the difference of the one above to it (clamped to
//! ±3), a value of the standard board's `abapa` table of 20 seeds
//! carries 2.37 bits, of the `wari,cycle=even` table of 16 seeds 3.04;
//! more context (the one above exactly, the seeds in the mover's row, the
//! empty pits) takes less than 0.2 bits off (`docs/PERFORMANCE.md` gives
//! the sizes and probe times per seed count).
//!
//! ```text
//! model:   u8 log2 of the values a block (6 to 9: 7 written), u16 symbols A, then A
//!          bytes (the stored bytes, in order), then for each of the
//!          (A + 1) × 8 contexts a u16 count of symbols seen in it and
//!          as many (u8 symbol, u16 frequency), the frequencies summing
//!          to 2^10 (context c × 8 + d: previous symbol c, A for none; d
//!          the value above minus the previous, clamped to -3..=3, plus
//!          3, or 7 for none)
//! index:   per 64 blocks a u64 offset into the data, then per block a
//!          u16 offset from its group's
//! data:    per block, the rANS state (u32 LE) then its 16-bit words
//!          (LE), read as the state falls below 2^16
//! ```
//!
//! Every count and offset is checked when a file is opened, and a
//! decoder never reads outside its data nor loops without bound, so a
//! damaged payload that slipped past the checksum gives an error or a
//! wrong byte, never a panic.

use rayon::prelude::*;

use crate::index::{MAX_BOARD, next_board, positions, unrank};
use crate::value::Value;

/// Values a block: 2^7 (docs/PERFORMANCE.md: 2^8 is 6% smaller and
/// takes 1.7 times as long to probe).
const BLOCK_LOG2: u32 = 7;
/// Blocks whose offsets share one `u64` (a group's blocks take at most
/// 64 × 709 bytes: a `u16` reaches any).
const GROUP: usize = 64;
/// Frequencies of a context sum to 2^SCALE.
const SCALE: u32 = 10;
const TOTAL: u32 = 1 << SCALE;
/// The lower bound of the rANS state: 16 bits go out and come in at a
/// time to keep it in `LOW..LOW << 16`, so at most once a value (no loop
/// for the branch predictor to miss).
const LOW: u32 = 1 << 16;
/// Contexts per previous symbol: the value above minus the previous one
/// in `-3..=3`, or none.
const CLASSES: usize = 8;
const NO_CLASS: usize = 7;

/// Why a compressed payload cannot be read.
pub(crate) type Damage = &'static str;

/// The boards of a block in index order, and each one's context.
struct Walk<'s> {
    board: [u8; MAX_BOARD],
    cells: usize,
    /// The score of each symbol.
    scores: &'s [i8],
    /// The symbols of the run so far and of the one before, by the seeds
    /// in the first pit; which are known, as bits.
    run: [u8; 64],
    above: [u8; 64],
    run_known: u64,
    above_known: u64,
    /// The previous symbol (`scores.len()`: none).
    last: usize,
}

impl<'s> Walk<'s> {
    fn new(index: u64, cells: usize, seeds: usize, scores: &'s [i8]) -> Walk<'s> {
        let mut board = [0u8; MAX_BOARD];
        unrank(index, seeds, &mut board[..cells]);
        Walk {
            board,
            cells,
            scores,
            run: [0; 64],
            above: [0; 64],
            run_known: 0,
            above_known: 0,
            last: scores.len(),
        }
    }

    /// The context of the next value.
    #[inline]
    fn context(&self) -> usize {
        let first = usize::from(self.board[0]);
        let class = if self.last < self.scores.len() && self.above_known >> first & 1 == 1 {
            let above = self.scores[usize::from(self.above[first])];
            ((i32::from(above) - i32::from(self.scores[self.last])).clamp(-3, 3) + 3) as usize
        } else {
            NO_CLASS
        };
        self.last * CLASSES + class
    }

    /// Records the next value's symbol and steps to the next board.
    #[inline]
    fn advance(&mut self, symbol: usize) {
        let first = usize::from(self.board[0]);
        self.run[first] = symbol as u8;
        self.run_known |= 1 << first;
        self.last = symbol;
        next_board(&mut self.board[..self.cells]);
        if self.board[0] == 0 {
            // A new run: this one is now the one above.
            self.above = self.run;
            self.above_known = self.run_known;
            self.run_known = 0;
        }
    }
}

/// The symbols of a table (its distinct bytes, in order), each byte's
/// symbol, and each symbol's score.
fn alphabet(table: &[u8]) -> (Vec<u8>, [u8; 256], Vec<i8>) {
    let present = table
        .par_chunks(1 << 20)
        .map(|part| {
            let mut present = [false; 256];
            for &b in part {
                present[usize::from(b)] = true;
            }
            present
        })
        .reduce(
            || [false; 256],
            |mut x, y| {
                for (x, y) in x.iter_mut().zip(y) {
                    *x |= y;
                }
                x
            },
        );
    let bytes: Vec<u8> = (0..=255u8).filter(|&b| present[usize::from(b)]).collect();
    let mut symbol = [0u8; 256];
    for (s, &b) in bytes.iter().enumerate() {
        symbol[usize::from(b)] = s as u8;
    }
    let scores = bytes.iter().map(|&b| Value::score_of_byte(b)).collect();
    (bytes, symbol, scores)
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

/// The compressed payload of `table`, the table of `seeds` seeds on a
/// board of `cells` pits.
pub(crate) fn compress(table: &[u8], cells: usize, seeds: usize) -> Vec<u8> {
    compress_blocks(table, cells, seeds, BLOCK_LOG2)
}

/// [`compress`] in blocks of `2^block_log2` values (6 to 9).
pub(crate) fn compress_blocks(
    table: &[u8],
    cells: usize,
    seeds: usize,
    block_log2: u32,
) -> Vec<u8> {
    assert_eq!(table.len() as u64, positions(cells / 2, seeds));
    assert!((6..=9).contains(&block_log2));
    let block = 1usize << block_log2;
    let (bytes, symbol, scores) = alphabet(table);
    let a = bytes.len();
    let contexts = (a + 1) * CLASSES;
    // Each block's contexts, counted per group of blocks in parallel.
    let contexts_of = |b: usize, values: &[u8]| -> Vec<u16> {
        let mut walk = Walk::new((b * block) as u64, cells, seeds, &scores);
        values
            .iter()
            .map(|&v| {
                let c = walk.context() as u16;
                walk.advance(usize::from(symbol[usize::from(v)]));
                c
            })
            .collect()
    };
    let counts = table
        .par_chunks(block * GROUP)
        .enumerate()
        .map(|(g, group)| {
            let mut counts = vec![0u64; contexts * a];
            for (i, values) in group.chunks(block).enumerate() {
                let ctx = contexts_of(g * GROUP + i, values);
                for (&c, &v) in ctx.iter().zip(values) {
                    counts[usize::from(c) * a + usize::from(symbol[usize::from(v)])] += 1;
                }
            }
            counts
        })
        .reduce(
            || vec![0u64; contexts * a],
            |mut x, y| {
                for (x, y) in x.iter_mut().zip(y) {
                    *x += y;
                }
                x
            },
        );
    let freqs: Vec<u16> = counts.chunks(a).flat_map(normalise).collect();
    let starts: Vec<u16> = freqs
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
    let mut out = vec![block_log2 as u8];
    out.extend_from_slice(&(a as u16).to_le_bytes());
    out.extend_from_slice(&bytes);
    for context in freqs.chunks(a) {
        let seen = context.iter().filter(|&&f| f > 0).count();
        out.extend_from_slice(&(seen as u16).to_le_bytes());
        for (s, &f) in context.iter().enumerate().filter(|(_, f)| **f > 0) {
            out.push(s as u8);
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
    let groups: Vec<Vec<Vec<u8>>> = table
        .par_chunks(block * GROUP)
        .enumerate()
        .map(|(g, group)| {
            group
                .chunks(block)
                .enumerate()
                .map(|(i, values)| {
                    let ctx = contexts_of(g * GROUP + i, values);
                    encode(values, &ctx, &symbol, &freqs, &starts, a)
                })
                .collect()
        })
        .collect();
    let mut offset = 0u64;
    let mut group_offsets = Vec::with_capacity(groups.len());
    let mut block_offsets = Vec::new();
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
    values: &[u8],
    contexts: &[u16],
    symbol: &[u8; 256],
    freqs: &[u16],
    starts: &[u16],
    a: usize,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() / 2);
    let mut x = LOW;
    for (&v, &c) in values.iter().zip(contexts).rev() {
        let at = usize::from(c) * a + usize::from(symbol[usize::from(v)]);
        let f = u32::from(freqs[at]);
        let start = u32::from(starts[at]);
        // (In u64: a context of one symbol has f << 22 = 2^32.)
        let max = ((u64::from(LOW) >> SCALE) << 16) * u64::from(f);
        if u64::from(x) >= max {
            // Reversed below: read as a little-endian u16.
            out.push((x >> 8) as u8);
            out.push(x as u8);
            x >>= 16;
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

/// A compressed table ready to probe: the model unpacked into decoding
/// tables, the index, the data.
#[derive(Debug)]
pub struct Compressed<B> {
    cells: usize,
    seeds: usize,
    block_log2: u32,
    /// The stored byte and the score of each symbol.
    bytes: Vec<u8>,
    scores: Vec<i8>,
    /// Per context, `TOTAL` slots: the symbol of each.
    slots: Vec<u8>,
    /// Per context, per symbol: frequency | start << 16.
    coding: Vec<u32>,
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

impl<B: AsRef<[u8]>> Compressed<B> {
    /// Reads the model and index of the compressed payload of a table of
    /// `seeds` seeds on `cells` pits.
    pub(crate) fn new(payload: B, cells: usize, seeds: usize) -> Result<Compressed<B>, Damage> {
        let p = payload.as_ref();
        let entries = positions(cells / 2, seeds);
        let u16_at = |at: usize| -> Result<u16, Damage> {
            p.get(at..at + 2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .ok_or("the model is cut short")
        };
        let block_log2 = u32::from(*p.first().ok_or("no model")?);
        if !(6..=9).contains(&block_log2) {
            return Err("bad block size");
        }
        let a = usize::from(u16_at(1)?);
        if a == 0 || a > 256 {
            return Err("bad symbol count");
        }
        let bytes = p.get(3..3 + a).ok_or("the model is cut short")?.to_vec();
        let mut at = 3 + a;
        let contexts = (a + 1) * CLASSES;
        let mut slots = vec![0u8; contexts * TOTAL as usize];
        let mut coding = vec![0u32; contexts * a];
        for context in 0..contexts {
            let seen = usize::from(u16_at(at)?);
            at += 2;
            let mut start = 0u32;
            let mut last = None;
            for _ in 0..seen {
                let s = usize::from(*p.get(at).ok_or("the model is cut short")?);
                let f = u32::from(u16_at(at + 1)?);
                at += 3;
                if s >= a || last.is_some_and(|l| l >= s) || f == 0 || start + f > TOTAL {
                    return Err("a bad frequency");
                }
                last = Some(s);
                let slot = context * TOTAL as usize;
                slots[slot + start as usize..slot + (start + f) as usize].fill(s as u8);
                coding[context * a + s] = f | start << 16;
                start += f;
            }
            if start != TOTAL && start != 0 {
                return Err("frequencies do not sum to the total");
            }
        }
        let index_at = at;
        let blocks = usize::try_from(entries.div_ceil(1 << block_log2)).map_err(|_| "too many")?;
        let group_count = blocks.div_ceil(GROUP);
        let blocks_at = index_at + 8 * group_count;
        let data_start = blocks_at + 2 * blocks;
        if p.len() < data_start {
            return Err("the index is cut short");
        }
        let data_len = (p.len() - data_start) as u64;
        // Each group's offset, and its blocks' from it, in the data.
        for g in 0..group_count {
            let at = index_at + 8 * g;
            let offset = u64::from_le_bytes(p[at..at + 8].try_into().expect("8 bytes"));
            for b in g * GROUP..((g + 1) * GROUP).min(blocks) {
                if offset + u64::from(u16_at(blocks_at + 2 * b)?) > data_len {
                    return Err("an offset past the data");
                }
            }
        }
        Ok(Compressed {
            cells,
            seeds,
            block_log2,
            scores: bytes.iter().map(|&b| Value::score_of_byte(b)).collect(),
            bytes,
            slots,
            coding,
            blocks: p[blocks_at..data_start]
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect(),
            index_at,
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

    /// The data of block `b`, from its offset to the end of the data (a
    /// decoder stops at its last value).
    fn block_data(&self, b: usize) -> &[u8] {
        let p = self.payload.as_ref();
        let at = self.index_at + 8 * (b / GROUP);
        let group = u64::from_le_bytes(p[at..at + 8].try_into().expect("8 bytes")) as usize;
        &p[self.data_start + group + usize::from(self.blocks[b])..]
    }

    /// The stored byte of value `index` (below [`Compressed::len`]).
    #[inline]
    pub(crate) fn get(&self, index: u64) -> u8 {
        let b = (index >> self.block_log2) as usize;
        let last = (index & ((1 << self.block_log2) - 1)) as usize;
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
        let mut walk = Walk::new(
            (b as u64) << self.block_log2,
            self.cells,
            self.seeds,
            &self.scores,
        );
        for i in 0..count {
            let context = walk.context();
            let slot = x & (TOTAL - 1);
            let s = usize::from(self.slots[context * TOTAL as usize + slot as usize]);
            let coding = self.coding[context * a + s];
            let (freq, start) = (coding & 0xffff, coding >> 16);
            f(i, self.bytes[s]);
            // (A damaged file may give a slot of no symbol: frequency 0.)
            x = freq.max(1) * (x >> SCALE) + slot - start.min(slot);
            if x < LOW {
                let word = data
                    .get(next..next + 2)
                    .map_or(0, |w| u16::from_le_bytes([w[0], w[1]]));
                next += 2;
                x = x << 16 | u32::from(word);
            }
            walk.advance(s);
        }
    }

    /// Every value, decoded in parallel.
    pub(crate) fn decompress(&self) -> Vec<u8>
    where
        B: Sync,
    {
        let mut table = vec![0u8; self.entries as usize];
        table
            .par_chunks_mut(1 << self.block_log2)
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
    /// Conditional entropies of a table file's values (named by
    /// `WARI_COMPRESS_PROBE`) under candidate contexts.
    #[test]
    #[ignore]
    fn measure_contexts() {
        use std::collections::HashMap;
        let path = std::env::var("WARI_COMPRESS_PROBE").unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let (cells, seeds) = (usize::from(bytes[16]) * 2, usize::from(bytes[17]));
        let m = cells / 2;
        let table = &bytes[128..];
        let (_, symbol, scores) = alphabet(table);
        let mut walk = Walk::new(0, cells, seeds, &scores);
        let names = [
            "last+class",
            "last+above",
            "last+above+own",
            "last+class+own",
            "last+above+own+empty",
            "last+above+pit0",
        ];
        let mut counts: Vec<HashMap<u64, HashMap<u8, u64>>> = vec![HashMap::new(); names.len()];
        for &v in table {
            let s = symbol[usize::from(v)];
            let first = usize::from(walk.board[0]);
            let above = if walk.above_known >> first & 1 == 1 {
                u64::from(walk.above[first])
            } else {
                255
            };
            let last = walk.last as u64;
            let class = walk.context() as u64;
            let own: u64 = walk.board[..m].iter().map(|&x| u64::from(x)).sum();
            let empty = walk.board[..cells].iter().filter(|&&x| x == 0).count() as u64;
            let ctx = [
                class,
                last << 8 | above,
                (last << 8 | above) << 8 | own,
                class << 8 | own,
                ((last << 8 | above) << 8 | own) << 8 | empty,
                (last << 8 | above) << 8 | first as u64,
            ];
            for (k, c) in ctx.iter().enumerate() {
                *counts[k].entry(*c).or_default().entry(s).or_default() += 1;
            }
            walk.advance(usize::from(s));
        }
        let n = table.len() as f64;
        for (k, name) in names.iter().enumerate() {
            let mut h = 0.0;
            let mut model = 0usize;
            for dist in counts[k].values() {
                let total: u64 = dist.values().sum();
                model += dist.len();
                for &c in dist.values() {
                    let p = c as f64 / total as f64;
                    h -= c as f64 * p.log2();
                }
            }
            eprintln!(
                "{name}: {:.3} bits a value, {} contexts, {model} symbols in them",
                h / n,
                counts[k].len()
            );
        }
    }

    /// Sizes and probe times of a table file named by `WARI_COMPRESS_PROBE`
    /// (version 1) at each block size.
    #[test]
    #[ignore]
    fn measure_block_sizes() {
        let path = std::env::var("WARI_COMPRESS_PROBE").unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let (cells, seeds) = (usize::from(bytes[16]) * 2, usize::from(bytes[17]));
        let table = &bytes[128..];
        for log2 in 6..=9 {
            let payload = compress_blocks(table, cells, seeds, log2);
            let c = Compressed::new(&payload[..], cells, seeds).unwrap();
            let mut x = 0x2545_f491_4f6c_dd1du64;
            let n = 200_000;
            let cpu = || {
                let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
                t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
            };
            let started = cpu();
            let mut sum = 0u64;
            for _ in 0..n {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                sum += u64::from(c.get(x % c.len()));
            }
            std::hint::black_box(sum);
            eprintln!(
                "block 2^{log2}: {} bytes, {:.2}x, {:.0} ns of CPU a probe",
                payload.len(),
                table.len() as f64 / payload.len() as f64,
                (cpu() - started) * 1e9 / f64::from(n)
            );
        }
    }

    use super::*;
    use crate::retrograde::{Quiet, build_layer};
    use crate::table_rules::TableRules;

    fn round_trip(table: &[u8], cells: usize, seeds: usize) -> usize {
        let payload = compress(table, cells, seeds);
        let compressed = Compressed::new(&payload[..], cells, seeds).unwrap();
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
        for seeds in 0..=14 {
            let table = build_layer(&rules, seeds, &layers[..], &Quiet);
            let size = round_trip(&table, 8, seeds);
            // The model's few kilobytes outweigh small tables.
            if seeds >= 12 {
                assert!(
                    size * 3 < table.len() * 2,
                    "{seeds} seeds: {size} of {}",
                    table.len()
                );
            }
            layers.push(table);
        }
    }

    /// Odd tables: one value, one value repeated across groups, every
    /// byte at random (the largest blocks a model can make).
    #[test]
    fn odd_tables_decode_to_themselves() {
        round_trip(&[0x85], 12, 0);
        round_trip(&vec![3; positions(6, 6) as usize], 12, 6);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let random: Vec<u8> = (0..positions(5, 8))
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect();
        round_trip(&random, 10, 8);
    }

    /// A damaged payload is an error or wrong bytes, never a panic.
    #[test]
    fn a_damaged_payload_does_not_panic() {
        let table: Vec<u8> = (0..positions(3, 8)).map(|i| (i % 7) as u8).collect();
        let payload = compress(&table, 6, 8);
        for at in (0..payload.len()).step_by(7) {
            let mut bad = payload.clone();
            bad[at] ^= 0x5a;
            if let Ok(c) = Compressed::new(&bad[..], 6, 8) {
                let _ = c.decompress();
            }
        }
        assert!(Compressed::new(&payload[..10], 6, 8).is_err());
    }
}
