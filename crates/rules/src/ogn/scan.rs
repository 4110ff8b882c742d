//! Reading a record's text: tags, move numbers, moves with capture marks,
//! comments and the result, a character at a time with line numbers.

use std::collections::BTreeMap;

use super::{OgnError, OgnErrorKind, gain, is_word};
use crate::{Game, Move};

/// A tag as read, with its line.
#[derive(Debug)]
pub(super) struct Tag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// Walks the text a character at a time, counting lines.
pub(super) struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl<'a> Scanner<'a> {
    pub(super) fn new(text: &'a str) -> Scanner<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Scanner {
            chars: text.chars().peekable(),
            line: 1,
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next();
        if c == Some('\n') {
            self.line += 1;
        }
        c
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, kind: OgnErrorKind) -> OgnError {
        OgnError {
            line: self.line,
            kind,
        }
    }

    /// The tags at the start: `[Name "value"]`, white space around.
    pub(super) fn tags(&mut self) -> Result<Vec<Tag>, OgnError> {
        let mut tags = Vec::new();
        loop {
            self.skip_space();
            if self.peek() != Some('[') {
                return Ok(tags);
            }
            let line = self.line;
            let bad = OgnError {
                line,
                kind: OgnErrorKind::BadTag,
            };
            self.bump();
            self.skip_space();
            let mut name = String::new();
            while let Some(c) = self.peek().filter(|&c| is_word(c)) {
                name.push(c);
                self.bump();
            }
            if name.is_empty() || !self.peek().is_some_and(char::is_whitespace) {
                return Err(bad);
            }
            self.skip_space();
            if self.bump() != Some('"') {
                return Err(bad);
            }
            let mut value = String::new();
            loop {
                match self.bump() {
                    None => return Err(bad),
                    Some('"') => break,
                    Some('\\') => match self.bump() {
                        Some(c @ ('"' | '\\')) => value.push(c),
                        Some(c) => {
                            value.push('\\');
                            value.push(c);
                        }
                        None => return Err(bad),
                    },
                    Some(c) => value.push(c),
                }
            }
            self.skip_space();
            if self.bump() != Some(']') {
                return Err(bad);
            }
            tags.push(Tag { name, value, line });
        }
    }

    /// The move text, played into `game`, its comments kept by ply.
    pub(super) fn moves(
        &mut self,
        game: &mut Game,
        comments: &mut BTreeMap<usize, String>,
    ) -> Result<(), OgnError> {
        while let Some(c) = self.bump() {
            match c {
                '{' => {
                    let line = self.line;
                    let mut text = String::new();
                    loop {
                        match self.bump() {
                            None => {
                                return Err(OgnError {
                                    line,
                                    kind: OgnErrorKind::UnterminatedComment,
                                });
                            }
                            Some('}') => break,
                            Some(c) => text.push(c),
                        }
                    }
                    let words: Vec<&str> = text.split_whitespace().collect();
                    if !words.is_empty() {
                        let comment = comments.entry(game.moves().len()).or_default();
                        if !comment.is_empty() {
                            comment.push(' ');
                        }
                        comment.push_str(&words.join(" "));
                    }
                }
                '(' => self.skip_variation()?,
                '[' => return Err(self.error(OgnErrorKind::TagAfterMoves)),
                c => {
                    if let Some(m) = Move::from_letter(c) {
                        self.play(game, m)?;
                    } else if c.is_alphabetic() {
                        return Err(self.error(OgnErrorKind::UnknownLetter(c)));
                    }
                }
            }
        }
        Ok(())
    }

    /// Skips a variation (its `(` read), nested ones and comments included.
    fn skip_variation(&mut self) -> Result<(), OgnError> {
        let line = self.line;
        let mut depth = 1;
        let mut in_comment = false;
        while depth > 0 {
            match self.bump() {
                None => {
                    return Err(OgnError {
                        line,
                        kind: if in_comment {
                            OgnErrorKind::UnterminatedComment
                        } else {
                            OgnErrorKind::UnterminatedVariation
                        },
                    });
                }
                Some('{') if !in_comment => in_comment = true,
                Some('}') if in_comment => in_comment = false,
                Some('(') if !in_comment => depth += 1,
                Some(')') if !in_comment => depth -= 1,
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// Plays a move (its letter read) and checks its `+N` mark, if any.
    fn play(&mut self, game: &mut Game, m: Move) -> Result<(), OgnError> {
        let line = self.line;
        let mark = if self.peek() == Some('+') {
            self.bump();
            let mut digits = String::new();
            while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                digits.push(d);
                self.bump();
            }
            Some(digits)
        } else {
            None
        };
        let ply = game.moves().len() + 1;
        let error = |kind| OgnError { line, kind };
        game.play(m)
            .map_err(|e| error(OgnErrorKind::Illegal { ply, m, error: e }))?;
        if let Some(written) = mark {
            let before = &game.positions()[ply - 1];
            let captured = gain(before, &game.positions()[ply], m.side());
            // Aualé counts the last move's gain up to the final position,
            // rows swept after a repetition included.
            let to_end = gain(before, game.position(), m.side());
            let n: Option<u8> = written.parse().ok();
            if n != Some(captured) && !(game.is_over() && n == Some(to_end)) {
                return Err(error(OgnErrorKind::CaptureMismatch {
                    ply,
                    m,
                    written,
                    captured,
                    rules: *game.rules(),
                }));
            }
        }
        Ok(())
    }
}
