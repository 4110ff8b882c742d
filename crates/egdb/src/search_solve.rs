//! Solving a Kalah game too large for retrograde analysis: tables of few
//! seeds built in memory, then the start proved by search (`prove.rs`).

use std::time::Instant;

use wari_rules::{Position, Rules};

use crate::builder::build_in_memory;
use crate::error::Error;
use crate::index::{MAX_LAYER, positions};
use crate::prove::Prover;
use crate::retrograde::Progress;
use crate::solve::{Method, Solution};
use crate::table_rules::TableRules;
use crate::tables::Tables;
use crate::value::Value;

/// Boards, over all seed counts, of the endgame tables a search builds
/// first: about a second and a half on the standard board (0 to 14
/// seeds, 9.7 million boards, measured with two shared cores).
const TABLE_BOARDS: u64 = 10_000_000;

/// The transposition table's size at most (and at most half the memory
/// allowed): 2^26 entries of 16 bytes.
const TRANSPOSITION_BYTES: u64 = 1 << 30;

/// Nodes the start may take for every first move to be solved exactly
/// too (each costs about as much again).
const EXACT_MOVES_NODES: u64 = 20_000_000;

/// The most seeds a search-based solve takes (values are kept in an
/// `i8`).
const MAX_SEARCH_SEEDS: u32 = 127;

/// The most seeds on the board of the tables built before a search of a
/// game of `total` seeds on `pits` pits a row: every seed count up to it
/// has at most [`TABLE_BOARDS`] boards in all, and fewer than `total`.
fn table_seeds_for(pits: usize, total: usize) -> usize {
    let mut boards = 0;
    let mut seeds = 0;
    while seeds + 1 < total && seeds < MAX_LAYER {
        boards += positions(pits, seeds + 1);
        if boards > TABLE_BOARDS {
            break;
        }
        seeds += 1;
    }
    seeds
}

/// Solves a Kalah game from its start by search ([`Method::Search`]),
/// with endgame tables built first for every seed count up to
/// `table_seeds` (by default, as many as about a second or two of
/// building allows; always fewer than the game's seeds).
///
/// Every first move gets its exact value when the start took at most 20
/// million nodes to prove; otherwise only the best move's value is exact
/// and the others are given as upper bounds (the start's value:
/// [`Solution::moves_at_most`]). `WARI_EGDB_DEBUG=1` prints each bound
/// of the start as MTD(f) finds it.
///
/// ```
/// use wari_egdb::{Method, Quiet, solve_by_search, DEFAULT_MEMORY_LIMIT};
/// // Tables of at most 4 seeds: the search does the rest.
/// let solution = solve_by_search(&"kalah,pits=3,seeds=3".parse()?, Some(4), DEFAULT_MEMORY_LIMIT, &Quiet)?;
/// assert_eq!(solution.south_margin(), 2);
/// assert_eq!(solution.method, Method::Search);
/// assert!(solution.nodes > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When the rules are not Kalah, or the game has more than 127 seeds.
pub fn solve_by_search(
    rules: &Rules,
    table_seeds: Option<usize>,
    memory_limit: u64,
    progress: &dyn Progress,
) -> Result<Solution, Error> {
    if !rules.is_kalah() || rules.total_seeds() > MAX_SEARCH_SEEDS {
        return Err(Error::SearchNotSupported {
            rules: rules.to_string(),
        });
    }
    let started = Instant::now();
    let table_rules = TableRules::new(rules);
    let pits = usize::from(rules.pits());
    let total = rules.total_seeds() as usize;
    let seeds = table_seeds_for(pits, total).min(table_seeds.unwrap_or(usize::MAX));
    let layers = build_in_memory(&table_rules, seeds, progress);
    let table_positions = (0..=seeds).map(|k| positions(pits, k)).sum();
    let tables = Tables::from_layers(table_rules, layers);

    let bytes = TRANSPOSITION_BYTES.min(memory_limit / 2) as usize;
    let mut prover = Prover::new(bytes, Some(&tables), seeds);
    let start = Position::new(*rules);
    let debug = std::env::var_os("WARI_EGDB_DEBUG").is_some();
    let value = prover.value(&start, 0, &mut |lo, hi, nodes| {
        if debug {
            eprintln!(
                "start: {lo}..={hi} after {nodes} nodes, {:.2} s",
                started.elapsed().as_secs_f64()
            );
        }
    });
    let pv = prover.principal_variation(&start, value);
    let exact = |v: i32| Value::exact(v as i8);
    let (moves, moves_at_most) = if prover.nodes() <= EXACT_MOVES_NODES {
        let moves = prover.moves(&start, value);
        (
            moves.into_iter().map(|(mv, v)| (mv, exact(v))).collect(),
            Vec::new(),
        )
    } else {
        let best = pv.first().copied();
        let mut moves = Vec::new();
        let mut at_most = Vec::new();
        for mv in start.legal_moves() {
            if Some(mv) == best {
                moves.push((mv, exact(value)));
            } else {
                at_most.push((mv, exact(value)));
            }
        }
        (moves, at_most)
    };
    let nodes = prover.nodes();
    drop(prover);
    Ok(Solution {
        rules: *rules,
        value: exact(value),
        moves,
        moves_at_most,
        pv,
        pv_cycles: false,
        positions: table_positions,
        method: Method::Search,
        nodes,
        table_seeds: seeds,
        seconds: started.elapsed().as_secs_f64(),
        tables,
    })
}
