//! `GET /api/games/{id}/ws`: the live game over WebSocket. The server
//! sends `{"type":"state","game":GAME}` on connect and after every change
//! (to players and spectators alike) and `{"type":"error","error":…}` in
//! reply to a message it refuses; seated players send moves and offers.

use std::sync::Arc;

use axum::extract::ws::{Message as WsMessage, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;

use super::actions::{Message, perform};
use super::error::Error;
use super::extract::{Client, MaybeGuest};
use super::games::view;
use crate::App;
use crate::config::WS_MESSAGE_LIMIT;
use crate::game_room::Room;
use crate::limits::ConnectionGuard;
use crate::store::Session;

/// Upgrades to a WebSocket on game `id` (404 for an unknown game, 429 over
/// the connection cap).
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    MaybeGuest(guest): MaybeGuest,
    Client(client): Client,
    ws: WebSocketUpgrade,
) -> Result<Response, Error> {
    let room = app.rooms.get(&app, &id).await?;
    let guard = app.limiter.open(&client)?;
    Ok(ws
        .max_message_size(WS_MESSAGE_LIMIT)
        .max_frame_size(WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| run(app, room, guest, client, guard, socket)))
}

fn state_message(
    room: &Room,
    state: &crate::referee::GameState,
    guest: Option<&Session>,
) -> WsMessage {
    let text = json!({ "type": "state", "game": view(room, state, guest) }).to_string();
    WsMessage::Text(Utf8Bytes::from(text))
}

fn error_message(error: &Error) -> WsMessage {
    let text = json!({ "type": "error", "error": error.message() }).to_string();
    WsMessage::Text(Utf8Bytes::from(text))
}

async fn run(
    app: Arc<App>,
    room: Arc<Room>,
    guest: Option<Session>,
    client: String,
    _guard: ConnectionGuard,
    mut socket: WebSocket,
) {
    let mut updates = room.subscribe();
    let side = guest.as_ref().and_then(|g| g.side_in(&room.snapshot()));
    let _presence = room.connect(side);
    if socket
        .send(state_message(&room, &room.snapshot(), guest.as_ref()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(incoming)) = incoming else { return };
                let reply = match incoming {
                    WsMessage::Text(text) => handle(&app, &room, guest.as_ref(), &client, text.as_str()).await,
                    WsMessage::Binary(_) => Err(Error::bad("send text messages (JSON)")),
                    WsMessage::Close(_) => return,
                    WsMessage::Ping(_) | WsMessage::Pong(_) => Ok(()),
                };
                if let Err(e) = reply
                    && socket.send(error_message(&e)).await.is_err() {
                        return;
                    }
            }
            update = updates.recv() => {
                let state = match update {
                    Ok(state) => state,
                    // A slow reader skips to the latest state.
                    Err(RecvError::Lagged(_)) => room.snapshot(),
                    Err(RecvError::Closed) => return,
                };
                if socket.send(state_message(&room, &state, guest.as_ref())).await.is_err() {
                    return;
                }
            }
        }
    }
}

async fn handle(
    app: &Arc<App>,
    room: &Arc<Room>,
    guest: Option<&Session>,
    client: &str,
    text: &str,
) -> Result<(), Error> {
    app.limiter.check(client)?;
    let message: Message =
        serde_json::from_str(text).map_err(|e| Error::bad(format!("malformed message: {e}")))?;
    let guest = guest.ok_or(Error::Unauthorized)?;
    // The new state reaches this socket through the broadcast.
    perform(app, room, guest, message).await.map(|_| ())
}
