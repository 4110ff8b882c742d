//! `GET /api/position?rules=R&position=P`: the position editor's check,
//! by the rules library itself: rules or a position it cannot read are
//! `{"valid": false, "reason"}` (an answer, not a failed request: the
//! editor asks about every set-up as it is typed); one it reads says
//! whether a game can go on from it (not over, with the side to move's
//! legal moves) or why not.

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use wari_rules::{Move, Side};

use super::analyze::read_position;
use super::error::Error;
use super::extract::{Client, MaybeGuest, Query};
use crate::App;
use axum::http::HeaderMap;

/// The query.
#[derive(Debug, Deserialize)]
pub struct PositionQuery {
    #[serde(default)]
    rules: Option<String>,
    position: String,
}

/// Checks the position.
pub async fn check(
    State(app): State<Arc<App>>,
    Client(client): Client,
    MaybeGuest(guest): MaybeGuest,
    headers: HeaderMap,
    Query(q): Query<PositionQuery>,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    let position = match read_position(q.rules.as_deref(), &q.position) {
        Ok(position) => position,
        Err(e) => {
            let speaks = crate::language::negotiate(&app, &headers, guest.as_ref()).await;
            let text = e.text();
            return Ok(axum::Json(
                json!({ "valid": false, "reason": text.render(speaks), "code": text.code() }),
            ));
        }
    };
    let over = position.end_reason();
    Ok(axum::Json(json!({
        "valid": true,
        "rules": position.rules().to_string(),
        "position": position.to_string(),
        "to_move": position.turn().letter().to_string(),
        "seeds": position.total_seeds(),
        "captured": [position.captured(Side::South), position.captured(Side::North)],
        "over": over.is_some(),
        "reason": over.map(|r| r.name()),
        "legal": position.legal_moves().iter().map(Move::to_string).collect::<Vec<_>>(),
    })))
}
