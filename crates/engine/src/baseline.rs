//! The baseline the project measures itself against: a plain fixed-depth
//! alpha-beta with a seed-count evaluation.
//!
//! It is kept deliberately naive so that the gap between it and
//! [`Engine`](crate::Engine) measures what the engine's search and
//! evaluation add: negamax with alpha-beta to a fixed depth, moves tried
//! in pit order, the capture difference as the only evaluation, finished
//! games scored by their final counts, the cycle rule judged from the
//! game's history and the path. No transposition table, no move ordering,
//! no quiescence, no time control.

use wari_rules::{Cycle, Game, Move, Position, Side};

/// The move a plain alpha-beta search to `depth` plies (at least 1)
/// chooses: the first in pit order among those of the best value, where
/// a leaf is worth the capture difference for the side to move and a
/// finished game its final counts. `None` when the game is over.
///
/// The cycle rule (RULES.md §2.5) ends a line when a position repeats
/// the game's positions since its last capture or the line's own; it is
/// then worth what each player's own row gives them.
///
/// ```
/// use wari_engine::baseline_move;
/// use wari_rules::{Game, Position, Rules};
///
/// // South captures three seeds with F (the last seed makes North's a 3).
/// let start = Position::from_string("0,0,0,0,0,1/2,5,0,0,0,4 S 20-16", Rules::default())?;
/// let game = Game::from_position(start);
/// assert_eq!(baseline_move(&game, 4).map(|m| m.to_string()), Some("F".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn baseline_move(game: &Game, depth: u32) -> Option<Move> {
    search(game, depth).map(|(m, _)| m)
}

/// The baseline's move and its value (seeds for the side to move).
fn search(game: &Game, depth: u32) -> Option<(Move, i32)> {
    if game.is_over() {
        return None;
    }
    let root = *game.position();
    let mut baseline = Baseline {
        cycle: root.rules().cycle(),
        path: game
            .since_last_capture()
            .iter()
            .map(|p| (p.key(), p.seeds_on_board()))
            .collect(),
    };
    let me = root.turn();
    let mut alpha = -INFINITY;
    let mut best = None;
    for m in root.legal_moves() {
        let mut child = root;
        child.play_unchecked(m);
        let value = baseline.child_value(&child, me, depth.max(1) - 1, alpha, INFINITY);
        if best.is_none() || value > alpha {
            alpha = value;
            best = Some((m, value));
        }
    }
    best
}

/// Above any count difference.
const INFINITY: i32 = 1_000;

/// A position on the path from the game's last capture: its key (board
/// and turn) and the seeds on its board.
type Step = (u128, u8);

struct Baseline {
    cycle: Cycle,
    /// The game's positions since its last capture, then the search's
    /// path, the node being searched last.
    path: Vec<Step>,
}

impl Baseline {
    /// The value for `me` (who just moved) of the position `child`,
    /// searched to `depth` within `(alpha, beta)` from `me`'s view.
    fn child_value(
        &mut self,
        child: &Position,
        me: Side,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.path.push((child.key(), child.seeds_on_board()));
        // A Kalah extra move (or a `warri` grand slam) leaves the same
        // side to move.
        let value = if child.turn() == me {
            self.negamax(child, depth, alpha, beta)
        } else {
            -self.negamax(child, depth, -beta, -alpha)
        };
        self.path.pop();
        value
    }

    /// The value of `p` (last on the path) for its side to move.
    fn negamax(&mut self, p: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let me = p.turn();
        if p.is_over() {
            // The rows are already swept into the counts when the end
            // says so: the counts are final.
            return captured_difference(p, me);
        }
        if !p.rules().is_kalah() && self.is_cycle() {
            let rows = if self.cycle == Cycle::Even {
                0
            } else {
                row_sum(p, me) - row_sum(p, me.opposite())
            };
            return captured_difference(p, me) + rows;
        }
        if depth == 0 {
            return captured_difference(p, me);
        }
        let mut best = -INFINITY;
        for m in p.legal_moves() {
            let mut child = *p;
            child.play_unchecked(m);
            let value = self.child_value(&child, me, depth - 1, alpha, beta);
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Whether the position last on the path occurred before since the
    /// last capture as often as the cycle rule allows.
    fn is_cycle(&self) -> bool {
        let (last, history) = self.path.split_last().expect("a position on the path");
        let seen = 1 + history
            .iter()
            .rev()
            .take_while(|(_, on_board)| *on_board == last.1)
            .filter(|(key, _)| *key == last.0)
            .count();
        seen >= self.cycle.occurrences()
    }
}

fn captured_difference(p: &Position, me: Side) -> i32 {
    i32::from(p.captured(me)) - i32::from(p.captured(me.opposite()))
}

fn row_sum(p: &Position, side: Side) -> i32 {
    p.row(side).iter().map(|&s| i32::from(s)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::Rules;

    fn game(position: &str, rules: &str) -> Game {
        let rules: Rules = rules.parse().unwrap();
        Game::from_position(Position::from_string(position, rules).unwrap())
    }

    fn letter(game: &Game, depth: u32) -> String {
        baseline_move(game, depth).unwrap().to_string()
    }

    #[test]
    fn finds_an_obvious_capture() {
        // F's last seed makes North's a a 3: three seeds.
        let g = game("0,0,0,0,0,1/2,5,0,0,0,4 S 20-16", "abapa");
        for depth in 1..=6 {
            assert_eq!(letter(&g, depth), "F", "depth {depth}");
        }
        // Values are the whole count difference: 20 + 3 against 16.
        assert_eq!(search(&g, 1).unwrap().1, 7);
    }

    #[test]
    fn avoids_an_obvious_loss_of_seeds_at_depth_2() {
        // A leaves B with one seed, and North's f (2 seeds) then ends
        // there and captures 2; F keeps every pit safe (the counts stay
        // 20-23). Depth 1 sees no difference and plays the first pit.
        let g = game("1,0,0,0,0,1/0,0,0,0,1,2 S 20-23", "abapa");
        assert_eq!(letter(&g, 1), "A");
        assert_eq!(search(&g, 2).unwrap(), ("F".parse().unwrap(), 20 - 23));
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let mut g = Game::default();
        g.resign(Side::South);
        assert_eq!(baseline_move(&g, 3), None);
    }

    #[test]
    fn cycle_rule_judged_from_the_game_history() {
        // After these moves North's d brings back a position of the
        // game: the cycle ends it and North, a seed ahead, also takes its
        // row's two seeds against South's one. Only the game's history
        // tells; from the bare position every move is worth North's lead.
        let mut g = game("1,0,0,0,0,0/2,0,0,0,0,0 S 22-23", "abapa");
        let moves = wari_rules::record::parse_moves("AaBcCbDcEdFfAaBbCeDcEfF").unwrap();
        wari_rules::record::play_moves(&mut g, &moves).unwrap();
        assert_eq!(g.position().to_string(), "1,0,0,0,0,0/1,0,0,1,0,0 N 22-23");
        assert_eq!(search(&g, 1).unwrap(), ("d".parse().unwrap(), 2));
        let bare = Game::from_position(*g.position());
        assert_eq!(search(&bare, 1).unwrap(), ("a".parse().unwrap(), 1));
        g.play("d".parse().unwrap()).unwrap();
        let outcome = g.outcome().unwrap();
        assert_eq!(outcome.reason(), wari_rules::EndReason::Repetition);
        assert_eq!(outcome.score_text(), "23-25");
    }

    #[test]
    fn kalah_extra_move_keeps_the_side_to_move() {
        // South's D (3 seeds) ends in the store: South moves again, and
        // the second ply is South's too: F (1 seed) puts one more seed in
        // the store, 12 against 10.
        let g = game("0,0,0,3,0,0/1,1,1,1,1,1 S 10-10", "kalah");
        assert_eq!(search(&g, 2).unwrap(), ("D".parse().unwrap(), 2));
    }

    #[test]
    fn plays_legal_moves_through_a_game() {
        for rules in ["abapa", "wari", "warri", "kalah", "abapa,cycle=3"] {
            let mut g = Game::new(rules.parse().unwrap());
            let mut plies = 0;
            while !g.is_over() && plies < 300 {
                let m = baseline_move(&g, 3).expect("a move while the game goes on");
                g.play(m).unwrap();
                plies += 1;
            }
        }
    }
}
