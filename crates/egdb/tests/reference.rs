//! The tables against a plain negamax over the game tree, written here
//! from the rules alone: no ranks, no bounds, no passes.
//!
//! Under `cycle=even` the reference is the game itself: play goes on from
//! the position with no history, a position that repeats ends the game
//! with the seeds left shared (worth 0 more to either side). Under the
//! other rules it is the convention of `docs/ENDGAME.md` computed another
//! way: the value where a repetition is the worst outcome for the player
//! to move at the root (`lo`) and where it is the best (`hi`), by search
//! over the paths from the root, and the table's mark and value follow
//! from them.

use std::collections::{HashMap, HashSet};

use wari_egdb::{Quiet, Tables, Value, build, positions, unrank};
use wari_rules::{Position, Rules, Side};

/// The position of a board (the mover's row first), South to move,
/// nothing captured, played on to the natural end.
fn fresh(rules: &Rules, board: &[u8]) -> Position {
    let play = if rules.is_kalah() {
        *rules
    } else {
        rules.with_playout(true).unwrap()
    };
    let seeds: u8 = board.iter().sum();
    Position::from_parts_unchecked(play, board, [0, 0], seeds, Side::South)
}

/// The same position with nothing captured and South to move.
fn normalise(rules: &Rules, p: &Position) -> Position {
    let mut board = p.row(p.turn()).to_vec();
    board.extend_from_slice(p.row(p.turn().opposite()));
    fresh(rules, &board)
}

/// What the player to move in `q` gains by reaching `child`.
fn gained(q: &Position, child: &Position) -> i32 {
    let me = q.turn();
    let them = me.opposite();
    let mine = i32::from(child.captured(me)) - i32::from(q.captured(me));
    let theirs = i32::from(child.captured(them)) - i32::from(q.captured(them));
    mine - theirs
}

/// The game with no layers: a repetition is worth 0 more (`cycle=even`).
/// Negamax with alpha-beta pruning, which is exact on any finite tree:
/// the path makes the tree finite.
fn even_game(q: &Position, alpha: i32, beta: i32, path: &mut HashSet<u128>) -> i32 {
    if q.is_over() {
        return 0;
    }
    if !path.insert(q.key()) {
        return 0;
    }
    let mut best = i32::MIN;
    let mut alpha = alpha;
    for mv in q.legal_moves() {
        let child = q.play(mv).unwrap();
        let g = gained(q, &child);
        let v = if child.turn() == q.turn() {
            g + even_game(&child, alpha - g, beta - g, path)
        } else {
            g - even_game(&child, g - beta, g - alpha, path)
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    path.remove(&q.key());
    best
}

/// The convention, layer by layer: `(score, by_cycle)` of a position with
/// nothing captured, South to move.
struct Convention {
    rules: Rules,
    memo: HashMap<u128, (i32, bool)>,
}

impl Convention {
    fn value(&mut self, p: &Position) -> (i32, bool) {
        if p.is_over() {
            // Set up with no move: the rows are already swept into the
            // counts, nothing is left to capture.
            return (0, false);
        }
        if let Some(&v) = self.memo.get(&p.key()) {
            return v;
        }
        let k = i32::from(p.seeds_on_board());
        let lo = self.search(p, p, -k, (-k - 1, k + 1), &mut HashSet::new());
        let hi = self.search(p, p, k, (-k - 1, k + 1), &mut HashSet::new());
        let v = if lo == hi {
            (lo, false)
        } else {
            let c = if self.rules.cycle() == wari_rules::Cycle::Even {
                0
            } else {
                let own: i32 = p.row(p.turn()).iter().map(|&s| i32::from(s)).sum();
                let other: i32 = p
                    .row(p.turn().opposite())
                    .iter()
                    .map(|&s| i32::from(s))
                    .sum();
                own - other
            };
            (c.clamp(lo, hi), true)
        };
        self.memo.insert(p.key(), v);
        v
    }

    /// The value for the player to move in `q` where a repetition is worth
    /// `cycle` to the player to move at `root` (negamax with alpha-beta).
    fn search(
        &mut self,
        root: &Position,
        q: &Position,
        cycle: i32,
        (mut alpha, beta): (i32, i32),
        path: &mut HashSet<u128>,
    ) -> i32 {
        if !path.insert(q.key()) {
            return if q.turn() == root.turn() {
                cycle
            } else {
                -cycle
            };
        }
        let mut best = i32::MIN;
        for mv in q.legal_moves() {
            let child = q.play(mv).unwrap();
            let g = gained(q, &child);
            let v = if child.is_over() {
                g
            } else if child.seeds_on_board() < q.seeds_on_board() {
                let (rest, _) = self.value(&normalise(&self.rules, &child));
                g + if child.turn() == q.turn() {
                    rest
                } else {
                    -rest
                }
            } else {
                -self.search(root, &child, cycle, (-beta, -alpha), path)
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        path.remove(&q.key());
        best
    }
}

/// A small random number generator, reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Checks `samples` random boards of each seed count up to `max_seeds`.
fn compare(rules_text: &str, max_seeds: usize, samples: u64) {
    let rules: Rules = rules_text.parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), &rules, max_seeds, &Quiet).unwrap();
    let tables = Tables::open(dir.path(), &rules).unwrap();
    let m = usize::from(rules.pits());
    let mut convention = Convention {
        rules,
        memo: HashMap::new(),
    };
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut marked = 0;
    for k in 0..=max_seeds {
        let n = positions(m, k);
        for s in 0..samples.min(n) {
            let index = if n <= samples { s } else { rng.below(n) };
            let mut board = vec![0u8; 2 * m];
            unrank(index, k, &mut board);
            let p = fresh(&rules, &board);
            let table = tables.probe(&p).unwrap().unwrap();
            let (score, by_cycle) = convention.value(&p);
            assert_eq!(
                table,
                Value::new(score as i8, by_cycle),
                "{rules_text}: board {board:?}"
            );
            marked += u32::from(by_cycle);
            if rules.cycle() == wari_rules::Cycle::Even && k <= 5 {
                let game = even_game(&p, -100, 100, &mut HashSet::new());
                assert_eq!(
                    i32::from(table.score()),
                    game,
                    "{rules_text}: board {board:?}"
                );
            }
            // The move values agree with the value.
            let moves = tables.probe_moves(&p).unwrap().unwrap();
            if !table.by_cycle() && !p.is_over() {
                let best = moves.iter().map(|(_, v)| v.score()).max().unwrap();
                assert_eq!(best, table.score(), "{rules_text}: board {board:?}");
            }
        }
    }
    if !rules.is_kalah() {
        assert!(
            marked > 0,
            "{rules_text}: no cycle met, the test proves little"
        );
    }
}

#[test]
fn abapa_tables_equal_the_reference() {
    compare("abapa,pits=2", 8, 60);
    compare("abapa,pits=3", 5, 60);
}

#[test]
fn wari_tables_equal_the_reference() {
    compare("wari,pits=2", 8, 60);
    compare("wari,pits=3", 5, 60);
}

#[test]
fn warri_tables_equal_the_reference() {
    compare("warri,pits=2", 8, 60);
    compare("warri,pits=3", 5, 60);
}

#[test]
fn even_cycle_tables_equal_the_game() {
    compare("wari,pits=2,cycle=even", 7, 80);
    compare("wari,pits=3,cycle=even", 5, 80);
}

#[test]
fn kalah_tables_equal_the_reference() {
    compare("kalah,pits=2", 8, 60);
    compare("kalah,pits=3", 6, 60);
    compare("kalah,pits=3,empty-capture=off", 6, 60);
}

#[test]
fn positions_with_north_to_move_read_the_swapped_board() {
    let rules: Rules = "abapa,pits=3".parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), &rules, 4, &Quiet).unwrap();
    let tables = Tables::open(dir.path(), &rules).unwrap();
    let south = Position::from_string("0,1,2/1,0,0 S 3-5", rules).unwrap();
    let north = Position::from_string("1,0,0/0,1,2 N 5-3", rules).unwrap();
    assert_eq!(tables.probe(&south).unwrap(), tables.probe(&north).unwrap());
    let letters = |p: &Position| -> String {
        tables
            .probe_moves(p)
            .unwrap()
            .unwrap()
            .iter()
            .map(|(m, v)| format!("{m}{}", v.score()))
            .collect()
    };
    assert_eq!(letters(&south).to_lowercase(), letters(&north));
}
