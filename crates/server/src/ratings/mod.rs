//! Ratings: Glicko-2 per account and pool (rule family × speed). A rated
//! game is played by two signed-in players at a standard board with a
//! clock (or correspondence); when it ends, both ratings are updated in
//! the transaction that stores the end (`Room::act`), so a result and its
//! ratings are never apart. Each seat shows the player's rating as the
//! game began ("1500?" while provisional) and, at the end, its change.

mod glicko;
mod pool;

use std::sync::Arc;

pub use glicko::{PROVISIONAL_DEVIATION, Rating, START, Score, after_game};
pub use pool::Pool;
use wari_rules::Side;

use crate::App;
use crate::api::error::Error;
use crate::referee::{GameState, SeatRating, Status};
use crate::store::StoredRating;

const DAY_MS: f64 = 86_400_000.0;

/// The pool a rated game counts in: the bots' list of it when a bot sits
/// at either seat.
#[must_use]
pub fn pool_of(state: &GameState) -> Option<Pool> {
    let bots = state.seats.iter().flatten().any(|s| s.bot);
    Pool::of(state.game.rules(), state.clock.as_ref()).map(|p| p.for_bots(bots))
}

/// The seat rating of `rating` (rounded, provisional or not).
#[must_use]
pub fn seat_rating(rating: &Rating) -> SeatRating {
    SeatRating {
        rating: rating.rating.round() as i32,
        provisional: rating.provisional(),
        diff: None,
    }
}

/// `account`'s rating in `pool` (a new player's if it has none), read on
/// `conn` (inside a transaction: with SQLite it holds the one
/// connection).
///
/// # Errors
/// A database error.
pub async fn current(
    app: &Arc<App>,
    conn: &mut sqlx::AnyConnection,
    account: &str,
    pool: Pool,
) -> Result<Rating, Error> {
    Ok(app
        .store
        .rating(conn, account, &pool.to_string())
        .await?
        .map_or(START, |r| r.rating))
}

/// Sets each account seat's rating in the game's pool (a game just
/// made, or a rematch), for the players to see; nothing without a pool.
///
/// # Errors
/// A database error.
pub async fn show_ratings(
    app: &Arc<App>,
    conn: &mut sqlx::AnyConnection,
    state: &mut GameState,
) -> Result<(), Error> {
    let Some(pool) = pool_of(state) else {
        return Ok(());
    };
    for seat in state.seats.iter_mut().flatten() {
        if let Some(account) = &seat.account {
            seat.rating = Some(seat_rating(&current(app, conn, account, pool).await?));
        }
    }
    Ok(())
}

/// The stored rating `r` as it stands at `now`: its deviation grown for
/// the days since its last rated game (none for a new player's).
#[must_use]
pub fn grown(r: &StoredRating, now: i64) -> Rating {
    let days = if r.games == 0 {
        0.0
    } else {
        (now - r.rated_at) as f64 / DAY_MS
    };
    r.rating.after_absence(days)
}

/// Whether both players have moved in `state`'s game (a Kalah extra move
/// is the same player's).
#[must_use]
pub fn both_moved(state: &GameState) -> bool {
    let game = &state.game;
    let movers = &game.positions()[..game.moves().len()];
    Side::ALL
        .iter()
        .all(|&side| movers.iter().any(|p| p.turn() == side))
}

/// At the end of a rated game (`state` just finished, in the transaction
/// `tx` that stores it): both players' ratings after the game, stored
/// with their history, and each seat's change set for the players to see.
/// Nothing for a casual game or a game that did not finish. A rated game
/// that ended before both players moved (a player who never came to a
/// paired game, a resignation at once) is not rated, as lichess aborts
/// it: `state.rated` becomes false and the ratings stay.
///
/// # Errors
/// A database error.
pub async fn settle(
    app: &Arc<App>,
    tx: &mut sqlx::AnyConnection,
    state: &mut GameState,
    now: i64,
) -> Result<(), Error> {
    if !state.rated || state.status != Status::Finished {
        return Ok(());
    }
    if !both_moved(state) {
        state.rated = false;
        return Ok(());
    }
    let (Some(pool), Some(outcome)) = (pool_of(state), state.game.outcome()) else {
        return Ok(());
    };
    let accounts = Side::ALL.map(|s| state.seat(s).and_then(|seat| seat.account.clone()));
    let [Some(south), Some(north)] = accounts else {
        return Ok(());
    };
    let pool_name = pool.to_string();
    // Locked in the order of the ids, so two games ending at once cannot
    // wait for each other.
    let mut before = [None, None];
    let mut order = [(Side::South, &south), (Side::North, &north)];
    order.sort_by(|a, b| a.1.cmp(b.1));
    for (side, account) in order {
        before[side.index()] = Some(app.store.lock_rating(tx, account, &pool_name, now).await?);
    }
    let [Some(s), Some(n)] = before else {
        return Ok(());
    };
    let grown = |r: &StoredRating| grown(r, now);
    let score = match outcome.winner() {
        Some(Side::South) => Score::Win,
        Some(Side::North) => Score::Loss,
        None => Score::Draw,
    };
    let (south_after, north_after) = after_game(grown(&s), grown(&n), score);
    for (side, account, old, new) in [
        (Side::South, &south, s, south_after),
        (Side::North, &north, n, north_after),
    ] {
        let stored = StoredRating {
            rating: new,
            games: old.games + 1,
            rated_at: now,
        };
        app.store
            .store_rating(tx, account, &pool_name, &state.id, &stored)
            .await?;
        if let Some(seat) = state.seats[side.index()].as_mut() {
            let shown = seat_rating(&old.rating);
            seat.rating = Some(SeatRating {
                diff: Some(new.rating.round() as i32 - shown.rating),
                ..shown
            });
        }
    }
    Ok(())
}
