//! `wari tune --egdb`: Oware's weights and pit values fitted to searches
//! with the endgame tables, written as the engine's source file.

use crate::support::{build_tables_to, wari};

/// The engine's weights file as it is in the repository.
const CURRENT: &str = include_str!("../../../engine/src/weights.rs");

/// The line of `source` that starts with `start`.
fn line<'a>(source: &'a str, start: &str) -> &'a str {
    source
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start:?} in\n{source}"))
}

#[test]
fn with_tables_oware_gets_pit_values_and_kalah_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    build_tables_to(dir.path(), "abapa", 8);
    let tables = dir.path().to_str().unwrap();
    let file = dir.path().join("weights.rs");
    let out = wari(&[
        "tune",
        "--egdb",
        tables,
        "--label-nodes",
        "300",
        "--games",
        "6",
        "--depth",
        "2",
        "--rounds",
        "1",
        "--duel",
        "0",
        "--write",
        file.to_str().unwrap(),
    ])
    .ok()
    .to_owned();
    assert!(
        out.contains("Oware (abapa), round 1: 6 games at depth 2"),
        "{out}"
    );
    assert!(!out.contains("Kalah, round"), "{out}");
    let written = std::fs::read_to_string(&file).unwrap();
    // Kalah's weights are the repository's, untouched.
    let kalah = "pub(crate) const KALAH";
    assert_eq!(line(&written, kalah), line(CURRENT, kalah));
    // The command that made the file heads it.
    assert!(
        written.contains(&format!("--egdb {tables} --label-nodes 300`")),
        "{written}"
    );
    // Two rows of six pits, sixteen counts each, not all zero.
    let values: Vec<Vec<i32>> = written
        .lines()
        .skip_while(|l| !l.starts_with("pub(crate) const OWARE_PITS"))
        .filter_map(|l| l.trim().strip_prefix('[')?.strip_suffix("],"))
        .map(|l| l.split(", ").map(|x| x.parse().unwrap()).collect())
        .collect();
    assert_eq!(values.len(), 12, "{written}");
    assert!(values.iter().all(|v| v.len() == 16), "{written}");
    assert!(values.iter().flatten().any(|&v| v != 0), "{written}");
}
