//! The opening book: the moves the engine's own deep search found best,
//! or nearly so, in each position of the first plies, built by `wari
//! book` and shipped with the engine for the standard game.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::sync::OnceLock;

use wari_rules::{Game, Move, Position, Rules, Side};

use crate::table::hash;
use crate::{Control, Engine, Limits, Score};

/// One of a book position's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move to play.
    pub best: Move,
    /// The search's score of it, hundredths of a seed for the side to
    /// move.
    pub centiseeds: i32,
    /// The depth the search reached.
    pub depth: u32,
}

/// Positions and their moves, for one rule set.
///
/// The text format has one move a line: the position string (RULES.md
/// §1), a tab, the move, a tab, the score in hundredths of a seed, a tab,
/// the depth; `#` starts a comment line. A position may have several
/// lines, one for each move worth playing there: the engine chooses among
/// them by chance.
///
/// ```
/// use wari_engine::book::Book;
/// use wari_rules::{Position, Rules};
/// let text = "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0\tF\t-20\t18\n\
///             4,4,4,4,4,4/4,4,4,4,4,4 S 0-0\tE\t-35\t18\n";
/// let book = Book::parse(text, Rules::default())?;
/// let start = Position::default();
/// assert_eq!(book.probe(&start).unwrap().best.to_string(), "F");
/// assert_eq!(book.choices(&start).len(), 2);
/// # Ok::<(), wari_engine::book::BookError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Book {
    rules: Rules,
    /// Each position's moves, the best first.
    moves: HashMap<u64, Vec<BookMove>>,
}

/// The book shipped for `abapa` (built with `wari book`; see
/// `crates/engine/book/README.md`).
const ABAPA: &str = include_str!("../book/abapa.book");

impl Book {
    /// The book shipped with the engine for these rules, if there is one.
    #[must_use]
    pub fn builtin(rules: &Rules) -> Option<&'static Book> {
        static ABAPA_BOOK: OnceLock<Option<Book>> = OnceLock::new();
        if *rules != Rules::default() {
            return None;
        }
        ABAPA_BOOK
            .get_or_init(|| Book::parse(ABAPA, Rules::default()).ok())
            .as_ref()
    }

    /// Reads a book in the text format.
    ///
    /// # Errors
    /// The first line that is not a legal position with one of its legal
    /// moves, a score and a depth, or that repeats a position's move.
    pub fn parse(text: &str, rules: Rules) -> Result<Book, BookError> {
        let mut moves: HashMap<u64, Vec<BookMove>> = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: String| BookError {
                line: i + 1,
                message: why,
            };
            let fields: Vec<&str> = line.split('\t').collect();
            let [position, best, score, depth] = fields[..] else {
                return Err(bad(format!(
                    "expected 4 tab-separated fields, found {}",
                    fields.len()
                )));
            };
            let p = Position::from_string(position, rules).map_err(|e| bad(e.to_string()))?;
            let best: Move = best
                .parse()
                .map_err(|e: wari_rules::MoveError| bad(e.to_string()))?;
            if !p.legal_moves().contains(&best) {
                return Err(bad(format!("{best} is not a legal move in {p}")));
            }
            let centiseeds = score
                .parse()
                .map_err(|_| bad(format!("bad score {score:?}")))?;
            let depth = depth
                .parse()
                .map_err(|_| bad(format!("bad depth {depth:?}")))?;
            let entry = moves.entry(hash(&p)).or_default();
            if entry.iter().any(|m| m.best == best) {
                return Err(bad(format!("{best} is in the book twice for {p}")));
            }
            entry.push(BookMove {
                best,
                centiseeds,
                depth,
            });
        }
        for entry in moves.values_mut() {
            entry.sort_by_key(|m| std::cmp::Reverse(m.centiseeds));
        }
        Ok(Book { rules, moves })
    }

    /// The book's best move for a position, if it has one.
    #[must_use]
    pub fn probe(&self, p: &Position) -> Option<BookMove> {
        self.choices(p).first().copied()
    }

    /// Every move the book has for a position, the best first (none when
    /// the position is not in the book).
    #[must_use]
    pub fn choices(&self, p: &Position) -> Vec<BookMove> {
        if *p.rules() != self.rules {
            return Vec::new();
        }
        let legal = p.legal_moves();
        self.moves.get(&hash(p)).map_or_else(Vec::new, |moves| {
            moves
                .iter()
                .filter(|m| legal.contains(&m.best))
                .copied()
                .collect()
        })
    }

    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the book is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// A line of a book that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BookError {}

/// How a book is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Plies from the start that the book covers.
    pub plies: usize,
    /// The search of the position after each move of a position the book
    /// follows (a depth makes the book the same on any machine, however
    /// busy).
    pub limits: Limits,
    /// How far below the best move, in hundredths of a seed, a move may
    /// score and still go in the book (0: the best alone, the first in pit
    /// order of equal ones).
    pub margin: i32,
}

/// Where a build stands: positions searched, of those known so far (the
/// total grows as the book's moves lead to new positions, and equals
/// `searched` at the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Positions searched.
    pub searched: usize,
    /// Positions searched and waiting to be.
    pub total: usize,
}

/// Builds a book: every position of the first `settings.plies` plies that
/// a side reaches when it plays the book's moves and the other side plays
/// anything, for both sides. In each such position every legal move is
/// searched (the position after it, within `settings.limits`, with
/// `engine`) and those within `settings.margin` of the best go in the
/// book. Calls `progress` after each position searched. Returns the
/// book's text.
pub fn build(
    engine: &mut Engine,
    rules: Rules,
    settings: &BuildSettings,
    progress: &mut dyn FnMut(BuildProgress),
) -> String {
    let mut lines = Vec::new();
    let mut chosen: HashMap<u64, Vec<Move>> = HashMap::new();
    let mut queued: HashSet<(u64, Side)> = HashSet::new();
    let mut queue: VecDeque<(Game, Side)> = VecDeque::new();
    for side in Side::ALL {
        queue.push_back((Game::new(rules), side));
    }
    // A position is searched when the side to move follows the book there
    // and the book goes that deep.
    let to_search = |game: &Game, follower: Side| {
        !game.is_over() && game.moves().len() < settings.plies && game.position().turn() == follower
    };
    let mut searched = 0;
    while let Some((game, follower)) = queue.pop_front() {
        let p = *game.position();
        if game.is_over() || game.moves().len() >= settings.plies {
            continue;
        }
        let children: Vec<Move> = if p.turn() == follower {
            let key = hash(&p);
            if let Some(moves) = chosen.get(&key) {
                moves.clone()
            } else {
                let good = good_moves(engine, &game, settings);
                for m in &good {
                    lines.push(format!("{p}\t{}\t{}\t{}", m.best, m.centiseeds, m.depth));
                }
                let moves: Vec<Move> = good.iter().map(|m| m.best).collect();
                chosen.insert(key, moves.clone());
                searched += 1;
                let waiting = queue
                    .iter()
                    .filter(|(g, f)| to_search(g, *f) && !chosen.contains_key(&hash(g.position())))
                    .count();
                progress(BuildProgress {
                    searched,
                    total: searched + waiting,
                });
                moves
            }
        } else {
            p.legal_moves().to_vec()
        };
        for m in children {
            let mut next = game.clone();
            next.play(m).expect("a legal move");
            if queued.insert((hash(next.position()), follower)) {
                queue.push_back((next, follower));
            }
        }
    }
    lines.sort();
    let search = match (settings.limits.depth, settings.limits.movetime) {
        (Some(depth), _) => format!("to depth {depth}"),
        (None, Some(time)) => format!("for {} ms", time.as_millis()),
        (None, None) => "without limit".to_owned(),
    };
    let mut text = format!(
        "# wari opening book for {rules}: {} positions, {} moves; the position after every move \
         searched {search}, the moves within {} seeds of the best kept\n",
        chosen.len(),
        lines.len(),
        f64::from(settings.margin) / 100.0,
    );
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// Every legal move of the game's position with its search's score (the
/// position after it searched within `settings.limits`), those within
/// `settings.margin` of the best, the best first.
fn good_moves(engine: &mut Engine, game: &Game, settings: &BuildSettings) -> Vec<BookMove> {
    let p = *game.position();
    let mut scored: Vec<BookMove> = p
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut next = game.clone();
            next.play(m).expect("a legal move");
            engine.new_game();
            let result = engine.search(&next, &settings.limits, &Control::new(), &mut |_| {});
            let centiseeds = match result.score {
                Score::Exact { margin, .. } => margin * 100,
                Score::Seeds(c) => c,
            };
            // The score is the next mover's: the opponent's, unless the
            // move earned another (Kalah).
            let mine = if next.position().turn() == p.turn() {
                centiseeds
            } else {
                -centiseeds
            };
            BookMove {
                best: m,
                centiseeds: mine,
                depth: result.depth + 1,
            }
        })
        .collect();
    scored.sort_by_key(|m| std::cmp::Reverse(m.centiseeds));
    let best = scored.first().map_or(0, |m| m.centiseeds);
    scored.retain(|m| m.centiseeds >= best - settings.margin.max(0));
    if settings.margin <= 0 {
        // The best alone: the first in pit order of equal scores.
        scored.truncate(1);
    }
    scored
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_reads_and_knows_the_start() {
        let book = Book::builtin(&Rules::default()).expect("the abapa book parses");
        assert!(book.probe(&Position::default()).is_some());
        assert!(Book::builtin(&"kalah".parse().unwrap()).is_none());
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let err = Book::parse(
            "# c\n4,4,4,4,4,4/4,4,4,4,4,4 S 0-0\ta\t0\t1\n",
            Rules::default(),
        )
        .unwrap_err();
        assert_eq!(err.line, 2);
        let err =
            Book::parse("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 F 0 1\n", Rules::default()).unwrap_err();
        assert!(err.message.contains("4 tab-separated"), "{err}");
    }

    fn small_book(margin: i32) -> (String, Vec<BuildProgress>) {
        let mut engine = Engine::new();
        engine.set_hash_mb(4);
        let mut reports = Vec::new();
        let settings = BuildSettings {
            plies: 3,
            limits: Limits::depth(3),
            margin,
        };
        let text = build(&mut engine, Rules::default(), &settings, &mut |p| {
            reports.push(p);
        });
        (text, reports)
    }

    #[test]
    fn a_small_book_covers_every_reply_and_its_counter_reaches_the_end() {
        let (text, reports) = small_book(0);
        let book = Book::parse(&text, Rules::default()).unwrap();
        // South at ply 0 and 2 (1 + 6 replies), North at ply 1 (6 openings).
        assert_eq!(book.len(), 13, "{text}");
        let start = Position::default();
        let first = book.probe(&start).unwrap().best;
        for reply in start.play(first).unwrap().legal_moves() {
            let p = start.play(first).unwrap().play(reply).unwrap();
            assert!(book.probe(&p).is_some(), "{p}");
        }
        let last = reports.last().unwrap();
        assert_eq!((last.searched, last.total), (13, 13));
        assert!(reports.iter().all(|r| r.searched <= r.total));
    }

    #[test]
    fn with_a_margin_the_book_follows_every_good_move() {
        // A margin of 48 seeds keeps every move: South's 6 openings, each
        // with North's book moves after it... South then follows every
        // move at ply 2 as well.
        let (text, _) = small_book(4800);
        let book = Book::parse(&text, Rules::default()).unwrap();
        let start = Position::default();
        assert_eq!(book.choices(&start).len(), 6, "{text}");
        for first in start.legal_moves() {
            let after = start.play(first).unwrap();
            assert_eq!(book.choices(&after).len(), after.legal_moves().len());
            for reply in after.legal_moves() {
                let p = after.play(reply).unwrap();
                assert_eq!(book.choices(&p).len(), p.legal_moves().len(), "{p}");
            }
        }
        let scores: Vec<i32> = book.choices(&start).iter().map(|m| m.centiseeds).collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "best first: {scores:?}"
        );
    }

    #[test]
    fn a_move_twice_for_one_position_is_an_error() {
        let line = "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0\tF\t0\t1\n";
        let err = Book::parse(&format!("{line}{line}"), Rules::default()).unwrap_err();
        assert_eq!(err.line, 2);
    }
}
