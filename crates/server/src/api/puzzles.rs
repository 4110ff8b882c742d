//! Puzzle attempts and puzzle ratings (docs/API.md, "Puzzles"):
//! `POST /api/puzzles/{id}/attempt` judges the moves played by the rules
//! against the shipped puzzle and rates the attempt (Glicko-2 against the
//! puzzle); `GET /api/puzzles/rating` is the signed-in player's puzzle
//! ratings and the puzzles they have tried. A signed-in player's rating
//! is the server's (the first attempt at a puzzle moves it); a guest's is
//! the browser's, sent with the attempt.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};
use wari_rules::record::{parse_moves, write_moves};

use super::error::Error;
use super::extract::{Client, Guest, Json, MaybeGuest};
use super::players::rating_view;
use crate::App;
use crate::puzzles::{Verdict, judge, rate_for_account, rate_for_guest, shipped};
use crate::ratings::{Rating, START};
use crate::text::{Text, text};

/// The attempt.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// The moves played from the puzzle's position, as letters (`D c B`
    /// or `DcB`), the opponent's replies included.
    moves: String,
    /// A guest's rating before (the browser's); a new player's if
    /// absent. Refused from a signed-in player, whose rating the server
    /// keeps.
    #[serde(default)]
    player: Option<PlayerRating>,
}

/// A rating as the trainer keeps it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

impl PlayerRating {
    fn checked(&self) -> Result<Rating, Error> {
        if !(0.0..=4000.0).contains(&self.rating)
            || !(1.0..=350.0).contains(&self.deviation)
            || !(0.0..=1.0).contains(&self.volatility)
        {
            return Err(Error::bad(text!("err-puzzle-player-rating")));
        }
        Ok(Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        })
    }
}

/// `POST /api/puzzles/{id}/attempt`: the verdict and the solver's rating.
pub async fn attempt(
    State(app): State<Arc<App>>,
    Client(client): Client,
    MaybeGuest(session): MaybeGuest,
    Path(id): Path<String>,
    Json(attempt): Json<Attempt>,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    let puzzle = shipped(&id).ok_or_else(|| Error::not_found(text!("err-no-puzzle", id = id)))?;
    let moves = parse_moves(&attempt.moves)
        .map_err(|e| Error::bad(text!("err-bad-moves", e = Text::from(e))))?;
    let account = session.and_then(|s| s.account_id);
    if account.is_some() && attempt.player.is_some() {
        return Err(Error::bad(text!("err-puzzle-rating-kept")));
    }
    let guest_rating = attempt
        .player
        .as_ref()
        .map(PlayerRating::checked)
        .transpose()?
        .unwrap_or(START);
    let verdict = judge(puzzle, &moves)?;
    let solved = verdict == Verdict::Solved;
    let rated = match &account {
        Some(account) => rate_for_account(&app, account, puzzle, solved).await?,
        None => rate_for_guest(guest_rating, puzzle, solved),
    };
    Ok(axum::Json(json!({
        "id": puzzle.id,
        "family": puzzle.family.name(),
        "solved": solved,
        "expected": match verdict {
            Verdict::Solved => Value::Null,
            Verdict::Failed { expected } => json!(expected.to_string()),
        },
        "solution": write_moves(&puzzle.solution),
        "rated": rated.rated,
        "kept": if account.is_some() { "account" } else { "browser" },
        "before": rating_view(&rated.before, (rated.games - i64::from(rated.rated)).max(0)),
        "rating": rating_view(&rated.after, rated.games),
    })))
}

/// `GET /api/puzzles/rating`: the signed-in player's puzzle rating per
/// family (those with an attempt rated) and the puzzles tried per
/// family; 401 for a guest, whose ratings the browser keeps.
pub async fn mine(
    State(app): State<Arc<App>>,
    Guest(session): Guest,
) -> Result<axum::Json<Value>, Error> {
    let Some(account) = session.account_id else {
        return Err(Error::NotSignedIn(text!("err-puzzle-rating-needs-account")));
    };
    let ratings = app.store.puzzle_ratings_of(&account).await?;
    let mut tried: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (family, id) in app.store.puzzles_tried_by(&account).await? {
        tried.entry(family).or_default().push(id);
    }
    Ok(axum::Json(json!({
        "ratings": super::players::ratings_view(&ratings),
        "tried": tried,
    })))
}
