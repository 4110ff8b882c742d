//! The retrograde analysis of a seed count too large to keep its moves'
//! children in memory: every pass plays the moves of the boards still
//! open again. Three bytes a board (both bounds and the best exit), so
//! the 1.68 billion boards of 28 seeds on the standard board take 5 GB.
//!
//! The values are the same as `retrograde.rs`'s, byte for byte: both
//! iterate the same monotone bounds from the same start to the same fixed
//! point (see that module), in whatever order the boards are visited.
//! That is also what lets a build stop and resume anywhere, and lets
//! several processes share one seed count (`distributed.rs`): every
//! bound ever stored is a true bound, so any mixture of older and newer
//! bounds is a valid state to go on from.

use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

use crate::checkpoint::{Checkpoint, Progress as Saved};
use crate::error::Error;
use crate::index::{next_board, positions, unrank};
use crate::retrograde::{CHUNK, Progress, narrow, pack, settle_chunk, unpack, with_child};
use crate::table_rules::{BoardBuf, Lower, TableRules};
use crate::value::Value;

/// What the passes work on: per board its bounds and its best exit, and
/// per chunk of [`CHUNK`] boards how many are still open.
#[derive(Debug)]
pub(crate) struct Layer {
    pub(crate) rules: TableRules,
    pub(crate) seeds: usize,
    /// Both bounds of each board in one word ([`pack`]).
    pub(crate) bounds: Vec<AtomicU16>,
    /// The best score of a move that leaves this table (`i8::MIN`: none).
    pub(crate) exits: Vec<i8>,
    /// Boards still open (bounds apart) per chunk.
    pub(crate) open: Vec<AtomicU32>,
    /// Per chunk, once a [`Mode::Collect`] pass made them: each open
    /// board's place in the chunk and its number of quiet children (a
    /// word: place | children << 16), then those children's indices.
    kept: Vec<Vec<u32>>,
}

/// What a pass does with each quiet child's index.
type Visit<'a> = dyn FnMut(u64) + 'a;

/// How a pass finds the quiet children of the open boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Plays their moves again.
    Replay,
    /// Plays their moves again and keeps the children of the boards
    /// still open, for the passes after it.
    Collect,
    /// Reads the children kept.
    Kept,
}

impl Mode {
    /// The mode of the pass after one in this mode whose open boards'
    /// lists took (or would take) `words`, given `budget` words.
    pub(crate) fn next(self, words: u64, budget: u64) -> Mode {
        match self {
            // Fewer words next time: the boards settled now drop out.
            Mode::Replay if words <= budget => Mode::Collect,
            Mode::Replay => Mode::Replay,
            Mode::Collect | Mode::Kept => Mode::Kept,
        }
    }
}

impl Layer {
    /// A layer of `seeds` seeds with nothing known yet.
    pub(crate) fn new(rules: &TableRules, seeds: usize) -> Layer {
        let n = positions(rules.pits(), seeds) as usize;
        let k = seeds as i8;
        Layer {
            rules: *rules,
            seeds,
            bounds: (0..n).map(|_| AtomicU16::new(pack(-k, k))).collect(),
            exits: vec![i8::MIN; n],
            open: (0..n.div_ceil(CHUNK)).map(|_| AtomicU32::new(0)).collect(),
            kept: Vec::new(),
        }
    }

    /// The words (four bytes) the kept children may take within
    /// `memory` beside the bounds and exits: none when a board's index
    /// needs more than a word.
    pub(crate) fn children_budget(&self, memory: u64) -> u64 {
        let n = self.len() as u64;
        if n <= u64::from(u32::MAX) {
            memory.saturating_sub(3 * n) / 4
        } else {
            0
        }
    }

    /// Boards of the layer.
    pub(crate) fn len(&self) -> usize {
        self.bounds.len()
    }

    /// Chunks of the layer.
    pub(crate) fn chunks(&self) -> usize {
        self.open.len()
    }

    /// The boards of chunk `c`.
    pub(crate) fn chunk_boards(&self, c: usize) -> Range<usize> {
        c * CHUNK..((c + 1) * CHUNK).min(self.len())
    }

    /// Boards still open over all chunks.
    pub(crate) fn open_boards(&self) -> u64 {
        self.open.iter().map(|o| u64::from(o.load(Relaxed))).sum()
    }

    /// Counts again the open boards of every chunk from the bounds (after
    /// they were read back from a checkpoint or another process).
    pub(crate) fn count_open(&self) {
        self.open.par_iter().enumerate().for_each(|(c, open)| {
            let still = self.bounds[self.chunk_boards(c)]
                .iter()
                .filter(|b| {
                    let (low, high) = unpack(b.load(Relaxed));
                    low < high
                })
                .count();
            open.store(still as u32, Relaxed);
        });
    }

    /// The first pass over `chunks`: plays every move of every board,
    /// reading the exits from `lower`; settles the boards over and those
    /// with no quiet move. Returns the boards done.
    pub(crate) fn first_pass<L: Lower + Sync + ?Sized>(
        &mut self,
        chunks: Range<usize>,
        lower: &L,
    ) -> u64 {
        let boards = (chunks.start * CHUNK).min(self.len())..(chunks.end * CHUNK).min(self.len());
        let (rules, seeds) = (self.rules, self.seeds);
        let bounds = &self.bounds;
        let open = &self.open;
        self.exits[boards.clone()]
            .par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(i, exits)| {
                let c = chunks.start + i;
                let still_open =
                    settle_chunk(&rules, seeds, lower, c * CHUNK, exits, bounds, |_, _| {});
                open[c].store(still_open, Relaxed);
            });
        (boards.end - boards.start) as u64
    }

    /// A pass over the open boards of `chunks`, tightening their bounds
    /// in place from their children's: the children found by playing the
    /// quiet moves again, or read from the lists a [`Mode::Collect`] pass
    /// kept. Whether any bound changed, and the words the open boards'
    /// lists take (or would take).
    pub(crate) fn pass(&mut self, chunks: Range<usize>, mode: Mode) -> (bool, u64) {
        let changed = AtomicBool::new(false);
        let (rules, seeds) = (self.rules, self.seeds);
        let (bounds, exits, open) = (&self.bounds, &self.exits, &self.open);
        if mode == Mode::Collect && self.kept.len() != self.open.len() {
            self.kept = (0..self.open.len()).map(|_| Vec::new()).collect();
        }
        // The new bounds of the board at `at`, given its children's.
        let update = |at: usize, low: i8, high: i8, children: &mut dyn FnMut(&mut Visit)| {
            let mut found = (exits[at], exits[at]);
            children(&mut |q| found = with_child(found, bounds[q as usize].load(Relaxed)));
            narrow(bounds, at, (low, high), found, &changed)
        };
        let words: u64 = if mode == Mode::Kept {
            self.kept[chunks.clone()]
                .par_iter_mut()
                .enumerate()
                .map(|(i, list)| {
                    let c = chunks.start + i;
                    if open[c].load(Relaxed) == 0 {
                        list.clear();
                        return 0;
                    }
                    let start = c * CHUNK;
                    let mut still_open = 0;
                    let mut at = 0;
                    while at < list.len() {
                        let (offset, degree) =
                            ((list[at] & 0xffff) as usize, (list[at] >> 16) as usize);
                        let children = &list[at + 1..at + 1 + degree];
                        at += 1 + degree;
                        let (low, high) = unpack(bounds[start + offset].load(Relaxed));
                        if low < high
                            && update(start + offset, low, high, &mut |f| {
                                children.iter().for_each(|&q| f(u64::from(q)));
                            })
                        {
                            still_open += 1;
                        }
                    }
                    open[c].store(still_open, Relaxed);
                    list.len() as u64
                })
                .sum()
        } else {
            let collect = mode == Mode::Collect;
            let mut lists: Vec<Vec<u32>> = if collect {
                std::mem::take(&mut self.kept)
            } else {
                Vec::new()
            };
            let work = |c: usize, list: Option<&mut Vec<u32>>| -> u64 {
                if open[c].load(Relaxed) == 0 {
                    return 0;
                }
                let boards = c * CHUNK..((c + 1) * CHUNK).min(bounds.len());
                let mut board = BoardBuf::default();
                let board = &mut board[..2 * rules.pits()];
                unrank(boards.start as u64, seeds, board);
                let mut still_open = 0;
                let mut words = 0;
                let mut list = list;
                for at in boards.clone() {
                    if at > boards.start {
                        next_board(board);
                    }
                    let (low, high) = unpack(bounds[at].load(Relaxed));
                    if low == high {
                        continue;
                    }
                    let position = rules.position(board, seeds);
                    let header = list.as_ref().map(|l| l.len());
                    if let (Some(list), Some(_)) = (list.as_mut(), header) {
                        list.push((at - boards.start) as u32);
                    }
                    let mut degree = 0;
                    let open_now = update(at, low, high, &mut |f| {
                        rules.quiet_children(&position, seeds, |q| {
                            degree += 1;
                            if let Some(list) = list.as_mut() {
                                list.push(q as u32);
                            }
                            f(q);
                        });
                    });
                    words += 1 + degree;
                    if let (Some(list), Some(h)) = (list.as_mut(), header) {
                        if open_now {
                            list[h] |= (degree as u32) << 16;
                        } else {
                            // Settled now: no need to keep it.
                            list.truncate(h);
                        }
                    }
                    if open_now {
                        still_open += 1;
                    }
                }
                open[c].store(still_open, Relaxed);
                words
            };
            if collect {
                let words = lists[chunks.clone()]
                    .par_iter_mut()
                    .enumerate()
                    .map(|(i, list)| {
                        list.clear();
                        work(chunks.start + i, Some(list))
                    })
                    .sum();
                for list in &mut lists {
                    list.shrink_to_fit();
                }
                self.kept = lists;
                words
            } else {
                chunks.clone().into_par_iter().map(|c| work(c, None)).sum()
            }
        };
        (changed.load(Relaxed), words)
    }

    /// The stored bytes of the boards `range` once the bounds are final:
    /// the value where they meet, else the cycle convention's clamp.
    pub(crate) fn values(&self, range: Range<usize>) -> Vec<u8> {
        let mut table = vec![0u8; range.len()];
        let rules = self.rules;
        let m = rules.pits();
        table
            .par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(c, bytes)| {
                let start = range.start + c * CHUNK;
                let mut board = BoardBuf::default();
                let board = &mut board[..2 * m];
                unrank(start as u64, self.seeds, board);
                for (i, byte) in bytes.iter_mut().enumerate() {
                    if i > 0 {
                        next_board(board);
                    }
                    *byte =
                        final_value(&rules, board, self.bounds[start + i].load(Relaxed)).to_byte();
                }
            });
        table
    }
}

/// The value stored for a board whose bounds are final.
#[inline]
pub(crate) fn final_value(rules: &TableRules, board: &[u8], bounds: u16) -> Value {
    let (low, high) = unpack(bounds);
    if low == high {
        Value::exact(low)
    } else {
        Value::new(rules.cycle_score(board).clamp(low, high), true)
    }
}

/// Boards of the first pass between two checkpoints: 2^26.
const SLAB_CHUNKS: usize = (1 << 26) / CHUNK;

/// Builds the table of `seeds` seeds by passes that play the moves again
/// (see the module's doc); `lower[j]` is the table of `j` seeds for every
/// `j < seeds`. With `checkpoint`, the work is saved to that file after
/// every slab of 2^26 boards of the first pass and after every pass, and
/// resumed from it when it holds a checkpoint of this table; the caller
/// removes it once the table is written.
///
/// Once the quiet children of the boards still open fit in what is left
/// of `memory` beside the bounds and exits (four bytes a child and one
/// word a board), a pass keeps them, and the passes after it read them
/// instead of playing again (most boards are settled in the first
/// passes: with 18 seeds on the standard board, 54 % are still open
/// after 7 passes of 47, 1.5 % after 23).
pub(crate) fn build_layer_replaying<L: Lower + Sync + ?Sized>(
    rules: &TableRules,
    seeds: usize,
    lower: &L,
    checkpoint: Option<&Path>,
    memory: u64,
    progress: &dyn Progress,
) -> Result<Vec<u8>, Error> {
    replaying(
        rules,
        seeds,
        lower,
        checkpoint,
        memory,
        progress,
        SLAB_CHUNKS,
    )
}

/// [`build_layer_replaying`] with a checkpoint every `slab_chunks` chunks
/// of the first pass.
fn replaying<L: Lower + Sync + ?Sized>(
    rules: &TableRules,
    seeds: usize,
    lower: &L,
    checkpoint: Option<&Path>,
    memory: u64,
    progress: &dyn Progress,
    slab_chunks: usize,
) -> Result<Vec<u8>, Error> {
    let mut layer = Layer::new(rules, seeds);
    let (mut saved, done) = match checkpoint {
        Some(path) => {
            let (saved, done) = Checkpoint::open(path, &mut layer)?;
            (Some(saved), done)
        }
        None => (None, Saved::default()),
    };
    let n = layer.len();
    if done != Saved::default() {
        progress.resumed(seeds, (done.chunks * CHUNK).min(n) as u64, done.passes);
        progress.boards((done.chunks * CHUNK).min(n) as u64);
    }
    let mut chunks = done.chunks;
    while chunks < layer.chunks() {
        let end = (chunks + slab_chunks).min(layer.chunks());
        progress.boards(layer.first_pass(chunks..end, lower));
        if let Some(saved) = &mut saved {
            saved.save_first_pass(
                &layer,
                chunks,
                Saved {
                    chunks: end,
                    passes: 0,
                },
            )?;
        }
        chunks = end;
    }
    if done.passes == 0 {
        progress.pass(0, layer.open_boards());
    }
    let mut pass = done.passes;
    let budget = layer.children_budget(memory);
    let mut mode = Mode::Replay;
    loop {
        let (changed, words) = layer.pass(0..layer.chunks(), mode);
        pass += 1;
        progress.pass(pass, layer.open_boards());
        if !changed {
            break;
        }
        mode = mode.next(words, budget);
        if let Some(saved) = &mut saved {
            saved.save_pass(
                &layer,
                Saved {
                    chunks: layer.chunks(),
                    passes: pass,
                },
            )?;
        }
    }
    // Less memory at the peak: the exits and children are no longer
    // needed.
    layer.exits = Vec::new();
    layer.kept = Vec::new();
    Ok(layer.values(0..n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::{Quiet, build_layer};

    /// Every table of `rules` up to `max` seeds, built keeping the moves.
    fn kept(rules: &TableRules, max: usize) -> Vec<Vec<u8>> {
        let mut layers: Vec<Vec<u8>> = Vec::new();
        for seeds in 0..=max {
            let table = build_layer(rules, seeds, &layers[..], &Quiet);
            layers.push(table);
        }
        layers
    }

    /// Playing the moves again gives the same bytes as keeping them, under
    /// every kind of rules: cycles shared, cycles by own rows, Kalah's
    /// extra moves, warri's grand slams.
    #[test]
    fn replaying_equals_keeping() {
        for (rules, max) in [
            ("wari,pits=3,cycle=even", 12),
            ("abapa,pits=4", 9),
            ("warri,pits=3", 10),
            ("kalah,pits=3", 10),
            ("wari,pits=2,cycle=even", 14),
        ] {
            let rules = TableRules::new(&rules.parse().unwrap());
            let layers = kept(&rules, max);
            for seeds in 0..=max {
                // With no memory for the children, with room for them
                // after a few passes, and from the first pass on.
                for memory in [0, 3 * layers[seeds].len() as u64 + 4000, u64::MAX] {
                    let replayed =
                        build_layer_replaying(&rules, seeds, &layers[..], None, memory, &Quiet)
                            .unwrap();
                    assert!(
                        replayed == layers[seeds],
                        "{} with {seeds} seeds, {memory} bytes",
                        rules.name()
                    );
                }
            }
        }
    }

    /// A build stopped at any point (here by a panic in its progress
    /// report: in the first pass, after two of its slabs were saved; then
    /// after two more passes) resumes from its checkpoint to the same
    /// table.
    #[test]
    fn an_interrupted_build_resumes_to_the_same_table() {
        use std::sync::Mutex;
        use std::sync::atomic::AtomicUsize;
        #[derive(Default)]
        struct StopAt {
            /// Panics at this report of boards done.
            report: Option<usize>,
            /// Panics at the report of this pass.
            pass: Option<usize>,
            reports: AtomicUsize,
            resumed: Mutex<Option<(u64, usize)>>,
            passes: AtomicUsize,
        }
        impl Progress for StopAt {
            fn boards(&self, _: u64) {
                let report = self.reports.fetch_add(1, Relaxed) + 1;
                assert!(self.report != Some(report), "stopped");
            }
            fn pass(&self, pass: usize, _: u64) {
                self.passes.store(pass, Relaxed);
                assert!(self.pass != Some(pass), "stopped");
            }
            fn resumed(&self, _: usize, boards: u64, passes: usize) {
                *self.resumed.lock().unwrap() = Some((boards, passes));
            }
        }
        let rules = TableRules::new(&"wari,pits=4,cycle=even".parse().unwrap());
        let seeds = 12;
        let layers = kept(&rules, seeds);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("12.build");
        let n = positions(4, seeds);
        // Four slabs of one chunk each in the first pass.
        assert!(n > 3 * CHUNK as u64 && n < 4 * CHUNK as u64);
        let run = |progress: &StopAt| {
            replaying(&rules, seeds, &layers[..seeds], Some(&path), 0, progress, 1)
        };
        let stopped = |progress: &StopAt| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(progress))).is_err()
        };
        let whole = StopAt::default();
        let table = run(&whole).unwrap();
        assert!(table == layers[seeds]);
        let passes = whole.passes.load(Relaxed);
        assert!(passes >= 4, "{passes} passes");
        std::fs::remove_file(&path).unwrap();

        assert!(stopped(&StopAt {
            report: Some(3),
            ..StopAt::default()
        }));
        let second = StopAt {
            pass: Some(2),
            ..StopAt::default()
        };
        assert!(stopped(&second));
        assert_eq!(*second.resumed.lock().unwrap(), Some((2 * CHUNK as u64, 0)));
        let third = StopAt::default();
        let table = run(&third).unwrap();
        assert_eq!(*third.resumed.lock().unwrap(), Some((n, 1)));
        // (Not always as many passes: the threads' order within a pass
        // varies, and with it how far a pass gets.)
        assert!(table == layers[seeds]);
    }
}
