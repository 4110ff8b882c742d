//! `POST /api/puzzles/rating`: a puzzle attempt rated like a game of
//! Glicko-2 (the `skillratings` crate, as the players' ratings) against
//! the puzzle, whose rating is its difficulty. The server keeps nothing:
//! the trainer keeps each rule family's puzzle rating in the browser's
//! storage and sends it with the attempt.

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::error::Error;
use super::extract::{Client, Json};
use crate::App;
use crate::ratings::{Rating, START, Score, after_game};
use crate::text::text;

/// How sure a puzzle's rating is: its deviation, fixed.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// The attempt.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// The solver's rating before; a new player's if absent.
    #[serde(default)]
    player: Option<PlayerRating>,
    /// The puzzle's rating (its difficulty).
    puzzle: f64,
    /// Whether the puzzle was solved.
    solved: bool,
}

/// A rating as the trainer keeps it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// The solver's rating after the attempt.
pub async fn rate(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Json(attempt): Json<Attempt>,
) -> Result<axum::Json<Value>, Error> {
    app.limiter.check(&client)?;
    let player = match attempt.player {
        None => START,
        Some(p) => {
            if !(0.0..=4000.0).contains(&p.rating)
                || !(1.0..=350.0).contains(&p.deviation)
                || !(0.0..=1.0).contains(&p.volatility)
            {
                return Err(Error::bad(text!("err-puzzle-player-rating")));
            }
            Rating {
                rating: p.rating,
                deviation: p.deviation,
                volatility: p.volatility,
            }
        }
    };
    if !(0.0..=4000.0).contains(&attempt.puzzle) {
        return Err(Error::bad(text!("err-puzzle-rating")));
    }
    let puzzle = Rating {
        rating: attempt.puzzle,
        deviation: PUZZLE_DEVIATION,
        volatility: START.volatility,
    };
    let score = if attempt.solved {
        Score::Win
    } else {
        Score::Loss
    };
    let (after, _) = after_game(player, puzzle, score);
    Ok(axum::Json(json!({
        "rating": after.rating,
        "deviation": after.deviation,
        "volatility": after.volatility,
        "provisional": after.provisional(),
    })))
}
