//! `GET /api/bot/game/stream/{id}`: a game as its bot sees it, NDJSON in
//! the shape of lichess's bot game stream: `gameFull` first (who sits
//! where, the rules, the time control, the start, and the state), then a
//! `gameState` at each move and at the end, and a `chatLine` for each
//! chat message the bot may read; an empty line every 10 s. The stream
//! ends with the game (after the last `gameState`).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;
use wari_rules::Side;

use super::error::Error;
use super::extract::{Client, Guest};
use super::json;
use crate::App;
use crate::chat;
use crate::game_room::Room;
use crate::listen::stopped;
use crate::referee::{GameState, Status};
use crate::store::ChatMessage;
use crate::store::Session;
use crate::text::text;

const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// `gameState`: the moves played (letters, separated by spaces, as
/// lichess writes UCI moves), both clocks now, and how it stands.
#[must_use]
pub fn game_state(state: &GameState, now: i64) -> Value {
    let left = state.clock.map(|c| c.left_both(now));
    let over = state.status == Status::Finished;
    let moves: Vec<String> = state.game.moves().iter().map(ToString::to_string).collect();
    json!({
        "type": "gameState",
        "moves": moves.join(" "),
        "S_ms": left.map(|l| l[0]),
        "N_ms": left.map(|l| l[1]),
        "increment_ms": state.clock.map(|c| c.increment_ms),
        "to_move": state.to_move().letter().to_string(),
        "status": state.status.name(),
        "result": state.result_name().filter(|_| over),
        "reason": state.reason_name().filter(|_| over),
        "score": state.score_text().filter(|_| over),
    })
}

/// `gameFull`: the game as it begins for a bot at `you`, with its state.
#[must_use]
pub fn game_full(state: &GameState, you: Side, now: i64) -> Value {
    let player = |side: Side| {
        state.seat(side).map_or(Value::Null, |seat| {
            json!({
                "name": seat.name,
                "bot": seat.bot,
                "computer": seat.level().is_some(),
                "rating": seat.rating.map(|r| r.rating),
                "provisional": seat.rating.map(|r| r.provisional),
            })
        })
    };
    json!({
        "type": "gameFull",
        "id": state.id,
        "rules": state.game.rules().to_string(),
        "rated": state.rated,
        "pool": crate::ratings::pool_of(state).map(|p| p.to_string()),
        "clock": state.clock.as_ref().map(json::time_control),
        "players": { "S": player(Side::South), "N": player(Side::North) },
        "you": you.letter().to_string(),
        "start": state.game.start().to_string(),
        "state": game_state(state, now),
    })
}

/// `chatLine`: a message in the players' room (`player`) or the
/// spectators' (`spectator`).
fn chat_line(message: &ChatMessage) -> Value {
    let room = if message.room == "players" {
        "player"
    } else {
        "spectator"
    };
    json!({ "type": "chatLine", "room": room, "username": message.name, "text": message.text })
}

/// Streams game `id` to its bot (403 for anyone not seated at it).
pub async fn stream(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(bot): Guest,
    Client(client): Client,
) -> Result<Response, Error> {
    super::bot::need_bot(&bot)?;
    let room = app.rooms.get(&app, &id).await?;
    let Some(you) = bot.side_in(&room.snapshot()) else {
        return Err(Error::forbidden(text!("err-not-playing-game", id = id)));
    };
    let held = (app.limiter.open(&client)?, app.stopping.hold());
    let updates = room.subscribe();
    let chats = app.chats.subscribe(&room.id);
    let presence = room.connect(&app, Some(you));
    let first = room.snapshot();
    let reader = Reader {
        first: Some(line(&game_full(&first, you, room.now_ms()))),
        said: (first.game.moves().len(), first.status),
        done: false,
        updates,
        chats,
        stopping: app.stopping.signal(),
        app: Arc::clone(&app),
        room,
        bot,
        _held: (held, presence),
    };
    let lines = futures_util::stream::unfold(reader, |mut r| async move {
        let text = r.next_line().await?;
        Some((Ok::<_, std::io::Error>(text), r))
    });
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(lines),
    )
        .into_response())
}

/// What a bot's stream holds while it is read.
struct Reader {
    first: Option<String>,
    /// The moves and status of the last `gameState` sent.
    said: (usize, Status),
    done: bool,
    updates: tokio::sync::broadcast::Receiver<Arc<GameState>>,
    chats: tokio::sync::broadcast::Receiver<Arc<ChatMessage>>,
    stopping: tokio::sync::watch::Receiver<bool>,
    app: Arc<App>,
    room: Arc<Room>,
    bot: Session,
    _held: (
        (crate::limits::ConnectionGuard, crate::listen::Hold),
        crate::game_room::PresenceGuard,
    ),
}

impl Reader {
    /// The next line, or `None` when the stream ends.
    async fn next_line(&mut self) -> Option<String> {
        if let Some(first) = self.first.take() {
            self.done = self.said.1 == Status::Finished;
            return Some(first);
        }
        if self.done {
            return None;
        }
        loop {
            let state = tokio::select! {
                next = tokio::time::timeout(KEEP_ALIVE, self.updates.recv()) => match next {
                    Err(_) => return Some("\n".to_owned()),
                    Ok(Ok(state)) => state,
                    Ok(Err(RecvError::Lagged(_))) => self.room.snapshot(),
                    Ok(Err(RecvError::Closed)) => return None,
                },
                said = self.chats.recv() => match said {
                    Ok(message) => {
                        let shown = chat::visible(&self.app, &self.room.snapshot(), Some(&self.bot), &message).await;
                        if matches!(shown, Ok(true)) {
                            return Some(line(&chat_line(&message)));
                        }
                        continue;
                    }
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return None,
                },
                () = stopped(&mut self.stopping) => return None,
            };
            let now = (state.game.moves().len(), state.status);
            if now == self.said {
                // A player came or went, an offer: nothing a bot plays by.
                continue;
            }
            self.said = now;
            self.done = state.status == Status::Finished;
            return Some(line(&game_state(&state, self.room.now_ms())));
        }
    }
}

fn line(value: &Value) -> String {
    let mut text = value.to_string();
    text.push('\n');
    text
}
