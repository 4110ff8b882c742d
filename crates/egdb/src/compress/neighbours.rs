//! Model kind 2 of a compressed table (and 3 to 5, the same model):
//! each value's context is the
//! values of up to three boards next to it (one seed moved between two
//! neighbouring pits) already decoded in its block; the contexts a table
//! uses often get a frequency table of their own, the others share their
//! parent's (the first two neighbours alone).
//!
//! The neighbours of a board are those with one seed moved from pit `j`
//! to pit `j + 1`: they come `C(S_j + j - 1, j)` places earlier in index
//! order (`S_j` the seeds in pits `0..=j`), so for `j` = 0, 1, 2 they are
//! 1, `S_1` and `S_2 (S_2 + 1) / 2` places back, most often in the same
//! block. On the `wari,cycle=even` table of 14 seeds a value carries 2.97
//! bits given kind 1's context (the previous value and a clamped
//! difference), 2.93 given the first two neighbours and 2.69 given the
//! three (`measure_contexts`): too many contexts for a frequency table
//! each (36,969 symbols in 5,368), so a context keeps its own only when
//! that saves more bits than the table costs (`prune`).
//!
//! ```text
//! models:  (A + 1)^2 parents' models, parent w × (A + 1) + n1; u32 K;
//!          K × (u32 context (n1 × (A + 1) + n2) × (A + 1) + w,
//!          ascending; its model); a model: u16 n, n × (u8 symbol,
//!          u16 frequency), most frequent first, summing to 2^12
//! ```

use std::collections::HashMap;

use rayon::prelude::*;

use crate::index::{MAX_BOARD, next_board, unrank};

use super::{Damage, normalise_to, u16_at};

/// Frequencies of a context sum to 2^SCALE.
const SCALE: u32 = 12;
const TOTAL: u32 = 1 << SCALE;
/// The rANS state stays in `LOW..LOW << 8` (but in a block's last values,
/// `encode`), a byte going out or coming in at a time: 3 bytes of state a
/// block, where kind 1 takes 4.
const LOW: u32 = 1 << 16;
/// Most symbols a table under kind 2 may have: its decoder keeps a
/// 16-bit model number for each of the `(A + 1)^3` contexts (549 KB for
/// 64; 110 KB for the 37 of `wari,cycle=even` at 20 seeds).
pub(super) const MAX_SYMBOLS: usize = 64;
/// Most contexts with a model of their own: with the `(A + 1)^2`
/// parents' and the empty one, the decoder's model numbers fit 16 bits.
const MAX_KEPT: usize = (1 << 16) - 1 - (MAX_SYMBOLS + 1) * (MAX_SYMBOLS + 1);

/// The boards of a block in index order, the symbols decoded so far in
/// it, and each board's neighbours among them.
pub(super) struct Walk {
    board: [u8; MAX_BOARD],
    cells: usize,
    /// The symbols of the block so far.
    done: [u8; 512],
    at: usize,
    /// The symbol count, standing for "no value".
    none: u8,
    /// The previous symbol (`none` at the block's start).
    last: usize,
}

impl Walk {
    pub(super) fn new(index: u64, cells: usize, seeds: usize, symbols: usize) -> Walk {
        let mut board = [0u8; MAX_BOARD];
        unrank(index, seeds, &mut board[..cells]);
        Walk {
            board,
            cells,
            done: [0; 512],
            at: 0,
            none: symbols as u8,
            last: symbols,
        }
    }

    /// The symbol of the value `back` places earlier, if it is in the
    /// block.
    #[inline]
    fn back(&self, back: usize) -> usize {
        // (A select rather than a branch to mispredict.)
        let at = self.at.wrapping_sub(back);
        let symbol = self.done[at % self.done.len()];
        usize::from(if at < self.at { symbol } else { self.none })
    }

    /// The next value's context: its three neighbours' symbols (or
    /// `symbols` for none), `(n1 × (symbols + 1) + n2) × (symbols + 1) +
    /// w` (`w`, known last, added last).
    #[inline]
    pub(super) fn context(&self, symbols: usize) -> usize {
        let b = &self.board;
        let none = usize::from(self.none);
        let s1 = usize::from(b[0]) + usize::from(b[1]);
        let s2 = s1 + usize::from(b[2]);
        let n1 = if b[1] > 0 { self.back(s1) } else { none };
        let n2 = if b[2] > 0 {
            self.back(s2 * (s2 + 1) / 2)
        } else {
            none
        };
        let w = if b[0] > 0 { self.last } else { none };
        (n1 * (symbols + 1) + n2) * (symbols + 1) + w
    }

    /// Records the next value's symbol and steps to the next board.
    #[inline]
    pub(super) fn advance(&mut self, symbol: usize) {
        self.done[self.at] = symbol as u8;
        self.at += 1;
        self.last = symbol;
        next_board(&mut self.board[..self.cells]);
    }
}

/// The parent of context `code`: its first two neighbours, `w ×
/// (symbols + 1) + n1`.
#[inline]
pub(super) fn parent(code: usize, symbols: usize) -> usize {
    let n = symbols + 1;
    code % n * n + code / (n * n)
}

/// Counts of each symbol (`symbols` of them) in each parent context and
/// in each full context seen.
struct Counts {
    parents: Vec<u64>,
    kids: HashMap<u32, Vec<u64>>,
}

impl Counts {
    fn merge(mut self, other: Counts) -> Counts {
        for (x, y) in self.parents.iter_mut().zip(other.parents) {
            *x += y;
        }
        for (code, counts) in other.kids {
            let mine = self
                .kids
                .entry(code)
                .or_insert_with(|| vec![0; counts.len()]);
            for (x, y) in mine.iter_mut().zip(counts) {
                *x += y;
            }
        }
        self
    }
}

/// Bits to code `counts` under the distribution `model` (counts too).
fn cost(counts: &[u64], model: &[u64]) -> f64 {
    let total: u64 = model.iter().sum();
    counts
        .iter()
        .zip(model)
        .filter(|(c, _)| **c > 0)
        .map(|(&c, &m)| c as f64 * (total as f64 / m as f64).log2())
        .sum()
}

/// The full contexts worth a frequency table of their own: those whose
/// values take fewer bits under their own counts than under their
/// parent's by more than the table's bytes (code, count, 3 bytes a
/// symbol).
fn prune(counts: &Counts, symbols: usize) -> Vec<u32> {
    let mut kept: Vec<(f64, u32)> = counts
        .kids
        .par_iter()
        .filter_map(|(&code, kid)| {
            let p = &counts.parents[parent(code as usize, symbols) * symbols..][..symbols];
            let seen = kid.iter().filter(|&&c| c > 0).count();
            let table = 8.0 * (6.0 + 3.0 * seen as f64);
            let saved = cost(kid, p) - cost(kid, kid) - table;
            (saved > 0.0).then_some((saved, code))
        })
        .collect();
    // The decoder numbers its models in 16 bits: the most useful first.
    kept.sort_unstable_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
    kept.truncate(MAX_KEPT);
    let mut kept: Vec<u32> = kept.into_iter().map(|(_, code)| code).collect();
    kept.sort_unstable();
    kept
}

/// A model's frequencies, most frequent first: (symbol, frequency).
fn ordered(freqs: &[u16]) -> Vec<(u8, u16)> {
    let mut seen: Vec<(u8, u16)> = freqs
        .iter()
        .enumerate()
        .filter(|(_, f)| **f > 0)
        .map(|(s, &f)| (s as u8, f))
        .collect();
    seen.sort_by_key(|&(s, f)| (std::cmp::Reverse(f), s));
    seen
}

fn write_model(out: &mut Vec<u8>, model: &[(u8, u16)]) {
    out.extend_from_slice(&(model.len() as u16).to_le_bytes());
    for &(s, f) in model {
        out.push(s);
        out.extend_from_slice(&f.to_le_bytes());
    }
}

/// The model (after the symbols) and each block's coded bytes, for
/// `table` whose bytes are the symbols `symbol` maps them to.
pub(super) fn code(
    table: &[u8],
    cells: usize,
    seeds: usize,
    block_log2: u32,
    symbol: &[u8; 256],
    symbols: usize,
    group: usize,
) -> (Vec<u8>, Vec<Vec<Vec<u8>>>) {
    let block = 1usize << block_log2;
    let a = symbols;
    let parents_of = a + 1;
    let parent_count = parents_of * parents_of;
    // Each value's parent and third neighbour, block by block.
    let contexts_of = |b: usize, values: &[u8]| -> Vec<u32> {
        let mut walk = Walk::new((b * block) as u64, cells, seeds, a);
        values
            .iter()
            .map(|&v| {
                let code = walk.context(a);
                walk.advance(usize::from(symbol[usize::from(v)]));
                code as u32
            })
            .collect()
    };
    let empty = || Counts {
        parents: vec![0; parent_count * a],
        kids: HashMap::new(),
    };
    let counts = table
        .par_chunks(block * group)
        .enumerate()
        .fold(empty, |mut counts, (g, chunk)| {
            for (i, values) in chunk.chunks(block).enumerate() {
                for (code, &v) in contexts_of(g * group + i, values).into_iter().zip(values) {
                    let s = usize::from(symbol[usize::from(v)]);
                    counts.parents[parent(code as usize, a) * a + s] += 1;
                    counts.kids.entry(code).or_insert_with(|| vec![0; a])[s] += 1;
                }
            }
            counts
        })
        .reduce(empty, Counts::merge);
    let kept = prune(&counts, a);
    // The parents code what their kept kids do not.
    let mut parents = counts.parents.clone();
    for code in &kept {
        let parent = parent(*code as usize, a);
        for (x, y) in parents[parent * a..][..a]
            .iter_mut()
            .zip(&counts.kids[code])
        {
            *x -= y;
        }
    }
    // Models: the parents, then the kept kids; each value's model, and
    // per model and symbol its frequency and start.
    let mut models: Vec<Vec<(u8, u16)>> = parents
        .chunks(a)
        .map(|c| ordered(&normalise_to(c, TOTAL)))
        .collect();
    models.extend(
        kept.iter()
            .map(|code| ordered(&normalise_to(&counts.kids[code], TOTAL))),
    );
    let mut freqs = vec![0u16; models.len() * a];
    let mut starts = vec![0u16; models.len() * a];
    for (m, model) in models.iter().enumerate() {
        let mut start = 0u16;
        for &(s, f) in model {
            freqs[m * a + usize::from(s)] = f;
            starts[m * a + usize::from(s)] = start;
            start = start.wrapping_add(f);
        }
    }
    let mut out = Vec::new();
    for model in &models[..parent_count] {
        write_model(&mut out, model);
    }
    out.extend_from_slice(&(kept.len() as u32).to_le_bytes());
    for (code, model) in kept.iter().zip(&models[parent_count..]) {
        out.extend_from_slice(&code.to_le_bytes());
        write_model(&mut out, model);
    }
    let model_of = |code: u32| -> u32 {
        match kept.binary_search(&code) {
            Ok(k) => (parent_count + k) as u32,
            Err(_) => parent(code as usize, a) as u32,
        }
    };
    let groups = table
        .par_chunks(block * group)
        .enumerate()
        .map(|(g, chunk)| {
            chunk
                .chunks(block)
                .enumerate()
                .map(|(i, values)| {
                    let ctx: Vec<u32> = contexts_of(g * group + i, values)
                        .into_iter()
                        .map(model_of)
                        .collect();
                    encode(values, &ctx, symbol, &freqs, &starts, a)
                })
                .collect()
        })
        .collect();
    (out, groups)
}

/// One block coded by rANS with byte-wise renormalisation, backwards,
/// so that it decodes forwards: value `i` under model `models[i]`, whose
/// frequency and start for symbol `s` are `freqs` and `starts` at `model
/// × a + s`.
///
/// The state starts from 1 (kinds 4 and 5; kinds 2 and 3 started from
/// `LOW`, 16 bits that carried nothing: 1.2 to 1.4 bytes a block saved,
/// the first symbols coded from a small state costing a little more
/// than their share). It grows
/// without a byte out until it first reaches a symbol's bound (`max`);
/// after that symbol it is at least `LOW`, as is every later one, and
/// it stays below `LOW << 8` throughout. So the decoder, which reads a
/// byte while its state is below `LOW`, has read every byte of the block
/// once its state falls below `LOW` in the block's last values
/// (`Model::decode`).
fn encode(
    values: &[u8],
    models: &[u32],
    symbol: &[u8; 256],
    freqs: &[u16],
    starts: &[u16],
    a: usize,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() / 2);
    let mut x = 1;
    for (&v, &m) in values.iter().zip(models).rev() {
        let at = m as usize * a + usize::from(symbol[usize::from(v)]);
        let f = u32::from(freqs[at]);
        let start = u32::from(starts[at]);
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
    out.extend_from_slice(&x.to_be_bytes()[1..]);
    out.reverse();
    out
}

/// Kind 2's model unpacked for decoding.
#[derive(Debug)]
pub(super) struct Model {
    /// Per context (`Walk::context`): its model in `models` (its own or
    /// its parent's).
    contexts: Vec<u16>,
    /// Per model: where it starts in `entries`, and which entry holds
    /// the first slot of each bucket.
    models: Vec<Buckets>,
    /// The models one after the other, each entry a symbol, its start
    /// and frequency (`entry`), most frequent first; their frequencies
    /// sum to `TOTAL`, so a search for a slot ends within the model.
    entries: Vec<u32>,
    symbols: usize,
}

/// Slots a bucket: 2^7, so 32 buckets a model.
const BUCKET_SHIFT: u32 = 7;
const BUCKETS: usize = (TOTAL >> BUCKET_SHIFT) as usize;

/// A model's entries by slot: from a bucket's entry, the one holding a
/// slot of the bucket is most often the same (entries are most often
/// wider than a bucket), else one of the next few.
#[derive(Debug)]
struct Buckets {
    first: u32,
    buckets: [u8; BUCKETS],
}

/// The end of an entry's range of slots.
const fn end(entry: u32) -> u32 {
    (entry >> 8 & 0xfff) + (entry >> 20) + 1
}

/// The one entry of the model of a context never seen (a damaged file
/// that reaches one decodes symbol 0).
const EMPTY: u32 = entry(0, 0, TOTAL);

/// An entry of a model: the symbol in the low byte, the start above it,
/// the frequency less 1 above that (12 bits each).
const fn entry(symbol: u8, start: u32, freq: u32) -> u32 {
    symbol as u32 | start << 8 | (freq - 1) << 20
}

impl Model {
    /// Reads the model from `p` at `at` (just after the symbols), for
    /// `symbols` symbols. Returns it and where the index starts.
    pub(super) fn read(p: &[u8], mut at: usize, symbols: usize) -> Result<(Model, usize), Damage> {
        let a = symbols;
        if a > MAX_SYMBOLS {
            return Err("too many symbols for model kind 2");
        }
        let parents_of = a + 1;
        let parent_count = parents_of * parents_of;
        // A context never seen in a sound file has no entries: a damaged
        // file that reaches one decodes symbol 0.
        let mut entries = vec![EMPTY];
        let mut read_model = |at: &mut usize| -> Result<u32, Damage> {
            let n = usize::from(u16_at(p, *at)?);
            *at += 2;
            if n > a {
                return Err("too many symbols in a context");
            }
            if n == 0 {
                return Ok(0);
            }
            let first = entries.len() as u32;
            let mut seen = [false; 256];
            let mut start = 0u32;
            for _ in 0..n {
                let s = *p.get(*at).ok_or("the model is cut short")?;
                let f = u32::from(u16_at(p, *at + 1)?);
                *at += 3;
                if usize::from(s) >= a || seen[usize::from(s)] || f == 0 || start + f > TOTAL {
                    return Err("a bad frequency");
                }
                seen[usize::from(s)] = true;
                entries.push(entry(s, start, f));
                start += f;
            }
            if start != TOTAL {
                return Err("frequencies do not sum to the total");
            }
            Ok(first)
        };
        let mut parents = Vec::with_capacity(parent_count);
        for _ in 0..parent_count {
            parents.push(read_model(&mut at)?);
        }
        let mut contexts: Vec<u32> = (0..parent_count * parents_of)
            .map(|code| parents[parent(code, a)])
            .collect();
        let kept = p.get(at..at + 4).ok_or("the model is cut short")?;
        let kept = u32::from_le_bytes(kept.try_into().expect("4 bytes")) as usize;
        at += 4;
        if kept > MAX_KEPT {
            return Err("too many contexts");
        }
        let mut last: Option<u32> = None;
        for _ in 0..kept {
            let code = p.get(at..at + 4).ok_or("the model is cut short")?;
            let code = u32::from_le_bytes(code.try_into().expect("4 bytes"));
            at += 4;
            if last.is_some_and(|l| l >= code) || code as usize >= contexts.len() {
                return Err("a bad context");
            }
            last = Some(code);
            contexts[code as usize] = read_model(&mut at)?;
        }
        // Per model, which entry holds the first slot of each bucket.
        let mut models: Vec<Buckets> = Vec::new();
        let mut model_of = HashMap::new();
        let contexts = contexts
            .into_iter()
            .map(|first| {
                *model_of.entry(first).or_insert_with(|| {
                    let mut buckets = [0u8; BUCKETS];
                    let mut e = first as usize;
                    for (j, bucket) in buckets.iter_mut().enumerate() {
                        // (The entries end at TOTAL: the walk stays in
                        // the model.)
                        while ((j as u32) << BUCKET_SHIFT) > end(entries[e]) - 1 {
                            e += 1;
                        }
                        *bucket = (e - first as usize) as u8;
                    }
                    models.push(Buckets { first, buckets });
                    // (At most the parents, `MAX_KEPT` and the empty
                    // model: 2^16.)
                    (models.len() - 1) as u16
                })
            })
            .collect();
        Ok((
            Model {
                contexts,
                models,
                entries,
                symbols,
            },
            at,
        ))
    }

    /// Decodes the first `count` values of a block from its data (the
    /// block's bytes, no more), giving each symbol to `f` with its place
    /// in the block.
    #[inline]
    pub(super) fn decode(
        &self,
        data: &[u8],
        mut walk: Walk,
        count: usize,
        mut f: impl FnMut(usize, usize),
    ) {
        let Some(state) = data.get(..3) else {
            return;
        };
        let mut x = u32::from_le_bytes([state[0], state[1], state[2], 0]);
        let mut next = 3;
        for i in 0..count {
            let model = &self.models[usize::from(self.contexts[walk.context(self.symbols)])];
            let slot = x & (TOTAL - 1);
            // From the entry of the slot's bucket to the one that holds
            // the slot, most often no step: the model's frequencies sum
            // to `TOTAL`, so the search ends within it.
            let mut e =
                model.first as usize + usize::from(model.buckets[(slot >> BUCKET_SHIFT) as usize]);
            let mut found = self.entries[e];
            while slot >= end(found) {
                e += 1;
                found = self.entries[e];
            }
            let (s, start, freq) = (found & 0xff, found >> 8 & 0xfff, (found >> 20) + 1);
            f(i, s as usize);
            x = freq * (x >> SCALE) + slot - start;
            // Back above LOW with one byte or two (x >= freq × 2^4 here),
            // as long as the block has bytes left (in its last values
            // the state may stay below: `encode`), without a branch to
            // mispredict. (A damaged block may leave x low, never above
            // 2^24.)
            let n = (u32::from(x < LOW) + u32::from(x < LOW >> 8))
                .min(data.len().saturating_sub(next) as u32);
            let byte = |at: usize| u32::from(data.get(at).copied().unwrap_or(0));
            let two = byte(next) << 8 | byte(next + 1);
            x = x << (8 * n) | two >> (8 * (2 - n));
            next += n as usize;
            walk.advance(s as usize);
        }
    }
}
