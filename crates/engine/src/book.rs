//! The opening book: the move the engine's own deep search chose for each
//! position of the first plies, built by `wari book` and shipped with the
//! engine for the standard game.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::sync::OnceLock;
use std::time::Duration;

use wari_rules::{Game, Move, Position, Rules, Side};

use crate::table::hash;
use crate::{Control, Engine, Limits, Score};

/// One book position's move.
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
/// The text format has one position a line: the position string (RULES.md
/// §1), a tab, the move, a tab, the score in hundredths of a seed, a tab,
/// the depth; `#` starts a comment line.
///
/// ```
/// use wari_engine::book::Book;
/// use wari_rules::{Position, Rules};
/// let book = Book::parse("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0\tF\t-20\t18\n", Rules::default())?;
/// let hit = book.probe(&Position::default()).unwrap();
/// assert_eq!(hit.best.to_string(), "F");
/// # Ok::<(), wari_engine::book::BookError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Book {
    rules: Rules,
    moves: HashMap<u64, BookMove>,
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
    /// moves, a score and a depth.
    pub fn parse(text: &str, rules: Rules) -> Result<Book, BookError> {
        let mut moves = HashMap::new();
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
            moves.insert(
                hash(&p),
                BookMove {
                    best,
                    centiseeds,
                    depth,
                },
            );
        }
        Ok(Book { rules, moves })
    }

    /// The book's move for a position, if it has one.
    #[must_use]
    pub fn probe(&self, p: &Position) -> Option<BookMove> {
        if *p.rules() != self.rules {
            return None;
        }
        self.moves
            .get(&hash(p))
            .copied()
            .filter(|m| p.legal_moves().contains(&m.best))
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

/// Builds a book: every position of the first `plies` plies that a side
/// reaches when it follows the book and the other side plays anything,
/// for both sides, each searched for `movetime` with `engine`. Calls
/// `progress(searched, searched + waiting)` after each position searched. Returns the book's
/// text.
pub fn build(
    engine: &mut Engine,
    rules: Rules,
    plies: usize,
    movetime: Duration,
    progress: &mut dyn FnMut(usize, usize),
) -> String {
    let mut lines = Vec::new();
    let mut chosen: HashMap<u64, Move> = HashMap::new();
    let mut queued: HashSet<(u64, Side)> = HashSet::new();
    let mut queue: VecDeque<(Game, Side)> = VecDeque::new();
    for side in Side::ALL {
        queue.push_back((Game::new(rules), side));
    }
    let mut done = 0;
    while let Some((game, follower)) = queue.pop_front() {
        let p = *game.position();
        if game.is_over() || game.moves().len() >= plies {
            continue;
        }
        let children: Vec<Move> = if p.turn() == follower {
            let key = hash(&p);
            let best = match chosen.get(&key) {
                Some(&m) => m,
                None => {
                    engine.new_game();
                    let result = engine.search(
                        &game,
                        &Limits::movetime(movetime),
                        &Control::new(),
                        &mut |_| {},
                    );
                    let best = result.best.expect("the game is not over");
                    let centiseeds = match result.score {
                        Score::Exact { margin, .. } => margin * 100,
                        Score::Seeds(c) => c,
                    };
                    lines.push(format!("{p}\t{best}\t{centiseeds}\t{}", result.depth));
                    chosen.insert(key, best);
                    done += 1;
                    progress(done, done + queue.len());
                    best
                }
            };
            vec![best]
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
    let mut text = format!(
        "# wari opening book for {rules}: {} positions, the engine's choice after {} ms each\n",
        lines.len(),
        movetime.as_millis()
    );
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    text
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

    #[test]
    fn a_small_book_covers_every_reply() {
        let mut engine = Engine::new();
        engine.set_hash_mb(4);
        let text = build(
            &mut engine,
            Rules::default(),
            3,
            Duration::from_millis(5),
            &mut |_, _| {},
        );
        let book = Book::parse(&text, Rules::default()).unwrap();
        // South at ply 0 and 2 (1 + 6 replies), North at ply 1 (6 openings).
        assert_eq!(book.len(), 13, "{text}");
        let start = Position::default();
        let first = book.probe(&start).unwrap().best;
        for reply in start.play(first).unwrap().legal_moves() {
            let p = start.play(first).unwrap().play(reply).unwrap();
            assert!(book.probe(&p).is_some(), "{p}");
        }
    }
}
