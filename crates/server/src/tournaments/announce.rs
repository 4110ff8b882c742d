//! Tournaments changed by other processes: with PostgreSQL each process
//! announces its changes (a player in or out, a game paired or over, a
//! start or an end) by `NOTIFY wari_tournaments, 'PROCESS_ID'`, after
//! they are committed; every other process hears it (`notify.rs`), wakes
//! its director and sends its standings streams the tournaments again.
//! A burst of changes makes one announcement or a few (the last change
//! is always announced after it was made). SQLite serves one process:
//! nothing is announced.

use std::sync::Arc;

use super::CHANNEL;
use crate::App;
use crate::store::Backend;

/// Announces this process's changes until the server stops (PostgreSQL
/// only).
pub fn spawn(app: Arc<App>) {
    if app.store.backend() != Backend::Postgres {
        return;
    }
    let mut local = app.tournaments.local.subscribe();
    let mut stopping = app.stopping.signal();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                changed = local.changed() => if changed.is_err() { return },
                _ = stopping.changed() => return,
            }
            local.mark_unchanged();
            let sent = async {
                let mut conn = app.store.pool().acquire().await?;
                app.store.notify(&mut conn, CHANNEL, &app.process.id).await
            };
            if let Err(e) = sent.await {
                tracing::warn!(error = %e, "tournament change not announced");
            }
        }
    });
}

/// Another process announced a change (`from`, its id): this process's
/// director looks again and its streams send the tournaments again. Its
/// own announcements are left alone.
pub fn heard(app: &App, from: &str) {
    if from != app.process.id {
        app.tournaments.heard();
    }
}
