//! `POST /api/games/{id}/review` asks for a finished game's review (202
//! while it is computed, 200 once done: asking again is harmless),
//! `GET /api/games/{id}/review` reads it or its progress (`review/`), and
//! `GET /api/games/{id}/review/stream` follows it as NDJSON: the progress
//! as it changes, then the review, then the end.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::sync::watch;

use super::analyze::budget_keys;
use super::error::Error;
use super::extract::{Address, Client};
use crate::App;
use crate::listen::stopped;
use crate::review;

/// How long a stream waits for a change before it reads the review again
/// (a change announced while the LISTEN connection was down is then
/// seen) and, if nothing changed, writes an empty line.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

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

/// `GET /api/games/{id}/review/stream`: what `GET` answers now, then again
/// at every change (asked for, a ply searched: here or in another
/// process), until the review is done; the stream ends after the review,
/// or when the process computing it is gone (asking again with `POST`
/// starts it anew).
pub async fn stream(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Client(client): Client,
) -> Result<Response, Error> {
    app.limiter.check(&client)?;
    // Listening before the first read: no change falls in between.
    let changes = app.reviews.subscribe();
    let first = review::get(&app, &id).await?;
    let held = (app.limiter.open(&client)?, app.stopping.hold());
    let follower = Follower {
        app: Arc::clone(&app),
        id,
        changes,
        stopping: app.stopping.signal(),
        first: Some(first),
        last: Value::Null,
        over: false,
        _held: held,
    };
    let lines = futures_util::stream::unfold(follower, |mut f| async move {
        let line = f.next_line().await?;
        Some((Ok::<_, std::io::Error>(line), f))
    });
    Ok(super::stream::ndjson(lines))
}

/// A review's stream.
struct Follower {
    app: Arc<App>,
    id: String,
    changes: broadcast::Receiver<String>,
    stopping: watch::Receiver<bool>,
    /// What the review was when the stream was opened, not sent yet.
    first: Option<Value>,
    /// The last line sent (`null` before the first).
    last: Value,
    /// Whether the last line sent was the last of the stream.
    over: bool,
    _held: (crate::limits::ConnectionGuard, crate::listen::Hold),
}

impl Follower {
    /// The review's next state (read again at each change of it), an
    /// empty line after [`KEEP_ALIVE`] of nothing new; `None` at the end.
    async fn next_line(&mut self) -> Option<String> {
        if self.over {
            return None;
        }
        loop {
            let value = match self.first.take() {
                Some(value) => value,
                None => {
                    let quiet = self.wait().await?;
                    let row = self.app.store.review(&self.id).await.ok()?;
                    let value = review::view(row.as_ref()).ok()?;
                    if quiet && value == self.last {
                        // Nothing new for a while: still computed by a
                        // living process?
                        let alive = match &row {
                            Some(r) if r.process_id == self.app.process.id => true,
                            Some(r) => self.app.store.process_alive(&r.process_id).await.ok()?,
                            None => true,
                        };
                        return alive.then(|| "\n".to_owned());
                    }
                    value
                }
            };
            if value == self.last {
                continue;
            }
            self.over = value["status"] == "done";
            let text = value.to_string() + "\n";
            self.last = value;
            return Some(text);
        }
    }

    /// Waits for a change of this review: `Some(false)` when one was
    /// heard, `Some(true)` after [`KEEP_ALIVE`] of none, `None` when the
    /// server stops.
    async fn wait(&mut self) -> Option<bool> {
        let deadline = tokio::time::Instant::now() + KEEP_ALIVE;
        loop {
            let heard = tokio::select! {
                heard = tokio::time::timeout_at(deadline, self.changes.recv()) => heard,
                () = stopped(&mut self.stopping) => return None,
            };
            match heard {
                Err(_) => return Some(true),
                Ok(Ok(game)) if game != self.id => {}
                Ok(Ok(_) | Err(RecvError::Lagged(_))) => return Some(false),
                Ok(Err(RecvError::Closed)) => return None,
            }
        }
    }
}
