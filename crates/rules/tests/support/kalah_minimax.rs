//! Kalah's values by plain minimax over the rules library (there are no
//! cycles in Kalah): an oracle independent of the engine, the tables and
//! the puzzle prover, for the tests that check them. Included with
//! `#[path]` by the CLI's puzzle tests and the server's analysis tests.

use std::collections::HashMap;

use wari_rules::{Move, Position, Side};

/// The positions already valued, by board and side to move.
pub type Memo = HashMap<(Vec<u8>, bool), i32>;

/// What the player to move in `p` will still take over the other with
/// best play on both sides (0 once the game is over).
pub fn still(p: &Position, memo: &mut Memo) -> i32 {
    if p.is_over() {
        return 0;
    }
    let key = (p.board().to_vec(), p.turn() == Side::South);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let v = move_values(p, memo)
        .into_iter()
        .map(|(_, v)| v)
        .max()
        .expect("a game not over has a legal move");
    memo.insert(key, v);
    v
}

/// Each legal move of `p` with what the mover will still take over the
/// other after playing it, with best play on both sides from there.
pub fn move_values(p: &Position, memo: &mut Memo) -> Vec<(Move, i32)> {
    let me = p.turn();
    let lead = |q: &Position| i32::from(q.captured(me)) - i32::from(q.captured(me.opposite()));
    p.legal_moves()
        .iter()
        .map(|&m| {
            let c = p.play(m).expect("a legal move plays");
            let after = if c.turn() == me {
                still(&c, memo)
            } else {
                -still(&c, memo)
            };
            (m, lead(&c) - lead(p) + after)
        })
        .collect()
}
