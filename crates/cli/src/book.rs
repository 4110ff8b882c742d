//! `wari book`: builds the opening book from the engine's own search.

use std::io::Write;
use std::time::{Duration, Instant};

use wari_engine::Engine;

use crate::args::RulesArg;
use crate::error::Error;

/// Build an opening book: every position of the first PLIES plies that a
/// side reaches when it follows the book while the other side plays
/// anything, for both sides, each searched by the engine for --movetime.
/// The book is written to --out (or stdout) in the engine's text format.
///
/// The shipped book was made with `wari book --plies 6 --movetime 1500
/// --threads 2 --out crates/engine/book/abapa.book`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesArg,

    /// Plies from the start that the book covers
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
    plies: u32,

    /// Milliseconds of search per position
    #[arg(long, default_value_t = 1000)]
    movetime: u64,

    /// Search threads
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,

    /// Transposition table size, in megabytes
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=16384))]
    hash: u32,

    /// Write the book here instead of stdout
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.rules.rules_or_default()?;
    let mut engine = Engine::new();
    engine.set_hash_mb(args.hash as usize);
    engine.set_threads(usize::from(args.threads));
    let started = Instant::now();
    let text = wari_engine::book::build(
        &mut engine,
        rules,
        args.plies as usize,
        Duration::from_millis(args.movetime),
        &mut |done, total| {
            eprint!(
                "\rbook: {done} positions searched, {} more to look at, {:.0} s",
                total - done,
                started.elapsed().as_secs_f64()
            );
        },
    );
    eprintln!();
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Error::input(format!("cannot write {}: {e}", path.display())))?,
        None => out.write_all(text.as_bytes())?,
    }
    Ok(())
}
