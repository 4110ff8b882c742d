//! The retrograde analysis of one seed count, given the tables of fewer
//! seeds: bounds iterated to a fixed point, then the cycle convention.
//!
//! A move that captures leads to a table already built, so its score is
//! known (an *exit*); a move that captures nothing stays among the boards
//! of this seed count. Every board gets a lower bound `lo` and an upper
//! bound `hi`, first `-k` and `k`, then
//!
//! ```text
//! lo(p) = max(best exit of p, max over moves to q of -hi(q))
//! hi(p) = max(best exit of p, max over moves to q of -lo(q))
//! ```
//!
//! until nothing changes. `lo` is then the value of the game in which an
//! endless cycle is the worst outcome for the player to move here, `hi`
//! the value where it is the best: where they meet, the value does not
//! depend on cycles at all. Where they differ, the value with an endless
//! cycle scored `c` (from this player's view) is `clamp(c, lo, hi)`: the
//! player can force at least `t` for `t <= c` exactly when the opponent
//! cannot force below `t` (`hi >= t`), and for `t > c` exactly when they
//! can force an exit worth `t` (`lo >= t`). The table stores that clamp
//! with the cycle mark. See `docs/ENDGAME.md`.
//!
//! The first pass plays every move with the rules library and keeps, for
//! each board not yet settled, the indices its quiet moves lead to; the
//! passes after it only read those. Passes update the bounds in place
//! (each thread sees the others' newest bounds: they only ever tighten,
//! so a stale one is still a bound), and skip the boards already settled.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

use crate::index::{next_board, positions, unrank};
use crate::replay::final_value;
use crate::table_rules::{BoardBuf, Child, Lower, TableRules};

/// Boards handled as one unit of work.
pub(crate) const CHUNK: usize = 1 << 14;

/// What a build reports as it goes. Every method does nothing unless
/// overridden.
pub trait Progress: Sync {
    /// The table of `seeds` seeds, `boards` boards, is started; `kept`
    /// when a valid file for it exists and is used as it is.
    fn layer_start(&self, seeds: usize, boards: u64, kept: bool) {
        let _ = (seeds, boards, kept);
    }

    /// The file of the table of `seeds` seeds is damaged (`why`): it is
    /// built again and replaced.
    fn replacing(&self, seeds: usize, why: &crate::Error) {
        let _ = (seeds, why);
    }

    /// The table of `seeds` seeds is done and written after `seconds`.
    fn layer_done(&self, seeds: usize, boards: u64, seconds: f64) {
        let _ = (seeds, boards, seconds);
    }

    /// The build of the table of `seeds` seeds resumes from its
    /// checkpoint: `boards` boards of the first pass and `passes` passes
    /// after it were done.
    fn resumed(&self, seeds: usize, boards: u64, passes: usize) {
        let _ = (seeds, boards, passes);
    }

    /// `boards` more boards of the first pass are done.
    fn boards(&self, boards: u64) {
        let _ = boards;
    }

    /// A pass over the boards still open has ended, leaving `open` (pass
    /// 0 is the first pass, which plays every move).
    fn pass(&self, pass: usize, open: u64) {
        let _ = (pass, open);
    }

    /// A step of a solve by search has narrowed the start's value to
    /// `low..=high` after `nodes` positions searched.
    fn search_step(&self, low: i32, high: i32, nodes: u64) {
        let _ = (low, high, nodes);
    }
}

/// The first pass over one chunk's boards, of ranks `start..start +
/// exits.len()`: a board over gets its score as both bounds; any other
/// gets its best exit in `exits`, has `stays(i, child)` called for each
/// of its moves that stays in the table, and the bounds `[best, k]` if it
/// has one (it is open) or `[best, best]` if not. Returns how many are
/// open.
pub(crate) fn settle_chunk<L: Lower + ?Sized>(
    rules: &TableRules,
    seeds: usize,
    lower: &L,
    start: usize,
    exits: &mut [i8],
    bounds: &[AtomicU16],
    mut stays: impl FnMut(usize, u64),
) -> u32 {
    let k = seeds as i8;
    let mut board = BoardBuf::default();
    let board = &mut board[..2 * rules.pits()];
    unrank(start as u64, seeds, board);
    let mut still_open = 0;
    for (i, best) in exits.iter_mut().enumerate() {
        if i > 0 {
            next_board(board);
        }
        let position = rules.position(board, seeds);
        let at = start + i;
        if let Some(score) = TableRules::terminal(&position) {
            bounds[at].store(pack(score, score), Relaxed);
            continue;
        }
        let mut open = false;
        rules.expand(&position, seeds, lower, |_, child| match child {
            Child::Exit(score) => *best = (*best).max(score),
            Child::Same(q) => {
                open = true;
                stays(i, q);
            }
        });
        if open {
            bounds[at].store(pack((*best).max(-k), k), Relaxed);
            still_open += 1;
        } else {
            bounds[at].store(pack(*best, *best), Relaxed);
        }
    }
    still_open
}

/// A [`Progress`] that reports nothing.
#[derive(Debug)]
pub struct Quiet;

impl Progress for Quiet {}

/// Builds the table of `seeds` seeds; `lower[j]` is the finished table
/// of `j` seeds for every `j < seeds`. Returns one byte per board
/// ([`crate::Value::to_byte`]), in the order of the index.
pub(crate) fn build_layer<L: Lower + Sync + ?Sized>(
    rules: &TableRules,
    seeds: usize,
    lower: &L,
    progress: &dyn Progress,
) -> Vec<u8> {
    let m = rules.pits();
    let n = positions(m, seeds) as usize;
    let chunks = n.div_ceil(CHUNK);
    let k = seeds as i8;
    // Both bounds of a board in one word: a child's are read with one
    // memory access (the passes are bound by those random reads).
    let bounds: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(pack(-k, k))).collect();
    let mut exit = vec![i8::MIN; n];
    // The moves that stay in the table, of the boards still open: per
    // chunk, the children's indices one board after the other, and per
    // board how many. Later passes read these instead of playing again.
    let mut degree = vec![0u8; n];
    let open: Vec<AtomicU32> = (0..chunks).map(|_| AtomicU32::new(0)).collect();

    // The first pass: terminal boards, the best exit of each, and the
    // boards with no move that stays in the table.
    let edges: Vec<Vec<u32>> = exit
        .par_chunks_mut(CHUNK)
        .zip(degree.par_chunks_mut(CHUNK))
        .enumerate()
        .map(|(c, (exits, degrees))| {
            let start = c * CHUNK;
            let mut edges = Vec::new();
            let still_open = settle_chunk(rules, seeds, lower, start, exits, &bounds, |i, q| {
                edges.push(q as u32);
                degrees[i] += 1;
            });
            open[c].store(still_open, Relaxed);
            progress.boards(exits.len() as u64);
            edges
        })
        .collect();
    progress.pass(0, open.iter().map(|o| u64::from(o.load(Relaxed))).sum());

    let mut pass = 0;
    loop {
        let changed = AtomicBool::new(false);
        edges.par_iter().enumerate().for_each(|(c, edges)| {
            if open[c].load(Relaxed) == 0 {
                return;
            }
            let start = c * CHUNK;
            let len = CHUNK.min(n - start);
            let mut next = 0;
            let mut still_open = 0;
            for at in start..start + len {
                let children = &edges[next..next + usize::from(degree[at])];
                next += children.len();
                let (low, high) = unpack(bounds[at].load(Relaxed));
                if low == high {
                    continue;
                }
                let mut found = (exit[at], exit[at]);
                for &q in children {
                    found = with_child(found, bounds[q as usize].load(Relaxed));
                }
                if narrow(&bounds, at, (low, high), found, &changed) {
                    still_open += 1;
                }
            }
            open[c].store(still_open, Relaxed);
        });
        pass += 1;
        let left: u64 = open.iter().map(|o| u64::from(o.load(Relaxed))).sum();
        progress.pass(pass, left);
        if !changed.load(Relaxed) {
            break;
        }
    }
    drop(edges);

    // The boards still open rest on the cycle convention.
    let mut table = vec![0u8; n];
    table
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(c, bytes)| {
            let start = c * CHUNK;
            let mut board = BoardBuf::default();
            let board = &mut board[..2 * m];
            unrank(start as u64, seeds, board);
            for (i, byte) in bytes.iter_mut().enumerate() {
                if i > 0 {
                    next_board(board);
                }
                *byte = final_value(rules, board, bounds[start + i].load(Relaxed)).to_byte();
            }
        });
    table
}

/// What the mover in a board is sure of and can hope for at best, given
/// so far `(low, high)`, once a child with bounds `child` (a word made by
/// [`pack`], from the child's mover's side) is counted: starting from
/// the board's exit, the best of what its children leave it.
#[inline]
pub(crate) fn with_child((low, high): (i8, i8), child: u16) -> (i8, i8) {
    let (child_low, child_high) = unpack(child);
    (low.max(-child_high), high.max(-child_low))
}

/// Narrows the bounds `old` of the board at `at` to `found` (what its
/// children allow, [`with_child`]); stores them and sets `changed` when
/// they moved. Whether the board is still open.
#[inline]
pub(crate) fn narrow(
    bounds: &[AtomicU16],
    at: usize,
    (low, high): (i8, i8),
    found: (i8, i8),
    changed: &AtomicBool,
) -> bool {
    let (new_low, new_high) = (found.0.max(low), found.1.min(high));
    if (new_low, new_high) != (low, high) {
        bounds[at].store(pack(new_low, new_high), Relaxed);
        changed.store(true, Relaxed);
    }
    new_low < new_high
}

/// Two bounds in one word: the lower in the low byte.
#[inline]
pub(crate) fn pack(low: i8, high: i8) -> u16 {
    u16::from(low as u8) | u16::from(high as u8) << 8
}

/// The bounds of a word made by [`pack`].
#[inline]
pub(crate) fn unpack(word: u16) -> (i8, i8) {
    (word as u8 as i8, (word >> 8) as u8 as i8)
}
