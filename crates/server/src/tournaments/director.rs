//! The director: every second, and when woken (a game ended, a player
//! joined), starts the tournaments due, ends those whose time is up, and
//! pairs the players who wait. Each tournament is directed in one
//! transaction holding its row's lock (PostgreSQL's `FOR UPDATE`; SQLite
//! has one writer), so with several processes one directs it at a time
//! and a player is never paired twice.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use wari_rules::{Game, Rules, Side};

use super::pairing::{Waiting, pairs};
use super::standings::standings;
use super::store::{Ending, GameRow, PlayerRow, TournamentRow};
use crate::App;
use crate::api::error::Error;
use crate::api::json;
use crate::clock::Clock;
use crate::events::Outbox;
use crate::first_move;
use crate::ids::{coin, game_id};
use crate::ratings;
use crate::referee::{GameState, Seat, SeatKind, Status};

const TICK: Duration = Duration::from_secs(1);
/// Ticks between looks at the schedule.
const SCHEDULE_TICKS: u64 = 30;

/// Runs this process's director until the server stops.
pub fn spawn(app: Arc<App>) {
    tokio::spawn(async move {
        let mut stopping = app.stopping.signal();
        for n in 0u64.. {
            if n.is_multiple_of(SCHEDULE_TICKS)
                && let Err(e) = super::schedule::make_due(&app, app.now_ms()).await
            {
                tracing::warn!(error = %e, "scheduled tournaments not made");
            }
            if let Err(e) = direct_all(&app).await {
                tracing::warn!(error = %e, "tournament director failed");
            }
            tokio::select! {
                () = tokio::time::sleep(TICK) => {}
                () = app.tournaments.wake.notified() => {}
                _ = stopping.changed() => return,
            }
        }
    });
}

async fn direct_all(app: &Arc<App>) -> Result<(), Error> {
    let now = app.now_ms();
    let mut due = app.store.tournaments("started", false, 1000).await?;
    due.extend(
        app.store
            .tournaments("created", false, 1000)
            .await?
            .into_iter()
            .filter(|t| t.starts_at <= now),
    );
    for t in due {
        direct(app, &t.id).await?;
    }
    Ok(())
}

/// Starts, ends or pairs tournament `id`, as its time and players call
/// for.
///
/// # Errors
/// A database error.
pub async fn direct(app: &Arc<App>, id: &str) -> Result<(), Error> {
    let mut tx = app.store.pool().begin().await?;
    let Some(mut t) = app.store.lock_tournament(&mut tx, id).await? else {
        return Ok(());
    };
    // Read once the lock is held: what was stored before is older.
    let now = app.now_ms();
    let mut changed = false;
    if t.status == "created" && t.starts_at <= now {
        t.status = "started".to_owned();
        changed = true;
    }
    if t.status == "started" && t.ends_at <= now {
        t.status = "finished".to_owned();
        changed = true;
    }
    if changed {
        app.store
            .set_tournament_status(&mut tx, &t.id, &t.status, t.starts_at, t.ends_at)
            .await?;
        tracing::info!(tournament = %t.id, status = %t.status, "tournament");
    }
    if t.kind == "swiss" && t.status == "started" {
        // A round is paired outside any transaction (`swiss.rs`).
        tx.commit().await?;
        if changed {
            app.tournaments.changed();
        }
        return super::swiss::next_round(app, &t).await;
    }
    let mut outbox = Outbox::default();
    let games = if t.status == "started" {
        pair(app, &mut tx, &t, now, &mut outbox).await?
    } else {
        Vec::new()
    };
    outbox.notify(app, &mut tx).await?;
    tx.commit().await?;
    for state in &games {
        let room = app.rooms.insert(app, state.clone());
        room.follow_up(app, &room.snapshot());
    }
    outbox.deliver(app);
    if changed || !games.is_empty() {
        app.tournaments.changed();
    }
    Ok(())
}

/// Pairs the players of `t` who wait: joined, active, not playing.
async fn pair(
    app: &Arc<App>,
    tx: &mut sqlx::AnyConnection,
    t: &TournamentRow,
    now: i64,
    outbox: &mut Outbox,
) -> Result<Vec<GameState>, Error> {
    let players = app.store.tournament_players(tx, &t.id).await?;
    let games = app.store.tournament_games(tx, &t.id).await?;
    let busy: HashSet<&str> = games
        .iter()
        .filter(|g| g.status == "playing")
        .flat_map(|g| g.players.iter().map(String::as_str))
        .collect();
    let lines = standings(&players, &games, t.ends_at);
    let waiting: Vec<Waiting> = lines
        .iter()
        .filter(|l| l.active && !busy.contains(l.account_id.as_str()))
        .map(|l| Waiting {
            player: l.account_id.clone(),
            rank: l.rank,
            last_opponent: games.iter().rev().find_map(|g| {
                g.players
                    .iter()
                    .position(|p| *p == l.account_id)
                    .map(|side| g.players[1 - side].clone())
            }),
        })
        .collect();
    let made = pairs(&waiting);
    if made.is_empty() {
        return Ok(Vec::new());
    }
    let souths = |account: &str| games.iter().filter(|g| g.players[0] == account).count();
    let mut started = Vec::with_capacity(made.len());
    for (a, b) in made {
        let (a, b) = (&waiting[a].player, &waiting[b].player);
        let a_south = match souths(a).cmp(&souths(b)) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => coin(),
        };
        let (south, north) = if a_south { (a, b) } else { (b, a) };
        // Never before the end of either player's last game as stored
        // (its time was read before its commit, perhaps after `now`).
        let now = games
            .iter()
            .filter(|g| g.players.contains(a) || g.players.contains(b))
            .filter_map(|g| g.finished_at)
            .fold(now, i64::max);
        let seats = [south, north].map(|account| players.iter().find(|p| p.account_id == *account));
        let [Some(south), Some(north)] = seats else {
            continue;
        };
        started.push(start_game(app, tx, t, [south, north], now, None, outbox).await?);
    }
    Ok(started)
}

/// Starts the game of `seats` (South, North) in tournament `t` at `now`
/// (a Swiss event's `round`): stored with its tournament row, its
/// `gameStart` in `outbox`.
///
/// # Errors
/// A database error; rules the tournament cannot have (a 400).
pub async fn start_game(
    app: &Arc<App>,
    tx: &mut sqlx::AnyConnection,
    t: &TournamentRow,
    seats: [&PlayerRow; 2],
    now: i64,
    round: Option<i64>,
    outbox: &mut Outbox,
) -> Result<GameState, Error> {
    let rules: Rules = t.rules.parse().map_err(Error::bad)?;
    let seat = |p: &PlayerRow| Seat {
        name: p.name.clone(),
        kind: SeatKind::Human(Some(p.account_id.clone())),
        account: Some(p.account_id.clone()),
        rating: None,
        // A bot's seat: the game is rated in the bots' list.
        bot: p.bot,
    };
    let clock = Clock::new(t.clock_initial_ms, t.clock_increment_ms);
    let mut state = GameState::new(game_id(), Game::new(rules), Some(clock), now);
    state.seats = seats.map(|p| Some(seat(p)));
    state.tournament = Some(t.id.clone());
    // Rated where the rules have a rating pool (a standard board).
    state.rated = t.rated && ratings::pool_of(&state).is_some();
    // An arena's player who does not make their first move in time has
    // not come: the game is aborted and the player paused (`game_over`).
    // A Swiss round's game needs a result: its no-show loses on time.
    if round.is_none() {
        state.first_move_ms = first_move::allowed_ms(&clock);
    }
    let first = state.game.position().turn();
    state.start_full(first, now);
    ratings::show_ratings(app, tx, &mut state).await?;
    let rating = |side: Side| {
        state
            .seat(side)
            .and_then(|s| s.rating)
            .map_or(seats[side.index()].rating, |r| i64::from(r.rating))
    };
    let row = GameRow {
        game_id: state.id.clone(),
        players: seats.map(|p| p.account_id.clone()),
        ratings: [rating(Side::South), rating(Side::North)],
        status: "playing".to_owned(),
        winner: None,
        no_show: false,
        plies: 0,
        berserk: [false; 2],
        created_at: now,
        finished_at: None,
        round,
    };
    app.store
        .insert_game(tx, &state, None, app.now_ms())
        .await?;
    app.store.insert_tournament_game(tx, &t.id, &row).await?;
    json::game_started(outbox, &state, app.now_ms());
    Ok(state)
}

/// A tournament game ended (`state`, in the transaction `tx` that stores
/// its end): its result is kept for the standings, and a player who lost
/// it without a move of their own (a no-show: a forfeit in a Swiss event)
/// is paused (as lichess pauses a player
/// who does not play), to rejoin at will. An arena's game aborted because
/// a player did not make their first move in time (`first_move.rs`; no
/// other tournament game can be aborted) scores nothing for either, and
/// that player, the side to move, is paused. Nothing for other games.
///
/// # Errors
/// A database error.
pub async fn game_over(
    app: &Arc<App>,
    tx: &mut sqlx::AnyConnection,
    state: &GameState,
    now: i64,
) -> Result<(), Error> {
    let (Some(tournament), Status::Finished) = (&state.tournament, state.status) else {
        return Ok(());
    };
    if state.aborted {
        app.store.abort_tournament_game(tx, &state.id, now).await?;
        return pause(app, tx, tournament, state, state.to_move()).await;
    }
    let winner = state.game.outcome().and_then(|o| o.winner());
    let letter = winner.map_or_else(|| "D".to_owned(), |w| w.letter().to_string());
    let berserk = state.clock.map_or([false; 2], |c| c.berserk);
    let plies = state.game.moves().len() as i64;
    let no_show = winner
        .map(Side::opposite)
        .filter(|&loser| !state.game.moves().iter().any(|m| m.side() == loser));
    app.store
        .finish_tournament_game(
            tx,
            &state.id,
            &Ending {
                winner: &letter,
                no_show: no_show.is_some(),
                plies,
                berserk,
            },
            now,
        )
        .await?;
    match no_show {
        Some(loser) => pause(app, tx, tournament, state, loser).await,
        None => Ok(()),
    }
}

/// Pauses the player at `side` of `state` in `tournament`: they played
/// no move of their own.
async fn pause(
    app: &Arc<App>,
    tx: &mut sqlx::AnyConnection,
    tournament: &str,
    state: &GameState,
    side: Side,
) -> Result<(), Error> {
    if let Some(account) = state.seat(side).and_then(|s| s.account.as_deref()) {
        app.store.leave_tournament(tx, tournament, account).await?;
    }
    Ok(())
}
