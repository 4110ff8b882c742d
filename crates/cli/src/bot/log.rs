//! The bot's log: a line per event to stderr, and with `--log-dir` the
//! lines of each game in a file of its own (`GAME_ID.log`).

use std::io::Write;
use std::path::PathBuf;

/// Where the bot writes what it does.
#[derive(Clone, Debug, Default)]
pub struct Log {
    dir: Option<PathBuf>,
}

impl Log {
    /// A log to stderr, and per game in `dir` if given.
    pub fn new(dir: Option<PathBuf>) -> Log {
        Log { dir }
    }

    /// Writes `text` about game `game` (or `-` for the bot itself).
    pub fn line(&self, game: &str, text: &str) {
        let at = now_text();
        eprintln!("{at} wari bot: {game}: {text}");
        if let Some(dir) = &self.dir
            && game != "-"
        {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(dir.join(format!("{game}.log")));
            if let Ok(mut file) = file {
                let _ = writeln!(file, "{at} {text}");
            }
        }
    }
}

/// Now in UTC, `2026-12-02 15:04:05`.
fn now_text() -> String {
    let now = std::time::SystemTime::now();
    format!(
        "{} {}",
        crate::date::utc_date(now, "-"),
        crate::date::utc_time(now, ":")
    )
}
