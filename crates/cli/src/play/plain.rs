//! `wari play --plain`: the game as lines of text, for scripts, pipes and
//! screen readers. The board after every move, `legal: ...` before each
//! person's turn, one move or command read a line, the computer's moves as
//! `computer plays C`, and at the end one last line
//! `result S|N|draw REASON SOUTH-NORTH`.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use wari_engine::{Level, Limits};
use wari_rules::{Move, Side};

use super::clock::ClockTime;
use super::computer::{Computer, Purpose};
use super::files;
use super::lines::{Lines, Read};
use super::session::{self, Player, Session};
use crate::error::Error;
use crate::show;

/// How long a hint or the judging of an offer searches.
const ADVICE_TIME: Duration = Duration::from_millis(500);

/// The commands, as `help` prints them.
const HELP: &str = "\
A-F, a-f     play that pit (A-F are South's, a-f North's)
undo         take back the last move (against the computer, its reply too)
redo         play again a move taken back
hint         the engine's best move and score
cycle        offer to end the game by the cycle rule
resign       give up the game
save [FILE]  save the game as OGN (default wari-YYYYMMDD-HHMMSS.ogn, UTC)
board        show the board again
quit         leave without finishing (no result line)
";

/// Plays the game reading `input` and writing `out` until it ends, the
/// player quits or the input ends. `prompt` writes `South> ` before each
/// read (for a person at a terminal). A flag falls as soon as its clock
/// runs out (`South's time is up`), with no line awaited.
pub fn run(
    mut session: Session,
    input: &Lines,
    out: &mut impl Write,
    prompt: bool,
) -> Result<(), Error> {
    let mut plain = Plain {
        computer: None,
        seed: session.settings().seed,
        out,
    };
    let settings = *session.settings();
    writeln!(
        plain.out,
        "wari play: {}; South: {}; North: {}",
        session.game().rules(),
        settings.name(Side::South),
        settings.name(Side::North)
    )?;
    let mut show_board = true;
    loop {
        if show_board {
            plain.board(&session)?;
            show_board = false;
        }
        if let Some(outcome) = session.game().outcome() {
            let result = match outcome.winner() {
                Some(side) => format!("{side} wins"),
                None => "a draw".to_owned(),
            };
            let reason = outcome.reason().name();
            let score = outcome.score_text();
            writeln!(plain.out, "game over: {result} by {reason}, {score}")?;
            writeln!(
                plain.out,
                "result {} {reason} {score}",
                outcome.result_name()
            )?;
            return Ok(());
        }
        let now = Instant::now();
        session.start_clock(now);
        if session.computer_to_move() {
            let limits = session.computer_limits(now);
            let level = settings.level;
            let result = plain
                .computer()
                .think(Purpose::Move, session.game(), limits, level);
            if let Some(m) = result.best
                && session.play(m, Instant::now()).is_ok()
            {
                writeln!(plain.out, "computer plays {m}")?;
            }
            show_board = true;
            continue;
        }

        let turn = session.position().turn();
        let legal: Vec<String> = session
            .game()
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        writeln!(plain.out, "{turn} to move")?;
        writeln!(plain.out, "legal: {}", legal.join(" "))?;
        let deadline = session.flag_at(Instant::now());
        let line = match plain.read(input, prompt.then_some(turn), deadline)? {
            Read::Line(line) => line,
            Read::End => return Ok(()),
            // The flag fell while the player thought.
            Read::Late => String::new(),
        };
        if session.tick(Instant::now()) {
            writeln!(plain.out, "{turn}'s time is up")?;
            continue;
        }
        match plain.command(&mut session, &line, input)? {
            Step::Stay => {}
            Step::Board => show_board = true,
            Step::Quit => return Ok(()),
        }
    }
}

/// What follows a line read.
enum Step {
    /// Nothing changed: ask again.
    Stay,
    /// The game changed: show the board.
    Board,
    /// The player leaves.
    Quit,
}

struct Plain<'a, W: Write> {
    computer: Option<Computer>,
    seed: Option<u64>,
    out: &'a mut W,
}

impl<W: Write> Plain<'_, W> {
    fn computer(&mut self) -> &mut Computer {
        let seed = self.seed;
        self.computer.get_or_insert_with(|| Computer::spawn(seed))
    }

    /// Reads one line (after a prompt), waiting until `deadline` at most.
    fn read(
        &mut self,
        input: &Lines,
        prompt: Option<Side>,
        deadline: Option<Instant>,
    ) -> Result<Read, Error> {
        if let Some(side) = prompt {
            write!(self.out, "{side}> ")?;
        }
        self.out.flush()?;
        Ok(input.next(deadline)?)
    }

    /// The board, the last move and the clocks.
    fn board(&mut self, session: &Session) -> Result<(), Error> {
        write!(self.out, "{}", show::board(session.position()))?;
        if let Some(sowing) = session.last_move() {
            writeln!(
                self.out,
                "last move: {} by {}{}",
                sowing.played(),
                sowing.mover(),
                session::takings(&sowing)
            )?;
        }
        if let Some(clocks) = session.clocks() {
            let now = Instant::now();
            writeln!(
                self.out,
                "clock: South {}, North {}",
                ClockTime(clocks.left(Side::South, now)),
                ClockTime(clocks.left(Side::North, now))
            )?;
        }
        Ok(())
    }

    /// Does what a line says.
    fn command(&mut self, session: &mut Session, line: &str, input: &Lines) -> Result<Step, Error> {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let now = Instant::now();
        let turn = session.position().turn();
        match word.to_lowercase().as_str() {
            "" => Ok(Step::Stay),
            _ if Move::from_letter(single(word)).is_some() && rest.is_empty() => {
                let m = Move::from_letter(single(word)).expect("checked");
                match session.play(m, now) {
                    Ok(()) => Ok(Step::Board),
                    Err(e) => self.error(e),
                }
            }
            "undo" => match session.undo(now) {
                Ok(moves) => {
                    let text = wari_rules::record::write_moves(&moves);
                    if moves.is_empty() {
                        writeln!(self.out, "the end is taken back: play on")?;
                    } else {
                        writeln!(self.out, "took back {text}")?;
                    }
                    Ok(Step::Board)
                }
                Err(e) => self.error(e),
            },
            "redo" => match session.redo(now) {
                Ok(moves) => {
                    let text = wari_rules::record::write_moves(&moves);
                    writeln!(self.out, "played again {text}")?;
                    Ok(Step::Board)
                }
                Err(e) => self.error(e),
            },
            "hint" => {
                let result = self.computer().think(
                    Purpose::Hint,
                    session.game(),
                    Limits::movetime(ADVICE_TIME),
                    Level::FULL,
                );
                if let Some(m) = result.best {
                    writeln!(self.out, "hint: {m} (score {})", result.score)?;
                }
                Ok(Step::Stay)
            }
            "cycle" => self.offer_cycle(session, input),
            "resign" => {
                session.resign(turn, now);
                Ok(Step::Board)
            }
            "save" => {
                let path = if rest.is_empty() {
                    files::default_save_name(SystemTime::now())
                } else {
                    rest.to_owned()
                };
                match session.save(&PathBuf::from(&path)) {
                    Ok(()) => {
                        writeln!(self.out, "saved to {path}")?;
                        Ok(Step::Stay)
                    }
                    Err(e) => self.error(format!("cannot write {path}: {e}")),
                }
            }
            "board" => Ok(Step::Board),
            "help" | "?" => {
                write!(self.out, "{HELP}")?;
                Ok(Step::Stay)
            }
            "quit" | "exit" => Ok(Step::Quit),
            _ => self.error(format!(
                "{line:?} is not a move or a command: help lists them"
            )),
        }
    }

    /// Asks the other player to end the game by the cycle rule: the
    /// computer judges with a search, a person answers on the next line.
    fn offer_cycle(&mut self, session: &mut Session, input: &Lines) -> Result<Step, Error> {
        if let Err(e) = session.can_offer_cycle() {
            return self.error(e);
        }
        let turn = session.position().turn();
        let other = turn.opposite();
        if session.settings().player(other) == Player::Human {
            writeln!(
                self.out,
                "{other}: {turn} offers to end the game by the cycle rule; accept? (yes/no)"
            )?;
            let answer = match self.read(input, None, None)? {
                Read::Line(line) => line.to_lowercase(),
                Read::End | Read::Late => String::new(),
            };
            if matches!(answer.as_str(), "y" | "yes") {
                session.end_by_agreement(Instant::now());
                writeln!(self.out, "{other} accepts")?;
                return Ok(Step::Board);
            }
            writeln!(self.out, "{other} declines")?;
            return Ok(Step::Stay);
        }
        let result = self.computer().think(
            Purpose::Offer,
            session.game(),
            Limits::movetime(ADVICE_TIME),
            Level::FULL,
        );
        if session::accepts_cycle(session.position(), other, result.score) {
            session.end_by_agreement(Instant::now());
            writeln!(self.out, "computer accepts")?;
            Ok(Step::Board)
        } else {
            writeln!(
                self.out,
                "computer declines: ending now gives it {:+}, playing on it expects {}",
                session::cycle_margin(session.position(), other),
                result.score.flipped()
            )?;
            Ok(Step::Stay)
        }
    }

    /// Writes `error: ...` and carries on (the board did not change).
    fn error(&mut self, e: impl std::fmt::Display) -> Result<Step, Error> {
        writeln!(self.out, "error: {e}")?;
        Ok(Step::Stay)
    }
}

/// The one character of a one-character word, or a space.
fn single(word: &str) -> char {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => ' ',
    }
}
