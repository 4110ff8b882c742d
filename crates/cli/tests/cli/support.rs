//! What the test modules share: running the real `wari` binary once and
//! reading what it printed, and building small endgame tables with it.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// What one run of `wari` printed.
#[derive(Debug)]
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Checks the run succeeded and returns its stdout.
    #[track_caller]
    pub fn ok(&self) -> &str {
        assert_eq!(self.status, Some(0), "wari failed:\n{self:#?}");
        &self.stdout
    }

    /// Checks the run succeeded and printed one JSON value.
    #[track_caller]
    pub fn json(&self) -> Value {
        serde_json::from_str(self.ok()).expect("one JSON object")
    }

    /// Checks the run failed with `status` and one `wari: error: ` line on
    /// stderr, and returns the message after that prefix.
    #[track_caller]
    pub fn error(&self, status: i32) -> &str {
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

    /// Checks the run failed as bad input does (status 2, nothing on
    /// stdout, exactly one `wari: error: ` line on stderr) and returns the
    /// message after that prefix.
    #[track_caller]
    pub fn input_error(&self) -> &str {
        assert_eq!(self.stdout, "", "expected no output:\n{self:#?}");
        self.error(2)
    }
}

/// Runs `wari` with `args`; the tables it builds on first use go to this
/// build's temporary directory, not to the user's.
pub fn wari(args: &[&str]) -> Run {
    wari_with(args, |command| {
        command.env(
            "WARI_EGDB",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("egdb"),
        );
    })
}

/// The variables a terminal's language is read from (`wari play`).
pub const LOCALE_VARS: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// Runs `wari` with `args` after `configure` has set up its command (its
/// environment, say). It speaks English unless `configure` sets a
/// language: the tester's own locale is not passed on.
pub fn wari_with(args: &[&str], configure: impl FnOnce(&mut Command)) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_wari"));
    command.args(args);
    for var in LOCALE_VARS {
        command.env_remove(var);
    }
    configure(&mut command);
    let output = command.output().expect("the wari binary runs");
    Run {
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// `wari egdb build` of the tables of `rules` up to 6 seeds in `dir`.
pub fn build_tables(dir: &Path, rules: &str) {
    build_tables_to(dir, rules, 6);
}

/// `wari egdb build` of the tables of `rules` up to `max_seeds` seeds in
/// `dir`.
pub fn build_tables_to(dir: &Path, rules: &str, max_seeds: u32) {
    let dir = dir.to_str().expect("a UTF-8 path");
    let max_seeds = max_seeds.to_string();
    wari(&[
        "egdb",
        "build",
        "--rules",
        rules,
        "--max-seeds",
        &max_seeds,
        "--dir",
        dir,
    ])
    .ok();
}
