//! Tournaments over HTTP (docs/API.md, "Tournaments"): the list, create,
//! a tournament (TOURNAMENT) and its live standings as NDJSON, join,
//! withdraw, and the creator's start now and end now.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use wari_rules::{Rules, TimeControl};

use super::Shared;
use super::board::Board;
use super::standings::{Standing, standings};
use super::store::{PlayerRow, TournamentRow};
use crate::api::error::Error;
use crate::api::extract::{Acting, Client, Guest, Json, MaybeGuest, NoFields, count_acting};
use crate::clock::Clock;
use crate::ids::game_id;
use crate::listen::stopped;
use crate::ratings::{self, Pool};
use crate::store::Session;
use crate::text::{Text, text};

/// How long a standings stream stays quiet before an empty line. It
/// reads the tournament again only when told of a change: this process's
/// own, or another's announced by NOTIFY (`announce.rs`).
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Finished tournaments listed.
const FINISHED_LISTED: i64 = 20;

/// `POST /api/tournaments`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default = "abapa")]
    rules: String,
    time_control: String,
    #[serde(default)]
    minutes: Option<i64>,
    #[serde(default = "arena")]
    kind: String,
    #[serde(default)]
    rounds: Option<i64>,
    #[serde(default = "yes")]
    rated: bool,
    #[serde(default)]
    starts_in_s: i64,
    #[serde(default)]
    min_rating: Option<i64>,
    #[serde(default)]
    min_games: Option<i64>,
    #[serde(default)]
    bots_allowed: bool,
}

fn arena() -> String {
    "arena".to_owned()
}

fn abapa() -> String {
    "abapa".to_owned()
}

fn yes() -> bool {
    true
}

fn account_of(session: &Session) -> Result<&str, Error> {
    session
        .account_id
        .as_deref()
        .ok_or_else(|| Error::forbidden(text!("err-tournament-needs-account")))
}

fn pool_of(t: &TournamentRow) -> Option<Pool> {
    let rules: Rules = t.rules.parse().ok()?;
    Pool::of(
        &rules,
        Some(&Clock::new(t.clock_initial_ms, t.clock_increment_ms)),
    )
}

/// `GET /api/tournaments`: upcoming (soonest first), running, and the
/// last finished (latest first), as TOURNAMENT_SUMMARY lines.
pub async fn list(State(app): State<Shared>) -> Result<axum::Json<Value>, Error> {
    let summaries = |rows: Vec<TournamentRow>| rows.iter().map(summary).collect::<Vec<_>>();
    Ok(axum::Json(json!({
        "upcoming": summaries(app.store.tournaments("created", false, 100).await?),
        "running": summaries(app.store.tournaments("started", false, 100).await?),
        "finished": summaries(app.store.tournaments("finished", true, FINISHED_LISTED).await?),
    })))
}

/// `POST /api/tournaments`: a signed-in player makes an arena; →
/// TOURNAMENT.
pub async fn create(
    State(app): State<Shared>,
    Acting(session): Acting,
    Json(body): Json<CreateBody>,
) -> Result<axum::Json<Value>, Error> {
    let account = account_of(&session)?.to_owned();
    let rules: Rules = body.rules.parse().map_err(Error::bad)?;
    let tc: TimeControl = body.time_control.parse().map_err(|e| {
        Error::bad(text!(
            "err-bad-time-control",
            time_control = format!("{:?}", body.time_control),
            e = Text::from(e)
        ))
    })?;
    let initial_ms = i64::try_from(tc.base().as_millis()).unwrap_or(i64::MAX);
    let increment_ms = i64::try_from(tc.increment().as_millis()).unwrap_or(i64::MAX);
    if !(15_000..=3_600_000).contains(&initial_ms) || increment_ms > 60_000 {
        return Err(Error::bad(text!("err-tournament-time-control")));
    }
    // An arena lasts `minutes`; a Swiss event lasts its `rounds` (a week
    // at most).
    let (minutes, rounds) = match body.kind.as_str() {
        "arena" => match body.minutes {
            Some(m) if (1..=720).contains(&m) => (m, None),
            _ => return Err(Error::bad(text!("err-tournament-minutes"))),
        },
        "swiss" => match body.rounds {
            Some(r) if (1..=20).contains(&r) => (7 * 24 * 60, Some(r)),
            _ => return Err(Error::bad(text!("err-tournament-rounds"))),
        },
        other => {
            return Err(Error::bad(text!(
                "err-tournament-kind",
                other = format!("{:?}", other)
            )));
        }
    };
    if !(0..=7 * 24 * 3600).contains(&body.starts_in_s) {
        return Err(Error::bad(text!("err-tournament-starts")));
    }
    let name = body
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map_or_else(
            || format!("{} {} arena", rules.variant().name(), tc),
            str::to_owned,
        );
    if name.chars().count() > 60 || name.chars().any(char::is_control) {
        return Err(Error::bad(text!("err-tournament-name")));
    }
    let now = app.now_ms();
    let starts_at = now + body.starts_in_s * 1000;
    let t = TournamentRow {
        id: game_id(),
        kind: body.kind.clone(),
        name,
        rules: rules.to_string(),
        clock_initial_ms: initial_ms,
        clock_increment_ms: increment_ms,
        minutes,
        rated: body.rated,
        min_rating: body.min_rating,
        min_games: body.min_games,
        bots_allowed: body.bots_allowed,
        created_by: Some(account),
        creator_name: Some(session.name.clone()),
        schedule_key: None,
        status: "created".to_owned(),
        starts_at,
        ends_at: starts_at + minutes * 60_000,
        created_at: now,
        rounds,
    };
    if (t.min_rating.is_some() || t.min_games.is_some()) && pool_of(&t).is_none() {
        return Err(Error::bad(text!("err-tournament-entry-needs-pool")));
    }
    if t.min_games.is_some_and(|g| g < 0) {
        return Err(Error::bad(text!("err-tournament-min-games")));
    }
    app.store.insert_tournament(&t).await?;
    app.tournaments.changed();
    app.tournaments.wake();
    Ok(axum::Json(view(&app, &t, Some(&session)).await?))
}

/// The 404 for a tournament `id` there is not.
fn no_tournament(id: &str) -> Error {
    Error::not_found(text!("err-no-tournament", id = id))
}

/// The tournament `id` (404 for none).
async fn found(app: &Shared, id: &str) -> Result<TournamentRow, Error> {
    app.store
        .tournament(id)
        .await?
        .ok_or_else(|| no_tournament(id))
}

/// The tournament `id`, locked in `tx` until it commits (404 for none).
async fn locked(
    app: &Shared,
    tx: &mut sqlx::AnyConnection,
    id: &str,
) -> Result<TournamentRow, Error> {
    app.store
        .lock_tournament(tx, id)
        .await?
        .ok_or_else(|| no_tournament(id))
}

/// `GET /api/tournaments/{id}`: TOURNAMENT.
pub async fn get(
    State(app): State<Shared>,
    Path(id): Path<String>,
    MaybeGuest(viewer): MaybeGuest,
) -> Result<axum::Json<Value>, Error> {
    let t = found(&app, &id).await?;
    Ok(axum::Json(view(&app, &t, viewer.as_ref()).await?))
}

/// `POST /api/tournaments/{id}/join`: joins (or comes back after a
/// withdrawal or pause); the director pairs the player at once when
/// someone waits. → TOURNAMENT.
pub async fn join(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Acting(session): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    let account = account_of(&session)?.to_owned();
    let mut tx = app.store.pool().begin().await?;
    let t = locked(&app, &mut tx, &id).await?;
    if t.status == "finished" {
        return Err(Error::conflict(text!("err-tournament-over")));
    }
    if session.bot && !t.bots_allowed {
        return Err(Error::forbidden(text!("err-tournament-no-bots")));
    }
    if t.kind == "swiss" {
        let players = app.store.tournament_players(&mut tx, &t.id).await?;
        let known = players.iter().any(|p| p.account_id == account);
        if !known && players.len() >= wari_swiss::MAX_ENTRANTS {
            return Err(Error::conflict(text!(
                "err-tournament-full",
                max_entrants = wari_swiss::MAX_ENTRANTS
            )));
        }
    }
    // A bot's requirements are in the bots' list, where its games count.
    let stored = match pool_of(&t).map(|p| p.for_bots(session.bot)) {
        Some(pool) => {
            app.store
                .rating(&mut tx, &account, &pool.to_string())
                .await?
        }
        None => None,
    };
    let rating = stored.as_ref().map_or(ratings::START, |s| s.rating);
    if let Some(min) = t.min_rating
        && (rating.rating.round() as i64) < min
    {
        return Err(Error::forbidden(text!(
            "err-tournament-rating-too-low",
            min = min,
            round = rating.rating.round()
        )));
    }
    if let Some(min) = t.min_games {
        let games = stored.as_ref().map_or(0, |s| s.games);
        if games < min {
            return Err(Error::forbidden(text!(
                "err-tournament-too-few-games",
                min = min,
                games = games
            )));
        }
    }
    let player = PlayerRow {
        account_id: account,
        name: session.name.clone(),
        rating: rating.rating.round() as i64,
        active: true,
        joined_at: app.now_ms(),
        bot: session.bot,
    };
    app.store.join_tournament(&mut tx, &t.id, &player).await?;
    tx.commit().await?;
    app.tournaments.changed();
    app.tournaments.wake();
    Ok(axum::Json(view(&app, &t, Some(&session)).await?))
}

/// `POST /api/tournaments/{id}/withdraw`: the player is paired no more
/// (the game being played goes on; the points stay). → TOURNAMENT.
pub async fn withdraw(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Acting(session): Acting,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    let account = account_of(&session)?.to_owned();
    let t = found(&app, &id).await?;
    let mut conn = app.store.pool().acquire().await?;
    if !app
        .store
        .leave_tournament(&mut conn, &t.id, &account)
        .await?
    {
        return Err(Error::conflict(text!("err-tournament-not-joined")));
    }
    drop(conn);
    app.tournaments.changed();
    Ok(axum::Json(view(&app, &t, Some(&session)).await?))
}

/// `POST /api/tournaments/{id}/start`: its creator starts it now.
pub async fn start(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Guest(session): Guest,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    reschedule(&app, &id, &session, "created", |t, now| {
        (now, now + t.minutes * 60_000)
    })
    .await
}

/// `POST /api/tournaments/{id}/finish`: its creator ends it now (games
/// being played do not count).
pub async fn finish(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Guest(session): Guest,
    Json(NoFields {}): Json<NoFields>,
) -> Result<axum::Json<Value>, Error> {
    reschedule(&app, &id, &session, "started", |t, now| (t.starts_at, now)).await
}

/// Moves the start and end of the creator's tournament `id`, which must
/// be `status`, and lets the director act on it at once.
async fn reschedule(
    app: &Shared,
    id: &str,
    session: &Session,
    status: &str,
    times: impl FnOnce(&TournamentRow, i64) -> (i64, i64),
) -> Result<axum::Json<Value>, Error> {
    count_acting(app, session)?;
    let account = account_of(session)?;
    let mut tx = app.store.pool().begin().await?;
    let t = locked(app, &mut tx, id).await?;
    if t.created_by.as_deref() != Some(account) {
        return Err(Error::forbidden(text!("err-tournament-not-creator")));
    }
    if t.status != status {
        return Err(Error::conflict(match status {
            "created" => text!("err-tournament-started-already"),
            _ => text!("err-tournament-not-running"),
        }));
    }
    let (starts_at, ends_at) = times(&t, app.now_ms());
    app.store
        .set_tournament_status(&mut tx, &t.id, &t.status, starts_at, ends_at)
        .await?;
    tx.commit().await?;
    super::director::direct(app, &t.id).await?;
    let t = found(app, id).await?;
    Ok(axum::Json(view(app, &t, Some(session)).await?))
}

/// `GET /api/tournaments/{id}/stream`: TOURNAMENT as NDJSON, now and
/// after every change (standings, status), an empty line every 15 s at
/// least.
pub async fn stream(
    State(app): State<Shared>,
    Path(id): Path<String>,
    MaybeGuest(viewer): MaybeGuest,
    Client(client): Client,
) -> Result<Response, Error> {
    let t = found(&app, &id).await?;
    let held = (app.limiter.open(&client)?, app.stopping.hold());
    let reader = Reader {
        app: Arc::clone(&app),
        id: t.id,
        viewer,
        changes: app.tournaments.subscribe(),
        stopping: app.stopping.signal(),
        last: String::new(),
        _held: held,
    };
    let lines = futures_util::stream::unfold(reader, |mut r| async move {
        let line = r.next_line().await?;
        Some((Ok::<_, std::io::Error>(line), r))
    });
    Ok(crate::api::stream::ndjson(lines))
}

struct Reader {
    app: Shared,
    id: String,
    viewer: Option<Session>,
    changes: tokio::sync::watch::Receiver<u64>,
    stopping: tokio::sync::watch::Receiver<bool>,
    last: String,
    _held: (crate::limits::ConnectionGuard, crate::listen::Hold),
}

impl Reader {
    /// The tournament when it differs from what was sent (read again at
    /// each change); an empty line after 15 s of nothing new; `None` when
    /// the server stops.
    async fn next_line(&mut self) -> Option<String> {
        loop {
            if !self.last.is_empty() {
                tokio::select! {
                    told = tokio::time::timeout(KEEP_ALIVE, self.changes.changed()) => {
                        if told.is_err() {
                            return Some("\n".to_owned());
                        }
                    }
                    () = stopped(&mut self.stopping) => return None,
                }
            }
            let t = match self.app.store.tournament(&self.id).await {
                Ok(Some(t)) => t,
                _ => return None,
            };
            let text = match view(&self.app, &t, self.viewer.as_ref()).await {
                Ok(v) => v.to_string(),
                Err(e) => {
                    tracing::warn!(tournament = %self.id, error = %e, "standings not read");
                    continue;
                }
            };
            if text != self.last {
                self.last = text.clone();
                return Some(text + "\n");
            }
        }
    }
}

/// TOURNAMENT_SUMMARY.
fn summary(t: &TournamentRow) -> Value {
    json!({
        "id": t.id,
        "kind": t.kind,
        "name": t.name,
        "rules": t.rules,
        "time_control": time_control(t),
        "clock": { "initial_ms": t.clock_initial_ms, "increment_ms": t.clock_increment_ms },
        "minutes": t.minutes,
        "rated": t.rated,
        "status": t.status,
        "starts_at": t.starts_at,
        "ends_at": t.ends_at,
        "min_rating": t.min_rating,
        "min_games": t.min_games,
        "bots_allowed": t.bots_allowed,
        "created_by": t.creator_name,
        "scheduled": t.schedule_key.is_some(),
        "rounds": t.rounds,
    })
}

fn time_control(t: &TournamentRow) -> String {
    let minutes = t.clock_initial_ms as f64 / 60_000.0;
    let seconds = t.clock_increment_ms as f64 / 1000.0;
    format!("{minutes}+{seconds}")
}

fn standing(s: &Standing) -> Value {
    json!({
        "rank": s.rank,
        "name": s.name,
        "rating": s.rating,
        "bot": s.bot,
        "score": s.sheet.total,
        "sheet": s.sheet.points,
        "fire": s.sheet.on_fire,
        "games": s.sheet.points.len(),
        "wins": s.wins,
        "draws": s.draws,
        "losses": s.losses,
        "berserks": s.berserks,
        "performance": s.performance,
        "active": s.active,
        "playing": s.playing,
    })
}

/// TOURNAMENT: the summary, the standings, the podium once finished, and
/// the viewer's place (`you`: joined, active, the game to play). The
/// standings are read once a change for every viewer (`board.rs`).
async fn view(app: &Shared, t: &TournamentRow, viewer: Option<&Session>) -> Result<Value, Error> {
    let count = app.tournaments.count();
    let board = app
        .tournaments
        .boards
        .get(&t.id, count, || board(app, &t.id))
        .await?;
    let mut v = summary(t);
    for (field, value) in &board.fields {
        v[field] = value.clone();
    }
    v["now"] = json!(app.now_ms());
    v["podium"] = match &board.fields["standings"] {
        Value::Array(lines) if t.status == "finished" => lines.iter().take(3).cloned().collect(),
        _ => json!([]),
    };
    let account = viewer.and_then(|s| s.account_id.as_deref());
    v["you"] = account
        .and_then(|a| board.places.get(a))
        .cloned()
        .unwrap_or(Value::Null);
    v["creator"] = json!(account.is_some_and(|a| t.created_by.as_deref() == Some(a)));
    Ok(v)
}

/// The standings of tournament `id` as the database has them now (the
/// tournament read again, so its end is the one of this change).
async fn board(app: &Shared, id: &str) -> Result<Board, Error> {
    let t = app
        .store
        .tournament(id)
        .await?
        .ok_or_else(|| no_tournament(id))?;
    let mut conn = app.store.pool().acquire().await?;
    let players = app.store.tournament_players(&mut conn, id).await?;
    let games = app.store.tournament_games(&mut conn, id).await?;
    drop(conn);
    let mut board = if t.kind == "swiss" {
        swiss_board(&players, &games)
    } else {
        let lines = standings(&players, &games, t.ends_at);
        Board {
            fields: Map::from_iter([(
                "standings".to_owned(),
                lines.iter().map(standing).collect(),
            )]),
            places: lines
                .iter()
                .map(|l| {
                    (
                        l.account_id.clone(),
                        place(json!(l.rank), l.active, l.playing.as_deref()),
                    )
                })
                .collect(),
        }
    };
    board
        .fields
        .insert("players".to_owned(), json!(players.len()));
    let played = games.iter().filter(|g| g.status == "finished").count();
    board
        .fields
        .insert("games_played".to_owned(), json!(played));
    Ok(board)
}

/// `you`: a player's rank, whether they are in, and the game to play.
fn place(rank: Value, active: bool, game: Option<&str>) -> Value {
    json!({ "rank": rank, "active": active, "game": game })
}

/// The board of a Swiss event: the standings with their tie-breaks, the
/// round and every round's pairings.
fn swiss_board(players: &[PlayerRow], games: &[super::store::GameRow]) -> Board {
    let lines = super::swiss::lines(players, games);
    let name = |account: &str| {
        players
            .iter()
            .find(|p| p.account_id == account)
            .map(|p| p.name.clone())
    };
    let line = |l: &super::swiss::SwissLine| {
        json!({
            "rank": l.rank,
            "name": l.player.name,
            "rating": l.player.rating,
            "bot": l.player.bot,
            "score": l.points,
            "buchholz_cut1": l.tie_breaks[0],
            "buchholz": l.tie_breaks[1],
            "sonneborn_berger": l.tie_breaks[2],
            "wins": l.wins,
            "active": l.player.active,
            "playing": l.playing,
        })
    };
    let pairings = games
        .iter()
        .map(|g| {
            json!({
                "round": g.round,
                "game": (g.status != "bye").then_some(&g.game_id),
                "south": name(&g.players[0]),
                "north": name(&g.players[1]),
                "result": g.winner,
                "forfeit": g.no_show,
                "bye": g.status == "bye",
            })
        })
        .collect();
    Board {
        fields: Map::from_iter([
            (
                "round".to_owned(),
                json!(super::swiss::rounds_paired(games)),
            ),
            ("standings".to_owned(), lines.iter().map(line).collect()),
            ("pairings".to_owned(), pairings),
        ]),
        places: lines
            .iter()
            .map(|l| {
                let you = place(json!(l.rank), l.player.active, l.playing.as_deref());
                (l.player.account_id.clone(), you)
            })
            .collect(),
    }
}
