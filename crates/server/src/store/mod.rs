//! The database: sessions, tables, games and moves, on SQLite or
//! PostgreSQL through one code path (sqlx's `Any` driver). The SQL is the
//! same for both except for row locks, which only PostgreSQL needs.

mod accounts;
mod archive;
mod chat;
mod commit;
mod games;
mod lobby;
mod migrate;
mod presence;
mod puzzles;
mod ratings;
mod reviews;
mod seeks;
mod tokens;

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};

pub use accounts::{AccountRow, Touched};
pub use archive::{Filter, GameSummary, PlayerSummary};
pub use chat::ChatMessage;
pub use lobby::TableRow;
pub use ratings::StoredRating;
pub use reviews::ReviewRow;
pub use seeks::SeekRow;
pub use tokens::TokenRow;

use crate::api::error::Error;
use crate::text::text;

/// Which database is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One embedded file, one process.
    Sqlite,
    /// A server that several processes may share.
    Postgres,
}

/// A browser's session: the secret token its cookie carries, the name
/// shown at the board, and the account signed in to, if any (a guest has
/// none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// Public id.
    pub id: String,
    /// The cookie's secret.
    pub token: String,
    /// The name shown at the board (the account's name when signed in).
    pub name: String,
    /// The account signed in to.
    pub account_id: Option<String>,
    /// The account is a bot's.
    pub bot: bool,
}

impl Session {
    /// Who takes seats and tables: the account when signed in (any
    /// browser signed in to it plays them), else this session.
    #[must_use]
    pub fn player(&self) -> &str {
        self.account_id.as_deref().unwrap_or(&self.id)
    }

    /// Every id a seat of this session's may be held by: the account's,
    /// then the session's own (seats it took as a guest before signing in).
    pub fn holders(&self) -> impl Iterator<Item = &str> {
        self.account_id
            .as_deref()
            .into_iter()
            .chain([self.id.as_str()])
    }

    /// The side this session plays in `state`, if any.
    #[must_use]
    pub fn side_in(&self, state: &crate::referee::GameState) -> Option<wari_rules::Side> {
        self.holders().find_map(|id| state.side_of(id))
    }

    /// Whether `id` (a table's creator, a seek's player) is this session's.
    #[must_use]
    pub fn is(&self, id: &str) -> bool {
        self.holders().any(|h| h == id)
    }
}

/// The connection pool and what it talks to.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    committer: commit::Committer,
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
            return Err(Error::bad(text!(
                "err-database-url",
                url = format!("{:?}", url)
            )));
        };
        let url = match backend {
            Backend::Sqlite => sqlite_url(url)?,
            Backend::Postgres => url.to_owned(),
        };
        let url = url.as_str();
        let options = AnyConnectOptions::from_str(url)
            .map_err(|e| Error::bad(text!("err-refused", detail = e)))?;
        if backend == Backend::Postgres {
            reach(url, &options).await?;
        }
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
                    // A file does not hang up: no round trip to the
                    // connection's thread before each use.
                    .test_before_acquire(false)
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
            committer: commit::Committer::start(pool.clone(), backend),
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

    /// Stores a new session inside a transaction.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_session_in(
        &self,
        conn: &mut sqlx::AnyConnection,
        session: &Session,
        now: i64,
    ) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO sessions (id, token, name, created_at, account_id) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&session.id)
        .bind(&session.token)
        .bind(&session.name)
        .bind(now)
        .bind(session.account_id.clone())
        .execute(conn)
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
        let row = sqlx::query(&format!("{SESSION_SELECT} WHERE s.token = $1"))
            .bind(token)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(session_of).transpose()
    }
}

/// A session with its account's bot flag, as [`session_of`] reads it.
pub(crate) const SESSION_SELECT: &str = "SELECT s.id, s.token, s.name, s.account_id, COALESCE(a.bot, 0) AS bot \
     FROM sessions s LEFT JOIN accounts a ON a.id = s.account_id";

/// A session read with [`SESSION_SELECT`].
pub(crate) fn session_of(r: &sqlx::any::AnyRow) -> Result<Session, Error> {
    Ok(Session {
        id: r.try_get("id")?,
        token: r.try_get("token")?,
        name: r.try_get("name")?,
        account_id: r.try_get("account_id")?,
        bot: r.try_get::<i64, _>("bot")? != 0,
    })
}

/// ` FOR UPDATE` on PostgreSQL (a row lock for the transaction), nothing
/// on SQLite (whose one connection already serialises writers).
pub(crate) fn for_update(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    }
}

/// How long a first connection to PostgreSQL may take before the server
/// gives up, rather than the pool's 30 s of silent retries.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A SQLite URL that creates its file when missing (`mode=rwc`, as the
/// default `sqlite://wari.db?mode=rwc` does) unless it asks for another
/// mode; the directory must exist.
fn sqlite_url(url: &str) -> Result<String, Error> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path.is_empty() || path.starts_with(':') {
        // `sqlite::memory:`.
        return Ok(url.to_owned());
    }
    let dir = std::path::Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir
        && !dir.is_dir()
    {
        return Err(Error::Unavailable(format!(
            "cannot open the database {path}: there is no directory {}",
            dir.display()
        )));
    }
    Ok(if query.split('&').any(|p| p.starts_with("mode=")) {
        url.to_owned()
    } else if query.is_empty() {
        format!("{}?mode=rwc", url.trim_end_matches('?'))
    } else {
        format!("{url}&mode=rwc")
    })
}

/// Opens one connection to PostgreSQL within [`CONNECT_TIMEOUT`], so an
/// unreachable server is an error naming the host and the cause.
async fn reach(url: &str, options: &AnyConnectOptions) -> Result<(), Error> {
    use sqlx::Connection;
    // postgres://USER:PASSWORD@HOST:PORT/DB: the host and port alone.
    let after = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = after.split(['/', '?']).next().unwrap_or(after);
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if host.is_empty() { "localhost" } else { host };
    match tokio::time::timeout(CONNECT_TIMEOUT, sqlx::AnyConnection::connect_with(options)).await {
        Err(_) => Err(Error::Unavailable(format!(
            "cannot reach the database at {host}: no answer within {} s",
            CONNECT_TIMEOUT.as_secs()
        ))),
        Ok(Err(e)) => Err(Error::Unavailable(format!(
            "cannot connect to the database at {host}: {}",
            crate::api::error::one_line(e)
        ))),
        Ok(Ok(connection)) => {
            // Only a test: the pool makes its own connections.
            let _ = connection.close().await;
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sqlite_file_named_by_the_user_is_created_like_the_default() {
        assert_eq!(
            sqlite_url("sqlite://wari.db").unwrap(),
            "sqlite://wari.db?mode=rwc"
        );
        assert_eq!(
            sqlite_url("sqlite:///tmp/w.db").unwrap(),
            "sqlite:///tmp/w.db?mode=rwc"
        );
        assert_eq!(
            sqlite_url("sqlite:///tmp/w.db?cache=shared").unwrap(),
            "sqlite:///tmp/w.db?cache=shared&mode=rwc"
        );
        // A mode asked for is kept.
        assert_eq!(
            sqlite_url("sqlite://w.db?mode=ro").unwrap(),
            "sqlite://w.db?mode=ro"
        );
        assert_eq!(sqlite_url("sqlite::memory:").unwrap(), "sqlite::memory:");
        let err = sqlite_url("sqlite:///no/such/dir/w.db")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "cannot open the database /no/such/dir/w.db: there is no directory /no/such/dir"
        );
    }
}
