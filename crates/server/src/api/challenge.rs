//! Challenges in the shape of lichess's challenge API, made of the
//! lobby's challenge tables (`opponent.player`, docs/API.md "Tables and
//! the lobby"): a challenge is a private table only the challenged
//! player may sit at, and its id is the table's.

use std::sync::Arc;

use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::error::Error;
use super::extract::{Acting, Address, Json, NoFields};
use super::json;
use crate::App;
use crate::lobby::{self, ClockSpec, DECLINE_REASONS, NewTable, Opponent};
use crate::store::TableRow;
use crate::text::text;

/// `POST /api/challenge/{name}`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    /// A rules string; `abapa` if absent.
    #[serde(default)]
    rules: Option<String>,
    /// A Fischer clock (`"1+1"`) or days a move; none if absent.
    #[serde(default)]
    clock: Option<ClockSpec>,
    /// The challenger's side: `S`, `N` or `random` (default).
    #[serde(default)]
    color: Option<String>,
    /// Rated (both signed in, a standard board, a clock).
    #[serde(default)]
    rated: bool,
}

/// `POST /api/challenge/{name}`: challenges the player `name` →
/// `{"challenge": TABLE}`.
pub async fn create(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Acting(guest): Acting,
    Address(address): Address,
    Json(spec): Json<NewChallenge>,
) -> Result<axum::Json<Value>, Error> {
    let table = NewTable {
        rules: spec.rules.unwrap_or_else(|| "abapa".to_owned()),
        starts: spec.color,
        opponent: Opponent::Human {
            private: true,
            player: Some(name),
        },
        clock: spec.clock,
        rated: spec.rated,
        rating_range: None,
        start: None,
    };
    let (table, _room) = lobby::create(&app, &guest, &address.to_string(), table).await?;
    Ok(axum::Json(
        json!({ "challenge": json::table(&table, Some(&guest)) }),
    ))
}

/// The challenge `id` (a challenge table; 404 for none).
async fn challenge(app: &Arc<App>, id: &str) -> Result<TableRow, Error> {
    app.store
        .table(id)
        .await?
        .filter(|t| t.challenged.is_some())
        .ok_or_else(|| Error::not_found(text!("err-no-challenge", id = id)))
}

/// `POST /api/challenge/{id}/accept` `{}` → `{"game_id"}`: the challenged
/// player takes the seat, and the game starts.
pub async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(guest): Acting,
) -> Result<axum::Json<Value>, Error> {
    let table = challenge(&app, &id).await?;
    super::lobby::sit(&app, &guest, &table).await
}

/// The decline's body.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decline {
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/challenge/{id}/decline` `{"reason": "tooFast"}` (or `{}`:
/// `generic`): the challenged player says no; the challenger's event
/// stream gets `challengeDeclined` with the reason.
pub async fn decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(guest): Acting,
    Json(body): Json<Decline>,
) -> Result<axum::Json<Value>, Error> {
    let reason = body.reason.unwrap_or_else(|| "generic".to_owned());
    if !DECLINE_REASONS.contains(&reason.as_str()) {
        return Err(Error::bad(text!(
            "err-bad-decline-reason",
            join = DECLINE_REASONS.join(", "),
            reason = format!("{:?}", reason)
        )));
    }
    let table = challenge(&app, &id).await?;
    if !table.challenged.as_ref().is_some_and(|(a, _)| guest.is(a)) {
        return Err(Error::forbidden(text!("err-challenge-not-to-you")));
    }
    lobby::cancel(&app, &guest, &table, &reason).await?;
    Ok(axum::Json(json!({ "ok": true })))
}

/// `POST /api/challenge/{id}/cancel` `{}`: the challenger takes it back.
pub async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(guest): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    let table = challenge(&app, &id).await?;
    if !guest.is(&table.creator_session) {
        return Err(Error::forbidden(text!("err-challenge-not-yours")));
    }
    lobby::cancel(&app, &guest, &table, "generic").await?;
    Ok(axum::Json(json!({ "ok": true })))
}
