//! The shipped puzzles (`web/puzzles/*.ndjson`): the count shipped, each
//! readable and playable, and a sample re-proved: Kalah's by plain
//! minimax over the rules library (independent of the engine and the
//! tables), and by the proof the command makes, afresh.

use std::path::PathBuf;

use serde_json::Value;
use wari_engine::Engine;
use wari_rules::record::parse_moves;
use wari_rules::{Game, Move, Position, Rules};

use self::kalah_minimax::{Memo, move_values};
use super::themes::THEMES;
use super::{clearly_best, prove_moves};

fn shipped(family: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/puzzles")
        .join(format!("{family}.ndjson"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn position_of(puzzle: &Value) -> Position {
    let rules: Rules = puzzle["rules"].as_str().unwrap().parse().unwrap();
    Position::from_string(puzzle["position"].as_str().unwrap(), rules).unwrap()
}

/// The puzzles shipped per family (docs/PUZZLES.md): Kalah's, proven by
/// the tables, and Oware's, proven by the engine's search (the tables are
/// only estimates under the cycle rule) and checked here by plain
/// minimax where it can.
const SHIPPED: [(&str, usize); 4] = [
    ("kalah", 500),
    ("abapa", 500),
    ("wari", 500),
    ("warri", 500),
];

#[test]
fn every_family_ships_its_puzzles_playable() {
    for (family, count) in SHIPPED {
        let puzzles = shipped(family);
        assert_eq!(puzzles.len(), count, "{family}");
        let mut ids = std::collections::HashSet::new();
        for p in &puzzles {
            assert!(ids.insert(p["id"].as_str().unwrap().to_owned()), "{p}");
            assert_eq!(p["rules"], family, "{p}");
            let mut game = Game::from_position(position_of(p));
            let solver = game.position().turn();
            let solution = parse_moves(p["solution"].as_str().unwrap()).unwrap();
            assert!(
                solution.len() % 2 == 1,
                "the solver moves first and last: {p}"
            );
            for (i, &m) in solution.iter().enumerate() {
                // The solver's moves at even plies, the replies between.
                assert_eq!(game.position().turn() == solver, i % 2 == 0, "{p}");
                game.play(m).unwrap_or_else(|e| panic!("{p}: {e}"));
            }
            for theme in p["themes"].as_array().unwrap() {
                assert!(THEMES.contains(&theme.as_str().unwrap()), "{p}");
            }
            assert!(p["gap"].as_i64().unwrap() >= 2, "{p}");
        }
    }
}

/// Kalah by plain minimax, shared with the server's tests.
#[path = "../../../rules/tests/support/kalah_minimax.rs"]
pub(super) mod kalah_minimax;

#[test]
fn kalah_puzzles_are_right_by_plain_minimax() {
    let mut memo = Memo::new();
    for p in shipped("kalah").iter().step_by(10) {
        let position = position_of(p);
        let me = position.turn();
        let lead = i32::from(position.captured(me)) - i32::from(position.captured(me.opposite()));
        let values = move_values(&position, &mut memo).into_iter();
        assert_answer(p, values.map(|(m, v)| (m, lead + v)));
    }
}

/// Asserts that `values` (each move with the solver's final margin after
/// it) give the puzzle's answer, its value and the gap to the next best.
fn assert_answer(p: &Value, values: impl Iterator<Item = (Move, i32)>) {
    let mut values: Vec<(String, i32)> = values.map(|(m, v)| (m.to_string(), v)).collect();
    values.sort_by_key(|(_, v)| -v);
    let answer = &p["solution"].as_str().unwrap()[..1];
    assert_eq!(values[0].0, answer, "{p}: {values:?}");
    assert_eq!(i64::from(values[0].1), p["value"].as_i64().unwrap(), "{p}");
    assert_eq!(
        i64::from(values[0].1 - values[1].1),
        p["gap"].as_i64().unwrap(),
        "{p}: {values:?}"
    );
}

/// Plain minimax over `Game`, which applies the cycle rule from the whole
/// history, shared with the engine's exact-score tests.
#[path = "../../../rules/tests/support/game_minimax.rs"]
mod game_minimax;

/// Nodes of plain minimax a puzzle may take before it counts as too big
/// to check.
const MINIMAX_NODES: u64 = 50_000;

/// Oware's answers rest on the engine's proofs (the tables are estimates
/// under the cycle rule): every puzzle small enough for plain minimax
/// over `Game` is checked by it, independently of the engine and the
/// tables: the answer, its value and the gap to the next best move.
#[test]
fn oware_puzzles_are_right_by_plain_minimax() {
    let oware = SHIPPED.iter().filter(|(family, _)| *family != "kalah");
    for &(family, _) in oware {
        let mut checked = 0;
        for p in shipped(family) {
            let game = Game::from_position(position_of(&p));
            let Some(values) = game_minimax::move_values(&game, MINIMAX_NODES) else {
                continue;
            };
            assert_answer(&p, values.into_iter());
            checked += 1;
        }
        eprintln!("{family}: {checked} puzzles checked by plain minimax");
        assert!(checked >= 100, "{family}: only {checked} small enough");
    }
}

/// Kalah's puzzles proved again by the command's own proof, afresh.
/// Oware's are not: their proofs are the engine's searches, which find a
/// proof along the way the generator's searched (its tables of up to 12
/// seeds at the horizon, 5,000 nodes a move), and another search may not
/// (`abapa-0301` was not proved again with 2,000,000 nodes over tables of
/// 2 seeds); plain minimax checks them instead, above, independently of
/// the engine.
#[test]
fn a_sample_of_kalah_is_proved_again() {
    for family in ["kalah"] {
        let rules: Rules = family.parse().unwrap();
        let dir =
            std::env::temp_dir().join(format!("wari-puzzle-test-{}-{family}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let near_end = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 S 23-23", rules).unwrap();
        crate::tablebase::build_on_first_use(Some(&dir), &rules, &near_end, &mut |_| {}).unwrap();
        let tables = crate::tablebase::open(Some(&dir), &rules).unwrap();
        let mut engine = Engine::new();
        engine.set_oracle(tables.clone());
        for p in shipped(family).iter().step_by(50) {
            let game = Game::from_position(position_of(p));
            let proven = prove_moves(&mut engine, tables.as_deref(), &game, 2_000_000, &[], None)
                .unwrap_or_else(|| panic!("{p}: not proved again"));
            let best = clearly_best(&proven, 2).unwrap_or_else(|| panic!("{p}: {proven:?}"));
            assert_eq!(
                best.pit.to_string(),
                &p["solution"].as_str().unwrap()[..1],
                "{p}"
            );
            assert_eq!(i64::from(best.margin), p["value"].as_i64().unwrap(), "{p}");
            assert_eq!(
                i64::from(best.margin - proven[1].margin),
                p["gap"].as_i64().unwrap(),
                "{p}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
