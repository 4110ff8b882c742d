//! The rooms this process holds, by game id: loaded on first use, let go
//! when nobody watches the game and the computer is not searching in it
//! (the database keeps the game; its clock's flag falls without a room,
//! `lease.rs`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::App;
use crate::api::error::Error;
use crate::game_room::Room;
use crate::lock::lock;
use crate::referee::GameState;
use crate::store::Backend;
use crate::text::text;

/// Every room of this process.
#[derive(Debug, Default)]
pub struct Rooms {
    map: Mutex<HashMap<String, Arc<Room>>>,
}

impl Rooms {
    /// The room of game `id`, loading it from the database if needed.
    ///
    /// # Errors
    /// A 404 for an unknown game, or a database error.
    pub async fn get(&self, app: &Arc<App>, id: &str) -> Result<Arc<Room>, Error> {
        if let Some(room) = self.loaded(id) {
            return Ok(room);
        }
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(Error::not_found(text!("err-no-game", id = id)));
        }
        let mut conn = app.store.pool().acquire().await?;
        let state = app
            .store
            .load_game(&mut conn, id)
            .await?
            .ok_or_else(|| Error::not_found(text!("err-no-game", id = id)))?;
        drop(conn);
        let pending = state.computer_to_move().is_some() || state.cycle_offer_to_computer();
        let flag_due = state.time_is_up(app.now_ms());
        let room = self.insert(app, state);
        // Another process may have stored a newer version between the read
        // and the insert, its announcement finding no room here (it is
        // dropped): read again now that announcements reach the room.
        if app.store.backend() == Backend::Postgres {
            room.reload(app, None).await?;
        }
        // A flag that fell while nobody held the game falls now, before
        // anyone sees it running (the sweep in lease.rs may be a second
        // away).
        if flag_due
            && let Err(e) = room.act(app, crate::referee::Action::Flag).await
            && !matches!(e, Error::Conflict(_))
        {
            return Err(e);
        }
        // The computer's turn is searched by the process that has it; one
        // that nobody has (stored before turns were) is taken here.
        if pending
            && app
                .store
                .adopt_turn(id, &app.process.id, app.now_ms())
                .await?
        {
            room.follow_up(app, &room.snapshot());
        }
        Ok(room)
    }

    /// The room of game `id` if this process holds it.
    #[must_use]
    pub fn loaded(&self, id: &str) -> Option<Arc<Room>> {
        lock(&self.map).get(id).cloned()
    }

    /// Holds a room for `state` (a game just created or loaded); if one
    /// was opened meanwhile, that one.
    pub fn insert(&self, app: &Arc<App>, state: GameState) -> Arc<Room> {
        let mut map = lock(&self.map);
        if let Some(room) = map.get(&state.id) {
            return Arc::clone(room);
        }
        let room = Room::open(app, state);
        map.insert(room.id.clone(), Arc::clone(&room));
        room
    }

    /// Lets go of the room of game `id` (a game deleted).
    pub fn remove(&self, id: &str) {
        if let Ok(mut map) = self.map.lock() {
            map.remove(id);
        }
    }

    /// Every room held.
    #[must_use]
    pub fn all(&self) -> Vec<Arc<Room>> {
        lock(&self.map).values().cloned().collect()
    }

    /// Lets go of rooms nobody listens to where the computer is not
    /// searching (they are reloaded from the database when asked for
    /// again).
    pub fn sweep(&self) {
        lock(&self.map).retain(|_, room| room.listeners() > 0 || room.is_searching());
    }
}
