//! The player's lines, read on a thread of their own so that the game
//! waits for a line and for the clock at once: a flag falls while the
//! player thinks, not when the next line arrives.

use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Instant;

/// What waiting for a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// A line, trimmed.
    Line(String),
    /// The input ended.
    End,
    /// The deadline came first.
    Late,
}

/// Lines of standard input, as they arrive.
#[derive(Debug)]
pub struct Lines {
    lines: Receiver<io::Result<String>>,
}

impl Lines {
    /// Starts reading standard input.
    #[must_use]
    pub fn stdin() -> Lines {
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut input = io::stdin().lock();
            loop {
                let mut line = String::new();
                let read = input.read_line(&mut line);
                let last = matches!(read, Ok(0) | Err(_));
                if sender.send(read.map(|_| line)).is_err() || last {
                    return;
                }
            }
        });
        Lines { lines }
    }

    /// The next line, waiting until `deadline` at most.
    ///
    /// # Errors
    /// The input could not be read.
    pub fn next(&self, deadline: Option<Instant>) -> io::Result<Read> {
        let got = match deadline {
            Some(at) => self
                .lines
                .recv_timeout(at.saturating_duration_since(Instant::now())),
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match got {
            // `read_line` gives nothing at all (not even a newline) at the end.
            Ok(Ok(line)) if line.is_empty() => Ok(Read::End),
            Ok(Ok(line)) => Ok(Read::Line(line.trim().to_owned())),
            Ok(Err(e)) => Err(e),
            Err(RecvTimeoutError::Timeout) => Ok(Read::Late),
            Err(RecvTimeoutError::Disconnected) => Ok(Read::End),
        }
    }
}
