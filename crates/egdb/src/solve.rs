//! Solving a whole small game from its start: every table up to all the
//! seeds, built in memory, then the value of the start and a principal
//! variation.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use wari_rules::{Move, Position, Rules, Side};

use crate::builder::{build_in_memory, check_size};
use crate::error::Error;
use crate::index::{MAX_LAYER, positions};
use crate::retrograde::Progress;
use crate::search_solve::solve_by_search;
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
    /// Legal moves of the start with their exact values for South: all
    /// of them, except after a search too long to repeat for each move
    /// ([`solve_by_search`](crate::solve_by_search)), where the others
    /// are in `moves_at_most`.
    pub moves: Vec<(Move, Value)>,
    /// The other legal moves of the start, each with an upper bound of
    /// its value for South (the start's value). Empty after retrograde
    /// analysis.
    pub moves_at_most: Vec<(Move, Value)>,
    /// A principal variation: best moves from the start until the game
    /// ends (or a position repeats: `pv_cycles`).
    pub pv: Vec<Move>,
    /// Whether the variation stops because a position repeated.
    pub pv_cycles: bool,
    /// Positions in all the tables built.
    pub positions: u64,
    /// How the game was solved.
    pub method: Method,
    /// Positions searched ([`Method::Search`]; 0 for retrograde).
    pub nodes: u64,
    /// The tables built cover every position with at most this many
    /// seeds on the board (all the seeds of the game for retrograde).
    pub table_seeds: usize,
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

/// How a game is solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Retrograde analysis when the whole game's tables fit in memory
    /// and the game is small; search for larger Kalah games.
    #[default]
    Auto,
    /// Every table of every seed count built in memory
    /// (docs/ENDGAME.md); any rules, small games only.
    Retrograde,
    /// MTD(f) search to the end of the game with endgame tables of few
    /// seeds at the leaves (`prove.rs`); Kalah only.
    Search,
}

impl Method {
    /// Every method, as named on the command line.
    pub const ALL: [Method; 3] = [Method::Auto, Method::Retrograde, Method::Search];

    /// The method's name: `auto`, `retrograde` or `search`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Retrograde => "retrograde",
            Method::Search => "search",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = String;

    /// ```
    /// use wari_egdb::Method;
    /// assert_eq!("search".parse(), Ok(Method::Search));
    /// assert!("guess".parse::<Method>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Method, String> {
        Method::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown method {s:?}: auto, retrograde or search"))
    }
}

/// Kalah games with more positions than this over all seed counts are
/// solved by search under [`Method::Auto`]: from about here search is the
/// faster (Kalah 4×4, 77 million positions, takes half a minute by
/// retrograde analysis).
pub const AUTO_SEARCH_POSITIONS: u64 = 20_000_000;

/// Solves the game of `rules` from its start position, by retrograde
/// analysis or, for larger Kalah games, by search ([`Method::Auto`]).
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
/// 48 seeds) and is not a Kalah game search can solve.
pub fn solve(rules: &Rules, memory_limit: u64, progress: &dyn Progress) -> Result<Solution, Error> {
    solve_with(rules, Method::Auto, memory_limit, progress)
}

/// Solves the game of `rules` from its start position by `method`.
///
/// ```
/// use wari_egdb::{Method, Quiet, solve_with, DEFAULT_MEMORY_LIMIT};
/// let rules = "kalah,pits=3,seeds=3".parse()?;
/// let by_search = solve_with(&rules, Method::Search, DEFAULT_MEMORY_LIMIT, &Quiet)?;
/// let by_tables = solve_with(&rules, Method::Retrograde, DEFAULT_MEMORY_LIMIT, &Quiet)?;
/// assert_eq!(by_search.value, by_tables.value);
/// assert_eq!(by_search.method, Method::Search);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Method::Retrograde`]: when the game is too large for `memory_limit`
/// bytes (or has more than 48 seeds). [`Method::Search`]: when the game
/// is not Kalah, or has more than 127 seeds.
pub fn solve_with(
    rules: &Rules,
    method: Method,
    memory_limit: u64,
    progress: &dyn Progress,
) -> Result<Solution, Error> {
    let (all, bytes) = solve_size(rules);
    let method = match method {
        Method::Auto
            if rules.is_kalah() && (bytes > memory_limit || all > AUTO_SEARCH_POSITIONS) =>
        {
            Method::Search
        }
        Method::Auto => Method::Retrograde,
        chosen => chosen,
    };
    if method == Method::Search {
        return solve_by_search(rules, None, memory_limit, progress);
    }
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
        moves_at_most: Vec::new(),
        pv,
        pv_cycles,
        positions: all,
        method: Method::Retrograde,
        nodes: 0,
        table_seeds: rules.total_seeds() as usize,
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
