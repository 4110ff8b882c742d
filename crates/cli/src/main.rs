//! The `wari` command: Oware and Kalah in the terminal and on a server,
//! and the tools of the field, on top of the workspace's libraries
//! (`wari-rules`, `wari-engine`, `wari-egdb`, `wari-server`). One module a
//! subcommand: `serve`, `play`, `analyze`, `engine` (`uci/`, the engine
//! protocol), `match` (`matches/`), `book`, `tune`, `egdb`, `solve`,
//! `perft`, `replay`, `show`; `error.rs` turns every failure into one
//! line and exit status 2.

#![forbid(unsafe_code)]

mod analyze;
mod args;
mod book;
mod date;
mod egdb;
mod error;
mod matches;
mod perft;
mod play;
mod progress;
mod replay;
mod serve;
mod show;
mod solve;
mod tablebase;
mod tune;
mod uci;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::error::Error;

/// Oware and Kalah on the command line: count moves, replay games and show
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
    Engine(uci::Args),
    Match(matches::Args),
    Perft(perft::Args),
    Play(play::Args),
    Replay(replay::Args),
    Serve(serve::Args),
    Show(show::Args),
    Tune(tune::Args),
    Egdb(egdb::Args),
    Solve(solve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = io::stdout().lock();
    let result = match cli.command {
        Some(Command::Analyze(args)) => analyze::run(&args, &mut out),
        Some(Command::Book(args)) => book::run(&args, &mut out),
        Some(Command::Engine(args)) => uci::run(&args, &mut out),
        Some(Command::Match(args)) => matches::run(&args, &mut out),
        Some(Command::Perft(args)) => perft::run(&args, &mut out),
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
