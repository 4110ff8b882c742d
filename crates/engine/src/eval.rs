//! The static evaluation: the capture difference plus a weighted sum of
//! features of the board, from the side to move's view.

use wari_rules::{Position, Rules, Side};

pub use crate::pit_values::{COUNTS, PITS, PitValues, count_class, pit_sum, rows_of};
use crate::score::SEED;
use crate::weights;

/// The number of features.
pub const FEATURES: usize = 8;

/// The names of the features, in order (for the tuner and docs).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "row seeds",
    "empty pits",
    "weak pits (1-2 seeds)",
    "seeds under attack",
    "lap pits (2m-1 or more)",
    "seeds a move sows across",
    "extra-move pits (Kalah)",
    "to move",
];

/// The features of a position, each "mine minus theirs" for the side to
/// move (the last is a constant 1: the value of having the move).
///
/// ```
/// use wari_engine::eval::features;
/// use wari_rules::Position;
/// let f = features(&Position::default());
/// assert_eq!(f[0], 0); // both rows hold 24 seeds
/// assert_eq!(f[7], 1);
/// ```
#[must_use]
pub fn features(p: &Position) -> [i32; FEATURES] {
    let me = p.turn();
    let them = me.opposite();
    let m = p.pits();
    let mine = p.row(me);
    let theirs = p.row(them);
    let mut f = [0; FEATURES];
    f[0] = row_sum(mine) - row_sum(theirs);
    f[1] = count(mine, |s| s == 0) - count(theirs, |s| s == 0);
    f[2] = count(mine, |s| s == 1 || s == 2) - count(theirs, |s| s == 1 || s == 2);
    if !p.rules().is_kalah() {
        f[3] = attacked(theirs, mine, m) - attacked(mine, theirs, m);
    }
    let lap = (2 * m - 1) as u8;
    f[4] = count(mine, |s| s >= lap) - count(theirs, |s| s >= lap);
    f[5] = across(mine) - across(theirs);
    if p.rules().is_kalah() {
        f[6] = extra_moves(mine) - extra_moves(theirs);
    }
    f[7] = 1;
    f
}

fn row_sum(row: &[u8]) -> i32 {
    row.iter().map(|&s| i32::from(s)).sum()
}

fn count(row: &[u8], test: impl Fn(u8) -> bool) -> i32 {
    row.iter().filter(|&&s| test(s)).count() as i32
}

/// Seeds `attacker` could take from `target`'s row with one sowing that
/// ends there on a pit of 1 or 2 (made 2 or 3), counting that pit only
/// and the best such move. Sowings shorter than a lap only: a cheap
/// estimate, not a capture search.
fn attacked(attacker: &[u8], target: &[u8], m: usize) -> i32 {
    let mut best = 0;
    for (column, &seeds) in attacker.iter().enumerate() {
        let seeds = usize::from(seeds);
        if seeds == 0 || seeds >= 2 * m - 1 {
            continue;
        }
        // Distance from the attacker's pit to the target row's pits.
        let first = m - column;
        if seeds >= first && seeds < first + m {
            let pit = target[seeds - first];
            if pit == 1 || pit == 2 {
                best = best.max(i32::from(pit) + 1);
            }
        }
    }
    best
}

/// The seeds the pits of a row would sow past the row's end (into the
/// other row, or Kalah's store), summed: what the row has to give.
fn across(row: &[u8]) -> i32 {
    let m = row.len();
    row.iter()
        .enumerate()
        .map(|(c, &s)| (i32::from(s) - (m - 1 - c) as i32).max(0))
        .sum()
}

/// Kalah: pits whose last seed falls in the store (an extra move).
fn extra_moves(row: &[u8]) -> i32 {
    let m = row.len();
    row.iter()
        .enumerate()
        .filter(|&(c, &s)| usize::from(s) == m - c)
        .count() as i32
}

/// The weights of the features, in hundredths of a seed per unit, one set
/// for Oware and one for Kalah.
///
/// ```
/// use wari_engine::eval::Weights;
/// let w = Weights::default();
/// assert_eq!(w.oware.len(), wari_engine::eval::FEATURES);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// For `abapa`, `wari` and `warri`.
    pub oware: [i32; FEATURES],
    /// For Kalah.
    pub kalah: [i32; FEATURES],
    /// Oware's pit values ([`pit_sum`]), added to its features on the
    /// standard board.
    pub oware_pits: PitValues,
}

impl Default for Weights {
    /// The weights fitted by `wari tune` (`crates/engine/src/weights.rs`).
    fn default() -> Weights {
        Weights {
            oware: weights::OWARE,
            kalah: weights::KALAH,
            oware_pits: weights::OWARE_PITS,
        }
    }
}

impl Weights {
    /// The weights used under `rules`: Kalah's or Oware's.
    #[must_use]
    pub fn of(&self, rules: &Rules) -> &[i32; FEATURES] {
        if rules.is_kalah() {
            &self.kalah
        } else {
            &self.oware
        }
    }

    /// The pit values used under `rules`: Oware's, or none under Kalah.
    #[must_use]
    pub fn pits(&self, rules: &Rules) -> Option<&PitValues> {
        (!rules.is_kalah()).then_some(&self.oware_pits)
    }

    /// These weights with the pit values of `rules`' family set to `pits`
    /// (Kalah has none: unchanged).
    #[must_use]
    pub fn with_pits(mut self, rules: &Rules, pits: PitValues) -> Weights {
        if !rules.is_kalah() {
            self.oware_pits = pits;
        }
        self
    }

    /// These weights with the family of `rules` given `w` instead.
    #[must_use]
    pub fn with(mut self, rules: &Rules, w: [i32; FEATURES]) -> Weights {
        if rules.is_kalah() {
            self.kalah = w;
        } else {
            self.oware = w;
        }
        self
    }

    /// The static value of a position, in hundredths of a seed, for the
    /// side to move: the capture (or store) difference plus the weighted
    /// features.
    ///
    /// ```
    /// use wari_engine::eval::{Weights, pit_sum};
    /// use wari_rules::Position;
    /// let w = Weights::default();
    /// // The start: the value of having the move and of the pits.
    /// let start = Position::default();
    /// assert_eq!(w.evaluate(&start), w.oware[7] + pit_sum(&start, &w.oware_pits));
    /// ```
    #[inline]
    #[must_use]
    pub fn evaluate(&self, p: &Position) -> i32 {
        let me = p.turn();
        let captured = i32::from(p.captured(me)) - i32::from(p.captured(me.opposite()));
        let w = self.of(p.rules());
        let f = features(p);
        let mut v = captured * SEED;
        for i in 0..FEATURES {
            v += w[i] * f[i];
        }
        if let Some(pits) = self.pits(p.rules()) {
            v += pit_sum(p, pits);
        }
        v
    }
}

/// Whether the move from `before` to `after` captures: raises the
/// mover's count under Oware, or under Kalah by more than the one seed a
/// sowing drops in passing its store. Quiescence searches these moves; the
/// tuner samples only positions without them.
#[inline]
pub(crate) fn is_capture(before: &Position, after: &Position) -> bool {
    let me = before.turn();
    let gain = after.captured(me).saturating_sub(before.captured(me));
    gain >= if before.rules().is_kalah() { 2 } else { 1 }
}

/// The capture difference for `side`, in seeds.
#[inline]
pub(crate) fn captured_difference(p: &Position, side: Side) -> i32 {
    i32::from(p.captured(side)) - i32::from(p.captured(side.opposite()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::Rules;

    #[test]
    fn features_are_antisymmetric_in_the_side_to_move() {
        let rules = Rules::default();
        let s = Position::from_string("1,2,0,13,5,1/0,2,3,1,4,0 S 10-6", rules).unwrap();
        let n = Position::from_string("1,2,0,13,5,1/0,2,3,1,4,0 N 10-6", rules).unwrap();
        let (fs, fn_) = (features(&s), features(&n));
        for i in 0..FEATURES - 1 {
            if i != 3 {
                assert_eq!(fs[i], -fn_[i], "feature {}", FEATURE_NAMES[i]);
            }
        }
        // South's E (5 seeds) reaches North's d (1 seed, 2 to take); no
        // North pit reaches a weak South pit.
        assert_eq!(fs[3], -2);
    }

    #[test]
    fn attacks_land_on_weak_pits_of_the_other_row() {
        // F with 1 seed lands on the other row's first pit, holding 2.
        assert_eq!(attacked(&[0, 0, 0, 0, 0, 1], &[2, 0, 0, 0, 0, 0], 6), 3);
        // A with 6 lands on the other row's first pit too.
        assert_eq!(attacked(&[6, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0], 6), 2);
        // Too short: stays in the attacker's row.
        assert_eq!(attacked(&[3, 0, 0, 0, 0, 0], &[1, 1, 1, 1, 1, 1], 6), 0);
        // A pit of 3 is not weak.
        assert_eq!(attacked(&[0, 0, 0, 0, 0, 1], &[3, 0, 0, 0, 0, 0], 6), 0);
    }
}
