//! Ending a game by the cycle rule on an offer: what it gives each side,
//! and when the computer accepts.

use wari_rules::{Cycle, Position, Side};

use crate::Score;

/// The final capture difference for `side` if the game ended now by the
/// cycle rule (RULES.md §2.5): each takes their own row, or under
/// `cycle=even` the seeds left are shared equally.
///
/// ```
/// use wari_engine::cycle_margin;
/// use wari_rules::{Position, Rules, Side};
/// // South 20 + 3 on its row, North 21 + 4.
/// let p = Position::from_string("1,2,0,0,0,0/0,0,0,0,1,3 S 20-21", Rules::default())?;
/// assert_eq!(cycle_margin(&p, Side::North), 2);
/// # Ok::<(), wari_rules::PositionError>(())
/// ```
#[must_use]
pub fn cycle_margin(position: &Position, side: Side) -> i32 {
    let shared = position.rules().cycle() == Cycle::Even;
    let count = |s: Side| {
        let row: i32 = position.row(s).iter().map(|&n| i32::from(n)).sum();
        i32::from(position.captured(s)) + if shared { 0 } else { row }
    };
    count(side) - count(side.opposite())
}

/// Whether the computer playing `judge` accepts ending the game now by the
/// cycle rule: only when that is at least as good for it as the engine's
/// `score` of playing on (from the side to move's view). The rule of
/// `wari play` and of the server's computer opponents.
#[must_use]
pub fn accepts_cycle(position: &Position, judge: Side, score: Score) -> bool {
    let score = if position.turn() == judge {
        score
    } else {
        score.flipped()
    };
    cycle_margin(position, judge) * 100 >= score.centiseeds()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::Rules;

    #[test]
    fn the_computer_accepts_the_cycle_only_when_it_loses_nothing() {
        // South 20 + 3 on its row, North 21 + 4: ending now is +2 for North.
        let p = Position::from_string("1,2,0,0,0,0/0,0,0,0,1,3 S 20-21", Rules::default()).unwrap();
        assert_eq!(cycle_margin(&p, Side::North), 2);
        // South to move; the engine's score is South's view.
        assert!(accepts_cycle(&p, Side::North, Score::Seeds(-150)));
        assert!(accepts_cycle(&p, Side::North, Score::Seeds(-200)));
        assert!(!accepts_cycle(&p, Side::North, Score::Seeds(-250)));
        assert!(!accepts_cycle(
            &p,
            Side::North,
            Score::Exact {
                margin: -5,
                plies: 9
            }
        ));
        // Under cycle=even the seeds left are shared: only the captures count.
        let even =
            Position::from_string(&p.to_string(), "abapa,cycle=even".parse().unwrap()).unwrap();
        assert_eq!(cycle_margin(&even, Side::North), 1);
    }
}
