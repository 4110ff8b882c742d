//! A puzzle attempt rated like a game of Glicko-2 against the puzzle,
//! whose rating is its difficulty: solved a win, failed a loss. A
//! signed-in player's puzzle rating per rule family is kept by the server,
//! and only their first attempt at a puzzle moves it (as on lichess); a
//! guest's is kept in the browser, which sends it with each attempt.

use std::sync::Arc;

use super::Puzzle;
use crate::App;
use crate::api::error::Error;
use crate::ratings::{Rating, START, Score, after_game, grown};
use crate::store::StoredRating;

/// How sure a puzzle's rating is: its deviation, fixed.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// A solver's rating after an attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    /// The rating before the attempt (a new player's for a first one).
    pub before: Rating,
    /// The rating after it (the same when the attempt was not rated).
    pub after: Rating,
    /// Whether the attempt moved the rating: a guest's always, an
    /// account's only at its first attempt at the puzzle.
    pub rated: bool,
    /// Attempts rated in the family so far (an account's; 0 for a guest).
    pub games: i64,
}

/// The puzzle as an opponent.
fn opponent(puzzle: &Puzzle) -> Rating {
    Rating {
        rating: puzzle.rating,
        deviation: PUZZLE_DEVIATION,
        volatility: START.volatility,
    }
}

fn score(solved: bool) -> Score {
    if solved { Score::Win } else { Score::Loss }
}

/// A guest's rating `player` (the browser's) after an attempt at `puzzle`.
#[must_use]
pub fn rate_for_guest(player: Rating, puzzle: &Puzzle, solved: bool) -> Rated {
    let (after, _) = after_game(player, opponent(puzzle), score(solved));
    Rated {
        before: player,
        after,
        rated: true,
        games: 0,
    }
}

/// Records `account`'s attempt at `puzzle` and, when it is the first,
/// rates it: the family's rating (its deviation grown for the days since
/// the last rated attempt, as a game rating's) after a game against the
/// puzzle, stored in the same transaction as the attempt, under the
/// rating's row lock (so two attempts at once, in one process or two,
/// are rated one after the other).
///
/// # Errors
/// A database error.
pub async fn rate_for_account(
    app: &Arc<App>,
    account: &str,
    puzzle: &Puzzle,
    solved: bool,
) -> Result<Rated, Error> {
    let now = app.now_ms();
    let family = puzzle.family.name();
    let mut tx = app.store.pool().begin().await?;
    let first = app
        .store
        .first_puzzle_attempt(&mut tx, account, &puzzle.id, family, solved, now)
        .await?;
    let before = app
        .store
        .lock_puzzle_rating(&mut tx, account, family, now)
        .await?;
    if !first {
        tx.commit().await?;
        return Ok(Rated {
            before: before.rating,
            after: before.rating,
            rated: false,
            games: before.games,
        });
    }
    let (after, _) = after_game(grown(&before, now), opponent(puzzle), score(solved));
    let stored = StoredRating {
        rating: after,
        games: before.games + 1,
        rated_at: now,
    };
    app.store
        .store_puzzle_rating(&mut tx, account, family, &stored)
        .await?;
    tx.commit().await?;
    Ok(Rated {
        before: before.rating,
        after,
        rated: true,
        games: stored.games,
    })
}
