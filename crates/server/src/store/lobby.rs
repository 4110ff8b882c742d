//! Tables in the database: created with their game, listed in the lobby
//! while a seat is free, found by invite token.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};
use wari_rules::Side;

use super::Store;
use crate::api::error::Error;
use crate::clock::Clock;
use crate::lobby::OpenSince;

/// A table as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The table's id.
    pub id: String,
    /// The game played at it.
    pub game_id: String,
    /// The rules string.
    pub rules: String,
    /// Who created it.
    pub creator_session: String,
    /// The creator's name.
    pub creator_name: String,
    /// The creator's side.
    pub creator_side: Side,
    /// `computer` or `human`.
    pub opponent_kind: String,
    /// The computer's level.
    pub level: Option<u8>,
    /// Reached only through its invite link.
    pub private: bool,
    /// The invite link's token (private tables).
    pub invite_token: Option<String>,
    /// The time control (the clock the game starts with).
    pub clock: Option<Clock>,
    /// Rated: for signed-in players, the result changes their ratings.
    pub rated: bool,
    /// The ratings (in the table's pool) a player must have to join.
    pub rating_range: Option<(i32, i32)>,
    /// A challenge: the account (id, name) the table is for.
    pub challenged: Option<(String, String)>,
    /// A bot plays at it (its creator, or the account challenged): its
    /// rated game is rated in the bots' list.
    pub bots: bool,
    /// `open` (a seat free) or `started`.
    pub status: String,
    /// When it was created (ms since the epoch).
    pub created_at: i64,
    /// The address it was created from (open tables are capped per
    /// address too); never shown.
    pub creator_address: Option<String>,
}

/// An open table not expired: created since `$1` (live) or, with days a
/// move, since `$2` (correspondence), as [`OpenSince`] says.
pub(super) const NOT_EXPIRED: &str =
    "(created_at >= $1 OR (clock_per_move <> 0 AND created_at >= $2))";

const COLUMNS: &str = "id, game_id, rules, creator_session, creator_name, creator_side, \
    opponent_kind, level, private, invite_token, clock_initial_ms, clock_increment_ms, status, created_at, \
    clock_per_move, rated, rating_min, rating_max, challenged, challenged_name, \
    creator_address, bots";

impl Store {
    /// Stores a new table.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_table(&self, conn: &mut AnyConnection, t: &TableRow) -> Result<(), Error> {
        sqlx::query(&format!(
            "INSERT INTO tables ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, \
             $15, $16, $17, $18, $19, $20, $21, $22)"
        ))
        .bind(&t.id)
        .bind(&t.game_id)
        .bind(&t.rules)
        .bind(&t.creator_session)
        .bind(&t.creator_name)
        .bind(t.creator_side.letter().to_string())
        .bind(&t.opponent_kind)
        .bind(t.level.map(i64::from))
        .bind(i64::from(t.private))
        .bind(t.invite_token.clone())
        .bind(t.clock.map(|c| c.initial_ms))
        .bind(t.clock.map(|c| c.increment_ms))
        .bind(&t.status)
        .bind(t.created_at)
        .bind(i64::from(t.clock.is_some_and(|c| c.per_move)))
        .bind(i64::from(t.rated))
        .bind(t.rating_range.map(|r| i64::from(r.0)))
        .bind(t.rating_range.map(|r| i64::from(r.1)))
        .bind(t.challenged.as_ref().map(|c| c.0.clone()))
        .bind(t.challenged.as_ref().map(|c| c.1.clone()))
        .bind(t.creator_address.clone())
        .bind(i64::from(t.bots))
        .execute(conn)
        .await?;
        Ok(())
    }

    /// Marks a table's seat taken.
    ///
    /// # Errors
    /// A database error.
    pub async fn start_table(&self, conn: &mut AnyConnection, id: &str) -> Result<(), Error> {
        sqlx::query("UPDATE tables SET status = 'started' WHERE id = $1")
            .bind(id)
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Deletes `table` and its game if nobody has taken the seat; false
    /// if someone has.
    ///
    /// # Errors
    /// A database error.
    pub async fn delete_open_table(
        &self,
        conn: &mut AnyConnection,
        table: &TableRow,
    ) -> Result<bool, Error> {
        let deleted = sqlx::query("DELETE FROM tables WHERE id = $1 AND status = 'open'")
            .bind(&table.id)
            .execute(&mut *conn)
            .await?
            .rows_affected();
        if deleted == 0 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM games WHERE id = $1 AND status = 'waiting'")
            .bind(&table.game_id)
            .execute(&mut *conn)
            .await?;
        Ok(true)
    }

    /// A table by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn table(&self, id: &str) -> Result<Option<TableRow>, Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tables WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(table_of).transpose()
    }

    /// A table by its invite token.
    ///
    /// # Errors
    /// A database error.
    pub async fn table_by_invite(&self, token: &str) -> Result<Option<TableRow>, Error> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tables WHERE invite_token = $1"
        ))
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(table_of).transpose()
    }

    /// The open tables challenging `account`, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn challenges_for(&self, account: &str) -> Result<Vec<TableRow>, Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tables WHERE challenged = $1 AND status = 'open' \
             ORDER BY created_at, id"
        ))
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(table_of).collect()
    }

    /// The open challenges `creator` (an account) made, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn challenges_by(&self, creator: &str) -> Result<Vec<TableRow>, Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tables WHERE creator_session = $1 AND challenged IS NOT NULL \
             AND status = 'open' ORDER BY created_at, id"
        ))
        .bind(creator)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(table_of).collect()
    }

    /// Public tables with a free seat created since `since` (not
    /// expired), newest first (their creators are likelier to be waiting).
    ///
    /// # Errors
    /// A database error.
    pub async fn open_tables(&self, since: OpenSince, limit: i64) -> Result<Vec<TableRow>, Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tables WHERE status = 'open' AND private = 0 \
             AND {NOT_EXPIRED} ORDER BY created_at DESC, id DESC LIMIT $3"
        ))
        .bind(since.live)
        .bind(since.correspondence)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(table_of).collect()
    }
}

impl Store {
    /// The open tables (public or private) created since `since` by
    /// `session`, and from `address`.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_tables_of(
        &self,
        session: &str,
        address: &str,
        since: OpenSince,
    ) -> Result<(i64, i64), Error> {
        let count = |column: &'static str, value: String| async move {
            let row = sqlx::query(&format!(
                "SELECT COUNT(*) AS n FROM tables WHERE status = 'open' AND {NOT_EXPIRED} \
                 AND {column} = $3"
            ))
            .bind(since.live)
            .bind(since.correspondence)
            .bind(value)
            .fetch_one(&self.pool)
            .await?;
            row.try_get::<i64, _>("n").map_err(Error::from)
        };
        Ok((
            count("creator_session", session.to_owned()).await?,
            count("creator_address", address.to_owned()).await?,
        ))
    }
}

fn table_of(row: &AnyRow) -> Result<TableRow, Error> {
    let side: String = row.try_get("creator_side")?;
    let initial: Option<i64> = row.try_get("clock_initial_ms")?;
    let increment: Option<i64> = row.try_get("clock_increment_ms")?;
    let per_move: i64 = row.try_get("clock_per_move")?;
    let min: Option<i64> = row.try_get("rating_min")?;
    let max: Option<i64> = row.try_get("rating_max")?;
    Ok(TableRow {
        id: row.try_get("id")?,
        game_id: row.try_get("game_id")?,
        rules: row.try_get("rules")?,
        creator_session: row.try_get("creator_session")?,
        creator_name: row.try_get("creator_name")?,
        creator_side: side
            .chars()
            .next()
            .and_then(Side::from_letter)
            .unwrap_or(Side::South),
        opponent_kind: row.try_get("opponent_kind")?,
        level: row
            .try_get::<Option<i64>, _>("level")?
            .and_then(|l| u8::try_from(l).ok()),
        private: row.try_get::<i64, _>("private")? != 0,
        invite_token: row.try_get("invite_token")?,
        clock: initial.zip(increment).map(|(initial, increment)| Clock {
            per_move: per_move != 0,
            ..Clock::new(initial, increment)
        }),
        status: row.try_get("status")?,
        created_at: row.try_get("created_at")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        challenged: row
            .try_get::<Option<String>, _>("challenged")?
            .zip(row.try_get::<Option<String>, _>("challenged_name")?),
        rating_range: min.zip(max).map(|(a, b)| {
            (
                i32::try_from(a).unwrap_or(i32::MIN),
                i32::try_from(b).unwrap_or(i32::MAX),
            )
        }),
        creator_address: row.try_get("creator_address")?,
        bots: row.try_get::<i64, _>("bots")? != 0,
    })
}
