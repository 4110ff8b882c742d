//! API tokens in the database: kept by their SHA-256, each with its
//! scopes and the session it acts through; and the bot flag of accounts.

use sqlx::{AnyConnection, Row};

use super::{Session, Store, session_of};
use crate::api::error::Error;

/// An API token as stored (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    /// Its id (shown, to revoke it by).
    pub id: String,
    /// The account it acts for.
    pub account_id: String,
    /// The session it acts through.
    pub session_id: String,
    /// What its owner wrote to know it by.
    pub description: String,
    /// Its scopes' names, separated by spaces.
    pub scopes: String,
    /// When it was made.
    pub created_at: i64,
}

impl Store {
    /// How many tokens `account` holds.
    ///
    /// # Errors
    /// A database error.
    pub async fn token_count(&self, conn: &mut AnyConnection, account: &str) -> Result<i64, Error> {
        Ok(
            sqlx::query("SELECT COUNT(*) AS n FROM api_tokens WHERE account_id = $1")
                .bind(account)
                .fetch_one(conn)
                .await?
                .try_get("n")?,
        )
    }

    /// Stores a token by its hash.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_token(
        &self,
        conn: &mut AnyConnection,
        row: &TokenRow,
        hash: &str,
    ) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO api_tokens (id, account_id, session_id, token_hash, description, scopes, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&row.id)
        .bind(&row.account_id)
        .bind(&row.session_id)
        .bind(hash)
        .bind(&row.description)
        .bind(&row.scopes)
        .bind(row.created_at)
        .execute(conn)
        .await?;
        Ok(())
    }

    /// `account`'s tokens, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn tokens_of(&self, account: &str) -> Result<Vec<TokenRow>, Error> {
        let rows = sqlx::query(
            "SELECT id, account_id, session_id, description, scopes, created_at FROM api_tokens \
             WHERE account_id = $1 ORDER BY created_at, id",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(TokenRow {
                    id: r.try_get("id")?,
                    account_id: r.try_get("account_id")?,
                    session_id: r.try_get("session_id")?,
                    description: r.try_get("description")?,
                    scopes: r.try_get("scopes")?,
                    created_at: r.try_get("created_at")?,
                })
            })
            .collect()
    }

    /// Deletes `account`'s token `id`; its session's id, or `None` if the
    /// account has no such token.
    ///
    /// # Errors
    /// A database error.
    pub async fn delete_token(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        id: &str,
    ) -> Result<Option<String>, Error> {
        let session: Option<String> =
            sqlx::query("SELECT session_id FROM api_tokens WHERE id = $1 AND account_id = $2")
                .bind(id)
                .bind(account)
                .fetch_optional(&mut *conn)
                .await?
                .map(|r| r.try_get("session_id"))
                .transpose()?;
        if session.is_some() {
            sqlx::query("DELETE FROM api_tokens WHERE id = $1")
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        Ok(session)
    }

    /// The session and scopes of the token whose hash is `hash` (none once
    /// revoked, or once its session ended: a password change or the
    /// account's deletion signs every other session out).
    ///
    /// # Errors
    /// A database error.
    pub async fn session_by_token_hash(
        &self,
        hash: &str,
    ) -> Result<Option<(Session, String)>, Error> {
        let row = sqlx::query(
            "SELECT s.id, s.token, s.name, s.account_id, COALESCE(a.bot, 0) AS bot, t.scopes \
             FROM api_tokens t JOIN sessions s ON s.id = t.session_id \
             LEFT JOIN accounts a ON a.id = s.account_id WHERE t.token_hash = $1",
        )
        .bind(hash)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let session = session_of(&row)?;
        let scopes: String = row.try_get("scopes")?;
        Ok(Some((session, scopes)))
    }

    /// Whether `account` has sat at any game (a bot must start afresh).
    ///
    /// # Errors
    /// A database error.
    pub async fn has_played(&self, account: &str) -> Result<bool, Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE south_account = $1 OR north_account = $1",
        )
        .bind(account)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("n")? > 0)
    }

    /// Makes `account` a bot; the ids of its sessions (to forget).
    ///
    /// # Errors
    /// A database error.
    pub async fn make_bot(
        &self,
        conn: &mut AnyConnection,
        account: &str,
    ) -> Result<Vec<String>, Error> {
        sqlx::query("UPDATE accounts SET bot = 1 WHERE id = $1")
            .bind(account)
            .execute(&mut *conn)
            .await?;
        let rows = sqlx::query("SELECT id FROM sessions WHERE account_id = $1")
            .bind(account)
            .fetch_all(&mut *conn)
            .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }
}
