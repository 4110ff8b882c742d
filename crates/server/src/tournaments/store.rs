//! Tournaments in the database: the tournament, its players (joined,
//! active or not) and its games (paired, then finished with what the
//! scoring needs). A tournament is changed by one process at a time: the
//! director and the players' requests lock its row first.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::api::error::Error;
use crate::store::{Store, for_update};

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id (8 letters).
    pub id: String,
    /// `arena` (or `swiss`).
    pub kind: String,
    /// The name shown.
    pub name: String,
    /// The rules string of its games.
    pub rules: String,
    /// Each side's time, in milliseconds.
    pub clock_initial_ms: i64,
    /// The increment, in milliseconds.
    pub clock_increment_ms: i64,
    /// Its length in minutes (an arena).
    pub minutes: i64,
    /// Whether its games are rated.
    pub rated: bool,
    /// The rating in the tournament's pool a player needs to join.
    pub min_rating: Option<i64>,
    /// The rated games in the tournament's pool a player needs to join.
    pub min_games: Option<i64>,
    /// Whether bot accounts may join.
    pub bots_allowed: bool,
    /// The account that made it (none: the server's schedule).
    pub created_by: Option<String>,
    /// That account's name.
    pub creator_name: Option<String>,
    /// The schedule entry and start it was made for.
    pub schedule_key: Option<String>,
    /// `created` (upcoming), `started` or `finished`.
    pub status: String,
    /// When it starts (ms since the epoch).
    pub starts_at: i64,
    /// When it ends: games that end later do not count.
    pub ends_at: i64,
    /// When it was made.
    pub created_at: i64,
    /// A Swiss event's number of rounds.
    pub rounds: Option<i64>,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// The account.
    pub account_id: String,
    /// Its name.
    pub name: String,
    /// The rating in the tournament's pool when joining.
    pub rating: i64,
    /// Whether it is paired (false once withdrawn or paused).
    pub active: bool,
    /// When it first joined.
    pub joined_at: i64,
    /// Whether it is a bot account (its games count in the bots' list).
    pub bot: bool,
}

/// A game a tournament paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id.
    pub game_id: String,
    /// The account at South, and at North.
    pub players: [String; 2],
    /// Their ratings when paired.
    pub ratings: [i64; 2],
    /// `playing`, `finished`, or `aborted` (a player did not come: no
    /// result, no points, no game in the standings).
    pub status: String,
    /// `S`, `N` or `D` (a draw) once finished.
    pub winner: Option<String>,
    /// The loser made no move of their own: did not come (a forfeit in a
    /// Swiss event).
    pub no_show: bool,
    /// Moves played in the game (plies).
    pub plies: i64,
    /// Whether each side berserked.
    pub berserk: [bool; 2],
    /// When it was paired, and when it ended.
    pub created_at: i64,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// The round of a Swiss event.
    pub round: Option<i64>,
}

/// How a tournament game ended, as its standings need it.
#[derive(Clone, Copy, Debug)]
pub struct Ending<'a> {
    /// `S`, `N` or `D` (a draw).
    pub winner: &'a str,
    /// The loser made no move of their own.
    pub no_show: bool,
    /// Moves played (plies).
    pub plies: i64,
    /// Whether each side berserked.
    pub berserk: [bool; 2],
}

const COLUMNS: &str = "id, kind, name, rules, clock_initial_ms, clock_increment_ms, minutes, \
    rated, min_rating, min_games, bots_allowed, created_by, creator_name, schedule_key, status, \
    starts_at, ends_at, created_at, rounds";

fn tournament_of(row: &AnyRow) -> Result<TournamentRow, Error> {
    Ok(TournamentRow {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        name: row.try_get("name")?,
        rules: row.try_get("rules")?,
        clock_initial_ms: row.try_get("clock_initial_ms")?,
        clock_increment_ms: row.try_get("clock_increment_ms")?,
        minutes: row.try_get("minutes")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        min_rating: row.try_get("min_rating")?,
        min_games: row.try_get("min_games")?,
        bots_allowed: row.try_get::<i64, _>("bots_allowed")? != 0,
        created_by: row.try_get("created_by")?,
        creator_name: row.try_get("creator_name")?,
        schedule_key: row.try_get("schedule_key")?,
        status: row.try_get("status")?,
        starts_at: row.try_get("starts_at")?,
        ends_at: row.try_get("ends_at")?,
        created_at: row.try_get("created_at")?,
        rounds: row.try_get("rounds")?,
    })
}

fn game_of(row: &AnyRow) -> Result<GameRow, Error> {
    Ok(GameRow {
        game_id: row.try_get("game_id")?,
        players: [row.try_get("south")?, row.try_get("north")?],
        ratings: [row.try_get("south_rating")?, row.try_get("north_rating")?],
        status: row.try_get("status")?,
        winner: row.try_get("winner")?,
        no_show: row.try_get::<i64, _>("no_show")? != 0,
        plies: row.try_get::<Option<i64>, _>("plies")?.unwrap_or(0),
        berserk: [
            row.try_get::<i64, _>("south_berserk")? != 0,
            row.try_get::<i64, _>("north_berserk")? != 0,
        ],
        created_at: row.try_get("created_at")?,
        finished_at: row.try_get("finished_at")?,
        round: row.try_get("round")?,
    })
}

impl Store {
    /// Stores a new tournament; false when a scheduled one with the same
    /// `schedule_key` is there already (another process made it).
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_tournament(&self, t: &TournamentRow) -> Result<bool, Error> {
        let done = sqlx::query(&format!(
            "INSERT INTO tournaments ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
             $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) ON CONFLICT (schedule_key) DO NOTHING"
        ))
        .bind(&t.id)
        .bind(&t.kind)
        .bind(&t.name)
        .bind(&t.rules)
        .bind(t.clock_initial_ms)
        .bind(t.clock_increment_ms)
        .bind(t.minutes)
        .bind(i64::from(t.rated))
        .bind(t.min_rating)
        .bind(t.min_games)
        .bind(i64::from(t.bots_allowed))
        .bind(t.created_by.clone())
        .bind(t.creator_name.clone())
        .bind(t.schedule_key.clone())
        .bind(&t.status)
        .bind(t.starts_at)
        .bind(t.ends_at)
        .bind(t.created_at)
        .bind(t.rounds)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Tournament `id`, its row locked for the transaction (PostgreSQL).
    ///
    /// # Errors
    /// A database error.
    pub async fn lock_tournament(
        &self,
        conn: &mut AnyConnection,
        id: &str,
    ) -> Result<Option<TournamentRow>, Error> {
        let lock = for_update(self.backend());
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE id = $1{lock}"
        ))
        .bind(id)
        .fetch_optional(conn)
        .await?;
        row.as_ref().map(tournament_of).transpose()
    }

    /// Tournament `id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, Error> {
        let mut conn = self.pool().acquire().await?;
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        row.as_ref().map(tournament_of).transpose()
    }

    /// The tournaments with `status`, by start (the latest first when
    /// `newest_first`), at most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn tournaments(
        &self,
        status: &str,
        newest_first: bool,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, Error> {
        let order = if newest_first { "DESC" } else { "ASC" };
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE status = $1 \
             ORDER BY starts_at {order}, id LIMIT {limit}"
        ))
        .bind(status)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(tournament_of).collect()
    }

    /// Sets tournament `id`'s status and end.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_tournament_status(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        status: &str,
        starts_at: i64,
        ends_at: i64,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE tournaments SET status = $1, starts_at = $2, ends_at = $3 WHERE id = $4",
        )
        .bind(status)
        .bind(starts_at)
        .bind(ends_at)
        .bind(id)
        .execute(conn)
        .await?;
        Ok(())
    }

    /// The players of tournament `id`, in the order they joined.
    ///
    /// # Errors
    /// A database error.
    pub async fn tournament_players(
        &self,
        conn: &mut AnyConnection,
        id: &str,
    ) -> Result<Vec<PlayerRow>, Error> {
        let rows = sqlx::query(
            "SELECT account_id, name, rating, active, joined_at, bot FROM tournament_players \
             WHERE tournament_id = $1 ORDER BY joined_at, account_id",
        )
        .bind(id)
        .fetch_all(conn)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(PlayerRow {
                    account_id: r.try_get("account_id")?,
                    name: r.try_get("name")?,
                    rating: r.try_get("rating")?,
                    active: r.try_get::<i64, _>("active")? != 0,
                    joined_at: r.try_get("joined_at")?,
                    bot: r.try_get::<i64, _>("bot")? != 0,
                })
            })
            .collect()
    }

    /// `player` joins tournament `id` (again: active once more).
    ///
    /// # Errors
    /// A database error.
    pub async fn join_tournament(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        player: &PlayerRow,
    ) -> Result<(), Error> {
        let again = sqlx::query(
            "UPDATE tournament_players SET active = 1 WHERE tournament_id = $1 AND account_id = $2",
        )
        .bind(id)
        .bind(&player.account_id)
        .execute(&mut *conn)
        .await?;
        if again.rows_affected() == 0 {
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, account_id, name, rating, active, \
                 joined_at, bot) VALUES ($1, $2, $3, $4, 1, $5, $6)",
            )
            .bind(id)
            .bind(&player.account_id)
            .bind(&player.name)
            .bind(player.rating)
            .bind(player.joined_at)
            .bind(i64::from(player.bot))
            .execute(conn)
            .await?;
        }
        Ok(())
    }

    /// `account` is no longer paired in tournament `id` (withdrawn or
    /// paused; its score stays); false if it had not joined.
    ///
    /// # Errors
    /// A database error.
    pub async fn leave_tournament(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        account: &str,
    ) -> Result<bool, Error> {
        let done = sqlx::query(
            "UPDATE tournament_players SET active = 0 WHERE tournament_id = $1 AND account_id = $2",
        )
        .bind(id)
        .bind(account)
        .execute(conn)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The games of tournament `id`, in the order they were paired.
    ///
    /// # Errors
    /// A database error.
    pub async fn tournament_games(
        &self,
        conn: &mut AnyConnection,
        id: &str,
    ) -> Result<Vec<GameRow>, Error> {
        let rows = sqlx::query(
            "SELECT game_id, south, north, south_rating, north_rating, status, winner, no_show, \
             plies, south_berserk, north_berserk, created_at, finished_at, round FROM tournament_games \
             WHERE tournament_id = $1 ORDER BY created_at, game_id",
        )
        .bind(id)
        .fetch_all(conn)
        .await?;
        rows.iter().map(game_of).collect()
    }

    /// A game tournament `id` has just paired (or a Swiss bye: status
    /// `bye`, no one at north).
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_tournament_game(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        game: &GameRow,
    ) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO tournament_games (tournament_id, game_id, south, north, south_rating, \
             north_rating, status, south_berserk, north_berserk, created_at, round, winner, \
             finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, $8, $9, $10, $11)",
        )
        .bind(id)
        .bind(&game.game_id)
        .bind(&game.players[0])
        .bind(&game.players[1])
        .bind(game.ratings[0])
        .bind(game.ratings[1])
        .bind(&game.status)
        .bind(game.created_at)
        .bind(game.round)
        .bind(game.winner.clone())
        .bind(game.finished_at)
        .execute(conn)
        .await?;
        Ok(())
    }

    /// Tournament game `game` ended at `at`, as `ending` says.
    ///
    /// # Errors
    /// A database error.
    pub async fn finish_tournament_game(
        &self,
        conn: &mut AnyConnection,
        game: &str,
        ending: &Ending<'_>,
        at: i64,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE tournament_games SET status = 'finished', winner = $1, no_show = $2, \
             plies = $3, south_berserk = $4, north_berserk = $5, finished_at = $6 \
             WHERE game_id = $7 AND status = 'playing'",
        )
        .bind(ending.winner)
        .bind(i64::from(ending.no_show))
        .bind(ending.plies)
        .bind(i64::from(ending.berserk[0]))
        .bind(i64::from(ending.berserk[1]))
        .bind(at)
        .bind(game)
        .execute(conn)
        .await?;
        Ok(())
    }

    /// Tournament game `game` was aborted at `at` (a player did not
    /// come): `aborted`, with no winner, so that it scores nothing and
    /// counts as no game.
    ///
    /// # Errors
    /// A database error.
    pub async fn abort_tournament_game(
        &self,
        conn: &mut AnyConnection,
        game: &str,
        at: i64,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE tournament_games SET status = 'aborted', finished_at = $1 \
             WHERE game_id = $2 AND status = 'playing'",
        )
        .bind(at)
        .bind(game)
        .execute(conn)
        .await?;
        Ok(())
    }
}
