//! The sequential probability ratio test of `wari match --sprt`: the
//! generalized log-likelihood ratio of two Elo hypotheses over the
//! pentanomial distribution of game pairs, as chess engine projects gate
//! their patches (fishtest's `LLR_logistic`).
//!
//! A pair is the two games of one opening, colours swapped; engine 1
//! scores 0, ½, 1, 1½ or 2 points in it. Pairs, not games, are the
//! independent samples: the two games of a pair are correlated through
//! their opening, and counting them apart would overstate the variance.
//!
//! Under hypothesis `H` the expected score of a game is the logistic
//! `s = 1 / (1 + 10^(-elo/400))`. The likelihood of the observed pairs
//! under `H` is maximised over every distribution of the five outcomes
//! whose mean is `s` (the generalized SPRT); the ratio of the two maxima,
//! in logs, is compared with Wald's bounds `ln(β/(1-α))` and
//! `ln((1-β)/α)`.

use std::fmt;

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: engine 1 is `elo0` stronger than engine 2 (logistic Elo).
    pub elo0: f64,
    /// H1: engine 1 is `elo1` stronger.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// How a test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The ratio crossed the upper bound: engine 1 is stronger by `elo1`
    /// rather than `elo0`.
    H1,
    /// The ratio crossed the lower bound.
    H0,
}

impl Sprt {
    /// Reads `ELO0,ELO1` with `ELO0 < ELO1`; α = β = 0.05.
    ///
    /// # Errors
    /// Anything else, with a message for the command line.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("bad --sprt {text:?}: expected ELO0,ELO1 with ELO0 < ELO1, like 0,10");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.abs() < 2000.0);
        match (number(a), number(b)) {
            (Some(elo0), Some(elo1)) if elo0 < elo1 => Ok(Sprt {
                elo0,
                elo1,
                alpha: 0.05,
                beta: 0.05,
            }),
            _ => Err(bad()),
        }
    }

    /// The lower and upper bounds of the log-likelihood ratio.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for `pairs`.
    #[must_use]
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        // A count of zero would make an outcome impossible under both
        // maxima; like fishtest, count it as a thousandth of a pair.
        let counts = pairs.0.map(|n| if n == 0 { 1e-3 } else { f64::from(n) });
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|n| n / total);
        let [q0, q1] = [self.elo0, self.elo1].map(|elo| closest_with_mean(&observed, score(elo)));
        total
            * (0..5)
                .map(|i| observed[i] * (q1[i].ln() - q0[i].ln()))
                .sum::<f64>()
    }

    /// The verdict for a ratio, if it crossed a bound.
    #[must_use]
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}, {}] (alpha {}, beta {})",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The expected score of a game at a logistic Elo difference.
fn score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A pair's score (0 to 2 points) as a fraction of the pair's 2 points:
/// the five outcomes' values.
const VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Of the distributions over the five outcomes whose mean is `mean`, the
/// one under which `observed` is most likely.
///
/// With a Lagrange multiplier for each constraint the maximum is
/// `q_i = p_i / (1 + x (a_i - mean))`, where `x` makes the mean right:
/// `sum p_i (a_i - mean) / (1 + x (a_i - mean)) = 0`. The left side
/// decreases in `x` over the interval where every `q_i` is positive, so
/// bisection finds `x`.
fn closest_with_mean(observed: &[f64; 5], mean: f64) -> [f64; 5] {
    let shifted = VALUES.map(|a| a - mean);
    let gap = |x: f64| -> f64 {
        (0..5)
            .map(|i| observed[i] * shifted[i] / (1.0 + x * shifted[i]))
            .sum()
    };
    // 1 + x a > 0 for every a: x within (-1/max a, -1/min a).
    let top = shifted.iter().copied().fold(f64::MIN, f64::max);
    let bottom = shifted.iter().copied().fold(f64::MAX, f64::min);
    let (mut low, mut high) = (-1.0 / top, -1.0 / bottom);
    // Strictly inside the interval: the ends are poles.
    let margin = (high - low) * 1e-12;
    low += margin;
    high -= margin;
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if gap(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let x = 0.5 * (low + high);
    let q = (0..5).map(|i| observed[i] / (1.0 + x * shifted[i]));
    let mut out = [0.0; 5];
    for (slot, value) in out.iter_mut().zip(q) {
        *slot = value;
    }
    // Normalise away the bisection's last rounding.
    let sum: f64 = out.iter().sum();
    out.map(|v| v / sum)
}

/// Counts of game pairs by engine 1's points in the pair: 0, ½, 1, 1½, 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair whose games gave engine 1 `halves[0]` and `halves[1]`
    /// half points (0 a loss, 1 a draw, 2 a win).
    pub fn add(&mut self, halves: [u8; 2]) {
        self.0[usize::from(halves[0] + halves[1]).min(4)] += 1;
    }

    /// The number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// fastchess's tests of its logistic pentanomial SPRT, which follows
    /// fishtest's `LLR_logistic` (its `Stats(LL, LD, WL, DD, WD, WW)`: the
    /// middle outcome is WL + DD): the ratio to two decimals.
    #[test]
    fn the_ratio_agrees_with_fastchess_and_fishtest() {
        let one = Pentanomial([223, 9863, 20279 + 1000, 10037, 246]);
        let llr = test(0.5, 2.5).llr(&one);
        assert!((llr - -3.07).abs() < 0.01, "{llr}");
        let two = Pentanomial([871, 26175, 55003 + 980, 26678, 821]);
        let llr = test(0.0, 2.0).llr(&two);
        assert!((llr - -4.98).abs() < 0.01, "{llr}");
    }

    #[test]
    fn wald_bounds_for_five_percent_errors() {
        let (lower, upper) = test(0.0, 10.0).bounds();
        // ln(0.05 / 0.95) and its negation.
        assert!((lower - -2.944_438_979).abs() < 1e-6);
        assert!((upper - 2.944_438_979).abs() < 1e-6);
    }

    #[test]
    fn the_maximum_has_the_mean_asked_for() {
        let observed = [0.1, 0.2, 0.4, 0.2, 0.1];
        for mean in [0.3, 0.5, 0.62] {
            let q = closest_with_mean(&observed, mean);
            let got: f64 = (0..5).map(|i| q[i] * VALUES[i]).sum();
            assert!((got - mean).abs() < 1e-9, "{mean}: {got}");
            assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // The observed mean is 0.5: the distribution itself is the maximum.
        let q = closest_with_mean(&observed, 0.5);
        for i in 0..5 {
            assert!((q[i] - observed[i]).abs() < 1e-9);
        }
    }

    #[test]
    fn a_clearly_stronger_engine_is_accepted_and_an_equal_one_rejected() {
        let sprt = test(0.0, 50.0);
        // 60 pairs: mostly 1½ or 2 points.
        let strong = Pentanomial([2, 4, 14, 20, 20]);
        assert_eq!(sprt.verdict(sprt.llr(&strong)), Some(Verdict::H1));
        // Even results over many pairs: H0.
        let even = Pentanomial([30, 60, 120, 60, 30]);
        assert_eq!(sprt.verdict(sprt.llr(&even)), Some(Verdict::H0));
        // Too few pairs to say.
        let few = Pentanomial([0, 1, 2, 1, 1]);
        assert_eq!(sprt.verdict(sprt.llr(&few)), None);
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut p = Pentanomial::default();
        p.add([2, 2]);
        p.add([2, 0]);
        p.add([1, 1]);
        p.add([0, 1]);
        assert_eq!(p, Pentanomial([0, 1, 2, 0, 1]));
        assert_eq!(p.pairs(), 4);
    }

    #[test]
    fn hypotheses_are_read_from_the_command_line() {
        let s = Sprt::parse("0,10").unwrap();
        assert_eq!((s.elo0, s.elo1), (0.0, 10.0));
        assert_eq!(Sprt::parse(" -5 , 5 ").unwrap().elo0, -5.0);
        for bad in ["", "5", "10,0", "5,5", "a,b", "0,10,20", "0,1e9"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
