//! The bot API, in the shape of lichess's: an account with no game
//! becomes a bot; a bot plays its games by move, resign, abort and chat
//! calls, and follows them on `GET /api/bot/game/stream/{id}`
//! (`bot_stream.rs`) and its events on `GET /api/stream/event`. Each
//! call answers `{"ok": true}`, or one line of error.

use std::sync::Arc;

use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::actions::{Message, perform};
use super::error::Error;
use super::extract::{Acting, Guest, Json, NoFields, count_acting};
use crate::App;
use crate::chat::{self, Room};
use crate::notify;
use crate::store::Session;
use crate::text::text;

/// 403 unless `session` is a bot's.
///
/// # Errors
/// A 403 saying how to become one.
pub fn need_bot(session: &Session) -> Result<(), Error> {
    if session.bot {
        Ok(())
    } else {
        Err(Error::forbidden(text!("err-not-a-bot")))
    }
}

fn ok() -> axum::Json<Value> {
    axum::Json(json!({ "ok": true }))
}

/// `POST /api/bot/account/upgrade` `{}`: the account becomes a bot, for
/// good; only an account that has never sat at a game (409 otherwise).
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Acting(session): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    let Some(account) = session.account_id.clone() else {
        return Err(Error::NotSignedIn(text!("err-bot-needs-account")));
    };
    if session.bot {
        return Err(Error::conflict(text!("err-already-a-bot")));
    }
    if app.store.has_played(&account).await? {
        return Err(Error::conflict(text!("err-bot-has-games")));
    }
    let mut tx = app.store.pool().begin().await?;
    let sessions = app.store.make_bot(&mut tx, &account).await?;
    for id in &sessions {
        app.store.notify(&mut tx, notify::SESSIONS, id).await?;
    }
    tx.commit().await?;
    for id in &sessions {
        app.sessions.forget(id);
    }
    Ok(ok())
}

async fn act(app: &Arc<App>, id: &str, bot: &Session, message: Message) -> Result<(), Error> {
    need_bot(bot)?;
    count_acting(app, bot)?;
    let room = app.rooms.get(app, id).await?;
    perform(app, &room, bot, message).await?;
    Ok(())
}

/// `POST /api/bot/game/{id}/move/{move}` `{}` (the body may be empty):
/// plays `move` (a pit letter).
pub async fn play(
    State(app): State<Arc<App>>,
    Path((id, mv)): Path<(String, String)>,
    Guest(bot): Guest,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &bot, Message::Move { mv, ply: None }).await?;
    Ok(ok())
}

/// `POST /api/bot/game/{id}/resign`.
pub async fn resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(bot): Guest,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &bot, Message::Resign).await?;
    Ok(ok())
}

/// `POST /api/bot/game/{id}/abort`: ends a game with no result before
/// both players have moved; it is never rated (409 once both have moved,
/// and for a tournament game: resign).
pub async fn abort(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(bot): Guest,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &bot, Message::Abort).await?;
    Ok(ok())
}

/// The chat call's body.
#[derive(Debug, Deserialize)]
pub struct ChatBody {
    room: String,
    text: String,
}

/// `POST /api/bot/game/{id}/chat` `{"room": "player"|"spectator",
/// "text"}`: a message in the players' room or the spectators'.
pub async fn chat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(bot): Guest,
    Json(body): Json<ChatBody>,
) -> Result<axum::Json<Value>, Error> {
    need_bot(&bot)?;
    count_acting(&app, &bot)?;
    let room = match body.room.as_str() {
        "player" => Room::Players,
        "spectator" => Room::Spectators,
        other => {
            return Err(Error::bad(text!(
                "err-bad-bot-chat-room",
                other = format!("{:?}", other)
            )));
        }
    };
    let game = app.rooms.get(&app, &id).await?;
    chat::post(&app, &game.snapshot(), &bot, room, &body.text).await?;
    Ok(ok())
}
