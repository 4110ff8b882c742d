//! Chat in the database: a game's messages by room, counted for the
//! limits, and the players who muted their opponent.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Store;
use crate::api::error::Error;

/// A chat message as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChatMessage {
    /// Its id.
    pub id: String,
    /// The game.
    pub game_id: String,
    /// `players` or `spectators`.
    pub room: String,
    /// Who wrote it (an account's or a guest session's id; not shown to
    /// clients).
    pub author: String,
    /// The name shown.
    pub name: String,
    /// The text.
    pub text: String,
    /// When (ms since the epoch).
    pub at: i64,
}

fn message_of(row: &AnyRow) -> Result<ChatMessage, Error> {
    Ok(ChatMessage {
        id: row.try_get("id")?,
        game_id: row.try_get("game_id")?,
        room: row.try_get("room")?,
        author: row.try_get("author")?,
        name: row.try_get("author_name")?,
        text: row.try_get("text")?,
        at: row.try_get("at")?,
    })
}

impl Store {
    /// Stores a message.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_chat(
        &self,
        conn: &mut sqlx::AnyConnection,
        m: &ChatMessage,
    ) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO chat_messages (id, game_id, room, author, author_name, text, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&m.id)
        .bind(&m.game_id)
        .bind(&m.room)
        .bind(&m.author)
        .bind(&m.name)
        .bind(&m.text)
        .bind(m.at)
        .execute(conn)
        .await?;
        Ok(())
    }

    /// A room's messages, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn chat(&self, game: &str, room: &str) -> Result<Vec<ChatMessage>, Error> {
        let rows = sqlx::query(
            "SELECT id, game_id, room, author, author_name, text, at FROM chat_messages \
             WHERE game_id = $1 AND room = $2 ORDER BY at, id",
        )
        .bind(game)
        .bind(room)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(message_of).collect()
    }

    /// Messages in a room in all, and by `author` since `since`, and the
    /// text of `author`'s last one.
    ///
    /// # Errors
    /// A database error.
    pub async fn chat_counts(
        &self,
        game: &str,
        room: &str,
        author: &str,
        since: i64,
    ) -> Result<(i64, i64, Option<String>), Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS total, \
             COALESCE(SUM(CASE WHEN author = $1 AND at >= $2 THEN 1 ELSE 0 END), 0) AS recent \
             FROM chat_messages WHERE game_id = $3 AND room = $4",
        )
        .bind(author)
        .bind(since)
        .bind(game)
        .bind(room)
        .fetch_one(&self.pool)
        .await?;
        let last = sqlx::query(
            "SELECT text FROM chat_messages WHERE game_id = $1 AND room = $2 AND author = $3 \
             ORDER BY at DESC, id DESC LIMIT 1",
        )
        .bind(game)
        .bind(room)
        .bind(author)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| r.try_get::<String, _>("text"))
        .transpose()?;
        Ok((row.try_get("total")?, row.try_get("recent")?, last))
    }

    /// Whether `player` muted their opponent in `game`.
    ///
    /// # Errors
    /// A database error.
    pub async fn muted(&self, game: &str, player: &str) -> Result<bool, Error> {
        let row =
            sqlx::query("SELECT 1 AS muted FROM chat_mutes WHERE game_id = $1 AND player = $2")
                .bind(game)
                .bind(player)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.is_some())
    }

    /// Mutes (or unmutes) `player`'s opponent in `game`.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_muted(&self, game: &str, player: &str, muted: bool) -> Result<(), Error> {
        sqlx::query("DELETE FROM chat_mutes WHERE game_id = $1 AND player = $2")
            .bind(game)
            .bind(player)
            .execute(&self.pool)
            .await?;
        if muted {
            sqlx::query("INSERT INTO chat_mutes (game_id, player) VALUES ($1, $2)")
                .bind(game)
                .bind(player)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Anonymises a deleted account's messages.
    ///
    /// # Errors
    /// A database error.
    pub async fn anonymise_chat(
        &self,
        conn: &mut sqlx::AnyConnection,
        account: &str,
        name: &str,
    ) -> Result<(), Error> {
        sqlx::query("UPDATE chat_messages SET author = '', author_name = $1 WHERE author = $2")
            .bind(name)
            .bind(account)
            .execute(conn)
            .await?;
        Ok(())
    }
}
