//! Group commit of moves: one task stores the moves played everywhere in
//! the server, those that arrived while the last transaction ran all in
//! the next one. A move is answered only once its transaction committed,
//! as when each had its own, but the database's connection is taken,
//! begun and committed once for all of them, rather than once a move with
//! a round trip to the database for each statement.
//!
//! Only a plain move takes this way: a game's row and one move added,
//! over the version the room holds. Anything else (a game that starts or
//! ends, a rematch, a takeback, a computer's seat) and any move whose
//! version is no longer the stored one (another process wrote) go the
//! room's own transaction, which locks the row and reloads the game.

use std::sync::Arc;

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use super::games::{bind_move, bind_moved, moved_set};
use super::{Backend, Store};
use crate::api::error::Error;
use crate::notify::CHANNEL;
use crate::referee::GameState;

/// Most moves in one transaction: a bound on how long the first waits.
const MOST: usize = 256;

/// A move to store: the game's state after it, over the version before.
#[derive(Debug)]
struct Pending {
    state: Arc<GameState>,
    before: i64,
    now: i64,
    answer: oneshot::Sender<bool>,
}

/// Where moves are sent to be stored.
#[derive(Clone, Debug)]
pub(super) struct Committer {
    queue: mpsc::UnboundedSender<Pending>,
}

impl Committer {
    /// Starts the task that stores moves sent to it, on `pool`.
    pub(super) fn start(pool: AnyPool, backend: Backend) -> Committer {
        let (queue, pending) = mpsc::unbounded_channel();
        tokio::spawn(run(pool, backend, pending));
        Committer { queue }
    }
}

impl Store {
    /// Stores `state`, one move further than the stored version `before`
    /// (and made on it), with `now` its last activity, in the next group
    /// commit; on PostgreSQL, announces it to the other processes.
    /// Whether it was stored: not when the stored version is no longer
    /// `before` nor when the transaction failed (the caller takes its
    /// own transaction then, which reloads the game or says what failed).
    pub async fn store_move(&self, state: Arc<GameState>, before: i64, now: i64) -> bool {
        let (answer, answered) = oneshot::channel();
        let pending = Pending {
            state,
            before,
            now,
            answer,
        };
        // Refused or unanswered only when the task is gone (the runtime
        // is shutting down).
        self.committer.queue.send(pending).is_ok() && answered.await.unwrap_or(false)
    }
}

/// Takes the moves waiting, up to [`MOST`], stores them in one
/// transaction and answers each; until every sender is gone.
async fn run(pool: AnyPool, backend: Backend, mut pending: mpsc::UnboundedReceiver<Pending>) {
    let mut batch = Vec::with_capacity(MOST);
    while pending.recv_many(&mut batch, MOST).await > 0 {
        // One lock order for the rows of every transaction (PostgreSQL:
        // two processes' batches never wait on each other in a circle).
        batch.sort_unstable_by(|a, b| a.state.id.cmp(&b.state.id));
        let stored = match write(&pool, backend, &batch).await {
            Ok(stored) => stored,
            Err(e) => {
                tracing::warn!(moves = batch.len(), error = %e, "group commit failed");
                vec![false; batch.len()]
            }
        };
        for (p, stored) in batch.drain(..).zip(stored) {
            let _ = p.answer.send(stored);
        }
    }
}

/// Stores each move of `batch` over its version, in one transaction:
/// which ones were.
async fn write(pool: &AnyPool, backend: Backend, batch: &[Pending]) -> Result<Vec<bool>, Error> {
    let mut tx = pool.begin().await?;
    let mut stored = Vec::with_capacity(batch.len());
    for p in batch {
        let Some(ply) = p.state.game.moves().len().checked_sub(1) else {
            stored.push(false);
            continue;
        };
        let query = bind_moved(sqlx::query(statement(backend)), &p.state, p.now)
            .bind(&p.state.id)
            .bind(p.before);
        let query = bind_move(query, &p.state, ply);
        stored.push(match backend {
            // The row's update, then the move if it took (`changes()`).
            Backend::Sqlite => query.execute(&mut *tx).await?.rows_affected() == 2,
            Backend::Postgres => query
                .bind(CHANNEL)
                .bind(format!(" {}", p.state.version))
                .fetch_optional(&mut *tx)
                .await?
                .is_some(),
        });
    }
    tx.commit().await?;
    Ok(stored)
}

/// One move's statement: what it changes in the row of game `$10` over
/// version `$11` (only those columns: SQLite rewrites the entries of every
/// index on a column set, even to its own value), and the move (`$12` …
/// `$16`) only if the row was; on PostgreSQL, announced on channel `$17`
/// (`ID` and `$18`, the version after a space).
fn statement(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => concat!(
            "UPDATE games SET ",
            moved_set!(),
            " WHERE id = $10 AND version = $11; \
             INSERT INTO moves (game_id, ply, mv, south_ms, north_ms, played_at) \
             SELECT $10, $12, $13, $14, $15, $16 WHERE changes() = 1"
        ),
        Backend::Postgres => concat!(
            "WITH updated AS (UPDATE games SET ",
            moved_set!(),
            " WHERE id = $10 AND version = $11 RETURNING id), \
             added AS (INSERT INTO moves (game_id, ply, mv, south_ms, north_ms, played_at) \
             SELECT id, $12, $13, $14, $15, $16 FROM updated RETURNING game_id) \
             SELECT 1 AS stored FROM added \
             CROSS JOIN LATERAL (SELECT pg_notify($17, added.game_id || $18)) AS sent"
        ),
    }
}
