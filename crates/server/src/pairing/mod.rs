//! Quick pairing: players wait in the lobby's pools (`abapa-5+3`, ...)
//! until the pairing pairs them by rating (`matcher.rs`), at once when a
//! seek arrives and every second after, as the ranges widen. Seeks live
//! in the database, so every process sees every seek; a pool is paired in
//! one transaction that holds the pool's lock (PostgreSQL's advisory
//! lock: one process at a time) and marks each seek paired only while it
//! is still open, so a seek is paired once, whichever processes try.
//! A seek whose player is no longer seen (no event stream open, no look
//! at the seek) for `SEEN_WINDOW_MS` is not paired, and then cancelled.

mod matcher;
mod pools;

use std::sync::Arc;
use std::time::Duration;

pub use matcher::{Seeker, pairs};
pub use pools::{POOLS, QuickPool};
use tokio::sync::Notify;
use wari_rules::Game;

use crate::App;
use crate::api::error::Error;
use crate::api::json;
use crate::events::Outbox;
use crate::first_move;
use crate::ids::{coin, game_id, random_id};
use crate::ratings::{self, START};
use crate::referee::{GameState, Seat, SeatKind};
use crate::store::{SeekRow, Session};
use crate::text::text;

/// How long a seek's player may go unseen before the seek is not paired.
pub const SEEN_WINDOW_MS: i64 = 30_000;
/// How often the pools are looked at (the ranges widen with the wait).
const TICK: Duration = Duration::from_secs(1);

/// The pairing's wake-up call.
#[derive(Debug, Default)]
pub struct Pairing {
    wake: Notify,
}

impl Pairing {
    /// Looks at the pools now (a seek arrived).
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

/// Runs the pairing of this process: every second, and when woken.
pub fn spawn(app: Arc<App>) {
    tokio::spawn(async move {
        let mut stopping = app.stopping.signal();
        loop {
            tokio::select! {
                () = tokio::time::sleep(TICK) => {}
                () = app.pairing.wake.notified() => {}
                _ = stopping.changed() => return,
            }
            if let Err(e) = pair_all(&app).await {
                tracing::warn!(error = %e, "pairing failed");
            }
        }
    });
}

/// `session` joins the quick pool `pool` (leaving any other pool).
///
/// # Errors
/// A 404 for an unknown pool; a database error.
pub async fn seek(app: &Arc<App>, session: &Session, pool: &str) -> Result<SeekRow, Error> {
    let quick =
        QuickPool::find(pool).ok_or_else(|| Error::not_found(text!("err-no-pool", pool = pool)))?;
    let rating = match &session.account_id {
        Some(account) => {
            let mut conn = app.store.pool().acquire().await?;
            ratings::current(app, &mut conn, account, quick.rating_pool()).await?
        }
        None => START,
    };
    let now = app.now_ms();
    let seek = SeekRow {
        id: random_id(12),
        pool: quick.id.to_owned(),
        player: session.player().to_owned(),
        account_id: session.account_id.clone(),
        name: session.name.clone(),
        rating: rating.rating.round() as i64,
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        seen_at: now,
    };
    app.store.insert_seek(&seek).await?;
    app.pairing.wake();
    Ok(seek)
}

/// The seek `id` if it is `session`'s; its player is seen.
///
/// # Errors
/// A 404 for no such seek of the session's; a database error.
pub async fn look(app: &Arc<App>, session: &Session, id: &str) -> Result<SeekRow, Error> {
    let seek = app
        .store
        .seek(id)
        .await?
        .filter(|s| session.is(&s.player))
        .ok_or_else(|| Error::not_found(text!("err-no-seek", id = id)))?;
    if seek.status == "open" {
        app.store.seen_seeking(&seek.player, app.now_ms()).await?;
    }
    Ok(seek)
}

/// Cancels `session`'s seek `id`.
///
/// # Errors
/// A 404 for no such seek of the session's, a 409 once it was paired
/// (naming the game); a database error.
pub async fn cancel(app: &Arc<App>, session: &Session, id: &str) -> Result<(), Error> {
    let seek = look(app, session, id).await?;
    if app.store.cancel_seek(&seek.id).await? {
        return Ok(());
    }
    match app.store.seek(id).await?.and_then(|s| s.game_id) {
        Some(game) => Err(Error::conflict(text!("err-seek-paired", game = game))),
        None => Ok(()),
    }
}

/// Pairs every pool with two seeks or more.
async fn pair_all(app: &Arc<App>) -> Result<(), Error> {
    for pool in app.store.crowded_pools().await? {
        if let Some(quick) = QuickPool::find(&pool) {
            pair_pool(app, quick).await?;
        }
    }
    Ok(())
}

/// Pairs what can be paired in `quick` now, in one transaction.
async fn pair_pool(app: &Arc<App>, quick: QuickPool) -> Result<(), Error> {
    let mut tx = app.store.pool().begin().await?;
    app.store.lock_pool(&mut tx, quick.id).await?;
    let now = app.now_ms();
    let open = app
        .store
        .open_seeks(&mut tx, quick.id, now - SEEN_WINDOW_MS)
        .await?;
    let seekers: Vec<Seeker> = open
        .iter()
        .map(|(s, last)| Seeker {
            seek: s.id.clone(),
            player: s.player.clone(),
            rating: i32::try_from(s.rating).unwrap_or(1500),
            rated: s.account_id.is_some(),
            waited_ms: now - s.created_at,
            last_opponent: last.clone(),
        })
        .collect();
    let made = pairs(&seekers);
    if made.is_empty() {
        return Ok(());
    }
    let mut games = Vec::with_capacity(made.len());
    let mut outbox = Outbox::default();
    for (a, b) in made {
        let (a, b) = (&open[a].0, &open[b].0);
        let mut state = game_for(a, b, quick, now);
        ratings::show_ratings(app, &mut tx, &mut state).await?;
        let paired = app
            .store
            .pair_seek(&mut tx, &a.id, &state.id, &b.player, now)
            .await?
            && app
                .store
                .pair_seek(&mut tx, &b.id, &state.id, &a.player, now)
                .await?;
        if !paired {
            // Cancelled meanwhile: the next look pairs the others.
            return Ok(());
        }
        app.store
            .insert_game(&mut tx, &state, None, app.now_ms())
            .await?;
        json::game_started(&mut outbox, &state, app.now_ms());
        games.push(state);
    }
    outbox.notify(app, &mut tx).await?;
    tx.commit().await?;
    for state in games {
        tracing::info!(game = %state.id, pool = quick.id, "paired");
        let room = app.rooms.insert(app, state);
        room.follow_up(app, &room.snapshot());
    }
    outbox.deliver(app);
    Ok(())
}

/// The game of two seeks paired: colours by lot, rated when both are
/// signed in, its clock running.
fn game_for(a: &SeekRow, b: &SeekRow, quick: QuickPool, now: i64) -> GameState {
    let mut state = GameState::new(
        game_id(),
        Game::new(quick.rules()),
        Some(quick.clock()),
        now,
    );
    let seat = |s: &SeekRow| Seat {
        name: s.name.clone(),
        kind: SeatKind::Human(Some(s.player.clone())),
        account: s.account_id.clone(),
        rating: None,
        // Bots never wait in the quick pools.
        bot: false,
    };
    let (south, north) = if coin() { (a, b) } else { (b, a) };
    state.seats = [Some(seat(south)), Some(seat(north))];
    state.rated = a.account_id.is_some() && b.account_id.is_some();
    // A player who does not make their first move in time has not come.
    state.first_move_ms = first_move::allowed_ms(&quick.clock());
    let first = state.game.position().turn();
    state.start_full(first, now);
    state
}

/// Cancels the seeks whose players are gone (`lease.rs`'s maintenance
/// loop calls it).
///
/// # Errors
/// A database error.
pub async fn sweep(app: &Arc<App>) -> Result<(), Error> {
    app.store
        .cancel_unseen_seeks(app.now_ms() - SEEN_WINDOW_MS)
        .await
}
