//! What a review says of each move: the seeds it lost against the best
//! move, its mark, and each player's accuracy (docs/WEB.md, "Review").
//!
//! Thresholds are in seeds of the final capture difference. In Oware a
//! capture takes 2 or 3 seeds a pit: losing one pit's capture (2 seeds)
//! is a mistake, losing a chain of two pits or more (4 seeds) a blunder;
//! a single seed (a sowing that lets the opponent take one seed more, or
//! give one fewer) is an inaccuracy. Kalah's captures are larger, but a
//! seed is a seed of the final count under both families, so the same
//! thresholds hold.

/// A move's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Lost at least [`INACCURACY`] seeds.
    Inaccuracy,
    /// Lost at least [`MISTAKE`] seeds.
    Mistake,
    /// Lost at least [`BLUNDER`] seeds.
    Blunder,
}

/// Seeds lost that make a move an inaccuracy.
pub const INACCURACY: f64 = 1.0;
/// Seeds lost that make a move a mistake.
pub const MISTAKE: f64 = 2.0;
/// Seeds lost that make a move a blunder.
pub const BLUNDER: f64 = 4.0;
/// Seeds lost that halve a move's accuracy.
pub const HALF_LIFE: f64 = 4.0;

impl Mark {
    /// The mark of a move that lost `loss` seeds, if any.
    #[must_use]
    pub fn of(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The API's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The accuracy of one move that lost `loss` seeds, in percent: 100 for
/// the best move, halved by every [`HALF_LIFE`] seeds lost (1 seed: 84,
/// 2 seeds: 71, 4 seeds: 50, 8 seeds: 25).
#[must_use]
pub fn move_accuracy(loss: f64) -> f64 {
    100.0 * 0.5_f64.powf(loss.max(0.0) / HALF_LIFE)
}

/// A player's accuracy: the mean of their moves' accuracies, counting
/// only moves with a choice (a forced move says nothing of the player);
/// `None` without such a move.
#[must_use]
pub fn accuracy(losses: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, n) = losses.into_iter().fold((0.0, 0_u32), |(sum, n), loss| {
        (sum + move_accuracy(loss), n + 1)
    });
    (n > 0).then(|| sum / f64::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds_in_seeds() {
        assert_eq!(Mark::of(0.0), None);
        assert_eq!(Mark::of(0.99), None);
        assert_eq!(Mark::of(1.0), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(2.0), Some(Mark::Mistake));
        assert_eq!(Mark::of(3.99), Some(Mark::Mistake));
        assert_eq!(Mark::of(4.0), Some(Mark::Blunder));
        assert_eq!(Mark::of(20.0), Some(Mark::Blunder));
    }

    #[test]
    fn accuracy_halves_every_four_seeds_lost() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 1e-9);
        assert!((move_accuracy(4.0) - 50.0).abs() < 1e-9);
        assert!((move_accuracy(8.0) - 25.0).abs() < 1e-9);
        // Best, best, and a blunder of 8: (100 + 100 + 25) / 3 = 75.
        let a = accuracy([0.0, 0.0, 8.0]).unwrap();
        assert!((a - 75.0).abs() < 1e-9);
        assert_eq!(accuracy([]), None);
    }
}
