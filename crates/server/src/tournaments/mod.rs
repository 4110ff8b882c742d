//! Tournaments (issue 17): arenas as lichess runs them. Any signed-in
//! player creates one (`api.rs`), or the operator's schedule does
//! (`schedule.rs`, `wari serve --tournaments FILE`); players join and
//! leave at will; the director (`director.rs`) starts and ends each one
//! on time and pairs each player who waits with the one closest in the
//! standings (`pairing.rs`); a game's end is scored as lila scores it
//! (`scoring.rs`, `standings.rs`). Everything lives in the database
//! (`store.rs`), so several processes share the work on PostgreSQL: a
//! tournament is changed under its row's lock, one process at a time,
//! and each change is announced to the others (`announce.rs`).
//!
//! A tournament has a `kind`: `arena`, or `swiss` (a fixed number of
//! rounds paired by the Dutch system of `wari-swiss`, `swiss.rs`), each
//! with its own director step.

mod announce;
mod api;
mod board;
mod director;
mod pairing;
mod schedule;
mod scoring;
mod standings;
mod store;
mod swiss;

use std::sync::Arc;

pub use announce::heard;
pub use api::{create, finish, get, join, list, start, stream, withdraw};
pub use director::game_over;
pub use schedule::Schedule;
use tokio::sync::{Notify, watch};

/// The channel other processes' changes are announced on.
pub const CHANNEL: &str = "wari_tournaments";

/// The director's wake-up call, the count of changes the live standings
/// wait on, the count of this process's own changes (announced to the
/// others), and the standings shared by every viewer of a change.
#[derive(Debug)]
pub struct Tournaments {
    wake: Notify,
    changes: watch::Sender<u64>,
    local: watch::Sender<u64>,
    schedule: Schedule,
    boards: board::Boards,
}

impl Tournaments {
    /// The tournaments of a server with the operator's `schedule`.
    #[must_use]
    pub fn new(schedule: Schedule) -> Tournaments {
        Tournaments {
            wake: Notify::new(),
            changes: watch::channel(0).0,
            local: watch::channel(0).0,
            schedule,
            boards: board::Boards::default(),
        }
    }

    /// Looks at the tournaments now (a game ended, a player joined).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Something changed here: the standings streams of this process send
    /// the tournament again, and the other processes are told.
    pub fn changed(&self) {
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
        self.local.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Another process changed something (or its announcements may have
    /// been missed): the director looks again, the streams send again.
    pub fn heard(&self) {
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
        self.wake();
    }

    fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// The count of changes so far: what is read after it includes them.
    fn count(&self) -> u64 {
        *self.changes.borrow()
    }
}

/// Starts this process's director and, with PostgreSQL, the announcer of
/// its changes.
pub fn spawn(app: &Arc<crate::App>) {
    director::spawn(Arc::clone(app));
    announce::spawn(Arc::clone(app));
}

/// What the handlers need besides the app.
type Shared = Arc<crate::App>;
