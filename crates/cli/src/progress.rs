//! Progress of a table build on stderr: a bar per seed count on a
//! terminal (boards done, boards/s, ETA), plain lines otherwise.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use wari_egdb::Progress;

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

/// Boards per second in a readable unit.
pub fn rate(boards: u64, seconds: f64) -> String {
    if seconds <= 0.0 {
        return "too fast to time".to_owned();
    }
    let r = boards as f64 / seconds;
    if r >= 1e6 {
        format!("{:.1} M boards/s", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k boards/s", r / 1e3)
    } else {
        format!("{r:.0} boards/s")
    }
}

impl Progress for Reporter {
    fn layer_start(&self, seeds: usize, boards: u64, kept: bool) {
        if kept {
            self.line(&format!(
                "seeds {seeds:>2}: {boards} boards, kept (valid file)"
            ));
            return;
        }
        if self.terminal {
            let bar = ProgressBar::new(boards);
            bar.set_style(
                ProgressStyle::with_template(
                    "seeds {prefix:>2} [{bar:30}] {pos}/{len} {rate} ETA {eta} {msg}",
                )
                .expect("a valid template")
                .with_key("rate", |state: &ProgressState, w: &mut dyn fmt::Write| {
                    let _ = w.write_str(&rate(state.pos(), state.elapsed().as_secs_f64()));
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

    fn layer_done(&self, seeds: usize, boards: u64, seconds: f64) {
        let text = format!(
            "seeds {seeds:>2}: {boards} boards in {seconds:.2} s ({}), {} passes",
            rate(boards, seconds),
            self.passes.swap(0, Ordering::Relaxed) + 1
        );
        if let Some(bar) = self.bar.lock().expect("no panic while reporting").take() {
            bar.finish_and_clear();
        }
        self.line(&text);
    }
}
