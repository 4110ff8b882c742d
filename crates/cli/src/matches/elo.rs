//! The Elo difference a match's score implies, with a 95% confidence
//! interval from the trinomial (win, draw, loss) variance of one game.

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// A match result as an Elo difference, from the first player's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// Points per game, 0 to 1 (a draw is half a point).
    pub score: f64,
    /// The Elo difference the score implies.
    pub elo: f64,
    /// The 95% interval; a bound is infinite where the score's interval
    /// reaches 0% or 100%.
    pub low: f64,
    pub high: f64,
}

impl Elo {
    /// The estimate from the first player's wins, draws and losses;
    /// `None` without games.
    ///
    /// A perfect score (or a null one) has no finite estimate: it is
    /// then taken as half a game short of perfect, its spread as that of
    /// a win-or-loss game at that score, and the interval is open on the
    /// perfect side.
    pub fn from_results(wins: u32, draws: u32, losses: u32) -> Option<Elo> {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
        let score = (w + d / 2.0) / n;
        let (estimate, variance) = if score <= 0.0 || score >= 1.0 {
            let s = score.clamp(0.5 / n, 1.0 - 0.5 / n);
            (s, s * (1.0 - s))
        } else {
            let variance =
                (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
            (score, variance)
        };
        let margin = Z95 * (variance / n).sqrt();
        let (low, high) = if score >= 1.0 {
            (estimate - margin, 1.0)
        } else if score <= 0.0 {
            (0.0, estimate + margin)
        } else {
            (estimate - margin, estimate + margin)
        };
        Some(Elo {
            score,
            elo: elo_of_score(estimate),
            low: elo_of_score(low),
            high: elo_of_score(high),
        })
    }
}

/// The Elo difference at which the expected score is `score`:
/// `-400 log10(1/score - 1)`, infinite at 0 and 1 and beyond.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo value for people: `+190.8`, `-inf`.
pub fn elo_text(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        format!("{elo:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn an_even_score_is_zero_elo() {
        for (w, d, l) in [(5, 0, 5), (0, 10, 0), (3, 4, 3)] {
            let e = Elo::from_results(w, d, l).unwrap();
            assert_eq!(e.score, 0.5);
            assert_eq!(e.elo, 0.0);
            assert!(close(e.low, -e.high), "{e:?}");
        }
    }

    #[test]
    fn three_quarters_is_plus_190_8() {
        assert!(close(elo_of_score(0.75), 190.8));
        let e = Elo::from_results(60, 30, 10).unwrap();
        assert_eq!(e.score, 0.75);
        assert!(close(e.elo, 190.8), "{e:?}");
        let e = Elo::from_results(15, 0, 5).unwrap();
        assert!(close(e.elo, 190.8), "{e:?}");
    }

    #[test]
    fn swapping_wins_and_losses_negates_everything() {
        for (w, d, l) in [(7, 2, 1), (1, 0, 19), (12, 5, 3), (20, 0, 0)] {
            let a = Elo::from_results(w, d, l).unwrap();
            let b = Elo::from_results(l, d, w).unwrap();
            assert!(close(a.elo, -b.elo), "{a:?} {b:?}");
            assert!(
                close(a.low, -b.high) || (a.low.is_infinite() && a.low == -b.high),
                "{a:?} {b:?}"
            );
            assert!(
                close(a.high, -b.low) || (a.high.is_infinite() && a.high == -b.low),
                "{a:?} {b:?}"
            );
        }
    }

    #[test]
    fn the_interval_contains_the_estimate_and_narrows_with_games() {
        for (w, d, l) in [(7, 2, 1), (1, 1, 8), (3, 10, 2), (20, 0, 0), (0, 1, 9)] {
            let e = Elo::from_results(w, d, l).unwrap();
            assert!(e.low <= e.elo && e.elo <= e.high, "{e:?}");
            assert!(e.low < e.high, "{e:?}");
        }
        let few = Elo::from_results(6, 2, 2).unwrap();
        let many = Elo::from_results(600, 200, 200).unwrap();
        assert!(close(few.elo, many.elo));
        assert!(many.high - many.low < (few.high - few.low) / 5.0);
    }

    #[test]
    fn a_perfect_score_has_a_finite_estimate_and_an_open_interval() {
        let e = Elo::from_results(20, 0, 0).unwrap();
        assert_eq!(e.score, 1.0);
        assert!(e.elo.is_finite() && e.elo > 400.0, "{e:?}");
        assert!(e.low.is_finite() && e.low > 0.0, "{e:?}");
        assert_eq!(e.high, f64::INFINITY);
        let e = Elo::from_results(0, 0, 4).unwrap();
        assert_eq!(e.low, f64::NEG_INFINITY);
        assert!(e.elo.is_finite() && e.high.is_finite());
        assert_eq!(Elo::from_results(0, 0, 0), None);
        assert_eq!(elo_text(e.low), "-inf");
        assert_eq!(elo_text(190.849), "+190.8");
    }
}
