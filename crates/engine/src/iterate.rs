//! Iterative deepening: one thread's loop over depths with aspiration
//! windows (lazy SMP runs it on every thread), and the weaker levels'
//! noisy choice among the root moves.

use std::sync::atomic::Ordering;

use wari_rules::Position;

use crate::limits::Limits;
use crate::proof::Proof;
use crate::random::{Rng, RngExt};
use crate::score::{INFINITY, MAX_PLY, Score, Value, is_proven};
use crate::search::{Iteration, Searcher, Shared, WINDOW};

/// Iterative deepening on one thread; thread 0 reports and decides when
/// to stop, the others (lazy SMP) start at staggered depths and fill the
/// shared table. Every thread publishes the iterations it completes, and
/// one that falls behind takes the deepest and goes on past it.
pub(crate) fn deepen(
    searcher: &mut Searcher<'_>,
    shared: &Shared<'_>,
    root: &Position,
    limits: &Limits,
    id: usize,
    single_move: bool,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Option<Iteration> {
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 16)
        .clamp(1, MAX_PLY as u32 - 16);
    let mut last: Option<Iteration> = None;
    let mut depth = 1 + (id as u32 % 2);
    while depth <= max_depth {
        // Another thread got further: take its iteration and go on past it
        // (the main thread reports it as its own).
        let ahead = shared
            .deepest
            .lock()
            .ok()
            .and_then(|d| d.as_ref().filter(|it| it.depth >= depth).cloned());
        if let Some(it) = ahead {
            depth = it.depth + 1;
            if id == 0 {
                on_iteration(&it);
            }
            last = Some(it);
            if depth > max_depth
                || (id == 0 && time_to_stop(shared, limits, &last, depth - 1, single_move))
            {
                break;
            }
            continue;
        }
        let it = match &last {
            Some(prev) if depth >= 4 && !is_proven(prev.value) => {
                aspiration(searcher, root, depth, prev.value)
            }
            _ => searcher.search_root(root, depth, -INFINITY, INFINITY),
        };
        searcher.flush_nodes();
        let Some(mut it) = it else { break };
        let stopped = searcher.is_stopped();
        if stopped {
            // An unfinished iteration's move counts: it was searched to
            // the end and beat the others searched (the previous best
            // first). But the depth completed is still the one before.
            it.depth -= 1;
            last = Some(it);
            break;
        }
        if let Ok(mut deepest) = shared.deepest.lock()
            && deepest.as_ref().is_none_or(|d| d.depth < it.depth)
        {
            *deepest = Some(it.clone());
        }
        if id == 0 {
            on_iteration(&it);
        }
        last = Some(it);
        if id == 0 {
            if time_to_stop(shared, limits, &last, depth, single_move) {
                break;
            }
        } else if shared.halt.load(Ordering::Relaxed) {
            break;
        }
        depth += 1;
    }
    last
}

/// Whether the main thread, having completed `depth`, should stop: the
/// soft time limit is reached, the only move needs no more thought, or
/// the game is solved well within the depth.
fn time_to_stop(
    shared: &Shared<'_>,
    limits: &Limits,
    last: &Option<Iteration>,
    depth: u32,
    single_move: bool,
) -> bool {
    let pondering = shared.control.is_pondering();
    let elapsed = shared
        .control
        .ponderhit_at()
        .unwrap_or(shared.start)
        .elapsed();
    let soft_done = shared.budget.is_some_and(|b| elapsed >= b.soft) && !pondering;
    let timed = shared.budget.is_some() && !limits.infinite;
    let (value, proof) = last
        .as_ref()
        .map_or((0, Proof::NONE), |l| (l.value, l.proof));
    let plies = match Score::from_value(value) {
        Score::Exact { plies, .. } => plies,
        Score::Seeds(_) => u32::MAX / 4,
    };
    // Exact: nothing deeper can change the value. A win or a loss proven
    // (its margin only a bound): as before, once well past its line.
    let sure = (value > 0 && proof.at_least()) || (value < 0 && proof.at_most());
    let solved = proof.is_exact() || (is_proven(value) && sure && depth > 2 * plies + 2);
    soft_done
        || (single_move && timed && !pondering)
        || (solved && !limits.infinite && limits.depth.is_none())
}

/// A search in a narrow window around the last value, widened on failure.
fn aspiration(
    searcher: &mut Searcher<'_>,
    root: &Position,
    depth: u32,
    guess: Value,
) -> Option<Iteration> {
    let mut width = WINDOW;
    let (mut alpha, mut beta) = (guess - width, guess + width);
    loop {
        let it = searcher.search_root(root, depth, alpha, beta)?;
        if searcher.is_stopped() {
            return Some(it);
        }
        if it.value <= alpha {
            alpha = (alpha - width).max(-INFINITY);
        } else if it.value >= beta {
            beta = (beta + width).min(INFINITY);
        } else {
            return Some(it);
        }
        width *= 2;
        if width > 20 * WINDOW {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

/// The weaker levels: every root move searched with an open window to
/// the level's depth, a random error added to each value, the best
/// kept.
pub(crate) fn noisy_choice(
    shared: &Shared<'_>,
    history: &[Position],
    limits: &Limits,
    noise: i32,
    rng: &mut Rng,
) -> Option<Iteration> {
    let root = *history.last().expect("a root");
    let depth = limits.depth.unwrap_or(1).max(1);
    let mut best: Option<(Value, Iteration)> = None;
    for m in root.legal_moves() {
        let mut child = root;
        child.play_unchecked(m);
        let mut line = history.to_vec();
        if child.seeds_on_board() != root.seeds_on_board() {
            line.clear();
        }
        line.push(child);
        let mut searcher = Searcher::new(shared, &line);
        let it = searcher.search_child(&child, depth - 1)?;
        let value = if child.turn() == root.turn() {
            it.value
        } else {
            -it.value
        };
        let noisy = value + rng.random_range(-noise..=noise);
        if best.as_ref().is_none_or(|(v, _)| noisy > *v) {
            let mut pv = vec![m];
            pv.extend(it.pv);
            best = Some((
                noisy,
                Iteration {
                    depth,
                    value,
                    pv,
                    seldepth: it.seldepth,
                    // One move's value, not the best: nothing proven of
                    // the position.
                    proof: Proof::NONE,
                },
            ));
        }
    }
    best.map(|(_, it)| it)
}
