//! Runs the real `wari` binary: `wari egdb build|probe|stats|verify` on
//! small tables in a temporary directory, and `wari solve` on small games.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// What one run of `wari` printed.
#[derive(Debug)]
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    #[track_caller]
    fn ok(&self) -> &str {
        assert_eq!(self.status, Some(0), "wari failed:\n{self:#?}");
        &self.stdout
    }

    /// The one `wari: error: ` line of a failed run with `status`.
    #[track_caller]
    fn error(&self, status: i32) -> &str {
        assert_eq!(
            self.status,
            Some(status),
            "expected exit status {status}:\n{self:#?}"
        );
        assert!(
            self.stderr.ends_with('\n') && self.stderr.lines().count() == 1,
            "expected one line on stderr:\n{self:#?}"
        );
        self.stderr
            .trim_end()
            .strip_prefix("wari: error: ")
            .unwrap_or_else(|| panic!("expected `wari: error: `:\n{self:#?}"))
    }

    fn json(&self) -> Value {
        serde_json::from_str(self.ok()).expect("one JSON object")
    }
}

fn wari(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_wari"))
        .args(args)
        .env_remove("WARI_EGDB")
        .output()
        .expect("the wari binary runs");
    Run {
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Tables of abapa on 3 pits up to 6 seeds.
fn built(dir: &Path) {
    let d = dir.to_str().unwrap();
    let run = wari(&[
        "egdb",
        "build",
        "--rules",
        "abapa,pits=3",
        "--max-seeds",
        "6",
        "--dir",
        d,
    ]);
    assert!(
        run.ok().contains("built abapa,pits=3 up to 6 seeds"),
        "{run:#?}"
    );
    // Off a terminal, one plain line per seed count.
    assert_eq!(
        run.stderr
            .lines()
            .filter(|l| l.starts_with("seeds "))
            .count(),
        7,
        "{run:#?}"
    );
}

mod egdb {
    use super::{Value, built, wari};

    #[test]
    fn build_then_rebuild_keeps_the_files() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let run = wari(&[
            "egdb",
            "build",
            "--rules",
            "abapa,pits=3",
            "--max-seeds",
            "7",
            "--dir",
            d,
        ]);
        run.ok();
        assert_eq!(run.stderr.matches("kept").count(), 7, "{run:#?}");
        assert!(dir.path().join("abapa,pits=3/07.egdb").exists());
    }

    #[test]
    fn probe_prints_the_value_and_every_move() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        // South's C sows into a and b, making 2 and 2: both captured.
        let run = wari(&["egdb", "probe", "--dir", d, "0,0,2/1,1,1 S 10-5", "--json"]);
        let json = run.json();
        let moves = json["moves"].as_object().unwrap();
        assert_eq!(moves.keys().cloned().collect::<Vec<_>>(), ["C"]);
        // C takes 4 now; North is left with one seed and South with none:
        // North must sow it and South then has a seed on an empty board.
        let value = json["value"].as_i64().unwrap();
        assert_eq!(moves["C"], Value::from(value));
        assert!(value >= 2, "{json}");
        assert_eq!(json["seeds"], 5);
        assert_eq!(json["rules"], "abapa,pits=3");
        // North to move: the moves are North's letters.
        let run = wari(&["egdb", "probe", "--dir", d, "1,1,1/0,1,1 N 0-0", "--json"]);
        let json = run.json();
        let letters: Vec<_> = json["moves"].as_object().unwrap().keys().cloned().collect();
        assert_eq!(letters, ["b", "c"]);
        let best = json["moves"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_i64().unwrap())
            .max();
        assert_eq!(best, json["value"].as_i64());
        // The text form lists one move a line after the value.
        let text = wari(&["egdb", "probe", "--dir", d, "1,1,1/0,1,1", "N", "0-0"]);
        let lines: Vec<_> = text.ok().lines().collect();
        assert!(lines[0].contains("value"), "{text:#?}");
        assert_eq!(lines.len(), 3, "{text:#?}");
    }

    #[test]
    fn probe_beyond_the_tables_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let message = wari(&["egdb", "probe", "--dir", d, "3,3,3/0,0,1 S 0-0"])
            .error(2)
            .to_owned();
        assert!(message.contains("10 seeds"), "{message}");
        assert!(message.contains("--max-seeds 10"), "{message}");
        let message = wari(&[
            "egdb",
            "probe",
            "--dir",
            d,
            "--rules",
            "warri,pits=3",
            "1,0,0/0,0,1 S 0-0",
        ])
        .error(2)
        .to_owned();
        assert!(message.contains("warri,pits=3"), "{message}");
    }

    #[test]
    fn probe_of_a_corrupt_table_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let file = dir.path().join("abapa,pits=3/05.egdb");
        let bytes = std::fs::read(&file).unwrap();
        std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
        let message = wari(&["egdb", "probe", "--dir", d, "0,0,2/1,1,1 S 0-0"])
            .error(2)
            .to_owned();
        assert!(
            message.contains("05.egdb") && message.contains("truncated"),
            "{message}"
        );
    }

    #[test]
    fn stats_counts_every_position() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let run = wari(&["egdb", "stats", "--rules", "abapa,pits=3", "--dir", d]);
        let out = run.ok();
        // Header, then two lines per seed count.
        assert_eq!(out.lines().count(), 1 + 2 * 7, "{out}");
        for line in out.lines().skip(1).step_by(2) {
            let fields: Vec<u64> = line
                .split_whitespace()
                .map(|f| f.parse().unwrap())
                .collect();
            let (seeds, positions) = (fields[0] as usize, fields[1]);
            assert_eq!(positions, wari_positions(seeds), "{line}");
            assert_eq!(fields[2] + fields[3] + fields[4], positions, "{line}");
        }
    }

    /// Boards of `seeds` seeds on 6 pits: C(seeds + 5, 5).
    fn wari_positions(seeds: usize) -> u64 {
        (1..=5).fold(1u64, |acc, i| acc * (seeds + i) as u64 / i as u64)
    }

    #[test]
    fn verify_passes_on_a_built_table_and_fails_on_a_changed_value() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let run = wari(&["egdb", "verify", "--rules", "abapa,pits=3", "--dir", d]);
        assert_eq!(run.ok().matches("consistent").count(), 7, "{run:#?}");
        // Change one value and make the checksum match again.
        let file = dir.path().join("abapa,pits=3/06.egdb");
        let mut bytes = std::fs::read(&file).unwrap();
        let at = wari_egdb::HEADER_LEN + 300;
        bytes[at] = (bytes[at] & 0x80) | (bytes[at].wrapping_add(4) & 0x7f);
        let sum = wari_egdb::checksum(&bytes[wari_egdb::HEADER_LEN..]);
        bytes[32..40].copy_from_slice(&sum.to_le_bytes());
        std::fs::write(&file, &bytes).unwrap();
        let run = wari(&["egdb", "verify", "--rules", "abapa,pits=3", "--dir", d]);
        let message = run.error(1).to_owned();
        assert!(message.contains("failed verification"), "{message}");
        assert!(run.stdout.contains("inconsistent"), "{run:#?}");
        // A flipped byte without a new checksum: the file itself is refused.
        bytes[at] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        let run = wari(&["egdb", "verify", "--rules", "abapa,pits=3", "--dir", d]);
        run.error(1);
        assert!(run.stdout.contains("checksum"), "{run:#?}");
    }

    #[test]
    fn commands_without_tables_are_clear_errors() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        for command in ["stats", "verify"] {
            let message = wari(&["egdb", command, "--dir", d]).error(2).to_owned();
            assert!(message.contains("no tables for abapa"), "{message}");
        }
    }
}

mod solve {
    use super::wari;

    #[test]
    fn solves_small_kalah() {
        let json = wari(&["solve", "--rules", "kalah,pits=3,seeds=3", "--json"]).json();
        assert_eq!(json["value"], 2, "{json}");
        let pv = json["pv"].as_str().unwrap();
        assert!(pv.starts_with("A B"), "{json}");
        let json = wari(&["solve", "--rules", "kalah,pits=2,seeds=2", "--json"]).json();
        assert_eq!(json["value"], -2, "{json}");
    }

    #[test]
    fn the_pv_is_a_legal_game_worth_the_value() {
        let json = wari(&["solve", "--rules", "kalah,pits=3,seeds=2", "--json"]).json();
        let pv = json["pv"].as_str().unwrap();
        let replay = wari(&["replay", "--rules", "kalah,pits=3,seeds=2", pv]);
        let game: serde_json::Value = serde_json::from_str(replay.ok()).unwrap();
        assert_eq!(game["over"], true, "{game}");
        let captured = game["captured"].as_array().unwrap();
        let margin = captured[0].as_i64().unwrap() - captured[1].as_i64().unwrap();
        assert_eq!(Some(margin), json["value"].as_i64(), "{game}");
    }

    #[test]
    fn solves_small_oware_and_prints_text() {
        let run = wari(&["solve", "--rules", "abapa,pits=3,seeds=1"]);
        let out = run.ok();
        assert!(out.starts_with("abapa,pits=3,seeds=1: "), "{out}");
        assert!(out.contains("pv: "), "{out}");
    }

    /// `--egdb`: the search reads tables already built, and builds none.
    #[test]
    fn solves_kalah_by_search_over_built_tables() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let rules = "kalah,pits=4,seeds=3";
        wari(&[
            "egdb",
            "build",
            "--rules",
            rules,
            "--max-seeds",
            "10",
            "--dir",
            d,
        ])
        .ok();
        let over = wari(&["solve", "--rules", rules, "--egdb", d, "--json"]).json();
        let retrograde = wari(&[
            "solve",
            "--rules",
            rules,
            "--method",
            "retrograde",
            "--json",
        ])
        .json();
        assert_eq!(over["value"], retrograde["value"], "{over}");
        assert_eq!(over["method"], "search", "{over}");
        assert_eq!(over["table_seeds"], 10, "{over}");
        let refused = wari(&[
            "solve",
            "--rules",
            rules,
            "--egdb",
            d,
            "--method",
            "retrograde",
        ]);
        assert!(refused.error(2).contains("--egdb"), "{}", refused.error(2));
        let other = wari(&["solve", "--rules", "kalah,pits=3,seeds=3", "--egdb", d]);
        assert!(
            other.error(2).contains("kalah,pits=3"),
            "{}",
            other.error(2)
        );
    }

    #[test]
    fn solves_kalah_by_search() {
        let json = wari(&[
            "solve",
            "--rules",
            "kalah,pits=4,seeds=3",
            "--method",
            "search",
            "--json",
        ])
        .json();
        assert_eq!(json["method"], "search", "{json}");
        assert_eq!(json["value"], 8, "{json}");
        assert!(json["nodes"].as_u64().unwrap() > 0, "{json}");
        // The variation is a whole game worth the value.
        let pv = json["pv"].as_str().unwrap();
        let replay = wari(&["replay", "--rules", "kalah,pits=4,seeds=3", pv]);
        let game: serde_json::Value = serde_json::from_str(replay.ok()).unwrap();
        assert_eq!(game["over"], true, "{game}");
        let captured = game["captured"].as_array().unwrap();
        let margin = captured[0].as_i64().unwrap() - captured[1].as_i64().unwrap();
        assert_eq!(Some(margin), json["value"].as_i64(), "{game}");
        let text = wari(&[
            "solve",
            "--rules",
            "kalah,pits=4,seeds=3",
            "--method",
            "search",
        ]);
        assert!(text.ok().contains("South wins by 8"), "{text:?}");
        let message = wari(&["solve", "--rules", "abapa,pits=2", "--method", "search"])
            .error(2)
            .to_owned();
        assert!(message.contains("only Kalah"), "{message}");
    }

    #[test]
    fn refuses_a_game_too_large() {
        let message = wari(&["solve", "--rules", "kalah", "--method", "retrograde"])
            .error(2)
            .to_owned();
        assert!(message.contains("too large"), "{message}");
        let message = wari(&[
            "solve",
            "--rules",
            "abapa,pits=6,seeds=2",
            "--memory",
            "100",
        ])
        .error(2)
        .to_owned();
        assert!(message.contains("MiB"), "{message}");
    }
}

/// Tables of `rules` up to 6 seeds.
fn built_for(dir: &Path, rules: &str) {
    let run = wari(&[
        "egdb",
        "build",
        "--rules",
        rules,
        "--max-seeds",
        "6",
        "--dir",
        dir.to_str().unwrap(),
    ]);
    run.ok();
}

/// South's captures minus North's in a position string, and whether
/// South is to move.
fn counts(position: &str, rules: &str) -> (i64, bool) {
    use wari_rules::{Position, Side};
    let p = Position::from_string(position, rules.parse().unwrap()).unwrap();
    let ahead = i64::from(p.captured(Side::South)) - i64::from(p.captured(Side::North));
    (ahead, p.turn() == Side::South)
}

mod analyze_with_tables {
    use super::{built, built_for, counts, wari};

    const EVEN: &str = "abapa,pits=3,cycle=even";

    /// With the tables, a depth-1 search of a position inside them proves
    /// who wins: the winner and a margin the tables confirm (the counts
    /// so far plus the table's value of the move is at least the margin),
    /// with a move that wins.
    #[test]
    fn analyze_marks_values_from_the_tables_as_exact() {
        let dir = tempfile::tempdir().unwrap();
        built_for(dir.path(), EVEN);
        let d = dir.path().to_str().unwrap();
        let mut exact = 0;
        for position in [
            "1,0,2/1,1,0 S 10-5",
            "0,2,1/0,1,2 N 7-7",
            "3,0,0/1,0,1 S 9-6",
            "0,0,2/1,1,1 S 10-5",
        ] {
            let probe = wari(&[
                "egdb", "probe", "--rules", EVEN, "--dir", d, position, "--json",
            ])
            .json();
            let analysis = wari(&[
                "analyze", "--rules", EVEN, "--egdb", d, "--depth", "1", "--json", position,
            ])
            .json();
            let (south_ahead, south_to_move) = counts(position, EVEN);
            let so_far = if south_to_move {
                south_ahead
            } else {
                -south_ahead
            };
            let best = analysis["best"].as_str().unwrap();
            let after_best = so_far + probe["moves"][best].as_i64().unwrap();
            let best_value = probe["moves"]
                .as_object()
                .unwrap()
                .values()
                .map(|v| v.as_i64().unwrap())
                .max()
                .unwrap();
            if analysis["exact"].as_bool() == Some(true) {
                exact += 1;
                // Who wins is what the tables say of the move played.
                let margin = analysis["cp"].as_i64().unwrap() / 100;
                assert_eq!(
                    after_best.signum(),
                    margin.signum(),
                    "{position}: {analysis} {probe}"
                );
                assert_eq!(
                    after_best.signum(),
                    (so_far + best_value).signum(),
                    "{position}"
                );
            }
        }
        assert!(
            exact >= 3,
            "most of these are proven by the tables at depth 1"
        );
    }

    /// Under `cycle=2` the tables' values are the convention's, not the
    /// game's (docs/ENDGAME.md), so the search does not take them as
    /// exact.
    #[test]
    fn under_cycle_2_the_tables_are_not_taken_as_exact() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let analysis = wari(&[
            "analyze",
            "--egdb",
            d,
            "--depth",
            "1",
            "--json",
            "1,0,2/1,1,0 S 10-5",
        ])
        .json();
        assert_eq!(analysis["exact"].as_bool(), Some(false), "{analysis}");
    }

    #[test]
    fn without_tables_the_same_search_is_an_estimate() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let analysis = wari(&[
            "analyze",
            "--egdb",
            d,
            "--depth",
            "1",
            "--json",
            "1,0,2/1,1,0 S 10-5",
        ])
        .json();
        assert_eq!(analysis["exact"].as_bool(), Some(false), "{analysis}");
    }
}

mod perfect_play {
    use super::{built_for, counts, wari};

    const EVEN: &str = "abapa,pits=3,cycle=even";

    /// From positions inside the tables (under `cycle=even`, where they
    /// are exact), the engine with the tables plays both sides to the end
    /// under the real rules (`wari replay`: every move legal, the cycle
    /// rule judged from the whole game), and the side the tables name
    /// wins.
    #[test]
    fn the_engine_with_tables_wins_what_the_tables_say() {
        let dir = tempfile::tempdir().unwrap();
        built_for(dir.path(), EVEN);
        let d = dir.path().to_str().unwrap();
        let mut played = 0;
        for start in [
            "0,0,2/1,1,1 S 10-5",
            "1,2,0/0,1,1 N 8-7",
            "2,0,1/1,0,2 S 9-6",
            "0,1,1/2,1,0 N 6-9",
            "1,1,1/1,1,1 S 8-8",
        ] {
            let probe = wari(&[
                "egdb", "probe", "--rules", EVEN, "--dir", d, start, "--json",
            ])
            .json();
            let value = probe["value"].as_i64().unwrap();
            let (south_ahead, south_to_move) = counts(start, EVEN);
            let south_margin = south_ahead + if south_to_move { value } else { -value };
            let mut moves: Vec<String> = Vec::new();
            let end = loop {
                let mut args = vec!["replay", "--rules", EVEN, "--from", start];
                args.extend(moves.iter().map(String::as_str));
                let state = wari(&args).json();
                if state["over"].as_bool().unwrap() {
                    break state;
                }
                assert!(moves.len() < 200, "{start}: no end after {moves:?}");
                let mut args = vec![
                    "analyze", "--rules", EVEN, "--egdb", d, "--depth", "8", "--json", start,
                ];
                let joined = moves.join(" ");
                if !moves.is_empty() {
                    args.extend(["--moves", joined.as_str()]);
                }
                let analysis = wari(&args).json();
                moves.push(analysis["best"].as_str().unwrap().to_owned());
            };
            played += 1;
            let captured: Vec<i64> = end["captured"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_i64().unwrap())
                .collect();
            // Under cycle=even a repetition shares the seeds left: the
            // counts stay as they were, the halves are in the score.
            let final_margin = captured[0] - captured[1];
            assert_eq!(
                final_margin.signum(),
                south_margin.signum(),
                "{start} {moves:?}: {end}"
            );
        }
        assert_eq!(played, 5);
    }
}
