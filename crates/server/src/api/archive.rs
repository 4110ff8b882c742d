//! Finished games: the archive list and OGN import.

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use wari_rules::Side;
use wari_rules::ogn::Record;

use super::error::Error;
use super::extract::{Client, Query, Text};
use crate::App;
use crate::ids::{game_id, now_ms};
use crate::referee::{GameState, MoveTime, Seat, SeatKind, Status};

/// `GET /api/games`'s query.
#[derive(Debug, Deserialize)]
pub struct ArchiveQuery {
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    limit: Option<u32>,
    #[serde(default)]
    before: Option<String>,
}

/// `GET /api/games?status=finished&limit=50&before=ID`: finished games,
/// newest first (`status=playing`: games being played).
pub async fn list(
    State(app): State<Arc<App>>,
    Query(q): Query<ArchiveQuery>,
) -> Result<axum::Json<Value>, Error> {
    let limit = i64::from(q.limit.unwrap_or(50).clamp(1, 200));
    let games = match q.status.as_deref().unwrap_or("finished") {
        "finished" => app.store.finished(q.before.as_deref(), limit).await?,
        "playing" => app.store.playing(limit).await?,
        other => {
            return Err(Error::bad(format!(
                "status: expected finished or playing, not {other:?}"
            )));
        }
    };
    Ok(axum::Json(json!({ "games": games })))
}

/// `POST /api/archive` with an OGN body: stores the finished game.
pub async fn import(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Text(text): Text,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    let record = Record::read(&text).map_err(Error::bad)?;
    if !record.game.is_over() {
        return Err(Error::bad(
            "the record's game is not finished: only finished games go to the archive",
        ));
    }
    let now = now_ms();
    let mut state = GameState::new(game_id(), record.game.clone(), None, now);
    state.source = "import".to_owned();
    state.status = Status::Finished;
    state.started_at = Some(now);
    state.finished_at = Some(now);
    state.times = vec![
        MoveTime {
            left_ms: None,
            at_ms: now
        };
        record.game.moves().len()
    ];
    for (tag, side) in [("South", Side::South), ("North", Side::North)] {
        let name = record.tag(tag).unwrap_or("?");
        state.seats[side.index()] = Some(Seat {
            name: name.chars().take(64).collect(),
            kind: SeatKind::Human(None),
            account: None,
            rating: None,
        });
    }
    let tags = serde_json::to_string(&record.tags).map_err(|e| Error::Internal(e.to_string()))?;
    let mut tx = app.store.pool().begin().await?;
    app.store.insert_game(&mut tx, &state, Some(&tags)).await?;
    tx.commit().await?;
    Ok(axum::Json(json!({ "game_id": state.id })))
}
