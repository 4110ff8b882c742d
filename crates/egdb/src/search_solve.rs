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
use crate::transposition::Transpositions;
use crate::value::Value;

/// Boards, over all seed counts, of the endgame tables a search builds
/// first: about 2.5 s on the standard board (0 to 16 seeds, 30.4 million
/// boards, two cores). Kalah(6,4), in all: 10.8 s with 15 seeds, 9.5 s
/// with 16, 9.8 s with 17 (14 seeds and one thread: 22.8 s).
const TABLE_BOARDS: u64 = 31_000_000;

/// Boards of the tables built before the search of a game of more than
/// [`LARGE_TABLES_ABOVE`] seeds, whose search takes hours: 254 million
/// boards, 0 to 26 seeds on 5 pits a row, 0 to 20 on 6. (Kalah(5,5)'s
/// start, 50 seeds, over tables of 0 to 20 seeds: 117.7 million nodes; 0
/// to 22: 61.1 million; 0 to 26: 12.7 million.)
const LARGE_TABLE_BOARDS: u64 = 260_000_000;

/// The most seeds of a game whose tables are at most [`TABLE_BOARDS`]:
/// Kalah(5,5) (50 seeds) is solved in 66 s of CPU with tables of 0 to
/// 20 seeds built in memory, less than building those of 0 to 26 takes
/// (175 s of CPU, two cores; over them, 14 s).
const LARGE_TABLES_ABOVE: usize = 50;

/// Positions with at least this share (5/8) of the game's seeds on the
/// board share their moves out between the threads: 30 of Kalah(6,4)'s
/// 48 (20 was slower).
fn split_seeds(total: usize) -> i32 {
    (total * 5 / 8) as i32
}

/// The transposition table's size at most for a game of at most 48
/// seeds (and at most half the memory allowed): 2^24 entries of 16
/// bytes. (Kalah(6,4), three runs each: 8.6 to 9.6 s with 256 MB, 9.1
/// to 10.0 s with 512 MB, 9.4 to 10.4 s with 1 GB: positions near the
/// tables are not stored, so a larger table only costs its filling.)
const TRANSPOSITION_BYTES: u64 = 1 << 28;

/// The transposition table's size at most for a larger game: 2^27
/// entries. (Kalah(5,5), 50 seeds, 120 million nodes: 126.7 million
/// nodes and 69.3 s of CPU with 256 MB, 117.7 million and 66.3 s with
/// 2 GB.)
const LARGE_TRANSPOSITION_BYTES: u64 = 1 << 31;

/// The most seeds of a game whose transposition table is at most
/// [`TRANSPOSITION_BYTES`].
const SMALL_GAME_SEEDS: usize = 48;

/// The transposition table's size for a game of `total` seeds: small
/// games need a small table (a large one takes time to fill); at most
/// [`TRANSPOSITION_BYTES`] up to 48 seeds, [`LARGE_TRANSPOSITION_BYTES`]
/// above, and half of `memory_limit`.
/// `WARI_EGDB_TRANSPOSITION_MB` sets it instead (for measurements).
fn transposition_bytes(total: usize, memory_limit: u64) -> usize {
    if let Some(mb) = std::env::var("WARI_EGDB_TRANSPOSITION_MB")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        return (mb << 20) as usize;
    }
    let most = if total > SMALL_GAME_SEEDS {
        LARGE_TRANSPOSITION_BYTES
    } else {
        TRANSPOSITION_BYTES
    };
    most.min(memory_limit / 2)
        .min(1 << (total / 2 + 12).min(40)) as usize
}

/// Nodes the start may take for every first move to be solved exactly
/// too (each costs about as much again).
const EXACT_MOVES_NODES: u64 = 20_000_000;

/// The most seeds a search-based solve takes (values are kept in an
/// `i8`).
const MAX_SEARCH_SEEDS: u32 = 127;

/// The most seeds on the board of the tables built before a search of a
/// game of `total` seeds on `pits` pits a row: every seed count up to it
/// has at most [`TABLE_BOARDS`] boards in all ([`LARGE_TABLE_BOARDS`]
/// for a game of more than [`LARGE_TABLES_ABOVE`] seeds), and fewer than
/// `total`.
fn table_seeds_for(pits: usize, total: usize) -> usize {
    let most = if total > LARGE_TABLES_ABOVE {
        LARGE_TABLE_BOARDS
    } else {
        TABLE_BOARDS
    };
    let mut boards = 0;
    let mut seeds = 0;
    while seeds + 1 < total && seeds < MAX_LAYER {
        boards += positions(pits, seeds + 1);
        if boards > most {
            break;
        }
        seeds += 1;
    }
    seeds
}

/// Solves a Kalah game from its start by search ([`Method::Search`]),
/// with endgame tables built first for every seed count up to
/// `table_seeds` (by default, as many as about 2.5 s of building on two
/// cores allows: 16 seeds on the standard board; for a game of more than
/// 50 seeds, 260 million boards, about 3 minutes of CPU: 20 seeds on 6
/// pits, 26 on 5; always fewer than the game's seeds), on as many threads
/// as the machine has cores.
///
/// Every first move gets its exact value when the start took at most 20
/// million nodes to prove; otherwise only the best move's value is exact
/// and the others are given as upper bounds (the start's value:
/// [`Solution::moves_at_most`]). `WARI_EGDB_DEBUG=1` prints the
/// transposition table's size and each bound of the start as MTD(f)
/// finds it.
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
    searchable(rules)?;
    let started = Instant::now();
    let table_rules = TableRules::new(rules);
    let pits = usize::from(rules.pits());
    let total = rules.total_seeds() as usize;
    let seeds = table_seeds_for(pits, total).min(table_seeds.unwrap_or(usize::MAX));
    let layers = build_in_memory(&table_rules, seeds, progress);
    let tables = Tables::from_layers(table_rules, layers);
    Ok(prove_start(
        rules,
        tables,
        seeds,
        memory_limit,
        started,
        progress,
    ))
}

/// [`solve_by_search`] over tables already built (by `wari egdb build`):
/// every seed count they hold, from 0 up, is read at the leaves, and
/// nothing is built.
///
/// ```
/// use wari_egdb::{Quiet, Tables, build, solve_by_search_over, DEFAULT_MEMORY_LIMIT};
/// let dir = tempfile::tempdir()?;
/// let rules = "kalah,pits=3,seeds=3".parse()?;
/// build(dir.path(), &rules, 8, &Quiet)?;
/// let tables = Tables::open(dir.path(), &rules)?;
/// let solution = solve_by_search_over(&rules, tables, DEFAULT_MEMORY_LIMIT, &Quiet)?;
/// assert_eq!((solution.south_margin(), solution.table_seeds), (2, 8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`solve_by_search`]; also when the tables are of other rules, or
/// when there are none.
pub fn solve_by_search_over(
    rules: &Rules,
    tables: Tables,
    memory_limit: u64,
    progress: &dyn Progress,
) -> Result<Solution, Error> {
    searchable(rules)?;
    if *tables.rules() != TableRules::new(rules) {
        return Err(Error::RulesMismatch {
            tables: tables.rules().name(),
            position: rules.to_string(),
        });
    }
    let started = Instant::now();
    let total = rules.total_seeds() as usize;
    let Some(seeds) = tables.max_seeds() else {
        return Err(Error::Io {
            path: tables.path(0).unwrap_or_default(),
            message: "no tables to search over".to_owned(),
        });
    };
    Ok(prove_start(
        rules,
        tables,
        seeds.min(total.saturating_sub(1)),
        memory_limit,
        started,
        progress,
    ))
}

/// Refuses a game search cannot solve: Oware (its positions repeat) and
/// games of more than 127 seeds (values are kept in an `i8`).
fn searchable(rules: &Rules) -> Result<(), Error> {
    if !rules.is_kalah() || rules.total_seeds() > MAX_SEARCH_SEEDS {
        return Err(Error::SearchNotSupported {
            rules: rules.to_string(),
        });
    }
    Ok(())
}

/// Proves the start's value by search over `tables` (0 to `seeds` seeds),
/// then its moves' values and a principal variation.
fn prove_start(
    rules: &Rules,
    tables: Tables,
    seeds: usize,
    memory_limit: u64,
    started: Instant,
    progress: &dyn Progress,
) -> Solution {
    let table_positions = (0..=seeds)
        .map(|k| positions(usize::from(rules.pits()), k))
        .sum();
    let total = rules.total_seeds() as usize;
    let bytes = transposition_bytes(total, memory_limit);
    let transpositions = Transpositions::new(bytes);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut prover = Prover::new(
        &transpositions,
        Some(&tables),
        seeds,
        threads,
        split_seeds(total),
    );
    let start = Position::new(*rules);
    let debug = std::env::var_os("WARI_EGDB_DEBUG").is_some();
    if debug {
        eprintln!("transposition table: {} MB", bytes >> 20);
    }
    let value = prover.value(&start, 0, &mut |lo, hi, nodes| {
        progress.search_step(lo, hi, nodes);
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
    Solution {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards of 0 to `k` seeds on `m` pits a row: C(k + 2m, 2m).
    fn boards_up_to(m: u64, k: u64) -> u64 {
        (1..=2 * m).fold(1, |c, i| c * (k + i) / i)
    }

    #[test]
    fn games_of_more_than_48_seeds_get_larger_tables() {
        // Kalah(6,4): 16 seeds, 30.4 million boards; 17 would pass 31 million.
        assert_eq!(boards_up_to(6, 16), 30_421_755);
        assert_eq!(table_seeds_for(6, 48), 16);
        // Kalah(6,5) and Kalah(5,6): 20 seeds on 6 pits (225.8 million
        // boards), 26 on 5 (254.4 million); one more passes 260 million.
        assert!(boards_up_to(6, 20) <= LARGE_TABLE_BOARDS);
        assert!(boards_up_to(6, 21) > LARGE_TABLE_BOARDS);
        assert_eq!(table_seeds_for(6, 60), 20);
        assert_eq!(table_seeds_for(5, 60), 26);
        // Kalah(5,5), 50 seeds: still the small tables (20 seeds).
        assert_eq!(table_seeds_for(5, 50), 20);
        // A small game: all but its last seed.
        assert_eq!(table_seeds_for(4, 12), 11);
    }

    #[test]
    fn games_of_more_than_48_seeds_get_a_larger_transposition_table() {
        let limit = 12 << 30;
        assert_eq!(transposition_bytes(48, limit), 1 << 28);
        assert_eq!(transposition_bytes(60, limit), 1 << 31);
        // Never more than half the memory allowed.
        assert_eq!(transposition_bytes(60, 1 << 30), 1 << 29);
    }
}
