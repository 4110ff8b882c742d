//! `GET /api/analysis/lines?rules=R&position=P&moves=M&movetime=MS`: the
//! analysis board's engine as NDJSON: first what the endgame tables say of
//! each move, then the three best lines at each depth as the search
//! deepens (`lines.rs`), until the time asked is used, the position is
//! solved, or the client goes away (dropping the stream stops the search).
//! Charged to the client's budget of engine time (`analysis.rs`) for the
//! time it ran.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::watch;
use tokio::time::Instant;
use wari_engine::{Oracle, Score};
use wari_rules::record::{parse_moves, play_moves};
use wari_rules::{Game, Move};

use super::analyze::{budget_keys, read_position};
use super::error::Error;
use super::extract::{Address, Client, Query};
use crate::App;
use crate::lines::{Line, TableValue, lines, table_values};
use crate::listen::stopped;
use crate::pool::Work;
use crate::text::{Text, text};

/// Longest stream a client may ask for, in milliseconds.
pub const MAX_LINES_MS: u64 = 20_000;
/// Lines sent at each depth.
const SHOWN: usize = 3;
/// Deepest iteration.
const MAX_DEPTH: u32 = 40;
/// How often an empty line is written while a depth is searched.
const KEEP_ALIVE: Duration = Duration::from_millis(500);

/// The query.
#[derive(Debug, Deserialize)]
pub struct LinesQuery {
    #[serde(default)]
    rules: Option<String>,
    position: String,
    /// Moves played from `position` to the position analysed (so that the
    /// cycle rule sees them), as letters.
    #[serde(default)]
    moves: Option<String>,
    #[serde(default)]
    movetime: Option<u64>,
}

/// Streams the analysis of the position.
pub async fn stream(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Address(address): Address,
    Query(q): Query<LinesQuery>,
) -> Result<Response, Error> {
    app.limiter.check(&client)?;
    let start = read_position(q.rules.as_deref(), &q.position)?;
    let mut game = Game::from_position(start);
    parse_moves(q.moves.as_deref().unwrap_or(""))
        .and_then(|moves| play_moves(&mut game, &moves))
        .map_err(|e| Error::bad(text!("err-bad-moves", e = Text::from(e))))?;
    if game.is_over() {
        return Err(Error::bad(text!("err-position-game-over")));
    }
    let movetime = q.movetime.unwrap_or(10_000);
    if movetime == 0 || movetime > MAX_LINES_MS {
        return Err(Error::bad(text!(
            "err-lines-movetime",
            max_lines_ms = MAX_LINES_MS
        )));
    }
    let (mut ticket, ended) = app
        .analysis
        .admit_stream(&budget_keys(client.clone(), &address), movetime)
        .await?;
    ticket.charge_time_used(&app.analysis, movetime);
    let held = (ticket, app.limiter.open(&client)?, app.stopping.hold());
    let state = Search {
        app: Arc::clone(&app),
        game,
        depth: 0,
        deadline: Instant::now() + Duration::from_millis(movetime),
        done: false,
        pending: None,
        oracle: None,
        ended,
        stopping: app.stopping.signal(),
        _held: held,
    };
    let body = futures_util::stream::unfold(state, |mut s| async move {
        let line = s.next().await?;
        Some((Ok::<_, std::io::Error>(line), s))
    });
    Ok(super::stream::ndjson(body))
}

/// The search of one depth under way.
type Pending = Pin<Box<dyn Future<Output = Result<Vec<Line>, Error>> + Send>>;

/// A stream's search.
struct Search {
    app: Arc<App>,
    game: Game,
    /// The depth last sent (0: the tables' line not sent yet).
    depth: u32,
    deadline: Instant,
    done: bool,
    pending: Option<Pending>,
    /// The endgame tables of the game's rules, once looked for.
    oracle: Option<Arc<dyn Oracle>>,
    /// Set when a newer stream of the same client ended this one.
    ended: watch::Receiver<bool>,
    stopping: watch::Receiver<bool>,
    _held: (
        crate::analysis::Ticket,
        crate::limits::ConnectionGuard,
        crate::listen::Hold,
    ),
}

impl Search {
    /// The next text of the stream: a line, or an empty line while a
    /// depth is searched (writing it is how a client that went away is
    /// noticed, which drops the stream and stops the search); `None` at
    /// the end.
    async fn next(&mut self) -> Option<String> {
        if self.done || *self.ended.borrow() {
            return None;
        }
        if self.depth == 0 {
            self.depth = 1;
            self.oracle = self.app.computer.oracle(&self.game).await;
            let values = table_values(self.oracle.as_deref(), &self.game);
            let line = json!({ "tables": values.iter().map(table_json).collect::<Vec<_>>() });
            return Some(format!("{line}\n"));
        }
        let depth = self.depth + 1;
        let pending = self.pending.get_or_insert_with(|| {
            let (computer, game) = (self.app.computer.clone(), self.game.clone());
            let oracle = self.oracle.clone();
            Box::pin(async move {
                lines(&computer, &game, depth, oracle.as_deref(), Work::Analysis).await
            })
        });
        let found = tokio::select! {
            found = tokio::time::timeout_at(self.deadline, pending) => found,
            () = tokio::time::sleep(KEEP_ALIVE) => return Some("\n".to_owned()),
            _ = self.ended.changed() => return None,
            () = stopped(&mut self.stopping) => return None,
        };
        self.pending = None;
        let line = match found {
            Err(_) => self.finish("time"),
            Ok(Err(e)) => self.finish(&e.to_string()),
            Ok(Ok(found)) => self.report(depth, &found),
        };
        Some(format!("{line}\n"))
    }

    fn report(&mut self, depth: u32, found: &[Line]) -> Value {
        self.depth = depth;
        let solved = found.iter().all(Line::is_proven);
        let mut line = json!({
            "depth": depth,
            "lines": found.iter().take(SHOWN).map(line_json).collect::<Vec<_>>(),
        });
        if solved || depth >= MAX_DEPTH {
            self.done = true;
            line["done"] = json!(if solved { "solved" } else { "depth" });
        }
        line
    }

    fn finish(&mut self, reason: &str) -> Value {
        self.done = true;
        json!({ "done": reason })
    }
}

fn line_json(line: &Line) -> Value {
    let (exact, plies) = match line.score {
        Score::Exact { .. } if line.from_tables => (true, None),
        Score::Exact { plies, .. } => (true, Some(plies)),
        Score::Seeds(_) => (false, None),
    };
    json!({
        "move": line.pv[0].to_string(),
        "pv": line.pv.iter().map(Move::to_string).collect::<String>(),
        "score": f64::from(line.score.centiseeds()) / 100.0,
        "exact": exact,
        "plies": plies,
    })
}

fn table_json(value: &TableValue) -> Value {
    json!({ "move": value.pit.to_string(), "margin": value.margin, "exact": value.exact })
}
