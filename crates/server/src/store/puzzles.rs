//! Puzzle ratings in the database: a signed-in player's Glicko-2 puzzle
//! rating per rule family, and the puzzles they have tried (the first
//! attempt at each is the one rated).

use sqlx::{AnyConnection, Row};

use super::ratings::stored_of;
use super::{Store, for_update};
use crate::api::error::Error;
use crate::ratings::START;
use crate::store::StoredRating;

impl Store {
    /// Records `account`'s attempt at `puzzle` (of `family`), unless one
    /// is recorded already: whether this is the first. Two attempts at
    /// once find one first (the row's key decides, in either process).
    ///
    /// # Errors
    /// A database error.
    pub async fn first_puzzle_attempt(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        puzzle: &str,
        family: &str,
        solved: bool,
        now: i64,
    ) -> Result<bool, Error> {
        let done = sqlx::query(
            "INSERT INTO puzzle_attempts (account_id, puzzle_id, family, solved, at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, puzzle_id) DO NOTHING",
        )
        .bind(account)
        .bind(puzzle)
        .bind(family)
        .bind(i64::from(solved))
        .bind(now)
        .execute(&mut *conn)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// `account`'s puzzle rating in `family`, locked for the transaction;
    /// a new player's (stored first, so that the lock holds) if it has
    /// none.
    ///
    /// # Errors
    /// A database error.
    pub async fn lock_puzzle_rating(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        family: &str,
        now: i64,
    ) -> Result<StoredRating, Error> {
        sqlx::query(
            "INSERT INTO puzzle_ratings (account_id, family, rating, deviation, volatility, games, rated_at) \
             VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (account_id, family) DO NOTHING",
        )
        .bind(account)
        .bind(family)
        .bind(START.rating)
        .bind(START.deviation)
        .bind(START.volatility)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        let row = sqlx::query(&format!(
            "SELECT rating, deviation, volatility, games, rated_at FROM puzzle_ratings \
             WHERE account_id = $1 AND family = $2{}",
            for_update(self.backend)
        ))
        .bind(account)
        .bind(family)
        .fetch_one(&mut *conn)
        .await?;
        stored_of(&row)
    }

    /// Stores `account`'s puzzle rating in `family` after an attempt.
    ///
    /// # Errors
    /// A database error.
    pub async fn store_puzzle_rating(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        family: &str,
        after: &StoredRating,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, \
             rated_at = $5 WHERE account_id = $6 AND family = $7",
        )
        .bind(after.rating.rating)
        .bind(after.rating.deviation)
        .bind(after.rating.volatility)
        .bind(after.games)
        .bind(after.rated_at)
        .bind(account)
        .bind(family)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    /// Every puzzle rating of `account` with an attempt rated, by family.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle_ratings_of(
        &self,
        account: &str,
    ) -> Result<Vec<(String, StoredRating)>, Error> {
        let rows = sqlx::query(
            "SELECT family, rating, deviation, volatility, games, rated_at FROM puzzle_ratings \
             WHERE account_id = $1 AND games > 0 ORDER BY family",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("family")?, stored_of(r)?)))
            .collect()
    }

    /// The puzzles `account` has tried: (family, puzzle id), by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzles_tried_by(&self, account: &str) -> Result<Vec<(String, String)>, Error> {
        let rows = sqlx::query(
            "SELECT family, puzzle_id FROM puzzle_attempts WHERE account_id = $1 ORDER BY puzzle_id",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("family")?, r.try_get("puzzle_id")?)))
            .collect()
    }
}
