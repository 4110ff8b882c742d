//! Finished games: the archive list and OGN import.

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use wari_rules::Side;
use wari_rules::ogn::Record;

use super::error::Error;
use super::extract::{Client, Query, Text};
use crate::App;
use crate::accounts::name_key;
use crate::ids::game_id;
use crate::referee::{GameState, MoveTime, Seat, SeatKind, Status};
use crate::store::Filter;
use crate::text::text;

/// `GET /api/games`'s query.
#[derive(Debug, Deserialize)]
pub struct ArchiveQuery {
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    limit: Option<u32>,
    #[serde(default)]
    before: Option<String>,
    /// Games of this player (an account's name, or a guest's).
    #[serde(default)]
    player: Option<String>,
    #[serde(flatten)]
    filters: GameFilters,
}

/// The filters of a player's games (archive and profile).
#[derive(Debug, Default, Deserialize)]
pub struct GameFilters {
    /// A rule family: `abapa`, `wari`, `warri`, `kalah`.
    #[serde(default)]
    pub rules: Option<String>,
    /// `win`, `draw`, `loss` (with a player).
    #[serde(default)]
    pub result: Option<String>,
    /// The opponent's name (with a player).
    #[serde(default)]
    pub opponent: Option<String>,
    /// `true` or `false`.
    #[serde(default)]
    pub rated: Option<String>,
}

impl GameFilters {
    /// The store's filter for the games of `account` (or of a guest
    /// named `name`).
    ///
    /// # Errors
    /// A 400 for `rated` other than `true` or `false`.
    pub fn filter(self, account: Option<String>, name: Option<String>) -> Result<Filter, Error> {
        let rated = match self.rated.as_deref() {
            None | Some("") => None,
            Some("true") => Some(true),
            Some("false") => Some(false),
            Some(other) => {
                return Err(Error::bad(text!(
                    "err-bad-rated-filter",
                    other = format!("{:?}", other)
                )));
            }
        };
        Ok(Filter {
            account,
            name,
            family: self.rules.filter(|r| !r.is_empty()),
            result: self.result.filter(|r| !r.is_empty()),
            opponent: self.opponent.filter(|o| !o.is_empty()),
            rated,
        })
    }
}

/// `GET /api/games?status=finished&limit=50&before=ID`: finished games,
/// newest first (`status=playing`: games being played).
pub async fn list(
    State(app): State<Arc<App>>,
    Query(q): Query<ArchiveQuery>,
) -> Result<axum::Json<Value>, Error> {
    let limit = i64::from(q.limit.unwrap_or(50).clamp(1, 200));
    let (account, name) = match q.player.as_deref().map(str::trim) {
        None | Some("") => (None, None),
        Some(name) => match app.store.account_by_key(&name_key(name)).await? {
            Some(a) if a.deleted_at.is_none() => (Some(a.id), None),
            _ => (None, Some(name.to_owned())),
        },
    };
    let filter = q.filters.filter(account, name)?;
    let games = match q.status.as_deref().unwrap_or("finished") {
        "finished" => {
            app.store
                .finished(&filter, q.before.as_deref(), limit)
                .await?
        }
        "playing" => app.store.playing(limit).await?,
        other => {
            return Err(Error::bad(text!(
                "err-bad-status-filter",
                other = format!("{:?}", other)
            )));
        }
    };
    Ok(axum::Json(json!({ "games": games })))
}

/// `POST /api/archive` with an OGN body: stores the finished game.
pub async fn import(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Text(text): Text,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    let record = Record::read(&text).map_err(Error::bad)?;
    if !record.game.is_over() {
        return Err(Error::bad(text!("err-record-unfinished")));
    }
    let now = app.now_ms();
    let mut state = GameState::new(game_id(), record.game.clone(), None, now);
    state.source = "import".to_owned();
    state.status = Status::Finished;
    state.started_at = Some(now);
    state.finished_at = Some(now);
    state.times = vec![
        MoveTime {
            left_ms: None,
            at_ms: now
        };
        record.game.moves().len()
    ];
    for (tag, side) in [("South", Side::South), ("North", Side::North)] {
        let name = record.tag(tag).unwrap_or("?");
        state.seats[side.index()] = Some(Seat {
            name: name.chars().take(64).collect(),
            kind: SeatKind::Human(None),
            account: None,
            rating: None,
            bot: false,
        });
    }
    let tags = serde_json::to_string(&record.tags).map_err(|e| Error::Internal(e.to_string()))?;
    let mut tx = app.store.pool().begin().await?;
    app.store
        .insert_game(&mut tx, &state, Some(&tags), app.now_ms())
        .await?;
    tx.commit().await?;
    Ok(axum::Json(json!({ "game_id": state.id })))
}
