//! `wari match`: short matches between the built-in players (the summary,
//! the OGN records, the pairing of openings, the clock, the ply cap), and
//! broken external engines (`fake_engine.sh`) that must lose their games
//! with a clear reason while the match finishes in bounded time.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::Value;
use wari_rules::Game;
use wari_rules::ogn::Record;

use crate::support::wari;

/// A file name in the temporary directory, unique to this run and test.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("wari-match-{}-{name}", std::process::id()))
}

/// Runs a match with `--json` and `--ogn`; returns the summary and the
/// records, each read back and replayed.
#[track_caller]
fn run_match(name: &str, args: &[&str]) -> (Value, Vec<Record>) {
    let ogn = temp_file(&format!("{name}.ogn"));
    let mut all = vec!["match", "--json", "--ogn", ogn.to_str().unwrap()];
    all.extend_from_slice(args);
    let run = wari(&all);
    let summary: Value = serde_json::from_str(run.ok().trim())
        .unwrap_or_else(|e| panic!("the summary is not JSON ({e}):\n{run:#?}"));
    let text = std::fs::read_to_string(&ogn).expect("the OGN file is written");
    let _ = std::fs::remove_file(&ogn);
    // Every record starts with its Variant tag.
    let records = text
        .split("\n\n[Variant ")
        .enumerate()
        .map(|(i, chunk)| {
            let chunk = if i == 0 {
                chunk.to_owned()
            } else {
                format!("[Variant {chunk}")
            };
            let record = Record::read(&chunk)
                .unwrap_or_else(|e| panic!("record {i} does not read back: {e}\n{chunk}"));
            replay(&record);
            record
        })
        .collect();
    (summary, records)
}

/// Replays a record's moves on a fresh game of its rules: every move
/// legal, the game over exactly at the end (or ended there by a fault,
/// the clock or the ply cap).
#[track_caller]
fn replay(record: &Record) {
    let mut game = Game::from_position(*record.game.start());
    for &m in record.game.moves() {
        assert!(!game.is_over(), "a move after the end: {record}");
        game.play(m)
            .unwrap_or_else(|e| panic!("illegal move {m}: {e}\n{record}"));
    }
    let outcome = record.game.outcome().expect("every game is finished");
    if !game.is_over() {
        assert!(
            ["agreement", "resignation", "time"].contains(&outcome.reason().name()),
            "{record}"
        );
    }
}

fn count(summary: &Value, key: &str) -> u64 {
    summary[key]
        .as_u64()
        .unwrap_or_else(|| panic!("no count {key:?} in {summary}"))
}

#[test]
fn short_match_between_built_ins_reports_and_records_every_game() {
    let (summary, records) = run_match(
        "short",
        &[
            "--engine1",
            "level:2",
            "--engine2",
            "baseline:1",
            "--depth",
            "2",
            "--games",
            "4",
            "--seed",
            "11",
            "--concurrency",
            "2",
        ],
    );
    assert_eq!(count(&summary, "games"), 4);
    assert_eq!(
        count(&summary, "wins") + count(&summary, "draws") + count(&summary, "losses"),
        4
    );
    assert_eq!(count(&summary, "faults1") + count(&summary, "faults2"), 0);
    let score = summary["score"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&score));
    for key in ["elo", "elo_low", "elo_high"] {
        assert!(summary.get(key).is_some(), "no {key} in {summary}");
    }
    assert_eq!(summary["engine1"], "level:2");
    assert_eq!(summary["rules"], "abapa");
    assert_eq!(summary["seed"], 11);

    assert_eq!(records.len(), 4);
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record.tag("Round"), Some((i + 1).to_string().as_str()));
        assert_eq!(record.tag("Event"), Some("wari match"));
        assert_eq!(record.tag("TimeControl"), Some("depth 2"));
        assert!(record.tag("Termination").is_some());
        assert_eq!(record.tag("Reason"), None, "{record}");
    }
}

#[test]
fn movetime_match_with_the_summary_in_text() {
    let run = wari(&[
        "match",
        "--engine1",
        "level:3",
        "--engine2",
        "baseline:2",
        "--movetime",
        "10",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    let out = run.ok();
    assert!(
        out.starts_with("level:3 vs baseline:2: 2 games, abapa, movetime 10 ms"),
        "{out}"
    );
    assert!(out.contains("Elo difference: "), "{out}");
    assert!(out.contains("time per move: level:3 "), "{out}");
    // One progress line per game on stderr.
    assert_eq!(
        run.stderr
            .lines()
            .filter(|l| l.starts_with("game "))
            .count(),
        2
    );
}

#[test]
fn paired_games_share_an_opening_with_colours_swapped() {
    let (_, records) = run_match(
        "pairs",
        &[
            "--engine1",
            "level:1",
            "--engine2",
            "baseline:1",
            "--name1",
            "one",
            "--name2",
            "two",
            "--depth",
            "1",
            "--games",
            "8",
            "--openings",
            "3",
            "--seed",
            "5",
        ],
    );
    assert_eq!(records.len(), 8);
    let mut openings = Vec::new();
    for pair in records.chunks(2) {
        let [first, second] = pair else {
            unreachable!()
        };
        let opening = first.tag("Opening").expect("an Opening tag");
        assert_eq!(second.tag("Opening"), Some(opening));
        assert_eq!(opening.split(' ').count(), 3);
        for record in pair {
            let played: Vec<String> = record.game.moves()[..3]
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(played.join(" "), opening);
        }
        assert_eq!(
            (first.tag("South"), first.tag("North")),
            (Some("one"), Some("two"))
        );
        assert_eq!(
            (second.tag("South"), second.tag("North")),
            (Some("two"), Some("one"))
        );
        assert!(!openings.contains(&opening), "opening {opening} twice");
        openings.push(opening);
    }
}

#[test]
fn the_same_seed_gives_the_same_openings() {
    let args = [
        "--engine1",
        "level:1",
        "--engine2",
        "baseline:1",
        "--depth",
        "1",
        "--games",
        "4",
        "--seed",
        "99",
    ];
    let openings = |name: &str| -> Vec<String> {
        let (_, records) = run_match(name, &args);
        records
            .iter()
            .map(|r| r.tag("Opening").unwrap().to_owned())
            .collect()
    };
    assert_eq!(openings("seed-a"), openings("seed-b"));
}

#[test]
fn the_same_seed_replays_every_game_of_the_built_in_levels() {
    // Levels 1 and 2 add a random error to every choice: the seed fixes
    // the errors as well as the openings.
    let args = [
        "--engine1",
        "level:1",
        "--engine2",
        "level:2",
        "--games",
        "4",
        "--seed",
        "5",
    ];
    let games = |name: &str| -> Vec<String> {
        let (_, records) = run_match(name, &args);
        records
            .iter()
            .map(|r| wari_rules::record::write_moves(r.game.moves()))
            .collect()
    };
    assert_eq!(games("replay-a"), games("replay-b"));
}

#[test]
fn fischer_clock_and_other_rules() {
    let (summary, records) = run_match(
        "clock",
        &[
            "--engine1",
            "level:4",
            "--engine2",
            "baseline:2",
            "--tc",
            "2s+0.05",
            "--games",
            "2",
            "--rules",
            "kalah,pits=4,seeds=3",
            "--seed",
            "2",
        ],
    );
    assert_eq!(count(&summary, "games"), 2);
    assert_eq!(summary["time_control"], "2s+0.05");
    for record in &records {
        assert_eq!(record.tag("TimeControl"), Some("2s+0.05"));
        assert_eq!(record.game.rules().to_string(), "kalah,pits=4,seeds=3");
    }
}

#[test]
fn the_ply_cap_ends_games_as_the_cycle_rule_would() {
    let (summary, records) = run_match(
        "cap",
        &[
            "--engine1",
            "level:1",
            "--engine2",
            "baseline:1",
            "--depth",
            "1",
            "--games",
            "2",
            "--max-plies",
            "12",
        ],
    );
    // The whole summary on failure (faults, endings): this failed once
    // in CI on a loaded machine and passed alone.
    assert_eq!(count(&summary, "capped"), 2, "{summary}");
    for record in &records {
        assert_eq!(record.game.moves().len(), 12);
        assert_eq!(record.tag("Termination"), Some("agreement"));
        assert!(
            record.tag("Reason").unwrap().contains("12 plies"),
            "{record}"
        );
    }
}

/// The fake engine in `mode`, as an engine spec.
fn fake(mode: &str) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cli/matches/fake_engine.sh");
    format!("cmd:sh {} {mode}", script.display())
}

/// A match of the built-in level 1 against the fake engine in `mode`:
/// the fake loses every game with a reason containing `reason`, ended
/// by `termination`, and the match ends well within its bound.
#[track_caller]
fn fake_loses_every_game(mode: &str, termination: &str, reason: &str) {
    let started = Instant::now();
    let (summary, records) = run_match(
        mode,
        &[
            "--engine1",
            "level:1",
            "--engine2",
            &fake(mode),
            "--movetime",
            "20",
            "--grace",
            "300",
            "--games",
            "4",
            "--openings",
            "2",
        ],
    );
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "the match took {:?}",
        started.elapsed()
    );
    assert_eq!(count(&summary, "wins"), 4, "{summary}");
    assert_eq!(count(&summary, "faults2"), 4, "{summary}");
    // A perfect score: a finite estimate, no finite upper bound.
    assert!(summary["elo"].as_f64().unwrap() > 0.0, "{summary}");
    assert!(summary["elo_high"].is_null(), "{summary}");
    // Named by its `id name`, or by its command when it never gave one.
    let name = match mode {
        "crash" => fake(mode).strip_prefix("cmd:").unwrap().to_owned(),
        _ => format!("fake {mode}"),
    };
    assert_eq!(summary["engine2"], name.as_str());
    for record in &records {
        assert_eq!(record.tag("Termination"), Some(termination), "{record}");
        let note = record.tag("Reason").expect("a Reason tag");
        assert!(note.contains(reason), "{note:?} lacks {reason:?}");
    }
}

#[test]
fn an_engine_that_never_answers_go_loses_on_time() {
    fake_loses_every_game("silent", "time", "loses on time: no bestmove within");
}

#[test]
fn an_engine_that_plays_an_illegal_move_forfeits() {
    fake_loses_every_game("illegal", "resignation", "forfeits: played ");
}

#[test]
fn an_engine_that_crashes_after_uci_forfeits() {
    fake_loses_every_game(
        "crash",
        "resignation",
        "forfeits: the engine exited while we waited for uciok",
    );
}

#[test]
fn an_engine_that_answers_garbage_forfeits() {
    fake_loses_every_game(
        "garbage",
        "resignation",
        "forfeits: answered \"bestmove hello\": not a move",
    );
}

#[test]
fn bad_matches_are_input_errors() {
    let base = ["match", "--engine1", "level:1", "--engine2"];
    let error = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        wari(&args).input_error().to_owned()
    };
    assert!(error(&["baseline:1", "--games", "3"]).contains("--games 3"));
    assert!(error(&["level:11"]).contains("level"));
    assert!(error(&["baseline:0"]).contains("baseline"));
    assert!(error(&["baseline:1", "--tc", "fast"]).contains("time control"));
    assert!(error(&["baseline:1", "--sprt", "10,0"]).contains("--sprt"));
    assert!(error(&["baseline:1", "--option1", "OwnBook=false"]).contains("built in"));
    assert!(error(&["baseline:1", "--option2", "OwnBook"]).contains("NAME=VALUE"));
    let missing = error(&["cmd:/nonexistent/engine"]);
    assert!(missing.contains("cannot be started"), "{missing}");
    // The fake has no Rules option: it can only play abapa.
    let fake = fake("silent");
    let no_rules = error(&[&fake, "--rules", "kalah"]);
    assert!(no_rules.contains("no Rules option"), "{no_rules}");
}

#[test]
fn a_sequential_test_stops_once_its_ratio_crosses_a_bound() {
    // Level 5 against level 1 at depth 2: a gap of hundreds of Elo, so
    // "50 Elo stronger" is accepted long before the 200 games.
    let (summary, records) = run_match(
        "sprt",
        &[
            "--engine1",
            "level:5",
            "--engine2",
            "level:1",
            "--depth",
            "2",
            "--games",
            "200",
            "--seed",
            "5",
            "--concurrency",
            "2",
            "--sprt",
            "0,50",
        ],
    );
    let sprt = &summary["sprt"];
    assert_eq!(sprt["verdict"], "H1", "{summary}");
    let llr = sprt["llr"].as_f64().unwrap();
    assert!(llr >= sprt["upper"].as_f64().unwrap(), "{summary}");
    let games = count(&summary, "games");
    assert!(games < 200, "{summary}");
    // Only whole pairs are played, and every pair is counted.
    assert_eq!(games % 2, 0);
    let pairs: u64 = sprt["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(pairs * 2, games, "{summary}");
    assert_eq!(records.len() as u64, games);
}

#[test]
fn a_node_count_per_move_is_a_time_control() {
    let (summary, records) = run_match(
        "nodes",
        &[
            "--engine1",
            "level:10",
            "--engine2",
            "level:10",
            "--nodes",
            "300",
            "--games",
            "2",
            "--seed",
            "3",
        ],
    );
    assert_eq!(count(&summary, "games"), 2);
    assert_eq!(summary["time_control"], "nodes 300");
    for record in &records {
        assert_eq!(record.tag("TimeControl"), Some("nodes 300"));
    }
}
