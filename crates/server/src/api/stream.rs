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
use crate::listen::stopped;

const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Streams game `id`.
pub async fn stream(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    MaybeGuest(guest): MaybeGuest,
    Client(client): Client,
) -> Result<Response, Error> {
    let room = app.rooms.get(&app, &id).await?;
    let guard = (app.limiter.open(&client)?, app.stopping.hold());
    let updates = room.subscribe();
    let side = guest.as_ref().and_then(|g| g.side_in(&room.snapshot()));
    let presence = room.connect(&app, side);
    let first = line(&view(&room, &room.snapshot(), guest.as_ref()));
    let reader = Reader {
        first: Some(first),
        updates,
        stopping: app.stopping.signal(),
        room,
        guest,
        _held: (guard, presence),
    };
    let lines = futures_util::stream::unfold(reader, |mut r| async move {
        if let Some(first) = r.first.take() {
            return Some((Ok::<_, std::io::Error>(first), r));
        }
        let next = tokio::select! {
            next = tokio::time::timeout(KEEP_ALIVE, r.updates.recv()) => next,
            () = stopped(&mut r.stopping) => return None,
        };
        let text = match next {
            Err(_) => "\n".to_owned(),
            Ok(Ok(state)) => line(&view(&r.room, &state, r.guest.as_ref())),
            Ok(Err(RecvError::Lagged(_))) => {
                line(&view(&r.room, &r.room.snapshot(), r.guest.as_ref()))
            }
            Ok(Err(RecvError::Closed)) => return None,
        };
        Some((Ok::<_, std::io::Error>(text), r))
    });
    Ok(ndjson(lines))
}

/// What a stream holds while it is read.
struct Reader {
    first: Option<String>,
    updates: tokio::sync::broadcast::Receiver<Arc<crate::referee::GameState>>,
    stopping: tokio::sync::watch::Receiver<bool>,
    room: Arc<crate::game_room::Room>,
    guest: Option<crate::store::Session>,
    _held: (
        (crate::limits::ConnectionGuard, crate::listen::Hold),
        crate::game_room::PresenceGuard,
    ),
}

/// An NDJSON answer (`application/x-ndjson`, not cached) streaming
/// `lines`: what every stream of the API sends.
pub fn ndjson<S>(lines: S) -> Response
where
    S: futures_util::Stream<Item = Result<String, std::io::Error>> + Send + 'static,
{
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(lines),
    )
        .into_response()
}

fn line(value: &serde_json::Value) -> String {
    let mut text = value.to_string();
    text.push('\n');
    text
}
