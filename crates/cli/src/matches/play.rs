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
    /// A Fischer clock per side: the time for the game and an increment
    /// per move.
    Fischer { base: Duration, increment: Duration },
}

impl TimeControl {
    /// Reads `--tc`: seconds for the game, then optionally `+` the
    /// increment in seconds: `60+1`, `10`, `0.5+0.05`.
    pub fn parse_fischer(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!("bad time control {text:?}: expected SECONDS[+INCREMENT] in seconds, like 60+1")
        };
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let seconds = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0 && *x < 1e7)
                .map(Duration::from_secs_f64)
        };
        match (seconds(base), seconds(increment)) {
            (Some(base), Some(increment)) if !base.is_zero() => {
                Ok(TimeControl::Fischer { base, increment })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(t) => write!(f, "movetime {} ms", t.as_millis()),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Nodes(n) => write!(f, "nodes {n}"),
            TimeControl::Fischer { base, increment } => {
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
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
        TimeControl::Fischer { base, .. } => [base; 2],
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
            TimeControl::Fischer { increment, .. } => (
                Search::Clock {
                    remaining: clocks,
                    increment,
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
        if let TimeControl::Fischer { increment, .. } = settings.time_control {
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
            *clock = *clock - used + increment;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_time_controls() {
        assert_eq!(
            TimeControl::parse_fischer("60+1"),
            Ok(TimeControl::Fischer {
                base: Duration::from_secs(60),
                increment: Duration::from_secs(1)
            })
        );
        assert_eq!(
            TimeControl::parse_fischer("0.5+0.05"),
            Ok(TimeControl::Fischer {
                base: Duration::from_millis(500),
                increment: Duration::from_millis(50)
            })
        );
        assert_eq!(
            TimeControl::parse_fischer("10"),
            Ok(TimeControl::Fischer {
                base: Duration::from_secs(10),
                increment: Duration::ZERO
            })
        );
        for bad in ["", "0", "x+1", "60+", "-1+0", "60+1+1"] {
            assert!(TimeControl::parse_fischer(bad).is_err(), "{bad}");
        }
        assert_eq!(
            TimeControl::parse_fischer("60+1").unwrap().to_string(),
            "60+1"
        );
    }
}
