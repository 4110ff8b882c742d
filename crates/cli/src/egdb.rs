//! `wari egdb`: build, probe, count and verify endgame tables.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use serde_json::{Map, Value as Json, json};
use wari_egdb::{BuildOptions, Stats, TableRules, Tables, build_with, compress_table, verify};
use wari_engine::random::{self, RngExt};
use wari_rules::Rules;

use crate::args::{RulesArg, at_least, between};
use crate::error::Error;
use crate::progress::{Reporter, count, rate};
use indicatif::HumanCount;

/// Endgame tables: the exact value of every position with few seeds on
/// the board, by retrograde analysis (docs/ENDGAME.md).
///
/// A value is the seeds the player to move will still capture minus the
/// opponent's, under best play, play going on to the natural end. Tables
/// live in DIR/RULES/NN.egdb, one file per seed count.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    Build(BuildArgs),
    Probe(ProbeArgs),
    /// Count each table's positions: wins, draws and losses for the
    /// player to move, the values resting on the cycle convention, and how
    /// many positions have each value.
    Stats(Where),
    /// Check every table, from 0 seeds up to the largest there, against
    /// the rules and the tables below it.
    ///
    /// Exits with status 1 naming the first table missing, damaged or
    /// inconsistent (the tables above one missing or damaged are not
    /// checked).
    Verify(Where),
    Bench(BenchArgs),
    /// Rewrite every table there in the compressed format (version 2),
    /// each checked to decode to the same values first; print each one's
    /// size before and after.
    Compress(CompressArgs),
}

/// How `wari egdb compress` writes the tables.
#[derive(Debug, clap::Args)]
struct CompressArgs {
    #[command(flatten)]
    place: Where,

    /// Store the boards whose value a capture or the game's end gives as
    /// exits, read back from the tables of fewer seeds (model kind 5:
    /// about 1.25 times smaller again, a probe about 2.4 times as long; every
    /// table below must be there to read one)
    #[arg(long)]
    exits: bool,
}

/// Time probes of warm tables.
///
/// Random positions of 12 seeds and of the largest table there, each
/// table first read whole (mapped, checked, in the page cache).
#[derive(Debug, clap::Args)]
struct BenchArgs {
    #[command(flatten)]
    place: Where,

    /// Probes timed per table
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = at_least::<usize>(1))]
    probes: usize,
}

/// Where the tables are: `--rules` and `--dir`.
#[derive(Debug, clap::Args)]
struct Where {
    #[command(flatten)]
    rules: RulesArg,

    /// The tables' directory [default: $WARI_EGDB, else ./egdb if it
    /// exists, else ~/.local/share/wari/egdb]
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

impl Where {
    /// The directory to read tables from: one named must exist.
    fn dir(&self) -> Result<PathBuf, Error> {
        crate::tablebase::directory(self.dir.as_deref())
    }

    /// The directory to build tables in: made if it is not there.
    fn build_dir(&self) -> Result<PathBuf, Error> {
        match &self.dir {
            Some(dir) => Ok(dir.clone()),
            None => crate::tablebase::directory(None),
        }
    }

    fn tables(&self, rules: &Rules) -> Result<Tables, Error> {
        Tables::open(self.dir()?, rules).map_err(Error::input)
    }
}

/// Build the tables of every seed count from 0 to --max-seeds.
///
/// Each seed count is written to its own file when done; files already
/// there and valid are kept, so an interrupted build resumes, and a
/// damaged one is built again (said on stderr). --dir is made if it is
/// not there. Progress goes to stderr.
#[derive(Debug, clap::Args)]
struct BuildArgs {
    #[command(flatten)]
    place: Where,

    /// The largest number of seeds on the board to cover (at most 48)
    #[arg(long, value_name = "N", value_parser = between::<usize>(0, 48))]
    max_seeds: usize,

    /// Memory a table's build may take, in MiB: a table whose moves do
    /// not fit (about 20 bytes a board) is built by passes that play them
    /// again (4 bytes a board) until they fit. A table of 2^26 boards or
    /// more (20 seeds on the standard board) saves a checkpoint (NN.build)
    /// after each pass, which an interrupted build resumes from
    #[arg(long, value_name = "MIB", default_value_t = wari_egdb::DEFAULT_BUILD_MEMORY >> 20, value_parser = at_least::<u64>(1))]
    memory: u64,

    /// Share the build with the other processes started with this one by
    /// `mpirun -n N`, each taking an index range of every seed count
    /// (needs a wari built with `--features mpi`: tools/mpi-check.sh;
    /// --memory is each process's, no checkpoints)
    #[arg(long)]
    mpi: bool,

    /// Write the tables built compressed (format version 2: about 3 times
    /// smaller, a probe 5 to 10 times as long); tables already there are
    /// kept as they are (`wari egdb compress` rewrites them)
    #[arg(long, conflicts_with = "mpi")]
    compressed: bool,

    /// With --compressed: store the boards whose value a capture or the
    /// game's end gives as exits (as `wari egdb compress --exits`)
    #[arg(long, requires = "compressed")]
    exits: bool,
}

/// The value of a position and of each of its legal moves, from the view
/// of the player to move.
#[derive(Debug, clap::Args)]
struct ProbeArgs {
    /// The position, SOUTH/NORTH TURN CAPS; quoted or as separate words
    #[arg(value_name = "POSITION", required = true)]
    position: Vec<String>,

    #[command(flatten)]
    place: Where,

    /// Print one JSON object: {"value": V, "by_cycle": B, "moves": {"A": V, ...}, ...}
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    match &args.command {
        Command::Build(a) => run_build(a, out),
        Command::Probe(a) => run_probe(a, out),
        Command::Stats(a) => run_stats(a, out),
        Command::Verify(a) => run_verify(a, out),
        Command::Bench(a) => run_bench(a, out),
        Command::Compress(a) => run_compress(a, out),
    }
}

fn run_bench(args: &BenchArgs, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.place.rules.rules_or_default()?;
    let tables = args.place.tables(&rules)?;
    let Some(max) = tables.max_seeds() else {
        return Err(Error::input(format!(
            "no tables for {} in {}",
            tables.rules().name(),
            tables_dir(&tables)
        )));
    };
    let probes = args.probes.max(1);
    let mut counts = vec![max.min(12), max];
    counts.dedup();
    let total = u8::try_from(rules.total_seeds()).unwrap_or(u8::MAX);
    // The same positions every run: timings compare.
    let mut rng = random::seeded(1);
    for seeds in counts {
        let table = tables
            .table(seeds)
            .map_err(Error::input)?
            .expect("every table up to max_seeds is there");
        // Every page read once: the table is warm.
        let touched: u64 = table
            .stored()
            .iter()
            .step_by(4096)
            .map(|&b| u64::from(b))
            .sum();
        std::hint::black_box(touched);
        let cells = 2 * usize::from(rules.pits());
        let mut board = [0u8; 12];
        let captured = total - seeds as u8;
        let split = [captured / 2, captured - captured / 2];
        let positions: Vec<wari_rules::Position> = (0..probes)
            .map(|_| {
                let index = rng.random_range(0..table.len());
                wari_egdb::unrank(index, seeds, &mut board[..cells]);
                wari_rules::Position::from_parts_unchecked(
                    rules,
                    &board[..cells],
                    split,
                    total,
                    wari_rules::Side::South,
                )
            })
            .collect();
        let started = Instant::now();
        let cpu = thread_cpu_seconds();
        let mut sum = 0i64;
        for p in &positions {
            sum += i64::from(tables.score(p).unwrap_or(0));
        }
        std::hint::black_box(sum);
        let cpu_ns = (thread_cpu_seconds() - cpu) * 1e9 / probes as f64;
        let ns = started.elapsed().as_secs_f64() * 1e9 / probes as f64;
        writeln!(
            out,
            "{seeds:>2} seeds: {ns:.0} ns a probe, {cpu_ns:.0} ns of CPU ({}, warm {}table of {})",
            count(probes as u64, "random position", "random positions"),
            if table.is_compressed() {
                "compressed "
            } else {
                ""
            },
            count(table.len(), "board", "boards")
        )?;
    }
    Ok(())
}

fn run_build(args: &BuildArgs, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.place.rules.rules_or_default()?;
    let dir = args.place.build_dir()?;
    // Where the tables go is checked before the work: made if it is not
    // there, and writable.
    let rules_dir = dir.join(TableRules::new(&rules).name());
    std::fs::create_dir_all(&rules_dir)
        .and_then(|()| {
            // One name a process: the processes of a distributed build
            // check at once.
            let probe = rules_dir.join(format!(".wari-write-check-{}", std::process::id()));
            std::fs::write(&probe, b"").and_then(|()| std::fs::remove_file(&probe))
        })
        .map_err(|e| {
            Error::input(format!(
                "cannot write tables in {}: {e}",
                rules_dir.display()
            ))
        })?;
    let started = Instant::now();
    if args.mpi {
        return run_build_mpi(args, &dir, &rules, started, out);
    }
    let options = BuildOptions {
        memory: args.memory << 20,
        compressed: args.compressed,
        exits: args.exits,
    };
    build_with(&dir, &rules, args.max_seeds, &options, &Reporter::new(true))
        .map_err(Error::input)?;
    writeln!(
        out,
        "built {} up to {} in {} ({:.1} s)",
        TableRules::new(&rules).name(),
        count(args.max_seeds as u64, "seed", "seeds"),
        dir.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

#[cfg(feature = "mpi")]
fn run_build_mpi(
    args: &BuildArgs,
    dir: &std::path::Path,
    rules: &Rules,
    started: Instant,
    out: &mut impl Write,
) -> Result<(), Error> {
    let (rank, size) = wari_egdb::build_mpi(
        dir,
        rules,
        args.max_seeds,
        args.memory << 20,
        &Reporter::new(true),
    )
    .map_err(Error::input)?;
    if rank == 0 {
        writeln!(
            out,
            "built {} up to {} in {} on {} ({:.1} s)",
            TableRules::new(rules).name(),
            count(args.max_seeds as u64, "seed", "seeds"),
            dir.display(),
            count(size as u64, "process", "processes"),
            started.elapsed().as_secs_f64()
        )?;
    }
    Ok(())
}

#[cfg(not(feature = "mpi"))]
fn run_build_mpi(
    _: &BuildArgs,
    _: &std::path::Path,
    _: &Rules,
    _: Instant,
    _: &mut impl Write,
) -> Result<(), Error> {
    Err(Error::input(
        "this wari was built without MPI: build it with `cargo build --release --features mpi` (tools/mpi-check.sh)",
    ))
}

fn run_probe(args: &ProbeArgs, out: &mut impl Write) -> Result<(), Error> {
    let position = args.place.rules.position(&args.position.join(" "))?;
    let tables = args.place.tables(position.rules())?;
    let seeds = position.seeds_on_board();
    let not_covered = || {
        Error::input(format!(
            "no table covers {} on the board under {} in {} (build it with: wari egdb build --rules {} --max-seeds {seeds})",
            count(u64::from(seeds), "seed", "seeds"),
            tables.rules().name(),
            tables_dir(&tables),
            tables.rules().name(),
        ))
    };
    let value = tables
        .probe(&position)
        .map_err(Error::input)?
        .ok_or_else(not_covered)?;
    let moves = tables
        .probe_moves(&position)
        .map_err(Error::input)?
        .ok_or_else(not_covered)?;
    if args.json {
        let mut map = Map::new();
        for (mv, v) in &moves {
            map.insert(mv.to_string(), json!(v.score()));
        }
        let cycle: Vec<String> = moves
            .iter()
            .filter(|(_, v)| v.by_cycle())
            .map(|(mv, _)| mv.to_string())
            .collect();
        let object = json!({
            "position": position.to_string(),
            "rules": tables.rules().name(),
            "turn": position.turn().to_string(),
            "seeds": seeds,
            "value": value.score(),
            "by_cycle": value.by_cycle(),
            "moves": Json::Object(map),
            "moves_by_cycle": cycle,
        });
        writeln!(out, "{object}")?;
        return Ok(());
    }
    writeln!(
        out,
        "{position}: value {value} for {} ({} on the board, {})",
        position.turn(),
        count(u64::from(seeds), "seed", "seeds"),
        tables.rules().name()
    )?;
    for (mv, v) in &moves {
        writeln!(out, "{mv} {v}")?;
    }
    Ok(())
}

fn run_stats(args: &Where, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.rules.rules_or_default()?;
    let tables = args.tables(&rules)?;
    writeln!(
        out,
        "{:>5} {:>15} {:>15} {:>15} {:>15} {:>15}",
        "seeds", "positions", "wins", "draws", "losses", "by-cycle"
    )?;
    let mut any = false;
    for seeds in 0..=wari_egdb::MAX_LAYER {
        let Some(layer) = tables.layer(seeds).map_err(Error::input)? else {
            continue;
        };
        any = true;
        let stats = Stats::of(layer);
        writeln!(
            out,
            "{seeds:>5} {:>15} {:>15} {:>15} {:>15} {:>15}",
            HumanCount(stats.boards).to_string(),
            HumanCount(stats.wins()).to_string(),
            HumanCount(stats.draws()).to_string(),
            HumanCount(stats.losses()).to_string(),
            HumanCount(stats.by_cycle).to_string()
        )?;
        let scores: Vec<String> = stats.scores().map(|(s, c)| format!("{s}:{c}")).collect();
        writeln!(out, "      values {}", scores.join(" "))?;
    }
    if !any {
        return Err(Error::input(format!(
            "no tables for {} in {}",
            tables.rules().name(),
            tables_dir(&tables)
        )));
    }
    Ok(())
}

fn run_verify(args: &Where, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.rules.rules_or_default()?;
    let tables = args.tables(&rules)?;
    // Every table from 0 seeds to the largest there must be there and
    // whole: each is checked against those below it.
    let Some(largest) = (0..=wari_egdb::MAX_LAYER)
        .rev()
        .find(|&k| tables.path(k).is_some_and(|p| p.exists()))
    else {
        return Err(Error::input(format!(
            "no tables for {} in {}",
            tables.rules().name(),
            tables_dir(&tables)
        )));
    };
    let mut faults: Vec<String> = Vec::new();
    for seeds in 0..=largest {
        let path = tables.path(seeds).unwrap_or_default();
        match tables.table(seeds) {
            Ok(Some(_)) => {}
            Ok(None) => {
                writeln!(out, "seeds {seeds:>2}: {} is missing", path.display())?;
                faults.push(format!("{} is missing", path.display()));
                continue;
            }
            Err(e) => {
                writeln!(out, "seeds {seeds:>2}: {e}")?;
                faults.push(e.to_string());
                continue;
            }
        }
        if !faults.is_empty() {
            // Its values rest on the tables below, one of which is not
            // there or not whole.
            writeln!(
                out,
                "seeds {seeds:>2}: not checked: a table below it is missing or damaged"
            )?;
            continue;
        }
        let started = Instant::now();
        let verdict = verify(&tables, seeds).map_err(Error::input)?;
        let seconds = started.elapsed().as_secs_f64();
        if verdict.mismatches == 0 {
            writeln!(
                out,
                "seeds {seeds:>2}: {} consistent ({})",
                count(verdict.boards, "board", "boards"),
                rate(verdict.boards, seconds, "boards")
            )?;
        } else {
            writeln!(
                out,
                "seeds {seeds:>2}: {} of {} inconsistent",
                HumanCount(verdict.mismatches),
                count(verdict.boards, "board", "boards")
            )?;
            for example in &verdict.examples {
                writeln!(out, "  {example}")?;
            }
            faults.push(format!(
                "{}: {} inconsistent",
                path.display(),
                count(verdict.mismatches, "board", "boards")
            ));
        }
    }
    match faults.as_slice() {
        [] => Ok(()),
        [one] => Err(Error::Check(format!(
            "the tables of {} failed verification: {one}",
            tables.rules().name()
        ))),
        [first, rest @ ..] => Err(Error::Check(format!(
            "the tables of {} failed verification: {first}, and {} more",
            tables.rules().name(),
            count(rest.len() as u64, "fault", "faults")
        ))),
    }
}

/// The CPU time of this thread, in seconds: what a probe costs whatever
/// else runs on the machine.
fn thread_cpu_seconds() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn run_compress(args: &CompressArgs, out: &mut impl Write) -> Result<(), Error> {
    let rules = TableRules::new(&args.place.rules.rules_or_default()?);
    let dir = args.place.dir()?;
    // One set of tables for all: each table's exits are read from those
    // below, decompressed once.
    let tables = Tables::open(&dir, &rules.rules()).map_err(Error::input)?;
    let (mut before, mut after) = (0u64, 0u64);
    for seeds in 0..=wari_egdb::MAX_LAYER {
        let started = Instant::now();
        let Some((old, new)) = compress_table(&tables, seeds, args.exits).map_err(Error::input)?
        else {
            continue;
        };
        before += old;
        after += new;
        writeln!(
            out,
            "seeds {seeds:>2}: {} -> {} bytes, {:.2}x{} ({:.1} s)",
            HumanCount(old),
            HumanCount(new),
            old as f64 / new as f64,
            if old == new {
                " (kept as it is: already compressed, or not made smaller)"
            } else {
                ""
            },
            started.elapsed().as_secs_f64()
        )?;
    }
    if before == 0 {
        return Err(Error::input(format!(
            "no tables for {} in {}",
            rules.name(),
            dir.display()
        )));
    }
    writeln!(
        out,
        "in all: {} -> {} bytes, {:.2}x",
        HumanCount(before),
        HumanCount(after),
        before as f64 / after as f64
    )?;
    Ok(())
}

/// The directory tables were opened from, for messages.
fn tables_dir(tables: &Tables) -> String {
    tables
        .dir()
        .map(|d| d.display().to_string())
        .unwrap_or_default()
}
