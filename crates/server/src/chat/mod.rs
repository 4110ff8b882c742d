//! Chat: in each game a room for its two players and one for its
//! spectators, text only (1 to 140 characters), at most 5 messages in
//! 10 seconds per writer and 500 a room, kept with the game. A player may
//! mute the opponent. The spectators' room is hidden from the players
//! while the game is played; nothing of either room reaches the player of
//! a game against the computer. Messages reach the game's WebSockets
//! wherever they are open (`NOTIFY wari_chat` between processes).

use std::sync::Arc;

use serde_json::{Value, json};

use crate::App;
use crate::api::error::Error;
use crate::events::Hub;
use crate::ids::random_id;
use crate::referee::{GameState, Status};
use crate::store::{Backend, ChatMessage, Session};
use crate::text::text;

/// The PostgreSQL channel messages travel on (a message as JSON).
pub const CHANNEL: &str = "wari_chat";
/// Longest message, in characters.
pub const MAX_TEXT: usize = 140;
/// Messages one writer may send in `BURST_WINDOW_MS`.
pub const BURST: i64 = 5;
/// The window of `BURST`.
pub const BURST_WINDOW_MS: i64 = 10_000;
/// Messages a room keeps at most.
pub const ROOM_LIMIT: i64 = 500;

/// The chats open in this process, by game.
pub type Chats = Hub<Arc<ChatMessage>>;

/// A game's chat rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// The two players.
    Players,
    /// Everyone else.
    Spectators,
}

impl Room {
    /// The API's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }

    /// The room of an API name.
    ///
    /// # Errors
    /// A 400 naming the rooms.
    pub fn from_name(name: &str) -> Result<Room, Error> {
        match name {
            "players" => Ok(Room::Players),
            "spectators" => Ok(Room::Spectators),
            other => Err(Error::bad(text!(
                "err-bad-chat-room",
                other = format!("{:?}", other)
            ))),
        }
    }
}

fn against_computer(state: &GameState) -> bool {
    state.seats.iter().flatten().any(|s| s.level().is_some())
}

/// Whether `viewer` may read `room` of `state`.
#[must_use]
pub fn can_read(state: &GameState, viewer: Option<&Session>, room: Room) -> bool {
    let seated = viewer.and_then(|v| v.side_in(state)).is_some();
    match room {
        Room::Players => seated && !against_computer(state),
        Room::Spectators => {
            !seated || (state.status == Status::Finished && !against_computer(state))
        }
    }
}

/// Whether `viewer` may write in `room` of `state`.
fn may_write(state: &GameState, viewer: &Session, room: Room) -> Result<(), Error> {
    let seated = viewer.side_in(state).is_some();
    match room {
        Room::Players if !seated => Err(Error::forbidden(text!("err-chat-players-only"))),
        Room::Players if against_computer(state) => {
            Err(Error::forbidden(text!("err-chat-computer")))
        }
        Room::Spectators if seated => Err(Error::forbidden(text!("err-chat-spectators-only"))),
        _ => Ok(()),
    }
}

/// A message as clients see it.
#[must_use]
pub fn view(m: &ChatMessage) -> Value {
    json!({ "id": m.id, "room": m.room, "name": m.name, "text": m.text, "at": m.at })
}

/// Whether `viewer` sees `message` of game `state`: a room they read,
/// and not from an opponent they muted.
///
/// # Errors
/// A database error.
pub async fn visible(
    app: &Arc<App>,
    state: &GameState,
    viewer: Option<&Session>,
    message: &ChatMessage,
) -> Result<bool, Error> {
    let Ok(room) = Room::from_name(&message.room) else {
        return Ok(false);
    };
    if !can_read(state, viewer, room) {
        return Ok(false);
    }
    match viewer {
        Some(v) if room == Room::Players && !v.is(&message.author) => {
            Ok(!app.store.muted(&state.id, v.player()).await?)
        }
        _ => Ok(true),
    }
}

/// `session` writes `text` in `room` of game `state`.
///
/// # Errors
/// 403 for a room the session may not write in, 400 for an empty or too
/// long text or the same as its last, 429 over the limits, a database
/// error.
pub async fn post(
    app: &Arc<App>,
    state: &GameState,
    session: &Session,
    room: Room,
    text: &str,
) -> Result<ChatMessage, Error> {
    may_write(state, session, room)?;
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::bad(text!("err-chat-empty")));
    }
    if text.chars().count() > MAX_TEXT {
        return Err(Error::bad(text!("err-chat-too-long", max_text = MAX_TEXT)));
    }
    if text.chars().any(char::is_control) {
        return Err(Error::bad(text!("err-chat-control-characters")));
    }
    let now = app.now_ms();
    let (total, recent, last) = app
        .store
        .chat_counts(
            &state.id,
            room.name(),
            session.player(),
            now - BURST_WINDOW_MS,
        )
        .await?;
    if total >= ROOM_LIMIT {
        return Err(Error::conflict(text!("err-chat-full")));
    }
    if recent >= BURST {
        return Err(Error::TooMany(text!("err-chat-too-fast")));
    }
    if last.as_deref() == Some(text) {
        return Err(Error::bad(text!("err-chat-repeated")));
    }
    let message = ChatMessage {
        id: random_id(12),
        game_id: state.id.clone(),
        room: room.name().to_owned(),
        author: session.player().to_owned(),
        name: session.name.clone(),
        text: text.to_owned(),
        at: now,
    };
    let mut tx = app.store.pool().begin().await?;
    app.store.insert_chat(&mut tx, &message).await?;
    if app.store.backend() == Backend::Postgres {
        let payload =
            serde_json::to_string(&message).map_err(|e| Error::Internal(e.to_string()))?;
        app.store.notify(&mut tx, CHANNEL, &payload).await?;
    }
    tx.commit().await?;
    if app.store.backend() != Backend::Postgres {
        app.chats
            .deliver(&message.game_id, Arc::new(message.clone()));
    }
    Ok(message)
}

/// Delivers a `NOTIFY wari_chat` payload to the sockets of this process.
pub fn received(app: &Arc<App>, payload: &str) {
    if let Ok(message) = serde_json::from_str::<ChatMessage>(payload) {
        app.chats
            .deliver(&message.game_id.clone(), Arc::new(message));
    }
}

/// What `viewer` reads of game `state`'s chat: each room they may read
/// (null for the others), and whether they muted the opponent.
///
/// # Errors
/// A database error.
pub async fn history(
    app: &Arc<App>,
    state: &GameState,
    viewer: Option<&Session>,
) -> Result<Value, Error> {
    let muted = match viewer {
        Some(v) if v.side_in(state).is_some() => app.store.muted(&state.id, v.player()).await?,
        _ => false,
    };
    let mut rooms = serde_json::Map::new();
    for room in [Room::Players, Room::Spectators] {
        let value = if can_read(state, viewer, room) {
            let messages = app.store.chat(&state.id, room.name()).await?;
            // A muted opponent's messages are left out (the viewer's own stay).
            let hidden = |m: &ChatMessage| {
                muted && room == Room::Players && !viewer.is_some_and(|v| v.is(&m.author))
            };
            Value::Array(messages.iter().filter(|m| !hidden(m)).map(view).collect())
        } else {
            Value::Null
        };
        rooms.insert(room.name().to_owned(), value);
    }
    rooms.insert("muted".to_owned(), json!(muted));
    Ok(Value::Object(rooms))
}

/// `session`, a player of game `state`, mutes (or unmutes) the opponent.
///
/// # Errors
/// 403 for someone not seated; a database error.
pub async fn mute(
    app: &Arc<App>,
    state: &GameState,
    session: &Session,
    muted: bool,
) -> Result<(), Error> {
    if session.side_in(state).is_none() {
        return Err(Error::forbidden(text!("err-mute-not-player")));
    }
    app.store
        .set_muted(&state.id, session.player(), muted)
        .await
}
