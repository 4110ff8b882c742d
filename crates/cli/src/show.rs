//! `wari show`: draw a position as text, the way the board lies between
//! the players.

use std::io::Write;

use wari_rules::{Move, Position, Side};

use crate::args::RulesArg;
use crate::error::Error;

/// Draw a position as text.
///
/// North's row on top, South's below, each pit with its letter and count,
/// the captured seeds (Oware) or stores (Kalah), whose turn it is and
/// whether the game is over.
///
/// North's row is printed from f to a, so the board reads counterclockwise
/// as on a real board: A faces f, F faces a.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, SOUTH/NORTH TURN CAPS; quoted or as separate words
    /// [default: the start of the rules]
    #[arg(value_name = "POSITION")]
    position: Vec<String>,

    #[command(flatten)]
    rules: RulesArg,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let position = if args.position.is_empty() {
        Position::new(args.rules.rules_or_default()?)
    } else {
        args.rules.position(&args.position.join(" "))?
    };
    out.write_all(draw(&position).as_bytes())?;
    Ok(())
}

/// Width of one pit's column.
const CELL: usize = 4;

/// The words written beside the board's rows: the sides' names and the
/// captured seeds' label.
pub struct BoardWords {
    /// South's name, then North's.
    pub sides: [String; 2],
    /// What Oware's captured seeds are called: `captured`.
    pub captured: String,
}

impl Default for BoardWords {
    fn default() -> Self {
        BoardWords {
            sides: Side::ALL.map(|s| s.to_string()),
            captured: "captured".to_owned(),
        }
    }
}

/// The board alone: the pit letters, North's row above South's with the
/// captured seeds or stores.
pub fn board(position: &Position) -> String {
    board_in(position, &BoardWords::default())
}

/// [`board`] with the rows labelled in other words: `wari play --plain`
/// prints it in the player's language.
///
/// ```ignore
/// let words = BoardWords { sides: ["Sur".into(), "Norte".into()], captured: "capturas".into() };
/// assert!(board_in(&Position::default(), &words).contains("Norte"));
/// ```
pub fn board_in(position: &Position, words: &BoardWords) -> String {
    let kalah = position.rules().is_kalah();
    let m = position.pits();
    // The sides' names padded to one width, the rows after them.
    let width = words
        .sides
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0);
    let name = |side: Side| format!("{:<width$}", words.sides[side.index()]);
    let indent = " ".repeat(width + 1);
    // Kalah's stores sit at the rows' ends: North's left of f, South's
    // right of F. Oware's captured seeds are written beside the rows.
    let store = |side: Side| format!(" [{:>3}]", position.captured(side));
    let margin = if kalah {
        " ".repeat(store(Side::North).len())
    } else {
        String::new()
    };
    let letters = |side: Side| -> String {
        let mut columns: Vec<u8> = (0..m as u8).collect();
        if side == Side::North {
            columns.reverse();
        }
        columns
            .into_iter()
            .map(|c| format!("{:>CELL$}", Move::new(side, c).letter()))
            .collect()
    };
    let counts = |side: Side| -> String {
        let mut row = position.row(side).to_vec();
        if side == Side::North {
            row.reverse();
        }
        row.iter().map(|s| format!("{s:>CELL$}")).collect()
    };

    let mut text = String::new();
    let mut line = |s: String| {
        text.push_str(s.trim_end());
        text.push('\n');
    };
    line(format!("{indent}{margin}{}", letters(Side::North)));
    if kalah {
        line(format!(
            "{} {}{}",
            name(Side::North),
            store(Side::North),
            counts(Side::North)
        ));
        line(format!(
            "{} {margin}{}{}",
            name(Side::South),
            counts(Side::South),
            store(Side::South)
        ));
    } else {
        for side in Side::ALL.into_iter().rev() {
            let captured = position.captured(side);
            line(format!(
                "{} {}   {} {captured}",
                name(side),
                counts(side),
                words.captured
            ));
        }
    }
    line(format!("{indent}{margin}{}", letters(Side::South)));
    text
}

/// The board, then the position string, the rules and the state of play.
fn draw(position: &Position) -> String {
    let kalah = position.rules().is_kalah();
    let mut text = board(position);
    let mut line = |s: String| {
        text.push_str(s.trim_end());
        text.push('\n');
    };
    line(String::new());
    line(format!("position: {position}"));
    line(format!("rules:    {}", position.rules()));
    if kalah {
        line(format!(
            "stores:   South {}, North {}",
            position.captured(Side::South),
            position.captured(Side::North)
        ));
    }
    match position.outcome() {
        Some(outcome) => {
            let result = match outcome.winner() {
                Some(side) => format!("{side} wins"),
                None => "a draw".to_owned(),
            };
            line(format!(
                "game over ({}): {result} {}",
                outcome.reason(),
                outcome.score_text()
            ));
        }
        None => {
            let legal: Vec<String> = position
                .legal_moves()
                .iter()
                .map(ToString::to_string)
                .collect();
            line(format!("{} to move: {}", position.turn(), legal.join(" ")));
        }
    }
    text
}
