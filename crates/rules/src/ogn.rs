//! OGN (Oware Game Notation), the game records of Aualé: tags, then the
//! moves with capture marks, comments and the result.
//!
//! ```text
//! [Variant "Oware Abapa"]
//! [Event "?"]
//! [Site "?"]
//! [Date "2024.01.01"]
//! [Round "?"]
//! [South "Alice"]
//! [North "Bob"]
//! [Result "*"]
//! [Rules "abapa"]
//!
//! 1. C b 2. E f { a quiet move } 3. A a *
//! ```
//!
//! # Tags
//! Written in Aualé's order: `Variant Event Site Date Round South North
//! Result`, `?` for an unknown value; then the tags this crate adds, then
//! any other tags in the record's order. Aualé writes no more than the
//! first eight (and `FEN`) and keeps any other tag it reads.
//!
//! - `Variant`: `Oware Abapa` (Aualé's name), `Oware Wari`, `Oware Warri`
//!   or `Kalah`.
//! - `Result`: the final counts, South's then North's, `25-23`
//!   ([`Outcome::score_text`](crate::Outcome::score_text), so `24½-23½`
//!   after seeds were shared under `cycle=even`); `*` while the game is
//!   not over.
//! - `FEN`: the start in Aualé's notation ([`auale`]),
//!   written whenever the start is not the rules' start position (Aualé
//!   forgets it for a set-up position with South to move).
//! - `Rules`: always, the rules string (RULES.md §1), so a game travels
//!   with its exact rules: `wari,cycle=3`. A record without it is read
//!   under the rules its `Variant` names with default options; with
//!   neither, as `abapa` (Aualé's only game).
//! - `Termination`: once the game is over, how it ended, with the names of
//!   RULES.md §1 (`majority`, `no-moves`, ..., `resignation`, `time`).
//! - `Winner`: `S` or `N`, only after `resignation` or `time`, the endings
//!   the counts do not decide. (On reading it is also accepted, and
//!   checked, after the other endings, with `draw` for a draw.)
//!
//! # Moves
//! - Every move is its pit's letter (RULES.md §1), the case telling whose
//!   move it is.
//! - A move number `N.` stands before every other move, counting pairs of
//!   plies from the record's first move whoever makes them: `1. C b 2. E
//!   f`. This is Aualé's rule; it stays unambiguous when North moves first
//!   or a player moves twice in a row (Kalah's extra move, a `warri` grand
//!   slam), since the number is not a turn: `1. a C 2. D E` is North, South,
//!   then South twice.
//! - `+N` after a move: the move raised the mover's count by N seeds. Under
//!   Oware these are its captures; under Kalah every seed the move put in
//!   the mover's store, by sowing or capture. When the move itself ends
//!   the game with each player taking their row (`no-moves`, a `wari`
//!   grand slam, `empty-side`) the mover's row is counted too; the sweep of
//!   a later repetition or agreement is not.
//! - `{ comment }` after the move it is about; a comment before the first
//!   move belongs to ply 0. White space in comments is normalised, and a
//!   `}` inside one is written as `)`.
//! - The result (the `Result` value, `*` included) is the last token.
//! - Lines are broken before 80 characters, as Aualé does.
//!
//! # Reading
//! As tolerant as Aualé's reader: tags in any order and unknown tags kept;
//! move numbers, dots, digits and other signs ignored; every letter `A-F`
//! or `a-f` outside `{...}` and `(...)` is a move (so `CbEf` is four
//! moves) and variations `(...)` are skipped. But where Aualé would guess,
//! this reader refuses: any other letter, a move the rules forbid, a `+N`
//! mark that disagrees with the rules (a record made under other rules), a
//! `Termination`, `Winner` or `Result` that disagrees with the replayed
//! game. A `Termination` of `agreement`, `resignation` or `time` (with its
//! `Winner`) ends the game after the moves. Moves without a mark are not
//! checked: hand-written records often leave marks out.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::auale::{self, AualeError};
use crate::{
    EndReason, Game, Move, PlayError, Position, Rules, RulesError, Side, UnknownEndReason, Variant,
};

/// Aualé's tags, in the order it writes them.
pub const ROSTER: [&str; 8] = [
    "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result",
];

/// The tags written from the game itself; values for them in
/// [`Record::tags`] are not written.
const FROM_GAME: [&str; 6] = ["Variant", "Result", "FEN", "Rules", "Termination", "Winner"];

/// Lines are shorter than this.
const LINE_WIDTH: usize = 80;

/// A game record: the tags, the game, and the comments on its plies.
///
/// ```
/// use wari_rules::{Game, Rules, ogn::Record};
/// let mut game = Game::new("wari,cycle=3".parse()?);
/// for letter in ["C", "b", "E"] {
///     game.play(letter.parse()?)?;
/// }
/// let mut record = Record::new(game);
/// record.set_tag("South", "Alice");
/// record.comments.insert(2, "North defends".to_owned());
///
/// let text = record.to_string();
/// assert!(text.starts_with("[Variant \"Oware Wari\"]\n[Event \"?\"]\n"));
/// assert!(text.contains("[South \"Alice\"]\n"));
/// assert!(text.contains("[Rules \"wari,cycle=3\"]\n"));
/// assert!(text.ends_with("\n\n1. C b { North defends } 2. E *\n"));
///
/// let back: Record = text.parse()?;
/// assert_eq!(back.game, record.game);
/// assert_eq!(back.tag("South"), Some("Alice"));
/// assert_eq!(back.comments, record.comments);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The tags in the order read (or set). On writing, the tags the game
    /// decides (`Variant`, `Result`, `FEN`, `Rules`, `Termination`,
    /// `Winner`) are written from [`Record::game`], not from here.
    pub tags: Vec<(String, String)>,
    /// The game: rules, start, moves and outcome.
    pub game: Game,
    /// The comment after each ply, by ply number (from 1; 0 is before the
    /// first move). Comments on plies the game does not have are not
    /// written.
    pub comments: BTreeMap<usize, String>,
}

impl Record {
    /// A record of `game` with no tags and no comments.
    #[must_use]
    pub fn new(game: Game) -> Record {
        Record {
            tags: Vec::new(),
            game,
            comments: BTreeMap::new(),
        }
    }

    /// The value of the first tag `name`, or `None` when there is none or
    /// its value is unknown (empty or `?`).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| known(v))
    }

    /// Sets the first tag `name` to `value`, or adds it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => value.clone_into(v),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// Reads a record (see the [module](self) documentation).
    ///
    /// ```
    /// use wari_rules::{ogn::Record, EndReason, Side};
    /// let text = "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. C b 2. E f+2 *\n";
    /// let err = Record::read(text).unwrap_err();
    /// assert_eq!(err.to_string(), "line 4: ply 4 (f) is marked +2 but captures 0 under abapa");
    ///
    /// let text = "[Rules \"kalah\"]\n[Termination \"resignation\"]\n[Winner \"N\"]\n\nC";
    /// let record = Record::read(text)?;
    /// let outcome = record.game.outcome().unwrap();
    /// assert_eq!(outcome.reason(), EndReason::Resignation);
    /// assert_eq!(outcome.winner(), Some(Side::North));
    /// # Ok::<(), wari_rules::ogn::OgnError>(())
    /// ```
    ///
    /// # Errors
    /// An [`OgnError`] with the line, and the ply for a move, of the first
    /// problem: a malformed tag, unknown rules or variant, a bad `FEN`, a
    /// letter that is not a move, an illegal move, a wrong capture mark, an
    /// unterminated comment or variation, or a `Termination`, `Winner` or
    /// `Result` that disagrees with the game.
    pub fn read(text: &str) -> Result<Record, OgnError> {
        let mut scanner = Scanner::new(text);
        let tags = scanner.tags()?;
        let find = |name: &str| {
            tags.iter()
                .find(|t| t.name == name)
                .filter(|t| known(&t.value))
        };
        let error = |line, kind| OgnError { line, kind };

        let variant = match find("Variant") {
            None => None,
            Some(t) => match variant_of(&t.value) {
                Some(v) => Some((v, t.line)),
                None if find("Rules").is_some() => None,
                None => {
                    return Err(error(t.line, OgnErrorKind::UnknownVariant(t.value.clone())));
                }
            },
        };
        let rules = match find("Rules") {
            None => Rules::new(variant.map_or(Variant::Abapa, |(v, _)| v)),
            Some(t) => {
                let rules: Rules = t
                    .value
                    .parse()
                    .map_err(|e| error(t.line, OgnErrorKind::Rules(e)))?;
                if let Some((variant, line)) = variant.filter(|&(v, _)| v != rules.variant()) {
                    return Err(error(
                        line,
                        OgnErrorKind::VariantMismatch { variant, rules },
                    ));
                }
                rules
            }
        };
        let start = match find("FEN") {
            None => Position::new(rules),
            Some(t) => auale::read_position(&t.value, rules)
                .map_err(|e| error(t.line, OgnErrorKind::Fen(e)))?,
        };

        let mut game = Game::from_position(start);
        let mut comments = BTreeMap::new();
        scanner.moves(&mut game, &mut comments)?;

        if let Some(t) = find("Termination") {
            let written: EndReason = t
                .value
                .parse()
                .map_err(|e| error(t.line, OgnErrorKind::Termination(e)))?;
            match (game.outcome(), written) {
                (Some(o), _) if o.reason() == written => {}
                (None, EndReason::Agreement) => game.end_by_agreement(),
                (None, EndReason::Resignation | EndReason::Time) => {
                    let Some(Some(winner)) = find("Winner").and_then(|w| winner_of(&w.value))
                    else {
                        return Err(error(t.line, OgnErrorKind::Winner(written)));
                    };
                    if written == EndReason::Resignation {
                        game.resign(winner.opposite());
                    } else {
                        game.lose_on_time(winner.opposite());
                    }
                }
                (outcome, _) => {
                    let game = outcome.map(|o| o.reason());
                    return Err(error(
                        t.line,
                        OgnErrorKind::TerminationMismatch { written, game },
                    ));
                }
            }
        }
        if let Some(t) = find("Winner") {
            let winner = game.outcome().map(|o| o.winner());
            if winner_of(&t.value).is_none() || winner_of(&t.value) != winner {
                return Err(error(
                    t.line,
                    OgnErrorKind::WinnerMismatch {
                        written: t.value.clone(),
                        game: game.outcome().map_or("*", |o| o.result_name()),
                    },
                ));
            }
        }
        if let Some(t) = find("Result") {
            let computed = result_text(&game);
            if t.value.trim() != computed {
                return Err(error(
                    t.line,
                    OgnErrorKind::ResultMismatch {
                        written: t.value.clone(),
                        game: computed,
                    },
                ));
            }
        }
        Ok(Record {
            tags: tags.into_iter().map(|t| (t.name, t.value)).collect(),
            game,
            comments,
        })
    }
}

impl FromStr for Record {
    type Err = OgnError;

    fn from_str(s: &str) -> Result<Record, OgnError> {
        Record::read(s)
    }
}

impl fmt::Display for Record {
    /// Writes the record (see the [module](self) documentation).
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
            if matches!(outcome.reason(), EndReason::Resignation | EndReason::Time) {
                write_tag(f, "Winner", outcome.result_name())?;
            }
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

/// The `Variant` value of a variant.
fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Abapa => "Oware Abapa",
        Variant::Wari => "Oware Wari",
        Variant::Warri => "Oware Warri",
        Variant::Kalah => "Kalah",
    }
}

/// The variant a `Variant` value names (in any case).
fn variant_of(name: &str) -> Option<Variant> {
    Variant::ALL
        .into_iter()
        .find(|&v| variant_name(v).eq_ignore_ascii_case(name.trim()))
}

/// `Some(winner)` for a `Winner` value `S`, `N` or `draw` (`None` inside).
fn winner_of(value: &str) -> Option<Option<Side>> {
    match value.trim() {
        "S" | "s" => Some(Some(Side::South)),
        "N" | "n" => Some(Some(Side::North)),
        v if v.eq_ignore_ascii_case("draw") => Some(None),
        _ => None,
    }
}

/// The `Result` value of a game: the final counts, or `*`.
fn result_text(game: &Game) -> String {
    game.outcome()
        .map_or_else(|| "*".to_owned(), |o| o.score_text())
}

/// How much a ply raised the mover's count.
fn gain(before: &Position, after: &Position, mover: Side) -> u8 {
    after.captured(mover).saturating_sub(before.captured(mover))
}

/// Whether a tag value says something (`?` is Aualé's "unknown").
fn known(value: &str) -> bool {
    !value.is_empty() && value != "?"
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

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A tag as read, with its line.
#[derive(Debug)]
struct Tag {
    name: String,
    value: String,
    line: usize,
}

/// Walks the text a character at a time, counting lines.
struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
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
    fn tags(&mut self) -> Result<Vec<Tag>, OgnError> {
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
    fn moves(
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

/// Why a record could not be read: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgnError {
    /// The line of the problem, from 1: the move's or the tag's.
    pub line: usize,
    /// What is wrong.
    pub kind: OgnErrorKind,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OgnErrorKind {
    /// A tag that is not `[Name "value"]`.
    BadTag,
    /// A tag after the move text began.
    TagAfterMoves,
    /// A `Variant` this crate does not know, and no `Rules` tag.
    UnknownVariant(String),
    /// A `Rules` tag that is not a rules string.
    Rules(RulesError),
    /// A `Variant` that names another variant than the `Rules` tag.
    VariantMismatch {
        /// The variant the `Variant` tag names.
        variant: Variant,
        /// The rules of the `Rules` tag.
        rules: Rules,
    },
    /// A `FEN` tag that is not a position under the record's rules.
    Fen(AualeError),
    /// A letter that is not a move.
    UnknownLetter(char),
    /// A move the rules do not allow there.
    Illegal {
        /// The ply, from 1 (the record's first move).
        ply: usize,
        /// The move.
        m: Move,
        /// Why it is illegal.
        error: PlayError,
    },
    /// A `+N` mark that is not what the move captures under the rules.
    CaptureMismatch {
        /// The ply, from 1.
        ply: usize,
        /// The move.
        m: Move,
        /// The mark's number as written.
        written: String,
        /// What the move captures (raises the mover's count by).
        captured: u8,
        /// The rules it was played under.
        rules: Rules,
    },
    /// A `{` without its `}`.
    UnterminatedComment,
    /// A `(` without its `)`.
    UnterminatedVariation,
    /// A `Termination` that is not one of RULES.md §1's end reasons.
    Termination(UnknownEndReason),
    /// A `Termination` that is not how the game ended.
    TerminationMismatch {
        /// The reason the tag gives.
        written: EndReason,
        /// How the replayed game ended, if it did.
        game: Option<EndReason>,
    },
    /// A resignation or loss on time without a `Winner` of `S` or `N`.
    Winner(EndReason),
    /// A `Winner` that is not the replayed game's.
    WinnerMismatch {
        /// The tag's value.
        written: String,
        /// The game's: `S`, `N`, `draw` or `*` (not over).
        game: &'static str,
    },
    /// A `Result` that is not the replayed game's.
    ResultMismatch {
        /// The tag's value.
        written: String,
        /// The game's final counts, or `*`.
        game: String,
    },
}

impl fmt::Display for OgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            OgnErrorKind::BadTag => f.write_str("a tag is [Name \"value\"]"),
            OgnErrorKind::TagAfterMoves => f.write_str("a tag after the moves"),
            OgnErrorKind::UnknownVariant(v) => write!(
                f,
                "unknown Variant {v:?}: expected Oware Abapa, Oware Wari, Oware Warri or Kalah, or a Rules tag"
            ),
            OgnErrorKind::Rules(e) => write!(f, "Rules tag: {e}"),
            OgnErrorKind::VariantMismatch { variant, rules } => write!(
                f,
                "Variant {:?} disagrees with Rules {:?}",
                variant_name(*variant),
                rules.to_string()
            ),
            OgnErrorKind::Fen(e) => write!(f, "FEN tag: {e}"),
            OgnErrorKind::UnknownLetter(c) => write!(
                f,
                "{c:?} is not a move: a move is one letter, A-F for South or a-f for North"
            ),
            OgnErrorKind::Illegal { ply, m, error } => write!(f, "ply {ply} ({m}): {error}"),
            OgnErrorKind::CaptureMismatch {
                ply,
                m,
                written,
                captured,
                rules,
            } => write!(
                f,
                "ply {ply} ({m}) is marked +{written} but captures {captured} under {rules}"
            ),
            OgnErrorKind::UnterminatedComment => f.write_str("a comment '{' is never closed"),
            OgnErrorKind::UnterminatedVariation => f.write_str("a variation '(' is never closed"),
            OgnErrorKind::Termination(e) => write!(f, "Termination tag: {e}"),
            OgnErrorKind::TerminationMismatch { written, game } => match game {
                Some(reason) => write!(
                    f,
                    "Termination {:?} but the game ended by {reason}",
                    written.name()
                ),
                None => write!(
                    f,
                    "Termination {:?} but the game is not over",
                    written.name()
                ),
            },
            OgnErrorKind::Winner(reason) => write!(
                f,
                "Termination {:?} needs a Winner tag of S or N",
                reason.name()
            ),
            OgnErrorKind::WinnerMismatch { written, game } => {
                write!(f, "Winner {written:?} but the game's is {game:?}")
            }
            OgnErrorKind::ResultMismatch { written, game } => {
                write!(f, "Result {written:?} but the game's is {game:?}")
            }
        }
    }
}

impl std::error::Error for OgnError {}
