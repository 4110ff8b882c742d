//! `wari play --plain`: the game as lines of text, for scripts, pipes and
//! screen readers. The board after every move, `legal: ...` before each
//! person's turn, one move or command read a line, the computer's moves as
//! `computer plays C`, and at the end one last line
//! `result S|N|draw REASON SOUTH-NORTH`. Everything but that last line is
//! in the game's language (`cli.ftl`); commands are read in it and in
//! English.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use wari_engine::{Level, Limits};
use wari_i18n::{Arg, message};
use wari_rules::{Move, Side};

use super::clock::ClockTime;
use super::computer::{Computer, Purpose};
use super::files;
use super::lines::{Lines, Read};
use super::session::{self, Player, Session};
use super::words::{self, Language};
use crate::error::Error;
use crate::show::{self, BoardWords};

/// How long a hint or the judging of an offer searches.
const ADVICE_TIME: Duration = Duration::from_millis(500);

/// A command of the line mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Undo,
    Redo,
    Hint,
    Cycle,
    Resign,
    Save,
    Board,
    Help,
    Quit,
}

/// The commands, each with the key of its word and of its help (help
/// does not list itself), in the order `help` lists them.
const COMMANDS: [(Command, &str, Option<&str>); 9] = [
    (Command::Undo, "cli-command-undo", Some("cli-help-undo")),
    (Command::Redo, "cli-command-redo", Some("cli-help-redo")),
    (Command::Hint, "cli-command-hint", Some("cli-help-hint")),
    (Command::Cycle, "cli-command-cycle", Some("cli-help-cycle")),
    (
        Command::Resign,
        "cli-command-resign",
        Some("cli-help-resign"),
    ),
    (Command::Save, "cli-command-save", Some("cli-help-save")),
    (Command::Board, "cli-command-board", Some("cli-help-board")),
    (Command::Help, "cli-command-help", None),
    (Command::Quit, "cli-command-quit", Some("cli-help-quit")),
];

/// The command a word names, in `lang` or in English (`exit` and `?`
/// too), whatever its case.
fn command_named(word: &str, lang: Language) -> Option<Command> {
    let word = word.to_lowercase();
    match word.as_str() {
        "exit" => return Some(Command::Quit),
        "?" => return Some(Command::Help),
        _ => {}
    }
    COMMANDS.iter().find_map(|&(command, key, _)| {
        [lang, Language::ENGLISH]
            .iter()
            .any(|&l| message(l, key, &[]).to_lowercase() == word)
            .then_some(command)
    })
}

/// The commands, as `help` prints them: each word in `lang` and what it
/// does, in two columns.
fn help_text(lang: Language) -> String {
    let save_name = "wari-YYYYMMDD-HHMMSS.ogn";
    let mut rows = vec![("A-F, a-f".to_owned(), message(lang, "cli-help-pits", &[]))];
    for &(command, word, help) in &COMMANDS {
        let Some(help) = help else { continue };
        let mut word = message(lang, word, &[]);
        if command == Command::Save {
            word = format!("{word} {}", message(lang, "cli-help-file", &[]));
        }
        rows.push((word, message(lang, help, &[("name", save_name.into())])));
    }
    let width = rows
        .iter()
        .map(|(w, _)| w.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    rows.iter()
        .map(|(word, what)| format!("{word:<width$}{what}\n"))
        .collect()
}

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
    let settings = *session.settings();
    let lang = settings.lang;
    let mut plain = Plain {
        computer: None,
        seed: settings.seed,
        lang,
        out,
    };
    let header = message(
        lang,
        "cli-header",
        &[
            ("rules", session.game().rules().to_string().into()),
            ("south", settings.name(Side::South).into()),
            ("north", settings.name(Side::North).into()),
        ],
    );
    writeln!(plain.out, "{header}")?;
    let mut show_board = true;
    loop {
        if show_board {
            plain.board(&session)?;
            show_board = false;
        }
        if let Some(outcome) = session.game().outcome() {
            let args = words::outcome_args(lang, &outcome);
            writeln!(plain.out, "{}", message(lang, "cli-game-over", &args))?;
            // For programs: the same in every language.
            writeln!(
                plain.out,
                "result {} {} {}",
                outcome.result_name(),
                outcome.reason().name(),
                outcome.score_text()
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
                let text = message(
                    lang,
                    "cli-computer-plays",
                    &[("move", m.to_string().into())],
                );
                writeln!(plain.out, "{text}")?;
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
        let to_move = message(lang, "cli-to-move", &[("side", words::side(turn))]);
        writeln!(plain.out, "{to_move}")?;
        let legal = message(lang, "cli-legal", &[("moves", legal.join(" ").into())]);
        writeln!(plain.out, "{legal}")?;
        let deadline = session.flag_at(Instant::now());
        let line = match plain.read(input, prompt.then_some(turn), deadline)? {
            Read::Line(line) => line,
            Read::End => return Ok(()),
            // The flag fell while the player thought.
            Read::Late => String::new(),
        };
        if session.tick(Instant::now()) {
            let text = message(lang, "cli-time-up", &[("side", words::side(turn))]);
            writeln!(plain.out, "{text}")?;
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
    lang: Language,
    out: &'a mut W,
}

impl<W: Write> Plain<'_, W> {
    fn computer(&mut self) -> &mut Computer {
        let seed = self.seed;
        self.computer.get_or_insert_with(|| Computer::spawn(seed))
    }

    /// The message `key` in the game's language.
    fn say(&self, key: &str, args: &[(&str, Arg)]) -> String {
        message(self.lang, key, args)
    }

    /// Writes the message `key` as a line.
    fn tell(&mut self, key: &str, args: &[(&str, Arg)]) -> Result<(), Error> {
        let text = self.say(key, args);
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    /// Reads one line (after a prompt), waiting until `deadline` at most.
    fn read(
        &mut self,
        input: &Lines,
        prompt: Option<Side>,
        deadline: Option<Instant>,
    ) -> Result<Read, Error> {
        if let Some(side) = prompt {
            let prompt = self.say("cli-prompt", &[("side", words::side(side))]);
            write!(self.out, "{prompt} ")?;
        }
        self.out.flush()?;
        Ok(input.next(deadline)?)
    }

    /// The board, the last move and the clocks.
    fn board(&mut self, session: &Session) -> Result<(), Error> {
        let labels = BoardWords {
            sides: Side::ALL.map(|s| words::side_name(self.lang, s)),
            captured: self.say("cli-board-captured", &[]),
        };
        write!(self.out, "{}", show::board_in(session.position(), &labels))?;
        if let Some(sowing) = session.last_move() {
            let last = self.say(
                "cli-last-move",
                &[
                    ("move", sowing.played().to_string().into()),
                    ("side", words::side(sowing.mover())),
                ],
            );
            let takings = session::takings(&sowing, self.lang);
            writeln!(self.out, "{last}{takings}")?;
        }
        if let Some(clocks) = session.clocks() {
            let now = Instant::now();
            let left = |side| ClockTime(clocks.left(side, now)).to_string().into();
            self.tell(
                "cli-clocks",
                &[("south", left(Side::South)), ("north", left(Side::North))],
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
        let lang = self.lang;
        if word.is_empty() {
            return Ok(Step::Stay);
        }
        if let Some(m) = Move::from_letter(single(word)).filter(|_| rest.is_empty()) {
            return match session.play(m, now) {
                Ok(()) => Ok(Step::Board),
                Err(e) => self.error(words::play_error(lang, &e)),
            };
        }
        let Some(command) = command_named(word, lang) else {
            let input = format!("{line:?}");
            return self.error(self.say("cli-not-a-command", &[("input", input.into())]));
        };
        match command {
            Command::Undo => match session.undo(now) {
                Ok(moves) => {
                    let text = wari_rules::record::write_moves(&moves);
                    if moves.is_empty() {
                        self.tell("cli-end-taken-back", &[])?;
                    } else {
                        self.tell("cli-took-back", &[("moves", text.into())])?;
                    }
                    Ok(Step::Board)
                }
                Err(e) => self.error(e.text(lang)),
            },
            Command::Redo => match session.redo(now) {
                Ok(moves) => {
                    let text = wari_rules::record::write_moves(&moves);
                    self.tell("cli-played-again", &[("moves", text.into())])?;
                    Ok(Step::Board)
                }
                Err(e) => self.error(e.text(lang)),
            },
            Command::Hint => {
                let result = self.computer().think(
                    Purpose::Hint,
                    session.game(),
                    Limits::movetime(ADVICE_TIME),
                    Level::FULL,
                );
                if let Some(m) = result.best {
                    let score = words::score(lang, result.score);
                    self.tell(
                        "cli-hint",
                        &[("move", m.to_string().into()), ("score", score.into())],
                    )?;
                }
                Ok(Step::Stay)
            }
            Command::Cycle => self.offer_cycle(session, input),
            Command::Resign => {
                session.resign(turn, now);
                Ok(Step::Board)
            }
            Command::Save => {
                let path = if rest.is_empty() {
                    files::default_save_name(SystemTime::now())
                } else {
                    rest.to_owned()
                };
                match session.save(&PathBuf::from(&path)) {
                    Ok(()) => {
                        self.tell("cli-saved", &[("path", path.into())])?;
                        Ok(Step::Stay)
                    }
                    Err(e) => self.error(self.say(
                        "cli-cannot-write",
                        &[
                            ("path", path.into()),
                            ("error", words::io_error(lang, &e).into()),
                        ],
                    )),
                }
            }
            Command::Board => Ok(Step::Board),
            Command::Help => {
                write!(self.out, "{}", help_text(lang))?;
                Ok(Step::Stay)
            }
            Command::Quit => Ok(Step::Quit),
        }
    }

    /// Asks the other player to end the game by the cycle rule: the
    /// computer judges with a search, a person answers on the next line.
    fn offer_cycle(&mut self, session: &mut Session, input: &Lines) -> Result<Step, Error> {
        if let Err(e) = session.can_offer_cycle() {
            return self.error(e.text(self.lang));
        }
        let turn = session.position().turn();
        let other = turn.opposite();
        let sides = [
            ("offerer", words::side(turn)),
            ("other", words::side(other)),
        ];
        if session.settings().player(other) == Player::Human {
            self.tell("cli-offer-ask", &sides)?;
            let answer = match self.read(input, None, None)? {
                Read::Line(line) => line.to_lowercase(),
                Read::End | Read::Late => String::new(),
            };
            let yes = self.say("cli-yes-answers", &[]).to_lowercase();
            if !answer.is_empty() && yes.split_whitespace().any(|word| word == answer) {
                session.end_by_agreement(Instant::now());
                self.tell("cli-offer-accepts", &sides)?;
                return Ok(Step::Board);
            }
            self.tell("cli-offer-declines", &sides)?;
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
            self.tell("cli-computer-accepts", &[])?;
            Ok(Step::Board)
        } else {
            let margin = session::cycle_margin(session.position(), other);
            let score = words::score(self.lang, result.score.flipped());
            self.tell(
                "cli-computer-declines",
                &[
                    ("margin", format!("{margin:+}").into()),
                    ("score", score.into()),
                ],
            )?;
            Ok(Step::Stay)
        }
    }

    /// Writes `error: ...` and carries on (the board did not change).
    fn error(&mut self, why: String) -> Result<Step, Error> {
        self.tell("cli-error", &[("message", why.into())])?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_in_the_language_and_in_english() {
        let es: Language = "es".parse().unwrap();
        assert_eq!(command_named("deshacer", es), Some(Command::Undo));
        assert_eq!(command_named("Undo", es), Some(Command::Undo));
        assert_eq!(command_named("SALIR", es), Some(Command::Quit));
        assert_eq!(command_named("deshacer", Language::ENGLISH), None);
        assert_eq!(
            command_named("exit", Language::ENGLISH),
            Some(Command::Quit)
        );
    }

    #[test]
    fn the_english_help_is_two_columns() {
        let help = help_text(Language::ENGLISH);
        let lines: Vec<&str> = help.lines().collect();
        assert_eq!(
            lines[0],
            "A-F, a-f     play that pit (A-F are South's, a-f North's)"
        );
        assert_eq!(
            lines[6],
            "save [FILE]  save the game as OGN (default wari-YYYYMMDD-HHMMSS.ogn, UTC)"
        );
        assert_eq!(lines.len(), 9);
        let spanish = help_text("es".parse().unwrap());
        assert!(
            spanish.contains("guardar [ARCHIVO]  guarda la partida en OGN"),
            "{spanish}"
        );
    }
}
