//! The lobby over HTTP: create a table, list open tables and games being
//! played, look at a table, take its seat (by id or invite).

use std::sync::Arc;

use axum::extract::{Path, State};
use serde_json::{Value, json};

use super::error::Error;
use super::extract::{Acting, Address, Json, MaybeGuest, NoFields};
use super::json;
use crate::App;
use crate::lobby::{self, NewTable};
use crate::store::{Session, TableRow};
use crate::text::text;

/// `POST /api/tables`.
pub async fn create(
    State(app): State<Arc<App>>,
    Acting(guest): Acting,
    Address(address): Address,
    Json(spec): Json<NewTable>,
) -> Result<axum::Json<Value>, Error> {
    let (table, _room) = lobby::create(&app, &guest, &address.to_string(), spec).await?;
    let mut body = json!({ "table": json::table(&table, Some(&guest)) });
    if let Some(token) = &table.invite_token {
        body["invite"] = json!(json::invite_path(token));
    }
    Ok(axum::Json(body))
}

/// `GET /api/tables`: `{"open": [TABLE], "playing": [GAME_SUMMARY]}`.
pub async fn lobby(
    State(app): State<Arc<App>>,
    MaybeGuest(viewer): MaybeGuest,
) -> Result<axum::Json<Value>, Error> {
    let viewer = viewer.as_ref();
    let since = lobby::open_since(&app, app.now_ms());
    let open = app.store.open_tables(since, 100).await?;
    let playing = app.store.playing(100).await?;
    Ok(axum::Json(json!({
        "open": open.iter().map(|t| json::table(t, viewer)).collect::<Vec<_>>(),
        "playing": playing,
    })))
}

/// `GET /api/tables/{id}`.
pub async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    MaybeGuest(viewer): MaybeGuest,
) -> Result<axum::Json<Value>, Error> {
    let table = find(&app, &id).await?;
    let challenged = |s: &Session| table.challenged.as_ref().is_some_and(|c| s.is(&c.0));
    if table.private
        && !viewer
            .as_ref()
            .is_some_and(|s| s.is(&table.creator_session) || challenged(s))
    {
        return Err(Error::not_found(text!("err-no-table", id = id)));
    }
    Ok(axum::Json(json::table(&table, viewer.as_ref())))
}

/// The table `id` (404 for none).
async fn find(app: &App, id: &str) -> Result<TableRow, Error> {
    app.store
        .table(id)
        .await?
        .ok_or_else(|| Error::not_found(text!("err-no-table", id = id)))
}

/// Takes `table`'s seat for `guest` → `{"game_id"}` (the game starts).
pub(super) async fn sit(
    app: &Arc<App>,
    guest: &Session,
    table: &TableRow,
) -> Result<axum::Json<Value>, Error> {
    let game_id = lobby::join(app, guest, table).await?;
    Ok(axum::Json(json!({ "game_id": game_id })))
}

/// `POST /api/tables/{id}/join` (public tables).
pub async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(guest): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    let table = find(&app, &id).await?;
    if table.private {
        return Err(Error::not_found(text!("err-no-table", id = id)));
    }
    sit(&app, &guest, &table).await
}

/// `POST /api/tables/{id}/cancel`: the creator takes an open table back,
/// or the challenged player declines it.
pub async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(guest): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    let table = find(&app, &id).await?;
    lobby::cancel(&app, &guest, &table, "generic").await?;
    Ok(axum::Json(json!({ "cancelled": table.id })))
}

/// The table invite `token` is for (404 for none).
async fn invited(app: &App, token: &str) -> Result<TableRow, Error> {
    app.store
        .table_by_invite(token)
        .await?
        .ok_or_else(|| Error::not_found(text!("err-no-invite")))
}

/// `GET /api/invite/{token}`: the table the invite is for.
pub async fn invite(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    MaybeGuest(viewer): MaybeGuest,
) -> Result<axum::Json<Value>, Error> {
    let table = invited(&app, &token).await?;
    Ok(axum::Json(json::table(&table, viewer.as_ref())))
}

/// `POST /api/invite/{token}/join`.
pub async fn join_invite(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    Acting(guest): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    let table = invited(&app, &token).await?;
    sit(&app, &guest, &table).await
}
