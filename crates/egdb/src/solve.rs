//! Solving a whole small game from its start: every table up to all the
//! seeds, built in memory, then the value of the start and a principal
//! variation.

use std::collections::HashSet;
use std::time::Instant;

use wari_rules::{Move, Position, Rules, Side};

use crate::builder::{build_in_memory, check_size};
use crate::error::Error;
use crate::index::{MAX_LAYER, positions};
use crate::retrograde::Progress;
use crate::table_rules::TableRules;
use crate::tables::Tables;
use crate::value::Value;

/// Memory a solve may use unless told otherwise: 12 GiB.
pub const DEFAULT_MEMORY_LIMIT: u64 = 12 << 30;

/// Plies of principal variation shown at most.
const MAX_PV: usize = 400;

/// A solved game.
#[derive(Debug)]
pub struct Solution {
    /// The rules solved.
    pub rules: Rules,
    /// South's final margin under perfect play from the start (South's
    /// seeds minus North's at the natural end of the game).
    pub value: Value,
    /// Every legal move of the start with its value for South.
    pub moves: Vec<(Move, Value)>,
    /// A principal variation: best moves from the start until the game
    /// ends (or a position repeats: `pv_cycles`).
    pub pv: Vec<Move>,
    /// Whether the variation stops because a position repeated.
    pub pv_cycles: bool,
    /// Positions in all the tables built.
    pub positions: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// The tables, to probe further positions of the game.
    pub tables: Tables,
}

/// The positions over every seed count of a game, and the bytes a solve
/// needs at its peak: one per position, plus four per position of the
/// largest table while it is built.
///
/// ```
/// use wari_egdb::solve_size;
/// let (positions, bytes) = solve_size(&"kalah,pits=4,seeds=3".parse()?);
/// assert_eq!(positions, 10_518_300); // C(32, 8): 0 to 24 seeds on 8 pits
/// assert!(bytes > positions);
/// # Ok::<(), wari_rules::RulesError>(())
/// ```
#[must_use]
pub fn solve_size(rules: &Rules) -> (u64, u64) {
    let m = usize::from(rules.pits());
    let total = rules.total_seeds() as usize;
    if total > MAX_LAYER {
        return (u64::MAX, u64::MAX);
    }
    let all: u64 = (0..=total).map(|k| positions(m, k)).sum();
    (all, all + 4 * positions(m, total))
}

/// Solves the game of `rules` from its start position.
///
/// ```
/// use wari_egdb::{Quiet, solve, DEFAULT_MEMORY_LIMIT};
/// let solution = solve(&"kalah,pits=2,seeds=2".parse()?, DEFAULT_MEMORY_LIMIT, &Quiet)?;
/// assert!(!solution.pv.is_empty());
/// assert_eq!(solution.value.score(), solution.moves.iter().map(|(_, v)| v.score()).max().unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When the game is too large for `memory_limit` bytes (or has more than
/// 48 seeds).
pub fn solve(rules: &Rules, memory_limit: u64, progress: &dyn Progress) -> Result<Solution, Error> {
    let (all, bytes) = solve_size(rules);
    if bytes > memory_limit {
        return Err(Error::TooLarge {
            rules: rules.to_string(),
            positions: all,
            bytes,
            limit: memory_limit,
        });
    }
    let started = Instant::now();
    let table_rules = TableRules::new(rules);
    check_size(&table_rules, rules.total_seeds() as usize)?;
    let layers = build_in_memory(&table_rules, rules.total_seeds() as usize, progress);
    let tables = Tables::from_layers(table_rules, layers);
    // The tables play on to the natural end; so does the variation.
    let start = Position::new(play_rules(rules));
    let value = tables.probe(&start)?.expect("every seed count is built");
    let moves = tables
        .probe_moves(&start)?
        .expect("every seed count is built");
    let (pv, pv_cycles) = principal_variation(&tables, start)?;
    Ok(Solution {
        rules: *rules,
        value,
        moves,
        pv,
        pv_cycles,
        positions: all,
        seconds: started.elapsed().as_secs_f64(),
        tables,
    })
}

/// The rules with `playout` under Oware.
fn play_rules(rules: &Rules) -> Rules {
    if rules.is_kalah() {
        *rules
    } else {
        rules.with_playout(true).expect("Oware takes playout")
    }
}

/// Best moves from `position` until the game ends or a position repeats.
/// Among moves of equal value, one that captures (or ends the game) comes
/// first, so the variation makes progress where it can.
fn principal_variation(
    tables: &Tables,
    mut position: Position,
) -> Result<(Vec<Move>, bool), Error> {
    let mut pv = Vec::new();
    let mut seen = HashSet::new();
    while !position.is_over() && pv.len() < MAX_PV {
        if !seen.insert((position.key(), position.seeds_on_board())) {
            return Ok((pv, true));
        }
        let moves = tables
            .probe_moves(&position)?
            .expect("every seed count is built");
        let on_board = position.seeds_on_board();
        // Reversed: of equal keys `max_by_key` takes the last, here the
        // first in the order of the pits.
        let best = moves
            .iter()
            .rev()
            .map(|&(mv, v)| {
                let next = position.play(mv).expect("a legal move");
                let progress = next.is_over() || next.seeds_on_board() < on_board;
                ((v.score(), progress), mv)
            })
            .max_by_key(|&(key, _)| key)
            .map(|(_, mv)| mv)
            .expect("a game not over has a move");
        position = position.play(best).expect("a legal move");
        pv.push(best);
    }
    Ok((pv, false))
}

impl Solution {
    /// The value from South's view: the same as [`Solution::value`], the
    /// start having South to move and nothing captured.
    #[must_use]
    pub fn south_margin(&self) -> i8 {
        debug_assert_eq!(Position::new(self.rules).turn(), Side::South);
        self.value.score()
    }
}
