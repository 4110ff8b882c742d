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
//!   not over, and after a resignation or a loss on time. Aualé's
//!   `Result` is only ever the counts of a game its board ended, and its
//!   board knows neither ending: to Aualé such a game is unfinished, as
//!   the `*` says, and `Termination` and `Winner`, which it keeps without
//!   reading, say how it ended. (On reading, the counts are also
//!   accepted there, as this crate wrote them before.)
//! - `FEN`: the start in Aualé's notation ([`auale`]),
//!   written whenever the start is not the rules' start position (Aualé
//!   forgets it for a set-up position with South to move).
//! - `Rules`: always, the rules string (RULES.md §1), so a game travels
//!   with its exact rules: `wari,cycle=3`. A record without it is read
//!   under the rules its `Variant` names with default options; with
//!   neither, as `abapa` (Aualé's only game).
//! - `Termination`: once the game is over, how it ended, with the names of
//!   RULES.md §1 (`majority`, `no-moves`, ..., `resignation`, `time`).
//!   A game abandoned with no result (a server's abort before both
//!   players moved, [`Record::abandoned`]) has `Termination` `abandoned`,
//!   PGN's value for it (as lichess writes an aborted game's), its
//!   `Result` `*` and no `Winner`: the game is not over.
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
//! `Winner`) ends the game after the moves; `abandoned` is read into
//! [`Record::abandoned`] (refused after moves that ended the game). Moves without a mark are not
//! checked: hand-written records often leave marks out.

mod date;
mod error;
mod scan;
mod write;

pub use date::date;
pub use error::{OgnError, OgnErrorKind};

use std::collections::BTreeMap;
use std::str::FromStr;

use crate::auale;
use crate::{EndReason, Game, Position, Rules, Side, Variant};

use scan::Scanner;

/// Aualé's tags, in the order it writes them.
pub const ROSTER: [&str; 8] = [
    "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result",
];

/// The `Termination` of a game abandoned with no result (PGN's value).
pub const ABANDONED: &str = "abandoned";

/// The tags written from the game itself; values for them in
/// [`Record::tags`] are not written.
const FROM_GAME: [&str; 6] = ["Variant", "Result", "FEN", "Rules", "Termination", "Winner"];

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
    /// The game was abandoned with no result before it was over (a
    /// server's abort): written as `Termination` `abandoned` while the
    /// game is not over.
    pub abandoned: bool,
}

impl Record {
    /// A record of `game` with no tags and no comments.
    #[must_use]
    pub fn new(game: Game) -> Record {
        Record {
            tags: Vec::new(),
            game,
            comments: BTreeMap::new(),
            abandoned: false,
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

        let abandoned = find("Termination").filter(|t| t.value.trim() == ABANDONED);
        if let Some(t) = &abandoned
            && let Some(outcome) = game.outcome()
        {
            return Err(error(t.line, OgnErrorKind::AbandonedOver(outcome.reason())));
        }
        if let Some(t) = find("Termination").filter(|_| abandoned.is_none()) {
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
            let earlier = game
                .outcome()
                .filter(|o| decided_off_the_board(o.reason()))
                .map(|o| o.score_text());
            let written = t.value.trim();
            if written != computed && Some(written) != earlier.as_deref() {
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
            abandoned: abandoned.is_some(),
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

/// The `Result` value of a game: the final counts, or `*` while it goes
/// on or once it ended off the board (see the [module](self) docs).
fn result_text(game: &Game) -> String {
    match game.outcome() {
        Some(o) if !decided_off_the_board(o.reason()) => o.score_text(),
        _ => "*".to_owned(),
    }
}

/// Whether a game that ended so was decided by a player, not the board:
/// the endings that `Winner` tells.
fn decided_off_the_board(reason: EndReason) -> bool {
    matches!(reason, EndReason::Resignation | EndReason::Time)
}

/// How much a ply raised the mover's count.
fn gain(before: &Position, after: &Position, mover: Side) -> u8 {
    after.captured(mover).saturating_sub(before.captured(mover))
}

/// Whether a tag value says something (`?` is Aualé's "unknown").
fn known(value: &str) -> bool {
    !value.is_empty() && value != "?"
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}
