//! Lists of games: the lobby's games being played, the archive of
//! finished games (all, or a player's, with filters), a player's games in
//! progress, and a player's results. Each line is a GAME_SUMMARY.

use serde::Serialize;
use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;
use wari_engine::Level;
use wari_rules::{Rules, Side};

use super::Store;
use super::games::{COLUMNS, clock_of, kind_name, seat_of};
use crate::api::error::Error;
use crate::api::json::time_control;
use crate::ratings::Pool;
use crate::text::{Text, text};

/// One seat of a [`GameSummary`].
#[derive(Clone, Debug, Serialize)]
pub struct PlayerSummary {
    /// Shown name.
    pub name: String,
    /// `human` or `computer`.
    pub kind: &'static str,
    /// The computer's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// A signed-in player's (their profile is `/player/NAME`).
    pub account: bool,
    /// A bot's.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    /// The rating when the game began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    /// Its change, once a rated game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_diff: Option<i32>,
}

/// Both seats, by side letter.
#[derive(Clone, Debug, Serialize)]
pub struct PlayersSummary {
    /// South.
    #[serde(rename = "S")]
    pub south: Option<PlayerSummary>,
    /// North.
    #[serde(rename = "N")]
    pub north: Option<PlayerSummary>,
}

/// A line of the lobby's games being played or of the archive.
#[derive(Clone, Debug, Serialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The rules string.
    pub rules: String,
    /// `waiting`, `playing` or `finished`.
    pub status: String,
    /// The seats.
    pub players: PlayersSummary,
    /// `S`, `N`, `draw`, or null while playing.
    pub result: Option<String>,
    /// RULES.md §1's name of the end, or null.
    pub reason: Option<String>,
    /// Final counts, `25-20`, or null.
    pub score: Option<String>,
    /// Moves played.
    pub moves_count: i64,
    /// When it started (ms since the epoch).
    pub started_at: Option<i64>,
    /// When it ended (ms since the epoch).
    pub finished_at: Option<i64>,
    /// Rated.
    pub rated: bool,
    /// Its rating pool, if it has one.
    pub pool: Option<String>,
    /// The time control (`{"initial_s", "increment_s"}` or `{"days"}`).
    pub clock: Value,
    /// When the side to move runs out of time, while playing.
    pub deadline: Option<i64>,
}

/// What a list of finished games keeps.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Games at which this account sat.
    pub account: Option<String>,
    /// Games at which a player of this name sat (a guest's, an import's),
    /// ignoring case.
    pub name: Option<String>,
    /// The rule family (`abapa`; its variants too).
    pub family: Option<String>,
    /// `win`, `draw` or `loss`, from the account's side.
    pub result: Option<String>,
    /// The opponent's name, ignoring case.
    pub opponent: Option<String>,
    /// Rated or casual only.
    pub rated: Option<bool>,
}

/// A value bound to a numbered placeholder.
enum Bind {
    Int(i64),
    Text(String),
}

/// A WHERE clause built one condition at a time, with its binds in order.
#[derive(Default)]
struct Conditions {
    sql: Vec<String>,
    binds: Vec<Bind>,
}

impl Conditions {
    /// The next placeholder for `value`.
    fn text(&mut self, value: &str) -> String {
        self.binds.push(Bind::Text(value.to_owned()));
        format!("${}", self.binds.len())
    }

    fn int(&mut self, value: i64) -> String {
        self.binds.push(Bind::Int(value));
        format!("${}", self.binds.len())
    }

    fn and(&mut self, condition: String) {
        self.sql.push(condition);
    }

    fn query(self, sql: &str) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
        let mut query = sqlx::query(sql);
        for bind in self.binds {
            query = match bind {
                Bind::Int(v) => query.bind(v),
                Bind::Text(v) => query.bind(v),
            };
        }
        query
    }
}

impl Filter {
    /// The conditions of this filter (after `status = 'finished'`).
    fn conditions(&self, c: &mut Conditions) -> Result<(), Error> {
        if let Some(account) = &self.account {
            let (s, n) = (c.text(account), c.text(account));
            c.and(format!("(south_account = {s} OR north_account = {n})"));
        }
        if let Some(name) = &self.name {
            let (s, n) = (c.text(name), c.text(name));
            c.and(format!(
                "(LOWER(south_name) = LOWER({s}) OR LOWER(north_name) = LOWER({n}))"
            ));
        }
        if let Some(family) = &self.family {
            let variant: Rules = family
                .parse()
                .map_err(|e| Error::bad(text!("err-bad-rules", e = Text::from(e))))?;
            let name = variant.variant().name();
            let (exact, like) = (c.text(name), c.text(&format!("{name},%")));
            c.and(format!("(rules = {exact} OR rules LIKE {like})"));
        }
        if let Some(rated) = self.rated {
            let r = c.int(i64::from(rated));
            c.and(format!("rated = {r}"));
        }
        if let Some(opponent) = &self.opponent {
            let me = self
                .account
                .as_deref()
                .ok_or_else(|| Error::bad(text!("err-archive-opponent-needs-player")))?;
            let (a, o, b, p) = (c.text(me), c.text(opponent), c.text(me), c.text(opponent));
            c.and(format!(
                "((south_account = {a} AND LOWER(north_name) = LOWER({o})) \
                 OR (north_account = {b} AND LOWER(south_name) = LOWER({p})))"
            ));
        }
        if let Some(result) = &self.result {
            let me = self
                .account
                .as_deref()
                .ok_or_else(|| Error::bad(text!("err-archive-result-needs-player")))?;
            let won = |c: &mut Conditions, mine: &str, theirs: &str| {
                let (a, b) = (c.text(me), c.text(me));
                format!(
                    "((south_account = {a} AND result = '{mine}') OR (north_account = {b} AND result = '{theirs}'))"
                )
            };
            let condition = match result.as_str() {
                "win" => won(c, "S", "N"),
                "loss" => won(c, "N", "S"),
                "draw" => "result = 'draw'".to_owned(),
                other => {
                    return Err(Error::bad(text!(
                        "err-archive-bad-result",
                        other = format!("{:?}", other)
                    )));
                }
            };
            c.and(condition);
        }
        Ok(())
    }
}

impl Store {
    /// Games being played (not adjourned), newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn playing(&self, limit: i64) -> Result<Vec<GameSummary>, Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM games WHERE status = 'playing' AND adjourned_at IS NULL \
             ORDER BY started_at DESC, id DESC LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(summary_of).collect()
    }

    /// Finished games that pass `filter`, newest first, after the game
    /// `before` in that order when given.
    ///
    /// # Errors
    /// A bad filter (400), an unknown `before`, a database error.
    pub async fn finished(
        &self,
        filter: &Filter,
        before: Option<&str>,
        limit: i64,
    ) -> Result<Vec<GameSummary>, Error> {
        let mut c = Conditions::default();
        c.and("status = 'finished'".to_owned());
        filter.conditions(&mut c)?;
        if let Some(id) = before {
            let row =
                sqlx::query("SELECT finished_at FROM games WHERE id = $1 AND status = 'finished'")
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?
                    .ok_or_else(|| Error::bad(text!("err-archive-no-before", id = id)))?;
            let at = row.try_get::<Option<i64>, _>("finished_at")?.unwrap_or(0);
            let (a, b, i) = (c.int(at), c.int(at), c.text(id));
            c.and(format!(
                "(finished_at < {a} OR (finished_at = {b} AND id < {i}))"
            ));
        }
        let l = c.int(limit);
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE {} ORDER BY finished_at DESC, id DESC LIMIT {l}",
            c.sql.join(" AND ")
        );
        let rows = c.query(&sql).fetch_all(&self.pool).await?;
        rows.iter().map(summary_of).collect()
    }

    /// The games being played at which `player` (an account's or a
    /// session's id) holds a seat, each with
    /// the side `player` plays and, when its clock runs, the side to move
    /// (the running clock's: an extra move runs the same clock again);
    /// `None` for a game without a clock.
    ///
    /// # Errors
    /// A database error.
    pub async fn turns_of(
        &self,
        player: &str,
    ) -> Result<Vec<(GameSummary, Side, Option<Side>)>, Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM games WHERE status = 'playing' \
             AND (south_session = $1 OR north_session = $2) ORDER BY started_at, id"
        ))
        .bind(player)
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let south: Option<String> = row.try_get("south_session")?;
                let you = if south.as_deref() == Some(player) {
                    Side::South
                } else {
                    Side::North
                };
                let running: Option<String> = row.try_get("clock_running")?;
                let to_move = running
                    .and_then(|r| r.chars().next())
                    .and_then(Side::from_letter);
                Ok((summary_of(row)?, you, to_move))
            })
            .collect()
    }

    /// `account`'s finished games: won, drawn, lost.
    ///
    /// # Errors
    /// A database error.
    pub async fn results_of(&self, account: &str) -> Result<[i64; 3], Error> {
        let row = sqlx::query(
            "SELECT \
             COALESCE(SUM(CASE WHEN (south_account = $1 AND result = 'S') OR (north_account = $2 AND result = 'N') THEN 1 ELSE 0 END), 0) AS won, \
             COALESCE(SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END), 0) AS drawn, \
             COALESCE(SUM(CASE WHEN (south_account = $3 AND result = 'N') OR (north_account = $4 AND result = 'S') THEN 1 ELSE 0 END), 0) AS lost \
             FROM games WHERE status = 'finished' AND (south_account = $5 OR north_account = $6)",
        )
        .bind(account)
        .bind(account)
        .bind(account)
        .bind(account)
        .bind(account)
        .bind(account)
        .fetch_one(&self.pool)
        .await?;
        Ok([
            row.try_get("won")?,
            row.try_get("drawn")?,
            row.try_get("lost")?,
        ])
    }
}

fn summary_of(row: &AnyRow) -> Result<GameSummary, Error> {
    let player = |side: Side| -> Result<Option<PlayerSummary>, Error> {
        Ok(seat_of(row, side)?.map(|s| PlayerSummary {
            kind: kind_name(&s.kind),
            level: s.level().map(Level::get),
            account: s.account.is_some(),
            bot: s.bot,
            rating: s.rating.map(|r| r.rating),
            rating_diff: s.rating.and_then(|r| r.diff),
            name: s.name,
        }))
    };
    let (south, north) = (player(Side::South)?, player(Side::North)?);
    let bots = [&south, &north]
        .iter()
        .any(|p| p.as_ref().is_some_and(|p| p.bot));
    let rules: String = row.try_get("rules")?;
    let clock = clock_of(row)?;
    let status: String = row.try_get("status")?;
    let playing = status == "playing";
    Ok(GameSummary {
        id: row.try_get("id")?,
        pool: rules
            .parse::<Rules>()
            .ok()
            .and_then(|r| Pool::of(&r, clock.as_ref()))
            .map(|p| p.for_bots(bots).to_string()),
        rules,
        players: PlayersSummary { south, north },
        result: row.try_get("result")?,
        reason: row.try_get("reason")?,
        score: row.try_get("score")?,
        moves_count: row.try_get("moves_count")?,
        started_at: row.try_get("started_at")?,
        finished_at: row.try_get("finished_at")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        clock: clock.as_ref().map_or(Value::Null, time_control),
        deadline: clock.filter(|_| playing).and_then(|c| c.deadline()),
        status,
    })
}
