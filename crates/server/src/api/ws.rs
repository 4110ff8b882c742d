//! `GET /api/games/{id}/ws`: the live game over WebSocket. The server
//! sends `{"type":"state","game":GAME}` on connect and after every change
//! (to players and spectators alike) and `{"type":"error","error":…}` in
//! reply to a message it refuses; seated players send moves and offers.
//! The chat rides along: `{"type":"chat","message":MESSAGE}` for each new
//! message the viewer may read (the history is `GET /api/games/{id}/chat`,
//! read by the clients that show a chat, so a bot's socket costs nothing
//! more); anyone with a session sends `{"type":"chat","room","text"}`.
//!
//! The server pings every `--ping-interval-s` a socket it has heard
//! nothing from for that long; a socket that sends nothing (not even the
//! pong) for two intervals, or that does not take a message within two
//! intervals, is closed at the next tick, so a frozen client does
//! not keep its seat connected. When the server stops, every socket gets
//! a close frame (1001, going away).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{
    CloseFrame, Message as WsMessage, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code,
};
use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::{Instant, MissedTickBehavior};

use super::actions::{Message, perform};
use super::error::Error;
use super::extract::{Client, MaybeGuest};
use super::games::view;
use crate::App;
use crate::chat;
use crate::config::WS_MESSAGE_LIMIT;
use crate::game_room::Room;
use crate::limits::ConnectionGuard;
use crate::listen::stopped;
use crate::store::Session;
use crate::text::text;
use axum::http::HeaderMap;
use wari_i18n::Language;

/// Upgrades to a WebSocket on game `id` (404 for an unknown game, 429 over
/// the connection cap).
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    MaybeGuest(guest): MaybeGuest,
    Client(client): Client,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, Error> {
    // Refusals over the socket are written in the language of the
    // handshake.
    let speaks = crate::language::negotiate(&app, &headers, guest.as_ref()).await;
    let room = app.rooms.get(&app, &id).await?;
    let guard = (app.limiter.open(&client)?, app.stopping.hold());
    // Small buffers: the defaults (128 KiB to read, allocated with the
    // socket) made a game of two sockets weigh 280 KiB. Messages in are
    // at most 4 KiB; a GAME out is about 2 KiB, and a reader that falls
    // more than 1 MiB behind is cut off.
    Ok(ws
        .max_message_size(WS_MESSAGE_LIMIT)
        .max_frame_size(WS_MESSAGE_LIMIT)
        .read_buffer_size(WS_MESSAGE_LIMIT)
        .write_buffer_size(8 * 1024)
        .max_write_buffer_size(1024 * 1024)
        .on_upgrade(move |socket| run(app, room, guest, client, speaks, guard, socket)))
}

fn state_message(
    room: &Room,
    state: &crate::referee::GameState,
    guest: Option<&Session>,
) -> WsMessage {
    let text = json!({ "type": "state", "game": view(room, state, guest) }).to_string();
    WsMessage::Text(Utf8Bytes::from(text))
}

fn error_message(error: &Error, language: Language) -> WsMessage {
    let mut body = error.body(language);
    body["type"] = json!("error");
    let text = body.to_string();
    WsMessage::Text(Utf8Bytes::from(text))
}

async fn run(
    app: Arc<App>,
    room: Arc<Room>,
    guest: Option<Session>,
    client: String,
    speaks: Language,
    _guard: (ConnectionGuard, crate::listen::Hold),
    mut socket: WebSocket,
) {
    let mut updates = room.subscribe();
    let mut stopping = app.stopping.signal();
    let side = guest.as_ref().and_then(|g| g.side_in(&room.snapshot()));
    let _presence = room.connect(&app, side);
    let interval = Duration::from_secs(app.config.ping_interval_s.max(1));
    let mut ping = tokio::time::interval_at(Instant::now() + interval, interval);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut heard = Instant::now();
    let mut chat = app.chats.subscribe(&room.id);
    let first = state_message(&room, &room.snapshot(), guest.as_ref());
    if !send(&mut socket, first, 2 * interval).await {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(incoming)) = incoming else { return };
                heard = Instant::now();
                let reply = match incoming {
                    WsMessage::Text(text) => handle(&app, &room, guest.as_ref(), &client, text.as_str()).await,
                    WsMessage::Binary(_) => Err(Error::bad(text!("err-ws-text-only"))),
                    WsMessage::Close(_) => return,
                    WsMessage::Ping(_) | WsMessage::Pong(_) => Ok(()),
                };
                if let Err(e) = reply
                    && !send(&mut socket, error_message(&e, speaks), 2 * interval).await {
                        return;
                    }
            }
            _ = ping.tick() => {
                let silent = heard.elapsed();
                if silent >= 2 * interval {
                    tracing::debug!(game = %room.id, "no answer to pings: socket closed");
                    return;
                }
                // A client heard from within the interval is alive: no ping
                // (every 15 s to each of 20,000 sockets, 1,333 pings a
                // second, about as many as their players' moves).
                if silent >= interval
                    && !send(&mut socket, WsMessage::Ping(Default::default()), 2 * interval).await
                {
                    return;
                }
            }
            () = stopped(&mut stopping) => {
                let close = WsMessage::Close(Some(CloseFrame {
                    code: close_code::AWAY,
                    reason: Utf8Bytes::from_static("the server is stopping"),
                }));
                let _ = send(&mut socket, close, Duration::from_secs(1)).await;
                return;
            }
            said = chat.recv() => {
                let message = match said {
                    Ok(message) => message,
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return,
                };
                let shown = chat::visible(&app, &room.snapshot(), guest.as_ref(), &message).await;
                if matches!(shown, Ok(true)) {
                    let text = json!({ "type": "chat", "message": chat::view(&message) }).to_string();
                    if !send(&mut socket, WsMessage::Text(Utf8Bytes::from(text)), 2 * interval).await {
                        return;
                    }
                }
            }
            update = updates.recv() => {
                let state = match update {
                    Ok(state) => state,
                    // A slow reader skips to the latest state.
                    Err(RecvError::Lagged(_)) => room.snapshot(),
                    Err(RecvError::Closed) => return,
                };
                if !send(&mut socket, state_message(&room, &state, guest.as_ref()), 2 * interval).await {
                    return;
                }
            }
        }
    }
}

/// Sends `message` within `within`; false when the socket is gone or the
/// client does not take it in time (a frozen client: the socket is
/// dropped).
async fn send(socket: &mut WebSocket, message: WsMessage, within: Duration) -> bool {
    matches!(
        tokio::time::timeout(within, socket.send(message)).await,
        Ok(Ok(()))
    )
}

async fn handle(
    app: &Arc<App>,
    room: &Arc<Room>,
    guest: Option<&Session>,
    client: &str,
    text: &str,
) -> Result<(), Error> {
    app.limiter.check(client)?;
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::bad(text!("err-ws-malformed", e = e)))?;
    let guest = guest.ok_or(Error::Unauthorized)?;
    if value["type"] == "chat" {
        let (Some(to), Some(said)) = (value["room"].as_str(), value["text"].as_str()) else {
            return Err(Error::bad(text!("err-ws-chat-malformed")));
        };
        // The message reaches this socket through the chat's broadcast.
        return chat::post(
            app,
            &room.snapshot(),
            guest,
            chat::Room::from_name(to)?,
            said,
        )
        .await
        .map(|_| ());
    }
    let message: Message =
        serde_json::from_value(value).map_err(|e| Error::bad(text!("err-ws-malformed", e = e)))?;
    // The new state reaches this socket through the broadcast.
    perform(app, room, guest, message).await.map(|_| ())
}
