//! Personal API tokens over HTTP, from a signed-in browser (a token
//! cannot make or see tokens: `bearer.rs` opens no token route here).

use std::sync::Arc;

use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::error::Error;
use super::extract::{Acting, Guest, Json, NoFields};
use crate::App;
use crate::store::TokenRow;
use crate::text::text;
use crate::tokens::{self, Scope};

/// `POST /api/account/tokens`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    #[serde(default)]
    description: String,
    scopes: Vec<String>,
}

fn view(row: &TokenRow) -> Value {
    json!({
        "id": row.id,
        "description": row.description,
        "scopes": row.scopes.split_whitespace().collect::<Vec<_>>(),
        "created_at": row.created_at,
    })
}

/// `POST /api/account/tokens` `{"description", "scopes": ["bot:play"]}` →
/// TOKEN with `"token"`, the secret, shown this once.
pub async fn create(
    State(app): State<Arc<App>>,
    Acting(owner): Acting,
    Json(body): Json<NewToken>,
) -> Result<axum::Json<Value>, Error> {
    let scopes = body
        .scopes
        .iter()
        .map(|s| {
            s.parse::<Scope>()
                .map_err(|_| text!("err-unknown-scope", scope = format!("{s:?}")))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(Error::bad)?;
    let made = tokens::create(&app, &owner, &body.description, &scopes).await?;
    let mut answer = view(&made.row);
    answer["token"] = json!(made.token);
    Ok(axum::Json(answer))
}

/// `GET /api/account/tokens` → `{"tokens": [TOKEN]}` (never the secrets).
pub async fn list(
    State(app): State<Arc<App>>,
    Guest(owner): Guest,
) -> Result<axum::Json<Value>, Error> {
    let Some(account) = &owner.account_id else {
        return Err(Error::NotSignedIn(text!("err-tokens-need-sign-in")));
    };
    let rows = app.store.tokens_of(account).await?;
    Ok(axum::Json(
        json!({ "tokens": rows.iter().map(view).collect::<Vec<_>>() }),
    ))
}

/// `POST /api/account/tokens/{id}/revoke` `{}`.
pub async fn revoke(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(owner): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    tokens::revoke(&app, &owner, &id).await?;
    Ok(axum::Json(json!({ "revoked": id })))
}
