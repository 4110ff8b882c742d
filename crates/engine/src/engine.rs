//! The engine: settings, the search threads, reports and the best move.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use wari_rules::{Game, Move, Position};

use crate::book::Book;
use crate::control::Control;
use crate::eval::Weights;
use crate::iterate::{deepen, noisy_choice};
use crate::level::Level;
use crate::limits::Limits;
use crate::proof::Proof;
use crate::random::{self, Rng, RngExt};
use crate::score::Score;
use crate::search::{Iteration, Searcher, Shared};
use crate::table::Table;

/// Values of positions from outside the search, such as endgame
/// databases: the seeds the side to move will still capture minus the
/// seeds the opponent will, under best play.
///
/// ```
/// use wari_engine::{Engine, Known, Oracle};
/// use wari_rules::Position;
///
/// /// Knows that nothing more is captured once two seeds are left.
/// struct Two;
/// impl Oracle for Two {
///     fn probe(&self, p: &Position) -> Option<Known> {
///         (p.seeds_on_board() <= 2).then_some(Known::Estimate(0))
///     }
/// }
/// let mut engine = Engine::new();
/// engine.set_oracle(Some(std::sync::Arc::new(Two)));
/// ```
pub trait Oracle: Send + Sync {
    /// What is known of the value of the seeds left on the board, if
    /// anything.
    fn probe(&self, position: &Position) -> Option<Known>;
}

/// What an [`Oracle`] knows of a position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The game's value under best play from this position: the search
    /// takes it as proven.
    Exact(i32),
    /// An estimate (such as a table's cycle convention): the search uses
    /// it instead of its own evaluation at its horizon, and searches on
    /// above it.
    Estimate(i32),
}

/// One report of a search in progress (a UCI `info` line).
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// Depth of the iteration completed, in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score of the best move, from the side to move's view.
    pub score: Score,
    /// Nodes searched by all threads so far.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, from the root.
    pub pv: Vec<Move>,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    pub best: Option<Move>,
    /// The reply the engine expects.
    pub ponder: Option<Move>,
    /// The score of the best move, from the side to move's view.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Whether the move came from the opening book (no search).
    pub book: bool,
}

impl SearchResult {
    /// Nodes a second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time)
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

/// A computer player for Oware and Kalah: alpha-beta search on
/// `wari-rules`, a transposition table shared by its threads, and levels
/// for people.
///
/// ```
/// use wari_engine::{Engine, Limits};
/// use wari_rules::{Game, Position, Rules};
///
/// // South captures three seeds with F (the last seed makes North's a 3).
/// let start = Position::from_string("0,0,0,0,0,1/2,5,0,0,0,4 S 20-16", Rules::default())?;
/// let game = Game::from_position(start);
/// let mut engine = Engine::new();
/// let result = engine.think(&game, &Limits::depth(6));
/// assert_eq!(result.best.map(|m| m.to_string()), Some("F".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Engine {
    table: Table,
    hash_mb: usize,
    threads: usize,
    level: Level,
    oracle: Option<Arc<dyn Oracle>>,
    weights: Weights,
    own_book: bool,
    /// The seed of every game, for repeatable games; `None`: a fresh one
    /// from the operating system for each.
    seed: Option<u64>,
    rng: Rng,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("hash_mb", &self.hash_mb)
            .field("threads", &self.threads)
            .field("level", &self.level)
            .field("oracle", &self.oracle.is_some())
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// The default hash size, in megabytes.
    pub const DEFAULT_HASH_MB: usize = 64;
    /// The largest hash size, in megabytes.
    pub const MAX_HASH_MB: usize = 16 * 1024;
    /// The most search threads.
    pub const MAX_THREADS: usize = 64;

    /// Full strength, one thread, a 64 MB table; the random choices of the
    /// weaker levels and of the book seeded afresh from the operating
    /// system.
    #[must_use]
    pub fn new() -> Engine {
        Engine {
            table: Table::new(Self::DEFAULT_HASH_MB),
            hash_mb: Self::DEFAULT_HASH_MB,
            threads: 1,
            level: Level::FULL,
            oracle: None,
            weights: Weights::default(),
            own_book: false,
            seed: None,
            rng: random::seeded(random::fresh_seed()),
        }
    }

    /// Resizes the transposition table (clearing it), in megabytes
    /// (1..=[`Engine::MAX_HASH_MB`]).
    pub fn set_hash_mb(&mut self, mb: usize) {
        let mb = mb.clamp(1, Self::MAX_HASH_MB);
        if mb != self.hash_mb {
            self.table = Table::new(mb);
            self.hash_mb = mb;
        }
    }

    /// The table's size in megabytes.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Sets the number of search threads (1..=[`Engine::MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, Self::MAX_THREADS);
    }

    /// The number of search threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the playing level.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The playing level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// Seeds the random choices of the weaker levels and of the opening
    /// book, now and at every [`Engine::new_game`]: with `Some(seed)` the
    /// same moves answer the same moves in every game (at one thread:
    /// several threads share their work in whatever order the system
    /// runs them); with `None` (the default) each game draws a fresh
    /// seed from the operating system.
    ///
    /// ```
    /// use wari_engine::{Engine, Level, Limits};
    /// use wari_rules::Game;
    ///
    /// let play = |seed| {
    ///     let mut engine = Engine::new();
    ///     engine.set_level(Level::new(2).unwrap());
    ///     engine.set_seed(Some(seed));
    ///     let mut game = Game::default();
    ///     for _ in 0..10 {
    ///         let m = engine.think(&game, &Limits::default()).best.unwrap();
    ///         game.play(m).unwrap();
    ///     }
    ///     game.moves().to_vec()
    /// };
    /// assert_eq!(play(7), play(7));
    /// ```
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
        self.rng = random::seeded_or_fresh(seed);
    }

    /// The seed set by [`Engine::set_seed`], if any.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Gives the search exact values from outside (endgame databases).
    pub fn set_oracle(&mut self, oracle: Option<Arc<dyn Oracle>>) {
        self.oracle = oracle;
    }

    /// Evaluates with other weights than the fitted ones (for tuning).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
        self.table.clear();
    }

    /// The evaluation's weights.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Plays from the opening book shipped for the rules, when the
    /// position is in it (off by default; only levels 9 and 10 use it).
    pub fn set_own_book(&mut self, on: bool) {
        self.own_book = on;
    }

    /// Whether the opening book is used.
    #[must_use]
    pub fn own_book(&self) -> bool {
        self.own_book
    }

    /// Forgets everything learnt in earlier searches and seeds the random
    /// choices for a new game: again from the seed set, or afresh.
    pub fn new_game(&mut self) {
        self.table.clear();
        self.rng = random::seeded_or_fresh(self.seed);
    }

    /// Searches without reports or outside control.
    pub fn think(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        self.search(game, limits, &Control::new(), &mut |_| {})
    }

    /// Searches the game's current position within `limits`, reporting
    /// each completed iteration, until the limits are reached or `control`
    /// says stop. With `limits.infinite` or while `control` is pondering,
    /// it returns only once stopped (or, pondering, once the ponderhit's
    /// time is used), as UCI asks.
    ///
    /// The cycle rule is judged from the game's positions since its last
    /// capture and the positions of the search tree.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let root = *game.position();
        if let Some(outcome) = game.outcome() {
            let me = root.turn();
            let halves = i32::from(outcome.halves(me)) - i32::from(outcome.halves(me.opposite()));
            control.wait_until_released(limits.infinite);
            return SearchResult {
                best: None,
                ponder: None,
                score: Score::Exact {
                    margin: halves / 2,
                    plies: 0,
                },
                depth: 0,
                nodes: 0,
                time: start.elapsed(),
                pv: Vec::new(),
                book: false,
            };
        }
        let book_moves = match Book::builtin(root.rules()) {
            Some(book) if self.own_book && self.level >= Level::new(9).expect("a level") => {
                book.choices(&root)
            }
            _ => Vec::new(),
        };
        if !book_moves.is_empty() {
            // The book's moves are all worth playing: one of them by
            // chance, so that games vary.
            let hit = book_moves[self.rng.random_range(0..book_moves.len())];
            control.wait_until_released(limits.infinite);
            return SearchResult {
                best: Some(hit.best),
                ponder: None,
                score: Score::Seeds(hit.centiseeds),
                depth: hit.depth,
                nodes: 0,
                time: start.elapsed(),
                pv: vec![hit.best],
                book: true,
            };
        }
        let history = game.since_last_capture().to_vec();
        self.table.next_generation();
        let mut limits = *limits;
        if let Some(level_depth) = self.level.max_depth() {
            limits.depth = Some(limits.depth.map_or(level_depth, |d| d.min(level_depth)));
        }
        let shared = Shared {
            table: &self.table,
            control,
            oracle: self.oracle.as_deref(),
            weights: &self.weights,
            nodes: AtomicU64::new(0),
            halt: AtomicBool::new(false),
            deepest: std::sync::Mutex::new(None),
            start,
            budget: limits.budget(),
            node_limit: limits.nodes,
        };
        let single_move = root.legal_moves().len() == 1;
        let last = if self.level.noise() > 0 {
            noisy_choice(
                &shared,
                &history,
                &limits,
                self.level.noise(),
                &mut self.rng,
            )
        } else {
            std::thread::scope(|scope| {
                for id in 1..self.threads {
                    let (shared, history) = (&shared, &history);
                    scope.spawn(move || {
                        let mut searcher = Searcher::new(shared, history);
                        deepen(
                            &mut searcher,
                            shared,
                            &root,
                            &limits,
                            id,
                            single_move,
                            &mut |_| {},
                        );
                    });
                }
                let mut searcher = Searcher::new(&shared, &history);
                let mut on_iteration = |it: &Iteration| {
                    report(&Info {
                        depth: it.depth,
                        seldepth: it.seldepth,
                        score: Score::from_search(it.value, it.proof, it.pv.len()),
                        nodes: shared.nodes.load(Ordering::Relaxed),
                        nps: nps(shared.nodes.load(Ordering::Relaxed), start.elapsed()),
                        time: start.elapsed(),
                        pv: it.pv.clone(),
                        hashfull: self.table.hashfull(),
                    });
                };
                let last = deepen(
                    &mut searcher,
                    &shared,
                    &root,
                    &limits,
                    0,
                    single_move,
                    &mut on_iteration,
                );
                shared.halt.store(true, Ordering::Relaxed);
                last
            })
        };
        control.wait_until_released(limits.infinite);
        // A helper may have completed a deeper iteration than the main
        // thread's last.
        let deepest = shared.deepest.lock().map_or(None, |d| d.clone());
        let last = match (last, deepest) {
            (Some(main), Some(other)) if other.depth > main.depth => Some(other),
            (None, other) => other,
            (main, _) => main,
        };
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let (best, value, proof, depth, pv) = match last {
            Some(it) => (it.pv.first().copied(), it.value, it.proof, it.depth, it.pv),
            // Stopped before depth 1 finished: any legal move.
            None => {
                let m = root.legal_moves()[0];
                (Some(m), 0, Proof::NONE, 0, vec![m])
            }
        };
        SearchResult {
            best,
            ponder: pv.get(1).copied(),
            score: Score::from_search(value, proof, pv.len()),
            depth,
            nodes,
            time: start.elapsed(),
            pv,
            book: false,
        }
    }
}
