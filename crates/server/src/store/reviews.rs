//! Game reviews in the database: the claim of the process that computes
//! a review (taken over when that process is gone), its progress, and the
//! review once done.

use sqlx::Row;

use super::Store;
use crate::api::error::Error;

/// A review's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewRow {
    /// The process computing it (or that computed it).
    pub process_id: String,
    /// The depth of its searches.
    pub depth: u32,
    /// Plies to analyse.
    pub plies: u32,
    /// Plies analysed so far.
    pub done: u32,
    /// The review as JSON, once done.
    pub result: Option<String>,
}

impl Store {
    /// The review of `game`, done or under way, if one was asked for.
    ///
    /// # Errors
    /// A database error.
    pub async fn review(&self, game: &str) -> Result<Option<ReviewRow>, Error> {
        let row = sqlx::query(
            "SELECT process_id, depth, plies, done, result FROM reviews WHERE game_id = $1",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            let count = |name: &str| -> Result<u32, Error> {
                Ok(u32::try_from(r.try_get::<i64, _>(name)?).unwrap_or(0))
            };
            Ok(ReviewRow {
                process_id: r.try_get("process_id")?,
                depth: count("depth")?,
                plies: count("plies")?,
                done: count("done")?,
                result: r.try_get("result")?,
            })
        })
        .transpose()
    }

    /// Whether `process` is alive (in `processes`: not yet buried).
    ///
    /// # Errors
    /// A database error.
    pub async fn process_alive(&self, process: &str) -> Result<bool, Error> {
        let row = sqlx::query("SELECT 1 FROM processes WHERE id = $1")
            .bind(process)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Makes the review of `game` `process`'s to compute: a new one, or
    /// one whose process is no longer alive (not in `processes`); whether
    /// it did. Only one process can win the claim.
    ///
    /// # Errors
    /// A database error.
    pub async fn claim_review(
        &self,
        game: &str,
        process: &str,
        depth: u32,
        plies: u32,
        now: i64,
    ) -> Result<bool, Error> {
        // A new review, else one whose process died: both take the same
        // values.
        for claim in [
            "INSERT INTO reviews (game_id, process_id, depth, plies, done, requested_at) \
             VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (game_id) DO NOTHING",
            "UPDATE reviews SET process_id = $2, depth = $3, plies = $4, done = 0, \
             requested_at = $5 \
             WHERE game_id = $1 AND result IS NULL AND process_id <> $2 \
             AND NOT EXISTS (SELECT 1 FROM processes WHERE processes.id = reviews.process_id)",
        ] {
            let claimed = sqlx::query(claim)
                .bind(game)
                .bind(process)
                .bind(i64::from(depth))
                .bind(i64::from(plies))
                .bind(now)
                .execute(&self.pool)
                .await?;
            if claimed.rows_affected() == 1 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Records that `process` has analysed `done` plies of `game`'s review.
    ///
    /// # Errors
    /// A database error.
    pub async fn review_progress(&self, game: &str, process: &str, done: u32) -> Result<(), Error> {
        sqlx::query("UPDATE reviews SET done = $3 WHERE game_id = $1 AND process_id = $2")
            .bind(game)
            .bind(process)
            .bind(i64::from(done))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores `game`'s finished review (JSON), computed by `process`.
    ///
    /// # Errors
    /// A database error.
    pub async fn finish_review(
        &self,
        game: &str,
        process: &str,
        result: &str,
        now: i64,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE reviews SET result = $3, done = plies, finished_at = $4 \
             WHERE game_id = $1 AND process_id = $2",
        )
        .bind(game)
        .bind(process)
        .bind(result)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Gives up `process`'s claim on `game`'s unfinished review (its
    /// computation failed), so that the next request starts it again.
    ///
    /// # Errors
    /// A database error.
    pub async fn drop_review(&self, game: &str, process: &str) -> Result<(), Error> {
        sqlx::query(
            "DELETE FROM reviews WHERE game_id = $1 AND process_id = $2 AND result IS NULL",
        )
        .bind(game)
        .bind(process)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
