//! The operator's tournaments: `wari serve --tournaments FILE` names a
//! JSON file of arenas held on a schedule, each made (as an upcoming
//! tournament) a week ahead of its start; docs/TOURNAMENTS.md gives the
//! format:
//!
//! ```json
//! { "arenas": [
//!   { "name": "Sunday abapa arena", "rules": "abapa", "time_control": "3+2",
//!     "minutes": 60, "every": "sunday", "at": "18:00", "rated": true }
//! ] }
//! ```
//!
//! Each start is made once whichever processes look (its schedule key is
//! unique in the database).

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use wari_rules::{Rules, TimeControl};

use super::store::TournamentRow;
use crate::App;
use crate::api::error::Error;
use crate::ids::game_id;

const DAY_MS: i64 = 24 * 3600 * 1000;
/// How far ahead a scheduled tournament is made (and listed as upcoming).
const AHEAD_MS: i64 = 7 * DAY_MS;
const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// The schedule file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// The arenas held on a schedule.
    #[serde(default)]
    arenas: Vec<Scheduled>,
}

/// An arena held on a schedule.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Scheduled {
    name: String,
    #[serde(default = "abapa")]
    rules: String,
    time_control: String,
    minutes: i64,
    /// `day` (every day) or a weekday, `sunday`.
    every: String,
    /// `HH:MM`, UTC.
    at: String,
    #[serde(default = "yes")]
    rated: bool,
}

fn abapa() -> String {
    "abapa".to_owned()
}

fn yes() -> bool {
    true
}

impl Schedule {
    /// Reads and checks the schedule file at `path`.
    ///
    /// # Errors
    /// A file that cannot be read, is not the format, or holds a bad
    /// entry: the message names it.
    pub fn read(path: &Path) -> Result<Schedule, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Schedule::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Parses and checks a schedule.
    ///
    /// # Errors
    /// As [`Schedule::read`].
    pub fn parse(text: &str) -> Result<Schedule, String> {
        let schedule: Schedule = serde_json::from_str(text).map_err(|e| e.to_string())?;
        for a in &schedule.arenas {
            a.check().map_err(|e| format!("arena {:?}: {e}", a.name))?;
        }
        Ok(schedule)
    }

    /// The tournaments the schedule holds that start from `now` to a
    /// week later.
    fn due(&self, now: i64) -> Vec<TournamentRow> {
        let mut made = Vec::new();
        for a in &self.arenas {
            let Ok((minute, days, tc)) = a.check() else {
                continue;
            };
            let today = now.div_euclid(DAY_MS);
            for day in today..=today + 7 {
                let starts_at = day * DAY_MS + minute * 60_000;
                // 1970-01-01 was a Thursday (index 3 from Monday).
                let weekday = (day + 3).rem_euclid(7) as usize;
                if starts_at < now || starts_at > now + AHEAD_MS || !days[weekday] {
                    continue;
                }
                made.push(a.tournament(tc, starts_at, now));
            }
        }
        made
    }
}

impl Scheduled {
    /// The minute of the day it starts at, the weekdays it is held on
    /// and its time control.
    fn check(&self) -> Result<(i64, [bool; 7], TimeControl), String> {
        self.rules
            .parse::<Rules>()
            .map_err(|e| format!("rules {:?}: {e}", self.rules))?;
        let tc = self
            .time_control
            .parse::<TimeControl>()
            .map_err(|e| format!("time_control {:?}: {e}", self.time_control))?;
        if !(1..=24 * 60).contains(&self.minutes) {
            return Err(format!("minutes {}: from 1 to 1440", self.minutes));
        }
        if self.name.trim().is_empty() || self.name.chars().count() > 60 {
            return Err("a name of 1 to 60 characters".to_owned());
        }
        let days = match self.every.as_str() {
            "day" => [true; 7],
            day => {
                let i = WEEKDAYS.iter().position(|w| *w == day).ok_or_else(|| {
                    format!("every {day:?}: expected day or a weekday, like sunday")
                })?;
                let mut days = [false; 7];
                days[i] = true;
                days
            }
        };
        let minute = self
            .at
            .split_once(':')
            .and_then(|(h, m)| Some((h.parse::<i64>().ok()?, m.parse::<i64>().ok()?)))
            .filter(|&(h, m)| (0..24).contains(&h) && (0..60).contains(&m) && self.at.len() == 5)
            .map(|(h, m)| h * 60 + m)
            .ok_or_else(|| format!("at {:?}: expected HH:MM (UTC)", self.at))?;
        Ok((minute, days, tc))
    }

    fn tournament(&self, tc: TimeControl, starts_at: i64, now: i64) -> TournamentRow {
        TournamentRow {
            id: game_id(),
            kind: "arena".to_owned(),
            name: self.name.trim().to_owned(),
            rules: self.rules.clone(),
            clock_initial_ms: i64::try_from(tc.base().as_millis()).unwrap_or(i64::MAX),
            clock_increment_ms: i64::try_from(tc.increment().as_millis()).unwrap_or(i64::MAX),
            minutes: self.minutes,
            rated: self.rated,
            min_rating: None,
            min_games: None,
            bots_allowed: false,
            created_by: None,
            creator_name: None,
            schedule_key: Some(format!("{}@{starts_at}", self.name.trim())),
            status: "created".to_owned(),
            starts_at,
            ends_at: starts_at + self.minutes * 60_000,
            created_at: now,
            rounds: None,
        }
    }
}

/// Makes the scheduled tournaments of the coming week not made yet.
///
/// # Errors
/// A database error.
pub async fn make_due(app: &Arc<App>, now: i64) -> Result<(), Error> {
    for t in app.tournaments.schedule.due(now) {
        if app.store.insert_tournament(&t).await? {
            tracing::info!(tournament = %t.id, name = %t.name, starts_at = t.starts_at, "scheduled tournament made");
            app.tournaments.changed();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2024-03-01 00:00 UTC, a Friday (`ids.rs`'s date test).
    const FRIDAY: i64 = 1_709_251_200_000;

    #[test]
    fn a_weekly_arena_is_made_for_its_next_day_and_hour() {
        let schedule = Schedule::parse(
            r#"{"arenas": [{"name": "Sunday arena", "time_control": "3+2", "minutes": 60,
                "every": "sunday", "at": "18:00"}]}"#,
        )
        .unwrap();
        let due = schedule.due(FRIDAY + 3_600_000);
        assert_eq!(due.len(), 1);
        // Sunday 2024-03-03 18:00: two days and eighteen hours on.
        assert_eq!(due[0].starts_at, FRIDAY + 2 * DAY_MS + 18 * 3_600_000);
        assert_eq!(due[0].ends_at - due[0].starts_at, 3_600_000);
        assert_eq!(
            (due[0].clock_initial_ms, due[0].clock_increment_ms),
            (180_000, 2_000)
        );
        assert_eq!(due[0].rules, "abapa");
        assert!(due[0].rated);
        assert_eq!(
            due[0].schedule_key.as_deref(),
            Some("Sunday arena@1709488800000")
        );
    }

    #[test]
    fn a_daily_arena_already_begun_today_is_made_for_the_next_days() {
        let schedule = Schedule::parse(
            r#"{"arenas": [{"name": "Daily", "time_control": "1+0", "minutes": 30,
                "every": "day", "at": "00:30", "rated": false}]}"#,
        )
        .unwrap();
        // At 01:00 on Friday: Saturday 00:30 to the next Friday 00:30.
        let due = schedule.due(FRIDAY + 3_600_000);
        assert_eq!(due.len(), 7);
        assert_eq!(due[0].starts_at, FRIDAY + DAY_MS + 1_800_000);
    }

    #[test]
    fn bad_entries_are_named() {
        let bad = |text: &str| Schedule::parse(text).unwrap_err();
        assert!(bad(r#"{"arenas": [{"name": "x", "time_control": "3+2", "minutes": 60, "every": "sundae", "at": "18:00"}]}"#).contains("sundae"));
        assert!(bad(r#"{"arenas": [{"name": "x", "time_control": "3+2", "minutes": 60, "every": "day", "at": "25:00"}]}"#).contains("HH:MM"));
        assert!(bad(r#"{"arenas": [{"name": "x", "time_control": "fast", "minutes": 60, "every": "day", "at": "18:00"}]}"#).contains("\"x\""));
        assert!(bad(r#"{"arena": []}"#).contains("unknown field"));
    }
}
