//! Re-checking a table against the rules: every value consistent with the
//! values of the positions its moves lead to.

use rayon::prelude::*;

use crate::error::Error;
use crate::index::{next_board, positions, unrank};
use crate::table_rules::{BoardBuf, Child, TableRules};
use crate::tables::Tables;
use crate::value::Value;

/// Boards checked as one unit of work.
const CHUNK: usize = 1 << 14;

/// What [`verify`] found in one table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Boards checked.
    pub boards: u64,
    /// Boards whose value is not consistent with their moves.
    pub mismatches: u64,
    /// The first few, described (`board: what`).
    pub examples: Vec<String>,
}

/// Checks every value of the table of `seeds` seeds against the rules,
/// using the tables of 0 to `seeds` seeds (which must all be there).
///
/// With `B` the best over the legal moves of what each captures plus
/// (minus, when the opponent moves next) the stored value of the position
/// it leads to, a value without the cycle mark must equal `B` (or the
/// score of the end, when the player to move cannot move). So must one
/// with the mark under `cycle=even`; under the other cycle rules a marked
/// value `v` is own row minus the opponent's `c`, or lies between `c` and
/// `B` (it is `c` clamped between bounds that `B` also lies between).
///
/// # Errors
/// When a table is missing or invalid.
pub fn verify(tables: &Tables, seeds: usize) -> Result<Verdict, Error> {
    let mut layers: Vec<&[u8]> = Vec::with_capacity(seeds + 1);
    for k in 0..=seeds {
        let layer = tables.layer(k)?.ok_or_else(|| Error::Io {
            path: tables.path(k).unwrap_or_default(),
            message: format!("no table of {k} seeds to verify against"),
        })?;
        layers.push(layer);
    }
    let rules = tables.rules();
    let m = rules.pits();
    let table = layers[seeds];
    let n = positions(m, seeds) as usize;
    let verdict = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let start = c * CHUNK;
            let mut verdict = Verdict::default();
            let mut board = BoardBuf::default();
            let board = &mut board[..2 * m];
            unrank(start as u64, seeds, board);
            for i in 0..CHUNK.min(n - start) {
                if i > 0 {
                    next_board(board);
                }
                verdict.boards += 1;
                let stored = Value::from_byte(table[start + i]);
                if let Err(what) = check(rules, board, seeds, stored, &layers[..]) {
                    verdict.mismatches += 1;
                    if verdict.examples.len() < 5 {
                        verdict.examples.push(format!(
                            "board {board:?} (index {}), stored {stored}: {what}",
                            start + i
                        ));
                    }
                }
            }
            verdict
        })
        .reduce(Verdict::default, |mut a, b| {
            a.boards += b.boards;
            a.mismatches += b.mismatches;
            a.examples.extend(b.examples);
            a.examples.truncate(5);
            a
        });
    Ok(verdict)
}

fn check(
    rules: &TableRules,
    board: &[u8],
    seeds: usize,
    stored: Value,
    layers: &[&[u8]],
) -> Result<(), String> {
    let position = rules.position(board, seeds);
    if let Some(score) = TableRules::terminal(&position) {
        return if stored == Value::exact(score) {
            Ok(())
        } else {
            Err(format!("the game is over, worth {score}"))
        };
    }
    let mut best = i8::MIN;
    rules.expand(&position, seeds, layers, |_, child| {
        best = best.max(match child {
            Child::Exit(score) => score,
            Child::Same(q) => -Value::score_of_byte(layers[seeds][q as usize]),
        });
    });
    let v = stored.score();
    if !stored.by_cycle() || rules.even_cycles() {
        return if v == best {
            Ok(())
        } else {
            Err(format!("its best move is worth {best}"))
        };
    }
    let c = rules.cycle_score(board);
    if v == c || (c < v && v <= best) || (best <= v && v < c) {
        Ok(())
    } else {
        Err(format!(
            "its best move is worth {best} and its own row minus the other {c}"
        ))
    }
}
