//! `GET/PUT /api/language`: the language the site speaks to this caller,
//! the languages there are, and the caller's choice (a cookie, and the
//! account's when signed in).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::http::header::{AUTHORIZATION, CONTENT_LENGTH, SET_COOKIE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use wari_i18n::Language;

use super::error::{Error, Refusal, body};
use super::extract::{Json, MaybeGuest};
use crate::App;
use crate::language;
use crate::session::token_of;
use crate::store::Session;
use crate::tokens;

/// The body of `PUT /api/language`.
#[derive(Debug, Deserialize)]
pub struct Choice {
    language: String,
}

/// `GET /api/language`: `{"language", "available": [{"code", "name"}]}`.
pub async fn get(
    State(app): State<Arc<App>>,
    MaybeGuest(session): MaybeGuest,
    headers: HeaderMap,
) -> axum::Json<Value> {
    let current = language::negotiate(&app, &headers, session.as_ref()).await;
    let available: Vec<Value> = Language::all()
        .map(|l| json!({ "code": l.code(), "name": l.name() }))
        .collect();
    axum::Json(json!({ "language": current.code(), "available": available }))
}

/// `PUT /api/language` `{"language": "es"}`: sets the `wari_lang` cookie
/// and, signed in, saves the choice on the account; 400 for a language
/// there is none of.
pub async fn put(
    State(app): State<Arc<App>>,
    MaybeGuest(session): MaybeGuest,
    Json(choice): Json<Choice>,
) -> Result<impl IntoResponse, Error> {
    let chosen: Language = choice.language.parse().map_err(Error::bad)?;
    if let Some(account) = session.as_ref().and_then(|s| s.account_id.as_deref()) {
        app.store
            .set_account_language(account, chosen.code())
            .await?;
    }
    Ok((
        [(SET_COOKIE, language::set_cookie(chosen))],
        axum::Json(json!({ "language": chosen.code() })),
    ))
}

/// The session behind a request, from its session cookie or its bearer
/// token, for its account's language; `None` when there is none or it
/// cannot be read (the request is answered all the same).
async fn session_of(app: &Arc<App>, headers: &HeaderMap) -> Option<Session> {
    let bearer = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if let Some(token) = bearer {
        return tokens::authenticate(app, token.trim())
            .await
            .ok()
            .flatten()
            .map(|(session, _)| session);
    }
    let token = token_of(headers)?;
    app.sessions.find(app, &token).await.ok().flatten()
}

/// The layer that writes every refused request's error in the request's
/// language: a response carrying a [`Refusal`] (every [`Error`], and the
/// plain refusals `guard::json_errors` turns into JSON) gets the body
/// `{"error", "code"}` again, in the language [`language::negotiate`]
/// finds. English answers are left as they were written.
pub async fn translate(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let headers = request.headers().clone();
    let mut response = next.run(request).await;
    let Some(Refusal(text)) = response.extensions_mut().remove::<Refusal>() else {
        return response;
    };
    let session = session_of(&app, &headers).await;
    let chosen = language::negotiate(&app, &headers, session.as_ref()).await;
    if chosen == Language::ENGLISH {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    parts.headers.remove(CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body(&text, chosen).to_string()))
}
