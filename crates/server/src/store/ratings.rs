//! Ratings in the database: each account's Glicko-2 rating per pool,
//! locked for the update at a rated game's end, and the history of each
//! rated game's result.

use sqlx::{AnyConnection, Row};

use super::{Store, for_update};
use crate::api::error::Error;
use crate::ratings::{Rating, START};

/// An account's rating in a pool as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    /// The rating.
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: i64,
    /// When the last one ended (ms since the epoch); when the row was
    /// made for a new player.
    pub rated_at: i64,
}

impl Store {
    /// `account`'s rating in `pool`, locked for the transaction; a new
    /// player's (stored first, so that the lock holds) if it has none.
    ///
    /// # Errors
    /// A database error.
    pub async fn lock_rating(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        pool: &str,
        now: i64,
    ) -> Result<StoredRating, Error> {
        sqlx::query(
            "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, rated_at) \
             VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (account_id, pool) DO NOTHING",
        )
        .bind(account)
        .bind(pool)
        .bind(START.rating)
        .bind(START.deviation)
        .bind(START.volatility)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        let row = sqlx::query(&format!(
            "SELECT rating, deviation, volatility, games, rated_at FROM ratings \
             WHERE account_id = $1 AND pool = $2{}",
            for_update(self.backend)
        ))
        .bind(account)
        .bind(pool)
        .fetch_one(&mut *conn)
        .await?;
        stored_of(&row)
    }

    /// `account`'s rating in `pool`, if it has played there.
    ///
    /// # Errors
    /// A database error.
    pub async fn rating(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        pool: &str,
    ) -> Result<Option<StoredRating>, Error> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games, rated_at FROM ratings \
             WHERE account_id = $1 AND pool = $2",
        )
        .bind(account)
        .bind(pool)
        .fetch_optional(conn)
        .await?;
        row.as_ref().map(stored_of).transpose()
    }

    /// Stores `account`'s rating in `pool` after rated game `game`, and
    /// the history's point.
    ///
    /// # Errors
    /// A database error.
    pub async fn store_rating(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        pool: &str,
        game: &str,
        after: &StoredRating,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, rated_at = $5 \
             WHERE account_id = $6 AND pool = $7",
        )
        .bind(after.rating.rating)
        .bind(after.rating.deviation)
        .bind(after.rating.volatility)
        .bind(after.games)
        .bind(after.rated_at)
        .bind(account)
        .bind(pool)
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (account_id, pool, game_id, at, rating, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(account)
        .bind(pool)
        .bind(game)
        .bind(after.rated_at)
        .bind(after.rating.rating)
        .bind(after.rating.deviation)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    /// Every rating of `account`, by pool name.
    ///
    /// # Errors
    /// A database error.
    pub async fn ratings_of(&self, account: &str) -> Result<Vec<(String, StoredRating)>, Error> {
        let rows = sqlx::query(
            "SELECT pool, rating, deviation, volatility, games, rated_at FROM ratings \
             WHERE account_id = $1 AND games > 0 ORDER BY pool",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("pool")?, stored_of(r)?)))
            .collect()
    }

    /// `account`'s rating after each rated game in `pool`, oldest first:
    /// (when, rating, deviation, game).
    ///
    /// # Errors
    /// A database error.
    pub async fn rating_history(
        &self,
        account: &str,
        pool: &str,
    ) -> Result<Vec<(i64, f64, f64, String)>, Error> {
        let rows = sqlx::query(
            "SELECT at, rating, deviation, game_id FROM rating_history \
             WHERE account_id = $1 AND pool = $2 ORDER BY at, game_id",
        )
        .bind(account)
        .bind(pool)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("at")?,
                    r.try_get("rating")?,
                    r.try_get("deviation")?,
                    r.try_get("game_id")?,
                ))
            })
            .collect()
    }

    /// The best `limit` players of `pool` whose rating is established
    /// (deviation at most `max_deviation`) and who played a rated game
    /// there since `since`: (name, rating).
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard(
        &self,
        pool: &str,
        max_deviation: f64,
        since: i64,
        limit: i64,
    ) -> Result<Vec<(String, StoredRating)>, Error> {
        let rows = sqlx::query(
            "SELECT a.name AS name, r.rating AS rating, r.deviation AS deviation, \
             r.volatility AS volatility, r.games AS games, r.rated_at AS rated_at \
             FROM ratings r JOIN accounts a ON a.id = r.account_id \
             WHERE r.pool = $1 AND r.deviation <= $2 AND r.rated_at >= $3 AND a.deleted_at IS NULL \
             ORDER BY r.rating DESC, a.name LIMIT $4",
        )
        .bind(pool)
        .bind(max_deviation)
        .bind(since)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("name")?, stored_of(r)?)))
            .collect()
    }

    /// Forgets a deleted account's ratings and their history, puzzle
    /// ratings and attempts included.
    ///
    /// # Errors
    /// A database error.
    pub async fn delete_ratings(
        &self,
        conn: &mut AnyConnection,
        account: &str,
    ) -> Result<(), Error> {
        for table in [
            "ratings",
            "rating_history",
            "puzzle_ratings",
            "puzzle_attempts",
        ] {
            sqlx::query(&format!("DELETE FROM {table} WHERE account_id = $1"))
                .bind(account)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }
}

pub(super) fn stored_of(row: &sqlx::any::AnyRow) -> Result<StoredRating, Error> {
    Ok(StoredRating {
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        games: row.try_get("games")?,
        rated_at: row.try_get("rated_at")?,
    })
}
