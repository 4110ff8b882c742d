//! `wari tune`: fits the evaluation's weights from self-play and checks
//! them in a duel against the current ones.

use std::io::Write;
use std::time::Instant;

use wari_engine::eval::{COUNTS, FEATURE_NAMES, FEATURES, PITS, PitValues, Weights};
use wari_engine::tune::{Label, SelfPlay, error, fit, fit_with_pits};
use wari_rules::Rules;

use crate::args::{at_least, between};
use crate::error::Error;
use crate::output::OutputFile;
use crate::progress;
use crate::tablebase;

/// Pit values of nothing (Kalah's, and where none are fitted).
const NO_PITS: PitValues = [[[0; COUNTS]; PITS]; 2];

/// Fit the evaluation's weights from self-play games.
///
/// Oware under abapa, then Kalah: rounds of self-play and least-squares
/// fitting, starting from the seed count alone. Prints the weights with their error, checks
/// them in a duel against the current weights, and with --write saves them
/// as the engine's source file.
///
/// With --egdb, only Oware is fitted (Kalah's weights are kept): its
/// targets are not the games' ends but the values of longer searches with
/// the endgame tables (--label-nodes), and it also gets pit values: a
/// value for each count of each pit (the evaluation's `pit_sum`).
///
/// Reproducible: the same options (and tables) give the same games and
/// weights. The weights in the repository were made with the command
/// written at the top of crates/engine/src/weights.rs.
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

    /// Oware's endgame tables (abapa): the self-play uses them, and each
    /// quiet position they do not cover is labelled by a search of
    /// --label-nodes nodes with them; pit values are fitted too
    #[arg(long, value_name = "DIR")]
    egdb: Option<std::path::PathBuf>,

    /// Nodes of each labelling search (with --egdb)
    #[arg(long, default_value_t = 20_000, value_parser = at_least::<u64>(1))]
    label_nodes: u64,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let file = args.write.as_deref().map(OutputFile::check).transpose()?;
    let oware = Rules::default();
    let label = match &args.egdb {
        Some(dir) => {
            let oracle = tablebase::open(Some(dir), &oware)?
                .ok_or_else(|| Error::input(format!("no tables of abapa in {}", dir.display())))?;
            Some(Label {
                oracle,
                nodes: args.label_nodes,
            })
        }
        None => None,
    };
    let current = Weights::default();
    let mut fitted = current;
    for (name, rules) in [
        ("Oware (abapa)", oware),
        ("Kalah", "kalah".parse().expect("kalah")),
    ] {
        if rules.is_kalah() && label.is_some() {
            // The tables are Oware's: Kalah's weights are kept.
            continue;
        }
        let started = Instant::now();
        let label = label.clone();
        let with_pits = label.is_some();
        let play = SelfPlay {
            opening_plies: args.opening,
            seed: args.seed,
            label,
            ..SelfPlay::new(rules, args.depth)
        };
        let old = *current.of(&rules);
        let old_pits = current.pits(&rules).copied().unwrap_or(NO_PITS);
        let mut new = [0; FEATURES];
        let mut new_pits = NO_PITS;
        let mut samples = Vec::new();
        for round in 1..=args.rounds {
            let bar = progress::bar(args.games, &format!("{name}, round {round}"));
            bar.set_message("self-play games");
            let playing = current.with(&rules, new).with_pits(&rules, new_pits);
            samples = play.samples(args.games, playing, &|| bar.inc(1));
            bar.finish_and_clear();
            let found = if with_pits {
                fit_with_pits(&samples)
            } else {
                fit(&samples).map(|w| (w, new_pits))
            };
            (new, new_pits) = found.ok_or_else(|| {
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
                error(&samples, &new, &new_pits),
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
            error(&samples, &old, &old_pits),
            error(&samples, &new, &new_pits)
        )?;
        fitted = fitted.with(&rules, new).with_pits(&rules, new_pits);
        if args.duel > 0 {
            let bar = progress::bar(2 * args.duel, &format!("{name}, duel"));
            bar.set_message("games");
            let duel = play.duel(args.duel, fitted, current, &|| bar.inc(1));
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
    let mut command = format!(
        "wari tune --games {} --depth {} --opening {} --seed {} --rounds {}",
        args.games, args.depth, args.opening, args.seed, args.rounds
    );
    if let Some(dir) = &args.egdb {
        command += &format!(
            " --egdb {} --label-nodes {}",
            dir.display(),
            args.label_nodes
        );
    }
    let mut pits = String::new();
    for row in &w.oware_pits {
        pits += "    [\n";
        for place in row {
            let counts: Vec<String> = place.iter().map(ToString::to_string).collect();
            pits += &format!("        [{}],\n", counts.join(", "));
        }
        pits += "    ],\n";
    }
    format!(
        "//! The evaluation's weights, in hundredths of a seed per unit of each\n\
         //! feature (see `eval::FEATURE_NAMES`), and Oware's pit values.\n\
         //! Written by\n\
         //! `{command}`;\n\
         //! do not edit by hand.\n\n\
         use crate::eval::{{FEATURES, PitValues}};\n\n\
         /// Oware (`abapa`, `wari`, `warri`).\n\
         pub(crate) const OWARE: [i32; FEATURES] = [{}];\n\n\
         /// Kalah.\n\
         pub(crate) const KALAH: [i32; FEATURES] = [{}];\n\n\
         /// Oware's pit values (`eval::pit_sum`): the side to move's row, then\n\
         /// the opponent's; each pit from its owner's left; counts 0 to 15 or more.\n\
         #[rustfmt::skip]\n\
         pub(crate) const OWARE_PITS: PitValues = [\n{pits}];\n",
        list(&w.oware),
        list(&w.kalah)
    )
}
