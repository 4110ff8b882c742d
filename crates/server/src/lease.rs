//! What keeps the processes sharing a database honest with each other:
//! each beats (writes that it is alive) every second; a process not seen
//! for [`LEASE_MS`] is dead, and the first live process to notice buries
//! it: its players' connections count as closed from then, and its
//! computer's pending turns become the burier's, who searches them. So a
//! game against the computer goes on within a few seconds of the process
//! that was searching its move dying (issue 14, point 3), and a player
//! connected to one process shows as connected on every other (point 2).
//!
//! The same loop runs what the database, not a room in memory, must do:
//! flags that fall in games nobody has loaded, the adjournment of
//! unclocked games both players left, the expiry of open tables, and
//! letting go of the rooms nobody watches.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use wari_rules::Side;

use crate::App;
use crate::api::error::Error;
use crate::ids::random_id;
use crate::referee::Action;

/// Milliseconds without a heartbeat after which a process is dead.
pub const LEASE_MS: i64 = 3_000;
const BEAT: Duration = Duration::from_secs(1);

/// This process, as the others know it.
#[derive(Debug)]
pub struct Process {
    /// Its id in the `processes` table.
    pub id: String,
    started_at: i64,
    presence: mpsc::UnboundedSender<PresenceChange>,
    changes: std::sync::Mutex<Option<mpsc::UnboundedReceiver<PresenceChange>>>,
}

/// A seat of a game that gained its first connection here, or lost its
/// last.
#[derive(Debug)]
struct PresenceChange {
    game: String,
    side: Side,
    connected: bool,
    at: i64,
}

impl Process {
    /// This process, started at `started_at` (milliseconds since the
    /// Unix epoch).
    #[must_use]
    pub fn new(started_at: i64) -> Process {
        let (presence, changes) = mpsc::unbounded_channel();
        Process {
            id: random_id(12),
            started_at,
            presence,
            changes: std::sync::Mutex::new(Some(changes)),
        }
    }

    /// Records, in order and off the caller's path, that `side` of `game`
    /// is now connected here or not, at `at`.
    pub fn presence_changed(&self, game: &str, side: Side, connected: bool, at: i64) {
        let _ = self.presence.send(PresenceChange {
            game: game.to_owned(),
            side,
            connected,
            at,
        });
    }
}

/// Announces this process, buries every process that is dead (with
/// SQLite, every other one: it serves one process) and takes over their
/// computers' turns; then starts the heartbeat and the sweeps.
///
/// # Errors
/// A database error.
pub async fn start(app: &Arc<App>) -> Result<(), Error> {
    let now = app.now_ms();
    app.store
        .beat(&app.process.id, app.process.started_at, now)
        .await?;
    let cut = match app.store.backend() {
        crate::store::Backend::Sqlite => i64::MAX,
        crate::store::Backend::Postgres => now - LEASE_MS,
    };
    bury_the_dead(app, cut).await?;
    spawn_presence_writer(Arc::clone(app));
    spawn_maintenance(Arc::clone(app));
    Ok(())
}

async fn bury_the_dead(app: &Arc<App>, cut: i64) -> Result<(), Error> {
    let me = &app.process.id;
    for dead in app.store.dead_processes(me, cut).await? {
        let Some(estate) = app.store.bury(&dead, cut, me, app.now_ms()).await? else {
            continue;
        };
        tracing::info!(process = %dead, turns = estate.turns.len(), "a server process died: its games taken over");
        for game in &estate.presence {
            crate::notify::presence_changed(app, game).await;
        }
        for game in &estate.turns {
            match app.rooms.get(app, game).await {
                Ok(room) => room.follow_up(app, &room.snapshot()),
                Err(e) => {
                    tracing::warn!(game = %game, error = %e, "cannot take over the computer's turn")
                }
            }
        }
    }
    Ok(())
}

fn spawn_presence_writer(app: Arc<App>) {
    let Some(mut changes) = crate::lock::lock(&app.process.changes).take() else {
        return;
    };
    tokio::spawn(async move {
        while let Some(c) = changes.recv().await {
            let stored = app
                .store
                .set_presence(&c.game, c.side, &app.process.id, c.connected, c.at)
                .await;
            match stored {
                Ok(()) => crate::notify::presence_changed(&app, &c.game).await,
                Err(e) => tracing::warn!(game = %c.game, error = %e, "presence not stored"),
            }
        }
    });
}

fn spawn_maintenance(app: Arc<App>) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(BEAT);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut stopping = app.stopping.signal();
        for n in 0u64.. {
            tokio::select! {
                _ = tick.tick() => {}
                () = crate::listen::stopped(&mut stopping) => return,
            }
            if let Err(e) = maintain(&app, n).await {
                tracing::warn!(error = %e, "maintenance failed; trying again");
            }
        }
    });
}

/// Says this process is leaving (a heartbeat at the epoch): the others
/// bury it at their next beat, without waiting out the lease.
pub async fn leave(app: &App) {
    if let Err(e) = app
        .store
        .beat(&app.process.id, app.process.started_at, 0)
        .await
    {
        tracing::warn!(error = %e, "could not say this process is leaving");
    }
}

async fn maintain(app: &Arc<App>, n: u64) -> Result<(), Error> {
    let now = app.now_ms();
    app.store
        .beat(&app.process.id, app.process.started_at, now)
        .await?;
    bury_the_dead(app, now - LEASE_MS).await?;
    for id in app.store.flags_due(now).await? {
        if let Ok(room) = app.rooms.get(app, &id).await
            && let Err(e) = room.act(app, Action::Flag).await
            && !matches!(e, Error::Conflict(_))
        {
            tracing::warn!(game = %id, error = %e, "flag failed");
        }
    }
    if n.is_multiple_of(5) {
        let adjourn_ms =
            i64::try_from(app.config.adjourn_after_s.saturating_mul(1000)).unwrap_or(i64::MAX);
        let adjourned = app
            .store
            .adjourn(now, now.saturating_sub(adjourn_ms), now - LEASE_MS)
            .await?;
        if !adjourned.is_empty() {
            tracing::debug!(games = adjourned.len(), "games adjourned");
        }
        app.store
            .expire_tables(crate::lobby::open_since(app, now))
            .await?;
        app.rooms.sweep();
    }
    if n.is_multiple_of(30) {
        app.limiter.sweep();
        app.analysis.sweep();
        app.store.forget_finished_presence().await?;
        app.events.sweep();
        app.chats.sweep();
        crate::accounts::prune_failures(app).await?;
        crate::pairing::sweep(app).await?;
    }
    Ok(())
}
