//! Runs the real `wari` binary: the output contract other programs rely on
//! (perft's last line, replay's JSON keys) and the error paths (exit status
//! 2, one `wari: error: ` line on stderr).

use serde_json::Value;

use crate::support::wari;

const START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0";

mod perft {
    use super::wari;

    /// The count perft prints on its last line.
    fn count(args: &[&str]) -> u64 {
        let run = wari(args);
        let last = run.ok().lines().last().expect("perft prints a line");
        last.parse()
            .unwrap_or_else(|_| panic!("last line {last:?} is not a count"))
    }

    #[test]
    fn last_line_is_the_oware_start_count() {
        for (depth, expected) in [(1, 6), (2, 36), (3, 190), (4, 1014), (5, 5219)] {
            assert_eq!(
                count(&["perft", &depth.to_string()]),
                expected,
                "depth {depth}"
            );
        }
    }

    #[test]
    fn last_line_is_the_kalah_start_count() {
        for (depth, expected) in [(1, 6), (2, 35), (3, 185), (4, 942), (5, 4685)] {
            let depth = depth.to_string();
            assert_eq!(count(&["perft", &depth, "--rules", "kalah"]), expected);
        }
    }

    #[test]
    fn depth_zero_counts_one() {
        assert_eq!(count(&["perft", "0"]), 1);
        assert_eq!(wari(&["perft", "0", "--divide"]).ok(), "1\n");
    }

    #[test]
    fn counts_from_a_position() {
        // North must play a or f (b..e are empty).
        let from = "0,0,0,1,2,0/3,0,0,0,0,1 N 20-21";
        assert_eq!(count(&["perft", "1", "--from", from]), 2);
        assert_eq!(count(&["perft", "2", "--from", from]), 5);
    }

    #[test]
    fn infers_pits_from_the_position() {
        assert_eq!(count(&["perft", "1", "--from", "1,2,0/3,0,0 S 0-0"]), 2);
        assert_eq!(count(&["perft", "3", "--from", "1,2,0/3,0,0 S 0-0"]), 5);
    }

    #[test]
    fn divide_lists_each_move_and_sums_to_the_total() {
        let run = wari(&["perft", "4", "--divide"]);
        let lines: Vec<&str> = run.ok().lines().collect();
        assert_eq!(lines.len(), 7, "{lines:?}");
        let (moves, total) = lines.split_at(6);
        let mut sum = 0;
        for (line, letter) in moves.iter().zip(["A", "B", "C", "D", "E", "F"]) {
            let (m, n) = line.split_once(": ").expect("LETTER: COUNT");
            assert_eq!(m, letter);
            sum += n.parse::<u64>().expect("a count");
        }
        assert_eq!(total, ["1014"]);
        assert_eq!(sum, 1014);
    }

    #[test]
    fn divide_from_a_position() {
        let from = "0,0,0,1,2,0/3,0,0,0,0,1 N 20-21";
        let run = wari(&["perft", "2", "--divide", "--from", from]);
        assert_eq!(run.ok(), "a: 2\nf: 3\n5\n");
    }

    #[test]
    fn timing_goes_to_stderr() {
        let run = wari(&["perft", "3"]);
        assert_eq!(run.ok(), "190\n");
        assert!(
            run.stderr.starts_with("perft 3: 190 leaves in "),
            "{run:#?}"
        );
        assert!(run.stderr.contains("leaves/s"), "{run:#?}");
    }
}

mod replay {
    use super::{START, Value, wari};

    fn replay(args: &[&str]) -> Value {
        let mut all = vec!["replay"];
        all.extend_from_slice(args);
        let run = wari(&all);
        let stdout = run.ok();
        assert_eq!(stdout.lines().count(), 1, "one JSON line: {stdout:?}");
        serde_json::from_str(stdout).expect("replay prints JSON")
    }

    fn letters(value: &Value) -> String {
        value
            .as_array()
            .expect("an array of letters")
            .iter()
            .map(|v| v.as_str().expect("a letter"))
            .collect()
    }

    #[test]
    fn start_position_with_no_moves() {
        let state = replay(&[]);
        assert_eq!(state["position"], START);
        assert_eq!(state["to_move"], "S");
        assert_eq!(state["over"], false);
        assert_eq!(state["result"], Value::Null);
        assert_eq!(state["reason"], Value::Null);
        assert_eq!(state["captured"], serde_json::json!([0, 0]));
        assert_eq!(letters(&state["legal"]), "ABCDEF");
        assert_eq!(letters(&state["moves"]), "");
        assert_eq!(state["rules"], "abapa");
    }

    #[test]
    fn mid_game() {
        let state = replay(&["C", "d", "A", "f"]);
        assert_eq!(state["position"], "1,7,2,7,7,6/5,4,4,0,5,0 S 0-0");
        assert_eq!(state["to_move"], "S");
        assert_eq!(state["over"], false);
        assert_eq!(letters(&state["moves"]), "CdAf");
        assert_eq!(letters(&state["legal"]), "ABCDEF");
    }

    #[test]
    fn moves_joined_or_in_one_string_read_the_same() {
        let separate = replay(&["C", "d", "A", "f"]);
        assert_eq!(replay(&["CdAf"]), separate);
        assert_eq!(replay(&["C d A f"]), separate);
        assert_eq!(replay(&["Cd", "Af"]), separate);
    }

    #[test]
    fn capture_counts_in_captured() {
        // The last seed of E makes North's a hold 2: captured.
        let from = "0,0,0,0,2,0/1,3,0,0,0,0 S 20-22";
        let state = replay(&["--from", from, "E"]);
        assert_eq!(state["captured"], serde_json::json!([22, 22]));
        assert_eq!(state["to_move"], "N");
    }

    #[test]
    fn kalah_extra_move_keeps_the_turn() {
        let state = replay(&["--rules", "kalah", "C"]);
        assert_eq!(state["position"], "4,4,0,5,5,5/4,4,4,4,4,4 S 1-0");
        assert_eq!(state["to_move"], "S");
        assert_eq!(state["rules"], "kalah");
        assert_eq!(letters(&state["legal"]), "ABDEF");
    }

    #[test]
    fn majority_ends_the_game() {
        let state = replay(&["--from", "0,0,0,0,0,1/1,0,0,0,1,0 S 23-22", "F"]);
        assert_eq!(state["over"], true);
        assert_eq!(state["result"], "S");
        assert_eq!(state["reason"], "majority");
        assert_eq!(state["score"], "25-22");
        assert_eq!(state["captured"], serde_json::json!([25, 22]));
        assert_eq!(state["position"], "0,0,0,0,0,0/0,0,0,0,1,0 N 25-22");
        assert_eq!(letters(&state["legal"]), "");
    }

    #[test]
    fn a_finished_position_stays_finished() {
        let state = replay(&["--from", "0,0,0,0,0,1/0,0,0,0,0,0 N 20-27"]);
        assert_eq!(state["over"], true);
        assert_eq!(state["result"], "N");
        assert_eq!(state["reason"], "majority");
    }

    /// Two single seeds chase each other round the board: after 12 plies
    /// the start comes back, the second occurrence ends the game and each
    /// player takes their own row (RULES.md §2.5).
    const CHASE: &str = "1,0,0,0,0,0/1,0,0,0,0,0 S 23-23";

    #[test]
    fn repetition_ends_the_game_at_the_second_occurrence() {
        let state = replay(&["--from", CHASE, "A a B b C c D d E e F"]);
        assert_eq!(state["over"], false, "11 plies: no repetition yet");
        let state = replay(&["--from", CHASE, "AaBbCcDdEeFf"]);
        assert_eq!(state["over"], true);
        assert_eq!(state["reason"], "repetition");
        assert_eq!(state["result"], "draw");
        assert_eq!(state["captured"], serde_json::json!([24, 24]));
        assert_eq!(state["position"], "0,0,0,0,0,0/0,0,0,0,0,0 S 24-24");
        assert_eq!(letters(&state["legal"]), "");
        assert_eq!(letters(&state["moves"]).len(), 12);
    }

    #[test]
    fn cycle_three_waits_for_the_third_occurrence() {
        let twelve = "AaBbCcDdEeFf";
        let args = ["--from", CHASE, "--rules", "abapa,cycle=3"];
        let once = replay(&[&args[..], &[twelve]].concat());
        assert_eq!(once["over"], false);
        let twice = replay(&[&args[..], &[twelve, twelve]].concat());
        assert_eq!(twice["reason"], "repetition");
        assert_eq!(twice["rules"], "abapa,cycle=3");
    }

    #[test]
    fn cycle_even_shares_the_seeds_left() {
        let state = replay(&[
            "--from",
            CHASE,
            "--rules",
            "abapa,cycle=even",
            "AaBbCcDdEeFf",
        ]);
        assert_eq!(state["reason"], "repetition");
        assert_eq!(state["result"], "draw");
        // The board is not swept; the shared seeds show in the score.
        assert_eq!(state["captured"], serde_json::json!([23, 23]));
        assert_eq!(state["score"], "24-24");
    }

    #[test]
    fn infers_pits_from_the_position() {
        let state = replay(&["--from", "1,2,0/3,0,0 S 0-0", "B"]);
        assert_eq!(state["rules"], "abapa,pits=3");
        assert_eq!(state["position"], "1,0,1/4,0,0 N 0-0");
    }
}

mod show {
    use super::{START, wari};

    #[test]
    fn draws_the_start() {
        let out = wari(&["show", START]).ok().to_owned();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0].split_whitespace().collect::<String>(), "fedcba");
        assert!(lines[1].starts_with("North"), "{out}");
        assert_eq!(lines[1].matches('4').count(), 6, "{out}");
        assert!(lines[2].starts_with("South"), "{out}");
        assert_eq!(lines[3].split_whitespace().collect::<String>(), "ABCDEF");
        assert!(out.contains(&format!("position: {START}")), "{out}");
        assert!(out.contains("South to move: A B C D E F"), "{out}");
    }

    #[test]
    fn north_row_reads_from_f_to_a() {
        let out = wari(&["show", "1,2,3,4,5,6/7,8,9,10,11,12 N 0-0"])
            .ok()
            .to_owned();
        let lines: Vec<&str> = out.lines().collect();
        let north: Vec<&str> = lines[1].split_whitespace().collect();
        assert_eq!(north[..7], ["North", "12", "11", "10", "9", "8", "7"]);
        let south: Vec<&str> = lines[2].split_whitespace().collect();
        assert_eq!(south[..7], ["South", "1", "2", "3", "4", "5", "6"]);
        assert!(out.contains("North to move: a b c d e f"), "{out}");
    }

    #[test]
    fn shows_captured_seeds_and_the_end() {
        let out = wari(&["show", "0,0,0,0,0,1/0,0,0,0,0,0 N 20-27"])
            .ok()
            .to_owned();
        assert!(out.contains("captured 27"), "{out}");
        assert!(out.contains("captured 20"), "{out}");
        assert!(
            out.contains("game over (majority): North wins 20-27"),
            "{out}"
        );
    }

    #[test]
    fn shows_kalah_stores() {
        let out = wari(&["show", "--rules", "kalah", "4,4,0,5,5,5/4,4,4,4,4,4 S 1-0"])
            .ok()
            .to_owned();
        assert!(out.contains("[  1]"), "{out}");
        assert!(out.contains("stores:   South 1, North 0"), "{out}");
        assert!(out.contains("rules:    kalah"), "{out}");
    }

    #[test]
    fn position_may_be_given_as_separate_words() {
        let quoted = wari(&["show", START]);
        let words = wari(&["show", "4,4,4,4,4,4/4,4,4,4,4,4", "S", "0-0"]);
        assert_eq!(words.ok(), quoted.ok());
    }

    #[test]
    fn without_a_position_shows_the_start_of_the_rules() {
        let out = wari(&["show", "--rules", "kalah,pits=4,seeds=3"])
            .ok()
            .to_owned();
        assert!(out.contains("position: 3,3,3,3/3,3,3,3 S 0-0"), "{out}");
        assert!(out.contains("South to move: A B C D"), "{out}");
    }

    #[test]
    fn infers_pits_from_the_position() {
        let out = wari(&["show", "1,2,0/3,0,0 S 0-0"]).ok().to_owned();
        assert!(out.contains("rules:    abapa,pits=3"), "{out}");
        assert_eq!(
            out.lines()
                .next()
                .unwrap()
                .split_whitespace()
                .collect::<String>(),
            "cba"
        );
    }
}

mod errors {
    use super::wari;

    #[test]
    fn bad_rules_string() {
        let run = wari(&["perft", "3", "--rules", "chess"]);
        assert_eq!(
            run.input_error(),
            r#"bad rules "chess": unknown rule set "chess": expected abapa, wari, warri or kalah"#
        );
        let run = wari(&["replay", "--rules", "abapa,pits=9"]);
        assert!(run.input_error().contains("pits"), "{run:#?}");
        let run = wari(&["show", "--rules", "kalah,cycle=3"]);
        assert!(
            run.input_error().contains("does not apply to kalah"),
            "{run:#?}"
        );
    }

    #[test]
    fn bad_position_strings() {
        for (position, reason) in [
            ("4,4,4/4,4,4", "a position is SOUTH/NORTH TURN CAPS"),
            (
                "4,4,x,4,4,4/4,4,4,4,4,4 S 0-0",
                r#"pit count "x" is not a whole number"#,
            ),
            (
                "4,4,4/4,4 S 0-0",
                "South's row has 3 pits but North's has 2",
            ),
            (
                "1,1,1,1,1,1,1/1,1,1,1,1,1,1 S 0-0",
                "a row has at most 6 pits",
            ),
            ("4,4,4,4,4,4/4,4,4,4,4,4 X 0-0", r#"turn "X" is not S or N"#),
            ("4,4,4,4,4,4/4,4,4,4,4,4 S 0", "captured counts"),
            ("200,4,4,4,4,4/4,4,4,4,4,4 S 0-0", "too many seeds"),
        ] {
            for args in [
                vec!["perft", "1", "--from", position],
                vec!["replay", "--from", position],
                vec!["show", position],
            ] {
                let run = wari(&args);
                let message = run.input_error();
                assert!(
                    message.starts_with(&format!("bad position {position:?}: ")),
                    "{run:#?}"
                );
                assert!(message.contains(reason), "{args:?}: {message}");
            }
        }
    }

    #[test]
    fn position_pits_must_match_explicit_rules() {
        let run = wari(&["show", "--rules", "kalah", "1,2,0/3,0,0 S 0-0"]);
        assert!(
            run.input_error().ends_with("(add pits=3 to the rules)"),
            "{run:#?}"
        );
    }

    #[test]
    fn illegal_move_names_the_ply_and_the_reason() {
        let run = wari(&["replay", "C", "d", "C"]);
        assert_eq!(run.input_error(), "ply 3 (C): pit C is empty");
    }

    #[test]
    fn wrong_sides_pit() {
        let run = wari(&["replay", "Cd", "e"]);
        assert_eq!(
            run.input_error(),
            "ply 3 (e): pit e is North's and it is South's turn"
        );
    }

    #[test]
    fn pit_beyond_the_row() {
        let run = wari(&["replay", "--rules", "abapa,pits=4", "E"]);
        assert_eq!(
            run.input_error(),
            "ply 1 (E): there is no pit E: this board has 4 pits per row"
        );
    }

    #[test]
    fn must_feed() {
        let run = wari(&["replay", "--from", "3,1,0,0,2,1/0,0,0,0,0,0 S 20-21", "A"]);
        assert_eq!(
            run.input_error(),
            "ply 1 (A): A does not reach North's empty row: South must feed it"
        );
    }

    #[test]
    fn move_after_the_end() {
        let from = "0,0,0,0,0,1/1,0,0,0,1,0 S 23-22";
        let run = wari(&["replay", "--from", from, "F", "a"]);
        assert_eq!(run.input_error(), "ply 2 (a): the game is over");
    }

    #[test]
    fn not_a_move_letter() {
        let run = wari(&["replay", "C", "X"]);
        let message = run.input_error();
        assert!(
            message.starts_with(r#"ply 2: "X" is not a move"#),
            "{message}"
        );
    }

    #[test]
    fn non_numeric_depth() {
        for depth in ["x", "3.5", "-1", ""] {
            let run = wari(&["perft", depth]);
            assert_eq!(
                run.input_error(),
                format!("depth {depth:?} is not a whole number of plies")
            );
        }
    }

    #[test]
    fn usage_errors_are_one_line() {
        for (args, message) in [
            (
                &["perft"][..],
                "the following required arguments were not provided: <DEPTH>; see wari perft --help",
            ),
            (
                &["frobnicate"],
                "unrecognized subcommand 'frobnicate'; see wari --help",
            ),
            (
                &["replay", "--bogus"],
                "unexpected argument '--bogus' found; see wari replay --help",
            ),
            (
                &["analyze", "start", "--depth", "-3"],
                r#"--depth "-3": must be at least 1"#,
            ),
            (
                &["analyze", "start", "--depth", "0"],
                r#"--depth "0": must be at least 1"#,
            ),
            (
                &["analyze", "start", "--threads", "0"],
                r#"--threads "0": must be from 1 to 64"#,
            ),
            (
                &["analyze", "start", "--movetime", "-50"],
                r#"--movetime "-50": must be at least 1"#,
            ),
            (
                &["play", "--level", "11"],
                r#"--level "11": "11" is not a level: levels go from 1 to 10"#,
            ),
            (
                &["play", "--side", "X"],
                r#"--side "X": "X" is not a side: S, N or random"#,
            ),
            (
                &["play", "--speed", "-1"],
                r#"--speed "-1": must be from 0 to 10"#,
            ),
            (
                &["play", "--mode", "bogus"],
                r#"--mode "bogus": expected human-vs-computer, two-players, computer-vs-computer"#,
            ),
            (
                &["play", "--tc", "5m"],
                r#"--tc "5m": "5m" is not a time control: write MINUTES+SECONDS, like 5+3 (5 minutes each, 3 seconds added a move)"#,
            ),
            (
                &["serve", "--bind", "nonsense"],
                r#"--bind "nonsense": invalid socket address syntax"#,
            ),
            (&["analyze", "start", "--depth"], "--depth needs a value"),
            (
                &["egdb", "build", "--max-seeds", "49"],
                r#"--max-seeds "49": must be from 0 to 48"#,
            ),
        ] {
            assert_eq!(wari(args).input_error(), message, "{args:?}");
        }
    }

    #[test]
    fn an_unquoted_position_reads_as_one_in_every_command() {
        let words = ["0,0,0,1,2,0/3,0,0,0,0,1", "N", "20-21"];
        let quoted = words.join(" ");
        fn with<'a>(args: &[&'a str], position: &[&'a str]) -> Vec<&'a str> {
            let mut all = args.to_vec();
            all.extend_from_slice(position);
            all
        }
        for args in [
            &["show"][..],
            &["perft", "2", "--from"],
            &["replay", "--from"],
        ] {
            let unquoted = wari(&with(args, &words));
            assert_eq!(
                unquoted.ok(),
                wari(&with(args, &[&quoted])).ok(),
                "{args:?}"
            );
        }
        let analyze = |position: &[&str]| {
            let run = wari(&with(&["analyze", "--depth", "2", "--json"], position));
            let json: serde_json::Value = serde_json::from_str(run.ok()).unwrap();
            (json["position"].clone(), json["pv"].clone())
        };
        assert_eq!(analyze(&words), analyze(&[&quoted]));
        assert_eq!(analyze(&words).0, quoted.as_str());
        // Before other arguments too, and with --from=.
        let run = wari(&["replay", "--from", words[0], words[1], words[2], "a"]);
        assert!(run.ok().contains(r#""moves":["a"]"#), "{run:#?}");
        let from = format!("--from={}", words[0]);
        assert_eq!(wari(&["perft", "1", &from, "N", "20-21"]).ok(), "2\n");
    }

    #[test]
    fn analysing_a_finished_game_says_how_it_ended() {
        let over = "0,0,0,0,0,0/0,0,0,0,1,0 N 25-22";
        let run = wari(&["analyze", "--json", over]);
        let json: serde_json::Value = serde_json::from_str(run.ok()).unwrap();
        assert_eq!(json["over"], true);
        assert_eq!(json["result"], "S");
        assert_eq!(json["reason"], "majority");
        assert_eq!(json["score"], "25-22");
        assert_eq!(json["best"], serde_json::Value::Null);
        let text = wari(&["analyze", over]).ok().to_owned();
        assert_eq!(
            text,
            format!("game over (majority): South wins 25-22; no move to search in {over}\n")
        );
    }

    #[test]
    fn output_files_are_checked_before_the_work() {
        let missing = std::env::temp_dir().join("wari-no-such-dir/x/out.txt");
        let path = missing.display().to_string();
        for args in [
            vec!["book", "--plies", "1", "--depth", "1", "--out", &path],
            vec![
                "tune", "--games", "1", "--rounds", "1", "--duel", "0", "--write", &path,
            ],
            vec![
                "match",
                "--engine1",
                "level:1",
                "--engine2",
                "baseline:1",
                "--games",
                "2",
                "--ogn",
                &path,
            ],
        ] {
            let message = wari(&args).input_error().to_owned();
            assert!(
                message.starts_with(&format!("cannot write {path}: ")),
                "{args:?}: {message}"
            );
        }
    }
}

mod help {
    use super::wari;

    #[test]
    fn no_subcommand_prints_help() {
        let out = wari(&[]).ok().to_owned();
        assert!(out.contains("Usage: wari"), "{out}");
        for command in ["perft", "replay", "show"] {
            assert!(out.contains(command), "{out}");
        }
    }

    #[test]
    fn help_describes_every_subcommand() {
        let out = wari(&["--help"]).ok().to_owned();
        for command in [
            "analyze", "book", "bot", "engine", "match", "perft", "play", "replay", "serve",
            "show", "tune", "egdb", "solve",
        ] {
            let line = out
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{command} ")))
                .unwrap_or_else(|| panic!("{command} is not listed:\n{out}"));
            let description = line.trim_start()[command.len()..].trim();
            assert!(
                description.len() > 10,
                "{command} has no description: {line}"
            );
            // Its own help says the same first.
            let own = wari(&[command, "--help"]).ok().to_owned();
            assert!(own.starts_with(description), "{command}: {own}");
        }
        let egdb = wari(&["egdb", "--help"]).ok().to_owned();
        for (command, words) in [
            ("stats", "Count each table's positions"),
            ("verify", "Check every table"),
        ] {
            // (The column's width follows the longest command's name.)
            assert!(
                egdb.lines().any(
                    |l| l.trim_start().strip_prefix(command).is_some_and(|rest| rest
                        .starts_with("  ")
                        && rest.trim_start().starts_with(words))
                ),
                "{egdb}"
            );
            assert!(wari(&["egdb", command, "--help"]).ok().starts_with(words));
        }
        let engine = wari(&["engine", "--help"]).ok().to_owned();
        for option in [
            "Hash", "Threads", "Rules", "Level", "OwnBook", "Ponder", "EgdbPath", "Seed",
        ] {
            assert!(engine.contains(option), "{option}: {engine}");
        }
    }

    #[test]
    fn help_and_version() {
        assert!(wari(&["--help"]).ok().contains("Usage: wari"));
        assert!(wari(&["perft", "--help"]).ok().contains("--divide"));
        let version = wari(&["--version"]).ok().to_owned();
        assert_eq!(version, format!("wari {}\n", env!("CARGO_PKG_VERSION")));
    }
}
