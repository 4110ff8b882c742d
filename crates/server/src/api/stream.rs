//! `GET /api/games/{id}/stream`: the game as NDJSON, one GAME per line
//! now and after every change (an empty line every 15 s keeps proxies from
//! closing it), like lichess's board API.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;

use super::error::Error;
use super::extract::{Client, MaybeGuest};
use super::games::view;
use crate::App;

const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Streams game `id`.
pub async fn stream(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    MaybeGuest(guest): MaybeGuest,
    Client(client): Client,
) -> Result<Response, Error> {
    let room = app.rooms.get(&app, &id).await?;
    let guard = app.limiter.open(&client)?;
    let updates = room.subscribe();
    let side = guest.as_ref().and_then(|g| g.side_in(&room.snapshot()));
    let presence = room.connect(side);
    let first = line(&view(&room, &room.snapshot(), guest.as_ref()));
    let state = (Some(first), updates, room, guest, guard, presence);
    let lines = futures_util::stream::unfold(
        state,
        |(first, mut updates, room, guest, guard, presence)| async move {
            if let Some(first) = first {
                return Some((
                    Ok::<_, std::io::Error>(first),
                    (None, updates, room, guest, guard, presence),
                ));
            }
            let text = match tokio::time::timeout(KEEP_ALIVE, updates.recv()).await {
                Err(_) => "\n".to_owned(),
                Ok(Ok(state)) => line(&view(&room, &state, guest.as_ref())),
                Ok(Err(RecvError::Lagged(_))) => {
                    line(&view(&room, &room.snapshot(), guest.as_ref()))
                }
                Ok(Err(RecvError::Closed)) => return None,
            };
            Some((Ok(text), (None, updates, room, guest, guard, presence)))
        },
    );
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(lines),
    )
        .into_response())
}

fn line(value: &serde_json::Value) -> String {
    let mut text = value.to_string();
    text.push('\n');
    text
}
