//! The players of a match: the built-in engine at a level, the baseline,
//! and external programs speaking Aualé's UCI dialect.

use std::fmt;
use std::time::Duration;

use wari_engine::{Clock, Engine, Level, Limits, baseline_move};
use wari_rules::{Game, Move, Rules, Side};

use super::uci_client::{UciEngine, UciError, position_command};

/// The deepest `baseline:D`.
pub const MAX_BASELINE_DEPTH: u32 = 40;

/// A player as named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `level:N`: the built-in engine.
    Level(Level),
    /// `baseline:D`: the baseline to depth D.
    Baseline(u32),
    /// `cmd:COMMAND` or any other text: an external engine.
    Command(String),
}

impl PlayerSpec {
    /// Reads `level:N`, `baseline:D`, `cmd:COMMAND`; anything else is a
    /// command.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        let text = text.trim();
        if let Some(n) = text.strip_prefix("level:") {
            return n
                .parse()
                .map(PlayerSpec::Level)
                .map_err(|e| format!("bad engine {text:?}: {e}"));
        }
        if let Some(d) = text.strip_prefix("baseline:") {
            return match d.trim().parse::<u32>() {
                Ok(d) if (1..=MAX_BASELINE_DEPTH).contains(&d) => Ok(PlayerSpec::Baseline(d)),
                _ => Err(format!(
                    "bad engine {text:?}: the baseline's depth is a number of plies from 1 to {MAX_BASELINE_DEPTH}"
                )),
            };
        }
        let command = text.strip_prefix("cmd:").unwrap_or(text).trim();
        if command.is_empty() {
            return Err(format!("bad engine {text:?}: no command"));
        }
        Ok(PlayerSpec::Command(command.to_owned()))
    }

    /// A new player; an external engine is started at its first game and
    /// given `options` (`setoption`) after the handshake.
    pub fn create(
        &self,
        settings: &BuiltIn,
        rules: Rules,
        options: &[(String, String)],
    ) -> Box<dyn Player> {
        match self {
            PlayerSpec::Level(level) => {
                let mut engine = Engine::new();
                engine.set_hash_mb(settings.hash_mb);
                engine.set_threads(settings.threads);
                engine.set_level(*level);
                Box::new(EnginePlayer { engine })
            }
            PlayerSpec::Baseline(depth) => Box::new(BaselinePlayer { depth: *depth }),
            PlayerSpec::Command(command) => Box::new(ExternalPlayer {
                command: command.clone(),
                rules,
                options: options.to_vec(),
                engine: None,
            }),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(level) => write!(f, "level:{level}"),
            PlayerSpec::Baseline(depth) => write!(f, "baseline:{depth}"),
            PlayerSpec::Command(command) => f.write_str(command),
        }
    }
}

/// Settings of the built-in engine.
#[derive(Clone, Copy, Debug)]
pub struct BuiltIn {
    pub threads: usize,
    pub hash_mb: usize,
}

/// What a player is asked for one move.
#[derive(Clone, Copy, Debug)]
pub struct Go {
    pub search: Search,
    /// How long to wait for the answer before the player loses on time.
    pub wait: Duration,
}

/// The limit of one search, as the time control gives it.
#[derive(Clone, Copy, Debug)]
pub enum Search {
    MoveTime(Duration),
    Depth(u32),
    Nodes(u64),
    /// Both clocks, South's first, and the increment.
    Clock {
        remaining: [Duration; 2],
        increment: Duration,
    },
}

/// Why a player lost a game other than on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It took too long: it loses on time.
    Time(String),
    /// It crashed, answered garbage, an illegal move or no move: it
    /// forfeits.
    Broken(String),
}

impl Fault {
    fn from_uci(e: &UciError) -> Fault {
        if e.is_timeout() {
            Fault::Time(e.to_string())
        } else {
            Fault::Broken(e.to_string())
        }
    }
}

/// A player of a match.
pub trait Player: Send {
    /// Gets ready for a new game; `seed` seeds its random choices, so the
    /// two games of a pair can be played alike.
    ///
    /// # Errors
    /// The player cannot play (an engine that does not start): it
    /// forfeits the game.
    fn new_game(&mut self, seed: u64) -> Result<(), Fault>;

    /// The move in `game` (not over).
    ///
    /// # Errors
    /// Too slow, crashed, garbage, no move or an illegal one.
    fn go(&mut self, game: &Game, go: &Go) -> Result<Move, Fault>;
}

/// The built-in engine.
struct EnginePlayer {
    engine: Engine,
}

impl Player for EnginePlayer {
    fn new_game(&mut self, seed: u64) -> Result<(), Fault> {
        self.engine.new_game();
        self.engine.set_seed(Some(seed));
        Ok(())
    }

    fn go(&mut self, game: &Game, go: &Go) -> Result<Move, Fault> {
        let limits = match go.search {
            Search::MoveTime(time) => Limits::movetime(time),
            Search::Depth(depth) => Limits::depth(depth),
            Search::Nodes(nodes) => Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            Search::Clock {
                remaining,
                increment,
            } => Limits {
                clock: Some(Clock {
                    remaining: remaining[game.position().turn().index()],
                    increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
        };
        self.engine
            .think(game, &limits)
            .best
            .ok_or_else(|| Fault::Broken("the engine found no move".to_owned()))
    }
}

/// The baseline: its own depth, whatever the time control.
struct BaselinePlayer {
    depth: u32,
}

impl Player for BaselinePlayer {
    fn new_game(&mut self, _seed: u64) -> Result<(), Fault> {
        Ok(())
    }

    fn go(&mut self, game: &Game, _go: &Go) -> Result<Move, Fault> {
        baseline_move(game, self.depth)
            .ok_or_else(|| Fault::Broken("the baseline found no move".to_owned()))
    }
}

/// An external engine, started at its first game and again after any
/// game it lost by a fault.
struct ExternalPlayer {
    command: String,
    rules: Rules,
    options: Vec<(String, String)>,
    engine: Option<UciEngine>,
}

impl ExternalPlayer {
    fn ready(&mut self) -> Result<&mut UciEngine, Fault> {
        if self.engine.is_none() {
            let engine =
                start_engine(&self.command, self.rules, &self.options).map_err(|e| match e {
                    StartError::Uci(e) => Fault::Broken(e.to_string()),
                    StartError::NoRulesOption(rules) => Fault::Broken(no_rules_option(rules)),
                })?;
            self.engine = Some(engine);
        }
        Ok(self.engine.as_mut().expect("started"))
    }

    fn get_move(&mut self, game: &Game, go: &Go) -> Result<Move, Fault> {
        let engine = self.ready()?;
        let command = go_command(go.search);
        let words = engine
            .go(&position_command(game), &command, go.wait)
            .map_err(|e| Fault::from_uci(&e))?;
        let Some(word) = words.first() else {
            return Err(Fault::Broken(
                "answered \"bestmove\" without a move".to_owned(),
            ));
        };
        if word == "0000" || word == "(none)" {
            return Err(Fault::Broken(format!(
                "answered \"bestmove {word}\" (no move) in a game that is not over"
            )));
        }
        let m: Move = word
            .parse()
            .map_err(|_| Fault::Broken(format!("answered \"bestmove {word}\": not a move")))?;
        if let Err(e) = game.position().play(m) {
            return Err(Fault::Broken(format!("played {m}, illegal here: {e}")));
        }
        Ok(m)
    }
}

impl Player for ExternalPlayer {
    fn new_game(&mut self, seed: u64) -> Result<(), Fault> {
        let engine = self.ready()?;
        // An engine with a `Seed` option (wari's own) gets the game's
        // seed before `ucinewgame`, so its games repeat too.
        let seeded = if engine.has_option("Seed") {
            engine.send(&format!("setoption name Seed value {seed}"))
        } else {
            Ok(())
        };
        let result = seeded
            .and_then(|()| engine.send("ucinewgame"))
            .and_then(|()| engine.sync())
            .map_err(|e| Fault::Broken(e.to_string()));
        if result.is_err() {
            self.engine = None;
        }
        result
    }

    fn go(&mut self, game: &Game, go: &Go) -> Result<Move, Fault> {
        let result = self.get_move(game, go);
        if result.is_err() {
            // Whatever state it is in, the next game starts it afresh.
            self.engine = None;
        }
        result
    }
}

/// The `go` command for a search.
fn go_command(search: Search) -> String {
    let ms = |d: Duration| d.as_millis();
    match search {
        Search::MoveTime(time) => format!("go movetime {}", ms(time)),
        Search::Depth(depth) => format!("go depth {depth}"),
        Search::Nodes(nodes) => format!("go nodes {nodes}"),
        Search::Clock {
            remaining,
            increment,
        } => format!(
            "go wtime {} btime {} winc {} binc {}",
            ms(remaining[Side::South.index()]),
            ms(remaining[Side::North.index()]),
            ms(increment),
            ms(increment)
        ),
    }
}

/// Why an external engine could not be made ready.
#[derive(Debug)]
pub enum StartError {
    Uci(UciError),
    /// The rules are not abapa and the engine has no `Rules` option.
    NoRulesOption(Rules),
}

/// The message for an engine that cannot be told the rules.
pub fn no_rules_option(rules: Rules) -> String {
    format!("it has no Rules option, so it cannot be told to play {rules}")
}

/// Starts an engine, shakes hands, sends `options` and sets the rules:
/// `setoption name Rules value R` when it has the option; without it only
/// abapa (the dialect's own game) can be played.
pub fn start_engine(
    command: &str,
    rules: Rules,
    options: &[(String, String)],
) -> Result<UciEngine, StartError> {
    let mut engine = UciEngine::start(command).map_err(StartError::Uci)?;
    engine.handshake().map_err(StartError::Uci)?;
    for (name, value) in options {
        engine
            .send(&format!("setoption name {name} value {value}"))
            .map_err(StartError::Uci)?;
    }
    if engine.has_option("Rules") {
        engine
            .send(&format!("setoption name Rules value {rules}"))
            .map_err(StartError::Uci)?;
    } else if rules != Rules::default() {
        return Err(StartError::NoRulesOption(rules));
    }
    Ok(engine)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_built_ins_and_commands() {
        assert_eq!(
            PlayerSpec::parse("level:3"),
            Ok(PlayerSpec::Level(Level::new(3).unwrap()))
        );
        assert_eq!(PlayerSpec::parse("baseline:8"), Ok(PlayerSpec::Baseline(8)));
        assert_eq!(
            PlayerSpec::parse("cmd:wari engine --hash 16"),
            Ok(PlayerSpec::Command("wari engine --hash 16".to_owned()))
        );
        assert_eq!(
            PlayerSpec::parse("./aalina"),
            Ok(PlayerSpec::Command("./aalina".to_owned()))
        );
        assert!(PlayerSpec::parse("level:11").is_err());
        assert!(PlayerSpec::parse("baseline:0").is_err());
        assert!(PlayerSpec::parse("baseline:x").is_err());
        assert!(PlayerSpec::parse("cmd: ").is_err());
    }

    #[test]
    fn go_gives_each_side_its_own_clock() {
        let search = Search::Clock {
            remaining: [Duration::from_millis(1500), Duration::from_millis(900)],
            increment: Duration::from_millis(100),
        };
        assert_eq!(
            go_command(search),
            "go wtime 1500 btime 900 winc 100 binc 100"
        );
        assert_eq!(
            go_command(Search::MoveTime(Duration::from_millis(250))),
            "go movetime 250"
        );
        assert_eq!(go_command(Search::Depth(7)), "go depth 7");
        assert_eq!(go_command(Search::Nodes(5000)), "go nodes 5000");
    }
}
