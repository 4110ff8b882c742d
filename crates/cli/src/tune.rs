//! `wari tune`: fits the evaluation's weights from self-play and checks
//! them in a duel against the current ones.

use std::io::Write;
use std::time::Instant;

use wari_engine::eval::{FEATURE_NAMES, FEATURES, Weights};
use wari_engine::tune::{SelfPlay, error, fit};
use wari_rules::Rules;

use crate::args::{at_least, between};
use crate::error::Error;
use crate::output::OutputFile;
use crate::progress;

/// Fit the evaluation's weights from self-play games.
///
/// Oware under abapa, then Kalah: rounds of self-play and least-squares
/// fitting, starting from the seed count alone. Prints the weights with their error, checks
/// them in a duel against the current weights, and with --write saves them
/// as the engine's source file.
///
/// Reproducible: the same options give the same games and weights. The
/// weights in the repository were made with
/// `wari tune --write crates/engine/src/weights.rs` (the defaults).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Self-play games per family
    #[arg(long, default_value_t = 3000, value_parser = at_least::<u64>(1))]
    games: u64,

    /// Search depth of the self-play games
    #[arg(long, default_value_t = 4, value_parser = between::<u32>(1, 60))]
    depth: u32,

    /// Random plies opening each game
    #[arg(long, default_value_t = 6, value_parser = between::<u32>(0, 100))]
    opening: u32,

    /// Seed of the random openings
    #[arg(long, default_value_t = 1, value_parser = at_least::<u64>(0))]
    seed: u64,

    /// Rounds of self-play and fitting, starting from weights that count
    /// only the captured seeds; each round plays with the weights of the
    /// round before
    #[arg(long, default_value_t = 3, value_parser = between::<u32>(1, 20))]
    rounds: u32,

    /// Openings of the duel of new against current weights (each played
    /// with both colours); 0 skips the duel
    #[arg(long, default_value_t = 200, value_parser = at_least::<u64>(0))]
    duel: u64,

    /// Write the fitted weights to this Rust file (the engine's
    /// crates/engine/src/weights.rs)
    #[arg(long, value_name = "FILE")]
    write: Option<std::path::PathBuf>,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let file = args.write.as_deref().map(OutputFile::check).transpose()?;
    let current = Weights::default();
    let mut fitted = current;
    for (name, rules) in [
        ("Oware (abapa)", Rules::default()),
        ("Kalah", "kalah".parse().expect("kalah")),
    ] {
        let started = Instant::now();
        let play = SelfPlay {
            opening_plies: args.opening,
            seed: args.seed,
            ..SelfPlay::new(rules, args.depth)
        };
        let old = *current.of(&rules);
        let mut new = [0; FEATURES];
        let mut samples = Vec::new();
        for round in 1..=args.rounds {
            let bar = progress::bar(args.games, &format!("{name}, round {round}"));
            bar.set_message("self-play games");
            samples = play.samples(args.games, current.with(&rules, new), &|| bar.inc(1));
            bar.finish_and_clear();
            new = fit(&samples).ok_or_else(|| {
                Error::input(format!(
                    "{} too few or too alike to fit: play more games",
                    progress::count(
                        samples.len() as u64,
                        "quiet position is",
                        "quiet positions are"
                    )
                ))
            })?;
            writeln!(
                out,
                "{name}, round {round}: {} at depth {}, {}, error {:.3} seeds², {:.1} s",
                progress::count(args.games, "game", "games"),
                args.depth,
                progress::count(samples.len() as u64, "quiet position", "quiet positions"),
                error(&samples, &new),
                started.elapsed().as_secs_f64()
            )?;
            out.flush()?;
        }
        writeln!(out, "  {:<26} {:>8} {:>8}", "feature", "current", "fitted")?;
        for k in 0..FEATURES {
            writeln!(
                out,
                "  {:<26} {:>8} {:>8}",
                FEATURE_NAMES[k], old[k], new[k]
            )?;
        }
        writeln!(
            out,
            "  mean squared error (seeds²): current {:.3}, fitted {:.3}",
            error(&samples, &old),
            error(&samples, &new)
        )?;
        fitted = fitted.with(&rules, new);
        if args.duel > 0 {
            let bar = progress::bar(2 * args.duel, &format!("{name}, duel"));
            bar.set_message("games");
            let duel = play.duel(args.duel, current.with(&rules, new), current, &|| {
                bar.inc(1)
            });
            bar.finish_and_clear();
            writeln!(
                out,
                "  duel fitted vs current, {} at depth {}: +{} ={} -{} ({:.1}%)",
                progress::count(2 * args.duel, "game", "games"),
                args.depth,
                duel.wins,
                duel.draws,
                duel.losses,
                100.0 * duel.score()
            )?;
        }
        out.flush()?;
    }
    if let Some(file) = file {
        file.write(&source(&fitted, args))?;
        if let Some(path) = &args.write {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    Ok(())
}

/// The weights as the engine's `weights.rs`.
fn source(w: &Weights, args: &Args) -> String {
    let list = |a: &[i32; FEATURES]| {
        a.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "//! The evaluation's weights, in hundredths of a seed per unit of each\n\
         //! feature (see `eval::FEATURE_NAMES`). Written by\n\
         //! `wari tune --games {} --depth {} --opening {} --seed {} --rounds {}`;\n\
         //! do not edit by hand.\n\n\
         use crate::eval::FEATURES;\n\n\
         /// Oware (`abapa`, `wari`, `warri`).\n\
         pub(crate) const OWARE: [i32; FEATURES] = [{}];\n\n\
         /// Kalah.\n\
         pub(crate) const KALAH: [i32; FEATURES] = [{}];\n",
        args.games,
        args.depth,
        args.opening,
        args.seed,
        args.rounds,
        list(&w.oware),
        list(&w.kalah)
    )
}
