//! One search thread: iterative deepening, principal variation search
//! with a transposition table, killer and history move ordering, capture
//! quiescence, and the cycle rule judged along the game and the tree.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use wari_rules::{Cycle, Move, Moves, Position};

use crate::control::Control;
use crate::eval::{Weights, captured_difference, is_capture};
use crate::limits::Budget;
use crate::proof::Proof;
use crate::score::{INFINITY, MAX_PLY, SEED, Value, from_table, proven, to_table};
use crate::table::{Bound, Entry, Table, hash};
use crate::{Known, Oracle, cycle_margin};

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub table: &'a Table,
    pub control: &'a Control,
    pub oracle: Option<&'a dyn Oracle>,
    pub weights: &'a Weights,
    pub nodes: AtomicU64,
    /// Set by the main thread when it is done: the helpers stop.
    pub halt: AtomicBool,
    /// The deepest iteration any thread has completed: a thread that
    /// falls behind jumps past it, and the main thread reports it.
    pub deepest: std::sync::Mutex<Option<Iteration>>,
    pub start: Instant,
    pub budget: Option<Budget>,
    pub node_limit: Option<u64>,
}

impl Shared<'_> {
    /// Whether the hard time limit (counted from the ponderhit when
    /// pondering) or the node limit is reached.
    fn out_of_budget(&self) -> bool {
        if let Some(limit) = self.node_limit
            && self.nodes.load(Ordering::Relaxed) >= limit
        {
            return true;
        }
        match self.budget {
            Some(budget) if !self.control.is_pondering() => {
                let start = self.control.ponderhit_at().unwrap_or(self.start);
                start.elapsed() >= budget.hard
            }
            _ => false,
        }
    }
}

/// One completed iteration.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    pub depth: u32,
    pub value: Value,
    pub pv: Vec<Move>,
    pub seldepth: u32,
    /// What is proven of `value` in real margins.
    pub proof: Proof,
}

/// A position on the path from the last capture of the game to the node
/// being searched: its key (board and turn), seeds on the board, and a
/// hash of the positions before it since the last capture (the same for
/// every order they came in: all the cycle rule can look back at).
#[derive(Clone, Copy)]
struct Step {
    key: u128,
    on_board: u8,
    before: u64,
}

impl Step {
    /// The step after `previous` on the path.
    fn after(previous: Option<&Step>, p: &Position) -> Step {
        let key = p.key();
        let on_board = p.seeds_on_board();
        let before = match previous {
            Some(prev) if prev.on_board == on_board => prev.before.wrapping_add(mix(prev.key)),
            _ => 0,
        };
        Step {
            key,
            on_board,
            before,
        }
    }
}

/// A well-spread 64-bit hash of a position's key, summed (a multiset
/// hash: repeated positions count) into [`Step::before`].
#[inline]
fn mix(key: u128) -> u64 {
    let x = (key as u64) ^ ((key >> 64) as u64).rotate_left(17);
    let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (x ^ (x >> 31)) | 1
}

/// The state of one search thread.
pub(crate) struct Searcher<'a> {
    shared: &'a Shared<'a>,
    cycle: Cycle,
    /// The game's positions since its last capture, then the tree's path.
    path: Vec<Step>,
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 1]>,
    history: [[i32; 6]; 2],
    pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// The highest path index (smallest) that a cycle found in the
    /// subtree being searched went back to (`usize::MAX`: none).
    cycle_floor: usize,
    /// How many positions on the path fall in each slot of a small hash
    /// of their keys: a position whose slot holds fewer than the cycle
    /// rule's occurrences cannot be a repetition, and most nodes are
    /// answered so without walking the path back to the last capture.
    on_path: Box<[u16; FILTER]>,
    /// What is proven of the value the last node searched returned.
    proof: Proof,
}

/// Slots of the repetition filter (a power of two).
const FILTER: usize = 1024;

/// The filter slot of a position's key.
#[inline]
fn filter_slot(key: u128) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize & (FILTER - 1)
}

/// Nodes counted locally before they are added to the shared count and
/// the limits are checked.
const CHECK_EVERY: u64 = 1024;
/// The deepest capture sequence quiescence follows.
const QUIESCENCE_PLIES: usize = 16;

impl<'a> Searcher<'a> {
    /// A searcher for the position after `history` (the game's positions
    /// from its last capture to the root, the root last).
    pub fn new(shared: &'a Shared<'a>, history: &[Position]) -> Searcher<'a> {
        let root = history.last().expect("a root position");
        let mut path: Vec<Step> = Vec::with_capacity(history.len() + MAX_PLY + 1);
        for p in history {
            let step = Step::after(path.last(), p);
            path.push(step);
        }
        let mut on_path = Box::new([0u16; FILTER]);
        for step in &path {
            let slot = &mut on_path[filter_slot(step.key)];
            *slot = slot.saturating_add(1);
        }
        Searcher {
            shared,
            cycle: root.rules().cycle(),
            path,
            killers: Box::new([[None; 2]; MAX_PLY + 1]),
            history: [[0; 6]; 2],
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            stopped: false,
            cycle_floor: usize::MAX,
            on_path,
            proof: Proof::NONE,
        }
    }

    /// Puts a position on the path (the child about to be searched).
    #[inline]
    fn push(&mut self, p: &Position) {
        let step = Step::after(self.path.last(), p);
        let slot = &mut self.on_path[filter_slot(step.key)];
        *slot = slot.saturating_add(1);
        self.path.push(step);
    }

    /// The low bits of the current node's path hash, as the table keeps.
    fn path_check(&self) -> u64 {
        let mask = self.shared.table.path_mask();
        self.path.last().map_or(0, |s| s.before & mask)
    }

    /// Takes the last position off the path.
    #[inline]
    fn pop(&mut self) {
        if let Some(step) = self.path.pop() {
            let slot = &mut self.on_path[filter_slot(step.key)];
            *slot = slot.saturating_sub(1);
        }
    }

    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Adds the nodes not yet counted to the shared count.
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        self.nodes = 0;
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= CHECK_EVERY {
            self.flush_nodes();
            if self.shared.control.is_stopped()
                || self.shared.halt.load(Ordering::Relaxed)
                || self.shared.out_of_budget()
            {
                self.stopped = true;
            }
        }
    }

    /// Searches the root to `depth` within the window; `None` if stopped
    /// before a best move was found.
    pub fn search_root(
        &mut self,
        root: &Position,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<Iteration> {
        self.seldepth = 0;
        let value = self.negamax(root, depth as i32, alpha, beta, 0);
        let proof = if self.stopped {
            Proof::NONE
        } else {
            self.proof
        };
        if self.stopped && self.pv_len[0] == 0 {
            return None;
        }
        let pv: Vec<Move> = self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect();
        Some(Iteration {
            depth,
            value,
            pv,
            seldepth: self.seldepth as u32,
            proof,
        })
    }

    /// Searches a position just played from the root (already on the
    /// path) to `depth`, open window: for the weaker levels' choice.
    pub fn search_child(&mut self, child: &Position, depth: u32) -> Option<Iteration> {
        if !child.is_over() && !child.rules().is_kalah() && self.path.len() > 1 && self.is_cycle() {
            return Some(Iteration {
                depth,
                value: self.cycle_value(child, 0),
                pv: Vec::new(),
                seldepth: 0,
                proof: Proof::EXACT,
            });
        }
        self.search_root(child, depth, -INFINITY, INFINITY)
    }

    /// The value of a finished position for its side to move.
    fn end_value(p: &Position, ply: usize) -> Value {
        proven(captured_difference(p, p.turn()), ply)
    }

    /// Whether the position just pushed on the path ends the game by the
    /// cycle rule (RULES.md §2.5): it occurred before since the last
    /// capture, as often as the rule allows.
    /// Notes how far up the path the cycle reaches: a value that depends
    /// on positions above a node is not stored for that node.
    fn is_cycle(&mut self) -> bool {
        let last = self.path.len() - 1;
        let Step { key, on_board, .. } = self.path[last];
        if usize::from(self.on_path[filter_slot(key)]) < self.cycle.occurrences() {
            return false;
        }
        let mut seen = 1;
        for (i, step) in self.path[..last].iter().enumerate().rev() {
            if step.on_board != on_board {
                break;
            }
            if step.key == key {
                seen += 1;
                if seen >= self.cycle.occurrences() {
                    self.cycle_floor = self.cycle_floor.min(i);
                    return true;
                }
            }
        }
        false
    }

    /// The value of ending the game by the cycle rule here.
    fn cycle_value(&self, p: &Position, ply: usize) -> Value {
        proven(cycle_margin(p, p.turn()), ply)
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        let next = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..next {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = next;
    }

    /// The value of `p` (the last position on the path) searched to
    /// `depth` within the window. Cycles found below count for the
    /// ancestors only where they reach above them.
    fn negamax(
        &mut self,
        p: &Position,
        depth: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        let outer = std::mem::replace(&mut self.cycle_floor, usize::MAX);
        let (value, proof) = self.node(p, depth, alpha, beta, ply);
        self.cycle_floor = self.cycle_floor.min(outer);
        self.proof = proof;
        value
    }

    fn node(
        &mut self,
        p: &Position,
        depth: i32,
        mut alpha: Value,
        beta: Value,
        ply: usize,
    ) -> (Value, Proof) {
        self.pv_len[ply] = ply;
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        if p.is_over() {
            return (Self::end_value(p, ply), Proof::EXACT);
        }
        if ply > 0 && !p.rules().is_kalah() && self.is_cycle() {
            return (self.cycle_value(p, ply), Proof::EXACT);
        }
        if ply > 0
            && let Some(oracle) = self.shared.oracle
            && let Some(known) = oracle.probe(p)
        {
            let so_far = captured_difference(p, p.turn());
            match known {
                // A table's value is the game's from this position with no
                // history, taken as proven (docs/ENDGAME.md, "cycle=even":
                // why the positions since the last capture are not looked
                // back at).
                Known::Exact(rest) => return (proven(so_far + rest, ply), Proof::EXACT),
                Known::Estimate(rest) if depth <= 0 => {
                    return ((so_far + rest) * SEED, Proof::NONE);
                }
                Known::Estimate(_) => {}
            }
        }
        if ply >= MAX_PLY {
            return (self.shared.weights.evaluate(p), Proof::NONE);
        }
        if depth <= 0 {
            let value = self.quiescence(p, alpha, beta, ply, 0);
            return (value, self.proof);
        }
        if self.stopped {
            return (0, Proof::NONE);
        }

        let key = hash(p);
        let pv_node = beta - alpha > 1;
        let mut table_column = None;
        let path = self.path_check();
        if let Some(entry) = self.shared.table.probe(key) {
            table_column = entry.column;
            let v = from_table(entry.value, ply);
            if ply > 0 && !pv_node && i32::from(entry.depth) >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                // A value found after other positions since the last
                // capture may not hold after these (the cycle rule judges
                // the lines below by the positions above): one stored on
                // another path, proven or estimated, is searched again (it
                // still orders the moves). Taking the estimates cost a
                // proven win by 2 in a 4-seed ending (docs/STRENGTH.md,
                // "Pit values").
                if cut && entry.path == path {
                    return (v, entry.proof);
                }
            }
        }

        let me = p.turn();
        let moves = p.legal_moves();
        let mut children = [(Move::new(me, 0), *p, 0i32); 6];
        let n = moves.len();
        for (i, &m) in moves.iter().enumerate() {
            let mut child = *p;
            child.play_unchecked(m);
            let gain = i32::from(child.captured(me)) - i32::from(p.captured(me));
            let order = if Some(m.column()) == table_column {
                1 << 30
            } else if gain > 0 {
                (1 << 24) + gain
            } else if self.killers[ply][0] == Some(m) {
                1 << 22
            } else if self.killers[ply][1] == Some(m) {
                (1 << 22) - 1
            } else {
                self.history[me.index()][usize::from(m.column())]
            };
            children[i] = (m, child, order);
        }
        children[..n].sort_unstable_by_key(|c| std::cmp::Reverse(c.2));

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut best_proof = Proof::NONE;
        // Whether every move searched so far is proven no better than its
        // value (then, all searched, the node is proven no better than its
        // best).
        let mut all_at_most = true;
        let mut searched = 0;
        for (i, &(m, child, order)) in children[..n].iter().enumerate() {
            self.push(&child);
            // A Kalah extra move keeps the same side to move.
            let same = child.turn() == me;
            let search = |s: &mut Self, a: Value, b: Value, d: i32| -> Value {
                if same {
                    s.negamax(&child, d, a, b, ply + 1)
                } else {
                    -s.negamax(&child, d, -b, -a, ply + 1)
                }
            };
            let value = if i == 0 {
                search(self, alpha, beta, depth - 1)
            } else {
                // Late quiet moves at enough depth are searched shallower
                // first.
                let reduce = if depth >= 3 && i >= 3 && order < (1 << 22) && !pv_node {
                    1
                } else {
                    0
                };
                let mut v = search(self, alpha, alpha + 1, depth - 1 - reduce);
                if v > alpha && reduce > 0 {
                    v = search(self, alpha, alpha + 1, depth - 1);
                }
                if v > alpha && v < beta {
                    v = search(self, alpha, beta, depth - 1);
                }
                v
            };
            let proof = self.proof.seen_from_parent(same);
            self.pop();
            if self.stopped {
                // Only moves searched to the end count; at the root the
                // caller keeps the best of those.
                let value = if ply == 0 { best } else { best.max(value) };
                return (value, Proof::NONE);
            }
            all_at_most &= proof.at_most();
            searched += 1;
            if value > best {
                best = value;
                best_proof = proof;
                best_move = Some(m);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, m);
                    if value >= beta {
                        let gain = i32::from(child.captured(me)) - i32::from(p.captured(me));
                        if gain == 0 {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            let h = &mut self.history[me.index()][usize::from(m.column())];
                            *h += depth * depth;
                            if *h > 1 << 20 {
                                for side in &mut self.history {
                                    for x in side.iter_mut() {
                                        *x /= 2;
                                    }
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }

        // Every move searched (a cutoff at the last one included), each
        // proven no better: the node is proven no better than its best.
        let proof = Proof::of_node(best_proof, all_at_most && searched == n);
        // A value that rests on a cycle back to this position or above it
        // holds for this path only.
        if self.cycle_floor < self.path.len() {
            return (best, proof);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.table.store(
            key,
            Entry {
                value: to_table(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
                column: best_move.map(|m| m.column()),
                proof,
                path: self.path_check(),
            },
        );
        (best, proof)
    }

    /// Captures only, until the position is quiet: the side to move may
    /// also stand on the static value.
    fn quiescence(
        &mut self,
        p: &Position,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        qply: usize,
    ) -> Value {
        self.pv_len[ply] = ply;
        self.proof = Proof::NONE;
        if qply > 0 {
            self.count_node();
            self.seldepth = self.seldepth.max(ply);
            if p.is_over() {
                self.proof = Proof::EXACT;
                return Self::end_value(p, ply);
            }
            if !p.rules().is_kalah() && self.is_cycle() {
                self.proof = Proof::EXACT;
                return self.cycle_value(p, ply);
            }
        }
        let stand = self.shared.weights.evaluate(p);
        if stand >= beta || qply >= QUIESCENCE_PLIES || ply >= MAX_PLY || self.stopped {
            return stand;
        }
        alpha = alpha.max(stand);
        let me = p.turn();
        let mut best = stand;
        // Only the captures are searched: a capture proven at least its
        // value proves the position at least that; nothing proves it at
        // most its value.
        let mut best_proof = Proof::NONE;
        let moves: Moves = p.legal_moves();
        for &m in &moves {
            let mut child = *p;
            child.play_unchecked(m);
            if !is_capture(p, &child) && !child.is_over() {
                continue;
            }
            self.push(&child);
            let same = child.turn() == me;
            let value = if same {
                self.quiescence(&child, alpha, beta, ply + 1, qply + 1)
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1)
            };
            let proof = self.proof.seen_from_parent(same);
            self.pop();
            if value > best {
                best = value;
                best_proof = proof;
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, m);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        self.proof = Proof::of_node(best_proof, false);
        best
    }
}

/// The aspiration window's first half width.
pub(crate) const WINDOW: Value = SEED / 2;
