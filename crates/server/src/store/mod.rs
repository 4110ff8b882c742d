//! The database: sessions, tables, games and moves, on SQLite or
//! PostgreSQL through one code path (sqlx's `Any` driver). The SQL is the
//! same for both except for row locks, which only PostgreSQL needs.

mod games;
mod migrate;
mod presence;
mod tables;

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};

pub use tables::TableRow;

use crate::api::error::Error;

/// Which database is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One embedded file, one process.
    Sqlite,
    /// A server that several processes may share.
    Postgres,
}

/// A guest: a name and the secret token its cookie carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// Public id.
    pub id: String,
    /// The cookie's secret.
    pub token: String,
    /// The name shown at the board.
    pub name: String,
}

/// The connection pool and what it talks to.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
}

impl Store {
    /// Connects to `url` (`sqlite:` or `postgres:`) and runs the
    /// migrations.
    ///
    /// # Errors
    /// An unknown scheme, or a database that cannot be reached or migrated.
    pub async fn connect(url: &str) -> Result<Store, Error> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(Error::bad(format!(
                "unsupported database URL {url:?}: expected sqlite://FILE or postgres://…"
            )));
        };
        let options = AnyConnectOptions::from_str(url).map_err(Error::bad)?;
        let pool = match backend {
            // One writer at a time is SQLite's nature: one connection,
            // kept for the life of the process, avoids "database is
            // locked" between our own connections.
            Backend::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
                    .acquire_timeout(Duration::from_secs(30))
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA synchronous = NORMAL").await?;
                            conn.execute("PRAGMA busy_timeout = 5000").await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(Duration::from_secs(30))
                    .connect_with(options)
                    .await?
            }
        };
        let migrator = migrate::migrator()
            .await
            .map_err(|e| Error::Internal(format!("migrations: {e}")))?;
        migrator
            .run(&pool)
            .await
            .map_err(|e| Error::Internal(format!("migrations: {e}")))?;
        Ok(Store {
            pool,
            backend,
            url: url.to_owned(),
        })
    }

    /// Which database this is.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL connected to.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The pool, for transactions.
    #[must_use]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes the pool (waits for connections in use).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Checks the database answers.
    ///
    /// # Errors
    /// When it does not.
    pub async fn ping(&self) -> Result<(), Error> {
        let row = sqlx::query("SELECT 1 AS one").fetch_one(&self.pool).await?;
        let one: i32 = row.try_get("one").or_else(|_| {
            row.try_get::<i64, _>("one")
                .map(|v| i32::try_from(v).unwrap_or(0))
        })?;
        if one == 1 {
            Ok(())
        } else {
            Err(Error::Internal("SELECT 1 answered otherwise".to_owned()))
        }
    }

    /// Stores a new session.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_session(&self, session: &Session, now: i64) -> Result<(), Error> {
        sqlx::query("INSERT INTO sessions (id, token, name, created_at) VALUES ($1, $2, $3, $4)")
            .bind(&session.id)
            .bind(&session.token)
            .bind(&session.name)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Renames a session.
    ///
    /// # Errors
    /// A database error.
    pub async fn rename_session(&self, id: &str, name: &str) -> Result<(), Error> {
        sqlx::query("UPDATE sessions SET name = $1 WHERE id = $2")
            .bind(name)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The session a cookie's token names.
    ///
    /// # Errors
    /// A database error.
    pub async fn session_by_token(&self, token: &str) -> Result<Option<Session>, Error> {
        let row = sqlx::query("SELECT id, token, name FROM sessions WHERE token = $1")
            .bind(token)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| {
            Ok(Session {
                id: r.try_get("id")?,
                token: r.try_get("token")?,
                name: r.try_get("name")?,
            })
        })
        .transpose()
    }
}

/// ` FOR UPDATE` on PostgreSQL (a row lock for the transaction), nothing
/// on SQLite (whose one connection already serialises writers).
fn for_update(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    }
}
