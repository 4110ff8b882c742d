//! Games and their moves in the database: insert, update (with the moves
//! added or taken back), lock, load (replaying the moves through the
//! rules) and list.

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, Row};
use wari_engine::Level;
use wari_rules::{EndReason, Game, Move, Position, Rules, Side};

use super::{Store, for_update};
use crate::api::error::Error;
use crate::clock::Clock;
use crate::ratings::pool_of;
use crate::referee::{
    ABORTED, GameState, MoveTime, Offer, OfferKind, Seat, SeatKind, SeatRating, Status,
};

/// Every column a game is read with.
pub(super) const COLUMNS: &str = "id, table_id, source, rules, start_position, status, version, \
    south_kind, south_name, south_session, south_level, south_account, \
    south_rating, south_provisional, south_rating_diff, \
    north_kind, north_name, north_session, north_level, north_account, \
    north_rating, north_provisional, north_rating_diff, south_bot, north_bot, rated, pool, \
    clock_initial_ms, clock_increment_ms, clock_per_move, south_ms, north_ms, clock_running, clock_since, \
    offers, moves_count, result, reason, score, rematch_game_id, tags, \
    created_at, started_at, finished_at, tournament_id, south_berserk, north_berserk, first_move_ms";

/// A game's row as locked for a change: its version and stored moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockedGame {
    /// The version stored.
    pub version: i64,
    /// Moves stored.
    pub moves_count: usize,
}

impl Store {
    /// Locks a game's row for the transaction (PostgreSQL) and reads its
    /// version; `None` if there is no such game.
    ///
    /// # Errors
    /// A database error.
    pub async fn lock_game(
        &self,
        conn: &mut AnyConnection,
        id: &str,
    ) -> Result<Option<LockedGame>, Error> {
        let sql = format!(
            "SELECT version, moves_count FROM games WHERE id = $1{}",
            for_update(self.backend)
        );
        let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
        row.map(|r| {
            Ok(LockedGame {
                version: r.try_get("version")?,
                moves_count: usize::try_from(r.try_get::<i64, _>("moves_count")?).unwrap_or(0),
            })
        })
        .transpose()
    }

    /// Reads a game and replays its moves.
    ///
    /// # Errors
    /// A database error, or a stored game the rules reject (corrupt).
    pub async fn load_game(
        &self,
        conn: &mut AnyConnection,
        id: &str,
    ) -> Result<Option<GameState>, Error> {
        let sql = format!("SELECT {COLUMNS} FROM games WHERE id = $1");
        let Some(row) = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        else {
            return Ok(None);
        };
        let moves = sqlx::query(
            "SELECT ply, mv, south_ms, north_ms, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        state_of(&row, &moves).map(Some)
    }

    /// Stores a new game with its moves (`tags`: an imported record's
    /// tags, as OGN tag lines) at `now`, its last activity.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_game(
        &self,
        conn: &mut AnyConnection,
        state: &GameState,
        tags: Option<&str>,
        now: i64,
    ) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO games (id, table_id, source, rules, start_position, status, version, \
             offers, moves_count, tags, created_at, tournament_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(&state.id)
        .bind(state.table_id.clone())
        .bind(&state.source)
        .bind(state.game.rules().to_string())
        .bind(state.game.start().to_string())
        .bind(state.status.name())
        .bind(state.version)
        .bind("")
        .bind(0_i64)
        .bind(tags.map(str::to_owned))
        .bind(state.created_at)
        .bind(state.tournament.clone())
        .execute(&mut *conn)
        .await?;
        self.update_game(conn, state, 0, now).await
    }

    /// Writes a game's state over its row, and its moves: those past
    /// `stored_moves` are added, stored ones beyond the game's are deleted
    /// (a takeback); `now` is its last activity.
    ///
    /// # Errors
    /// A database error.
    pub async fn update_game(
        &self,
        conn: &mut AnyConnection,
        state: &GameState,
        stored_moves: usize,
        now: i64,
    ) -> Result<(), Error> {
        bind_row(sqlx::query(UPDATE_ROW), state, now)
            .bind(&state.id)
            .execute(&mut *conn)
            .await?;

        let moves = state.game.moves();
        if stored_moves > moves.len() {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&state.id)
                .bind(moves.len() as i64)
                .execute(&mut *conn)
                .await?;
        }
        let first = stored_moves.min(moves.len());
        for ply in first..moves.len() {
            let query = sqlx::query(
                "INSERT INTO moves (game_id, ply, mv, south_ms, north_ms, played_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            );
            bind_move(query.bind(&state.id), state, ply)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }

    /// The tag lines stored with an imported game.
    ///
    /// # Errors
    /// A database error.
    pub async fn game_tags(&self, id: &str) -> Result<Option<String>, Error> {
        let row = sqlx::query("SELECT tags FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.try_get::<Option<String>, _>("tags").ok().flatten()))
    }

    /// Sends `payload` on the PostgreSQL channel `channel` when the
    /// transaction commits; nothing on SQLite.
    ///
    /// # Errors
    /// A database error.
    pub async fn notify(
        &self,
        conn: &mut AnyConnection,
        channel: &str,
        payload: &str,
    ) -> Result<(), Error> {
        if self.backend == super::Backend::Postgres {
            // pg_notify returns void, which the Any driver cannot decode:
            // select a number beside it.
            sqlx::query("SELECT 1 AS sent FROM (SELECT pg_notify($1, $2)) AS n")
                .bind(channel)
                .bind(payload)
                .fetch_one(conn)
                .await?;
        }
        Ok(())
    }
}

/// The columns a move that does not end the game changes
/// (`GameState::play`: the moves, the clock, the offers, and with them
/// the version, the deadline and the last activity), `$1` to `$9` in
/// [`bind_moved`]'s order (a macro, to be joined into statements by
/// `concat!`).
macro_rules! moved_set {
    () => {
        "version = $1, south_ms = $2, north_ms = $3, clock_running = $4, clock_since = $5, \
         offers = $6, moves_count = $7, clock_deadline = $8, active_at = $9, adjourned_at = NULL"
    };
}
pub(super) use moved_set;

/// The `UPDATE` of a game's whole row from [`bind_row`]'s 42 values, for
/// the game `$43`.
const UPDATE_ROW: &str = concat!(
    "UPDATE games SET ",
    moved_set!(),
    ", status = $10, \
     south_kind = $11, south_name = $12, south_session = $13, south_level = $14, \
     north_kind = $15, north_name = $16, north_session = $17, north_level = $18, \
     clock_initial_ms = $19, clock_increment_ms = $20, \
     result = $21, reason = $22, score = $23, rematch_game_id = $24, \
     started_at = $25, finished_at = $26, south_account = $27, north_account = $28, \
     south_rating = $29, south_provisional = $30, south_rating_diff = $31, \
     north_rating = $32, north_provisional = $33, north_rating_diff = $34, \
     rated = $35, pool = $36, clock_per_move = $37, south_bot = $38, north_bot = $39, \
     south_berserk = $40, north_berserk = $41, first_move_ms = $42 WHERE id = $43"
);

/// Binds what a move changes in a game's row, from its state and its last
/// activity `now`, to `$1` … `$9` of [`moved_set`].
pub(super) fn bind_moved<'q>(
    query: Query<'q, Any, AnyArguments<'q>>,
    state: &GameState,
    now: i64,
) -> Query<'q, Any, AnyArguments<'q>> {
    let clock = state.clock;
    query
        .bind(state.version)
        .bind(clock.map(|c| c.remaining_ms[0]))
        .bind(clock.map(|c| c.remaining_ms[1]))
        .bind(
            clock
                .and_then(|c| c.running_side())
                .map(|s| s.letter().to_string()),
        )
        .bind(clock.map(|c| c.since_ms))
        .bind(offers_text(&state.offers))
        .bind(state.game.moves().len() as i64)
        .bind(state.deadline())
        .bind(now)
}

/// Binds a game's state and its last activity `now` to `$1` … `$42` of
/// the whole row's `UPDATE`.
fn bind_row<'q>(
    query: Query<'q, Any, AnyArguments<'q>>,
    state: &GameState,
    now: i64,
) -> Query<'q, Any, AnyArguments<'q>> {
    let seat = |side: Side| state.seat(side);
    let kind = |side: Side| seat(side).map(|s| kind_name(&s.kind).to_owned());
    let name = |side: Side| seat(side).map(|s| s.name.clone());
    let session = |side: Side| {
        seat(side).and_then(|s| match &s.kind {
            SeatKind::Human(session) => session.clone(),
            SeatKind::Computer(_) => None,
        })
    };
    let level = |side: Side| seat(side).and_then(Seat::level).map(|l| i64::from(l.get()));
    let account = |side: Side| seat(side).and_then(|s| s.account.clone());
    let rating = |side: Side| seat(side).and_then(|s| s.rating);
    let clock = state.clock;
    let over = state.status == Status::Finished;
    bind_moved(query, state, now)
        .bind(state.status.name())
        .bind(kind(Side::South))
        .bind(name(Side::South))
        .bind(session(Side::South))
        .bind(level(Side::South))
        .bind(kind(Side::North))
        .bind(name(Side::North))
        .bind(session(Side::North))
        .bind(level(Side::North))
        .bind(clock.map(|c| c.initial_ms))
        .bind(clock.map(|c| c.increment_ms))
        .bind(state.result_name().filter(|_| over).map(str::to_owned))
        .bind(state.reason_name().filter(|_| over).map(str::to_owned))
        .bind(state.score_text().filter(|_| over))
        .bind(state.rematch_game_id.clone())
        .bind(state.started_at)
        .bind(state.finished_at)
        .bind(account(Side::South))
        .bind(account(Side::North))
        .bind(rating(Side::South).map(|r| i64::from(r.rating)))
        .bind(rating(Side::South).map(|r| i64::from(r.provisional)))
        .bind(rating(Side::South).and_then(|r| r.diff).map(i64::from))
        .bind(rating(Side::North).map(|r| i64::from(r.rating)))
        .bind(rating(Side::North).map(|r| i64::from(r.provisional)))
        .bind(rating(Side::North).and_then(|r| r.diff).map(i64::from))
        .bind(i64::from(state.rated))
        .bind(pool_of(state).map(|p| p.to_string()))
        .bind(i64::from(clock.is_some_and(|c| c.per_move)))
        .bind(i64::from(seat(Side::South).is_some_and(|s| s.bot)))
        .bind(i64::from(seat(Side::North).is_some_and(|s| s.bot)))
        .bind(i64::from(clock.is_some_and(|c| c.berserk[0])))
        .bind(i64::from(clock.is_some_and(|c| c.berserk[1])))
        .bind(state.first_move_ms)
}

/// Binds the move at `ply` of a game's state: its ply, its notation, each
/// side's time left after it (with a clock) and when it was played.
pub(super) fn bind_move<'q>(
    query: Query<'q, Any, AnyArguments<'q>>,
    state: &GameState,
    ply: usize,
) -> Query<'q, Any, AnyArguments<'q>> {
    let time = state.times.get(ply).copied().unwrap_or(MoveTime {
        left_ms: None,
        at_ms: 0,
    });
    query
        .bind(ply as i64)
        .bind(state.game.moves().get(ply).map(ToString::to_string))
        .bind(time.left_ms.map(|t| t[0]))
        .bind(time.left_ms.map(|t| t[1]))
        .bind(time.at_ms)
}

pub(super) fn kind_name(kind: &SeatKind) -> &'static str {
    match kind {
        SeatKind::Human(_) => "human",
        SeatKind::Computer(_) => "computer",
    }
}

fn offers_text(offers: &[Offer]) -> String {
    offers
        .iter()
        .map(|o| format!("{}:{}", o.kind.name(), o.by.letter()))
        .collect::<Vec<_>>()
        .join(",")
}

fn offers_of(text: &str) -> Vec<Offer> {
    text.split(',')
        .filter_map(|item| {
            let (kind, by) = item.split_once(':')?;
            Some(Offer {
                kind: OfferKind::from_name(kind).ok()?,
                by: Side::from_letter(by.chars().next()?)?,
            })
        })
        .collect()
}

fn corrupt(id: &str, what: impl std::fmt::Display) -> Error {
    Error::Internal(format!("game {id} in the database: {what}"))
}

fn side_column(side: Side, name: &str) -> String {
    let prefix = if side == Side::South {
        "south"
    } else {
        "north"
    };
    format!("{prefix}_{name}")
}

pub(super) fn seat_of(row: &AnyRow, side: Side) -> Result<Option<Seat>, Error> {
    let kind: Option<String> = row.try_get(side_column(side, "kind").as_str())?;
    let name: Option<String> = row.try_get(side_column(side, "name").as_str())?;
    let session: Option<String> = row.try_get(side_column(side, "session").as_str())?;
    let level: Option<i64> = row.try_get(side_column(side, "level").as_str())?;
    let account: Option<String> = row.try_get(side_column(side, "account").as_str())?;
    let rating: Option<i64> = row.try_get(side_column(side, "rating").as_str())?;
    let provisional: Option<i64> = row.try_get(side_column(side, "provisional").as_str())?;
    let diff: Option<i64> = row.try_get(side_column(side, "rating_diff").as_str())?;
    let rating = rating.map(|r| SeatRating {
        rating: i32::try_from(r).unwrap_or(0),
        provisional: provisional.unwrap_or(0) != 0,
        diff: diff.and_then(|d| i32::try_from(d).ok()),
    });
    Ok(match kind.as_deref() {
        None => None,
        Some("computer") => {
            let level = level
                .and_then(|l| u8::try_from(l).ok())
                .and_then(|l| Level::new(l).ok())
                .unwrap_or(Level::FULL);
            Some(Seat {
                name: name.unwrap_or_default(),
                kind: SeatKind::Computer(level),
                account: None,
                rating: None,
                bot: false,
            })
        }
        Some(_) => Some(Seat {
            name: name.unwrap_or_default(),
            kind: SeatKind::Human(session),
            account,
            rating,
            bot: row.try_get::<i64, _>(side_column(side, "bot").as_str())? != 0,
        }),
    })
}

fn state_of(row: &AnyRow, moves: &[AnyRow]) -> Result<GameState, Error> {
    let id: String = row.try_get("id")?;
    let rules: Rules = row
        .try_get::<String, _>("rules")?
        .parse()
        .map_err(|e| corrupt(&id, e))?;
    let start = Position::from_string(&row.try_get::<String, _>("start_position")?, rules)
        .map_err(|e| corrupt(&id, e))?;
    let mut game = Game::from_position(start);
    let mut times = Vec::with_capacity(moves.len());
    for m in moves {
        let mv: Move = m
            .try_get::<String, _>("mv")?
            .parse()
            .map_err(|e| corrupt(&id, e))?;
        game.play(mv).map_err(|e| corrupt(&id, e))?;
        let south: Option<i64> = m.try_get("south_ms")?;
        let north: Option<i64> = m.try_get("north_ms")?;
        times.push(MoveTime {
            left_ms: south.zip(north).map(|(s, n)| [s, n]),
            at_ms: m.try_get("played_at")?,
        });
    }
    let status = Status::from_name(&row.try_get::<String, _>("status")?)
        .ok_or_else(|| corrupt(&id, "unknown status"))?;
    let reason: Option<String> = row.try_get("reason")?;
    let aborted = status == Status::Finished && reason.as_deref() == Some(ABORTED);
    if status == Status::Finished && !game.is_over() && !aborted {
        let result: Option<String> = row.try_get("result")?;
        let winner = result
            .as_deref()
            .and_then(|r| r.chars().next())
            .and_then(Side::from_letter);
        match (reason.as_deref().and_then(|r| r.parse().ok()), winner) {
            (Some(EndReason::Agreement), _) => game.end_by_agreement(),
            (Some(EndReason::Resignation), Some(w)) => game.resign(w.opposite()),
            (Some(EndReason::Time), Some(w)) => game.lose_on_time(w.opposite()),
            _ => return Err(corrupt(&id, "a finished game without a known end")),
        }
    }
    let clock = clock_of(row)?;
    Ok(GameState {
        table_id: row.try_get("table_id")?,
        source: row.try_get("source")?,
        status,
        version: row.try_get("version")?,
        game,
        seats: [seat_of(row, Side::South)?, seat_of(row, Side::North)?],
        clock,
        offers: offers_of(&row.try_get::<String, _>("offers")?),
        rematch_game_id: row.try_get("rematch_game_id")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        aborted,
        created_at: row.try_get("created_at")?,
        started_at: row.try_get("started_at")?,
        finished_at: row.try_get("finished_at")?,
        times,
        tournament: row.try_get("tournament_id")?,
        first_move_ms: row.try_get("first_move_ms")?,
        id,
    })
}

/// The clock stored in a game's row.
pub(super) fn clock_of(row: &AnyRow) -> Result<Option<Clock>, Error> {
    let initial: Option<i64> = row.try_get("clock_initial_ms")?;
    let increment: Option<i64> = row.try_get("clock_increment_ms")?;
    Ok(match (initial, increment) {
        (Some(initial_ms), Some(increment_ms)) => {
            let south: Option<i64> = row.try_get("south_ms")?;
            let north: Option<i64> = row.try_get("north_ms")?;
            let running: Option<String> = row.try_get("clock_running")?;
            let since: Option<i64> = row.try_get("clock_since")?;
            Some(Clock {
                per_move: row.try_get::<i64, _>("clock_per_move")? != 0,
                initial_ms,
                increment_ms,
                remaining_ms: [south.unwrap_or(initial_ms), north.unwrap_or(initial_ms)],
                running: running
                    .as_deref()
                    .and_then(|r| r.chars().next())
                    .and_then(Side::from_letter),
                since_ms: since.unwrap_or(0),
                berserk: [
                    row.try_get::<i64, _>("south_berserk")? != 0,
                    row.try_get::<i64, _>("north_berserk")? != 0,
                ],
            })
        }
        _ => None,
    })
}
