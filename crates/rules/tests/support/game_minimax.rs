//! The value of a game by plain minimax over `Game`, which applies every
//! rule from the whole history, the cycle rule included: an oracle
//! independent of the engine, the tables and the puzzle prover, for small
//! endgames. Included with `#[path]` by the engine's exact-score tests and
//! the CLI's puzzle tests.

use std::collections::HashMap;

use wari_rules::{Game, Move, Position};

/// Wider than any margin.
pub const OPEN: i32 = 1000;

/// The value of a finished game for the side to move.
pub fn final_margin(game: &Game) -> Option<i32> {
    let me = game.position().turn();
    game.outcome()
        .map(|o| (i32::from(o.halves(me)) - i32::from(o.halves(me.opposite()))) / 2)
}

/// Minimax with alpha-beta (fail-hard: the value clamped to the window)
/// over `Game`. A position just after a capture has no history the cycle
/// rule can look at, so its value is kept; `None` past `budget` nodes.
pub fn minimax(
    game: &Game,
    mut alpha: i32,
    beta: i32,
    after_capture: &mut HashMap<Position, i32>,
    budget: &mut u64,
) -> Option<i32> {
    if let Some(v) = final_margin(game) {
        return Some(v.clamp(alpha, beta));
    }
    let fresh = game.since_last_capture().len() == 1;
    if fresh {
        if let Some(&v) = after_capture.get(game.position()) {
            return Some(v.clamp(alpha, beta));
        }
        if alpha > -OPEN || beta < OPEN {
            let v = minimax(game, -OPEN, OPEN, after_capture, budget)?;
            return Some(v.clamp(alpha, beta));
        }
    }
    *budget = budget.checked_sub(1)?;
    let me = game.position().turn();
    let mut best = -OPEN;
    for m in game.legal_moves() {
        let mut next = game.clone();
        next.play(m).expect("a legal move");
        // A Kalah extra move or a `warri` grand slam keeps the turn.
        let v = if next.position().turn() == me {
            minimax(&next, alpha, beta, after_capture, budget)?
        } else {
            -minimax(&next, -beta, -alpha, after_capture, budget)?
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    if fresh {
        after_capture.insert(*game.position(), best);
    }
    Some(best)
}

/// The game's value for the side to move, `None` past `budget` nodes.
#[allow(dead_code)] // not every includer asks for it
pub fn value(game: &Game, budget: u64) -> Option<i32> {
    let mut budget = budget;
    minimax(game, -OPEN, OPEN, &mut HashMap::new(), &mut budget)
}

/// Each legal move of `game` with the game's final margin for the mover
/// after it, with best play on both sides; `None` past `budget` nodes in
/// all.
#[allow(dead_code)] // not every includer asks for it
pub fn move_values(game: &Game, budget: u64) -> Option<Vec<(Move, i32)>> {
    let me = game.position().turn();
    let mut after_capture = HashMap::new();
    let mut budget = budget;
    game.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = game.clone();
            next.play(m).expect("a legal move");
            let v = minimax(&next, -OPEN, OPEN, &mut after_capture, &mut budget)?;
            Some((m, if next.position().turn() == me { v } else { -v }))
        })
        .collect()
}
