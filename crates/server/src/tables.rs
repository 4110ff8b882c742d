//! The lobby: tables created with their rules, who starts, the opponent
//! (the computer at a level, or a person by open seat or invite) and the
//! time control; taking the free seat starts the game.

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use wari_engine::Level;
use wari_rules::{Game, Rules, Side, TimeControl};

use crate::App;
use crate::api::error::Error;
use crate::clock::Clock;
use crate::game_room::Room;
use crate::ids::{game_id, now_ms, random_id};
use crate::referee::{Action, GameState, Seat};
use crate::store::{Session, TableRow};

/// Longest initial time, in seconds (3 hours).
pub const MAX_INITIAL_S: u32 = 3 * 3600;
/// Largest increment, in seconds.
pub const MAX_INCREMENT_S: u32 = 600;

/// `POST /api/tables`'s body.
#[derive(Debug, Deserialize)]
pub struct NewTable {
    /// A rules string (RULES.md §1); `abapa` if absent.
    #[serde(default = "default_rules")]
    pub rules: String,
    /// The creator's side: `S` (moves first), `N` or `random` (default).
    #[serde(default)]
    pub starts: Option<String>,
    /// Who plays the creator.
    pub opponent: Opponent,
    /// A Fischer clock, or none.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
}

fn default_rules() -> String {
    "abapa".to_owned()
}

/// The opponent asked for.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Opponent {
    /// The engine at a level, 1 to 10.
    Computer {
        /// The level.
        level: u8,
    },
    /// A person: an open seat in the lobby, or a private invite.
    Human {
        /// Reached only through the invite link.
        #[serde(default)]
        private: bool,
    },
}

/// A Fischer time control: written as players write it, `"5+3"` (5
/// minutes each, 3 seconds a move: [`TimeControl`]), or in seconds,
/// `{"initial_s": 300, "increment_s": 3}`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum ClockSpec {
    /// `MINUTES+SECONDS`.
    Written(String),
    /// Seconds.
    Seconds {
        /// Time for each side, seconds.
        initial_s: u32,
        /// Added after each move, seconds.
        #[serde(default)]
        increment_s: u32,
    },
}

impl ClockSpec {
    /// The time control, within the server's limits.
    fn time_control(&self) -> Result<TimeControl, Error> {
        let tc = match self {
            ClockSpec::Written(text) => text
                .parse::<TimeControl>()
                .map_err(|e| Error::bad(format!("clock: {e}")))?,
            ClockSpec::Seconds {
                initial_s,
                increment_s,
            } => TimeControl::new(
                Duration::from_secs(u64::from(*initial_s)),
                Duration::from_secs(u64::from(*increment_s)),
            )
            .map_err(|_| Error::bad(format!("clock: initial_s must be 1 to {MAX_INITIAL_S}")))?,
        };
        if tc.base() < Duration::from_secs(1)
            || tc.base() > Duration::from_secs(MAX_INITIAL_S.into())
        {
            return Err(Error::bad(format!(
                "clock: the time must be 1 second to 3 hours (initial_s 1 to {MAX_INITIAL_S})"
            )));
        }
        if tc.increment() > Duration::from_secs(MAX_INCREMENT_S.into()) {
            return Err(Error::bad(format!(
                "clock: the increment must be at most 10 minutes (increment_s 0 to {MAX_INCREMENT_S})"
            )));
        }
        Ok(tc)
    }
}

/// Creates a table and its game, from `address`; a computer table's game
/// starts at once. A table for a person waits in the lobby (or behind its
/// invite) until `--open-table-expiry-s` has passed.
///
/// # Errors
/// A 400 for bad rules, side, level or clock; a 429 when the guest (or
/// its address) has as many open tables as allowed; a database error.
pub async fn create(
    app: &Arc<App>,
    guest: &Session,
    address: &str,
    spec: NewTable,
) -> Result<(TableRow, Arc<Room>), Error> {
    let rules: Rules = spec
        .rules
        .parse()
        .map_err(|e| Error::bad(format!("rules: {e}")))?;
    let creator_side = match spec.starts.as_deref().unwrap_or("random") {
        "S" => Side::South,
        "N" => Side::North,
        "random" => {
            if ids_coin() {
                Side::South
            } else {
                Side::North
            }
        }
        other => {
            return Err(Error::bad(format!(
                "starts: expected \"S\", \"N\" or \"random\", not {other:?}"
            )));
        }
    };
    let clock = match &spec.clock {
        None => None,
        Some(c) => {
            let tc = c.time_control()?;
            let ms = |d: Duration| i64::try_from(d.as_millis()).expect("at most 3 hours");
            Some(Clock::new(ms(tc.base()), ms(tc.increment())))
        }
    };
    let now = now_ms();
    if matches!(spec.opponent, Opponent::Human { .. }) {
        let max = i64::from(app.config.max_open_tables);
        let (mine, from_address) = app
            .store
            .open_tables_of(&guest.id, address, open_since(app, now))
            .await?;
        // An address may be a household or an office: four guests' worth.
        if mine >= max || from_address >= 4 * max {
            return Err(Error::TooMany(format!(
                "you have {mine} open tables: at most {max} wait for an opponent at once"
            )));
        }
    }
    let mut state = GameState::new(game_id(), Game::new(rules), clock, now);
    let table_id = game_id();
    state.table_id = Some(table_id.clone());
    state.seats[creator_side.index()] = Some(Seat::human(&guest.name, &guest.id));
    let (opponent_kind, level, private) = match spec.opponent {
        Opponent::Computer { level } => {
            let level =
                Level::new(level).map_err(|_| Error::bad("opponent: level must be 1 to 10"))?;
            state.seats[creator_side.opposite().index()] = Some(Seat::computer(level));
            let first = state.to_move();
            state.start_full(first, now);
            ("computer", Some(level.get()), false)
        }
        Opponent::Human { private } => ("human", None, private),
    };
    let table = TableRow {
        id: table_id,
        game_id: state.id.clone(),
        rules: rules.to_string(),
        creator_session: guest.id.clone(),
        creator_name: guest.name.clone(),
        creator_side,
        opponent_kind: opponent_kind.to_owned(),
        level,
        private,
        invite_token: private.then(|| random_id(16)),
        clock: clock.map(|c| (c.initial_ms, c.increment_ms)),
        status: if level.is_some() { "started" } else { "open" }.to_owned(),
        created_at: now,
        creator_address: Some(address.to_owned()),
    };
    let mut tx = app.store.pool().begin().await?;
    app.store.insert_game(&mut tx, &state, None).await?;
    app.store.insert_table(&mut tx, &table).await?;
    crate::game_room::set_turn(app, &mut tx, &state, now).await?;
    tx.commit().await?;
    let room = app.rooms.insert(app, state);
    room.follow_up(app, &room.snapshot());
    Ok((table, room))
}

/// `guest` takes the free seat at `table`: the game starts.
///
/// # Errors
/// A 409 when the seat is taken or the guest created the table; a
/// database error.
pub async fn join(app: &Arc<App>, guest: &Session, table: &TableRow) -> Result<String, Error> {
    if table.creator_session == guest.id {
        return Err(Error::conflict(
            "you created this table: wait for an opponent",
        ));
    }
    if table.status == "expired"
        || (table.status == "open" && table.created_at < open_since(app, now_ms()))
    {
        return Err(Error::conflict(
            "the table has expired: nobody took its seat in time",
        ));
    }
    if table.status != "open" {
        return Err(Error::conflict("the table has no free seat"));
    }
    let room = app.rooms.get(app, &table.game_id).await?;
    let side = table.creator_side.opposite();
    room.act(app, Action::Join(side, Seat::human(&guest.name, &guest.id)))
        .await?;
    Ok(table.game_id.clone())
}

/// When the oldest open table still waiting was created: earlier ones
/// have expired.
#[must_use]
pub fn open_since(app: &App, now: i64) -> i64 {
    let expiry =
        i64::try_from(app.config.open_table_expiry_s.saturating_mul(1000)).unwrap_or(i64::MAX);
    now.saturating_sub(expiry)
}

fn ids_coin() -> bool {
    let mut byte = [0u8; 1];
    getrandom::fill(&mut byte).is_ok_and(|()| byte[0] & 1 == 0)
}
