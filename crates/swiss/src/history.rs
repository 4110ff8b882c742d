//! The entrants and what they did in the rounds played so far: the input of
//! the pairing, and the facts the rules read from it (score, colours,
//! floats, byes, opponents met).

use std::collections::HashMap;
use std::fmt;

/// Points in half-points: `Points(2)` is a win (1 point), `Points(1)` a
/// draw, `Points(0)` a loss.
///
/// ```
/// use wari_swiss::Points;
/// assert_eq!(Points::WIN.to_string(), "1");
/// assert_eq!(Points::DRAW.to_string(), "½");
/// assert_eq!(Points(5).to_string(), "2½");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub u32);

impl Points {
    /// A loss: no points.
    pub const LOSS: Points = Points(0);
    /// A draw: half a point.
    pub const DRAW: Points = Points(1);
    /// A win: one point.
    pub const WIN: Points = Points(2);
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points(0), |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => write!(f, "½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

/// A side of the board. White moves first (South in Oware).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first mover.
    White,
    /// The second mover.
    Black,
}

impl Colour {
    /// The other colour.
    ///
    /// ```
    /// use wari_swiss::Colour;
    /// assert_eq!(Colour::White.opposite(), Colour::Black);
    /// ```
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What an entrant did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// A game against `opponent` with `colour`, scoring `points`.
    Played {
        /// The opponent's id.
        opponent: u64,
        /// The colour the entrant had.
        colour: Colour,
        /// What the entrant scored.
        points: Points,
    },
    /// The round's bye (no opponent, no colour), scoring `points`.
    Bye {
        /// What the bye gave (a win's points in the usual regulations).
        points: Points,
    },
    /// A game paired but not played: one side did not show up. The one
    /// present scores a win, the no-show nothing (both nothing when
    /// neither came). An unplayed game gives no colour, does not count as
    /// a meeting (the two may be paired again), and a forfeit win rules out
    /// a later bye (C.2).
    Forfeit {
        /// The opponent paired.
        opponent: u64,
        /// The colour the entrant was given.
        colour: Colour,
        /// What the entrant scored: [`Points::WIN`] if present.
        points: Points,
    },
    /// Not paired in that round (late entry, a round off): no points.
    Absent,
}

/// One player of the event, with everything that happened to them so far.
///
/// The initial ranking (pairing numbers) is by `rating` from the highest,
/// then by `id` from the lowest.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The player's id (an account id in the server).
    pub id: u64,
    /// The rating that seeds the initial ranking.
    pub rating: f64,
    /// One entry per round already played, in order.
    pub history: Vec<Round>,
}

impl Entrant {
    /// The entrant's score: the points of every round so far.
    ///
    /// ```
    /// use wari_swiss::{Colour, Entrant, Points, Round};
    /// let e = Entrant { id: 1, rating: 1500.0, history: vec![
    ///     Round::Played { opponent: 2, colour: Colour::White, points: Points::WIN },
    ///     Round::Bye { points: Points::WIN },
    ///     Round::Played { opponent: 3, colour: Colour::Black, points: Points::DRAW },
    /// ] };
    /// assert_eq!(e.score(), Points(5));
    /// ```
    pub fn score(&self) -> Points {
        self.score_after(self.history.len())
    }

    /// The score after the first `rounds` rounds.
    pub(crate) fn score_after(&self, rounds: usize) -> Points {
        self.history.iter().take(rounds).map(Round::points).sum()
    }
}

impl Round {
    /// The points this round gave.
    pub fn points(&self) -> Points {
        match *self {
            Round::Played { points, .. }
            | Round::Forfeit { points, .. }
            | Round::Bye { points } => points,
            Round::Absent => Points(0),
        }
    }
}

/// A float (A.4): the higher-scored player of a game between different
/// scores floats down, the other up; a player who, for whatever reason,
/// did not play in a round (a bye, a forfeit, an absence) floated down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    Down,
    Up,
    None,
}

/// The facts the Dutch rules read about one player, computed once a round.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub id: u64,
    /// 1-based pairing number from the initial ranking.
    pub number: usize,
    pub score: Points,
    /// Colours of the games actually played, oldest first.
    pub colours: Vec<Colour>,
    /// Opponents met over the board.
    pub met: Vec<u64>,
    /// Had a pairing-allocated bye or won a game by forfeit: no bye again
    /// (C.2).
    pub bye_barred: bool,
    /// The float of the last round and of the round before.
    pub floats: [Float; 2],
}

impl Player {
    /// Games played with White minus games with Black (A.6).
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

/// Turns the entrants who play round `round` into players with pairing
/// numbers (A.1: rating from the highest, then id). Those given with this
/// round already `Absent` are left out, but the floats of the players who
/// met them read their scores.
pub(crate) fn players(entrants: &[Entrant], round: usize) -> Vec<Player> {
    let mut order: Vec<&Entrant> = entrants
        .iter()
        .filter(|e| e.history.len() < round)
        .collect();
    order.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.id.cmp(&b.id)));
    let by_id: HashMap<u64, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    order
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let rounds = e.history.len();
            let float_of = |back: usize| -> Float {
                if rounds < back {
                    return Float::None;
                }
                let r = rounds - back;
                match e.history[r] {
                    Round::Played { opponent, .. } => match by_id.get(&opponent) {
                        Some(o) => {
                            let (mine, theirs) = (e.score_after(r), o.score_after(r));
                            if mine > theirs {
                                Float::Down
                            } else if mine < theirs {
                                Float::Up
                            } else {
                                Float::None
                            }
                        }
                        None => Float::None,
                    },
                    Round::Bye { .. } | Round::Forfeit { .. } | Round::Absent => Float::Down,
                }
            };
            Player {
                id: e.id,
                number: i + 1,
                score: e.score(),
                colours: e
                    .history
                    .iter()
                    .filter_map(|r| match r {
                        Round::Played { colour, .. } => Some(*colour),
                        _ => None,
                    })
                    .collect(),
                met: e
                    .history
                    .iter()
                    .filter_map(|r| match r {
                        Round::Played { opponent, .. } => Some(*opponent),
                        _ => None,
                    })
                    .collect(),
                bye_barred: e.history.iter().any(|r| match r {
                    Round::Bye { .. } => true,
                    Round::Forfeit { points, .. } => *points == Points::WIN,
                    Round::Played { .. } | Round::Absent => false,
                }),
                floats: [float_of(1), float_of(2)],
            }
        })
        .collect()
}
