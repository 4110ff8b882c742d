//! Differential tests against OpenSpiel: every ply of the random games in
//! `tests/fixtures/openspiel` (where they come from: its README) is replayed
//! and compared.

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use serde_json::Value;
use wari_rules::{EndReason, Game, Move, Rules, Side};

/// At most this many mismatches are printed in full; all are counted.
const SHOWN: usize = 10;

/// `crates/rules/tests/fixtures/openspiel`, part of the repository. A
/// missing folder fails the test: a differential test that cannot find its
/// data must not pass.
fn fixtures_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/openspiel");
    assert!(
        dir.is_dir(),
        "the OpenSpiel fixtures are missing: expected the folder {}",
        dir.display()
    );
    dir
}

/// The games of one fixture file, one JSON object a line.
fn games(file: &str) -> Vec<Value> {
    let path = fixtures_dir().join(file);
    let text = fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read fixture {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{file} line {}: not JSON: {e}", i + 1))
        })
        .collect()
}

fn str_field<'a>(value: &'a Value, key: &str) -> &'a str {
    value[key]
        .as_str()
        .unwrap_or_else(|| panic!("fixture field {key:?} is not a string: {value}"))
}

/// The letters of a list of moves, sorted, as one string: `"ABDF"`.
fn letters(moves: impl IntoIterator<Item = Move>) -> String {
    let mut letters: Vec<char> = moves.into_iter().map(Move::letter).collect();
    letters.sort_unstable();
    letters.into_iter().collect()
}

/// Replays game `index` and returns what disagrees with the fixture.
fn replay(index: usize, fixture: &Value) -> Vec<String> {
    let mut mismatches = Vec::new();
    let rules: Rules = str_field(fixture, "rules")
        .parse()
        .unwrap_or_else(|e| panic!("game {index}: bad rules: {e}"));
    let plies = fixture["plies"]
        .as_array()
        .unwrap_or_else(|| panic!("game {index}: no plies"));
    let recorded: Vec<&str> = str_field(fixture, "moves").split_whitespace().collect();
    let mut game = Game::new(rules);
    for (ply, step) in plies.iter().enumerate() {
        let ply_no = ply + 1;
        let theirs = str_field(step, "position");
        let ours = game.position().to_string();
        if ours != theirs {
            mismatches.push(format!(
                "game {index} ply {ply_no}: position before the move: ours {ours}, OpenSpiel {theirs}"
            ));
        }
        let their_legal = letters(
            step["legal"]
                .as_array()
                .unwrap_or_else(|| panic!("game {index} ply {ply_no}: no legal list"))
                .iter()
                .map(|l| {
                    l.as_str()
                        .and_then(|s| s.parse().ok())
                        .unwrap_or_else(|| panic!("game {index} ply {ply_no}: bad letter {l}"))
                }),
        );
        let our_legal = letters(game.legal_moves());
        if our_legal != their_legal {
            mismatches.push(format!(
                "game {index} ply {ply_no} at {ours}: legal moves: ours {our_legal:?}, OpenSpiel {their_legal:?}"
            ));
        }
        let letter = str_field(step, "move");
        if recorded.get(ply) != Some(&letter) {
            mismatches.push(format!(
                "game {index} ply {ply_no}: the fixture's moves list says {:?}, its plies say {letter:?}",
                recorded.get(ply)
            ));
        }
        let m: Move = letter
            .parse()
            .unwrap_or_else(|e| panic!("game {index} ply {ply_no}: {e}"));
        if let Err(e) = game.play(m) {
            mismatches.push(format!(
                "game {index} ply {ply_no} at {ours}: OpenSpiel plays {m}, we refuse it: {e}"
            ));
            return mismatches;
        }
    }
    if recorded.len() != plies.len() {
        mismatches.push(format!(
            "game {index}: {} moves recorded but {} plies",
            recorded.len(),
            plies.len()
        ));
    }

    let last = *game.position();
    let Some(outcome) = game.outcome() else {
        mismatches.push(format!(
            "game {index}: OpenSpiel's game is over after {} plies, ours is not, at {last}",
            plies.len()
        ));
        return mismatches;
    };
    let result = str_field(fixture, "result");
    if outcome.result_name() != result {
        mismatches.push(format!(
            "game {index}: result: ours {} ({}), OpenSpiel {result}, at {last}",
            outcome.result_name(),
            outcome.reason()
        ));
    }
    // OpenSpiel also sweeps the rows at a majority end; RULES.md §1 leaves
    // those seeds on the board, so add them back before comparing.
    let ours = Side::ALL.map(|side| {
        let row: u32 = if outcome.reason() == EndReason::Majority {
            last.row(side).iter().map(|&s| u32::from(s)).sum()
        } else {
            0
        };
        u32::from(last.captured(side)) + row
    });
    let theirs: Vec<u64> = fixture["final_totals"]
        .as_array()
        .unwrap_or_else(|| panic!("game {index}: no final_totals"))
        .iter()
        .map(|t| t.as_u64().expect("final_totals are whole numbers"))
        .collect();
    if theirs != ours.map(u64::from) {
        mismatches.push(format!(
            "game {index}: final totals: ours {ours:?} (ended by {}, at {last}), OpenSpiel {theirs:?}",
            outcome.reason()
        ));
    }
    mismatches
}

/// Replays every game of a fixture file and fails with the first few
/// mismatches, if any.
fn check_file(file: &str, expected_rules: &str) {
    let games = games(file);
    assert_eq!(games.len(), 200, "{file}: expected 200 games");
    let mut mismatches = Vec::new();
    let mut plies = 0;
    for (index, fixture) in games.iter().enumerate() {
        assert_eq!(
            str_field(fixture, "rules"),
            expected_rules,
            "{file} game {index}"
        );
        plies += fixture["plies"].as_array().map_or(0, Vec::len);
        mismatches.extend(replay(index, fixture));
    }
    assert!(plies > 0, "{file}: no plies at all");
    if !mismatches.is_empty() {
        let mut report = format!(
            "{file}: {} mismatches with OpenSpiel over {} games, {plies} plies; the first ones:\n",
            mismatches.len(),
            games.len()
        );
        for m in mismatches.iter().take(SHOWN) {
            let _ = writeln!(report, "  {m}");
        }
        panic!("{report}");
    }
}

#[test]
fn openspiel_abapa_games_agree_ply_by_ply() {
    check_file("abapa.jsonl", "abapa");
}

#[test]
fn openspiel_kalah_without_empty_capture_games_agree_ply_by_ply() {
    check_file("kalah-no-empty-capture.jsonl", "kalah,empty-capture=off");
}
