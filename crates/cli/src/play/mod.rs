//! `wari play`: a game in the terminal against the computer, between two
//! people at one keyboard, or the computer against itself; full-screen,
//! or as lines of text with `--plain`.

mod clock;
mod computer;
mod files;
mod plain;
mod session;
mod tui;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use wari_engine::Level;
use wari_rules::{Game, Side, TimeControl};

use crate::args::{Start, at_least, between};
use crate::error::Error;
use session::{Player, Session, Settings};

/// Play a game against the computer, between two people at one keyboard,
/// or watch the computer play itself; any rules, any position, a clock.
///
/// Full-screen keys: A-F or a-f play that pit of the side to move (either
/// case), as do the arrows and Enter, or a click on a pit; u undo (against
/// the computer its reply too), r redo, h hint, o offer to end the game by
/// the cycle rule, R resign, t turn the board round, s save as OGN, p
/// pause (computer against computer), n new game once it is over, q or Esc
/// quit, ? help. Any key skips the sowing animation, which never costs
/// clock time.
///
/// --plain (also used when stdin or stdout is not a terminal) reads one
/// move (a pit's letter) or command a line: undo, redo, hint, cycle,
/// resign, save or save FILE, board, help, quit. It prints the board after every
/// move, "legal: A B C" before each person's turn, "computer plays C" for
/// the computer's moves, "error: ..." for input it cannot play (and asks
/// again), and ends a finished game with the line "result S|N|draw REASON
/// SOUTH-NORTH" (REASON as in RULES.md: majority, no-moves, grand-slam,
/// repetition, agreement, empty-side, resignation, time). Quitting, or
/// the end of the input, leaves the game unfinished: no result line, exit
/// status 0.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    start: Start,

    /// Who plays: human-vs-computer, two-players (at one keyboard) or
    /// computer-vs-computer (to watch)
    #[arg(long, value_enum, default_value_t = Mode::HumanVsComputer)]
    mode: Mode,

    /// The computer's level, 1 (weakest) to 10 (full strength)
    #[arg(long, default_value = "5")]
    level: Level,

    /// Your side against the computer: S (South, who moves first), N, or
    /// random
    #[arg(long, default_value = "S", value_parser = parse_side)]
    side: SideChoice,

    /// A clock: MINUTES for each player, plus SECONDS added after each
    /// move, like 5+3; a fallen flag ends the game (reason time)
    #[arg(long, value_name = "MINUTES+SECONDS")]
    tc: Option<TimeControl>,

    /// The computer's time per move without a clock, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = at_least::<u64>(1))]
    movetime: u64,

    /// Speed of the sowing animation, 0 (none) to 10 (fastest)
    #[arg(long, default_value_t = 5, value_parser = between::<u8>(0, 10))]
    speed: u8,

    /// Continue a game saved as OGN (u and r step through its moves)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from", "rules"])]
    load: Option<PathBuf>,

    /// With --load: start at the record's first position with its moves
    /// ready for r (redo), to replay it
    #[arg(long, requires = "load")]
    rewind: bool,

    /// Play as lines of text on stdin and stdout
    #[arg(long)]
    plain: bool,

    /// Seed the computer's random choices (its errors at levels 1 to 8,
    /// its pick among the opening book's moves at 9 and 10), so that the
    /// same moves get the same answers [default: a fresh seed each game]
    #[arg(long, value_name = "N", value_parser = at_least::<u64>(0))]
    seed: Option<u64>,
}

/// Who plays the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// You against the computer.
    #[value(alias = "computer")]
    HumanVsComputer,
    /// Two people at one keyboard.
    #[value(alias = "two")]
    TwoPlayers,
    /// The computer against itself, to watch.
    #[value(alias = "watch")]
    ComputerVsComputer,
}

/// The person's side against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideChoice {
    /// This side.
    Side(Side),
    /// Either, by chance.
    Random,
}

fn parse_side(text: &str) -> Result<SideChoice, String> {
    match text.to_lowercase().as_str() {
        "s" | "south" => Ok(SideChoice::Side(Side::South)),
        "n" | "north" => Ok(SideChoice::Side(Side::North)),
        "random" => Ok(SideChoice::Random),
        _ => Err(format!("{text:?} is not a side: S, N or random")),
    }
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let game = match &args.load {
        Some(path) => files::load(path).map_err(Error::input)?,
        None => Game::from_position(args.start.position()?),
    };
    let human = match args.side {
        SideChoice::Side(side) => side,
        SideChoice::Random => {
            let nanos = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            Side::ALL[(nanos / 1000 % 2) as usize]
        }
    };
    let players = match args.mode {
        Mode::HumanVsComputer => {
            let mut players = [Player::Computer; 2];
            players[human.index()] = Player::Human;
            players
        }
        Mode::TwoPlayers => [Player::Human; 2],
        Mode::ComputerVsComputer => [Player::Computer; 2],
    };
    let settings = Settings {
        players,
        level: args.level,
        tc: args.tc,
        movetime: Duration::from_millis(args.movetime.max(1)),
        seed: args.seed,
    };
    let mut session = Session::new(game, settings);
    if args.rewind {
        session.rewind();
    }
    let terminal = io::stdout().is_terminal() && io::stdin().is_terminal();
    if args.plain || !terminal {
        let stdin = io::stdin();
        plain::run(session, &mut stdin.lock(), out, terminal)
    } else {
        tui::run(session, args.speed)
    }
}
