//! Tables in the database: created with their game, listed in the lobby
//! while a seat is free, found by invite token.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};
use wari_rules::Side;

use super::Store;
use crate::api::error::Error;

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
    /// Initial time and increment, in ms.
    pub clock: Option<(i64, i64)>,
    /// `open` (a seat free) or `started`.
    pub status: String,
    /// When it was created (ms since the epoch).
    pub created_at: i64,
}

const COLUMNS: &str = "id, game_id, rules, creator_session, creator_name, creator_side, \
    opponent_kind, level, private, invite_token, clock_initial_ms, clock_increment_ms, status, created_at";

impl Store {
    /// Stores a new table.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_table(&self, conn: &mut AnyConnection, t: &TableRow) -> Result<(), Error> {
        sqlx::query(&format!(
            "INSERT INTO tables ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
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
        .bind(t.clock.map(|c| c.0))
        .bind(t.clock.map(|c| c.1))
        .bind(&t.status)
        .bind(t.created_at)
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

    /// Public tables with a free seat, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_tables(&self, limit: i64) -> Result<Vec<TableRow>, Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tables WHERE status = 'open' AND private = 0 \
             ORDER BY created_at, id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(table_of).collect()
    }
}

fn table_of(row: &AnyRow) -> Result<TableRow, Error> {
    let side: String = row.try_get("creator_side")?;
    let initial: Option<i64> = row.try_get("clock_initial_ms")?;
    let increment: Option<i64> = row.try_get("clock_increment_ms")?;
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
        clock: initial.zip(increment),
        status: row.try_get("status")?,
        created_at: row.try_get("created_at")?,
    })
}
