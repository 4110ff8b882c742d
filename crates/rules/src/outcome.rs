//! How a game ended: the reason (RULES.md §1 names), the winner and the
//! final counts.

use std::fmt;
use std::str::FromStr;

use crate::Side;

/// Why a game ended, with the names of RULES.md §1.
///
/// ```
/// use wari_rules::EndReason;
/// assert_eq!(EndReason::NoMoves.name(), "no-moves");
/// assert_eq!("grand-slam".parse(), Ok(EndReason::GrandSlam));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndReason {
    /// A player captured more than half of all seeds (Oware).
    Majority,
    /// The player to move had no legal move (Oware, RULES.md §2.4).
    NoMoves,
    /// A grand slam under `wari` (RULES.md §2.3).
    GrandSlam,
    /// A position occurred again: the cycle rule (RULES.md §2.5).
    Repetition,
    /// The players agreed to end the game by the cycle rule.
    Agreement,
    /// A row was empty after a move (Kalah).
    EmptySide,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Time,
}

impl EndReason {
    /// Every reason, in the order of RULES.md §1.
    pub const ALL: [EndReason; 8] = [
        EndReason::Majority,
        EndReason::NoMoves,
        EndReason::GrandSlam,
        EndReason::Repetition,
        EndReason::Agreement,
        EndReason::EmptySide,
        EndReason::Resignation,
        EndReason::Time,
    ];

    /// The name of RULES.md §1.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Majority => "majority",
            EndReason::NoMoves => "no-moves",
            EndReason::GrandSlam => "grand-slam",
            EndReason::Repetition => "repetition",
            EndReason::Agreement => "agreement",
            EndReason::EmptySide => "empty-side",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
        }
    }

    /// Whether each player takes the seeds left on their own row.
    #[must_use]
    pub const fn sweeps_rows(self) -> bool {
        matches!(
            self,
            EndReason::NoMoves
                | EndReason::GrandSlam
                | EndReason::Repetition
                | EndReason::Agreement
                | EndReason::EmptySide
        )
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EndReason {
    type Err = UnknownEndReason;

    fn from_str(s: &str) -> Result<EndReason, UnknownEndReason> {
        EndReason::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| UnknownEndReason(s.to_owned()))
    }
}

/// A name that is not one of RULES.md §1's end reasons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEndReason(pub String);

impl fmt::Display for UnknownEndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown end reason {:?}", self.0)
    }
}

impl std::error::Error for UnknownEndReason {}

/// The end of a game: why, who won, and each player's final count.
///
/// Counts are kept in half seeds, since under `cycle=even` an odd seed
/// left on the board is shared.
///
/// ```
/// use wari_rules::{Game, Side, EndReason};
/// let mut game = Game::default();
/// game.resign(Side::South);
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome.reason(), EndReason::Resignation);
/// assert_eq!(outcome.winner(), Some(Side::North));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    reason: EndReason,
    winner: Option<Side>,
    halves: [u16; 2],
}

impl Outcome {
    /// An outcome decided by the counts: more seeds wins, equal is a draw.
    #[must_use]
    pub fn by_count(reason: EndReason, halves: [u16; 2]) -> Outcome {
        let winner = match halves[0].cmp(&halves[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            reason,
            winner,
            halves,
        }
    }

    /// An outcome decided otherwise than by the counts (resignation, time).
    #[must_use]
    pub const fn won_by(reason: EndReason, winner: Side, halves: [u16; 2]) -> Outcome {
        Outcome {
            reason,
            winner: Some(winner),
            halves,
        }
    }

    /// Why the game ended.
    #[must_use]
    pub const fn reason(&self) -> EndReason {
        self.reason
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// A side's final count in half seeds.
    #[must_use]
    pub const fn halves(&self, side: Side) -> u16 {
        self.halves[side.index()]
    }

    /// The result as `"S"`, `"N"` or `"draw"`.
    #[must_use]
    pub const fn result_name(&self) -> &'static str {
        match self.winner {
            Some(Side::South) => "S",
            Some(Side::North) => "N",
            None => "draw",
        }
    }

    /// South's count, a dash, North's count: `25-20`, or `24½-23½` when
    /// seeds were shared.
    #[must_use]
    pub fn score_text(&self) -> String {
        format!(
            "{}-{}",
            half_text(self.halves[0]),
            half_text(self.halves[1])
        )
    }
}

fn half_text(halves: u16) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}½", halves / 2)
    }
}
