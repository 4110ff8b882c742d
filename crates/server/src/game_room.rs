//! A live game in this process: the referee's state behind a lock, the
//! broadcast that reaches every player and spectator connected here,
//! who is connected (here, and through the database on the other
//! processes), the clock's timer and the computer's moves.
//!
//! Every change goes through [`Room::act`]: lock the room, lock the game's
//! row in the database, reload if another process changed it, apply,
//! store in one transaction (checking nothing else moved), then broadcast
//! and notify the other processes.

use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::Duration;

use tokio::sync::{broadcast, watch};
use wari_rules::Side;

use crate::App;
use crate::api::error::Error;
use crate::api::json;
use crate::computer;
use crate::events::Outbox;
use crate::lock::{lock, read, write};
use crate::notify;
use crate::pool::Work;
use crate::ratings;
use crate::referee::{Action, GameState, SeatKind, Status};
use crate::text::text;
use crate::wall_clock::WallClock;

/// Connections of one seat's session in this process.
#[derive(Clone, Copy, Debug)]
struct Presence {
    connections: u32,
    /// When the last connection closed (or the room was opened).
    since_ms: i64,
}

/// A game held in memory while it is played or watched.
#[derive(Debug)]
pub struct Room {
    /// The game's id.
    pub id: String,
    state: tokio::sync::Mutex<GameState>,
    latest: RwLock<Arc<GameState>>,
    updates: broadcast::Sender<Arc<GameState>>,
    presence: Mutex<[Presence; 2]>,
    /// Whether each seat is connected through another (live) process.
    elsewhere: Mutex<[bool; 2]>,
    deadline: watch::Sender<Option<i64>>,
    /// The ply the computer is searching, so one search runs per move.
    searching: Mutex<Option<usize>>,
    /// The server's wall clock, which the game's clock runs by.
    wall_clock: WallClock,
}

/// Holds a seat's connection open; closing it (drop) marks the time.
#[derive(Debug)]
pub struct PresenceGuard {
    app: Arc<App>,
    room: Arc<Room>,
    side: Option<Side>,
}

impl Drop for PresenceGuard {
    fn drop(&mut self) {
        if let Some(side) = self.side {
            let last = {
                let mut p = lock(&self.room.presence);
                let seat = &mut p[side.index()];
                seat.connections = seat.connections.saturating_sub(1);
                if seat.connections == 0 {
                    seat.since_ms = self.app.now_ms();
                }
                seat.connections == 0
            };
            if last {
                self.app
                    .process
                    .presence_changed(&self.room.id, side, false, self.app.now_ms());
            }
            self.room.republish();
        }
    }
}

impl Room {
    /// A room for `state`; starts its clock's timer.
    pub fn open(app: &Arc<App>, state: GameState) -> Arc<Room> {
        let now = app.now_ms();
        let (updates, _) = broadcast::channel(16);
        let (deadline, _) = watch::channel(None);
        let room = Arc::new(Room {
            id: state.id.clone(),
            latest: RwLock::new(Arc::new(state.clone())),
            state: tokio::sync::Mutex::new(state),
            updates,
            presence: Mutex::new(
                [Presence {
                    connections: 0,
                    since_ms: now,
                }; 2],
            ),
            elsewhere: Mutex::new([false; 2]),
            deadline,
            searching: Mutex::new(None),
            wall_clock: app.config.wall_clock.clone(),
        });
        spawn_timer(Arc::clone(app), Arc::downgrade(&room));
        room.set_deadline(&room.snapshot());
        let (app, opened) = (Arc::clone(app), Arc::clone(&room));
        tokio::spawn(async move { opened.refresh_presence(&app).await });
        room
    }

    /// Milliseconds since the Unix epoch, by the server's wall clock.
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        self.wall_clock.now_ms()
    }

    /// The state as last stored.
    #[must_use]
    pub fn snapshot(&self) -> Arc<GameState> {
        Arc::clone(&read(&self.latest))
    }

    /// A receiver of every state stored from now on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<GameState>> {
        self.updates.subscribe()
    }

    /// Whether the computer is searching (or about to) in this game.
    #[must_use]
    pub fn is_searching(&self) -> bool {
        lock(&self.searching).is_some()
    }

    /// Receivers listening (connections open here).
    #[must_use]
    pub fn listeners(&self) -> usize {
        self.updates.receiver_count()
    }

    /// Whether each seat is connected: the computer always, a person while
    /// a WebSocket or stream of their session is open in this process or
    /// another live one.
    #[must_use]
    pub fn connected(&self, state: &GameState) -> [bool; 2] {
        let presence = *lock(&self.presence);
        let elsewhere = *lock(&self.elsewhere);
        Side::ALL.map(|side| match state.seat(side).map(|s| &s.kind) {
            None => false,
            Some(SeatKind::Computer(_)) => true,
            Some(SeatKind::Human(_)) => {
                presence[side.index()].connections > 0 || elsewhere[side.index()]
            }
        })
    }

    /// Counts a connection of `side`'s session (none for spectators).
    #[must_use]
    pub fn connect(self: &Arc<Self>, app: &Arc<App>, side: Option<Side>) -> PresenceGuard {
        if let Some(side) = side {
            let first = {
                let mut p = lock(&self.presence);
                p[side.index()].connections += 1;
                p[side.index()].connections == 1
            };
            if first {
                app.process
                    .presence_changed(&self.id, side, true, app.now_ms());
            }
            self.republish();
        }
        PresenceGuard {
            app: Arc::clone(app),
            room: Arc::clone(self),
            side,
        }
    }

    /// Reads who is connected through the other processes, and sends the
    /// state again if that changed.
    pub async fn refresh_presence(&self, app: &Arc<App>) {
        let rows = match app
            .store
            .presence(&self.id, app.now_ms() - crate::lease::LEASE_MS)
            .await
        {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "presence not read");
                return;
            }
        };
        let seen = Side::ALL.map(|side| {
            rows.iter().any(|r| {
                r.side == side && r.process_id != app.process.id && r.connections > 0 && r.alive
            })
        });
        let changed = {
            let mut elsewhere = lock(&self.elsewhere);
            std::mem::replace(&mut *elsewhere, seen) != seen
        };
        if changed {
            self.republish();
        }
    }

    /// How long `side` has been away from every process (zero while
    /// connected to any): since its last connection closed, or since the
    /// game started.
    ///
    /// # Errors
    /// A database error.
    pub async fn away_ms(&self, app: &Arc<App>, side: Side) -> Result<i64, Error> {
        let here = lock(&self.presence)[side.index()];
        if here.connections > 0 {
            return Ok(0);
        }
        let rows = app
            .store
            .presence(&self.id, app.now_ms() - crate::lease::LEASE_MS)
            .await?;
        let mut since = self.snapshot().started_at.unwrap_or(0);
        for r in rows.iter().filter(|r| r.side == side) {
            if r.process_id == app.process.id {
                // Its close is on its way to the database when the row
                // still counts a connection: it closed at `since_ms`.
                since = since.max(if r.connections > 0 {
                    here.since_ms
                } else {
                    r.left_at
                });
            } else if r.connections > 0 {
                // Another process (or one not yet found dead) holds one.
                return Ok(0);
            } else {
                since = since.max(r.left_at);
            }
        }
        Ok((app.now_ms() - since).max(0))
    }

    /// Sends the current state again (presence changed).
    fn republish(&self) {
        let _ = self.updates.send(self.snapshot());
    }

    fn publish(&self, state: Arc<GameState>) {
        *write(&self.latest) = Arc::clone(&state);
        self.set_deadline(&state);
        let _ = self.updates.send(state);
    }

    fn set_deadline(&self, state: &GameState) {
        let deadline = state.deadline();
        self.deadline.send_if_modified(|d| {
            let changed = *d != deadline;
            *d = deadline;
            changed
        });
    }

    /// Applies `action`, stores it, broadcasts the new state and starts
    /// what follows (the computer's move). Returns the new state.
    ///
    /// # Errors
    /// Why the action does not fit the game (nothing changed then), or a
    /// database error. A clock that ran out before the action is applied
    /// first, and the action is refused.
    pub async fn act(
        self: &Arc<Self>,
        app: &Arc<App>,
        action: Action,
    ) -> Result<Arc<GameState>, Error> {
        let mut state = self.state.lock().await;
        if let Some(snapshot) = self.move_alone(app, &mut state, &action).await {
            drop(state);
            self.publish(Arc::clone(&snapshot));
            self.follow_up(app, &snapshot);
            return Ok(snapshot);
        }
        let mut tx = app.store.pool().begin().await?;
        let locked = app
            .store
            .lock_game(&mut tx, &self.id)
            .await?
            .ok_or_else(|| Error::not_found(text!("err-no-game", id = self.id)))?;
        if locked.version != state.version
            && let Some(fresh) = app.store.load_game(&mut tx, &self.id).await?
        {
            *state = fresh;
            self.publish(Arc::new(state.clone()));
        }
        let now = app.now_ms();
        let flag_first = !matches!(action, Action::Flag) && state.time_is_up(now);
        let action = if flag_first { Action::Flag } else { action };
        let was_waiting = state.status == Status::Waiting;
        let mut next = state.clone();
        let mut effects = next.apply(action, now)?;
        next.version = locked.version + 1;
        if was_waiting && next.status != Status::Waiting {
            ratings::show_ratings(app, &mut tx, &mut next).await?;
        }
        let ended = state.status != Status::Finished && next.status == Status::Finished;
        if ended {
            ratings::settle(app, &mut tx, &mut next, now).await?;
            crate::tournaments::game_over(app, &mut tx, &next, now).await?;
        }
        if let Some(rematch) = effects.rematch.as_mut() {
            ratings::show_ratings(app, &mut tx, rematch).await?;
        }
        app.store
            .update_game(&mut tx, &next, locked.moves_count, now)
            .await?;
        if was_waiting
            && next.status != Status::Waiting
            && let Some(table) = &next.table_id
        {
            app.store.start_table(&mut tx, table).await?;
        }
        if let Some(rematch) = &effects.rematch {
            app.store
                .insert_game(&mut tx, rematch, None, app.now_ms())
                .await?;
            set_turn(app, &mut tx, rematch, now).await?;
        }
        set_turn(app, &mut tx, &next, now).await?;
        let mut outbox = Outbox::default();
        if was_waiting && next.status == Status::Playing {
            json::game_started(&mut outbox, &next, now);
        }
        if let Some(rematch) = &effects.rematch {
            json::game_started(&mut outbox, rematch, now);
        }
        outbox.notify(app, &mut tx).await?;
        let payload = format!("{} {}", self.id, next.version);
        app.store.notify(&mut tx, notify::CHANNEL, &payload).await?;
        let mut committing = ReloadIfDropped::new(self, app, next.version);
        tx.commit().await?;
        committing.room = None;
        outbox.deliver(app);
        if ended && next.tournament.is_some() {
            app.tournaments.changed();
            app.tournaments.wake();
        }
        *state = next;
        let snapshot = Arc::new(state.clone());
        drop(state);
        self.publish(Arc::clone(&snapshot));
        self.follow_up(app, &snapshot);
        if let Some(rematch) = effects.rematch {
            let room = app.rooms.insert(app, rematch);
            room.follow_up(app, &room.snapshot());
        }
        if flag_first {
            return Err(Error::conflict(text!("err-game-over-time-ran-out")));
        }
        Ok(snapshot)
    }

    /// A person's plain move, the most frequent action, stored by the
    /// group commit (`Store::store_move`) without a transaction of its
    /// own: one move added to a game between people that goes on, on the
    /// version held here. The new state, or `None` when the action is not
    /// such a move here or the stored version moved on (another process
    /// wrote): [`Room::act`] then takes its whole way, which reloads the
    /// game first.
    async fn move_alone(
        self: &Arc<Self>,
        app: &Arc<App>,
        state: &mut GameState,
        action: &Action,
    ) -> Option<Arc<GameState>> {
        let now = app.now_ms();
        let plain = matches!(action, Action::Move { .. })
            && state.status == Status::Playing
            && !state.time_is_up(now)
            && !computer_seated(state);
        if !plain {
            return None;
        }
        let mut next = state.clone();
        let effects = next.apply(action.clone(), now).ok()?;
        let one_more = next.game.moves().len() == state.game.moves().len() + 1;
        if effects.rematch.is_some() || next.status != Status::Playing || !one_more {
            return None;
        }
        next.version = state.version + 1;
        let next = Arc::new(next);
        let mut waiting = ReloadIfDropped::new(self, app, next.version);
        let stored = app
            .store
            .store_move(Arc::clone(&next), state.version, now)
            .await;
        waiting.room = None;
        if !stored {
            tracing::debug!(game = %self.id, "move not stored by the group commit");
            return None;
        }
        *state = GameState::clone(&next);
        Some(next)
    }

    /// Reloads the game from the database when another process stored a
    /// newer version, and broadcasts it.
    pub async fn reload(&self, app: &Arc<App>, version: Option<i64>) -> Result<(), Error> {
        let mut state = self.state.lock().await;
        if version.is_some_and(|v| v <= state.version) {
            return Ok(());
        }
        let mut conn = app.store.pool().acquire().await?;
        if let Some(fresh) = app.store.load_game(&mut conn, &self.id).await?
            && fresh.version != state.version
        {
            *state = fresh;
            let snapshot = Arc::new(state.clone());
            drop(state);
            self.publish(snapshot);
        }
        Ok(())
    }

    /// Starts what a change made here calls for: the computer's move (one
    /// search per ply; a cycle offer standing when it ends is judged by its
    /// score), or its answer to a cycle offer made on the person's turn.
    pub fn follow_up(self: &Arc<Self>, app: &Arc<App>, state: &Arc<GameState>) {
        let ply = state.game.moves().len();
        if let Some(level) = state.computer_to_move() {
            {
                let mut searching = lock(&self.searching);
                if *searching == Some(ply) {
                    return;
                }
                *searching = Some(ply);
            }
            let game = state.game.clone();
            let (app, room) = (Arc::clone(app), Arc::clone(self));
            let (side, clock) = (state.to_move(), state.clock);
            tokio::spawn(async move {
                // The clock as it stands when a thread is free.
                let limits = || {
                    let clock = clock.map(|c| (c.left(side, app.now_ms()), c.increment_ms));
                    app.computer.move_limits(clock)
                };
                room.computer_moves(&app, game, level, limits, ply).await;
                // Cleared only now, so the states stored on the way do not
                // start a second search for the same ply.
                *lock(&room.searching) = None;
            });
        } else if state.cycle_offer_to_computer() {
            let judge = Side::ALL
                .into_iter()
                .find(|&s| state.seat(s).and_then(|seat| seat.level()).is_some());
            let Some(judge) = judge else { return };
            let Some(level) = state.seat(judge).and_then(|s| s.level()) else {
                return;
            };
            let game = state.game.clone();
            let (app, room) = (Arc::clone(app), Arc::clone(self));
            tokio::spawn(async move {
                let accept = app
                    .computer
                    .accepts_cycle(game, judge, level)
                    .await
                    .unwrap_or(false);
                if let Err(e) = room.act(&app, Action::ComputerAnswer { ply, accept }).await {
                    tracing::debug!(game = %room.id, error = %e, "computer answer dropped");
                }
            });
        }
    }
}

impl Room {
    /// The computer, seated at the side to move at `ply`, searches and
    /// moves; a cycle offer standing when the search ends is judged by its
    /// score first.
    async fn computer_moves(
        self: &Arc<Self>,
        app: &Arc<App>,
        game: wari_rules::Game,
        level: wari_engine::Level,
        limits: impl FnOnce() -> wari_engine::Limits,
        ply: usize,
    ) {
        let position = *game.position();
        let side = position.turn();
        let result = match app
            .computer
            .think(game, level, limits, true, Work::Computer)
            .await
        {
            Ok(result) => result,
            Err(e) => {
                tracing::error!(game = %self.id, error = %e, "computer search failed");
                return;
            }
        };
        if self.snapshot().cycle_offer_to_computer() {
            let accept = computer::accepts_cycle(&position, side, result.score);
            let answer = Action::ComputerAnswer { ply, accept };
            if self.act(app, answer).await.is_ok() && accept {
                return;
            }
        }
        if let Some(mv) = result.best
            && let Err(e) = self.act(app, Action::Computer { ply, mv }).await
        {
            tracing::debug!(game = %self.id, error = %e, "computer move dropped");
        }
    }
}

/// Makes the computer's pending turn in `state`, if it has one, this
/// process's (it searches it; another takes over if this one dies), or
/// ends it; nothing for games between people.
pub async fn set_turn(
    app: &Arc<App>,
    conn: &mut sqlx::AnyConnection,
    state: &GameState,
    now: i64,
) -> Result<(), Error> {
    if !computer_seated(state) {
        return Ok(());
    }
    let pending = state.computer_to_move().is_some() || state.cycle_offer_to_computer();
    let owner = pending.then_some(app.process.id.as_str());
    app.store.set_turn(conn, &state.id, owner, now).await
}

/// A room waiting for its change to commit: if the wait is dropped (the
/// request's future with it, its client gone), the room reloads the game
/// in a task of its own once the lock is free, so a change that committed
/// all the same is kept and broadcast. Disarmed by taking `room`.
struct ReloadIfDropped {
    room: Option<Arc<Room>>,
    app: Arc<App>,
    version: i64,
}

impl ReloadIfDropped {
    fn new(room: &Arc<Room>, app: &Arc<App>, version: i64) -> ReloadIfDropped {
        ReloadIfDropped {
            room: Some(Arc::clone(room)),
            app: Arc::clone(app),
            version,
        }
    }
}

impl Drop for ReloadIfDropped {
    fn drop(&mut self) {
        let Some(room) = self.room.take() else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (app, version) = (Arc::clone(&self.app), self.version);
        runtime.spawn(async move {
            if let Err(e) = room.reload(&app, Some(version)).await {
                tracing::warn!(game = %room.id, error = %e, "reload failed");
            }
        });
    }
}

/// Whether the computer holds a seat of `state`.
fn computer_seated(state: &GameState) -> bool {
    state.seats.iter().flatten().any(|s| s.level().is_some())
}

/// The clock's timer: sleeps until the running side's time is up and
/// flags it, even with nobody connected. Ends with the room.
fn spawn_timer(app: Arc<App>, room: Weak<Room>) {
    let Some(mut deadline) = room.upgrade().map(|r| r.deadline.subscribe()) else {
        return;
    };
    tokio::spawn(async move {
        loop {
            let at = *deadline.borrow_and_update();
            match at {
                None => {
                    if deadline.changed().await.is_err() {
                        return;
                    }
                }
                Some(at) => {
                    tokio::select! {
                        () = app.config.wall_clock.sleep_until(at) => {
                            let Some(room) = room.upgrade() else { return };
                            if let Err(e) = room.act(&app, Action::Flag).await
                                && !matches!(e, Error::Conflict(_)) {
                                    tracing::warn!(game = %room.id, error = %e, "flag failed; retrying");
                                    tokio::time::sleep(Duration::from_secs(1)).await;
                                }
                        }
                        changed = deadline.changed() => {
                            if changed.is_err() {
                                return;
                            }
                        }
                    }
                }
            }
        }
    });
}
