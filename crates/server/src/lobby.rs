//! The lobby: tables created with their rules, who starts, the opponent
//! (the computer at a level, or a person by open seat or invite), the
//! time control (a Fischer clock, or days a move), rated or casual and
//! the ratings welcome; taking the free seat starts the game. An open
//! table is a custom seek: its creator may cancel it.

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use wari_engine::Level;
use wari_rules::{Game, Position, Rules, Side, TimeControl};

use crate::App;
use crate::accounts::name_key;
use crate::api::error::Error;
use crate::api::json;
use crate::clock::Clock;
use crate::events::Outbox;
use crate::game_room::Room;
use crate::ids::{coin, game_id, random_id};
use crate::ratings::{self, Pool};
use crate::referee::{Action, GameState, Seat, Status};
use crate::store::{Session, TableRow};
use crate::text::{Text, text};

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
    /// A Fischer clock, days a move, or none.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// Rated (signed-in players, a standard board, a clock).
    #[serde(default)]
    pub rated: bool,
    /// The ratings a player must have to join, `[min, max]`.
    #[serde(default)]
    pub rating_range: Option<(i32, i32)>,
    /// A set-up position to start from (the position editor's), instead
    /// of the rules' start: casual only.
    #[serde(default)]
    pub start: Option<String>,
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
    /// A person: an open seat in the lobby, a private invite, or a
    /// challenge to a named player.
    Human {
        /// Reached only through the invite link.
        #[serde(default)]
        private: bool,
        /// Challenge this player (an account's name): the table is
        /// private and only they may take the seat.
        #[serde(default)]
        player: Option<String>,
    },
}

/// A time control: Fischer, written as players write it, `"5+3"` (5
/// minutes each, 3 seconds a move: [`TimeControl`]), or in seconds,
/// `{"initial_s": 300, "increment_s": 3}`; or correspondence, `{"days": 3}`
/// (days for each move). Nothing else: `{"days": 3, "increment_s": 2}` is
/// no clock.
#[derive(Debug, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum ClockSpec {
    /// `MINUTES+SECONDS`.
    Written(String),
    /// Days a move.
    Days {
        /// 1, 2, 3, 7 or 14.
        days: u32,
    },
    /// Seconds.
    Seconds {
        /// Time for each side, seconds.
        initial_s: u32,
        /// Added after each move, seconds.
        #[serde(default)]
        increment_s: u32,
    },
}

/// The days a move a correspondence game may have.
pub const CORRESPONDENCE_DAYS: [u32; 5] = [1, 2, 3, 7, 14];

impl ClockSpec {
    /// The clock asked for, within the server's limits.
    ///
    /// # Errors
    /// A 400 for a time control out of range or unreadable.
    pub fn clock(&self) -> Result<Clock, Error> {
        if let ClockSpec::Days { days } = self {
            if !CORRESPONDENCE_DAYS.contains(days) {
                return Err(Error::bad(text!(
                    "err-clock-days",
                    correspondence_days = format!("{:?}", CORRESPONDENCE_DAYS)
                )));
            }
            return Ok(Clock::days(*days));
        }
        let tc = self.time_control()?;
        let ms = |d: Duration| i64::try_from(d.as_millis()).expect("at most 3 hours");
        Ok(Clock::new(ms(tc.base()), ms(tc.increment())))
    }

    /// The Fischer time control, within the server's limits.
    fn time_control(&self) -> Result<TimeControl, Error> {
        let tc = match self {
            ClockSpec::Written(text) => text
                .parse::<TimeControl>()
                .map_err(|e| Error::bad(text!("err-clock-time-control", e = Text::from(e))))?,
            ClockSpec::Seconds {
                initial_s,
                increment_s,
            } => TimeControl::new(
                Duration::from_secs(u64::from(*initial_s)),
                Duration::from_secs(u64::from(*increment_s)),
            )
            .map_err(|_| Error::bad(text!("err-clock-initial", max_initial_s = MAX_INITIAL_S)))?,
            ClockSpec::Days { .. } => {
                return Err(Error::bad(text!("err-clock-days-not-fischer")));
            }
        };
        if tc.base() < Duration::from_secs(1)
            || tc.base() > Duration::from_secs(MAX_INITIAL_S.into())
        {
            return Err(Error::bad(text!(
                "err-clock-time-range",
                max_initial_s = MAX_INITIAL_S
            )));
        }
        if tc.increment() > Duration::from_secs(MAX_INCREMENT_S.into()) {
            return Err(Error::bad(text!(
                "err-clock-increment-range",
                max_increment_s = MAX_INCREMENT_S
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
        .map_err(|e| Error::bad(text!("err-bad-rules", e = Text::from(e))))?;
    let creator_side = match spec.starts.as_deref().unwrap_or("random") {
        "S" => Side::South,
        "N" => Side::North,
        "random" => {
            if coin() {
                Side::South
            } else {
                Side::North
            }
        }
        other => {
            return Err(Error::bad(text!(
                "err-bad-starts",
                other = format!("{:?}", other)
            )));
        }
    };
    let game = match spec.start.as_deref() {
        None => Game::new(rules),
        Some(text) => {
            if spec.rated {
                return Err(Error::bad(text!("err-rated-set-up-position")));
            }
            let start = Position::from_string(text, rules)
                .map_err(|e| Error::bad(text!("err-bad-start", e = Text::from(e))))?;
            if let Some(reason) = start.end_reason() {
                return Err(Error::bad(text!(
                    "err-start-game-over",
                    reason = reason.name()
                )));
            }
            Game::from_position(start)
        }
    };
    let clock = spec.clock.as_ref().map(ClockSpec::clock).transpose()?;
    let human = matches!(spec.opponent, Opponent::Human { .. });
    if spec.rated {
        if guest.account_id.is_none() {
            return Err(Error::NotSignedIn(text!("err-rated-needs-account")));
        }
        if !human {
            return Err(Error::bad(text!("err-rated-computer")));
        }
        if Pool::of(&rules, clock.as_ref()).is_none() {
            return Err(Error::bad(text!("err-rated-needs-pool")));
        }
    }
    if let Some((min, max)) = spec.rating_range
        && (!human || min > max || Pool::of(&rules, clock.as_ref()).is_none())
    {
        return Err(Error::bad(text!("err-rating-range")));
    }
    if guest.bot
        && matches!(
            spec.opponent,
            Opponent::Human { player: None, .. } | Opponent::Computer { .. }
        )
    {
        return Err(Error::forbidden(text!("err-bots-challenge-only")));
    }
    let now = app.now_ms();
    if matches!(spec.opponent, Opponent::Human { .. }) {
        let max = i64::from(app.config.max_open_tables);
        let (mine, from_address) = app
            .store
            .open_tables_of(&guest.id, address, open_since(app, now))
            .await?;
        // An address may be a household or an office: four guests' worth.
        if mine >= max || from_address >= 4 * max {
            return Err(Error::TooMany(text!(
                "err-too-many-tables",
                mine = mine,
                max = max
            )));
        }
    }
    let mut state = GameState::new(game_id(), game, clock, now);
    state.rated = spec.rated;
    let table_id = game_id();
    state.table_id = Some(table_id.clone());
    state.seats[creator_side.index()] = Some(Seat::of(guest));
    let mut challenged = None;
    let mut bots = guest.bot;
    let (opponent_kind, level, private) = match spec.opponent {
        Opponent::Computer { level } => {
            let level = Level::new(level).map_err(|_| Error::bad(text!("err-computer-level")))?;
            state.seats[creator_side.opposite().index()] = Some(Seat::computer(level));
            let first = state.to_move();
            state.start_full(first, now);
            ("computer", Some(level.get()), false)
        }
        Opponent::Human {
            private,
            player: None,
        } => ("human", None, private),
        Opponent::Human {
            player: Some(name), ..
        } => {
            let account = app
                .store
                .account_by_key(&name_key(name.trim()))
                .await?
                .filter(|a| a.deleted_at.is_none())
                .ok_or_else(|| Error::not_found(text!("err-no-player", name = name)))?;
            if guest.is(&account.id) {
                return Err(Error::bad(text!("err-challenge-yourself")));
            }
            bots |= account.bot;
            challenged = Some((account.id, account.name));
            ("human", None, true)
        }
    };
    let table = TableRow {
        id: table_id,
        game_id: state.id.clone(),
        rules: rules.to_string(),
        creator_session: guest.player().to_owned(),
        creator_name: guest.name.clone(),
        creator_side,
        opponent_kind: opponent_kind.to_owned(),
        level,
        private,
        invite_token: private.then(|| random_id(16)),
        clock,
        status: if level.is_some() { "started" } else { "open" }.to_owned(),
        created_at: now,
        rated: spec.rated,
        rating_range: spec.rating_range,
        challenged,
        bots,
        creator_address: Some(address.to_owned()),
    };
    let mut tx = app.store.pool().begin().await?;
    ratings::show_ratings(app, &mut tx, &mut state).await?;
    app.store
        .insert_game(&mut tx, &state, None, app.now_ms())
        .await?;
    app.store.insert_table(&mut tx, &table).await?;
    crate::game_room::set_turn(app, &mut tx, &state, now).await?;
    let mut outbox = Outbox::default();
    if state.status == Status::Playing {
        json::game_started(&mut outbox, &state, app.now_ms());
    }
    if let Some((account, _)) = &table.challenged {
        let mut event = json::challenge_event("challenge", &table);
        // Whether a bot challenges (for a bot's noBot or onlyBot).
        event["challenge"]["creator"]["bot"] = serde_json::json!(guest.bot);
        outbox.push(account, event);
    }
    outbox.notify(app, &mut tx).await?;
    tx.commit().await?;
    outbox.deliver(app);
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
    if guest.is(&table.creator_session) {
        return Err(Error::conflict(text!("err-own-table")));
    }
    if table.status == "expired"
        || (table.status == "open"
            && table.created_at
                < open_since(app, app.now_ms()).of(table.clock.is_some_and(|c| c.per_move)))
    {
        return Err(Error::conflict(text!("err-table-expired")));
    }
    if table.status != "open" {
        return Err(Error::conflict(text!("err-no-free-seat")));
    }
    if guest.bot && table.challenged.is_none() {
        return Err(Error::forbidden(text!("err-bots-table-not-challenge")));
    }
    if let Some((account, name)) = &table.challenged
        && !guest.is(account)
    {
        return Err(Error::forbidden(text!(
            "err-challenge-for-other",
            name = name
        )));
    }
    welcome(app, guest, table).await?;
    let room = app.rooms.get(app, &table.game_id).await?;
    let side = table.creator_side.opposite();
    room.act(app, Action::Join(side, Seat::of(guest))).await?;
    Ok(table.game_id.clone())
}

/// Why a challenged player declines, as lichess's bots say it.
pub const DECLINE_REASONS: [&str; 10] = [
    "generic",
    "later",
    "tooFast",
    "tooSlow",
    "timeControl",
    "rated",
    "casual",
    "variant",
    "noBot",
    "onlyBot",
];

/// `guest` cancels the open table `table` they created (or declines the
/// challenge it makes them, for `reason`, one of [`DECLINE_REASONS`]):
/// it leaves the lobby with its game, on which nothing was played; the
/// other side of a challenge is told (the challenger with the reason).
///
/// # Errors
/// A 404 for a table that is not the guest's, a 409 once someone took
/// the seat; a database error.
pub async fn cancel(
    app: &Arc<App>,
    guest: &Session,
    table: &TableRow,
    reason: &str,
) -> Result<(), Error> {
    let challenged = table.challenged.as_ref().filter(|(id, _)| guest.is(id));
    if !guest.is(&table.creator_session) && challenged.is_none() {
        return Err(Error::not_found(text!(
            "err-no-table-of-yours",
            table = table.id
        )));
    }
    let mut tx = app.store.pool().begin().await?;
    let waiting = app
        .store
        .lock_game(&mut tx, &table.game_id)
        .await?
        .is_some()
        && app.store.delete_open_table(&mut tx, table).await?;
    if !waiting {
        return Err(Error::conflict(text!("err-table-started")));
    }
    let mut outbox = Outbox::default();
    match (challenged, &table.challenged) {
        (Some(_), _) => {
            let mut event = json::challenge_event("challengeDeclined", table);
            event["challenge"]["decline_reason"] = serde_json::json!(reason);
            outbox.push(&table.creator_session, event);
        }
        (None, Some((account, _))) => {
            outbox.push(account, json::challenge_event("challengeCanceled", table));
        }
        (None, None) => {}
    }
    outbox.notify(app, &mut tx).await?;
    tx.commit().await?;
    outbox.deliver(app);
    app.rooms.remove(&table.game_id);
    Ok(())
}

/// Whether `guest` may take the seat at `table`: signed in for a rated
/// table, and rated in the table's range if it has one.
async fn welcome(app: &Arc<App>, guest: &Session, table: &TableRow) -> Result<(), Error> {
    if !table.rated && table.rating_range.is_none() {
        return Ok(());
    }
    let Some(account) = &guest.account_id else {
        return Err(Error::NotSignedIn(text!("err-table-needs-account")));
    };
    let (Some((min, max)), Ok(rules)) = (table.rating_range, table.rules.parse::<Rules>()) else {
        return Ok(());
    };
    let Some(pool) = Pool::of(&rules, table.clock.as_ref()) else {
        return Ok(());
    };
    let mut conn = app.store.pool().acquire().await?;
    let rating = ratings::current(app, &mut conn, account, pool).await?;
    let rating = rating.rating.round() as i32;
    if rating < min || rating > max {
        return Err(Error::forbidden(text!(
            "err-table-rating-range",
            min = min,
            max = max,
            pool = pool,
            rating = rating
        )));
    }
    Ok(())
}

/// How long an open correspondence table (days a move) waits for an
/// opponent at least: a week. Its players come by once a day or so, not
/// within the half hour a live table waits.
pub const CORRESPONDENCE_TABLE_WAIT_MS: i64 = 7 * 86_400_000;

/// When the oldest open tables still waiting were created, live and
/// correspondence: earlier ones have expired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenSince {
    /// For tables with a Fischer clock or none (`--open-table-expiry-s`).
    pub live: i64,
    /// For correspondence tables ([`CORRESPONDENCE_TABLE_WAIT_MS`], or
    /// the live tables' wait if it is longer).
    pub correspondence: i64,
}

impl OpenSince {
    /// The cut for a table whose clock is `per_move` (correspondence) or
    /// not.
    #[must_use]
    pub fn of(self, per_move: bool) -> i64 {
        if per_move {
            self.correspondence
        } else {
            self.live
        }
    }
}

/// When the oldest open tables still waiting were created, at `now`.
#[must_use]
pub fn open_since(app: &App, now: i64) -> OpenSince {
    let expiry =
        i64::try_from(app.config.open_table_expiry_s.saturating_mul(1000)).unwrap_or(i64::MAX);
    OpenSince {
        live: now.saturating_sub(expiry),
        correspondence: now.saturating_sub(expiry.max(CORRESPONDENCE_TABLE_WAIT_MS)),
    }
}
