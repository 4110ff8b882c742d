//! `wari play`: a game in the terminal against the computer, between two
//! people at one keyboard, or the computer against itself; full-screen,
//! or as lines of text with `--plain`.

mod clock;
mod computer;
mod files;
mod lines;
mod plain;
mod session;
mod tui;
pub mod usage;
mod words;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use wari_engine::Level;
use wari_i18n::message;
use wari_rules::{Game, PositionError, Side, TimeControl};

use crate::args::{Start, at_least, between};
use crate::error::Error;
use session::{Player, Session, Settings, TIME_CONTROL_TAG, player_named};
use wari_engine::random;
use words::Language;

/// Play a game against the computer, between two people at one keyboard,
/// or watch the computer play itself; any rules, any position, a clock.
///
/// Full-screen keys: A-F or a-f play that pit of the side to move (either
/// case), as do the arrows and Enter, or a click on a pit; u undo (against
/// the computer its reply too), r redo, h hint, o offer to end the game by
/// the cycle rule, R resign, t turn the board round, s save as OGN, p
/// pause (computer against computer), n new game once it is over, q or Esc
/// quit, ? help; an offer, resigning and quitting ask first. Any key skips
/// the sowing animation, which never costs clock time.
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
///
/// It speaks the language of --lang, else of the terminal (LC_ALL,
/// LC_MESSAGES, LANG: es_ES.UTF-8 is Spanish), else English; the messages
/// are web/locales/LANG/cli.ftl. The "result" line is the same in every
/// language; in Spanish the commands are deshacer, rehacer, pista, ciclo,
/// abandonar, guardar, tablero, ayuda, salir (the English ones work too).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    start: Start,

    /// Who plays: human-vs-computer, two-players (at one keyboard) or
    /// computer-vs-computer (to watch) [default: human-vs-computer, or as
    /// the game loaded was played]
    #[arg(long, value_enum)]
    mode: Option<Mode>,

    /// The computer's level, 1 (weakest) to 10 (full strength) [default:
    /// 5, or the loaded game's]
    #[arg(long)]
    level: Option<Level>,

    /// Your side against the computer: S (South, who moves first), N, or
    /// random [default: S, or your side in the loaded game]
    #[arg(long, value_parser = parse_side)]
    side: Option<SideChoice>,

    /// A clock: MINUTES for each player, plus SECONDS added after each
    /// move, like 5+3; a fallen flag ends the game (reason time)
    /// [default: none, or the loaded game's, with full time again]
    #[arg(long, value_name = "MINUTES+SECONDS")]
    tc: Option<TimeControl>,

    /// The computer's time per move without a clock, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = at_least::<u64>(1))]
    movetime: u64,

    /// Speed of the sowing animation, 0 (none) to 10 (fastest)
    #[arg(long, default_value_t = 5, value_parser = between::<u8>(0, 10))]
    speed: u8,

    /// Continue a game saved as OGN (u and r step through its moves), with
    /// its rules, players, level and clock unless given here
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

    /// The language to play in: en or es [default: the terminal's, from
    /// LC_ALL, LC_MESSAGES or LANG, else en]
    #[arg(long, value_name = "LANG")]
    lang: Option<Language>,
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

fn parse_side(text: &str) -> Result<SideChoice, NotASide> {
    match text.to_lowercase().as_str() {
        "s" | "south" => Ok(SideChoice::Side(Side::South)),
        "n" | "north" => Ok(SideChoice::Side(Side::North)),
        "random" => Ok(SideChoice::Random),
        _ => Err(NotASide(text.to_owned())),
    }
}

/// A `--side` that names no side.
#[derive(Debug)]
pub struct NotASide(String);

impl std::fmt::Display for NotASide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} is not a side: S, N or random", self.0)
    }
}

impl std::error::Error for NotASide {}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let lang = words::choose(args.lang);
    let (game, saved) = match &args.load {
        Some(path) => {
            let record = files::load(path, lang).map_err(Error::input)?;
            (record.game.clone(), Some(record))
        }
        None => {
            if let Some(text) = &args.start.rules.rules
                && let Err(e) = text.parse::<wari_rules::Rules>()
            {
                return Err(Error::input(words::rules_error(lang, text, &e)));
            }
            let bad = |text: &str, e: &PositionError| {
                message(
                    lang,
                    "cli-bad-position",
                    &[
                        ("text", format!("{text:?}").into()),
                        ("why", words::position_error(lang, e).into()),
                    ],
                )
            };
            (Game::from_position(args.start.position_told(&bad)?), None)
        }
    };
    // Who played the loaded game, as its record names them (a record
    // without both names, as Aualé's often are, says nothing of it).
    let recorded = saved.as_ref().and_then(|record| {
        let names = Side::ALL.map(|side| record.tag(&side.to_string()));
        match names {
            [Some(south), Some(north)] => Some([player_named(south), player_named(north)]),
            _ => None,
        }
    });
    let human = match args.side {
        Some(SideChoice::Side(side)) => side,
        Some(SideChoice::Random) => Side::ALL[(random::fresh_seed() % 2) as usize],
        None => recorded
            .and_then(|players| {
                let humans: Vec<Side> = Side::ALL
                    .into_iter()
                    .filter(|s| players[s.index()].0 == Player::Human)
                    .collect();
                (humans.len() == 1).then(|| humans[0])
            })
            .unwrap_or(Side::South),
    };
    let players = match (args.mode, recorded) {
        (Some(Mode::HumanVsComputer), _) | (None, None) => {
            let mut players = [Player::Computer; 2];
            players[human.index()] = Player::Human;
            players
        }
        (Some(Mode::TwoPlayers), _) => [Player::Human; 2],
        (Some(Mode::ComputerVsComputer), _) => [Player::Computer; 2],
        (None, Some(recorded)) => recorded.map(|(player, _)| player),
    };
    let level = args
        .level
        .or_else(|| recorded.and_then(|r| r.iter().find_map(|(_, level)| *level)))
        // Level 5 unless told otherwise.
        .unwrap_or_else(|| Level::new(5).expect("5 is a level"));
    let tc = args.tc.or_else(|| {
        saved
            .as_ref()
            .and_then(|r| r.tag(TIME_CONTROL_TAG))
            .and_then(|tc| tc.parse().ok())
    });
    let settings = Settings {
        players,
        level,
        tc,
        movetime: Duration::from_millis(args.movetime.max(1)),
        seed: args.seed,
        lang,
    };
    let mut session = Session::new(game, settings);
    if args.rewind {
        session.rewind();
    }
    let terminal = io::stdout().is_terminal() && io::stdin().is_terminal();
    if args.plain || !terminal {
        plain::run(session, &lines::Lines::stdin(), out, terminal)
    } else {
        tui::run(session, args.speed)
    }
}
