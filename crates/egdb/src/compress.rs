//! The compressed payload of a table file (format version 2): blocks of
//! 128 values, each coded by rANS under a static model, so that one
//! value is read by decoding at most one block. The model is of one of
//! three kinds; [`compress`] writes the smallest, [`Compressed`] reads
//! all.
//!
//! Kind 1 (this file), the context of a value is the previous value and
//! how the value "above" compares with it. In index order the boards
//! come in runs in which the mover's first two pits trade seeds, `(0,
//! r), (1, r - 1), ..., (r, 0)`, the other pits fixed; the next run moves
//! one seed further up the board. The value *above* a board is that of
//! the board with as many seeds in the first pit in the previous run.
//! Given the previous value and the difference of the one above to it
//! (clamped to ±3), a value of the standard board's `abapa` table of 20
//! seeds carries 2.37 bits, of the `wari,cycle=even` table of 16 seeds
//! 3.04.
//!
//! Kind 2 (`neighbours.rs`), the context is three neighbouring boards'
//! values, and only the contexts worth it get a frequency table of their
//! own; its state takes 3 bytes and a block's length one in the index,
//! where kind 1 takes 4 and 2. Kind 3 is kind 2 over a table whose
//! exits are marked (`exits.rs`): the boards a capture or the game's end
//! gives the value of are one symbol, [`EXIT`], that the reader resolves
//! from the smaller tables. Kinds 4 and 5 are kinds 2 and 3 with each
//! block's state started from 1 rather than 2^16, 1.2 to 1.4 bytes a
//! block less (`neighbours.rs`, `encode`): what is written now; kinds 2
//! and 3 are still read. `docs/PERFORMANCE.md` gives the sizes and probe times
//! per seed count, `docs/ENDGAME.md` the layouts.
//!
//! ```text
//! kind 1:  u8 log2 of the values a block (6 to 9: 7 written), u16 symbols A, then A
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
//!
//! kind 2:  u8 0, u8 2, u8 log2 of the values a block, u16 A, A bytes,
//!          the models (`neighbours.rs`)
//! kind 3:  the same with u8 3 for the kind, and EXIT (0x40) among the
//!          A bytes
//! kind 4, 5: kinds 2 and 3 with u8 4 and 5 for the kind, each block
//!          coded from a state of 1 (its decoder reads no byte past the
//!          block's end: its state may end below 2^16)
//! index:   per 64 blocks a u64 offset into the data, then per block
//!          its length (u8)
//! data:    per block, the rANS state (u24 LE) then its bytes, read as
//!          the state falls below 2^16
//! ```
//!
//! Every count and offset is checked when a file is opened, and a
//! decoder never reads outside its data nor loops without bound, so a
//! damaged payload that slipped past the checksum gives an error or a
//! wrong byte, never a panic.

mod neighbours;

use rayon::prelude::*;

use crate::exits::EXIT;
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
    normalise_to(counts, TOTAL)
}

/// Frequencies summing to `total` (every count above 0 gets at least 1),
/// or all 0 for a context never seen.
fn normalise_to(counts: &[u64], target: u32) -> Vec<u16> {
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
                ((c as u128 * u128::from(target) / u128::from(sum)) as u32).max(1)
            }
        })
        .collect();
    // Rounding left the sum off: the difference goes to, or comes from,
    // the largest frequencies (none taken below 1).
    let mut total: u32 = freqs.iter().sum();
    while total != target {
        let largest = (0..freqs.len())
            .max_by_key(|&s| (freqs[s], std::cmp::Reverse(s)))
            .expect("a context seen has a symbol");
        if total < target {
            freqs[largest] += target - total;
            total = target;
        } else {
            let take = (total - target).min(freqs[largest] - 1);
            freqs[largest] -= take;
            total -= take;
        }
    }
    freqs.into_iter().map(|f| f as u16).collect()
}

/// The compressed payload of `table`, the stored bytes of the table of
/// `seeds` seeds on a board of `cells` pits: under model kind 4
/// ([`neighbours`]), or kind 1
/// when that is smaller (tables of a few seeds, whose values kind 4's
/// larger model may outweigh) or kind 4 declines (too many distinct
/// bytes).
///
/// A table holding [`EXIT`] is coded under kind 5 (kind 4's layout,
/// [`crate::exits`]) or not at all (`None`).
pub(crate) fn compress(table: &[u8], cells: usize, seeds: usize) -> Option<Vec<u8>> {
    let two = compress_neighbours(table, cells, seeds, BLOCK_LOG2);
    if table.par_iter().any(|&b| b == EXIT) {
        return two;
    }
    let one = compress_blocks(table, cells, seeds, BLOCK_LOG2);
    Some(match two {
        Some(two) if two.len() < one.len() => two,
        _ => one,
    })
}

/// [`compress`] under model kind 4 (5 with exits) in blocks of
/// `2^block_log2` values (6
/// to 9), or `None` if the table has more than
/// [`neighbours::MAX_SYMBOLS`] distinct bytes or a block takes more than
/// 255 bytes (its length is a byte; never so in blocks of 128 values,
/// which take at most 12 bits a value and 3 bytes of state).
pub(crate) fn compress_neighbours(
    table: &[u8],
    cells: usize,
    seeds: usize,
    block_log2: u32,
) -> Option<Vec<u8>> {
    assert_eq!(table.len() as u64, positions(cells / 2, seeds));
    assert!((6..=9).contains(&block_log2));
    let (bytes, symbol, _) = alphabet(table);
    if bytes.len() > neighbours::MAX_SYMBOLS {
        return None;
    }
    // Kind 5 is kind 4 with exits among its symbols: a reader that does
    // not know them refuses the file rather than read one as -64. (Kinds
    // 2 and 3, their blocks' states started from `LOW`, are no longer
    // written: a reader of those alone refuses 4 and 5 rather than read
    // past a block's end.)
    let kind = if bytes.contains(&EXIT) { 5 } else { 4 };
    let mut out = vec![0, kind, block_log2 as u8];
    out.extend_from_slice(&(bytes.len() as u16).to_le_bytes());
    out.extend_from_slice(&bytes);
    let (model, groups) =
        neighbours::code(table, cells, seeds, block_log2, &symbol, bytes.len(), GROUP);
    out.extend_from_slice(&model);
    write_lengths(&mut out, &groups)?;
    Some(out)
}

/// [`compress`] under model kind 1 in blocks of `2^block_log2` values (6
/// to 9).
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
    let contexts_of = |b: usize, values: &[u8]| -> Vec<u32> {
        let mut walk = Walk::new((b * block) as u64, cells, seeds, &scores);
        values
            .iter()
            .map(|&v| {
                let c = walk.context() as u32;
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
                    counts[c as usize * a + usize::from(symbol[usize::from(v)])] += 1;
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
    write_blocks(&mut out, &groups);
    out
}

/// Appends the index and the data of the coded blocks, in groups.
fn write_blocks(out: &mut Vec<u8>, groups: &[Vec<Vec<u8>>]) {
    let mut offset = 0u64;
    let mut group_offsets = Vec::with_capacity(groups.len());
    let mut block_offsets = Vec::new();
    for group in groups {
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
}

/// Appends the index of kinds 2 to 5 (per group its offset, per block its length)
/// and the data of the coded blocks; `None` if a block is longer than a
/// byte can say.
fn write_lengths(out: &mut Vec<u8>, groups: &[Vec<Vec<u8>>]) -> Option<()> {
    let mut offset = 0u64;
    for group in groups {
        out.extend_from_slice(&offset.to_le_bytes());
        offset += group.iter().map(|b| b.len() as u64).sum::<u64>();
    }
    for block in groups.iter().flatten() {
        out.push(u8::try_from(block.len()).ok()?);
    }
    for block in groups.iter().flatten() {
        out.extend_from_slice(block);
    }
    Some(())
}

/// One block coded by rANS, backwards, so that it decodes forwards:
/// value `i` under context `contexts[i]`, whose frequency and start for
/// symbol `s` are `freqs` and `starts` at `context × a + s`.
fn encode(
    values: &[u8],
    contexts: &[u32],
    symbol: &[u8; 256],
    freqs: &[u16],
    starts: &[u16],
    a: usize,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() / 2);
    let mut x = LOW;
    for (&v, &c) in values.iter().zip(contexts).rev() {
        let at = c as usize * a + usize::from(symbol[usize::from(v)]);
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
    /// The model of kinds 2 to 5 (kind 1's is in `slots` and `coding`).
    neighbours: Option<neighbours::Model>,
    /// Kinds 3 and 5: some boards are stored as `EXIT`.
    exits: bool,
    /// The whole payload (model, index, data).
    payload: B,
}

/// The little-endian `u16` of a model at `at`.
fn u16_at(p: &[u8], at: usize) -> Result<u16, Damage> {
    p.get(at..at + 2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .ok_or("the model is cut short")
}

impl<B: AsRef<[u8]>> Compressed<B> {
    /// Reads the model and index of the compressed payload of a table of
    /// `seeds` seeds on `cells` pits.
    pub(crate) fn new(payload: B, cells: usize, seeds: usize) -> Result<Compressed<B>, Damage> {
        let p = payload.as_ref();
        let entries = positions(cells / 2, seeds);
        // Kind 1 starts with its block size; later kinds with 0, then
        // the kind.
        let kind = match *p.first().ok_or("no model")? {
            0 => *p.get(1).ok_or("no model")?,
            _ => 1,
        };
        let head = if kind == 1 { 0 } else { 2 };
        if kind > 5 {
            return Err("unknown model kind");
        }
        let with_exits = kind == 3 || kind == 5;
        let block_log2 = u32::from(*p.get(head).ok_or("no model")?);
        if !(6..=9).contains(&block_log2) {
            return Err("bad block size");
        }
        let a = usize::from(u16_at(p, head + 1)?);
        if a == 0 || a > 256 {
            return Err("bad symbol count");
        }
        let bytes = p
            .get(head + 3..head + 3 + a)
            .ok_or("the model is cut short")?
            .to_vec();
        if with_exits != bytes.contains(&EXIT) {
            return Err("exits under a model kind without them, or none under kind 3 or 5");
        }
        let mut at = head + 3 + a;
        let mut neighbours = None;
        let contexts = if kind == 1 { (a + 1) * CLASSES } else { 0 };
        if kind != 1 {
            let (model, end) = neighbours::Model::read(p, at, a)?;
            neighbours = Some(model);
            at = end;
        }
        let mut slots = vec![0u8; contexts * TOTAL as usize];
        let mut coding = vec![0u32; contexts * a];
        for context in 0..contexts {
            let seen = usize::from(u16_at(p, at)?);
            at += 2;
            let mut start = 0u32;
            let mut last = None;
            for _ in 0..seen {
                let s = usize::from(*p.get(at).ok_or("the model is cut short")?);
                let f = u32::from(u16_at(p, at + 1)?);
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
        // Per block its offset from its group's: stored (kind 1), or the
        // running sum of the lengths before it in the group (kinds 2 to 5).
        let per_block = if kind == 1 { 2 } else { 1 };
        let data_start = blocks_at + per_block * blocks;
        if p.len() < data_start {
            return Err("the index is cut short");
        }
        let offsets: Vec<u16> = if kind == 1 {
            p[blocks_at..data_start]
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect()
        } else {
            p[blocks_at..data_start]
                .chunks(GROUP)
                .flat_map(|lengths| {
                    // (64 lengths of at most 255 bytes: a u16 holds any sum.)
                    lengths.iter().scan(0u16, |within, &l| {
                        let at = *within;
                        *within += u16::from(l);
                        Some(at)
                    })
                })
                .collect()
        };
        let data_len = (p.len() - data_start) as u64;
        // Each group's offset, and its blocks' from it, in the data.
        for g in 0..group_count {
            let at = index_at + 8 * g;
            let offset = u64::from_le_bytes(p[at..at + 8].try_into().expect("8 bytes"));
            for &within in &offsets[g * GROUP..((g + 1) * GROUP).min(blocks)] {
                if offset.saturating_add(u64::from(within)) > data_len {
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
            blocks: offsets,
            index_at,
            data_start,
            entries,
            neighbours,
            exits: with_exits,
            payload,
        })
    }

    /// Values in the table.
    pub(crate) const fn len(&self) -> u64 {
        self.entries
    }

    /// Whether some of its boards are stored as exits (model kind 3 or 5).
    pub(crate) const fn has_exits(&self) -> bool {
        self.exits
    }

    /// The payload: model, index and data.
    pub(crate) fn payload(&self) -> &[u8] {
        self.payload.as_ref()
    }

    /// The data of block `b`: its bytes, up to the next block's start
    /// (or the data's end).
    fn block_data(&self, b: usize) -> &[u8] {
        let p = self.payload.as_ref();
        let group = |g: usize| {
            let at = self.index_at + 8 * g;
            self.data_start
                + u64::from_le_bytes(p[at..at + 8].try_into().expect("8 bytes")) as usize
        };
        let its_group = group(b / GROUP);
        let start = its_group + usize::from(self.blocks[b]);
        let end = if b + 1 == self.blocks.len() {
            p.len()
        } else if (b + 1).is_multiple_of(GROUP) {
            group(b / GROUP + 1)
        } else {
            its_group + usize::from(self.blocks[b + 1])
        };
        // (A damaged index may give an end before the start: no bytes.)
        &p[start..end.max(start)]
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
        if let Some(model) = &self.neighbours {
            let walk = neighbours::Walk::new(
                (b as u64) << self.block_log2,
                self.cells,
                self.seeds,
                self.bytes.len(),
            );
            model.decode(data, walk, count, |i, s| f(i, self.bytes[s]));
            return;
        }
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
mod tests;
