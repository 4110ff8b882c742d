//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) by the
//! `skillratings` crate: each rated game is a rating period of one game
//! for both players, after the deviation has grown for the time each was
//! away (step 6 of the paper, for that many periods), as lichess does.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// A new player's rating, deviation and volatility (the paper's defaults).
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};
/// The system constant τ (the paper suggests 0.3 to 1.2; its example
/// uses 0.5).
pub const TAU: f64 = 0.5;
/// A rating is provisional (shown with "?") while its deviation is above
/// this, as on lichess.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Rating periods a day of absence counts for when the deviation grows
/// (lichess's figure).
pub const PERIODS_PER_DAY: f64 = 0.21436;
/// The largest deviation, a new player's.
pub const MAX_DEVIATION: f64 = 350.0;
/// The smallest deviation kept (lichess's floor), so that ratings keep
/// moving.
pub const MIN_DEVIATION: f64 = 45.0;
/// Glicko-2's scale factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;

/// A player's Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// r, on the Glicko scale (1500 for a new player).
    pub rating: f64,
    /// RD.
    pub deviation: f64,
    /// σ.
    pub volatility: f64,
}

impl Rating {
    /// Whether the rating is still provisional ("1500?").
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The deviation grown for `days` without a rated game in the pool:
    /// φ* = √(φ² + σ² t) for t periods, at most a new player's.
    #[must_use]
    pub fn after_absence(self, days: f64) -> Rating {
        let phi = self.deviation / SCALE;
        let periods = days.max(0.0) * PERIODS_PER_DAY;
        let grown = (phi * phi + self.volatility * self.volatility * periods).sqrt() * SCALE;
        Rating {
            deviation: grown.min(MAX_DEVIATION),
            ..self
        }
    }

    fn of(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }

    fn glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// The result of a game for one player: 1 a win, ½ a draw, 0 a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A win.
    Win,
    /// A draw.
    Draw,
    /// A loss.
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

/// `player`'s rating after one rating period with `results` (the
/// opponents' ratings before it and the scores), by the paper's steps 1
/// to 8 with τ = 0.5 and ε = 0.000001.
#[must_use]
pub fn rating_period(player: Rating, results: &[(Rating, Score)]) -> Rating {
    let results: Vec<_> = results
        .iter()
        .map(|(r, s)| (r.glicko2(), s.outcome()))
        .collect();
    let config = Glicko2Config {
        tau: TAU,
        convergence_tolerance: 0.000_001,
    };
    Rating::of(glicko2_rating_period(&player.glicko2(), &results, &config))
}

/// Both players' ratings after a game between them (each rated against
/// the other's rating before it), the deviations kept at or above the
/// floor.
#[must_use]
pub fn after_game(a: Rating, b: Rating, a_scored: Score) -> (Rating, Rating) {
    let b_scored = match a_scored {
        Score::Win => Score::Loss,
        Score::Draw => Score::Draw,
        Score::Loss => Score::Win,
    };
    let floor = |r: Rating| Rating {
        deviation: r.deviation.max(MIN_DEVIATION),
        ..r
    };
    (
        floor(rating_period(a, &[(b, a_scored)])),
        floor(rating_period(b, &[(a, b_scored)])),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's "Example of the Glicko-2 system": a player at 1500, RD
    /// 200, σ 0.06 beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a
    /// 1700 (RD 300) with τ = 0.5; the paper gives r' = 1464.06, RD' =
    /// 151.52, σ' = 0.05999.
    #[test]
    fn the_papers_worked_example() {
        let after = rating_period(
            r(1500.0, 200.0),
            &[
                (r(1400.0, 30.0), Score::Win),
                (r(1550.0, 100.0), Score::Loss),
                (r(1700.0, 300.0), Score::Loss),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn absence_grows_the_deviation_up_to_a_new_players() {
        let steady = r(1600.0, 60.0);
        assert!((steady.after_absence(0.0).deviation - 60.0).abs() < 1e-9);
        let year = steady.after_absence(365.0);
        assert!(year.deviation > 60.0 && year.deviation < MAX_DEVIATION);
        assert_eq!(steady.after_absence(1e9).deviation, MAX_DEVIATION);
    }

    #[test]
    fn a_game_moves_both_ratings_in_opposite_directions() {
        let (winner, loser) = after_game(START, START, Score::Win);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9);
        assert!(winner.deviation < 350.0 && winner.provisional());
        let (a, b) = after_game(START, START, Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    }
}
