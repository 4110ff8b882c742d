//! Players' pages over HTTP: a player's profile (ratings per pool, the
//! rating history, games won, drawn and lost), their games with filters,
//! "my games", and the leaderboard of each pool.

use std::sync::Arc;

use axum::extract::{Path, State};
use serde_json::{Map, Value, json};

use super::error::Error;
use crate::App;
use crate::accounts::name_key;
use crate::ratings::Rating;
use crate::store::{AccountRow, StoredRating};

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
        .ok_or_else(|| Error::not_found(format!("no player {name}")))
}

fn ratings_view(ratings: &[(String, StoredRating)]) -> Value {
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
    Ok(axum::Json(json!({
        "name": account.name,
        "created_at": account.created_at,
        "ratings": ratings_view(&ratings),
    })))
}
