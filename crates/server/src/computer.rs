//! The computer opponent and the analysis board: engine searches on a
//! bounded pool of blocking threads, never on the async workers.
//!
//! A semaphore holds at most `--computer-threads` searches at once; the
//! others wait for a permit without blocking anything. Engines (each with
//! a 16 MB table) are kept and reused, so a search allocates nothing.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Semaphore;
use wari_engine::{Engine, Level, Limits, Oracle, SearchResult};
use wari_rules::{Game, Rules, Side};

use crate::api::error::Error;
use crate::lock::lock;

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
    permits: Arc<Semaphore>,
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
            permits: Arc::new(Semaphore::new(threads.max(1))),
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

    /// Searches `game` at `level` within `limits`, once a permit is free;
    /// with `book`, levels 9 and 10 play from the opening book; with
    /// endgame tables ([`Computer::with_tables`]), levels 9 and 10 use
    /// them.
    ///
    /// # Errors
    /// A search cancelled because the server is stopping.
    pub async fn think(
        &self,
        game: Game,
        level: Level,
        limits: Limits,
        book: bool,
    ) -> Result<SearchResult, Error> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| Error::Internal("the computer's pool is closed".to_owned()))?;
        let engines = Arc::clone(&self.engines);
        let tables = self.tables.clone();
        tokio::task::spawn_blocking(move || {
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
            let result = engine.think(&game, &limits);
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
        let result = self.think(game, level, limits, false).await?;
        Ok(accepts_cycle(&position, judge, result.score))
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
            .think(game.clone(), Level::MIN, Limits::depth(2), true)
            .await
            .unwrap();
        assert!(game.legal_moves().contains(&result.best.unwrap()));
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
                .think(Game::default(), Level::MIN, Limits::depth(1), true)
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
