//! Quick pairing over HTTP: the pools with how many wait in each, joining
//! a pool (a seek), looking at a seek (which keeps it alive) and
//! cancelling it.

use std::sync::Arc;

use axum::extract::{Path, State};
use serde_json::{Value, json};

use super::error::Error;
use super::extract::{Acting, Guest, Json, NoFields};
use crate::App;
use crate::pairing::{self, POOLS};
use crate::store::SeekRow;
use crate::text::text;

/// SEEK.
fn seek_view(seek: &SeekRow) -> Value {
    json!({
        "id": seek.id,
        "pool": seek.pool,
        "rated": seek.account_id.is_some(),
        "rating": seek.rating,
        "status": seek.status,
        "game_id": seek.game_id,
        "created_at": seek.created_at,
    })
}

/// `GET /api/pools`: every quick pool, its rating pool and how many wait.
pub async fn list(State(app): State<Arc<App>>) -> Result<axum::Json<Value>, Error> {
    let waiting = app.store.pool_counts().await?;
    let pools: Vec<Value> = POOLS
        .iter()
        .map(|p| {
            let (all, rated) = waiting
                .iter()
                .find(|(id, _, _)| id == p.id)
                .map_or((0, 0), |(_, all, rated)| (*all, *rated));
            json!({
                "id": p.id,
                "rules": p.rules,
                "clock": { "initial_s": p.minutes * 60, "increment_s": p.increment_s },
                "rating_pool": p.rating_pool().to_string(),
                "waiting": all,
                "waiting_rated": rated,
                "waiting_casual": all - rated,
            })
        })
        .collect();
    Ok(axum::Json(json!({ "pools": pools })))
}

/// `POST /api/pools/{id}/seek`: waits in the pool (leaving any other);
/// → SEEK.
pub async fn seek(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(session): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    if session.bot {
        return Err(Error::forbidden(text!("err-pools-not-for-bots")));
    }
    let seek = pairing::seek(&app, &session, &id).await?;
    Ok(axum::Json(seek_view(&seek)))
}

/// `GET /api/seeks/{id}`: the caller's seek (its player is seen: a seek
/// nobody looks at, without an event stream open, is cancelled).
pub async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(session): Guest,
) -> Result<axum::Json<Value>, Error> {
    let seek = pairing::look(&app, &session, &id).await?;
    Ok(axum::Json(seek_view(&seek)))
}

/// `POST /api/seeks/{id}/cancel`.
pub async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(session): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    pairing::cancel(&app, &session, &id).await?;
    Ok(axum::Json(json!({ "cancelled": id })))
}
