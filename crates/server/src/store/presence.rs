//! What the processes sharing a database tell each other through it:
//! that they are alive (a heartbeat), who is connected to which seat
//! through which of them, whose the computer's pending turns are; and
//! the sweeps run on it: flags due, games to adjourn, tables expired.

use sqlx::{AnyConnection, Row};
use wari_rules::Side;

use super::Store;
use super::lobby::NOT_EXPIRED;
use crate::api::error::Error;
use crate::lobby::OpenSince;

/// One process's connections to one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresenceRow {
    /// The seat.
    pub side: Side,
    /// The process holding them.
    pub process_id: String,
    /// Open there (0 or more).
    pub connections: i64,
    /// When the last one closed.
    pub left_at: i64,
    /// Whether the process is alive (its heartbeat is recent).
    pub alive: bool,
}

/// What a process found dead left behind, for the one that buried it.
#[derive(Debug, Default)]
pub struct Estate {
    /// Games where it held connections (now closed).
    pub presence: Vec<String>,
    /// Games whose computer's turn it had (now the burier's).
    pub turns: Vec<String>,
}

fn ids(rows: &[sqlx::any::AnyRow], column: &str) -> Result<Vec<String>, Error> {
    rows.iter()
        .map(|r| r.try_get(column).map_err(Error::from))
        .collect()
}

impl Store {
    /// Records that `process` is alive at `now`.
    ///
    /// # Errors
    /// A database error.
    pub async fn beat(&self, process: &str, started_at: i64, now: i64) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO processes (id, started_at, seen_at) VALUES ($1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at",
        )
        .bind(process)
        .bind(started_at)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The processes other than `me` not seen since `cut`.
    ///
    /// # Errors
    /// A database error.
    pub async fn dead_processes(&self, me: &str, cut: i64) -> Result<Vec<String>, Error> {
        let rows = sqlx::query("SELECT id FROM processes WHERE seen_at < $1 AND id <> $2")
            .bind(cut)
            .bind(me)
            .fetch_all(&self.pool)
            .await?;
        ids(&rows, "id")
    }

    /// Buries process `dead` if it is still not seen since `cut` and no
    /// other process has buried it: its connections are closed at `now`
    /// and its computer's turns become `me`'s. `None` if another process
    /// was first (or it came back).
    ///
    /// # Errors
    /// A database error.
    pub async fn bury(
        &self,
        dead: &str,
        cut: i64,
        me: &str,
        now: i64,
    ) -> Result<Option<Estate>, Error> {
        let mut tx = self.pool.begin().await?;
        let gone = sqlx::query("DELETE FROM processes WHERE id = $1 AND seen_at < $2")
            .bind(dead)
            .bind(cut)
            .execute(&mut *tx)
            .await?;
        if gone.rows_affected() == 0 {
            return Ok(None);
        }
        let presence = sqlx::query(
            "SELECT DISTINCT game_id FROM presence WHERE process_id = $1 AND connections > 0",
        )
        .bind(dead)
        .fetch_all(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE presence SET connections = 0, left_at = $1 \
             WHERE process_id = $2 AND connections > 0",
        )
        .bind(now)
        .bind(dead)
        .execute(&mut *tx)
        .await?;
        let turns = sqlx::query("SELECT game_id FROM computer_turns WHERE process_id = $1")
            .bind(dead)
            .fetch_all(&mut *tx)
            .await?;
        sqlx::query("UPDATE computer_turns SET process_id = $1 WHERE process_id = $2")
            .bind(me)
            .bind(dead)
            .execute(&mut *tx)
            .await?;
        let estate = Estate {
            presence: ids(&presence, "game_id")?,
            turns: ids(&turns, "game_id")?,
        };
        tx.commit().await?;
        Ok(Some(estate))
    }

    /// Records that `process` now holds connections to `side` of `game`
    /// (`connected`), or none since `now`. A player connecting resumes
    /// an adjourned game.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_presence(
        &self,
        game: &str,
        side: Side,
        process: &str,
        connected: bool,
        now: i64,
    ) -> Result<(), Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO presence (game_id, side, process_id, connections, left_at) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id, side, process_id) DO UPDATE SET connections = excluded.connections, \
             left_at = CASE WHEN excluded.connections = 0 THEN excluded.left_at ELSE presence.left_at END",
        )
        .bind(game)
        .bind(side.letter().to_string())
        .bind(process)
        .bind(i64::from(connected))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if connected {
            sqlx::query(
                "UPDATE games SET adjourned_at = NULL WHERE id = $1 AND adjourned_at IS NOT NULL",
            )
            .bind(game)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Every process's connections to the seats of `game`; a process is
    /// alive when seen since `alive_cut`.
    ///
    /// # Errors
    /// A database error.
    pub async fn presence(&self, game: &str, alive_cut: i64) -> Result<Vec<PresenceRow>, Error> {
        let rows = sqlx::query(
            "SELECT p.side, p.process_id, p.connections, p.left_at, pr.seen_at \
             FROM presence p LEFT JOIN processes pr ON pr.id = p.process_id \
             WHERE p.game_id = $1",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let side: String = r.try_get("side")?;
                let seen: Option<i64> = r.try_get("seen_at")?;
                Ok(PresenceRow {
                    side: side
                        .chars()
                        .next()
                        .and_then(Side::from_letter)
                        .unwrap_or(Side::South),
                    process_id: r.try_get("process_id")?,
                    connections: r.try_get("connections")?,
                    left_at: r.try_get("left_at")?,
                    alive: seen.is_some_and(|s| s >= alive_cut),
                })
            })
            .collect()
    }

    /// Makes the computer's pending turn in `game` `process`'s (with the
    /// change that made it pending), or ends it (`None`).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_turn(
        &self,
        conn: &mut AnyConnection,
        game: &str,
        process: Option<&str>,
        now: i64,
    ) -> Result<(), Error> {
        match process {
            Some(process) => {
                sqlx::query(
                    "INSERT INTO computer_turns (game_id, process_id, since) VALUES ($1, $2, $3) \
                     ON CONFLICT (game_id) DO UPDATE SET process_id = excluded.process_id, \
                     since = excluded.since",
                )
                .bind(game)
                .bind(process)
                .bind(now)
                .execute(conn)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM computer_turns WHERE game_id = $1")
                    .bind(game)
                    .execute(conn)
                    .await?;
            }
        }
        Ok(())
    }

    /// Makes the computer's turn in `game` `process`'s if no process has
    /// it (a game stored before turns were); whether it did.
    ///
    /// # Errors
    /// A database error.
    pub async fn adopt_turn(&self, game: &str, process: &str, now: i64) -> Result<bool, Error> {
        let done = sqlx::query(
            "INSERT INTO computer_turns (game_id, process_id, since) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game)
        .bind(process)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Games being played whose clock ran out by `now`.
    ///
    /// # Errors
    /// A database error.
    pub async fn flags_due(&self, now: i64) -> Result<Vec<String>, Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' AND clock_deadline <= $1 LIMIT 500",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        ids(&rows, "id")
    }

    /// Adjourns, at `now`, the unclocked games being played with no
    /// change since `cut`, no computer's turn pending, and no player
    /// connected (through a process alive since `alive_cut`) or gone
    /// since `cut`; returns them.
    ///
    /// # Errors
    /// A database error.
    pub async fn adjourn(&self, now: i64, cut: i64, alive_cut: i64) -> Result<Vec<String>, Error> {
        let rows = sqlx::query(
            "SELECT id FROM games g WHERE status = 'playing' AND clock_initial_ms IS NULL \
             AND adjourned_at IS NULL AND COALESCE(active_at, created_at) < $1 \
             AND NOT EXISTS (SELECT 1 FROM computer_turns t WHERE t.game_id = g.id) \
             AND NOT EXISTS (SELECT 1 FROM presence p JOIN processes pr ON pr.id = p.process_id \
                 WHERE p.game_id = g.id AND p.connections > 0 AND pr.seen_at >= $2) \
             AND NOT EXISTS (SELECT 1 FROM presence p WHERE p.game_id = g.id AND p.left_at >= $3) \
             LIMIT 1000",
        )
        .bind(cut)
        .bind(alive_cut)
        .bind(cut)
        .fetch_all(&self.pool)
        .await?;
        let games = ids(&rows, "id")?;
        for id in &games {
            sqlx::query(
                "UPDATE games SET adjourned_at = $1 WHERE id = $2 AND adjourned_at IS NULL",
            )
            .bind(now)
            .bind(id)
            .execute(&self.pool)
            .await?;
        }
        Ok(games)
    }

    /// Open tables created before `cut` (live or correspondence) expire.
    ///
    /// # Errors
    /// A database error.
    pub async fn expire_tables(&self, cut: OpenSince) -> Result<u64, Error> {
        let done = sqlx::query(&format!(
            "UPDATE tables SET status = 'expired' WHERE status = 'open' AND NOT {NOT_EXPIRED}"
        ))
        .bind(cut.live)
        .bind(cut.correspondence)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Forgets the presence of finished games.
    ///
    /// # Errors
    /// A database error.
    pub async fn forget_finished_presence(&self) -> Result<(), Error> {
        sqlx::query(
            "DELETE FROM presence WHERE game_id IN (SELECT id FROM games WHERE status = 'finished')",
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
