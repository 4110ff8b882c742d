//! The `wari` command: Oware and Kalah in the terminal and on a server,
//! and the tools of the field, on top of the workspace's libraries
//! (`wari-rules`, `wari-engine`, `wari-egdb`, `wari-server`). One module a
//! subcommand: `serve`, `play`, `analyze`, `engine` (`uci/`, the engine
//! protocol), `match` (`matches/`), `bot` (`bot/`), `book`, `tune`, `egdb`, `solve`,
//! `perft`, `replay`, `show`; `error.rs` turns every failure into one
//! line and exit status 2.

#![forbid(unsafe_code)]

/// mimalloc rather than the system's allocator: the server allocates and
/// frees a game's state and its JSON at every move, from two threads, where
/// glibc's malloc took a fifth of the CPU (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod analyze;
mod args;
mod book;
mod bot;
mod date;
mod egdb;
mod error;
mod matches;
mod output;
mod perft;
mod play;
mod progress;
mod puzzles;
mod replay;
mod serve;
mod show;
mod solve;
mod tablebase;
mod tune;
mod uci;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::error::Error;

/// Oware and Kalah on the command line: play in the terminal, serve games
/// to browsers, analyse and solve positions, build endgame tables and
/// opening books, run engine matches; count moves, replay games and show
/// positions.
///
/// Positions are written `SOUTH/NORTH TURN CAPS`, like
/// "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"; rules as `NAME[,OPTION...]`, like
/// "kalah,pits=4" (see RULES.md). Bad input exits with status 2 and one
/// line on stderr.
#[derive(Debug, Parser)]
#[command(name = "wari", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    Analyze(analyze::Args),
    Book(book::Args),
    Bot(bot::Args),
    Engine(uci::Args),
    Match(matches::Args),
    Perft(perft::Args),
    Puzzles(puzzles::Args),
    Play(play::Args),
    Replay(replay::Args),
    Serve(serve::Args),
    Show(show::Args),
    Tune(tune::Args),
    Egdb(egdb::Args),
    Solve(solve::Args),
}

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `wari play` reads its command line in the player's language.
    let play_language = play::usage::language(&argv);
    let cli = match parse(argv, play_language) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e, play_language),
    };
    let mut out = io::stdout().lock();
    let result = match cli.command {
        Some(Command::Analyze(args)) => analyze::run(&args, &mut out),
        Some(Command::Book(args)) => book::run(&args, &mut out),
        Some(Command::Bot(args)) => bot::run(&args),
        Some(Command::Engine(args)) => uci::run(&args, &mut out),
        Some(Command::Match(args)) => matches::run(&args, &mut out),
        Some(Command::Perft(args)) => perft::run(&args, &mut out),
        Some(Command::Puzzles(args)) => puzzles::run(&args, &mut out),
        Some(Command::Play(args)) => play::run(&args, &mut out),
        Some(Command::Replay(args)) => replay::run(&args, &mut out),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Show(args)) => show::run(&args, &mut out),
        Some(Command::Tune(args)) => tune::run(&args, &mut out),
        Some(Command::Egdb(args)) => egdb::run(&args, &mut out),
        Some(Command::Solve(args)) => solve::run(&args, &mut out),
        None => Cli::command()
            .write_long_help(&mut out)
            .map_err(Error::from),
    };
    let result = result.and_then(|()| out.flush().map_err(Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`wari perft 9 --divide | head -1`)
        // is not a failure of ours.
        Err(Error::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wari: error: {e}");
            ExitCode::from(e.status())
        }
    }
}

/// The command line read by clap, with two changes: a number written
/// with a minus sign is a value (`--depth -3` is refused for being below
/// 1, not taken for an option), and an unquoted position is one argument
/// (see [`args::join_positions`]).
fn parse(
    argv: impl IntoIterator<Item = std::ffi::OsString>,
    play_language: Option<play::usage::Language>,
) -> Result<Cli, clap::Error> {
    let argv = args::join_positions(argv.into_iter().collect());
    let mut command = negative_numbers(Cli::command());
    if let Some(lang) = play_language {
        command = command.mut_subcommand("play", |play| play::usage::localise(play, lang));
    }
    let matches = command.try_get_matches_from(argv)?;
    Cli::from_arg_matches(&matches)
}

fn negative_numbers(command: clap::Command) -> clap::Command {
    command
        .mut_args(|arg| {
            let takes_values = arg.get_action().takes_values();
            arg.allow_negative_numbers(takes_values)
        })
        .mut_subcommands(negative_numbers)
}

/// Help and the version as clap prints them; any other mistake on the
/// command line as one line, `wari: error: ...` (in the player's language
/// for `wari play`), exit status 2.
fn usage_error(e: &clap::Error, play_language: Option<play::usage::Language>) -> ExitCode {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // Printing the help can only fail when stdout is gone.
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let line = play_language
        .and_then(|lang| play::usage::error_line(e, lang))
        .unwrap_or_else(|| one_line(e));
    eprintln!("wari: error: {line}");
    ExitCode::from(2)
}

/// A clap error in one line: for a bad value, the option, the value and
/// what is wrong with it; otherwise clap's message with its tip, without
/// the usage.
fn one_line(e: &clap::Error) -> String {
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    if matches!(
        e.kind(),
        ErrorKind::ValueValidation | ErrorKind::InvalidValue
    ) && let (Some(arg), Some(value)) = (
        context(ContextKind::InvalidArg),
        context(ContextKind::InvalidValue),
    ) {
        // `--depth <PLIES>` names the option as `--depth`.
        let option = arg.split(' ').next().unwrap_or(&arg);
        if value.is_empty() {
            return format!("{option} needs a value");
        }
        let why = match e.kind() {
            ErrorKind::InvalidValue => match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(valid)) => format!("expected {}", valid.join(", ")),
                _ => "not a valid value".to_owned(),
            },
            _ => std::error::Error::source(e)
                .map_or_else(|| "not a valid value".to_owned(), ToString::to_string),
        };
        return format!("{option} {value:?}: {why}");
    }
    // clap's text: "error: MESSAGE" over one or more lines, then blank
    // lines between a tip, the usage and a pointer to --help.
    let text = e.to_string();
    let mut paragraphs = text
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "));
    let message = paragraphs.next().unwrap_or_default();
    let message = message
        .strip_prefix("error: ")
        .unwrap_or(&message)
        .to_owned();
    // Negative numbers are values here: the tip to write `-- -3` does
    // not apply.
    let tips: Vec<String> = paragraphs
        .filter(|p| p.starts_with("tip:") && !p.starts_with("tip: to pass"))
        .collect();
    let help = match e.get(ContextKind::Usage) {
        Some(usage) => {
            let usage = usage.to_string();
            let command: Vec<&str> = usage
                .trim_start_matches("Usage:")
                .split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<', '-']))
                .collect();
            format!("; see {} --help", command.join(" "))
        }
        None => String::new(),
    };
    if tips.is_empty() {
        format!("{message}{help}")
    } else {
        format!("{message} ({}){help}", tips.join("; "))
    }
}
