//! An attempt at a puzzle judged by the rules: the moves played from its
//! position, the opponent's replies included, against its solution.

use wari_rules::Game;
use wari_rules::Move;
use wari_rules::record::play_moves;

use super::Puzzle;
use crate::api::error::Error;
use crate::text::{Text, text};

/// How an attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every move of the solution played.
    Solved,
    /// The solver's last move was not the solution's: `expected` was.
    Failed {
        /// The solution's move there.
        expected: Move,
    },
}

/// Judges `moves`, played from `puzzle`'s position: solved when they are
/// its whole solution, failed when they follow it up to a move of the
/// solver's that is not the solution's, which must be the last (an
/// attempt ends at its first wrong move, as the trainer ends it).
///
/// # Errors
/// A 400 for no moves, a move the rules refuse, an opponent's move that
/// is not the puzzle's reply, moves after a wrong one or after the
/// solution, or an attempt that stops before its end.
pub fn judge(puzzle: &Puzzle, moves: &[Move]) -> Result<Verdict, Error> {
    if moves.is_empty() {
        return Err(Error::bad(text!("err-puzzle-no-moves")));
    }
    let mut game = Game::from_position(puzzle.position);
    play_moves(&mut game, moves)
        .map_err(|e| Error::bad(text!("err-bad-moves", e = Text::from(e))))?;
    let solver = puzzle.position.turn();
    for (i, (&played, before)) in moves.iter().zip(game.positions()).enumerate() {
        let ply = i + 1;
        let Some(&expected) = puzzle.solution.get(i) else {
            return Err(Error::bad(text!("err-puzzle-after-solution", ply = ply)));
        };
        if played == expected {
            continue;
        }
        if before.turn() != solver {
            return Err(Error::bad(text!(
                "err-puzzle-not-the-reply",
                ply = ply,
                reply = expected.to_string()
            )));
        }
        if ply < moves.len() {
            return Err(Error::bad(text!("err-puzzle-after-wrong-move", ply = ply)));
        }
        return Ok(Verdict::Failed { expected });
    }
    if moves.len() < puzzle.solution.len() {
        return Err(Error::bad(text!(
            "err-puzzle-unfinished",
            left = puzzle.solution.len() - moves.len()
        )));
    }
    Ok(Verdict::Solved)
}

#[cfg(test)]
mod tests {
    use wari_rules::record::parse_moves;

    use super::*;
    use crate::puzzles::shipped;

    fn judged(id: &str, moves: &str) -> Result<Verdict, String> {
        let p = shipped(id).unwrap();
        judge(p, &parse_moves(moves).unwrap()).map_err(|e| e.text().code().to_owned())
    }

    /// kalah-0002 (`0,2,0,1,0,5/0,0,1,0,1,1 S 20-17`): solution D, the
    /// reply c, then B.
    #[test]
    fn a_multi_move_puzzle_is_solved_with_the_reply_and_failed_at_a_wrong_move() {
        assert_eq!(judged("kalah-0002", "D c B"), Ok(Verdict::Solved));
        let b = Move::from_letter('B').unwrap();
        let d = Move::from_letter('D').unwrap();
        // F is legal there (5 seeds), not the answer.
        assert_eq!(
            judged("kalah-0002", "F"),
            Ok(Verdict::Failed { expected: d })
        );
        assert_eq!(
            judged("kalah-0002", "D c F"),
            Ok(Verdict::Failed { expected: b })
        );
    }

    #[test]
    fn moves_that_are_no_attempt_are_refused() {
        for (moves, code) in [
            ("", "puzzle-no-moves"),
            ("A", "bad-moves"),         // pit A is empty
            ("D", "puzzle-unfinished"), // the reply and B to come
            ("D c", "puzzle-unfinished"),
            ("D e B", "puzzle-not-the-reply"), // e is legal, not the reply
            ("F b", "puzzle-after-wrong-move"),
            ("D c B f", "puzzle-after-solution"),
        ] {
            assert_eq!(judged("kalah-0002", moves), Err(code.to_owned()), "{moves}");
        }
    }
}
