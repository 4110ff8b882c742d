//! One game of a match: the opening, then each player's moves under the
//! time control, until the rules, a fault, a flag or the ply cap end it.

use std::fmt;
use std::time::{Duration, Instant};

use wari_rules::{Game, Move, Rules, Side};

use super::player::{Fault, Go, Player, Search};

/// How long a move may take under `--depth` or `--nodes`, before the
/// grace.
pub const DEPTH_WAIT: Duration = Duration::from_secs(60);

/// The time control of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed depth per move (the built-in levels and external
    /// engines; the baseline keeps its own).
    Depth(u32),
    /// A fixed number of nodes per move (`go nodes N`), whatever the
    /// machine's load.
    Nodes(u64),
    /// A Fischer clock per side (`--tc 1+0.5`: a minute each, half a
    /// second a move).
    Fischer(wari_rules::TimeControl),
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(t) => write!(f, "movetime {} ms", t.as_millis()),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Nodes(n) => write!(f, "nodes {n}"),
            TimeControl::Fischer(tc) => write!(f, "{tc}"),
        }
    }
}

/// What every game of a match shares.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub rules: Rules,
    pub time_control: TimeControl,
    /// How much longer than its time an engine may take under
    /// `MoveTime` and `Depth` (a clock has no grace: the flag falls).
    pub grace: Duration,
    /// Plies after which a game is ended by agreement.
    pub max_plies: usize,
}

/// One game to play.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// From 0.
    pub index: usize,
    pub opening: Vec<Move>,
    /// Engine 1's side; engine 2 has the other.
    pub engine1: Side,
    /// Seeds for the players' random choices, engine 1's then engine
    /// 2's: the same for both games of a pair.
    pub seeds: [u64; 2],
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played {
    pub pairing: Pairing,
    pub game: Game,
    /// Why the game ended other than by the rules: a player's fault or
    /// the ply cap.
    pub note: Option<String>,
    /// The engine (0 or 1) that lost by a fault, if one did.
    pub faulty: Option<usize>,
    pub duration: Duration,
    /// Each engine's moves (the opening's aside) and the time they took.
    pub moves: [u32; 2],
    pub thinking: [Duration; 2],
}

/// Plays one game; `players[0]` is engine 1.
pub fn play_game(
    players: &mut [Box<dyn Player>; 2],
    names: &[String; 2],
    pairing: Pairing,
    settings: &Settings,
) -> Played {
    let started = Instant::now();
    let mut game = Game::new(settings.rules);
    for &m in &pairing.opening {
        game.play(m).expect("openings are legal");
    }
    let engine_of = |side: Side| usize::from(side != pairing.engine1);
    let mut note = None;
    let mut fault: Option<(Side, Fault)> = None;

    // Both players get ready; the side to move is asked first.
    let turn = game.position().turn();
    for side in [turn, turn.opposite()] {
        let who = engine_of(side);
        if let Err(f) = players[who].new_game(pairing.seeds[who]) {
            fault = Some((side, f));
            break;
        }
    }

    let mut moves = [0; 2];
    let mut thinking = [Duration::ZERO; 2];
    let mut clocks = match settings.time_control {
        TimeControl::Fischer(tc) => [tc.base(); 2],
        _ => [Duration::ZERO; 2],
    };
    while fault.is_none() && !game.is_over() {
        if game.moves().len() >= settings.max_plies {
            game.end_by_agreement();
            note = Some(format!(
                "stopped after {} plies: each player takes their own row",
                settings.max_plies
            ));
            break;
        }
        let side = game.position().turn();
        let (search, wait) = match settings.time_control {
            TimeControl::MoveTime(t) => (Search::MoveTime(t), t + settings.grace),
            TimeControl::Depth(d) => (Search::Depth(d), DEPTH_WAIT + settings.grace),
            TimeControl::Nodes(n) => (Search::Nodes(n), DEPTH_WAIT + settings.grace),
            TimeControl::Fischer(tc) => (
                Search::Clock {
                    remaining: clocks,
                    increment: tc.increment(),
                },
                clocks[side.index()],
            ),
        };
        let who = engine_of(side);
        let asked = Instant::now();
        let answer = players[who].go(&game, &Go { search, wait });
        let used = asked.elapsed();
        moves[who] += 1;
        thinking[who] += used;
        let m = match answer {
            Ok(m) => m,
            Err(f) => {
                fault = Some((side, f));
                break;
            }
        };
        if let TimeControl::Fischer(tc) = settings.time_control {
            let clock = &mut clocks[side.index()];
            if used > *clock {
                let message = format!(
                    "its flag fell: the move took {} with {} left",
                    seconds(used),
                    seconds(*clock)
                );
                fault = Some((side, Fault::Time(message)));
                break;
            }
            *clock = *clock - used + tc.increment();
        }
        if let Err(e) = game.play(m) {
            let message = format!("played {m}, illegal here: {e}");
            fault = Some((side, Fault::Broken(message)));
            break;
        }
    }

    let mut faulty = None;
    if let Some((side, f)) = fault {
        let who = engine_of(side);
        let (what, message) = match f {
            Fault::Time(m) => {
                game.lose_on_time(side);
                ("loses on time", m)
            }
            Fault::Broken(m) => {
                game.resign(side);
                ("forfeits", m)
            }
        };
        note = Some(format!("{} ({side}) {what}: {message}", names[who]));
        faulty = Some(who);
    }
    Played {
        pairing,
        game,
        note,
        faulty,
        duration: started.elapsed(),
        moves,
        thinking,
    }
}

/// A duration for people: `1.050 s`.
pub fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}
