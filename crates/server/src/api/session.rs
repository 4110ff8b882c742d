//! `POST /api/session` (sign in as a guest, or rename) and
//! `GET /api/session`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::Value;

use super::accounts::session_view;
use super::error::Error;
use super::extract::{Client, Guest, Json, MaybeGuest};
use crate::App;
use crate::session::set_cookie;

/// The body of `POST /api/session`.
#[derive(Debug, Deserialize)]
pub struct SignIn {
    name: String,
}

/// Creates the session (or renames the caller's) and sets its cookie.
pub async fn sign_in(
    State(app): State<Arc<App>>,
    MaybeGuest(existing): MaybeGuest,
    Client(client): Client,
    Json(body): Json<SignIn>,
) -> Result<impl IntoResponse, Error> {
    app.limiter.check(&client)?;
    let session = app.sessions.sign_in(&app, existing, &body.name).await?;
    Ok((
        [(SET_COOKIE, set_cookie(&session.token))],
        axum::Json(session_view(&session)),
    ))
}

/// The caller's session, or 401.
pub async fn current(Guest(guest): Guest) -> axum::Json<Value> {
    axum::Json(session_view(&guest))
}
