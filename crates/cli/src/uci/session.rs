//! A session of the protocol: the options, the position, the engine and
//! the search in progress, and what each command does to them.
//!
//! Everything arrives as an [`Event`] on one channel: lines read from the
//! GUI and the reports of the search thread. One thread handles them in
//! order and is the only one that writes, so `isready` is answered at
//! once during a search and replies never interleave.

use std::io::{self, Write};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use wari_engine::{Clock, Control, Engine, Limits, Oracle, SearchResult};
use wari_rules::{Game, Rules, Side, auale};

use super::command::{self, Command, Go};
use super::options::{Name, Options};
use super::{report, setup};

/// Something for the session to handle.
#[derive(Debug)]
pub enum Event {
    /// A line from the GUI, without its line break.
    Line(String),
    /// The GUI closed its end.
    Eof,
    /// Lines a running search reports (one depth completed).
    Report(Vec<String>),
    /// The search is over.
    Done(SearchResult),
}

/// Whether to go on reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A search running on its own thread.
#[derive(Debug)]
struct Running {
    control: Arc<Control>,
    thread: JoinHandle<()>,
}

/// Endgame tables as opened for a directory (empty: the default one) and
/// rule set.
struct OpenTables {
    path: String,
    rules: Rules,
    oracle: Option<Arc<dyn Oracle>>,
}

impl std::fmt::Debug for OpenTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenTables")
            .field("path", &self.path)
            .field("rules", &self.rules)
            .field("found", &self.oracle.is_some())
            .finish()
    }
}

/// The state of one session.
#[derive(Debug)]
pub struct Session {
    options: Options,
    /// Made at the first `go`; locked by the search thread for the
    /// length of a search.
    engine: Option<Arc<Mutex<Engine>>>,
    /// `None` after a `position` command that was refused: `go` then
    /// answers `bestmove 0000`.
    game: Option<Game>,
    search: Option<Running>,
    /// `ucinewgame` came during a search: clear the table after it.
    clear_table: bool,
    /// The endgame tables opened for the directory and rules they were
    /// opened for: opening checks every table, which takes a good part
    /// of a second at 20 seeds, so it is done again only when either
    /// changes or tables were built.
    tables: Option<OpenTables>,
    debug: bool,
    events: Sender<Event>,
}

impl Session {
    /// A session at the start position of the default rules; the search
    /// thread sends its events to `events`.
    pub fn new(events: Sender<Event>) -> Session {
        let options = Options::default();
        Session {
            game: Some(Game::new(options.rules)),
            options,
            engine: None,
            search: None,
            clear_table: false,
            tables: None,
            debug: false,
            events,
        }
    }

    /// Handles one event, writing any reply to `out`.
    ///
    /// # Errors
    /// Only when writing to `out` fails.
    pub fn on_event(&mut self, event: Event, out: &mut dyn Write) -> io::Result<Flow> {
        match event {
            Event::Line(line) => return self.on_line(&line, out),
            Event::Eof => return Ok(Flow::Quit),
            Event::Report(lines) => {
                for line in lines {
                    say(out, &line)?;
                }
            }
            Event::Done(result) => self.finish(&result, out)?,
        }
        Ok(Flow::Continue)
    }

    /// Whether a search is running.
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Asks a running search to stop.
    pub fn stop(&self) {
        if let Some(running) = &self.search {
            running.control.stop();
        }
    }

    fn on_line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        let command = match command::parse(line) {
            Ok(command) => command,
            Err(e) => {
                say(
                    out,
                    &format!("info string error: {}", clean(&e.to_string())),
                )?;
                return Ok(Flow::Continue);
            }
        };
        match command {
            Command::Uci => {
                say(out, &format!("id name wari {}", env!("CARGO_PKG_VERSION")))?;
                say(out, "id author the wari authors")?;
                for line in Options::declarations() {
                    say(out, &line)?;
                }
                say(out, "uciok")?;
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => {
                // The engine and its tables are made now rather than at
                // the first `go`, whose time they would take.
                if self.search.is_none() {
                    self.engine();
                }
                say(out, "readyok")?;
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref(), out)?,
            Command::Register | Command::Empty => {}
            Command::UciNewGame => {
                self.clear_table = true;
                self.apply_options();
            }
            Command::Position(setup) => match setup::game(&setup, self.options.rules) {
                Ok(game) => {
                    self.game = Some(game);
                    if self.debug {
                        self.show(out)?;
                    }
                }
                Err(e) => {
                    self.game = None;
                    say(
                        out,
                        &format!(
                            "info string error: position refused: {}; no position until the next valid one",
                            clean(&e)
                        ),
                    )?;
                }
            },
            Command::Go(go) => self.go(&go, out)?,
            Command::Stop => self.stop(),
            Command::PonderHit => {
                // Only a pondering search: in another, the time would
                // start again.
                if let Some(running) = self.search.as_ref().filter(|r| r.control.is_pondering()) {
                    running.control.ponderhit();
                }
            }
            Command::Quit => return Ok(Flow::Quit),
            Command::Show => self.show(out)?,
            Command::Unknown(text) => {
                say(
                    out,
                    &format!("info string unknown command: {}", clean(&text)),
                )?;
            }
        }
        Ok(Flow::Continue)
    }

    fn set_option(
        &mut self,
        name: &str,
        value: Option<&str>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let egdb_path = self.options.egdb_path.clone();
        match self.options.set(name, value) {
            Ok(Name::Rules) => self.game = Some(Game::new(self.options.rules)),
            Ok(Name::EgdbPath) if !self.options.egdb_path.is_empty() => {
                let dir = std::path::Path::new(&self.options.egdb_path);
                let rules = self.options.rules;
                match crate::tablebase::open(Some(dir), &rules) {
                    Ok(Some(_)) if !crate::tablebase::exact_under(&rules) => say(
                        out,
                        &format!(
                            "info string EgdbPath: under {rules} the tables' cycle convention is an estimate: used at the search's horizon, not as proven values"
                        ),
                    )?,
                    Ok(Some(_)) => {}
                    Ok(None) => say(
                        out,
                        &format!(
                            "info string EgdbPath: no endgame tables for {} in {}",
                            self.options.rules,
                            clean(&self.options.egdb_path)
                        ),
                    )?,
                    Err(e) => {
                        // Refused: the tables stay where they were.
                        self.options.egdb_path = egdb_path;
                        say(
                            out,
                            &format!(
                                "info string error: option EgdbPath: {}; unchanged",
                                clean(&e.to_string())
                            ),
                        )?;
                    }
                }
            }
            Ok(Name::OwnBook)
                if self.options.own_book
                    && wari_engine::book::Book::builtin(&self.options.rules).is_none() =>
            {
                say(
                    out,
                    &format!(
                        "info string OwnBook: there is no opening book for {}; every move is searched",
                        self.options.rules
                    ),
                )?;
            }
            Ok(_) => {}
            Err(e) => say(out, &format!("info string error: {}", clean(&e)))?,
        }
        self.apply_options();
        Ok(())
    }

    /// Gives the engine the options' values, unless it is searching (then
    /// when the search ends).
    fn apply_options(&mut self) {
        if self.search.is_some() {
            return;
        }
        let Some(engine) = &self.engine else {
            // A new engine has an empty table.
            self.clear_table = false;
            return;
        };
        let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
        engine.set_hash_mb(self.options.hash_mb);
        engine.set_threads(self.options.threads);
        engine.set_level(self.options.level);
        engine.set_own_book(self.options.own_book);
        // Set again only when changed: setting reseeds at once.
        if engine.seed() != self.options.seed {
            engine.set_seed(self.options.seed);
        }
        let (path, rules) = (&self.options.egdb_path, self.options.rules);
        let oracle = match &self.tables {
            Some(open) if open.path == *path && open.rules == rules => open.oracle.clone(),
            _ => {
                let dir = (!path.is_empty()).then(|| std::path::Path::new(path));
                // A bad directory was reported when the option was set.
                let oracle = crate::tablebase::open(dir, &rules).unwrap_or(None);
                self.tables = Some(OpenTables {
                    path: path.clone(),
                    rules,
                    oracle: oracle.clone(),
                });
                oracle
            }
        };
        engine.set_oracle(oracle);
        if std::mem::take(&mut self.clear_table) {
            engine.new_game();
        }
    }

    /// The engine, made with the options' values the first time.
    fn engine(&mut self) -> Arc<Mutex<Engine>> {
        if let Some(engine) = &self.engine {
            return Arc::clone(engine);
        }
        let engine = Arc::new(Mutex::new(Engine::new()));
        self.engine = Some(Arc::clone(&engine));
        self.apply_options();
        engine
    }

    /// Builds the small endgame tables when the game nears its end and
    /// they are not there yet (once: they are kept on disk), then gives
    /// them to the engine.
    fn build_tables_on_first_use(&mut self, game: &Game, out: &mut dyn Write) {
        let dir = (!self.options.egdb_path.is_empty())
            .then(|| std::path::PathBuf::from(&self.options.egdb_path));
        let built = crate::tablebase::build_on_first_use(
            dir.as_deref(),
            game.rules(),
            game.position(),
            &mut |note| {
                let _ = say(out, &format!("info string {note}"));
            },
        );
        match built {
            Ok(true) => {
                self.tables = None;
                self.apply_options();
            }
            Ok(false) => {}
            Err(e) => {
                let _ = say(
                    out,
                    &format!(
                        "info string going on without endgame tables: {}",
                        clean(&e.to_string())
                    ),
                );
            }
        }
    }

    fn go(&mut self, go: &Go, out: &mut dyn Write) -> io::Result<()> {
        if self.search.is_some() {
            return say(
                out,
                "info string error: a search is running: go ignored (send stop first)",
            );
        }
        let Some(game) = self.game.clone() else {
            say(
                out,
                "info string error: no position: the last position command was refused",
            )?;
            return say(out, report::NULL_MOVE);
        };
        if let Some(outcome) = game.outcome() {
            say(
                out,
                &format!(
                    "info string the game is over ({}, {}): no move to play",
                    outcome.reason(),
                    outcome.score_text()
                ),
            )?;
            return say(out, report::NULL_MOVE);
        }
        self.build_tables_on_first_use(&game, out);
        let limits = limits(go, game.position().turn());
        let engine = self.engine();
        let control = Arc::new(Control::new());
        if go.ponder {
            control.start_pondering();
        }
        let thread = {
            let (control, events) = (Arc::clone(&control), self.events.clone());
            std::thread::Builder::new()
                .name("wari-search".to_owned())
                .stack_size(16 << 20)
                .spawn(move || {
                    let mut last_exact = None;
                    let result = engine
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .search(&game, &limits, &control, &mut |info| {
                            let _ = events.send(Event::Report(report::info(info, &mut last_exact)));
                        });
                    let _ = events.send(Event::Done(result));
                })
        };
        match thread {
            Ok(thread) => {
                self.search = Some(Running { control, thread });
                Ok(())
            }
            Err(e) => {
                say(
                    out,
                    &format!("info string error: cannot start the search: {e}"),
                )?;
                say(out, report::NULL_MOVE)
            }
        }
    }

    /// The search ended: its best move, and the options set meanwhile.
    fn finish(&mut self, result: &SearchResult, out: &mut dyn Write) -> io::Result<()> {
        if let Some(running) = self.search.take() {
            // It sent its last event: joining does not wait.
            let _ = running.thread.join();
        }
        if result.book {
            say(out, "info string book move")?;
        }
        say(out, &report::bestmove(result))?;
        self.apply_options();
        Ok(())
    }

    /// `d`: the position, its history and the legal moves, as `info
    /// string` lines.
    fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        let Some(game) = &self.game else {
            return say(
                out,
                "info string no position: the last position command was refused",
            );
        };
        let position = game.position();
        say(
            out,
            &format!("info string fen {}", auale::write_position(position)),
        )?;
        say(out, &format!("info string position {position}"))?;
        say(out, &format!("info string rules {}", game.rules()))?;
        let moves = report::joined(game.moves());
        say(
            out,
            &format!(
                "info string moves {}",
                if moves.is_empty() { "(none)" } else { &moves }
            ),
        )?;
        match game.outcome() {
            Some(outcome) => say(
                out,
                &format!(
                    "info string over {} {}",
                    outcome.reason(),
                    outcome.score_text()
                ),
            ),
            None => say(
                out,
                &format!("info string legal {}", report::joined(&game.legal_moves())),
            ),
        }
    }
}

/// The limits of a `go`: the clock is the side to move's (`wtime`/`winc`
/// South's, `btime`/`binc` North's).
fn limits(go: &Go, turn: Side) -> Limits {
    let ms = |t: i64| Duration::from_millis(t.max(0).unsigned_abs());
    let (time, increment) = match turn {
        Side::South => (go.wtime, go.winc),
        Side::North => (go.btime, go.binc),
    };
    Limits {
        depth: go.depth.map(|d| d.max(1)),
        nodes: go.nodes.map(|n| n.max(1)),
        movetime: go.movetime.map(Duration::from_millis),
        clock: time.map(|t| Clock {
            remaining: ms(t),
            increment: ms(increment.unwrap_or(0)),
            moves_to_go: go.movestogo.filter(|&n| n > 0),
        }),
        infinite: go.infinite,
    }
}

/// Writes one line and flushes it: the GUI waits for each.
fn say(out: &mut dyn Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

/// Text from the GUI made safe to echo on one line: control characters
/// replaced, and cut short.
fn clean(text: &str) -> String {
    const MAX: usize = 200;
    let mut cleaned: String = text
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(MAX).is_some() {
        cleaned.push('…');
    }
    cleaned
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use proptest::prelude::*;

    use super::*;

    /// Feeds lines to a session and returns what it wrote.
    fn run(session: &mut Session, lines: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        for line in lines {
            session
                .on_event(Event::Line((*line).to_owned()), &mut out)
                .unwrap();
        }
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    fn session() -> Session {
        Session::new(mpsc::channel().0)
    }

    #[test]
    fn the_clock_is_the_side_to_moves() {
        let go = Go {
            wtime: Some(1000),
            winc: Some(10),
            btime: Some(-5),
            binc: Some(20),
            movestogo: Some(0),
            ..Go::default()
        };
        let south = limits(&go, Side::South).clock.unwrap();
        assert_eq!(south.remaining, Duration::from_millis(1000));
        assert_eq!(south.increment, Duration::from_millis(10));
        assert_eq!(south.moves_to_go, None);
        let north = limits(&go, Side::North).clock.unwrap();
        assert_eq!(north.remaining, Duration::ZERO);
        assert_eq!(north.increment, Duration::from_millis(20));
    }

    #[test]
    fn a_refused_position_leaves_none_and_go_answers_the_null_move() {
        let mut s = session();
        let lines = run(&mut s, &["position startpos moves AA", "go depth 1", "d"]);
        assert!(lines[0].starts_with("info string error: position refused: moves: ply 2 (A)"));
        assert_eq!(lines[2], "bestmove 0000");
        assert!(lines[3].starts_with("info string no position"));
        assert!(!s.is_searching());
    }

    #[test]
    fn setting_the_rules_resets_the_position() {
        let mut s = session();
        let lines = run(
            &mut s,
            &[
                "position startpos moves F",
                "setoption name rules value kalah,pits=4",
                "d",
            ],
        );
        assert_eq!(lines[0], "info string fen 4-4-4-4-4-4-4-4-0-0-S");
        assert_eq!(lines[2], "info string rules kalah,pits=4");
    }

    #[test]
    fn control_characters_are_not_echoed() {
        let mut s = session();
        let lines = run(&mut s, &["bogus\u{1b}[2J\r"]);
        assert_eq!(lines, ["info string unknown command: bogus?[2J"]);
    }

    const LINES: &[&str] = &[
        "uci",
        "isready",
        "debug on",
        "debug off",
        "d",
        "stop",
        "ponderhit",
        "ucinewgame",
        "setoption name Hash value 2",
        "setoption name Rules value kalah,pits=3",
        "setoption name Rules value abapa",
        "setoption name Rules value wari,pits=2,seeds=1",
        "setoption name Level value 0",
        "setoption name OwnBook value true",
        "position startpos",
        "position startpos moves",
        "position fen 1-0-0-0-0-0-1-0-0-0-0-0-23-23-S moves AaBbCcDdEeFf",
        "position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-N",
        "position fen 3-3-3-3-3-3-3-3-0-0-N moves a",
        "position fen 1,0/0,1 S 0-0 moves A",
    ];

    proptest! {
        /// Any sequence of commands (but `go`, which starts threads, and
        /// `quit`) leaves a session that answers `isready`.
        #[test]
        fn random_sessions_stay_ready(
            lines in proptest::collection::vec(
                prop_oneof![
                    proptest::sample::select(LINES).prop_map(str::to_owned),
                    "[a-z0-9 ,/-]{0,30}".prop_filter("no go or quit", |l| {
                        !matches!(l.split_whitespace().next(), Some("go" | "quit"))
                    }),
                ],
                0..20,
            ),
        ) {
            let mut s = session();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            run(&mut s, &lines);
            prop_assert_eq!(run(&mut s, &["isready"]), ["readyok"]);
        }
    }
}
