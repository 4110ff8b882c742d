//! `wari analyze`: the engine's best move, score and principal variation
//! for a position.

use std::io::Write;
use std::time::Duration;

use serde_json::json;
use wari_engine::{Engine, Info, Level, Limits, Score};
use wari_rules::record::{parse_moves, play_moves, write_moves};
use wari_rules::{Game, Position};

use crate::args::{RulesArg, at_least, between};
use crate::error::Error;

/// Search a position and print the best move, its score (seeds for the
/// side to move; "exact" when proven), the principal variation, depth,
/// nodes and nodes/s.
///
/// Without --depth or --movetime the search takes one second. Each
/// completed depth is printed as it finishes (not with --json).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesArg,

    /// The position, SOUTH/NORTH TURN CAPS (quote it), or "start" for the
    /// start of the rules
    #[arg(value_name = "POSITION")]
    position: String,

    /// Moves played from POSITION before the search (their positions count
    /// for the cycle rule)
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,

    /// Search to this depth, in plies
    #[arg(long, value_name = "PLIES", conflicts_with = "movetime", value_parser = at_least::<u32>(1))]
    depth: Option<u32>,

    /// Search for this many milliseconds
    #[arg(long, value_name = "MS", value_parser = at_least::<u64>(1))]
    movetime: Option<u64>,

    /// Search threads
    #[arg(long, default_value_t = 1, value_parser = between::<u16>(1, 64))]
    threads: u16,

    /// Transposition table size, in megabytes
    #[arg(long, default_value_t = 64, value_parser = between::<u32>(1, 16384))]
    hash: u32,

    /// Playing level, 1 (weakest) to 10 (full strength)
    #[arg(long, default_value = "10")]
    level: Level,

    /// Endgame tables to use (built by `wari egdb build`) [default:
    /// $WARI_EGDB, or egdb, when they exist]
    #[arg(long, value_name = "DIR")]
    egdb: Option<std::path::PathBuf>,

    /// Print one JSON object: best, score (seeds), exact, cp, pv, depth,
    /// nodes, nps, time_ms, position, rules, over (false); for a finished
    /// game {"over": true, "result": "S"|"N"|"draw", "reason", "score",
    /// "best": null, ...}
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let start = if args.position.trim() == "start" {
        Position::new(args.rules.rules_or_default()?)
    } else {
        args.rules.position(&args.position)?
    };
    let mut game = Game::from_position(start);
    if let Some(moves) = &args.moves {
        let moves = parse_moves(moves).map_err(Error::input)?;
        play_moves(&mut game, &moves).map_err(Error::input)?;
    }
    if let Some(outcome) = game.outcome() {
        // Nothing to search: say how the game ended.
        let position = game.position();
        if args.json {
            let value = json!({
                "over": true,
                "result": outcome.result_name(),
                "reason": outcome.reason().name(),
                "score": outcome.score_text(),
                "best": null,
                "position": position.to_string(),
                "rules": game.rules().to_string(),
            });
            serde_json::to_writer(&mut *out, &value).map_err(std::io::Error::from)?;
            writeln!(out)?;
        } else {
            let result = match outcome.winner() {
                Some(side) => format!("{side} wins"),
                None => "a draw".to_owned(),
            };
            writeln!(
                out,
                "game over ({}): {result} {}; no move to search in {position}",
                outcome.reason(),
                outcome.score_text()
            )?;
        }
        return Ok(());
    }
    let limits = match (args.depth, args.movetime) {
        (Some(d), _) => Limits::depth(d.max(1)),
        (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_secs(1)),
    };
    let mut engine = Engine::new();
    engine.set_hash_mb(args.hash as usize);
    engine.set_threads(usize::from(args.threads));
    engine.set_level(args.level);
    let dir = args.egdb.as_deref();
    // A directory named that is not there is a mistake, not a reason to
    // go on without tables.
    crate::tablebase::directory(dir)?;
    if let Err(e) =
        crate::tablebase::build_on_first_use(dir, game.rules(), game.position(), &mut |note| {
            eprintln!("{note}");
        })
    {
        eprintln!("wari: going on without endgame tables: {e}");
    }
    engine.set_oracle(crate::tablebase::open(dir, game.rules())?);
    let mut failed = None;
    let json = args.json;
    let result = engine.search(
        &game,
        &limits,
        &wari_engine::Control::new(),
        &mut |info: &Info| {
            if !json
                && failed.is_none()
                && let Err(e) = writeln!(out, "{}", info_line(info))
            {
                failed = Some(e);
            }
        },
    );
    if let Some(e) = failed {
        return Err(e.into());
    }
    let best = result.best.expect("the game is not over");
    if json {
        let (seeds, exact) = score_fields(result.score);
        let value = json!({
            "best": best.to_string(),
            "score": seeds,
            "exact": exact,
            "cp": result.score.centiseeds(),
            "pv": write_moves(&result.pv).replace(' ', ""),
            "depth": result.depth,
            "nodes": result.nodes,
            "nps": result.nps(),
            "time_ms": result.time.as_millis() as u64,
            "over": false,
            "position": game.position().to_string(),
            "rules": game.rules().to_string(),
        });
        serde_json::to_writer(&mut *out, &value).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "best {best} score {} depth {} nodes {} nps {} time {:.3}s pv {}",
            result.score,
            result.depth,
            result.nodes,
            result.nps(),
            result.time.as_secs_f64(),
            write_moves(&result.pv)
        )?;
    }
    Ok(())
}

/// The score as seeds (a number) and whether it is proven.
fn score_fields(score: Score) -> (f64, bool) {
    (f64::from(score.centiseeds()) / 100.0, score.is_exact())
}

fn info_line(info: &Info) -> String {
    format!(
        "depth {:>2} seldepth {:>2} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        write_moves(&info.pv)
    )
}
