//! Writing a record: Aualé's tags first, then the numbered moves with
//! their capture marks and comments, in lines shorter than 80 characters.

use std::fmt;

use super::{
    ABANDONED, FROM_GAME, ROSTER, Record, decided_off_the_board, gain, is_word, result_text,
    variant_name,
};
use crate::{Position, auale};

/// Lines are shorter than this.
const LINE_WIDTH: usize = 80;

impl fmt::Display for Record {
    /// Writes the record (see the [module](super) documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let rules = *game.rules();
        let result = result_text(game);
        for name in ROSTER {
            let value = match name {
                "Variant" => variant_name(rules.variant()),
                "Result" => &result,
                _ => self.tag(name).unwrap_or("?"),
            };
            write_tag(f, name, value)?;
        }
        if *game.start() != Position::new(rules) {
            write_tag(f, "FEN", &auale::write_position(game.start()))?;
        }
        write_tag(f, "Rules", &rules.to_string())?;
        if let Some(outcome) = game.outcome() {
            write_tag(f, "Termination", outcome.reason().name())?;
            if decided_off_the_board(outcome.reason()) {
                write_tag(f, "Winner", outcome.result_name())?;
            }
        } else if self.abandoned {
            write_tag(f, "Termination", ABANDONED)?;
        }
        for (name, value) in &self.tags {
            if !ROSTER.contains(&name.as_str()) && !FROM_GAME.contains(&name.as_str()) {
                write_tag(f, name, value)?;
            }
        }
        f.write_str("\n")?;

        let mut tokens: Vec<String> = Vec::new();
        let comment = |ply: usize, tokens: &mut Vec<String>| {
            if let Some(text) = self.comments.get(&ply) {
                let text = text.replace('}', ")");
                let words: Vec<&str> = text.split_whitespace().collect();
                if !words.is_empty() {
                    tokens.push("{".to_owned());
                    tokens.extend(words.into_iter().map(str::to_owned));
                    tokens.push("}".to_owned());
                }
            }
        };
        comment(0, &mut tokens);
        let positions = game.positions();
        for (i, m) in game.moves().iter().enumerate() {
            if i % 2 == 0 {
                tokens.push(format!("{}.", i / 2 + 1));
            }
            let gain = gain(&positions[i], &positions[i + 1], m.side());
            tokens.push(if gain > 0 {
                format!("{m}+{gain}")
            } else {
                m.to_string()
            });
            comment(i + 1, &mut tokens);
        }
        tokens.push(result);

        let mut line = String::new();
        for token in tokens {
            if line.is_empty() {
                line = token;
            } else if line.chars().count() + 1 + token.chars().count() < LINE_WIDTH {
                line.push(' ');
                line.push_str(&token);
            } else {
                writeln!(f, "{line}")?;
                line = token;
            }
        }
        writeln!(f, "{line}")
    }
}

/// Writes `[Name "value"]`: the name reduced to word characters, `\` and
/// `"` escaped as Aualé does, line breaks turned into spaces.
fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    let name: String = name
        .chars()
        .map(|c| if is_word(c) { c } else { '_' })
        .collect();
    let name = if name.is_empty() {
        "_".to_owned()
    } else {
        name
    };
    let value = value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ");
    writeln!(f, "[{name} \"{value}\"]")
}
