//! `wari perft`: count the legal move sequences of a given length.

use std::io::{self, Write};
use std::time::Instant;

use wari_rules::{perft, perft_divide};

use crate::args::Start;
use crate::error::Error;
use crate::progress::{count, rate};

/// Count the legal move sequences of DEPTH plies (RULES.md §4).
///
/// The last line of the output is the count. With --divide, each legal move
/// is listed first with the count below it, as `LETTER: COUNT`. The time
/// taken and the speed go to stderr.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Plies to count, a whole number (0 counts 1)
    #[arg(value_name = "DEPTH", allow_negative_numbers = true)]
    depth: String,

    #[command(flatten)]
    start: Start,

    /// List each legal move with its count before the total
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let depth: u32 = args.depth.trim().parse().map_err(|_| {
        Error::input(format!(
            "depth {:?} is not a whole number of plies",
            args.depth
        ))
    })?;
    let position = args.start.position()?;
    let started = Instant::now();
    let total = if args.divide {
        let divided = perft_divide(&position, depth);
        for (m, count) in &divided {
            writeln!(out, "{m}: {count}")?;
        }
        if depth == 0 {
            1
        } else {
            divided.iter().map(|(_, c)| c).sum()
        }
    } else {
        perft(&position, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    out.flush()?;
    // The timing line is for people; a closed stderr is no reason to fail.
    let _ = writeln!(
        io::stderr(),
        "perft {depth}: {} in {seconds:.2} s ({})",
        count(total, "leaf", "leaves"),
        rate(total, seconds, "leaves")
    );
    Ok(())
}
