//! `GET /api/stream/event`: a player's events as NDJSON, as lichess's
//! event stream: on connecting, a `gameStart` for each game being played
//! and a `challenge` for each challenge waiting; then `gameStart` (a table
//! joined, a pairing, a rematch), `yourTurn` (a move made it your turn),
//! `gameFinish`, `challenge`, `challengeDeclined`, `challengeCanceled`,
//! one JSON object a line, and an empty line every 10 s. While it is open
//! the player's seeks stay alive.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::Response;
use futures_util::stream::{BoxStream, SelectAll, StreamExt};
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;
use wari_rules::Side;

use super::error::Error;
use super::extract::{Client, Guest};
use super::json::{self, game_event};
use crate::App;
use crate::game_room::Room;
use crate::listen::stopped;
use crate::referee::{GameState, Status};
use crate::store::Session;

const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// What the stream reads: an event for the player, or a new state of one
/// of their games.
enum Item {
    Event(Arc<Value>),
    State(Arc<GameState>),
}

/// A game the stream follows, and what it has said of it.
struct Followed {
    side: Side,
    /// The ply at which it last said "your turn".
    told_turn: Option<usize>,
    finished: bool,
}

/// `GET /api/stream/event`.
pub async fn stream(
    State(app): State<Arc<App>>,
    Guest(session): Guest,
    Client(client): Client,
) -> Result<Response, Error> {
    let held = (app.limiter.open(&client)?, app.stopping.hold());
    let mut sources: SelectAll<BoxStream<'static, Item>> = SelectAll::new();
    for player in session.holders() {
        sources.push(events_of(app.events.subscribe(player)));
    }
    let mut reader = Reader {
        queue: VecDeque::new(),
        sources,
        followed: HashMap::new(),
        stopping: app.stopping.signal(),
        app: Arc::clone(&app),
        session,
        _held: held,
    };
    reader.start().await?;
    let lines = futures_util::stream::unfold(reader, |mut r| async move {
        let line = r.next_line().await?;
        Some((Ok::<_, std::io::Error>(line), r))
    });
    Ok(super::stream::ndjson(lines))
}

fn events_of(rx: tokio::sync::broadcast::Receiver<Arc<Value>>) -> BoxStream<'static, Item> {
    Box::pin(futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(event) => return Some((Item::Event(event), rx)),
                // Events are few: a reader this slow has lost some.
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return None,
            }
        }
    }))
}

fn states_of(room: Arc<Room>) -> BoxStream<'static, Item> {
    let rx = room.subscribe();
    Box::pin(futures_util::stream::unfold(
        (room, rx),
        |(room, mut rx)| async move {
            let state = match rx.recv().await {
                Ok(state) => state,
                // A slow reader skips to the latest state.
                Err(RecvError::Lagged(_)) => room.snapshot(),
                Err(RecvError::Closed) => return None,
            };
            Some((Item::State(state), (room, rx)))
        },
    ))
}

/// What a stream holds while it is read.
struct Reader {
    queue: VecDeque<String>,
    sources: SelectAll<BoxStream<'static, Item>>,
    followed: HashMap<String, Followed>,
    stopping: tokio::sync::watch::Receiver<bool>,
    app: Arc<App>,
    session: Session,
    _held: (crate::limits::ConnectionGuard, crate::listen::Hold),
}

impl Reader {
    /// The games being played and the challenges waiting, as events.
    async fn start(&mut self) -> Result<(), Error> {
        self.app
            .store
            .seen_seeking(self.session.player(), self.app.now_ms())
            .await?;
        let mut games = Vec::new();
        for player in self.session.holders() {
            games.extend(self.app.store.playing_games_of(player).await?);
        }
        for id in games {
            let room = self.app.rooms.get(&self.app, &id).await?;
            self.follow(room, None);
        }
        if let Some(account) = &self.session.account_id {
            for table in self.app.store.challenges_for(account).await? {
                let mut event = json::challenge_event("challenge", &table);
                let creator = self.app.store.account(&table.creator_session).await?;
                event["challenge"]["creator"]["bot"] = json!(creator.is_some_and(|a| a.bot));
                self.push(&event);
            }
        }
        Ok(())
    }

    fn push(&mut self, value: &Value) {
        let mut text = value.to_string();
        text.push('\n');
        self.queue.push_back(text);
    }

    /// Follows game `room` (once), telling `gameStart` now: `live`, the
    /// event as it was announced, or one made from the room's state (on
    /// connecting). A live event names the player's side and is told as
    /// it is: on another process the announcement may overtake the state
    /// that seats the player, and the room's snapshot may not show the
    /// seat yet (PostgreSQL, several processes).
    fn follow(&mut self, room: Arc<Room>, live: Option<&Value>) {
        if self.followed.contains_key(&room.id) {
            return;
        }
        let state = room.snapshot();
        let named = live.and_then(|e| match e["game"]["you"].as_str() {
            Some("S") => Some(Side::South),
            Some("N") => Some(Side::North),
            _ => None,
        });
        let Some(side) = named.or_else(|| self.session.side_in(&state)) else {
            return;
        };
        let event = match live {
            Some(event) if named.is_some() => event.clone(),
            _ => game_event("gameStart", &state, side, self.app.now_ms()),
        };
        let told_turn = (event["game"]["your_turn"] == true)
            .then(|| event["game"]["moves_count"].as_u64())
            .flatten()
            .and_then(|n| usize::try_from(n).ok());
        self.push(&event);
        self.followed.insert(
            room.id.clone(),
            Followed {
                side,
                told_turn,
                finished: state.status == Status::Finished,
            },
        );
        self.sources.push(states_of(room));
    }

    /// What a new state of a followed game tells the player.
    fn state(&mut self, state: &GameState) {
        let Some(f) = self.followed.get_mut(&state.id) else {
            return;
        };
        if f.finished {
            return;
        }
        let side = f.side;
        if state.status == Status::Finished {
            f.finished = true;
            let mut event = game_event("gameFinish", state, side, self.app.now_ms());
            event["game"]["result"] = json!(state.result_name());
            event["game"]["reason"] = json!(state.reason_name());
            event["game"]["score"] = json!(state.score_text());
            event["game"]["rating_diff"] =
                json!(state.seat(side).and_then(|s| s.rating).and_then(|r| r.diff));
            self.push(&event);
            return;
        }
        let ply = state.game.moves().len();
        if state.status == Status::Playing && state.to_move() == side && f.told_turn != Some(ply) {
            f.told_turn = Some(ply);
            self.push(&game_event("yourTurn", state, side, self.app.now_ms()));
        }
    }

    async fn next_line(&mut self) -> Option<String> {
        loop {
            if let Some(line) = self.queue.pop_front() {
                return Some(line);
            }
            let next = tokio::select! {
                next = tokio::time::timeout(KEEP_ALIVE, self.sources.next()) => next,
                () = stopped(&mut self.stopping) => return None,
            };
            match next {
                Err(_) => {
                    let seen = self
                        .app
                        .store
                        .seen_seeking(self.session.player(), self.app.now_ms());
                    if let Err(e) = seen.await {
                        tracing::warn!(error = %e, "seeks not marked seen");
                    }
                    return Some("\n".to_owned());
                }
                Ok(None) => return None,
                Ok(Some(Item::State(state))) => self.state(&state),
                Ok(Some(Item::Event(event))) => {
                    if event["type"] == "gameStart"
                        && let Some(id) = event["game"]["id"].as_str()
                    {
                        match self.app.rooms.get(&self.app, id).await {
                            Ok(room) => self.follow(room, Some(&event)),
                            Err(e) => tracing::warn!(game = id, error = %e, "cannot follow a game"),
                        }
                    } else {
                        self.push(&event);
                    }
                }
            }
        }
    }
}
