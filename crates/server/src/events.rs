//! A player's events (a game started, a challenge, a challenge declined),
//! delivered to the player's event streams (`GET /api/stream/event`)
//! wherever they are open. With PostgreSQL an event is a
//! `NOTIFY wari_events` sent in the transaction that made it, so it
//! reaches every process (and only if the change commits); with SQLite,
//! one process, it is handed over after the commit. The turns and ends of
//! the player's games are read by the stream from the games themselves.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::broadcast;

use crate::App;
use crate::api::error::Error;
use crate::lock::lock;
use crate::store::Backend;

/// The PostgreSQL channel events travel on: `PLAYER\nJSON`.
pub const CHANNEL: &str = "wari_events";

/// Broadcasts by key to the listeners open in this process: the event
/// streams by player, the chats by game.
#[derive(Debug)]
pub struct Hub<T> {
    senders: Mutex<HashMap<String, broadcast::Sender<T>>>,
}

impl<T> Default for Hub<T> {
    fn default() -> Hub<T> {
        Hub {
            senders: Mutex::new(HashMap::new()),
        }
    }
}

impl<T: Clone> Hub<T> {
    /// A receiver of what is delivered for `key` from now on.
    pub fn subscribe(&self, key: &str) -> broadcast::Receiver<T> {
        lock(&self.senders)
            .entry(key.to_owned())
            .or_insert_with(|| broadcast::channel(32).0)
            .subscribe()
    }

    /// Hands `item` to the listeners of `key` open here.
    pub fn deliver(&self, key: &str, item: T) {
        if let Some(sender) = lock(&self.senders).get(key) {
            let _ = sender.send(item);
        }
    }

    /// Forgets keys nobody listens to.
    pub fn sweep(&self) {
        lock(&self.senders).retain(|_, s| s.receiver_count() > 0);
    }
}

/// The event streams open in this process, by player.
pub type Events = Hub<Arc<Value>>;

/// Events made in a transaction, sent when it commits.
#[derive(Debug, Default)]
pub struct Outbox {
    items: Vec<(String, Arc<Value>)>,
}

impl Outbox {
    /// `event` for `player`.
    pub fn push(&mut self, player: &str, event: Value) {
        self.items.push((player.to_owned(), Arc::new(event)));
    }

    /// Announces the events in the transaction `tx` (PostgreSQL).
    ///
    /// # Errors
    /// A database error.
    pub async fn notify(&self, app: &Arc<App>, tx: &mut sqlx::AnyConnection) -> Result<(), Error> {
        if app.store.backend() != Backend::Postgres {
            return Ok(());
        }
        for (player, event) in &self.items {
            app.store
                .notify(tx, CHANNEL, &format!("{player}\n{event}"))
                .await?;
        }
        Ok(())
    }

    /// After the commit: hands the events to the streams of this process
    /// (SQLite; with PostgreSQL the listener does, for every process).
    pub fn deliver(self, app: &Arc<App>) {
        if app.store.backend() == Backend::Postgres {
            return;
        }
        for (player, event) in self.items {
            app.events.deliver(&player, event);
        }
    }
}

/// Delivers a `NOTIFY wari_events` payload to the streams of this process.
pub fn received(app: &Arc<App>, payload: &str) {
    if let Some((player, json)) = payload.split_once('\n')
        && let Ok(event) = serde_json::from_str::<Value>(json)
    {
        app.events.deliver(player, Arc::new(event));
    }
}
