//! Runs the real `wari` binary: `wari egdb build|probe|stats|verify` on
//! small tables in a temporary directory, and `wari solve` on small games.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The table file format as docs/ENDGAME.md describes it.
#[path = "../../../egdb/tests/support/format.rs"]
mod format;

use crate::support::{Run, build_tables, build_tables_to, wari_with};

/// Runs `wari` without the environment's tables directory: these tests
/// name theirs.
fn wari(args: &[&str]) -> Run {
    wari_with(args, |command| {
        command.env_remove("WARI_EGDB");
    })
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

/// Cuts the table of `seeds` seeds (abapa on 3 pits) in `dir` to half
/// its length; its path and whole bytes.
fn cut_short(dir: &Path, seeds: usize) -> (std::path::PathBuf, Vec<u8>) {
    let file = dir.join(format!("abapa,pits=3/{seeds:02}.egdb"));
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    (file, bytes)
}

mod tables {
    use super::{Command, Path, Value, built, cut_short, format, wari};

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
        cut_short(dir.path(), 5);
        let message = wari(&["egdb", "probe", "--dir", d, "0,0,2/1,1,1 S 0-0"])
            .error(2)
            .to_owned();
        assert!(
            message.contains("05.egdb") && message.contains("truncated"),
            "{message}"
        );
    }

    /// `build --compressed` writes version-2 files that `probe`, `stats`
    /// and `verify` read as the plain build's, with `--exits` too (model
    /// kind 5); `compress` turns the plain files into the same bytes; a
    /// damaged compressed file is refused with one line naming it.
    #[test]
    fn compressed_tables_read_as_the_plain_ones() {
        for exits in [&[][..], &["--exits"][..]] {
            compressed_tables_read_as_the_plain_ones_with(exits);
        }
    }

    fn compressed_tables_read_as_the_plain_ones_with(exits: &[&str]) {
        let rules = "wari,pits=4,cycle=even";
        let build = |dir: &Path, extra: &[&str]| {
            let d = dir.to_str().unwrap();
            let args = [
                &[
                    "egdb",
                    "build",
                    "--rules",
                    rules,
                    "--max-seeds",
                    "10",
                    "--dir",
                    d,
                ],
                extra,
            ]
            .concat();
            wari(&args).ok();
        };
        let plain = tempfile::tempdir().unwrap();
        build(plain.path(), &[]);
        let packed = tempfile::tempdir().unwrap();
        build(packed.path(), &[&["--compressed"][..], exits].concat());
        let file = |dir: &Path, seeds: usize| {
            std::fs::read(dir.join(format!("{rules}/{seeds:02}.egdb"))).unwrap()
        };
        assert_eq!(file(plain.path(), 10)[8], 1);
        assert_eq!(file(packed.path(), 10)[8], 2);
        // The payload's model kind: 5 (exits) with --exits only (kind 1
        // or 4 without: the payload starts with 0 and the kind, or with
        // kind 1's block size).
        let head = file(packed.path(), 10)[128..130].to_vec();
        assert_eq!(head == [0, 5], !exits.is_empty(), "{exits:?}: {head:?}");
        assert!(file(packed.path(), 10).len() < file(plain.path(), 10).len());
        let both = |args: &[&str]| {
            let run = |dir: &Path| {
                let d = dir.to_str().unwrap();
                wari(&[args, &["--rules", rules, "--dir", d]].concat())
                    .ok()
                    .to_owned()
            };
            (run(plain.path()), run(packed.path()))
        };
        let (a, b) = both(&["egdb", "probe", "--json", "2,0,3,1/0,3,1,0 S 20-18"]);
        assert_eq!(a, b);
        let (a, b) = both(&["egdb", "stats"]);
        assert_eq!(a, b);
        let (a, b) = both(&["egdb", "verify"]);
        assert_eq!(a.matches("consistent").count(), 11, "{a}");
        assert_eq!(b.matches("consistent").count(), 11, "{b}");
        // Compressing the plain files gives the compressed build's bytes.
        let d = plain.path().to_str().unwrap();
        wari(
            &[
                &["egdb", "compress", "--rules", rules, "--dir", d][..],
                exits,
            ]
            .concat(),
        )
        .ok();
        for seeds in 0..=10 {
            assert!(
                file(plain.path(), seeds) == file(packed.path(), seeds),
                "{seeds} seeds"
            );
        }
        // Cut short, then one byte changed: refused, the file named.
        let path = packed.path().join(format!("{rules}/09.egdb"));
        let bytes = file(packed.path(), 9);
        let p = packed.path().to_str().unwrap();
        let probe = || {
            wari(&[
                "egdb",
                "probe",
                "--rules",
                rules,
                "--dir",
                p,
                "2,0,2,1/0,3,1,0 S 20-19",
            ])
        };
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        let message = probe().error(2).to_owned();
        assert!(message.contains("09.egdb"), "{message}");
        let mut changed = bytes.clone();
        changed[bytes.len() - 40] ^= 4;
        std::fs::write(&path, &changed).unwrap();
        let message = probe().error(2).to_owned();
        assert!(
            message.contains("09.egdb") && message.contains("checksum"),
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
        let at = format::header_len(&bytes) + 300;
        bytes[at] = (bytes[at] & 0x80) | (bytes[at].wrapping_add(4) & 0x7f);
        format::reseal(&mut bytes);
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
    fn build_replaces_a_damaged_table_and_says_so() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let (cut, bytes) = cut_short(dir.path(), 5);
        let flipped = dir.path().join("abapa,pits=3/03.egdb");
        let mut other = std::fs::read(&flipped).unwrap();
        let at = format::header_len(&other) + 1;
        other[at] ^= 1;
        std::fs::write(&flipped, &other).unwrap();
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
        run.ok();
        let said: Vec<&str> = run
            .stderr
            .lines()
            .filter(|l| l.contains("building it again"))
            .collect();
        assert_eq!(said.len(), 2, "{run:#?}");
        assert!(
            said[0].starts_with("seeds  3: ") && said[0].contains("checksum"),
            "{said:?}"
        );
        assert!(
            said[1].starts_with("seeds  5: ") && said[1].contains("truncated"),
            "{said:?}"
        );
        assert_eq!(std::fs::read(&cut).unwrap(), bytes);
        let run = wari(&["egdb", "verify", "--rules", "abapa,pits=3", "--dir", d]);
        assert_eq!(run.ok().matches("consistent").count(), 7, "{run:#?}");
        // Nothing else is left in the directory.
        let mut names: Vec<String> = std::fs::read_dir(dir.path().join("abapa,pits=3"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(
            names,
            (0..=6).map(|k| format!("{k:02}.egdb")).collect::<Vec<_>>()
        );
    }

    #[test]
    fn verify_names_a_missing_or_damaged_table_and_fails() {
        let dir = tempfile::tempdir().unwrap();
        built(dir.path());
        let d = dir.path().to_str().unwrap();
        let missing = dir.path().join("abapa,pits=3/04.egdb");
        std::fs::remove_file(&missing).unwrap();
        let run = wari(&["egdb", "verify", "--rules", "abapa,pits=3", "--dir", d]);
        let message = run.error(1).to_owned();
        assert_eq!(
            message,
            format!(
                "the tables of abapa,pits=3 failed verification: {} is missing",
                missing.display()
            )
        );
        assert_eq!(run.stdout.matches("consistent").count(), 4, "{run:#?}");
        assert_eq!(run.stdout.matches("not checked").count(), 2, "{run:#?}");
        // Put back, with the largest table cut short.
        built(dir.path());
        cut_short(dir.path(), 6);
        let run = wari(&["egdb", "verify", "--rules", "abapa,pits=3", "--dir", d]);
        let message = run.error(1).to_owned();
        assert!(
            message.contains("06.egdb") && message.contains("truncated"),
            "{message}"
        );
    }

    #[test]
    fn a_named_directory_must_exist_except_to_build_in() {
        let dir = tempfile::tempdir().unwrap();
        let nowhere = dir.path().join("nowhere");
        let n = nowhere.to_str().unwrap();
        let expected = format!(
            "no directory {n} for the endgame tables (wari egdb build --dir {n} makes one)"
        );
        for args in [
            vec!["egdb", "probe", "--dir", n, "0,0,2/1,1,1 S 0-0"],
            vec!["egdb", "stats", "--dir", n],
            vec!["egdb", "verify", "--dir", n],
            vec!["egdb", "bench", "--dir", n],
            vec!["analyze", "--egdb", n, "0,0,2/1,1,1 S 0-0", "--depth", "2"],
            vec!["solve", "--rules", "kalah,pits=3,seeds=3", "--egdb", n],
            vec!["serve", "--egdb", n, "--bind", "127.0.0.1:0"],
        ] {
            assert_eq!(wari(&args).error(2), expected, "{args:?}");
        }
        assert!(!nowhere.exists());
        // Building makes it.
        let run = wari(&[
            "egdb",
            "build",
            "--rules",
            "abapa,pits=2",
            "--max-seeds",
            "2",
            "--dir",
            n,
        ]);
        run.ok();
        assert!(nowhere.join("abapa,pits=2/02.egdb").exists());
    }

    #[test]
    fn tables_built_on_first_use_go_only_where_named() {
        // A home and a working directory of its own: nothing may appear in
        // them when the tables' directory is named.
        let home = tempfile::tempdir().unwrap();
        let here = tempfile::tempdir().unwrap();
        let tables = tempfile::tempdir().unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_wari"))
            .args(["analyze", "--rules", "abapa,pits=3", "--depth", "2"])
            .args([
                "--egdb",
                tables.path().to_str().unwrap(),
                "0,0,2/1,1,1 S 10-5",
            ])
            .env_remove("WARI_EGDB")
            .env_remove("XDG_DATA_HOME")
            .env("HOME", home.path())
            .current_dir(here.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        assert!(tables.path().join("abapa,pits=3/12.egdb").exists());
        assert_eq!(std::fs::read_dir(home.path()).unwrap().count(), 0);
        assert_eq!(std::fs::read_dir(here.path()).unwrap().count(), 0);
        // Without one, the default in the user's data directory.
        let output = Command::new(env!("CARGO_BIN_EXE_wari"))
            .args([
                "analyze",
                "--rules",
                "abapa,pits=3",
                "--depth",
                "2",
                "0,0,2/1,1,1 S 10-5",
            ])
            .env_remove("WARI_EGDB")
            .env_remove("XDG_DATA_HOME")
            .env("HOME", home.path())
            .current_dir(here.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        assert!(
            home.path()
                .join(".local/share/wari/egdb/abapa,pits=3/12.egdb")
                .exists()
        );
        assert_eq!(std::fs::read_dir(here.path()).unwrap().count(), 0);
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
    use super::{build_tables_to, wari};

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
        build_tables_to(dir.path(), rules, 10);
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

/// South's captures minus North's in a position string, and whether
/// South is to move.
fn counts(position: &str, rules: &str) -> (i64, bool) {
    use wari_rules::{Position, Side};
    let p = Position::from_string(position, rules.parse().unwrap()).unwrap();
    let ahead = i64::from(p.captured(Side::South)) - i64::from(p.captured(Side::North));
    (ahead, p.turn() == Side::South)
}

mod analyze_with_tables {
    use super::{build_tables, built, counts, wari};

    const EVEN: &str = "abapa,pits=3,cycle=even";

    /// With the tables, a depth-1 search of a position inside them proves
    /// who wins: the winner and a margin the tables confirm (the counts
    /// so far plus the table's value of the move is at least the margin),
    /// with a move that wins.
    #[test]
    fn analyze_marks_values_from_the_tables_as_exact() {
        let dir = tempfile::tempdir().unwrap();
        build_tables(dir.path(), EVEN);
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
    use super::{build_tables, counts, wari};

    const EVEN: &str = "abapa,pits=3,cycle=even";

    /// From positions inside the tables (under `cycle=even`, where they
    /// are exact), the engine with the tables plays both sides to the end
    /// under the real rules (`wari replay`: every move legal, the cycle
    /// rule judged from the whole game), and the side the tables name
    /// wins.
    #[test]
    fn the_engine_with_tables_wins_what_the_tables_say() {
        let dir = tempfile::tempdir().unwrap();
        build_tables(dir.path(), EVEN);
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
