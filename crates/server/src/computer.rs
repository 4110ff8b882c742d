//! The computer opponent and the analysis board: engine searches on a
//! bounded pool of blocking threads, never on the async workers.
//!
//! At most `--computer-threads` searches run at once ([`Pool`]): the
//! computer's moves first, analysis on all threads but one; the others
//! wait without blocking anything. A search whose caller goes away (an
//! analysis whose client closed the connection) is stopped. Engines (each
//! with a 16 MB table) are kept and reused, so a search allocates nothing.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use wari_engine::{Control, Engine, Level, Limits, Oracle, SearchResult};
use wari_rules::{Game, Rules, Side};

use crate::api::error::Error;
use crate::lock::lock;
use crate::pool::{Pool, Work};

const HASH_MB: usize = 16;

/// Endgame tables for the computer, found by game: given by the program
/// that runs the server (`wari serve` opens the tables of `wari egdb`,
/// building the small ones on first use).
pub trait Tablebases: Send + Sync + std::fmt::Debug {
    /// The tables of the game's rules as an oracle for the search, if
    /// there are any (or if there are none yet, `None`).
    fn oracle(&self, game: &Game) -> Option<Arc<dyn Oracle>>;
}

/// The pool of engine searches.
#[derive(Debug, Clone)]
pub struct Computer {
    pool: Arc<Pool>,
    engines: Arc<Mutex<Vec<(Engine, Rules)>>>,
    movetime_ms: u64,
    tables: Option<Arc<dyn Tablebases>>,
}

impl Computer {
    /// A pool running at most `threads` searches at once; the computer
    /// thinks `movetime_ms` per move at full strength.
    #[must_use]
    pub fn new(threads: usize, movetime_ms: u64) -> Computer {
        Computer {
            pool: Pool::new(threads),
            engines: Arc::new(Mutex::new(Vec::new())),
            movetime_ms,
            tables: None,
        }
    }

    /// The same pool, whose levels 9 and 10 use these endgame tables.
    #[must_use]
    pub fn with_tables(mut self, tables: Option<Arc<dyn Tablebases>>) -> Computer {
        self.tables = tables;
        self
    }

    /// Searches `game` at `level` for `work`, once a slot is free,
    /// within the limits `limits` gives then (a computer whose clock ran
    /// while it waited thinks less); with `book`, levels 9 and 10 play
    /// from the opening book; with endgame tables
    /// ([`Computer::with_tables`]), levels 9 and 10 use them. Dropping the
    /// future stops the search.
    ///
    /// # Errors
    /// A search cancelled because the server is stopping.
    pub async fn think(
        &self,
        game: Game,
        level: Level,
        limits: impl FnOnce() -> Limits,
        book: bool,
        work: Work,
    ) -> Result<SearchResult, Error> {
        let slot = self.pool.acquire(work).await;
        let limits = limits();
        let stop = StopOnDrop(Arc::new(Control::new()));
        let control = Arc::clone(&stop.0);
        let engines = Arc::clone(&self.engines);
        let tables = self.tables.clone();
        tokio::task::spawn_blocking(move || {
            // Held until the search really ends, not only its caller.
            let _slot = slot;
            let rules = *game.rules();
            let spare = lock(&engines).pop();
            let (mut engine, last_rules) = spare.unwrap_or_else(|| {
                let mut engine = Engine::new();
                engine.set_hash_mb(HASH_MB);
                (engine, rules)
            });
            if last_rules != rules {
                engine.new_game();
            }
            engine.set_level(level);
            // A fresh seed for every search: the pool's engines serve
            // many games, and no game's random choices (the weaker
            // levels' errors, the book's pick) may follow another's.
            engine.set_seed(None);
            engine.set_own_book(book && level.get() >= 9);
            // Like the book, the tables play at levels 9 and 10.
            let oracle = tables
                .filter(|_| level.get() >= 9)
                .and_then(|t| t.oracle(&game));
            engine.set_oracle(oracle);
            let result = engine.search(&game, &limits, &control, &mut |_| {});
            lock(&engines).push((engine, rules));
            result
        })
        .await
        .map_err(|e| {
            // A panicked search is a bug: its panic goes on here
            // (crate::lock's policy; release builds have aborted already).
            if e.is_panic() {
                std::panic::resume_unwind(e.into_panic());
            }
            Error::Internal("the search was cancelled: the server is stopping".to_owned())
        })
    }

    /// The endgame tables' oracle for `game`'s rules, if the server has
    /// tables and the position is near enough to the end to open them
    /// (which may build the small ones first: on a blocking thread).
    pub(crate) async fn oracle(&self, game: &Game) -> Option<Arc<dyn Oracle>> {
        let tables = self.tables.clone()?;
        let game = game.clone();
        tokio::task::spawn_blocking(move || tables.oracle(&game))
            .await
            .ok()
            .flatten()
    }

    /// The limits of the computer's move: its usual time, less when its
    /// clock (`left_ms`, `increment_ms`) is short.
    #[must_use]
    pub fn move_limits(&self, clock: Option<(i64, i64)>) -> Limits {
        let mut ms = self.movetime_ms;
        if let Some((left, increment)) = clock {
            let share = left / 20 + increment / 2;
            ms = ms.min(u64::try_from(share).unwrap_or(0)).max(5);
        }
        Limits::movetime(Duration::from_millis(ms))
    }

    /// Judges a cycle offer made to `judge`, the computer, at `level`.
    ///
    /// # Errors
    /// As [`Computer::think`].
    pub async fn accepts_cycle(
        &self,
        game: Game,
        judge: Side,
        level: Level,
    ) -> Result<bool, Error> {
        let position = *game.position();
        let limits = Limits::movetime(Duration::from_millis(self.movetime_ms.min(200)));
        let result = self
            .think(game, level, || limits, false, Work::Computer)
            .await?;
        Ok(accepts_cycle(&position, judge, result.score))
    }
}

/// Stops a search when its caller is dropped.
#[derive(Debug)]
struct StopOnDrop(Arc<Control>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

pub use wari_engine::accepts_cycle;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_pool_finds_a_legal_move() {
        let computer = Computer::new(1, 50);
        let game = Game::default();
        let result = computer
            .think(
                game.clone(),
                Level::MIN,
                || Limits::depth(2),
                true,
                Work::Computer,
            )
            .await
            .unwrap();
        assert!(game.legal_moves().contains(&result.best.unwrap()));
    }

    #[tokio::test]
    async fn a_search_whose_caller_goes_away_stops() {
        // One thread: a minute-long analysis that was not stopped would
        // hold it, and the depth-1 search after it would wait that minute.
        let computer = Computer::new(1, 50);
        let long = tokio::spawn({
            let computer = computer.clone();
            async move {
                computer
                    .think(
                        Game::default(),
                        Level::FULL,
                        || Limits::movetime(Duration::from_secs(60)),
                        false,
                        Work::Analysis,
                    )
                    .await
            }
        });
        while computer.pool.load()[1].0 == 0 {
            tokio::task::yield_now().await;
        }
        long.abort();
        let _ = long.await;
        let quick = tokio::time::timeout(
            Duration::from_secs(30),
            computer.think(
                Game::default(),
                Level::MIN,
                || Limits::depth(1),
                false,
                Work::Computer,
            ),
        )
        .await;
        assert!(quick.is_ok(), "the abandoned search still held the thread");
    }

    #[tokio::test]
    async fn the_computer_varies_its_moves() {
        // Level 1 adds an error of up to 12 seeds to each move's value;
        // the start's moves are within 3 seeds of each other at its depth
        // (wari-engine's tests/variety.rs), so each search picks any one
        // move with probability below 0.62, and forty searches agree with
        // probability below 0.62^39 < 1e-8.
        let computer = Computer::new(1, 50);
        let mut moves = Vec::new();
        for _ in 0..40 {
            let result = computer
                .think(
                    Game::default(),
                    Level::MIN,
                    || Limits::depth(1),
                    true,
                    Work::Computer,
                )
                .await
                .unwrap();
            moves.push(result.best.unwrap());
        }
        assert!(moves.iter().any(|&m| m != moves[0]), "always {}", moves[0]);
    }

    #[test]
    fn a_short_clock_shortens_the_search() {
        let computer = Computer::new(1, 300);
        assert_eq!(
            computer.move_limits(None).movetime,
            Some(Duration::from_millis(300))
        );
        assert_eq!(
            computer.move_limits(Some((2_000, 0))).movetime,
            Some(Duration::from_millis(100))
        );
    }
}
