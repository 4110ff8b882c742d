//! An exact solver of Kalah by search: MTD(f), null-window alpha-beta to
//! the end of the game over a transposition table, with endgame tables
//! at the leaves (after Irving, Donkers and Uiterwijk, "Solving Kalah",
//! 2000).
//!
//! The value searched is a position's **future margin**: the seeds the
//! player to move will still gain over the opponent under best play. It
//! depends only on the board and the player to move, not on the stores,
//! so the table shares it between transpositions with different stores;
//! it lies in `-k..=k` for `k` seeds on the board and has the parity of
//! `k`. Kalah has no cycles (a move either feeds a store or carries the
//! mover's seeds on towards it), so the search always ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering::Relaxed};

use wari_rules::{Move, Position, Side};

use crate::index::rank;
use crate::tables::Tables;
use crate::transposition::{BoardKey, Bounds, NO_MOVE, Transpositions};
use crate::value::Value;

/// Positions with at most this many seeds more than the tables are not
/// kept in the transposition table: near the tables a subtree is cheaper
/// to search again than to look up in a table far larger than the caches
/// (Kalah(6,4), tables to 14 seeds: 34 s keeping every position, 28 s
/// from 2 seeds above the tables, 22.5 s from 6, 23.5 s from 10).
const SHALLOW: i32 = 6;

/// A search for exact values of Kalah positions, keeping what it learns
/// between calls.
#[derive(Debug)]
pub(crate) struct Prover<'t> {
    /// Shared with the helper thread.
    transpositions: &'t Transpositions,
    /// Tables read at the leaves: `layers[k]` holds the value of every
    /// board of `k` seeds, for `k` up to `table_seeds` (-1: none).
    layers: Vec<&'t [u8]>,
    table_seeds: i32,
    /// Positions with more seeds than this are kept in the transposition
    /// table.
    remember_above: i32,
    nodes: u64,
    /// Threads that may work at once.
    threads: usize,
    /// Positions with at least this many seeds on the board share their
    /// moves out with another thread once their first move has not cut
    /// the search off (young brothers wait): near the start, where
    /// subtrees are large enough to pay for a thread.
    split_seeds: i32,
    /// Threads at work now (a thread waiting for its helper to finish is
    /// not): a position's moves are shared with a new thread only while
    /// fewer than `threads` are.
    busy: Arc<AtomicUsize>,
    /// Set when another thread has settled the split this prover works
    /// for.
    stop: Arc<AtomicBool>,
    /// This thread saw `stop`: what it was searching is dropped, and
    /// nothing of it is stored.
    aborted: bool,
}

/// Nodes between two looks at the stop flag.
const STOP_EVERY: u64 = 1 << 10;

/// A move and what it leads to, from the mover's view.
#[derive(Clone, Copy)]
struct Child {
    column: u8,
    position: Position,
    /// Seeds the move won over the opponent: its captures and sowing into
    /// the store, and the sweep of the rows if it ends the game.
    gained: i32,
    /// Move ordering: larger first.
    order: i32,
}

impl<'t> Prover<'t> {
    /// A prover sharing `transpositions`, reading every position of at
    /// most `table_seeds` seeds from `tables`, on up to `threads` threads:
    /// positions of at least `split_seeds` seeds share their moves out.
    pub(crate) fn new(
        transpositions: &'t Transpositions,
        tables: Option<&'t Tables>,
        table_seeds: usize,
        threads: usize,
        split_seeds: i32,
    ) -> Self {
        // Read straight from the tables' bytes: `Tables::score` would
        // check the rules again at every probe.
        let layers: Vec<&[u8]> = tables.map_or_else(Vec::new, |t| {
            (0..=table_seeds)
                .map_while(|k| t.layer(k).ok().flatten())
                .collect()
        });
        Prover {
            transpositions,
            table_seeds: layers.len() as i32 - 1,
            remember_above: layers.len() as i32 - 1 + SHALLOW,
            layers,
            nodes: 0,
            threads: threads.max(1),
            split_seeds,
            busy: Arc::new(AtomicUsize::new(1)),
            stop: Arc::new(AtomicBool::new(false)),
            aborted: false,
        }
    }

    /// A new thread's prover for a split, stopped by `stop`.
    fn helper(&self, stop: &Arc<AtomicBool>) -> Prover<'t> {
        Prover {
            transpositions: self.transpositions,
            layers: self.layers.clone(),
            table_seeds: self.table_seeds,
            remember_above: self.remember_above,
            nodes: 0,
            threads: self.threads,
            split_seeds: self.split_seeds,
            busy: Arc::clone(&self.busy),
            stop: Arc::clone(stop),
            aborted: false,
        }
    }

    /// The tables' value of a position with `k` seeds on the board, if
    /// they cover it.
    #[inline]
    fn table_score(&self, position: &Position, k: i32) -> Option<i32> {
        if k > self.table_seeds {
            return None;
        }
        let board = board_bytes(position);
        let index = rank(&board[..2 * position.pits()]) as usize;
        let byte = self.layers[k as usize][index];
        Some(i32::from(Value::from_byte(byte).score()))
    }

    /// Positions searched so far.
    pub(crate) const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact future margin of `position` for the player to move, by
    /// MTD(f): null-window searches from `guess` until the bounds meet.
    /// `bounds` sees each step's bounds and the nodes so far.
    pub(crate) fn value(
        &mut self,
        position: &Position,
        guess: i32,
        bounds: &mut dyn FnMut(i32, i32, u64),
    ) -> i32 {
        if position.is_over() {
            return 0;
        }
        let k = i32::from(position.seeds_on_board());
        let (mut lo, mut hi) = (-k, k);
        let mut g = guess.clamp(lo, hi);
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.search(position, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
            bounds(lo, hi, self.nodes);
        }
        lo
    }

    /// Whether the future margin of `position` is at least `t`.
    pub(crate) fn at_least(&mut self, position: &Position, t: i32) -> bool {
        if position.is_over() {
            t <= 0
        } else {
            self.search(position, t - 1, t) >= t
        }
    }

    /// The value of a move from the mover's view, given the future margin
    /// of the position it leads to.
    fn through(child: &Child, mover: Side, rest: i32) -> i32 {
        if child.position.turn() == mover {
            child.gained + rest
        } else {
            child.gained - rest
        }
    }

    /// Fail-soft null-window (or any window) alpha-beta: a value `v` with
    /// `v <= alpha` an upper bound of the future margin, `v >= beta` a
    /// lower bound, the exact margin in between. `position` is not over.
    fn search(&mut self, position: &Position, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.aborted {
            return 0;
        }
        if self.nodes.is_multiple_of(STOP_EVERY) && self.stop.load(Relaxed) {
            self.aborted = true;
            return 0;
        }
        let k = i32::from(position.seeds_on_board());
        if let Some(score) = self.table_score(position, k) {
            return score;
        }
        if k <= alpha {
            return k;
        }
        if -k >= beta {
            return -k;
        }
        let key = board_key(position);
        let remembered = k > self.remember_above;
        let unknown = Bounds {
            lo: -k,
            hi: k,
            best: NO_MOVE,
        };
        let known = if remembered {
            self.transpositions.get(key).unwrap_or(unknown)
        } else {
            unknown
        };
        if known.lo >= beta || known.lo == known.hi {
            return known.lo;
        }
        if known.hi <= alpha {
            return known.hi;
        }
        let alpha = alpha.max(known.lo);
        let beta = beta.min(known.hi);
        let nodes_before = self.nodes;

        let (mut children, count) = self.children(position, known.best);
        let mover = position.turn();
        // What is known of each move before searching it: the game's end
        // or the tables. A move known to reach `beta` ends the search;
        // moves known exactly need no search. (Looking the others up in
        // the transposition table too, enhanced transposition cutoffs,
        // saved a few nodes but cost more time than it saved here.)
        let mut best = i32::MIN;
        let mut best_column = NO_MOVE;
        let mut open = 0;
        for i in 0..count {
            let child = children[i];
            let (lo, hi) = self.known(&child, mover);
            if lo >= beta {
                if !remembered {
                    return lo;
                }
                self.transpositions.put(
                    key,
                    Bounds {
                        lo,
                        hi: known.hi,
                        best: child.column,
                    },
                    1,
                );
                return lo;
            }
            if hi <= alpha || lo == hi {
                if hi > best {
                    best = hi;
                    best_column = child.column;
                }
            } else {
                children[open] = child;
                open += 1;
            }
        }
        let mut floor = alpha.max(best);
        if best < beta {
            for (i, child) in children[..open].iter().enumerate() {
                // Once the first move has not cut off, the others may be
                // shared with the helper: all of them are searched then.
                let split = i > 0 && self.may_split(k, floor, beta, open - i);
                let (v, column) = if split {
                    self.split(&children[i..open], mover, floor, beta)
                } else {
                    (self.child_value(child, mover, floor, beta), child.column)
                };
                if self.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_column = column;
                    if v > floor {
                        floor = v;
                        if v >= beta {
                            break;
                        }
                    }
                }
                if split {
                    break;
                }
            }
        }
        let bounds = if best >= beta {
            Bounds {
                lo: best,
                hi: known.hi,
                best: best_column,
            }
        } else if best <= alpha {
            Bounds {
                lo: known.lo,
                hi: best,
                best: NO_MOVE,
            }
        } else {
            Bounds {
                lo: best,
                hi: best,
                best: best_column,
            }
        };
        if remembered {
            self.transpositions
                .put(key, bounds, self.nodes - nodes_before);
        }
        best
    }

    /// The value of a move for the mover, searched within `floor..beta`.
    #[inline]
    fn child_value(&mut self, child: &Child, mover: Side, floor: i32, beta: i32) -> i32 {
        if child.position.turn() == mover {
            child.gained + self.search(&child.position, floor - child.gained, beta - child.gained)
        } else {
            child.gained - self.search(&child.position, child.gained - beta, child.gained - floor)
        }
    }

    /// Whether the moves left of a position of `k` seeds are to be shared
    /// with a new thread: near the start, a null window (so every move is
    /// searched with the same one and they are independent), two moves
    /// left at least, and a core free (then it is claimed).
    fn may_split(&self, k: i32, floor: i32, beta: i32, left: usize) -> bool {
        k >= self.split_seeds
            && beta - floor == 1
            && left >= 2
            && self
                .busy
                .fetch_update(Relaxed, Relaxed, |b| (b < self.threads).then_some(b + 1))
                .is_ok()
    }

    /// Searches `moves` (null window `floor..beta`) on this thread and a
    /// helper thread, each taking the next move not yet searched, until
    /// one reaches `beta` or all are done: the best value found (fail
    /// soft: at least `beta`, or the best of them all) and its move. The
    /// helper was claimed by [`Prover::may_split`].
    fn split(&mut self, moves: &[Child], mover: Side, floor: i32, beta: i32) -> (i32, u8) {
        // The value and the column in one word, for one atomic maximum.
        let found = AtomicI32::new(i32::MIN);
        let next = AtomicUsize::new(0);
        let stop = Arc::new(AtomicBool::new(false));
        let work = |prover: &mut Prover<'_>| {
            while !stop.load(Relaxed) {
                let i = next.fetch_add(1, Relaxed);
                let Some(child) = moves.get(i) else { break };
                let v = prover.child_value(child, mover, floor, beta);
                if prover.aborted {
                    break;
                }
                found.fetch_max(v * 8 + i32::from(child.column), Relaxed);
                if v >= beta {
                    stop.store(true, Relaxed);
                }
            }
        };
        let mut helper = self.helper(&stop);
        let outer = std::mem::replace(&mut self.stop, Arc::clone(&stop));
        let busy = Arc::clone(&self.busy);
        std::thread::scope(|scope| {
            let work = &work;
            let helper = &mut helper;
            let busy = &busy;
            scope.spawn(move || {
                work(helper);
                busy.fetch_sub(1, Relaxed);
            });
            work(self);
            // While this thread waits for the other, that one may share
            // out the moves of what it is searching in turn.
            busy.fetch_sub(1, Relaxed);
        });
        busy.fetch_add(1, Relaxed);
        self.stop = outer;
        self.nodes += helper.nodes;
        // This thread stopped only because the helper reached `beta`.
        self.aborted = false;
        let found = found.load(Relaxed);
        (found.div_euclid(8), found.rem_euclid(8) as u8)
    }

    /// Bounds of a move's value for the mover, from what is known without
    /// searching it: exact at the end of the game and in the tables.
    #[inline]
    fn known(&self, child: &Child, mover: Side) -> (i32, i32) {
        let p = &child.position;
        let k = i32::from(p.seeds_on_board());
        let (lo, hi) = if p.is_over() {
            (0, 0)
        } else if let Some(score) = self.table_score(p, k) {
            (score, score)
        } else {
            (-k, k)
        };
        if p.turn() == mover {
            (child.gained + lo, child.gained + hi)
        } else {
            (child.gained - hi, child.gained - lo)
        }
    }

    /// The moves of `position`, played by the rules library, best first
    /// by the order: the table's best move, then moves that sow their
    /// last seed into the store (the rightmost first: it leaves the
    /// others' counts as they were), then the most seeds won, then the
    /// pit nearest the store. (Measured on Kalah(6,4): breaking ties by
    /// the pit nearest the store takes 86 million nodes; by a history of
    /// the moves that cut off, 211 million.)
    fn children(&self, position: &Position, best: u8) -> ([Child; 6], usize) {
        let mover = position.turn();
        let mut children = [Child {
            column: NO_MOVE,
            position: *position,
            gained: 0,
            order: i32::MIN,
        }; 6];
        let mut count = 0;
        for mv in position.legal_moves() {
            let mut next = *position;
            next.play_unchecked(mv);
            let gained = gain(position, &next, mover);
            let column = mv.column();
            let extra = !next.is_over() && next.turn() == mover;
            let order = if column == best {
                i32::MAX
            } else if extra {
                (1 << 30) + i32::from(column)
            } else {
                (gained + 64) * 16 + i32::from(column)
            };
            children[count] = Child {
                column,
                position: next,
                gained,
                order,
            };
            count += 1;
        }
        children[..count].sort_unstable_by_key(|c| -c.order);
        (children, count)
    }

    /// The exact value, for the player to move, of every move of
    /// `position`, whose own value is `value` (the searches start from
    /// it), in the order of the pits.
    pub(crate) fn moves(&mut self, position: &Position, value: i32) -> Vec<(Move, i32)> {
        let mover = position.turn();
        let (children, count) = self.children(position, NO_MOVE);
        let mut out = Vec::with_capacity(count);
        for child in &children[..count] {
            let rest = if child.position.is_over() {
                0
            } else {
                let guess = if child.position.turn() == mover {
                    value - child.gained
                } else {
                    child.gained - value
                };
                self.value(&child.position, guess, &mut |_, _, _| {})
            };
            out.push((
                Move::new(mover, child.column),
                Self::through(child, mover, rest),
            ));
        }
        out.sort_by_key(|&(mv, _)| mv.column());
        out
    }

    /// Best moves from `position`, worth `value` to its player to move,
    /// to the end of the game: at each ply the first move in search order
    /// that keeps the value.
    pub(crate) fn principal_variation(&mut self, position: &Position, mut value: i32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut position = *position;
        while !position.is_over() {
            let mover = position.turn();
            let best = self
                .transpositions
                .get(board_key(&position))
                .map_or(NO_MOVE, |b| b.best);
            let (children, count) = self.children(&position, best);
            let chosen = children[..count].iter().find(|child| {
                let rest = value - child.gained;
                if child.position.is_over() {
                    rest == 0
                } else if child.position.turn() == mover {
                    self.at_least(&child.position, rest)
                } else {
                    !self.at_least(&child.position, -rest + 1)
                }
            });
            let Some(child) = chosen.copied() else {
                debug_assert!(false, "a move keeps the value {value} in {position}");
                break;
            };
            pv.push(Move::new(mover, child.column));
            value = if child.position.turn() == mover {
                value - child.gained
            } else {
                child.gained - value
            };
            position = child.position;
        }
        pv
    }
}

/// Seeds `mover` won over the opponent from `before` to `after`.
#[inline]
fn gain(before: &Position, after: &Position, mover: Side) -> i32 {
    let other = mover.opposite();
    (i32::from(after.captured(mover)) - i32::from(before.captured(mover)))
        - (i32::from(after.captured(other)) - i32::from(before.captured(other)))
}

/// The board seen from the player to move, their row first.
#[inline]
fn board_bytes(position: &Position) -> [u8; 16] {
    let m = position.pits();
    let mut bytes = [0u8; 16];
    bytes[..m].copy_from_slice(position.row(position.turn()));
    bytes[m..2 * m].copy_from_slice(position.row(position.turn().opposite()));
    bytes
}

/// The board seen from the player to move, as a key.
#[inline]
pub(crate) fn board_key(position: &Position) -> BoardKey {
    u128::from_le_bytes(board_bytes(position))
}
