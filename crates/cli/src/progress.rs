//! Progress on stderr: a bar for long commands on a terminal (indicatif),
//! nothing when stderr is piped; a table build's bar per seed count
//! (boards done, boards/s, ETA); numbers for people (`13,037,895
//! boards`, `1 board`).

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};
use wari_egdb::Progress;

/// A number with thousands separators and its noun, singular for one:
/// `1 board`, `13,037,895 boards`.
pub fn count(n: u64, singular: &str, plural: &str) -> String {
    format!(
        "{} {}",
        HumanCount(n),
        if n == 1 { singular } else { plural }
    )
}

/// A bar counting to `len` on stderr, with `{msg}` after the count: drawn
/// on a terminal only (indicatif hides it otherwise), ticking by itself so
/// the time moves while one long step runs.
pub fn bar(len: u64, prefix: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{bar:30}] {human_pos}/{human_len} {msg} ({elapsed}, ETA {eta})",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(prefix.to_owned());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A spinner for work of unknown length on stderr, on a terminal only:
/// `{msg}` says where it stands.
pub fn spinner(prefix: &str) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {prefix}: {msg} ({elapsed})")
            .expect("a valid template"),
    );
    bar.set_prefix(prefix.to_owned());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Reports a build's progress on stderr.
#[derive(Debug)]
pub struct Reporter {
    bar: Mutex<Option<ProgressBar>>,
    /// Passes of the seed count being built.
    passes: AtomicUsize,
    /// Boards left open by its first pass.
    first_open: AtomicU64,
    terminal: bool,
    /// Whether to print a line per finished seed count off a terminal.
    lines: bool,
}

impl Reporter {
    /// A reporter; with `lines`, a line per seed count is printed even
    /// when stderr is not a terminal.
    pub fn new(lines: bool) -> Reporter {
        Reporter {
            bar: Mutex::new(None),
            passes: AtomicUsize::new(0),
            first_open: AtomicU64::new(0),
            terminal: io::stderr().is_terminal(),
            lines,
        }
    }

    fn line(&self, text: &str) {
        let bar = self.bar.lock().expect("no panic while reporting");
        match bar.as_ref() {
            Some(bar) if self.terminal => bar.println(text),
            _ if self.terminal || self.lines => {
                // A closed stderr is no reason to stop a build.
                let _ = writeln!(io::stderr(), "{text}");
            }
            _ => {}
        }
    }
}

/// Things per second in a readable unit: `1.5 M boards/s`.
pub fn rate(n: u64, seconds: f64, things: &str) -> String {
    if seconds <= 0.0 {
        return "too fast to time".to_owned();
    }
    let r = n as f64 / seconds;
    if r >= 1e6 {
        format!("{:.1} M {things}/s", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k {things}/s", r / 1e3)
    } else {
        format!("{r:.0} {things}/s")
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.lock().ok().and_then(|mut b| b.take()) {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Reporter {
    fn layer_start(&self, seeds: usize, boards: u64, kept: bool) {
        if kept {
            self.line(&format!(
                "seeds {seeds:>2}: {}, kept (valid file)",
                count(boards, "board", "boards")
            ));
            return;
        }
        if self.terminal {
            let bar = ProgressBar::new(boards);
            bar.set_style(
                ProgressStyle::with_template(
                    "seeds {prefix:>2} [{bar:30}] {human_pos}/{human_len} {rate} ETA {eta} {msg}",
                )
                .expect("a valid template")
                .with_key("rate", |state: &ProgressState, w: &mut dyn fmt::Write| {
                    let _ =
                        w.write_str(&rate(state.pos(), state.elapsed().as_secs_f64(), "boards"));
                })
                .progress_chars("=> "),
            );
            bar.set_prefix(seeds.to_string());
            bar.enable_steady_tick(Duration::from_millis(200));
            *self.bar.lock().expect("no panic while reporting") = Some(bar);
        }
    }

    fn boards(&self, boards: u64) {
        if let Some(bar) = self.bar.lock().expect("no panic while reporting").as_ref() {
            bar.inc(boards);
        }
    }

    fn pass(&self, pass: usize, open: u64) {
        self.passes.store(pass, Ordering::Relaxed);
        if std::env::var_os("WARI_EGDB_DEBUG").is_some() {
            let _ = writeln!(io::stderr(), "pass {pass}: {open} open");
        }
        if let Some(bar) = self.bar.lock().expect("no panic while reporting").as_ref() {
            // After the first pass the bar goes on with the boards settled
            // by the passes that follow, until none is open.
            let boards = bar.length().unwrap_or(0);
            if pass == 0 {
                self.first_open.store(open, Ordering::Relaxed);
                bar.set_length(boards + open);
            } else {
                let first = self.first_open.load(Ordering::Relaxed);
                bar.set_position(boards - first + (first - open.min(first)));
            }
            bar.set_message(format!("pass {pass}: {open} open"));
        }
    }

    fn replacing(&self, seeds: usize, why: &wari_egdb::Error) {
        // A warning, not progress: said even when stderr is not a
        // terminal.
        let text = format!("seeds {seeds:>2}: {why}: building it again");
        match self.bar.lock().expect("no panic while reporting").as_ref() {
            Some(bar) if self.terminal => bar.println(text),
            _ => {
                let _ = writeln!(io::stderr(), "{text}");
            }
        }
    }

    fn search_step(&self, low: i32, high: i32, nodes: u64) {
        if !self.terminal {
            return;
        }
        let mut bar = self.bar.lock().expect("no panic while reporting");
        let spinner = bar.get_or_insert_with(|| spinner("solve by search"));
        let value = if low == high {
            format!("value {low}")
        } else {
            format!("value from {low} to {high}")
        };
        spinner.set_message(format!(
            "{value} after {}",
            count(nodes, "position", "positions")
        ));
    }

    fn layer_done(&self, seeds: usize, boards: u64, seconds: f64) {
        let passes = self.passes.swap(0, Ordering::Relaxed) as u64 + 1;
        let text = format!(
            "seeds {seeds:>2}: {} in {seconds:.2} s ({}), {}",
            count(boards, "board", "boards"),
            rate(boards, seconds, "boards"),
            count(passes, "pass", "passes")
        );
        if let Some(bar) = self.bar.lock().expect("no panic while reporting").take() {
            bar.finish_and_clear();
        }
        self.line(&text);
    }
}
