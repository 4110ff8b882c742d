//! The analysis board's view of a position: every legal move searched to
//! the same depth (so the three best lines carry true scores, not bounds),
//! and what the endgame tables say of each move.
//!
//! The engine reports one principal variation; a move's line here is the
//! move, then the engine's search of the position it leaves one ply
//! shallower, read back from the mover's side (Kalah's extra move and a
//! `warri` grand slam keep the turn, so their score is not negated). Each
//! child search takes a slot of the computer's pool on its own, so a long
//! analysis lets the computer's moves and other clients' searches in
//! between.

use std::cmp::Reverse;

use wari_engine::{Known, Level, Limits, Oracle, Score};
use wari_rules::{Game, Move, Position, Side};

use crate::api::error::Error;
use crate::computer::Computer;
use crate::pool::Work;

/// One move's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The move, then the engine's expected continuation.
    pub pv: Vec<Move>,
    /// Its score, from the mover's view.
    pub score: Score,
    /// Whether the score is the endgame tables' exact value (which, unlike
    /// the engine's scores, also proves a draw).
    pub from_tables: bool,
}

impl Line {
    /// Whether the line's value is proven: by the tables, or by the
    /// engine (which calls a score exact only when it proved it).
    #[must_use]
    pub fn is_proven(&self) -> bool {
        self.from_tables || self.score.is_exact()
    }
}

/// Every legal move of `game`'s position searched `depth` plies deep
/// (`depth >= 1`), best first, each search on the pool as `work` (the
/// analysis board's, or a review's); where `oracle` (the endgame tables)
/// knows the position a move leaves exactly, its value is the tables'.
///
/// # Errors
/// As [`Computer::think`].
pub async fn lines(
    computer: &Computer,
    game: &Game,
    depth: u32,
    oracle: Option<&dyn Oracle>,
    work: Work,
) -> Result<Vec<Line>, Error> {
    let mover = game.position().turn();
    let mut lines = Vec::new();
    for m in game.legal_moves() {
        let mut child = game.clone();
        child
            .play(m)
            .map_err(|e| Error::Internal(format!("a legal move was refused: {e}")))?;
        let line = if let Some(outcome) = child.outcome() {
            let halves =
                i32::from(outcome.halves(mover)) - i32::from(outcome.halves(mover.opposite()));
            Line {
                pv: vec![m],
                score: Score::Exact {
                    margin: halves / 2,
                    plies: 1,
                },
                from_tables: false,
            }
        } else {
            let result = computer
                .think(
                    child.clone(),
                    Level::FULL,
                    || Limits::depth(depth.saturating_sub(1).max(1)),
                    false,
                    work,
                )
                .await?;
            let seen = if child.position().turn() == mover {
                result.score
            } else {
                result.score.flipped()
            };
            let score = match seen {
                Score::Exact { margin, plies } => Score::Exact {
                    margin,
                    plies: plies + 1,
                },
                estimate => estimate,
            };
            let mut pv = vec![m];
            pv.extend(result.pv);
            match oracle.and_then(|o| exact_margin(o, child.position(), mover)) {
                Some(margin) => Line {
                    pv,
                    score: Score::Exact {
                        margin,
                        plies: match score {
                            Score::Exact { plies, .. } => plies,
                            Score::Seeds(_) => 0,
                        },
                    },
                    from_tables: true,
                },
                None => Line {
                    pv,
                    score,
                    from_tables: false,
                },
            }
        };
        lines.push(line);
    }
    lines.sort_by_key(|l| Reverse(rank(l.score)));
    Ok(lines)
}

/// Orders scores as the engine does: a proven win above any estimate
/// (a bigger one first, then a quicker one), a proven loss below any.
pub(crate) fn rank(score: Score) -> i64 {
    const PROVEN: i64 = 1 << 40;
    match score {
        Score::Seeds(c) => i64::from(c),
        Score::Exact { margin: 0, .. } => 0,
        Score::Exact { margin, plies } if margin > 0 => {
            PROVEN + i64::from(margin) * 1000 - i64::from(plies)
        }
        Score::Exact { margin, plies } => -PROVEN + i64::from(margin) * 1000 + i64::from(plies),
    }
}

/// What the tables say of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableValue {
    /// The move.
    pub pit: Move,
    /// The final capture difference after it under best play, for the
    /// mover.
    pub margin: i32,
    /// Whether it is the game's value (Kalah, `cycle=even`, or the game
    /// over after the move) rather than the tables' cycle convention
    /// (docs/ENDGAME.md).
    pub exact: bool,
}

/// The value of each legal move whose position the tables (`oracle`)
/// hold, or that ends the game, in the order of the legal moves; empty
/// far from the end.
#[must_use]
pub fn table_values(oracle: Option<&dyn Oracle>, game: &Game) -> Vec<TableValue> {
    let position = *game.position();
    let mover = position.turn();
    let mut values = Vec::new();
    for m in game.legal_moves() {
        let mut child = game.clone();
        if child.play(m).is_err() {
            continue;
        }
        let after = *child.position();
        if let Some(outcome) = child.outcome() {
            let halves =
                i32::from(outcome.halves(mover)) - i32::from(outcome.halves(mover.opposite()));
            values.push(TableValue {
                pit: m,
                margin: halves / 2,
                exact: true,
            });
            continue;
        }
        let Some(known) = oracle.and_then(|o| o.probe(&after)) else {
            continue;
        };
        let (still, exact) = match known {
            Known::Exact(v) => (v, true),
            Known::Estimate(v) => (v, false),
        };
        values.push(TableValue {
            pit: m,
            margin: final_margin(&after, still, mover),
            exact,
        });
    }
    values
}

/// The final capture difference for `mover` when the player to move at
/// `after` will still take `still` seeds more than the other: the counts
/// so far plus that, from the mover's side.
fn final_margin(after: &Position, still: i32, mover: Side) -> i32 {
    let to_move = after.turn();
    let margin =
        i32::from(after.captured(to_move)) - i32::from(after.captured(to_move.opposite())) + still;
    if to_move == mover { margin } else { -margin }
}

/// The tables' exact final margin for `mover` of the position `after` a
/// move, if they know it exactly.
fn exact_margin(oracle: &dyn Oracle, after: &Position, mover: Side) -> Option<i32> {
    match oracle.probe(after)? {
        Known::Exact(still) => Some(final_margin(after, still, mover)),
        Known::Estimate(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proven_win_ranks_above_any_estimate_and_a_loss_below() {
        let win = Score::Exact {
            margin: 1,
            plies: 9,
        };
        let quicker = Score::Exact {
            margin: 1,
            plies: 3,
        };
        let loss = Score::Exact {
            margin: -1,
            plies: 3,
        };
        assert!(rank(win) > rank(Score::Seeds(4_700)));
        assert!(rank(quicker) > rank(win));
        assert!(rank(loss) < rank(Score::Seeds(-4_700)));
        assert_eq!(
            rank(Score::Exact {
                margin: 0,
                plies: 5
            }),
            0
        );
    }
}
