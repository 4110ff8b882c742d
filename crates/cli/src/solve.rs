//! `wari solve`: solve a whole small game from its start.

use std::io::Write;

use serde_json::{Map, json};
use wari_egdb::{DEFAULT_MEMORY_LIMIT, Method, Tables, solve_by_search_over, solve_with};

use crate::args::{RulesArg, at_least};
use crate::error::Error;
use crate::progress::{Reporter, count};

/// Solve a game from its start: small games by retrograde analysis,
/// larger Kalah games by search.
///
/// Retrograde: builds, in memory, the tables of every seed count up to
/// all the seeds of the game. Search (Kalah, e.g. the standard Kalah(6,4)):
/// builds the tables of few seeds, then proves the start's value by
/// MTD(f) search to the end of the game. Prints the value of the start
/// under perfect play (South's final margin: South's seeds minus North's
/// when the game has been played to its natural end; RULES.md's majority
/// end does not change the winner), the first moves' values (`≤ v`: an
/// upper bound, after a long search) and a principal variation. Refuses
/// an Oware game too large for memory, with the size it would need.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesArg,

    /// Print one JSON object: {"value": V, "pv": "A b ...", "moves": {...}, ...}
    #[arg(long)]
    json: bool,

    /// How to solve: auto (retrograde for small games, search for larger
    /// Kalah games), retrograde or search (Kalah only)
    #[arg(long, value_name = "METHOD", default_value_t = Method::Auto)]
    method: Method,

    /// The most memory to use, in MiB
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MEMORY_LIMIT >> 20, value_parser = at_least::<u64>(1))]
    memory: u64,

    /// Search over the tables in DIR (`wari egdb build`) rather than
    /// building small ones in memory first (Kalah by search only)
    #[arg(long, value_name = "DIR")]
    egdb: Option<std::path::PathBuf>,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.rules.rules_or_default()?;
    if args.egdb.is_some() && args.method == Method::Retrograde {
        return Err(Error::input(
            "--egdb searches over tables already built; --method retrograde builds them all",
        ));
    }
    let solution = match &args.egdb {
        Some(dir) => {
            let dir = crate::tablebase::directory(Some(dir))?;
            let tables = Tables::open(dir, &rules).map_err(Error::input)?;
            solve_by_search_over(&rules, tables, args.memory << 20, &Reporter::new(false))
        }
        None => solve_with(
            &rules,
            args.method,
            args.memory << 20,
            &Reporter::new(false),
        ),
    }
    .map_err(Error::input)?;
    let pv: Vec<String> = solution.pv.iter().map(ToString::to_string).collect();
    let pv = pv.join(" ");
    let value = solution.south_margin();
    if args.json {
        let mut moves = Map::new();
        for (mv, v) in &solution.moves {
            moves.insert(mv.to_string(), json!(v.score()));
        }
        let mut at_most = Map::new();
        for (mv, v) in &solution.moves_at_most {
            at_most.insert(mv.to_string(), json!(v.score()));
        }
        let object = json!({
            "rules": rules.to_string(),
            "value": value,
            "by_cycle": solution.value.by_cycle(),
            "pv": pv,
            "pv_ends_in_cycle": solution.pv_cycles,
            "moves": moves,
            "moves_at_most": at_most,
            "method": solution.method.name(),
            "nodes": solution.nodes,
            "table_seeds": solution.table_seeds,
            "positions": solution.positions,
            "seconds": solution.seconds,
        });
        writeln!(out, "{object}")?;
        return Ok(());
    }
    let verdict = match value {
        v if v > 0 => format!("South wins by {v}"),
        v if v < 0 => format!("North wins by {}", -v),
        _ => "a draw".to_owned(),
    };
    writeln!(
        out,
        "{rules}: {verdict} (value {value}{})",
        if solution.value.by_cycle() {
            ", by the cycle convention"
        } else {
            ""
        }
    )?;
    let mut moves: Vec<(String, String)> = solution
        .moves
        .iter()
        .map(|(mv, v)| (mv.to_string(), v.to_string()))
        .chain(
            solution
                .moves_at_most
                .iter()
                .map(|(mv, v)| (mv.to_string(), format!("≤ {v}"))),
        )
        .collect();
    moves.sort();
    let moves: Vec<String> = moves
        .into_iter()
        .map(|(mv, v)| format!("{mv} {v}"))
        .collect();
    writeln!(out, "moves: {}", moves.join(", "))?;
    writeln!(
        out,
        "pv: {pv}{}",
        if solution.pv_cycles {
            " (then a position repeats)"
        } else {
            ""
        }
    )?;
    match solution.method {
        Method::Search => writeln!(
            out,
            "search: {} over tables of 0 to {} seeds ({}) in {:.2} s",
            count(solution.nodes, "node", "nodes"),
            solution.table_seeds,
            count(solution.positions, "position", "positions"),
            solution.seconds
        )?,
        _ => writeln!(
            out,
            "{} in {:.2} s",
            count(solution.positions, "position", "positions"),
            solution.seconds
        )?,
    }
    Ok(())
}
