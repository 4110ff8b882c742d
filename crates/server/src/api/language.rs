//! `GET/PUT /api/language`: the language the site speaks to this caller,
//! the languages there are, and the caller's choice (a cookie, and the
//! account's when signed in).

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::SET_COOKIE;
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};
use wari_i18n::Language;

use super::error::Error;
use super::extract::{Json, MaybeGuest};
use crate::App;
use crate::language;

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
