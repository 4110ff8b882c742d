//! A game's chat over HTTP (the WebSocket carries it too): the rooms the
//! caller reads, a message, muting the opponent.

use std::sync::Arc;

use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::error::Error;
use super::extract::{Acting, Json, MaybeGuest};
use crate::App;
use crate::chat::{self, Room};

/// `GET /api/games/{id}/chat`: `{"players": [MESSAGE]|null, "spectators":
/// [MESSAGE]|null, "muted": bool}`, null for a room the caller does not
/// read.
pub async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    MaybeGuest(viewer): MaybeGuest,
) -> Result<axum::Json<Value>, Error> {
    let room = app.rooms.get(&app, &id).await?;
    Ok(axum::Json(
        chat::history(&app, &room.snapshot(), viewer.as_ref()).await?,
    ))
}

/// A message's body.
#[derive(Debug, Deserialize)]
pub struct Post {
    room: String,
    text: String,
}

/// `POST /api/games/{id}/chat` `{"room", "text"}` → MESSAGE.
pub async fn post(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(session): Acting,
    Json(body): Json<Post>,
) -> Result<axum::Json<Value>, Error> {
    let room = app.rooms.get(&app, &id).await?;
    let message = chat::post(
        &app,
        &room.snapshot(),
        &session,
        Room::from_name(&body.room)?,
        &body.text,
    )
    .await?;
    Ok(axum::Json(chat::view(&message)))
}

/// The mute's body.
#[derive(Debug, Deserialize)]
pub struct Mute {
    muted: bool,
}

/// `POST /api/games/{id}/chat/mute` `{"muted": true}`: the caller (a
/// player) stops (or starts again) seeing the opponent's messages.
pub async fn mute(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(session): Acting,
    Json(body): Json<Mute>,
) -> Result<axum::Json<Value>, Error> {
    let room = app.rooms.get(&app, &id).await?;
    chat::mute(&app, &room.snapshot(), &session, body.muted).await?;
    Ok(axum::Json(json!({ "muted": body.muted })))
}
