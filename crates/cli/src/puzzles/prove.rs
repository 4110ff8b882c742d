//! Proving a puzzle's answer: every legal move's value from the endgame
//! tables where they are exact, else searched to the end of the game (the
//! engine's proof: a score it calls exact is the game's value, draws
//! included), and the answer the one move that wins at least a margin more
//! than every other.

use wari_engine::{Control, Engine, Known, Limits, Oracle, Score};
use wari_rules::{Game, Move};

/// A legal move and its proven value: the final capture difference for
/// the mover under best play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proven {
    /// The move.
    pub pit: Move,
    /// The proven line: the move, then the engine's best play after it.
    pub line: Vec<Move>,
    /// The final capture difference for the mover.
    pub margin: i32,
    /// Plies to the end along the proven line, this move included.
    pub plies: u32,
}

/// Every legal move of `game`'s position with its proven value, best
/// first, or `None` when some move is not proven within `nodes` nodes;
/// `tables` (the engine's oracle too, if it has one) gives the exact
/// values it knows. The moves of `first` are proven first, in that order;
/// with `give_up` set, the proof stops (`None`) as soon as the first two
/// proven are within `give_up` seeds of each other (when `first` is the
/// likely order, no move would then be clearly best: a time saver that
/// never lets a wrong answer through).
pub fn prove_moves(
    engine: &mut Engine,
    tables: Option<&dyn Oracle>,
    game: &Game,
    nodes: u64,
    first: &[Move],
    give_up: Option<i32>,
) -> Option<Vec<Proven>> {
    let mover = game.position().turn();
    let mut proven: Vec<Proven> = Vec::new();
    let legal = game.legal_moves();
    let mut order: Vec<Move> = first
        .iter()
        .copied()
        .filter(|m| legal.contains(m))
        .collect();
    order.extend(legal.iter().filter(|m| !first.contains(m)));
    for m in order {
        let mut child = game.clone();
        child.play(m).ok()?;
        let mut line = vec![m];
        let (margin, plies) = if let Some(outcome) = child.outcome() {
            let halves =
                i32::from(outcome.halves(mover)) - i32::from(outcome.halves(mover.opposite()));
            (halves / 2, 1)
        } else {
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let result = engine.search(&child, &limits, &Control::new(), &mut |_| {});
            line.extend(result.pv);
            let after = child.position();
            let to_move = after.turn();
            let from_tables = match tables.and_then(|t| t.probe(after)) {
                Some(Known::Exact(still)) => Some(
                    i32::from(after.captured(to_move))
                        - i32::from(after.captured(to_move.opposite()))
                        + still,
                ),
                _ => None,
            };
            let (margin, plies) = match (from_tables, result.score) {
                (Some(margin), Score::Exact { plies, .. }) => (margin, plies),
                (Some(margin), Score::Seeds(_)) => (margin, result.depth),
                // The engine calls a score exact only when it proved it.
                (None, Score::Exact { margin, plies }) => (margin, plies),
                _ => return None,
            };
            let margin = if to_move == mover { margin } else { -margin };
            (margin, plies + 1)
        };
        proven.push(Proven {
            pit: m,
            line,
            margin,
            plies,
        });
        if let (Some(gap), [a, b]) = (give_up, proven.as_slice())
            && (a.margin - b.margin).abs() < gap
        {
            return None;
        }
    }
    proven.sort_by_key(|p| (std::cmp::Reverse(p.margin), p.plies));
    Some(proven)
}

/// The one move that wins at least `margin` seeds more than every other
/// (of moves `proven`, best first), if there is one.
#[must_use]
pub fn clearly_best(proven: &[Proven], margin: i32) -> Option<Proven> {
    match proven {
        [best, second, ..] if best.margin - second.margin >= margin => Some(best.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tests::kalah_minimax::{Memo, still};
    use wari_rules::{Position, Rules};

    /// Kalah's values by plain minimax over the rules library (no cycles
    /// in Kalah): what the player to move will still take over the other.
    struct Minimax;

    impl Oracle for Minimax {
        fn probe(&self, p: &Position) -> Option<Known> {
            Some(Known::Exact(still(p, &mut Memo::new())))
        }
    }

    #[test]
    fn a_kalah_position_worked_by_hand_has_one_clearly_best_move() {
        // Two pits a row, South 2 in A and 1 in B, North 1 in b, 21-23
        // (RULES.md §3): A loses by 2 (A, then B feeds North's a and
        // empties South's row: 23-25); B draws (B, A, B, all into the
        // store: 24-24).
        let rules: Rules = "kalah,pits=2".parse().unwrap();
        let game = Game::from_position(Position::from_string("2,1/0,1 S 21-23", rules).unwrap());
        let values = |proven: &[Proven]| -> Vec<(String, i32)> {
            proven
                .iter()
                .map(|p| (p.pit.to_string(), p.margin))
                .collect()
        };
        // The engine alone proves both, the draw after B too.
        let alone = prove_moves(&mut Engine::new(), None, &game, 100_000, &[], None).unwrap();
        assert_eq!(
            values(&alone),
            vec![("B".to_owned(), 0), ("A".to_owned(), -2)]
        );
        let proven = prove_moves(
            &mut Engine::new(),
            Some(&Minimax),
            &game,
            100_000,
            &[],
            None,
        )
        .unwrap();
        assert_eq!(
            values(&proven),
            vec![("B".to_owned(), 0), ("A".to_owned(), -2)]
        );
        assert_eq!(
            clearly_best(&proven, 2).map(|p| p.pit.to_string()),
            Some("B".to_owned())
        );
        assert_eq!(clearly_best(&proven, 3), None);
    }
}
