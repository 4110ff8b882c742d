//! `wari match`: engines play each other, in pairs of games from random
//! openings with colours swapped, and the score is turned into an Elo
//! difference.

mod elo;
mod openings;
mod play;
pub(crate) mod player;
mod report;
mod sprt;
pub(crate) mod uci_client;

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use wari_rules::{Rules, Side};

use crate::args::{RulesArg, at_least, between};
use crate::error::Error;
use openings::openings;
use play::{Pairing, Played, Settings, TimeControl, play_game};
use player::{BuiltIn, PlayerSpec, StartError, no_rules_option, start_engine};
use report::{Summary, Tally};
use sprt::Sprt;
use wari_engine::random;

/// Play a match between two engines and report the score and the Elo
/// difference it implies, with a 95% confidence interval.
///
/// An engine is `level:N` (the built-in engine at level 1 to 10; 10 is full
/// strength), `baseline:D` (a plain alpha-beta to D plies that counts
/// seeds: the yardstick), or `cmd:COMMAND ARGS...` (or any other text): a
/// program speaking Aualé's UCI dialect on stdin and stdout.
///
/// Games come in pairs: both games of a pair start from the same random
/// opening, with the colours swapped. An engine that crashes, answers
/// garbage, an illegal move or no move loses that game (it is restarted
/// for the next one); one that answers too late loses on time. One line per
/// finished game goes to stderr, the summary to stdout.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The first engine: level:N, baseline:D or cmd:COMMAND
    #[arg(long, value_name = "SPEC")]
    engine1: String,

    /// The second engine: level:N, baseline:D or cmd:COMMAND
    #[arg(long, value_name = "SPEC")]
    engine2: String,

    /// The first engine's name in the report and the records [default:
    /// an external engine's id name, else its SPEC]
    #[arg(long, value_name = "NAME")]
    name1: Option<String>,

    /// The second engine's name [default: its SPEC]
    #[arg(long, value_name = "NAME")]
    name2: Option<String>,

    /// Games in all; an even number, as they are played in pairs
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = at_least::<u32>(2))]
    games: u32,

    /// Random plies played from the start before each pair's games
    #[arg(long, default_value_t = 4, value_name = "PLIES", value_parser = between::<u32>(0, 100))]
    openings: u32,

    /// Seed of the openings and of the built-in engines' random choices,
    /// to play a match again [default: a fresh one from the system; the
    /// summary gives it]
    #[arg(long, value_name = "SEED", value_parser = at_least::<u64>(0))]
    seed: Option<u64>,

    #[command(flatten)]
    rules: RulesArg,

    /// Milliseconds per move (the default time control is 100 ms a move)
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "tc", "nodes"], value_parser = at_least::<u64>(1))]
    movetime: Option<u64>,

    /// Nodes per move (`go nodes N`): a time control that does not
    /// depend on the machine's load, for comparing versions of an engine
    #[arg(long, value_name = "N", conflicts_with_all = ["depth", "tc"], value_parser = at_least::<u64>(1))]
    nodes: Option<u64>,

    /// Plies per move for the built-in levels and external engines
    /// (`go depth D`); the baseline keeps its own depth
    #[arg(long, value_name = "PLIES", conflicts_with = "tc", value_parser = between::<u32>(1, 60))]
    depth: Option<u32>,

    /// A clock per side: MINUTES for the game plus SECONDS a move, like
    /// 1+0.5 (a minute, half a second a move) or, in seconds, 10s+0.1; the
    /// side whose flag falls loses
    #[arg(long, value_name = "MINUTES+SECONDS")]
    tc: Option<wari_rules::TimeControl>,

    /// How much longer than --movetime an engine may take before it loses
    /// on time (under --depth: a minute plus this); under --tc the clock
    /// decides
    #[arg(long, default_value_t = 1000, value_name = "MS", value_parser = at_least::<u64>(0))]
    grace: u64,

    /// Plies after which a game is ended as the cycle rule would, each
    /// player taking their own row
    #[arg(long, default_value_t = 1000, value_name = "PLIES", value_parser = at_least::<u32>(1))]
    max_plies: u32,

    /// Games played at once [default: the number of cores]
    #[arg(long, value_name = "J", value_parser = between::<u32>(1, 256))]
    concurrency: Option<u32>,

    /// Write every game to this file, in OGN, one after another
    #[arg(long, value_name = "FILE")]
    ogn: Option<PathBuf>,

    /// Search threads of each built-in engine
    #[arg(long, default_value_t = 1, value_parser = between::<u16>(1, 64))]
    threads: u16,

    /// Transposition table of each built-in engine, in megabytes
    #[arg(long, default_value_t = 32, value_parser = between::<u32>(1, 16384))]
    hash: u32,

    /// A sequential test: play pairs until the log-likelihood ratio of
    /// "engine 1 is ELO1 stronger" against "ELO0 stronger" (logistic Elo,
    /// over the pentanomial of game pairs, 5% errors each way) crosses
    /// its bounds, or --games are played; the summary gives the verdict
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,

    /// An option for the first engine when it is an external program,
    /// sent as `setoption name NAME value VALUE` after the handshake
    /// (repeatable), like OwnBook=false
    #[arg(long, value_name = "NAME=VALUE")]
    option1: Vec<String>,

    /// An option for the second engine (see --option1)
    #[arg(long, value_name = "NAME=VALUE")]
    option2: Vec<String>,

    /// Print the summary as one JSON object: engine1, engine2, games,
    /// wins, draws, losses (engine1's), points, score (0 to 1), elo,
    /// elo_low, elo_high (null when infinite), faults1, faults2, capped,
    /// ms_per_move1, ms_per_move2, endings, rules, time_control, openings,
    /// seed, time_s; with --sprt also sprt (elo0, elo1, alpha, beta,
    /// pentanomial, llr, lower, upper, verdict: "H1", "H0" or null)
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let specs = [
        PlayerSpec::parse(&args.engine1).map_err(Error::input)?,
        PlayerSpec::parse(&args.engine2).map_err(Error::input)?,
    ];
    if args.games == 0 || args.games % 2 == 1 {
        return Err(Error::input(format!(
            "--games {} is not a positive even number: games are played in pairs, colours swapped",
            args.games
        )));
    }
    let rules = args.rules.rules_or_default()?;
    let time_control = match (&args.tc, args.depth, args.nodes, args.movetime) {
        (Some(tc), ..) => TimeControl::Fischer(*tc),
        (None, Some(depth), ..) => TimeControl::Depth(depth.max(1)),
        (None, None, Some(nodes), _) => TimeControl::Nodes(nodes.max(1)),
        (None, None, None, Some(ms)) => TimeControl::MoveTime(Duration::from_millis(ms.max(1))),
        (None, None, None, None) => TimeControl::MoveTime(Duration::from_millis(100)),
    };
    let settings = Settings {
        rules,
        time_control,
        grace: Duration::from_millis(args.grace),
        max_plies: args.max_plies.max(1) as usize,
    };
    let sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(Error::input)?;
    let options = [&args.option1, &args.option2].map(|given| {
        given
            .iter()
            .map(|text| parse_option(text))
            .collect::<Result<Vec<_>, _>>()
    });
    let options = match options {
        [Ok(one), Ok(two)] => [one, two],
        [Err(e), _] | [_, Err(e)] => return Err(Error::input(e)),
    };
    for (i, spec) in specs.iter().enumerate() {
        if !options[i].is_empty() && !matches!(spec, PlayerSpec::Command(_)) {
            return Err(Error::input(format!(
                "--option{} is for an external engine; {spec} is built in",
                i + 1
            )));
        }
    }
    let ids = [
        check_engine(&specs[0], "--engine1", rules, &options[0])?,
        check_engine(&specs[1], "--engine2", rules, &options[1])?,
    ];
    let names = names([&args.name1, &args.name2], &specs, ids);
    let mut ogn = match &args.ogn {
        Some(path) => Some(OgnFile::create(path)?),
        None => None,
    };

    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    let pairings = pairings(rules, args.openings, args.games as usize, seed);
    let built_in = BuiltIn {
        threads: usize::from(args.threads),
        hash_mb: args.hash as usize,
    };
    let workers = args.concurrency.map_or_else(
        || thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let started = Instant::now();
    let players = Players {
        specs: &specs,
        names: &names,
        options: &options,
        built_in,
    };
    let tally = play_all(
        &players,
        &pairings,
        &settings,
        workers,
        sprt.as_ref(),
        ogn.as_mut(),
    )?;
    if let Some(file) = ogn {
        file.finish()?;
    }

    let summary = Summary {
        names: &names,
        tally: &tally,
        settings: &settings,
        openings: args.openings,
        seed,
        time: started.elapsed(),
        sprt,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &summary.to_json()).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        summary.write_text(out)?;
    }
    Ok(())
}

/// The games of a match: pair `k` is games `2k` (engine 1 South) and
/// `2k + 1` (engine 1 North), from the same random opening and with the
/// same seeds for the players' random choices.
fn pairings(rules: Rules, plies: u32, games: usize, seed: u64) -> Vec<Pairing> {
    let lines = openings(rules, plies, games / 2, &mut random::seeded(seed));
    (0..games)
        .map(|index| {
            let pair = (index / 2) as u64;
            Pairing {
                index,
                opening: lines[index / 2].clone(),
                engine1: if index % 2 == 0 {
                    Side::South
                } else {
                    Side::North
                },
                seeds: [1, 2].map(|who| random::derive(seed, pair << 2 | who)),
            }
        })
        .collect()
}

/// Who plays: the specs, the names, the built-in engine's settings.
#[derive(Debug)]
struct Players<'a> {
    specs: &'a [PlayerSpec; 2],
    names: &'a [String; 2],
    /// The external engines' options.
    options: &'a [Vec<(String, String)>; 2],
    built_in: BuiltIn,
}

/// Plays the games on `workers` threads, each with its own pair of
/// players, printing a line per finished game and writing the records
/// in the games' order. Under a sequential test no new pair is begun
/// once its ratio crosses a bound (the pairs begun are finished).
fn play_all(
    players: &Players<'_>,
    pairings: &[Pairing],
    settings: &Settings,
    workers: usize,
    sprt: Option<&Sprt>,
    mut ogn: Option<&mut OgnFile>,
) -> Result<Tally, Error> {
    let mut tally = Tally::default();
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    // The first finished game of each pair, in engine 1's half points.
    let mut halves = HashMap::new();
    let (sender, results) = mpsc::channel::<Played>();
    let mut failure = None;
    let bar = crate::progress::bar(pairings.len() as u64, "match");
    bar.set_message("games");
    thread::scope(|scope| {
        for _ in 0..workers.clamp(1, pairings.len()) {
            let sender = sender.clone();
            let next = &next;
            let decided = &decided;
            scope.spawn(move || {
                let mut engines = [0, 1].map(|i| {
                    players.specs[i].create(&players.built_in, settings.rules, &players.options[i])
                });
                loop {
                    // Once decided, only the second games of pairs begun:
                    // the first game of a pair is not even taken.
                    let taken = next.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |i| {
                        (i % 2 == 1 || !decided.load(Ordering::SeqCst)).then_some(i + 1)
                    });
                    let Some(pairing) = taken.ok().and_then(|index| pairings.get(index)) else {
                        break;
                    };
                    let played = play_game(&mut engines, players.names, pairing.clone(), settings);
                    if sender.send(played).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut next_record = 0;
        for played in results {
            tally.add(&played);
            let mut line = report::progress_line(&played, players.names, pairings.len(), &tally);
            if let Some(sprt) = sprt {
                let pair = played.pairing.index / 2;
                let mine = report::half_points(&played);
                if let Some(other) = halves.insert(pair, mine) {
                    tally.pairs.add([other, mine]);
                    let llr = sprt.llr(&tally.pairs);
                    line.push_str(&format!(" LLR {llr:.2}"));
                    if sprt.verdict(llr).is_some() {
                        decided.store(true, Ordering::SeqCst);
                    }
                }
            }
            // The game's line goes above the bar on a terminal, to stderr
            // as it is otherwise: the match's log.
            if bar.is_hidden() {
                let _ = writeln!(io::stderr(), "{line}");
            } else {
                bar.println(line);
            }
            bar.inc(1);
            bar.set_message(format!("games, {}", tally.standing()));
            if let Some(file) = ogn.as_deref_mut() {
                waiting.insert(played.pairing.index, played);
                while let Some(played) = waiting.remove(&next_record) {
                    let record = report::record(&played, players.names, settings);
                    if let Err(e) = file.write(&record) {
                        failure.get_or_insert(e);
                    }
                    next_record += 1;
                }
            }
        }
    });
    bar.finish_and_clear();
    match failure {
        Some(e) => Err(e),
        None => Ok(tally),
    }
}

/// The players' names: as given, else an external engine's `id name`,
/// else the spec; two equal names get `#1` and `#2`.
fn names(
    given: [&Option<String>; 2],
    specs: &[PlayerSpec; 2],
    ids: [Option<String>; 2],
) -> [String; 2] {
    let mut chosen = [0, 1].map(|i| {
        given[i]
            .clone()
            .or_else(|| ids[i].clone())
            .unwrap_or_else(|| specs[i].to_string())
    });
    if chosen[0] == chosen[1] {
        for (i, name) in chosen.iter_mut().enumerate() {
            name.push_str(&format!(" #{}", i + 1));
        }
    }
    chosen
}

/// Starts an external engine once before the match and returns its `id
/// name`: a program that cannot be run, or that cannot be told
/// non-default rules, is an error of the command line. An engine that
/// starts but misbehaves only loses its games.
fn check_engine(
    spec: &PlayerSpec,
    flag: &str,
    rules: Rules,
    options: &[(String, String)],
) -> Result<Option<String>, Error> {
    let PlayerSpec::Command(command) = spec else {
        return Ok(None);
    };
    match start_engine(command, rules, options) {
        Ok(engine) => Ok(engine.name.clone()),
        Err(StartError::Uci(uci_client::UciError::Spawn(e))) => Err(Error::input(format!(
            "{flag} {command:?} cannot be started: {e}"
        ))),
        Err(StartError::NoRulesOption(rules)) => Err(Error::input(format!(
            "{flag} {command:?}: {}",
            no_rules_option(rules)
        ))),
        Err(StartError::Uci(_)) => Ok(None),
    }
}

/// Reads `--option1 NAME=VALUE`.
fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_owned(), value.trim().to_owned()))
        }
        _ => Err(format!(
            "bad option {text:?}: expected NAME=VALUE, like OwnBook=false"
        )),
    }
}

/// The `--ogn` file.
struct OgnFile {
    path: PathBuf,
    writer: BufWriter<File>,
    records: usize,
}

impl OgnFile {
    fn create(path: &PathBuf) -> Result<OgnFile, Error> {
        let file = File::create(path)
            .map_err(|e| Error::input(format!("cannot write {}: {e}", path.display())))?;
        Ok(OgnFile {
            path: path.clone(),
            writer: BufWriter::new(file),
            records: 0,
        })
    }

    /// Appends a record, a blank line before every one but the first.
    fn write(&mut self, record: &wari_rules::ogn::Record) -> Result<(), Error> {
        let separator = if self.records == 0 { "" } else { "\n" };
        write!(self.writer, "{separator}{record}")
            .and_then(|()| self.writer.flush())
            .map_err(|e| self.error(&e))?;
        self.records += 1;
        Ok(())
    }

    fn finish(mut self) -> Result<(), Error> {
        self.writer.flush().map_err(|e| self.error(&e))
    }

    fn error(&self, e: &io::Error) -> Error {
        Error::input(format!("cannot write {}: {e}", self.path.display()))
    }
}
