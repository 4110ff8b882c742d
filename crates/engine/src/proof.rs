//! What a search has proved of the value it returns, in real final
//! margins: that the game's value is at least it, at most it, or both.
//!
//! A proven value (a finished game, a repetition, a table's exact value)
//! is ranked above or below every estimate, so alpha-beta may return a
//! proven win while a sibling it beat was only an estimate: the win is
//! real, its margin only a lower bound. A proof travels with each value:
//! a node is worth at least its best move's proven floor, and at most its
//! value only when every move was searched and each is proven no better.
//! Only a value proven both ways is reported as exact.

/// Which bounds of a value are proven, from the side to move's view (a
/// floor seen by the opponent is a ceiling).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Proof(u8);

impl Proof {
    /// Nothing proven: an estimate, or a search cut short.
    pub const NONE: Proof = Proof(0);
    /// The game's value is at least the value's margin.
    pub const AT_LEAST: Proof = Proof(1);
    /// The game's value is at most the value's margin.
    pub const AT_MOST: Proof = Proof(2);
    /// Both: the margin is the game's value.
    pub const EXACT: Proof = Proof(3);

    /// The proof as the other side sees it (the value negated).
    #[inline]
    #[must_use]
    pub fn negated(self) -> Proof {
        Proof((self.0 & 1) << 1 | (self.0 >> 1))
    }

    /// The proof in a parent that keeps (`same`, a Kalah extra move) or
    /// flips the side to move.
    #[inline]
    #[must_use]
    pub fn seen_from_parent(self, same: bool) -> Proof {
        if same { self } else { self.negated() }
    }

    #[inline]
    #[must_use]
    pub fn at_least(self) -> bool {
        self.0 & 1 != 0
    }

    #[inline]
    #[must_use]
    pub fn at_most(self) -> bool {
        self.0 & 2 != 0
    }

    #[inline]
    #[must_use]
    pub fn is_exact(self) -> bool {
        self.0 == 3
    }

    /// A node's proof from its best move's proof and whether every move
    /// was searched and proven no better than its value.
    #[inline]
    #[must_use]
    pub fn of_node(best: Proof, all_at_most: bool) -> Proof {
        let floor = if best.at_least() {
            Proof::AT_LEAST.0
        } else {
            0
        };
        let ceiling = if all_at_most { Proof::AT_MOST.0 } else { 0 };
        Proof(floor | ceiling)
    }

    /// The two bits, for the transposition table.
    #[inline]
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The inverse of [`Proof::bits`] (higher bits ignored).
    #[inline]
    pub fn from_bits(bits: u8) -> Proof {
        Proof(bits & 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_floor_seen_by_the_opponent_is_a_ceiling() {
        assert_eq!(Proof::AT_LEAST.negated(), Proof::AT_MOST);
        assert_eq!(Proof::AT_MOST.negated(), Proof::AT_LEAST);
        assert_eq!(Proof::EXACT.negated(), Proof::EXACT);
        assert_eq!(Proof::NONE.negated(), Proof::NONE);
        assert_eq!(Proof::AT_LEAST.seen_from_parent(true), Proof::AT_LEAST);
    }

    #[test]
    fn a_node_is_exact_only_when_its_best_move_is_a_floor_and_all_are_ceilings() {
        assert_eq!(Proof::of_node(Proof::EXACT, true), Proof::EXACT);
        assert_eq!(Proof::of_node(Proof::EXACT, false), Proof::AT_LEAST);
        assert_eq!(Proof::of_node(Proof::AT_MOST, true), Proof::AT_MOST);
        assert_eq!(Proof::of_node(Proof::NONE, false), Proof::NONE);
        for bits in 0..4 {
            assert_eq!(Proof::from_bits(bits).bits(), bits);
        }
    }
}
