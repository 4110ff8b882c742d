//! `wari book`: builds the opening book from the engine's own search.

use std::io::Write;
use std::time::Duration;

use wari_engine::book::{BuildSettings, build};
use wari_engine::{Engine, Limits};

use crate::args::{RulesArg, at_least, between};
use crate::error::Error;
use crate::output::OutputFile;
use crate::progress;

/// Build an opening book from the engine's own search.
///
/// The book holds every position of the first PLIES plies that a side
/// reaches when it plays the book's moves while the other side plays
/// anything, for both sides. In each, every legal move is searched (the
/// position after it, to --depth or for --movetime), and those within
/// --margin of the best go in the book (the engine plays one of them by
/// chance, so its games vary). The book is written to --out (or stdout)
/// in the engine's text format.
///
/// The shipped book was made with `wari book --plies 6 --depth 16
/// --margin 0.25 --out crates/engine/book/abapa.book`: by depth, one
/// thread, the same book on any machine.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesArg,

    /// Plies from the start that the book covers
    #[arg(long, default_value_t = 6, value_parser = between::<u32>(1, 20))]
    plies: u32,

    /// Search the position after each move to this depth, in plies
    #[arg(long, value_name = "PLIES", default_value_t = 16, value_parser = between::<u32>(1, 60))]
    depth: u32,

    /// Search the position after each move this many milliseconds instead
    /// of to --depth (the book then depends on the machine's speed)
    #[arg(long, value_name = "MS", value_parser = at_least::<u64>(1))]
    movetime: Option<u64>,

    /// Seeds a move may score below the best and still go in the book
    #[arg(long, value_name = "SEEDS", default_value_t = 0.25, value_parser = parse_margin)]
    margin: f64,

    /// Search threads
    #[arg(long, default_value_t = 1, value_parser = between::<u16>(1, 64))]
    threads: u16,

    /// Transposition table size, in megabytes
    #[arg(long, default_value_t = 256, value_parser = between::<u32>(1, 16384))]
    hash: u32,

    /// Write the book here instead of stdout
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
}

fn parse_margin(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=48.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "{text:?} is not a margin: a number of seeds from 0 to 48"
        )),
    }
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.rules.rules_or_default()?;
    let file = args.out.as_deref().map(OutputFile::check).transpose()?;
    let mut engine = Engine::new();
    engine.set_hash_mb(args.hash as usize);
    engine.set_threads(usize::from(args.threads));
    let settings = BuildSettings {
        plies: args.plies as usize,
        limits: match args.movetime {
            Some(ms) => Limits::movetime(Duration::from_millis(ms)),
            None => Limits::depth(args.depth),
        },
        margin: (args.margin * 100.0).round() as i32,
    };
    let bar = progress::bar(2, "book");
    bar.set_message("positions searched");
    let text = build(&mut engine, rules, &settings, &mut |p| {
        bar.set_length(p.total as u64);
        bar.set_position(p.searched as u64);
    });
    bar.finish_and_clear();
    match file {
        Some(file) => file.write(&text)?,
        None => out.write_all(text.as_bytes())?,
    }
    Ok(())
}
