//! `POST /api/games/{id}/review` asks for a finished game's review (202
//! while it is computed, 200 once done: asking again is harmless), and
//! `GET /api/games/{id}/review` reads it or its progress (`review/`).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde_json::Value;

use super::analyze::budget_keys;
use super::error::Error;
use super::extract::{Address, Client};
use crate::App;
use crate::review;

/// `GET /api/games/{id}/review`.
pub async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Client(client): Client,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    Ok(axum::Json(review::get(&app, &id).await?))
}

/// `POST /api/games/{id}/review`.
pub async fn request(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Client(client): Client,
    Address(address): Address,
) -> Result<(StatusCode, axum::Json<Value>), Error> {
    app.limiter.check(&client)?;
    let (done, review) = review::request(&app, &id, &budget_keys(client, &address)).await?;
    let status = if done {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    Ok((status, axum::Json(review)))
}
