//! Accounts in the database: the account (name, password hash), the
//! sessions signed in to it, the failed sign-ins counted against a name
//! or an address, a guest's games taken over at sign-up, and a deleted
//! account's games anonymised.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::Store;
use crate::accounts::DELETED_NAME;
use crate::api::error::Error;

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// Its id (random, never shown as a name).
    pub id: String,
    /// The name as chosen (case kept).
    pub name: String,
    /// The Argon2id PHC string; `None` once deleted.
    pub password_hash: Option<String>,
    /// When it was made (ms since the epoch).
    pub created_at: i64,
    /// When it was deleted.
    pub deleted_at: Option<i64>,
    /// A bot account (upgraded by `POST /api/bot/account/upgrade`).
    pub bot: bool,
}

/// A game whose seat changed hands, with its new version (for the rooms
/// holding it to reload).
pub type Touched = Vec<(String, i64)>;

const COLUMNS: &str = "id, name, password_hash, created_at, deleted_at, bot";

fn account_of(row: &AnyRow) -> Result<AccountRow, Error> {
    Ok(AccountRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        password_hash: row.try_get("password_hash")?,
        created_at: row.try_get("created_at")?,
        deleted_at: row.try_get("deleted_at")?,
        bot: row.try_get::<i64, _>("bot")? != 0,
    })
}

/// Whether a database error is a unique key refusing a duplicate.
pub fn is_duplicate(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

impl Store {
    /// Stores a new account; `Ok(false)` when the name (ignoring case) is
    /// taken.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_account(
        &self,
        conn: &mut AnyConnection,
        account: &AccountRow,
        name_key: &str,
    ) -> Result<bool, Error> {
        let inserted = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&account.id)
        .bind(&account.name)
        .bind(name_key)
        .bind(account.password_hash.clone())
        .bind(account.created_at)
        .execute(conn)
        .await;
        match inserted {
            Ok(_) => Ok(true),
            Err(e) if is_duplicate(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// The account named `name_key` (deleted ones too: their names stay
    /// reserved).
    ///
    /// # Errors
    /// A database error.
    pub async fn account_by_key(&self, name_key: &str) -> Result<Option<AccountRow>, Error> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM accounts WHERE name_key = $1"
        ))
        .bind(name_key)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(account_of).transpose()
    }

    /// The account with id `id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn account(&self, id: &str) -> Result<Option<AccountRow>, Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM accounts WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account_of).transpose()
    }

    /// The language account `id` chose for the site (a code of the
    /// manifest), if it chose one.
    ///
    /// # Errors
    /// A database error.
    pub async fn account_language(&self, id: &str) -> Result<Option<String>, Error> {
        let row = sqlx::query("SELECT language FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("language")).transpose()?.flatten())
    }

    /// Saves the language account `id` chose for the site.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_account_language(&self, id: &str, language: &str) -> Result<(), Error> {
        sqlx::query("UPDATE accounts SET language = $1 WHERE id = $2")
            .bind(language)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Replaces an account's password hash.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_password(&self, id: &str, hash: &str) -> Result<(), Error> {
        sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(hash)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Signs session `id` in to `account` under a new token (the old
    /// cookie stops working).
    ///
    /// # Errors
    /// A database error.
    pub async fn sign_in_session(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        token: &str,
        account: &AccountRow,
    ) -> Result<(), Error> {
        sqlx::query("UPDATE sessions SET token = $1, account_id = $2, name = $3 WHERE id = $4")
            .bind(token)
            .bind(&account.id)
            .bind(&account.name)
            .bind(id)
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Ends session `id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn delete_session(&self, conn: &mut AnyConnection, id: &str) -> Result<(), Error> {
        sqlx::query("DELETE FROM sessions WHERE id = $1")
            .bind(id)
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Ends every session of `account` but `keep`; returns the ids ended.
    ///
    /// # Errors
    /// A database error.
    pub async fn end_sessions(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        keep: Option<&str>,
    ) -> Result<Vec<String>, Error> {
        let keep = keep.unwrap_or("");
        let rows = sqlx::query("SELECT id FROM sessions WHERE account_id = $1 AND id <> $2")
            .bind(account)
            .bind(keep)
            .fetch_all(&mut *conn)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND id <> $2")
            .bind(account)
            .bind(keep)
            .execute(&mut *conn)
            .await?;
        ids(&rows)
    }

    /// Gives `account` the seats, tables and names that guest session
    /// `session` holds: its games become the account's. Returns the games
    /// changed (rooms holding one reload it).
    ///
    /// # Errors
    /// A database error.
    pub async fn take_over_guest(
        &self,
        conn: &mut AnyConnection,
        session: &str,
        account: &AccountRow,
    ) -> Result<Touched, Error> {
        let games =
            sqlx::query("SELECT id FROM games WHERE south_session = $1 OR north_session = $2")
                .bind(session)
                .bind(session)
                .fetch_all(&mut *conn)
                .await?;
        for side in ["south", "north"] {
            sqlx::query(&format!(
                "UPDATE games SET {side}_session = $1, {side}_account = $2, {side}_name = $3, \
                 version = version + 1 WHERE {side}_session = $4"
            ))
            .bind(&account.id)
            .bind(&account.id)
            .bind(&account.name)
            .bind(session)
            .execute(&mut *conn)
            .await?;
        }
        sqlx::query(
            "UPDATE tables SET creator_session = $1, creator_name = $2 WHERE creator_session = $3",
        )
        .bind(&account.id)
        .bind(&account.name)
        .bind(session)
        .execute(&mut *conn)
        .await?;
        self.versions(conn, &games).await
    }

    /// The versions of the games in `rows` (each with an `id`).
    async fn versions(&self, conn: &mut AnyConnection, rows: &[AnyRow]) -> Result<Touched, Error> {
        let mut touched = Vec::with_capacity(rows.len());
        for row in rows {
            let id: String = row.try_get("id")?;
            let version: i64 = sqlx::query("SELECT version FROM games WHERE id = $1")
                .bind(&id)
                .fetch_one(&mut *conn)
                .await?
                .try_get("version")?;
            touched.push((id, version));
        }
        Ok(touched)
    }

    /// Anonymises a deleted account: its name in every game and table
    /// becomes "Deleted player" and no game points to it any more; the
    /// account keeps its name (reserved) and loses its password. Returns
    /// every game changed (rooms holding one reload it).
    ///
    /// # Errors
    /// A database error.
    pub async fn anonymise_account(
        &self,
        conn: &mut AnyConnection,
        account: &str,
        now: i64,
    ) -> Result<Touched, Error> {
        let games =
            sqlx::query("SELECT id FROM games WHERE south_account = $1 OR north_account = $2")
                .bind(account)
                .bind(account)
                .fetch_all(&mut *conn)
                .await?;
        for side in ["south", "north"] {
            sqlx::query(&format!(
                "UPDATE games SET {side}_name = $1, {side}_session = NULL, {side}_account = NULL, \
                 version = version + 1 WHERE {side}_account = $2"
            ))
            .bind(DELETED_NAME)
            .bind(account)
            .execute(&mut *conn)
            .await?;
        }
        sqlx::query("UPDATE tables SET creator_name = $1 WHERE creator_session = $2")
            .bind(DELETED_NAME)
            .bind(account)
            .execute(&mut *conn)
            .await?;
        sqlx::query("UPDATE accounts SET password_hash = NULL, deleted_at = $1 WHERE id = $2")
            .bind(now)
            .bind(account)
            .execute(&mut *conn)
            .await?;
        self.versions(conn, &games).await
    }

    /// The games `account` sits at that are not finished.
    ///
    /// # Errors
    /// A database error.
    pub async fn games_in_progress_of(&self, account: &str) -> Result<Vec<String>, Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE (south_account = $1 OR north_account = $2) \
             AND status = 'playing'",
        )
        .bind(account)
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        ids(&rows)
    }

    /// The games being played at which `player` (an account's or a
    /// session's id) holds a seat, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn playing_games_of(&self, player: &str) -> Result<Vec<String>, Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' AND (south_session = $1 OR north_session = $2) \
             ORDER BY started_at, id",
        )
        .bind(player)
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        ids(&rows)
    }

    /// Removes the tables `player` opened that wait for an opponent, with
    /// their games (nothing was played at them).
    ///
    /// # Errors
    /// A database error.
    pub async fn close_open_tables(
        &self,
        conn: &mut AnyConnection,
        player: &str,
    ) -> Result<(), Error> {
        sqlx::query(
            "DELETE FROM games WHERE status = 'waiting' AND table_id IN \
             (SELECT id FROM tables WHERE creator_session = $1 AND status = 'open')",
        )
        .bind(player)
        .execute(&mut *conn)
        .await?;
        sqlx::query("DELETE FROM tables WHERE creator_session = $1 AND status = 'open'")
            .bind(player)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    /// Failed sign-ins counted against `scope` since `since`.
    ///
    /// # Errors
    /// A database error.
    pub async fn failures_since(&self, scope: &str, since: i64) -> Result<(i64, i64), Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, MIN(at) AS first FROM sign_in_failures WHERE scope = $1 AND at >= $2",
        )
        .bind(scope)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        let n: i64 = row.try_get("n")?;
        let first: Option<i64> = row.try_get("first")?;
        Ok((n, first.unwrap_or(since)))
    }

    /// Counts a failed sign-in against each of `scopes`.
    ///
    /// # Errors
    /// A database error.
    pub async fn add_failure(&self, scopes: &[&str], at: i64) -> Result<(), Error> {
        for scope in scopes {
            sqlx::query("INSERT INTO sign_in_failures (scope, at) VALUES ($1, $2)")
                .bind(*scope)
                .bind(at)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Forgets the failures counted against `scope` (a successful sign-in).
    ///
    /// # Errors
    /// A database error.
    pub async fn clear_failures(&self, scope: &str) -> Result<(), Error> {
        sqlx::query("DELETE FROM sign_in_failures WHERE scope = $1")
            .bind(scope)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets failures older than `before`.
    ///
    /// # Errors
    /// A database error.
    pub async fn prune_failures(&self, before: i64) -> Result<(), Error> {
        sqlx::query("DELETE FROM sign_in_failures WHERE at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// The `id` column of `rows`.
fn ids(rows: &[AnyRow]) -> Result<Vec<String>, Error> {
    rows.iter()
        .map(|r| r.try_get("id").map_err(Error::from))
        .collect()
}
