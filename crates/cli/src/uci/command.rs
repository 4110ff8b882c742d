//! The protocol's commands, each read from one line of input.
//!
//! Reading never fails on the shape of a line it does not know: an
//! unknown command is [`Command::Unknown`]. It fails, with a message for
//! an `info string`, only on a known command whose arguments are wrong.

use std::fmt;

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify the engine and list its options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name as written.
        name: String,
        /// The value, if one was given.
        value: Option<String>,
    },
    /// `register ...`: nothing to register; accepted and ignored.
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen ... [moves ...]`.
    Position(Setup),
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the position (a debugging aid of this engine).
    Show,
    /// A blank line.
    Empty,
    /// Anything else: the line, for the message that ignores it.
    Unknown(String),
}

/// Where a `position` command starts, and the moves after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// `None` for `startpos`, or the text after `fen` (its tokens joined
    /// by single spaces).
    pub fen: Option<String>,
    /// The tokens after `moves`, joined by single spaces: each token is
    /// one move or several joined (`FfEa`).
    pub moves: String,
}

/// The parameters of `go`. Times are milliseconds; a clock may be
/// negative (some GUIs send the time a player overstepped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// South's clock.
    pub wtime: Option<i64>,
    /// North's clock.
    pub btime: Option<i64>,
    /// South's increment.
    pub winc: Option<i64>,
    /// North's increment.
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
}

/// A known command with bad arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn error(message: impl Into<String>) -> CommandError {
    CommandError(message.into())
}

/// Reads one line (without its line break).
///
/// # Errors
/// A [`CommandError`] when a known command's arguments are wrong.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let mut tokens = line.split_whitespace();
    let Some(name) = tokens.next() else {
        return Ok(Command::Empty);
    };
    let rest: Vec<&str> = tokens.collect();
    let bare = |command: Command| -> Result<Command, CommandError> {
        match rest.first() {
            None => Ok(command),
            Some(extra) => Err(error(format!("{name}: unexpected {extra:?}"))),
        }
    };
    match name {
        "uci" => bare(Command::Uci),
        "isready" => bare(Command::IsReady),
        "ucinewgame" => bare(Command::UciNewGame),
        "stop" => bare(Command::Stop),
        "ponderhit" => bare(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "d" => bare(Command::Show),
        "register" => Ok(Command::Register),
        "debug" => match rest.as_slice() {
            ["on"] => Ok(Command::Debug(true)),
            ["off"] => Ok(Command::Debug(false)),
            _ => Err(error("debug: say debug on or debug off")),
        },
        "setoption" => parse_setoption(&rest),
        "position" => parse_position(&rest).map(Command::Position),
        "go" => parse_go(&rest).map(Command::Go),
        _ => Ok(Command::Unknown(line.trim().to_owned())),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    let Some((&"name", rest)) = rest.split_first() else {
        return Err(error("setoption: say setoption name N [value V]"));
    };
    let value_at = rest.iter().position(|&t| t == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(error("setoption: the option's name is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(rest: &[&str]) -> Result<Setup, CommandError> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let (start, moves) = match moves_at {
        Some(i) => (&rest[..i], rest[i + 1..].join(" ")),
        None => (rest, String::new()),
    };
    let fen = match start {
        ["startpos"] => None,
        ["startpos", extra, ..] => {
            return Err(error(format!(
                "position: unexpected {extra:?} after startpos"
            )));
        }
        ["fen"] => return Err(error("position: fen needs a position")),
        ["fen", fen @ ..] => Some(fen.join(" ")),
        [] => return Err(error("position: say startpos or fen <position>")),
        [other, ..] => {
            return Err(error(format!(
                "position: {other:?} is neither startpos nor fen"
            )));
        }
    };
    Ok(Setup { fen, moves })
}

fn parse_go(rest: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut tokens = rest.iter();
    while let Some(&key) = tokens.next() {
        let mut value = || {
            tokens
                .next()
                .copied()
                .ok_or_else(|| error(format!("go: {key} needs a number")))
        };
        match key {
            "depth" => go.depth = Some(number(key, value()?)?),
            "nodes" => go.nodes = Some(number(key, value()?)?),
            "movetime" => go.movetime = Some(number(key, value()?)?),
            "wtime" => go.wtime = Some(number(key, value()?)?),
            "btime" => go.btime = Some(number(key, value()?)?),
            "winc" => go.winc = Some(number(key, value()?)?),
            "binc" => go.binc = Some(number(key, value()?)?),
            "movestogo" => go.movestogo = Some(number(key, value()?)?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" | "mate" => {
                return Err(error(format!("go: {key} is not supported")));
            }
            other => return Err(error(format!("go: unknown parameter {other:?}"))),
        }
    }
    Ok(go)
}

fn number<T: std::str::FromStr>(key: &str, text: &str) -> Result<T, CommandError> {
    text.parse()
        .map_err(|_| error(format!("go: {key} {text:?} is not a number in range")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready \r"), Ok(Command::IsReady));
        assert_eq!(parse(""), Ok(Command::Empty));
        assert_eq!(parse("debug on"), Ok(Command::Debug(true)));
        assert!(parse("debug maybe").is_err());
        assert!(parse("isready now").is_err());
        assert_eq!(parse("xyzzy 1 2"), Ok(Command::Unknown("xyzzy 1 2".into())));
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            parse("setoption name Hash value 128"),
            Ok(Command::SetOption {
                name: "Hash".into(),
                value: Some("128".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert!(parse("setoption Hash 1").is_err());
        assert!(parse("setoption name value 3").is_err());
    }

    #[test]
    fn position_startpos_and_fen_with_moves() {
        assert_eq!(
            parse("position startpos"),
            Ok(Command::Position(Setup {
                fen: None,
                moves: String::new()
            }))
        );
        assert_eq!(
            parse("position fen 0-6-0-8-1-8-0-3-7-7-6-0-0-2-S moves B a"),
            Ok(Command::Position(Setup {
                fen: Some("0-6-0-8-1-8-0-3-7-7-6-0-0-2-S".into()),
                moves: "B a".into()
            }))
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos F").is_err());
        assert!(parse("position moves A").is_err());
    }

    #[test]
    fn go_reads_every_parameter() {
        let Ok(Command::Go(go)) = parse(
            "go depth 5 nodes 1000 movetime 300 wtime -20 btime 900 winc 1 binc 2 movestogo 7 infinite ponder",
        ) else {
            panic!("go parses")
        };
        assert_eq!(
            go,
            Go {
                depth: Some(5),
                nodes: Some(1000),
                movetime: Some(300),
                wtime: Some(-20),
                btime: Some(900),
                winc: Some(1),
                binc: Some(2),
                movestogo: Some(7),
                infinite: true,
                ponder: true,
            }
        );
        assert_eq!(parse("go"), Ok(Command::Go(Go::default())));
        assert!(parse("go depth").is_err());
        assert!(parse("go depth -1").is_err());
        assert!(parse("go depth 99999999999").is_err());
        assert!(parse("go fast").is_err());
    }

    const WORDS: &[&str] = &[
        "uci",
        "isready",
        "go",
        "position",
        "startpos",
        "fen",
        "moves",
        "setoption",
        "name",
        "value",
        "depth",
        "wtime",
        "btime",
        "movestogo",
        "infinite",
        "ponder",
        "debug",
        "on",
        "-1",
        "0",
        "18446744073709551616",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        "FfEa",
        "é",
        "\u{0}",
    ];

    proptest! {
        #[test]
        fn random_text_never_panics(line in any::<String>()) {
            let _ = parse(&line);
        }

        #[test]
        fn random_commands_never_panic(
            words in proptest::collection::vec(proptest::sample::select(WORDS), 0..12),
        ) {
            let _ = parse(&words.join(" "));
        }
    }
}
