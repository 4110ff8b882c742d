//! `GET /api/analyze?rules=R&position=P&movetime=MS`: the engine's view
//! of a position for the replay page, on the computer's bounded pool.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use wari_engine::{Level, Limits, Score};
use wari_rules::{Game, Position, Rules};

use super::error::Error;
use super::extract::{Client, Query};
use crate::App;
use crate::config::MAX_ANALYSIS_MS;

/// The query.
#[derive(Debug, Deserialize)]
pub struct AnalyzeQuery {
    #[serde(default)]
    rules: Option<String>,
    position: String,
    #[serde(default)]
    movetime: Option<u64>,
}

/// Searches the position for `movetime` ms (default 500, at most 2000).
pub async fn analyze(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Query(q): Query<AnalyzeQuery>,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    let rules: Rules = q
        .rules
        .as_deref()
        .unwrap_or("abapa")
        .parse()
        .map_err(|e| Error::bad(format!("rules: {e}")))?;
    let position = Position::from_string(&q.position, rules)
        .map_err(|e| Error::bad(format!("position: {e}")))?;
    let movetime = q.movetime.unwrap_or(500);
    if movetime == 0 || movetime > MAX_ANALYSIS_MS {
        return Err(Error::bad(format!("movetime: 1 to {MAX_ANALYSIS_MS} ms")));
    }
    let game = Game::from_position(position);
    if game.is_over() {
        return Err(Error::bad("the game is over in this position"));
    }
    let result = app
        .computer
        .think(
            game,
            Level::FULL,
            Limits::movetime(Duration::from_millis(movetime)),
            false,
        )
        .await?;
    Ok(axum::Json(json!({
        "best": result.best.map(|m| m.to_string()),
        "score": f64::from(result.score.centiseeds()) / 100.0,
        "exact": matches!(result.score, Score::Exact { .. }),
        "pv": result.pv.iter().map(ToString::to_string).collect::<String>(),
        "depth": result.depth,
    })))
}
