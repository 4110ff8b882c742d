//! Seeks in the database: a player waiting in a quick-pairing pool, paired
//! at most once (a conditional update that only an open seek passes), and
//! the last opponent each player was paired with.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::Store;
use crate::api::error::Error;

/// A seek as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Its id.
    pub id: String,
    /// The quick pool, `abapa-5+3`.
    pub pool: String,
    /// The player: an account's id, or a guest session's.
    pub player: String,
    /// The account, if signed in (a rated seek).
    pub account_id: Option<String>,
    /// The name shown.
    pub name: String,
    /// The rating in the pool's rating pool when it was made.
    pub rating: i64,
    /// `open`, `paired` or `cancelled`.
    pub status: String,
    /// The game it was paired into.
    pub game_id: Option<String>,
    /// When it was made, and when its player was last seen.
    pub created_at: i64,
    /// When its player was last seen (a stream open, a look at the seek).
    pub seen_at: i64,
}

const COLUMNS: &str =
    "id, pool, player, account_id, name, rating, status, game_id, created_at, seen_at";

fn seek_of(row: &AnyRow) -> Result<SeekRow, Error> {
    Ok(SeekRow {
        id: row.try_get("id")?,
        pool: row.try_get("pool")?,
        player: row.try_get("player")?,
        account_id: row.try_get("account_id")?,
        name: row.try_get("name")?,
        rating: row.try_get("rating")?,
        status: row.try_get("status")?,
        game_id: row.try_get("game_id")?,
        created_at: row.try_get("created_at")?,
        seen_at: row.try_get("seen_at")?,
    })
}

impl Store {
    /// Stores a new open seek, after cancelling the player's other open
    /// seeks (one pool at a time).
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_seek(&self, seek: &SeekRow) -> Result<(), Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE seeks SET status = 'cancelled' WHERE player = $1 AND status = 'open'")
            .bind(&seek.player)
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!(
            "INSERT INTO seeks ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
        ))
        .bind(&seek.id)
        .bind(&seek.pool)
        .bind(&seek.player)
        .bind(seek.account_id.clone())
        .bind(&seek.name)
        .bind(seek.rating)
        .bind(&seek.status)
        .bind(seek.game_id.clone())
        .bind(seek.created_at)
        .bind(seek.seen_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The seek `id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM seeks WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(seek_of).transpose()
    }

    /// Marks `player`'s open seeks seen at `now`.
    ///
    /// # Errors
    /// A database error.
    pub async fn seen_seeking(&self, player: &str, now: i64) -> Result<(), Error> {
        sqlx::query("UPDATE seeks SET seen_at = $1 WHERE player = $2 AND status = 'open'")
            .bind(now)
            .bind(player)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Cancels seek `id` if it is still open; false if it was paired or
    /// cancelled already.
    ///
    /// # Errors
    /// A database error.
    pub async fn cancel_seek(&self, id: &str) -> Result<bool, Error> {
        let done =
            sqlx::query("UPDATE seeks SET status = 'cancelled' WHERE id = $1 AND status = 'open'")
                .bind(id)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Cancels `player`'s open seeks (an account deleted).
    ///
    /// # Errors
    /// A database error.
    pub async fn cancel_seeks_of(
        &self,
        conn: &mut AnyConnection,
        player: &str,
    ) -> Result<(), Error> {
        sqlx::query("UPDATE seeks SET status = 'cancelled' WHERE player = $1 AND status = 'open'")
            .bind(player)
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Cancels the open seeks not seen since `before`.
    ///
    /// # Errors
    /// A database error.
    pub async fn cancel_unseen_seeks(&self, before: i64) -> Result<(), Error> {
        sqlx::query("UPDATE seeks SET status = 'cancelled' WHERE status = 'open' AND seen_at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The pools with two open seeks or more.
    ///
    /// # Errors
    /// A database error.
    pub async fn crowded_pools(&self) -> Result<Vec<String>, Error> {
        let rows = sqlx::query(
            "SELECT pool FROM seeks WHERE status = 'open' GROUP BY pool HAVING COUNT(*) > 1",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get("pool").map_err(Error::from))
            .collect()
    }

    /// Open seeks per pool: `(pool, all, rated)`, rated being the
    /// signed-in players' (the others are guests', paired with guests).
    ///
    /// # Errors
    /// A database error.
    pub async fn pool_counts(&self) -> Result<Vec<(String, i64, i64)>, Error> {
        let rows = sqlx::query(
            "SELECT pool, COUNT(*) AS n, COUNT(account_id) AS rated FROM seeks \
             WHERE status = 'open' GROUP BY pool",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("pool")?, r.try_get("n")?, r.try_get("rated")?)))
            .collect()
    }

    /// The open seeks of `pool` seen since `seen_since`, oldest first, with
    /// each player's last paired opponent.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_seeks(
        &self,
        conn: &mut AnyConnection,
        pool: &str,
        seen_since: i64,
    ) -> Result<Vec<(SeekRow, Option<String>)>, Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM seeks WHERE status = 'open' AND pool = $1 AND seen_at >= $2 \
             ORDER BY created_at, id"
        ))
        .bind(pool)
        .bind(seen_since)
        .fetch_all(&mut *conn)
        .await?;
        let mut seeks = Vec::with_capacity(rows.len());
        for row in &rows {
            let seek = seek_of(row)?;
            let last = sqlx::query(
                "SELECT opponent FROM seeks WHERE player = $1 AND status = 'paired' \
                 ORDER BY paired_at DESC LIMIT 1",
            )
            .bind(&seek.player)
            .fetch_optional(&mut *conn)
            .await?
            .map(|r| r.try_get::<Option<String>, _>("opponent"))
            .transpose()?
            .flatten();
            seeks.push((seek, last));
        }
        Ok(seeks)
    }

    /// Pairs seek `id` into `game` against `opponent`, if it is still
    /// open; false if another process paired or someone cancelled it.
    ///
    /// # Errors
    /// A database error.
    pub async fn pair_seek(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        game: &str,
        opponent: &str,
        now: i64,
    ) -> Result<bool, Error> {
        let done = sqlx::query(
            "UPDATE seeks SET status = 'paired', game_id = $1, opponent = $2, paired_at = $3 \
             WHERE id = $4 AND status = 'open'",
        )
        .bind(game)
        .bind(opponent)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes the pairing's lock on `pool` for the transaction (PostgreSQL),
    /// so that one process at a time pairs a pool.
    ///
    /// # Errors
    /// A database error.
    pub async fn lock_pool(&self, conn: &mut AnyConnection, pool: &str) -> Result<(), Error> {
        if self.backend == super::Backend::Postgres {
            let key = pool.bytes().fold(0x5741_5249_i64, |h, b| {
                h.wrapping_mul(31).wrapping_add(i64::from(b))
            });
            sqlx::query("SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock($1)) AS l")
                .bind(key)
                .fetch_one(conn)
                .await?;
        }
        Ok(())
    }
}
