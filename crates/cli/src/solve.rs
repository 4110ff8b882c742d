//! `wari solve`: solve a whole small game from its start.

use std::io::Write;

use serde_json::{Map, json};
use wari_egdb::{DEFAULT_MEMORY_LIMIT, solve};

use crate::args::RulesArg;
use crate::error::Error;
use crate::progress::Reporter;

/// Solve a small game from its start by retrograde analysis.
///
/// Builds, in memory, the tables of every seed count up to all the seeds
/// of the game, then prints the value of the start under perfect play
/// (South's final margin: South's seeds minus North's when the game has
/// been played to its natural end; RULES.md's majority end does not
/// change the winner), every first move's value and a principal
/// variation. Refuses a game too large for memory, with the size it would
/// need.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesArg,

    /// Print one JSON object: {"value": V, "pv": "A b ...", "moves": {...}, ...}
    #[arg(long)]
    json: bool,

    /// The most memory to use, in MiB
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MEMORY_LIMIT >> 20)]
    memory: u64,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.rules.rules_or_default()?;
    let solution = solve(&rules, args.memory << 20, &Reporter::new(false)).map_err(Error::input)?;
    let pv: Vec<String> = solution.pv.iter().map(ToString::to_string).collect();
    let pv = pv.join(" ");
    let value = solution.south_margin();
    if args.json {
        let mut moves = Map::new();
        for (mv, v) in &solution.moves {
            moves.insert(mv.to_string(), json!(v.score()));
        }
        let object = json!({
            "rules": rules.to_string(),
            "value": value,
            "by_cycle": solution.value.by_cycle(),
            "pv": pv,
            "pv_ends_in_cycle": solution.pv_cycles,
            "moves": moves,
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
    let moves: Vec<String> = solution
        .moves
        .iter()
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
    writeln!(
        out,
        "{} positions in {:.2} s",
        solution.positions, solution.seconds
    )?;
    Ok(())
}
