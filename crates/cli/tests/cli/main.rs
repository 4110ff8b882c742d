//! The `wari` command's tests: each runs the real binary (or `wari serve`
//! and the browser against it) as a user or another program would. One
//! test binary, one module a concern, sharing `support` (as ripgrep's
//! tests do):
//!
//! - `commands`: the output contract other programs rely on (perft's last
//!   line, replay's JSON keys) and the error paths (exit status 2, one
//!   `wari: error: ` line on stderr);
//! - `egdb`: `wari egdb build|probe|stats|verify`, `wari solve`, analysis
//!   with tables;
//! - `engine`: `wari engine`, the Aualé engine protocol;
//! - `matches`: `wari match`;
//! - `play`: `wari play` in the terminal;
//! - `serve`: `wari serve` as real processes, on SQLite and PostgreSQL;
//! - `tune`: `wari tune` with endgame tables;
//! - `web`: the browser front end's tests.

mod commands;
mod egdb;
mod engine;
mod matches;
mod play;
mod serve;
mod support;
mod tune;
mod web;
