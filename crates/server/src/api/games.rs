//! A game over HTTP: its state, the player's actions, its OGN.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::Value;
use wari_rules::ogn::Record;

use super::actions::{Message, perform};
use super::error::Error;
use super::extract::{Guest, Json, MaybeGuest, NoFields, count_acting};
use super::json;
use crate::App;
use crate::game_room::Room;
use crate::ids::ogn_date;
use crate::referee::GameState;
use crate::store::Session;

/// The GAME of `state` as `viewer` sees it.
pub fn view(room: &Room, state: &GameState, viewer: Option<&Session>) -> Value {
    let you = viewer.and_then(|s| s.side_in(state));
    json::game(state, room.connected(state), you, room.now_ms())
}

/// `GET /api/games/{id}`.
pub async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    MaybeGuest(viewer): MaybeGuest,
) -> Result<axum::Json<Value>, Error> {
    let room = app.rooms.get(&app, &id).await?;
    let state = room.snapshot();
    Ok(axum::Json(view(&room, &state, viewer.as_ref())))
}

async fn act(
    app: &Arc<App>,
    id: &str,
    guest: &Session,
    message: Message,
) -> Result<axum::Json<Value>, Error> {
    count_acting(app, guest)?;
    let room = app.rooms.get(app, id).await?;
    let state = perform(app, &room, guest, message).await?;
    Ok(axum::Json(view(&room, &state, Some(guest))))
}

/// `POST /api/games/{id}/moves`'s body.
#[derive(Debug, Deserialize)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    ply: Option<u32>,
}

/// `POST /api/games/{id}/moves`.
pub async fn play(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(body): Json<MoveBody>,
) -> Result<axum::Json<Value>, Error> {
    act(
        &app,
        &id,
        &guest,
        Message::Move {
            mv: body.mv,
            ply: body.ply,
        },
    )
    .await
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &guest, Message::Resign).await
}

/// `POST /api/games/{id}/abort`: ends the game with no result, before
/// both players have moved (409 after, and in a tournament).
pub async fn abort(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &guest, Message::Abort).await
}

/// The body of the offer routes.
#[derive(Debug, Deserialize)]
pub struct OfferBody {
    kind: String,
}

/// `POST /api/games/{id}/offers`.
pub async fn offer(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(body): Json<OfferBody>,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &guest, Message::Offer { kind: body.kind }).await
}

/// `POST /api/games/{id}/offers/accept`.
pub async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(body): Json<OfferBody>,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &guest, Message::Accept { kind: body.kind }).await
}

/// `POST /api/games/{id}/offers/decline`.
pub async fn decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(body): Json<OfferBody>,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &guest, Message::Decline { kind: body.kind }).await
}

/// `POST /api/games/{id}/claim`.
pub async fn claim(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &guest, Message::Claim).await
}

/// `POST /api/games/{id}/berserk`: a tournament game, before one's
/// first move.
pub async fn berserk(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Guest(guest): Guest,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    act(&app, &id, &guest, Message::Berserk).await
}

/// `GET /api/games/{id}/ogn`: the record with the players' names, the
/// date, the result and how it ended.
pub async fn ogn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, Error> {
    let room = app.rooms.get(&app, &id).await?;
    let state = room.snapshot();
    let mut record = Record::new(state.game.clone());
    // An aborted game: `[Termination "abandoned"]`, with no result.
    record.abandoned = state.aborted;
    if let Some(tags) = app.store.game_tags(&id).await?
        && let Ok(pairs) = serde_json::from_str::<Vec<(String, String)>>(&tags)
    {
        record.tags = pairs;
    }
    if state.source == "live" {
        record.set_tag("Event", "wari server game");
        record.set_tag("Site", &format!("/game/{}", state.id));
        record.set_tag(
            "Date",
            &ogn_date(state.started_at.unwrap_or(state.created_at)),
        );
    }
    for (tag, side) in [
        ("South", wari_rules::Side::South),
        ("North", wari_rules::Side::North),
    ] {
        if let Some(seat) = state.seat(side) {
            record.set_tag(tag, &seat.name);
        }
    }
    Ok((
        [(header::CONTENT_TYPE, "text/x-oware-ogn; charset=utf-8")],
        record.to_string(),
    ))
}
