//! Accounts over HTTP: sign up, sign in, sign out, the account, change the
//! password, delete. Each answer that signs in sets the session cookie.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::error::Error;
use super::extract::{Acting, Address, Client, Guest, Json, MaybeGuest, NoFields};
use crate::App;
use crate::accounts;
use crate::session::{clear_cookie, set_cookie};
use crate::store::Session;

/// The body of sign-up and sign-in.
#[derive(Debug, Deserialize)]
pub struct Credentials {
    name: String,
    password: String,
}

/// SESSION: who the caller is.
pub fn session_view(session: &Session) -> Value {
    json!({
        "id": session.id,
        "name": session.name,
        "account": session.account_id.as_ref().map(|id| json!({ "id": id, "name": session.name })),
    })
}

fn signed_in(session: &Session) -> impl IntoResponse + use<> {
    (
        [(SET_COOKIE, set_cookie(&session.token))],
        axum::Json(session_view(session)),
    )
}

/// Sign-up's and sign-in's answer: counts the attempt against `client`'s
/// rate, and only then runs `session` (a future does nothing until
/// awaited), remembers the session it signs in and sets its cookie.
async fn enter(
    app: &App,
    client: &str,
    session: impl Future<Output = Result<Session, Error>>,
) -> Result<Response, Error> {
    app.limiter.check(client)?;
    let session = session.await?;
    app.sessions.remember(session.clone());
    Ok(signed_in(&session).into_response())
}

/// `POST /api/account` `{"name", "password"}`: makes the account and
/// signs this browser in to it.
pub async fn sign_up(
    State(app): State<Arc<App>>,
    MaybeGuest(existing): MaybeGuest,
    Client(client): Client,
    Address(address): Address,
    Json(body): Json<Credentials>,
) -> Result<impl IntoResponse, Error> {
    let session = accounts::sign_up(&app, existing, address, &body.name, &body.password);
    enter(&app, &client, session).await
}

/// `POST /api/account/sign-in` `{"name", "password"}`.
pub async fn sign_in(
    State(app): State<Arc<App>>,
    MaybeGuest(existing): MaybeGuest,
    Client(client): Client,
    Address(address): Address,
    Json(body): Json<Credentials>,
) -> Result<impl IntoResponse, Error> {
    let session = accounts::sign_in(&app, existing, address, &body.name, &body.password);
    enter(&app, &client, session).await
}

/// `POST /api/account/sign-out`: ends this browser's session (guest or
/// signed in) and removes the cookie.
pub async fn sign_out(
    State(app): State<Arc<App>>,
    Guest(session): Guest,
    Json(NoFields {}): Json<NoFields>,
) -> Result<impl IntoResponse, Error> {
    accounts::sign_out(&app, &session).await?;
    Ok((
        [(SET_COOKIE, clear_cookie())],
        axum::Json(json!({ "signed_out": true })),
    ))
}

/// `GET /api/account`: the account signed in to (401 for guests).
pub async fn get(
    State(app): State<Arc<App>>,
    Guest(session): Guest,
) -> Result<axum::Json<Value>, Error> {
    let account = accounts::account_of(&app, &session).await?;
    Ok(axum::Json(json!({
        "id": account.id,
        "name": account.name,
        "created_at": account.created_at,
    })))
}

/// The body of the password change.
#[derive(Debug, Deserialize)]
pub struct NewPassword {
    current: String,
    new: String,
}

/// `POST /api/account/password` `{"current", "new"}`: other browsers
/// signed in to the account are signed out.
pub async fn change_password(
    State(app): State<Arc<App>>,
    Acting(session): Acting,
    Address(address): Address,
    Json(body): Json<NewPassword>,
) -> Result<axum::Json<Value>, Error> {
    accounts::change_password(&app, &session, address, &body.current, &body.new).await?;
    Ok(axum::Json(json!({ "changed": true })))
}

/// The body of the deletion.
#[derive(Debug, Deserialize)]
pub struct Confirm {
    password: String,
}

/// `POST /api/account/delete` `{"password"}`.
pub async fn delete(
    State(app): State<Arc<App>>,
    Acting(session): Acting,
    Address(address): Address,
    Json(body): Json<Confirm>,
) -> Result<impl IntoResponse, Error> {
    accounts::delete(&app, &session, address, &body.password).await?;
    Ok((
        [(SET_COOKIE, clear_cookie())],
        axum::Json(json!({ "deleted": true })),
    ))
}
