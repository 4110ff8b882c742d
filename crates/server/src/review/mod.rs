//! Game reviews (issue 16, point 3): every move of a finished game
//! searched in the background on the computer's pool, as the pool's last
//! priority (`pool.rs`: never before a computer's move or the analysis
//! board), and stored once for good (`store/reviews.rs`).
//!
//! Each position of the game gets every legal move searched to the same
//! depth (`lines.rs`, the analysis board's view, with the endgame tables'
//! exact values where they have them); a move's loss is the best move's
//! value less the played move's, for the mover, in seeds. The process
//! that claims a review in the database computes it; the others (sharing
//! PostgreSQL) answer with its progress, and take it over if that process
//! dies. One review is computed at a time in a process (the others wait
//! their turn, in order), and each client may start only so many an hour.
//! Every change of a review's row (claimed, a ply done, finished, given
//! up) is announced to this process's streams (`api/review.rs`) and, with
//! PostgreSQL, to the other processes' by `NOTIFY wari_reviews,
//! 'PROCESS_ID GAME_ID'` (`notify.rs` hears it).

pub mod judge;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde_json::{Value, json};
use tokio::sync::{Semaphore, broadcast};
use wari_engine::Score;
use wari_rules::{Game, Side};

use crate::App;
use crate::api::error::Error;
use crate::lines::{Line, lines, rank};
use crate::listen::stopped;
use crate::lock::lock;
use crate::pool::Work;
use crate::referee::Status;
use crate::store::{Backend, ReviewRow};
use crate::text::text;
use judge::{BLUNDER, INACCURACY, MISTAKE, Mark, accuracy};

/// The channel a review's change is announced on (PostgreSQL).
pub const CHANNEL: &str = "wari_reviews";

/// Game ids a stream may lag behind before it reads its review again.
const CHANGES_KEPT: usize = 64;

/// This process's reviews: their depth, the one computed at a time, each
/// client's allowance of new reviews, and the ids of the games whose
/// review changed, for the streams.
#[derive(Debug)]
pub struct Reviews {
    depth: u32,
    per_hour: f64,
    computing: Semaphore,
    allowance: Mutex<HashMap<String, (f64, Instant)>>,
    changes: broadcast::Sender<String>,
}

impl Reviews {
    /// Reviews searched `depth` plies deep; each client may start
    /// `per_hour` an hour.
    #[must_use]
    pub fn new(depth: u32, per_hour: u32) -> Reviews {
        Reviews {
            depth: depth.max(1),
            per_hour: f64::from(per_hour.max(1)),
            computing: Semaphore::new(1),
            allowance: Mutex::new(HashMap::new()),
            changes: broadcast::channel(CHANGES_KEPT).0,
        }
    }

    /// The ids of the games whose review changes from now on, here or
    /// (PostgreSQL) in another process.
    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.changes.subscribe()
    }

    /// Charges one new review to each of `keys` (a client's address and
    /// session).
    ///
    /// # Errors
    /// A 429 when one of them has started its share this hour.
    fn admit(&self, keys: &[String]) -> Result<(), Error> {
        let now = Instant::now();
        let mut allowance = lock(&self.allowance);
        allowance.retain(|_, (left, at)| {
            *left + now.duration_since(*at).as_secs_f64() / 3600.0 * self.per_hour < self.per_hour
        });
        let mut refilled = Vec::with_capacity(keys.len());
        for key in keys {
            let (left, at) = allowance.get(key).copied().unwrap_or((self.per_hour, now));
            let left = (left + now.duration_since(at).as_secs_f64() / 3600.0 * self.per_hour)
                .min(self.per_hour);
            if left < 1.0 {
                return Err(Error::TooMany(text!(
                    "err-too-many-reviews",
                    per_hour = self.per_hour,
                    ceil = ((1.0 - left) / self.per_hour * 60.0).ceil()
                )));
            }
            refilled.push(left);
        }
        for (key, left) in keys.iter().zip(refilled) {
            allowance.insert(key.clone(), (left - 1.0, now));
        }
        Ok(())
    }
}

/// What the API says of a review's row (or of none).
///
/// # Errors
/// A stored review that does not read as JSON.
pub fn view(row: Option<&ReviewRow>) -> Result<Value, Error> {
    Ok(match row {
        None => json!({ "status": "none" }),
        Some(ReviewRow {
            result: Some(result),
            ..
        }) => serde_json::from_str(result)
            .map_err(|e| Error::Internal(format!("a stored review does not read: {e}")))?,
        Some(row) => json!({
            "status": "computing",
            "depth": row.depth,
            "plies": row.plies,
            "done": row.done,
        }),
    })
}

/// The finished game `id`, as its moves.
///
/// # Errors
/// A 404 for no such game, a 409 for one not finished.
async fn finished_game(app: &Arc<App>, id: &str) -> Result<Game, Error> {
    let room = app.rooms.get(app, id).await?;
    let state = room.snapshot();
    if state.status != Status::Finished {
        return Err(Error::conflict(text!("err-review-unfinished-game")));
    }
    Ok(state.game.clone())
}

/// `id`'s review, or how far it has got, or `{"status": "none"}`.
///
/// # Errors
/// As [`finished_game`], or a database error.
pub async fn get(app: &Arc<App>, id: &str) -> Result<Value, Error> {
    finished_game(app, id).await?;
    view(app.store.review(id).await?.as_ref())
}

/// Asks for `id`'s review on behalf of the client known by `keys`: the
/// review if it is done (`true`), else its progress, after starting it
/// here if no living process is computing it.
///
/// # Errors
/// As [`get`], or a 429 when the client has started too many reviews.
pub async fn request(app: &Arc<App>, id: &str, keys: &[String]) -> Result<(bool, Value), Error> {
    let game = finished_game(app, id).await?;
    let row = app.store.review(id).await?;
    let alive_elsewhere = match &row {
        Some(r) if r.result.is_some() => return Ok((true, view(row.as_ref())?)),
        Some(r) => r.process_id == app.process.id || app.store.process_alive(&r.process_id).await?,
        None => false,
    };
    if !alive_elsewhere {
        app.reviews.admit(keys)?;
        let plies = u32::try_from(game.moves().len()).unwrap_or(u32::MAX);
        let depth = app.reviews.depth;
        if app
            .store
            .claim_review(id, &app.process.id, depth, plies, app.now_ms())
            .await?
        {
            tracing::info!(game = id, plies, depth, "review started");
            announce(app, id).await;
            spawn(app, id.to_owned(), game);
        }
    }
    let row = app.store.review(id).await?;
    let done = row.as_ref().is_some_and(|r| r.result.is_some());
    Ok((done, view(row.as_ref())?))
}

/// Computes the review of `game` in the background, stopped with the
/// server; a review that fails gives up its claim (the next request
/// starts it again).
fn spawn(app: &Arc<App>, id: String, game: Game) {
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let mut stopping = app.stopping.signal();
        let outcome = tokio::select! {
            result = compute(&app, &id, &game) => result,
            () = stopped(&mut stopping) => return,
        };
        let stored = match outcome {
            Ok(review) => {
                app.store
                    .finish_review(&id, &app.process.id, &review.to_string(), app.now_ms())
                    .await
            }
            Err(e) => {
                tracing::error!(game = %id, error = %e, "review failed");
                app.store.drop_review(&id, &app.process.id).await
            }
        };
        if let Err(e) = stored {
            tracing::error!(game = %id, error = %e, "a review could not be stored");
        }
        announce(&app, &id).await;
    });
}

/// Tells this process's streams, and with PostgreSQL the other
/// processes', that `game`'s review changed.
async fn announce(app: &Arc<App>, game: &str) {
    // No stream listening is no error.
    let _ = app.reviews.changes.send(game.to_owned());
    if app.store.backend() != Backend::Postgres {
        return;
    }
    let sent = async {
        let mut conn = app.store.pool().acquire().await?;
        app.store
            .notify(&mut conn, CHANNEL, &format!("{} {game}", app.process.id))
            .await
    };
    if let Err(e) = sent.await {
        tracing::warn!(game = %game, error = %e, "review change not announced");
    }
}

/// Another process announced a change of a review (`payload`: its id and
/// the game's): this process's streams of it read it again. Its own
/// announcements are left alone (its streams heard them already).
pub fn heard(app: &App, payload: &str) {
    if let Some((from, game)) = payload.split_once(' ')
        && from != app.process.id
    {
        let _ = app.reviews.changes.send(game.to_owned());
    }
}

/// A position's value for the side to move and whether it is proven.
struct Worth {
    seeds: f64,
    exact: bool,
}

/// Searches every position of `game` and judges its moves.
async fn compute(app: &Arc<App>, id: &str, game: &Game) -> Result<Value, Error> {
    let _turn = app
        .reviews
        .computing
        .acquire()
        .await
        .map_err(|_| Error::Internal("the reviews are closed".to_owned()))?;
    let started = Instant::now();
    let depth = app.reviews.depth;
    let moves = game.moves();
    let mut replay = Game::from_position(*game.start());
    let mut graph = Vec::with_capacity(moves.len() + 1);
    let mut judged = Vec::with_capacity(moves.len());
    for (ply, &played) in moves.iter().enumerate() {
        let mover = replay.position().turn();
        let seen = analyse(app, &replay, depth).await?;
        let best = best_of(&seen);
        let line = seen
            .iter()
            .find(|l| l.pv[0] == played)
            .ok_or_else(|| Error::Internal(format!("move {played} of the record is not legal")))?;
        let best_value = worth(best);
        let value = worth(line);
        let loss = if seen.len() > 1 {
            (best_value.seeds - value.seeds).max(0.0)
        } else {
            0.0
        };
        // A move that keeps a forced win is not an error, even where
        // another wins by more: the game is won (an immediate win by
        // majority is never a blunder for the seeds it left).
        let judged_loss = if value.exact && value.seeds > 0.0 {
            0.0
        } else {
            round(loss)
        };
        graph.push(point(ply, mover, &best_value));
        judged.push(json!({
            "ply": ply + 1,
            "side": mover.letter().to_string(),
            "move": played.to_string(),
            "value": round(value.seeds),
            "best": best.pv[0].to_string(),
            "best_line": best.pv.iter().map(ToString::to_string).collect::<String>(),
            "best_value": round(best_value.seeds),
            "exact": value.exact && best_value.exact,
            "choices": seen.len(),
            "loss": round(loss),
            "judged_loss": judged_loss,
            "mark": Mark::of(judged_loss).map(Mark::name),
        }));
        replay
            .play(played)
            .map_err(|e| Error::Internal(format!("a stored move was refused: {e}")))?;
        app.store
            .review_progress(
                id,
                &app.process.id,
                u32::try_from(ply + 1).unwrap_or(u32::MAX),
            )
            .await?;
        announce(app, id).await;
    }
    // The last position: the end by the rules, or (resigned, out of time,
    // agreed) what the engine makes of it.
    let last_mover = replay.position().turn();
    let last = if let Some(outcome) = replay.outcome() {
        let halves = i32::from(outcome.halves(last_mover))
            - i32::from(outcome.halves(last_mover.opposite()));
        Worth {
            seeds: f64::from(halves) / 2.0,
            exact: true,
        }
    } else {
        worth(best_of(&analyse(app, &replay, depth).await?))
    };
    graph.push(point(moves.len(), last_mover, &last));
    let accuracy_of = |side: Side| {
        accuracy(
            judged
                .iter()
                .filter(|m| {
                    m["side"] == side.letter().to_string() && m["choices"].as_u64() > Some(1)
                })
                .filter_map(|m| m["judged_loss"].as_f64()),
        )
        .map(round)
    };
    let count = |side: Side, mark: Mark| {
        judged
            .iter()
            .filter(|m| m["side"] == side.letter().to_string() && m["mark"] == mark.name())
            .count()
    };
    let counts = |side: Side| {
        json!({
            "inaccuracy": count(side, Mark::Inaccuracy),
            "mistake": count(side, Mark::Mistake),
            "blunder": count(side, Mark::Blunder),
        })
    };
    tracing::info!(
        game = id,
        plies = moves.len(),
        ms = started.elapsed().as_millis() as u64,
        "review done"
    );
    Ok(json!({
        "status": "done",
        "depth": depth,
        "computed_at": app.now_ms(),
        "plies": moves.len(),
        "thresholds": { "inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER },
        "accuracy": { "S": accuracy_of(Side::South), "N": accuracy_of(Side::North) },
        "marks": { "S": counts(Side::South), "N": counts(Side::North) },
        "graph": graph,
        "moves": judged,
    }))
}

/// Every move of `game`'s position searched `depth` deep as a review,
/// best first, with the endgame tables where they are exact.
async fn analyse(app: &Arc<App>, game: &Game, depth: u32) -> Result<Vec<Line>, Error> {
    let oracle = app.computer.oracle(game).await;
    let seen = lines(&app.computer, game, depth, oracle.as_deref(), Work::Review).await?;
    if seen.is_empty() {
        return Err(Error::Internal(
            "a position of the record has no move".to_owned(),
        ));
    }
    Ok(seen)
}

/// The line worth the most seeds: a review counts seeds, so a proven
/// loss by 5 is better than an estimate of -11 (which the engine's order,
/// any proof before any estimate, puts first).
fn best_of(seen: &[Line]) -> &Line {
    seen.iter()
        .rev()
        .max_by_key(|l| (l.score.centiseeds(), rank(l.score)))
        .unwrap_or(&seen[0])
}

/// A line's value in seeds for the mover, and whether it is proven.
fn worth(line: &Line) -> Worth {
    Worth {
        seeds: f64::from(line.score.centiseeds()) / 100.0,
        exact: line.is_proven() && matches!(line.score, Score::Exact { .. }),
    }
}

/// A point of the graph: the value of the position before move `ply + 1`
/// for South.
fn point(ply: usize, mover: Side, value: &Worth) -> Value {
    let south = if mover == Side::South {
        value.seeds
    } else {
        -value.seeds
    };
    json!({ "ply": ply, "value": round(south), "exact": value.exact })
}

/// Hundredths of a seed, as the engine counts.
fn round(seeds: f64) -> f64 {
    (seeds * 100.0).round() / 100.0
}
