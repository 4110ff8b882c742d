//! The GUI side of Aualé's UCI dialect (docs/research/auale-formats.md
//! §3): an engine process driven over its stdin and stdout, every read
//! bounded by a deadline.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use wari_rules::{Game, Position, auale};

/// How long an engine may take to answer `uci` with `uciok`, as Aualé
/// waits.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(8);
/// How long an engine may take to answer `isready` with `readyok`.
pub const READY_TIMEOUT: Duration = Duration::from_secs(8);
/// How long an engine is given to quit before it is killed.
const QUIT_TIMEOUT: Duration = Duration::from_millis(200);

/// An engine process speaking the dialect. Dropping it sends `quit` and
/// kills the process if it is still there shortly after.
pub struct UciEngine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    /// The engine's output, a line at a time, from a reader thread; it
    /// hangs up when the engine closes its stdout.
    lines: Receiver<String>,
    /// `id name`, if the engine gave one.
    pub name: Option<String>,
    /// The names of the options the engine advertised.
    pub options: Vec<String>,
}

impl fmt::Debug for UciEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UciEngine")
            .field("command", &self.command)
            .field("pid", &self.child.id())
            .finish_non_exhaustive()
    }
}

/// Why talking to an engine failed.
#[derive(Debug)]
pub enum UciError {
    /// The process could not be started.
    Spawn(io::Error),
    /// Nothing of what was awaited came before the deadline.
    Timeout {
        /// What the client was waiting for (`uciok`, `bestmove`...).
        waiting_for: &'static str,
        /// How long it waited.
        after: Duration,
        /// The last line the engine wrote meanwhile, if any.
        last: Option<String>,
    },
    /// The engine closed its output (exited or crashed).
    Exited {
        /// What the client was waiting for.
        waiting_for: &'static str,
        /// The exit status, if the process is already gone.
        status: Option<ExitStatus>,
    },
    /// A command could not be written (the engine is gone).
    Write(io::Error),
}

impl UciError {
    /// Whether the engine was too slow rather than broken.
    pub fn is_timeout(&self) -> bool {
        matches!(self, UciError::Timeout { .. })
    }
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Spawn(e) => write!(f, "cannot start: {e}"),
            UciError::Timeout {
                waiting_for,
                after,
                last,
            } => {
                write!(
                    f,
                    "no {waiting_for} within {}",
                    super::play::seconds(*after)
                )?;
                if let Some(line) = last {
                    write!(f, " (last output: {:?})", shorten(line))?;
                }
                Ok(())
            }
            UciError::Exited {
                waiting_for,
                status,
            } => {
                write!(f, "the engine exited while we waited for {waiting_for}")?;
                if let Some(status) = status {
                    write!(f, " ({status})")?;
                }
                Ok(())
            }
            UciError::Write(e) => write!(f, "cannot write to the engine: {e}"),
        }
    }
}

/// A line cut to a readable length for a report.
fn shorten(line: &str) -> String {
    const MAX: usize = 60;
    if line.chars().count() <= MAX {
        line.to_owned()
    } else {
        let cut: String = line.chars().take(MAX).collect();
        format!("{cut}...")
    }
}

impl UciEngine {
    /// Starts `command`: split on white space, as Aualé does, unless it
    /// holds shell syntax (quotes, `$`, `;`, pipes, redirections...), in
    /// which case `sh -c` runs it. Its stderr is discarded.
    pub fn start(command: &str) -> Result<UciEngine, UciError> {
        let mut process = if command.contains(|c: char| "'\"\\$;|&<>()`*?~{}".contains(c)) {
            let mut sh = Command::new("sh");
            sh.arg("-c").arg(command);
            sh
        } else {
            let mut words = command.split_whitespace();
            let program = words.next().ok_or_else(|| {
                UciError::Spawn(io::Error::new(io::ErrorKind::InvalidInput, "empty command"))
            })?;
            let mut process = Command::new(program);
            process.args(words);
            process
        };
        let mut child = process
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(UciError::Spawn)?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer);
                        let line = line.trim_end_matches(['\n', '\r']).to_owned();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(UciEngine {
            command: command.to_owned(),
            child,
            stdin,
            lines,
            name: None,
            options: Vec::new(),
        })
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(UciError::Write)
    }

    /// The next line the engine writes, waiting until `deadline` at most.
    fn next_line(&mut self, deadline: Instant, waiting_for: &'static str) -> Result<String, Wait> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Wait::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Wait::Exited(UciError::Exited {
                waiting_for,
                status: self.exit_status(),
            })),
        }
    }

    /// Reads lines until one whose first word is `keyword`, and returns
    /// it; `inspect` sees every line before.
    fn read_until(
        &mut self,
        keyword: &'static str,
        timeout: Duration,
        mut inspect: impl FnMut(&str),
    ) -> Result<String, UciError> {
        let start = Instant::now();
        let deadline = start + timeout;
        let mut last = None;
        loop {
            match self.next_line(deadline, keyword) {
                Ok(line) => {
                    if line.split_whitespace().next() == Some(keyword) {
                        return Ok(line);
                    }
                    inspect(&line);
                    if !line.trim().is_empty() {
                        last = Some(line);
                    }
                }
                Err(Wait::Timeout) => {
                    return Err(UciError::Timeout {
                        waiting_for: keyword,
                        after: start.elapsed(),
                        last,
                    });
                }
                Err(Wait::Exited(e)) => return Err(e),
            }
        }
    }

    /// `uci`, then the `id` and `option` lines up to `uciok`.
    pub fn handshake(&mut self) -> Result<(), UciError> {
        self.send("uci")?;
        let mut name = None;
        let mut options = Vec::new();
        self.read_until("uciok", HANDSHAKE_TIMEOUT, |line| {
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("id"), Some("name")) => {
                    name = Some(words.collect::<Vec<_>>().join(" "));
                }
                (Some("option"), Some("name")) => {
                    let option: Vec<&str> = words.take_while(|&w| w != "type").collect();
                    options.push(option.join(" "));
                }
                _ => {}
            }
        })?;
        self.name = name.filter(|n| !n.is_empty());
        self.options = options;
        Ok(())
    }

    /// Whether the engine advertised an option (names compare without
    /// case, as UCI's do).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// `isready`, then waits for `readyok`.
    pub fn sync(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        self.read_until("readyok", READY_TIMEOUT, |_| {})
            .map(|_| ())
    }

    /// Sends `position` and `go`, and waits up to `wait` for `bestmove`.
    /// Returns the words after `bestmove` (possibly none).
    pub fn go(
        &mut self,
        position: &str,
        go: &str,
        wait: Duration,
    ) -> Result<Vec<String>, UciError> {
        self.send(position)?;
        self.send(go)?;
        let line = self.read_until("bestmove", wait, |_| {})?;
        Ok(line.split_whitespace().skip(1).map(str::to_owned).collect())
    }

    /// The exit status if the process has exited, waiting a little for
    /// it after its output closed.
    fn exit_status(&mut self) -> Option<ExitStatus> {
        let until = Instant::now() + Duration::from_millis(100);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + QUIT_TIMEOUT;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Why no line came.
enum Wait {
    Timeout,
    Exited(UciError),
}

/// The `position` command for a game: `startpos` when it starts from its
/// rules' start (the engine knows the rules from the `Rules` option or
/// plays abapa), else Aualé's `fen`; then every move from the start,
/// joined (`moves CbEf`), so the engine sees the whole history the cycle
/// rule needs.
pub fn position_command(game: &Game) -> String {
    let start = game.start();
    let mut command = if *start == Position::new(*game.rules()) {
        "position startpos".to_owned()
    } else {
        format!("position fen {}", auale::write_position(start))
    };
    if !game.moves().is_empty() {
        command.push_str(" moves ");
        command.extend(game.moves().iter().map(|m| m.letter()));
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::Rules;
    use wari_rules::record::{parse_moves, play_moves};

    #[test]
    fn position_sends_the_moves_joined_from_the_start() {
        let mut game = Game::default();
        assert_eq!(position_command(&game), "position startpos");
        play_moves(&mut game, &parse_moves("C b E f").unwrap()).unwrap();
        assert_eq!(position_command(&game), "position startpos moves CbEf");
    }

    #[test]
    fn position_from_a_set_up_start_is_a_fen() {
        let start =
            Position::from_string("0,0,0,0,0,1/2,5,0,0,0,4 S 20-16", Rules::default()).unwrap();
        let mut game = Game::from_position(start);
        game.play("F".parse().unwrap()).unwrap();
        assert_eq!(
            position_command(&game),
            "position fen 0-0-0-0-0-1-2-5-0-0-0-4-20-16-S moves F"
        );
    }
}
