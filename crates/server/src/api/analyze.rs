//! `GET /api/analyze?rules=R&position=P&movetime=MS`: the engine's view
//! of a position for the replay page, on the computer's pool after the
//! computer's own moves, cached, one search at a time per client within
//! a budget of engine time (`analysis.rs`), stopped if the client goes
//! away.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use wari_engine::{Level, Limits, Score};
use wari_rules::{Game, Position, Rules};

use super::error::Error;
use super::extract::{Address, Client, Query};
use crate::App;
use crate::config::MAX_ANALYSIS_MS;
use crate::pool::Work;
use crate::text::{Text, text};

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
    Address(address): Address,
    Query(q): Query<AnalyzeQuery>,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    let position = read_position(q.rules.as_deref(), &q.position)?;
    let rules = *position.rules();
    let movetime = q.movetime.unwrap_or(500);
    if movetime == 0 || movetime > MAX_ANALYSIS_MS {
        return Err(Error::bad(text!(
            "err-analysis-movetime",
            max_analysis_ms = MAX_ANALYSIS_MS
        )));
    }
    let game = Game::from_position(position);
    if game.is_over() {
        return Err(Error::bad(text!("err-position-game-over")));
    }
    let (rules_key, position_key) = (rules.to_string(), position.to_string());
    if let Some(mut answer) = app.analysis.cached(&rules_key, &position_key, movetime) {
        answer["cached"] = json!(true);
        return Ok(axum::Json(answer));
    }
    let _ticket = app
        .analysis
        .admit(&budget_keys(client, &address), movetime)?;
    let result = app
        .computer
        .think(
            game,
            Level::FULL,
            || Limits::movetime(Duration::from_millis(movetime)),
            false,
            Work::Analysis,
        )
        .await?;
    let exact = matches!(result.score, Score::Exact { .. });
    let answer = json!({
        "best": result.best.map(|m| m.to_string()),
        "score": f64::from(result.score.centiseeds()) / 100.0,
        "exact": exact,
        "pv": result.pv.iter().map(ToString::to_string).collect::<String>(),
        "depth": result.depth,
    });
    app.analysis
        .remember(&rules_key, &position_key, movetime, exact, answer.clone());
    let mut answer = answer;
    answer["cached"] = json!(false);
    Ok(axum::Json(answer))
}

/// The position of a query's `rules` (default `abapa`) and `position`.
///
/// # Errors
/// A 400 saying which one is wrong and why.
pub(super) fn read_position(rules: Option<&str>, position: &str) -> Result<Position, Error> {
    let rules: Rules = rules
        .unwrap_or("abapa")
        .parse()
        .map_err(|e| Error::bad(text!("err-bad-rules", e = Text::from(e))))?;
    Position::from_string(position, rules)
        .map_err(|e| Error::bad(text!("err-bad-position", e = Text::from(e))))
}

/// Whom an analysis is charged to: the client's address, and its session
/// if it has one.
pub(super) fn budget_keys(client: String, address: &impl std::fmt::Display) -> Vec<String> {
    let mut keys = vec![format!("ip:{address}")];
    if client.starts_with("s:") {
        keys.push(client);
    }
    keys
}
