//! The browser front end's tests, run by `cargo test` against this
//! build's `wari`: the type check of `web/js` (TypeScript's `tsc` over the
//! JSDoc types, `tests/web/tsconfig.json`), `tests/web/rules.test.mjs`
//! (the front end's rules module against `wari replay`, needs Node.js),
//! `tests/web/run.mjs` (the pages in Debian's chromium driven by
//! playwright-core against `wari serve`), `tests/web/community.mjs`
//! (accounts, a quick pairing, a rated game, chat, challenges, a bot's
//! badge, the phone's width),
//! `tests/web/study.mjs` (the analysis board, the position editor, a
//! review, lessons, puzzles and the puzzle rating kept by the server) and
//! `tests/web/tournament.mjs` (an arena made, joined, played and ended)
//! and `tests/web/i18n.mjs` (a game in Spanish, the language switch).
//! `.ci/run` installs Node.js, chromium and the npm packages first and
//! sets `WARI_REQUIRE_WEB=1`, so that there a missing piece fails instead
//! of skipping.

use std::path::{Path, PathBuf};
use std::process::Command;

fn web_tests() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/web")
}

fn has_node() -> bool {
    Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// What `file` needs that is missing here; under `WARI_REQUIRE_WEB` a
/// missing piece fails the test.
fn missing(file: &str, needs_browser: bool, package: &str) -> bool {
    let dir = web_tests();
    let mut missing = Vec::new();
    if !has_node() {
        missing.push("node (Debian's nodejs)".to_owned());
    }
    if !package.is_empty() && !dir.join("node_modules").join(package).exists() {
        missing.push(format!("{package} (npm ci in tests/web)"));
    }
    if needs_browser {
        if !dir.join("node_modules/playwright-core").exists() {
            missing.push("playwright-core (npm ci in tests/web)".to_owned());
        }
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
        if !Path::new(&chromium).exists() {
            missing.push(format!("{chromium} (Debian's chromium)"));
        }
    }
    if missing.is_empty() {
        return false;
    }
    let message = format!("{file} needs {}: .ci/run installs them", missing.join(", "));
    assert!(std::env::var_os("WARI_REQUIRE_WEB").is_none(), "{message}");
    eprintln!("skipped: {message}");
    true
}

/// Runs one node test file, or says why it cannot run.
fn node_test(file: &str, needs_browser: bool) {
    if missing(file, needs_browser, "") {
        return;
    }
    let dir = web_tests();
    let status = Command::new("node")
        .args(["--test", "--test-reporter=spec", file])
        .current_dir(&dir)
        .env("WARI_BIN", env!("CARGO_BIN_EXE_wari"))
        .status()
        .expect("node runs");
    assert!(
        status.success(),
        "node --test {file} failed (its output is above)"
    );
}

#[test]
fn the_front_end_type_checks() {
    if missing("tsconfig.json", false, "typescript") {
        return;
    }
    let output = Command::new("node")
        .args(["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"])
        .current_dir(web_tests())
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "tsc found type errors in web/js:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_front_end_rules_agree_with_wari_replay() {
    node_test("rules.test.mjs", false);
}

#[test]
fn the_front_end_in_a_real_browser() {
    node_test("run.mjs", true);
}

#[test]
fn the_community_in_a_real_browser() {
    node_test("community.mjs", true);
}

#[test]
fn the_tournaments_in_a_real_browser() {
    node_test("tournament.mjs", true);
}

#[test]
fn the_site_in_spanish_in_a_real_browser() {
    node_test("i18n.mjs", true);
}

#[test]
fn the_study_pages_in_a_real_browser() {
    node_test("study.mjs", true);
}
