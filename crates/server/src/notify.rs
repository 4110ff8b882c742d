//! Changes made by other processes: with PostgreSQL every stored change
//! is announced by `NOTIFY wari_games, 'ID VERSION'` in its transaction,
//! and a change of who is connected by `'ID p'`; each process LISTENs and
//! reloads the rooms it holds (or their presence). The events, chats,
//! tournaments and reviews (`review/`: a review's progress, for the
//! streams following it) have channels of their own. SQLite serves one
//! process, so there is nothing to listen to.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::App;
use crate::store::Backend;

/// The channel every change is announced on.
pub const CHANNEL: &str = "wari_games";
/// The channel a session that ended or changed token is announced on (its
/// id), so every process drops it from its cache.
pub const SESSIONS: &str = "wari_sessions";

/// Listens for other processes' changes (PostgreSQL only), reconnecting
/// after an error; after each (re)connection every room held is reloaded,
/// since announcements made meanwhile were lost. The first LISTEN is in
/// place when this returns, so the server serves nobody before it hears
/// the other processes: an announcement made while it was being set up
/// would otherwise be lost for a room loaded in that time.
///
/// # Errors
/// When the first connection cannot LISTEN.
pub async fn start_listener(app: Arc<App>) -> Result<(), sqlx::Error> {
    if app.store.backend() != Backend::Postgres {
        return Ok(());
    }
    let mut listener = connect(&app).await?;
    tokio::spawn(async move {
        loop {
            match follow(&app, listener).await {
                Ok(()) => return,
                Err(e) => tracing::warn!(error = %e, "LISTEN connection lost; reconnecting"),
            }
            listener = loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                match connect(&app).await {
                    Ok(listener) => break listener,
                    Err(e) => tracing::warn!(error = %e, "LISTEN connection failed; retrying"),
                }
            };
        }
    });
    Ok(())
}

/// A connection listening on every channel; the rooms held are reloaded
/// once it listens, for what was announced before.
async fn connect(app: &Arc<App>) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(app.store.url()).await?;
    listener
        .listen_all([
            CHANNEL,
            SESSIONS,
            crate::events::CHANNEL,
            crate::chat::CHANNEL,
            crate::tournaments::CHANNEL,
            crate::review::CHANNEL,
        ])
        .await?;
    // What other processes changed in the tournaments meanwhile.
    app.tournaments.heard();
    for room in app.rooms.all() {
        if let Err(e) = room.reload(app, None).await {
            tracing::warn!(game = %room.id, error = %e, "reload failed");
        }
    }
    Ok(listener)
}

/// Acts on each announcement until the connection fails.
async fn follow(app: &Arc<App>, mut listener: PgListener) -> Result<(), sqlx::Error> {
    loop {
        let notification = listener.recv().await?;
        if notification.channel() == SESSIONS {
            app.sessions.forget(notification.payload());
            continue;
        }
        if notification.channel() == crate::events::CHANNEL {
            crate::events::received(app, notification.payload());
            continue;
        }
        if notification.channel() == crate::tournaments::CHANNEL {
            crate::tournaments::heard(app, notification.payload());
            continue;
        }
        if notification.channel() == crate::review::CHANNEL {
            crate::review::heard(app, notification.payload());
            continue;
        }
        if notification.channel() == crate::chat::CHANNEL {
            crate::chat::received(app, notification.payload());
            continue;
        }
        let Some((id, version)) = notification.payload().split_once(' ') else {
            continue;
        };
        if version == "p" {
            if let Some(room) = app.rooms.loaded(id) {
                let app = Arc::clone(app);
                tokio::spawn(async move { room.refresh_presence(&app).await });
            }
            continue;
        }
        let Ok(version) = version.parse::<i64>() else {
            continue;
        };
        if let Some(room) = app.rooms.loaded(id) {
            let app = Arc::clone(app);
            tokio::spawn(async move {
                if let Err(e) = room.reload(&app, Some(version)).await {
                    tracing::warn!(game = %room.id, error = %e, "reload failed");
                }
            });
        }
    }
}

/// Tells every process sharing the database (this one too) that who is
/// connected to `game` changed: their rooms of the game read the presence
/// again. Nothing with SQLite, whose one process knows.
pub async fn presence_changed(app: &Arc<App>, game: &str) {
    if app.store.backend() != Backend::Postgres {
        return;
    }
    let sent = async {
        let mut conn = app.store.pool().acquire().await?;
        app.store
            .notify(&mut conn, CHANNEL, &format!("{game} p"))
            .await
    };
    if let Err(e) = sent.await {
        tracing::warn!(game = %game, error = %e, "presence not announced");
    }
}
