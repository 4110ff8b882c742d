//! Players' pages over HTTP: a player's profile (ratings per pool, puzzle
//! ratings per rule family, the rating history, games won, drawn and
//! lost), their games with filters, "my games", and the leaderboard of
//! each pool.

use std::sync::Arc;

use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::archive::GameFilters;
use super::error::Error;
use super::extract::{Guest, Query};
use super::json;
use crate::App;
use crate::accounts::name_key;
use crate::clock::DAY_MS;
use crate::ratings::{PROVISIONAL_DEVIATION, Pool, Rating};
use crate::referee::Status;
use crate::store::{AccountRow, GameSummary, StoredRating};
use crate::text::text;

/// A rating as the API shows it.
pub fn rating_view(rating: &Rating, games: i64) -> Value {
    json!({
        "rating": rating.rating,
        "deviation": rating.deviation,
        "volatility": rating.volatility,
        "provisional": rating.provisional(),
        "games": games,
    })
}

/// The account named `name` (ignoring case), not deleted.
///
/// # Errors
/// A 404 for no such player; a database error.
pub async fn player(app: &Arc<App>, name: &str) -> Result<AccountRow, Error> {
    app.store
        .account_by_key(&name_key(name))
        .await?
        .filter(|a| a.deleted_at.is_none())
        .ok_or_else(|| Error::not_found(text!("err-no-player", name = name)))
}

pub(super) fn ratings_view(ratings: &[(String, StoredRating)]) -> Value {
    let mut map = Map::new();
    for (pool, r) in ratings {
        let mut v = rating_view(&r.rating, r.games);
        v["rated_at"] = json!(r.rated_at);
        map.insert(pool.clone(), v);
    }
    Value::Object(map)
}

/// `GET /api/players/{name}`: PROFILE.
pub async fn profile(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
) -> Result<axum::Json<Value>, Error> {
    let account = player(&app, &name).await?;
    let ratings = app.store.ratings_of(&account.id).await?;
    let puzzle_ratings = app.store.puzzle_ratings_of(&account.id).await?;
    let [won, drawn, lost] = app.store.results_of(&account.id).await?;
    let playing = app.store.turns_of(&account.id).await?.len();
    Ok(axum::Json(json!({
        "name": account.name,
        "created_at": account.created_at,
        "bot": account.bot,
        "ratings": ratings_view(&ratings),
        "puzzle_ratings": ratings_view(&puzzle_ratings),
        "results": { "won": won, "drawn": drawn, "lost": lost, "games": won + drawn + lost },
        "playing": playing,
    })))
}

/// `GET /api/players/{name}/history?pool=abapa-blitz`: the rating after
/// each rated game, oldest first (`[[at, rating, deviation], …]`).
pub async fn history(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(q): Query<PoolQuery>,
) -> Result<axum::Json<Value>, Error> {
    let account = player(&app, &name).await?;
    let pool: Pool = q
        .pool
        .parse()
        .map_err(|_| Error::bad(unknown_pool(&q.pool)))?;
    let points = app
        .store
        .rating_history(&account.id, &pool.to_string())
        .await?;
    Ok(axum::Json(json!({
        "name": account.name,
        "pool": pool.to_string(),
        "points": points
            .iter()
            .map(|(at, rating, deviation, game)| json!([at, rating, deviation, game]))
            .collect::<Vec<_>>(),
    })))
}

/// A pool, in a query.
#[derive(Debug, Deserialize)]
pub struct PoolQuery {
    pool: String,
}

/// `GET /api/players/{name}/games?rules=&result=&opponent=&rated=&before=&limit=`:
/// the player's finished games, newest first, each with `you`.
pub async fn games(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(q): Query<PlayerGamesQuery>,
) -> Result<axum::Json<Value>, Error> {
    let account = player(&app, &name).await?;
    let limit = i64::from(q.limit.unwrap_or(50).clamp(1, 200));
    let filter = q.filters.filter(Some(account.id.clone()), None)?;
    let games = app
        .store
        .finished(&filter, q.before.as_deref(), limit)
        .await?;
    Ok(axum::Json(json!({
        "games": games.iter().map(|g| with_you(g, &account.name)).collect::<Vec<_>>(),
    })))
}

/// The query of a player's games.
#[derive(Debug, Deserialize)]
pub struct PlayerGamesQuery {
    #[serde(default)]
    limit: Option<u32>,
    #[serde(default)]
    before: Option<String>,
    #[serde(flatten)]
    filters: GameFilters,
}

/// A GAME_SUMMARY with `you`: the side `name` played (an account's name
/// is unique, and the seat keeps it).
fn with_you(game: &GameSummary, name: &str) -> Value {
    let mut v = json!(game);
    let seat_is = |p: &Option<crate::store::PlayerSummary>| {
        p.as_ref()
            .is_some_and(|p| p.account && p.name.eq_ignore_ascii_case(name))
    };
    v["you"] = if seat_is(&game.players.south) {
        json!("S")
    } else if seat_is(&game.players.north) {
        json!("N")
    } else {
        Value::Null
    };
    v
}

/// `GET /api/account/games`: "my games", the caller's games being played
/// (guests' too), the ones where it is their turn first, then by the time
/// left; and the challenges waiting, received and sent (accounts only).
pub async fn mine(
    State(app): State<Arc<App>>,
    Guest(session): Guest,
) -> Result<axum::Json<Value>, Error> {
    let mut games = Vec::new();
    for player in session.holders() {
        for (summary, side, running) in app.store.turns_of(player).await? {
            // A running clock says whose turn it is; a game without one is
            // asked (loading it: this list is read at each page and move).
            let to_move = match running {
                Some(to_move) => to_move,
                None => {
                    let state = app.rooms.get(&app, &summary.id).await?.snapshot();
                    if state.status != Status::Playing {
                        continue;
                    }
                    state.to_move()
                }
            };
            let your_turn = to_move == side;
            let mut v = json!(summary);
            v["you"] = json!(side.letter().to_string());
            v["your_turn"] = json!(your_turn);
            v["to_move"] = json!(to_move.letter().to_string());
            games.push((your_turn, summary.deadline.unwrap_or(i64::MAX), v));
        }
    }
    games.sort_by_key(|(your_turn, deadline, _)| (!*your_turn, *deadline));
    games.dedup_by(|a, b| a.2["id"] == b.2["id"]);
    let (mut received, mut sent) = (Vec::new(), Vec::new());
    if let Some(account) = &session.account_id {
        for table in app.store.challenges_for(account).await? {
            received.push(json::table(&table, Some(&session)));
        }
        for table in app.store.challenges_by(account).await? {
            sent.push(json::table(&table, Some(&session)));
        }
    }
    Ok(axum::Json(json!({
        "games": games.into_iter().map(|(_, _, v)| v).collect::<Vec<_>>(),
        "challenges": { "received": received, "sent": sent },
    })))
}

/// Players must have played a rated game in the pool within this many
/// days to be on its leaderboard.
pub const ACTIVE_DAYS: i64 = 30;

/// `GET /api/leaderboard/{pool}`: the best 100 active players of the
/// pool (an established rating, a rated game in the last 30 days).
pub async fn leaderboard(
    State(app): State<Arc<App>>,
    Path(pool): Path<String>,
) -> Result<axum::Json<Value>, Error> {
    let pool: Pool = pool
        .parse()
        .map_err(|_| Error::not_found(unknown_pool(&pool)))?;
    let since = app.now_ms() - ACTIVE_DAYS * DAY_MS;
    let best = app
        .store
        .leaderboard(&pool.to_string(), PROVISIONAL_DEVIATION, since, 100)
        .await?;
    Ok(axum::Json(json!({
        "pool": pool.to_string(),
        "players": best
            .iter()
            .enumerate()
            .map(|(i, (name, r))| {
                let mut v = rating_view(&r.rating, r.games);
                v["rank"] = json!(i + 1);
                v["name"] = json!(name);
                v
            })
            .collect::<Vec<_>>(),
    })))
}

/// A pool name there is none of.
fn unknown_pool(name: &str) -> crate::text::Text {
    text!("err-unknown-pool", pool = format!("{name:?}"))
}
