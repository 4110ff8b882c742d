//! Swiss-system pairings by the FIDE Dutch system (Handbook C.04.3, the
//! rules in force from 2017) and the usual Swiss tie-breaks.
//!
//! A pure algorithm: the caller (the server's tournament director) keeps the
//! entrants and their rounds, asks [`pair_round`] for the next round, and
//! [`standings`] for the table.
//!
//! ```
//! use wari_swiss::{pair_round, standings, Colour, Entrant, Pairing, Points, Round};
//!
//! // Round 1 of four players: the top half meets the bottom half, colours
//! // alternating down the boards (E.5).
//! let mut entrants: Vec<Entrant> = (1..=4)
//!     .map(|id| Entrant { id, rating: 2000.0 - id as f64, history: vec![] })
//!     .collect();
//! let round1 = pair_round(&entrants, 1, 3)?;
//! assert_eq!(round1, Pairing { games: vec![(1, 3), (4, 2)], bye: None });
//!
//! // White wins both games; round 2 pairs the winners.
//! for (white, black) in round1.games {
//!     let won = |id| if id == white { Points::WIN } else { Points::LOSS };
//!     for (me, them, colour) in [(white, black, Colour::White), (black, white, Colour::Black)] {
//!         let e = entrants.iter_mut().find(|e| e.id == me).unwrap();
//!         e.history.push(Round::Played { opponent: them, colour, points: won(me) });
//!     }
//! }
//! let round2 = pair_round(&entrants, 2, 3)?;
//! assert_eq!(round2.games.len(), 2);
//! assert!(round2.games.contains(&(4, 1)) || round2.games.contains(&(1, 4)));
//! assert_eq!(standings(&entrants)[0].score, Points::WIN);
//! # Ok::<(), wari_swiss::PairingError>(())
//! ```
//!
//! # How it pairs
//!
//! As the FIDE-endorsed program bbpPairings does, every criterion becomes a
//! field of the edge weights of a maximum-weight matching (Edmonds' blossom
//! algorithm, O(n³)), solved once per bracket from the top score group
//! down; see `brackets.rs` for the order of the fields. Searching the
//! brackets' transpositions and exchanges one by one, as the rules describe
//! them, is exponential: it took over a minute for 500 players. The blossom
//! algorithm is written here (`matching.rs`) because no well-kept Rust crate
//! offers maximum-weight matching in general graphs with the wide integer
//! weights this needs; it is tested against brute force on small graphs.
//!
//! # Simplifications
//!
//! - The order among equally good pairings of a bracket follows the exact
//!   sequence of transpositions and exchanges of D.1–D.2 only in brackets
//!   small enough for the weights to hold it (a weighted distance to the
//!   natural S1-against-S2 order stands in beyond), and D.3's exchanges in
//!   heterogeneous brackets are not modelled, so it can differ from a
//!   reference program where several pairings meet every criterion equally.
//! - Any earlier bye (whatever its points) rules out another (C.2), as does
//!   a forfeit win.
//! - The initial colour (E.5) is White for pairing number 1.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod brackets;
mod byes;
mod colours;
mod completion;
mod history;
mod matching;
mod tiebreaks;
pub mod trf;
mod weights;

use std::collections::HashSet;
use std::fmt;

pub use history::{Colour, Entrant, Points, Round};
pub use tiebreaks::{Standing, standings};

/// One round's pairing: the games as (white, black) ids, board order (the
/// higher-ranked player's rank), and the player with the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// (white, black) for each game.
    pub games: Vec<(u64, u64)>,
    /// The player who gets the bye, if the number of entrants is odd.
    pub bye: Option<u64>,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PairingError {
    /// `round` is 0 or beyond `total_rounds`.
    RoundOutOfRange {
        /// The round asked for.
        round: u32,
        /// The event's number of rounds.
        total_rounds: u32,
    },
    /// Two entrants have the same id.
    DuplicateEntrant(u64),
    /// An entrant's history does not have one entry per earlier round.
    History {
        /// The entrant.
        id: u64,
        /// Rounds in the history.
        found: usize,
        /// Rounds expected (`round - 1`).
        expected: usize,
    },
    /// No pairing meets the absolute criteria (C.1–C.3): too many players
    /// have met, or every candidate for the bye has had one.
    NoPairing,
    /// More entrants than [`MAX_ENTRANTS`].
    TooManyEntrants(usize),
}

/// The largest field [`pair_round`] pairs: the criteria must fit side by side
/// in one 256-bit edge weight (and by the O(n³) growth from 1000 players, a
/// round of 2000 would take most of a minute).
pub const MAX_ENTRANTS: usize = 2000;

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::RoundOutOfRange {
                round,
                total_rounds,
            } => {
                write!(
                    f,
                    "round {round} is not a round of an event of {total_rounds} rounds"
                )
            }
            PairingError::DuplicateEntrant(id) => write!(f, "entrant {id} is listed twice"),
            PairingError::History {
                id,
                found,
                expected,
            } => {
                write!(
                    f,
                    "entrant {id} has {found} rounds of history, expected {expected}"
                )
            }
            PairingError::NoPairing => {
                write!(
                    f,
                    "no pairing avoids repeat games, colour limits and a second bye"
                )
            }
            PairingError::TooManyEntrants(n) => {
                write!(
                    f,
                    "{n} entrants: a Swiss round pairs at most {MAX_ENTRANTS}"
                )
            }
        }
    }
}

impl std::error::Error for PairingError {}

/// Pairs round `round` (1-based) of an event of `total_rounds` rounds.
///
/// Every entrant given with one history entry per earlier round is paired.
/// Those who withdrew or take the round off are left out or, better, given
/// with [`Round::Absent`] already in their history for this round: they
/// are not paired, but their scores tell the floats (A.4) of the players
/// who met them.
///
/// ```
/// use wari_swiss::{pair_round, Colour, Entrant, Points, Round};
/// let played = |opponent, colour, points| vec![Round::Played { opponent, colour, points }];
/// let mut entrants = vec![
///     Entrant { id: 1, rating: 2000.0, history: played(3, Colour::White, Points::WIN) },
///     Entrant { id: 2, rating: 1900.0, history: played(4, Colour::White, Points::WIN) },
///     Entrant { id: 3, rating: 1800.0, history: played(1, Colour::Black, Points::LOSS) },
///     Entrant { id: 4, rating: 1700.0, history: played(2, Colour::Black, Points::LOSS) },
/// ];
/// // 4 takes round 2 off: 3 gets the bye.
/// entrants[3].history.push(Round::Absent);
/// let pairing = pair_round(&entrants, 2, 3)?;
/// assert_eq!(pairing.games, vec![(2, 1)]);
/// assert_eq!(pairing.bye, Some(3));
/// # Ok::<(), wari_swiss::PairingError>(())
/// ```
///
/// # Errors
///
/// [`PairingError`] for a round out of range, a repeated id, a history of
/// the wrong length, more than [`MAX_ENTRANTS`], or a round that no legal
/// pairing exists for.
///
/// # Example
///
/// ```
/// use wari_swiss::{pair_round, Entrant};
/// // Three players: the lowest-ranked gets the bye in round 1.
/// let entrants: Vec<Entrant> =
///     [(7, 1800.0), (8, 1900.0), (9, 1700.0)].map(|(id, rating)| Entrant { id, rating, history: vec![] }).into();
/// let pairing = pair_round(&entrants, 1, 5).unwrap();
/// assert_eq!(pairing.games, vec![(8, 7)]);
/// assert_eq!(pairing.bye, Some(9));
/// ```
pub fn pair_round(
    entrants: &[Entrant],
    round: u32,
    total_rounds: u32,
) -> Result<Pairing, PairingError> {
    if round == 0 || round > total_rounds {
        return Err(PairingError::RoundOutOfRange {
            round,
            total_rounds,
        });
    }
    if entrants.len() > MAX_ENTRANTS {
        return Err(PairingError::TooManyEntrants(entrants.len()));
    }
    let mut ids = HashSet::new();
    for e in entrants {
        if !ids.insert(e.id) {
            return Err(PairingError::DuplicateEntrant(e.id));
        }
        let sits_out =
            e.history.len() == round as usize && e.history.last() == Some(&Round::Absent);
        if e.history.len() != round as usize - 1 && !sits_out {
            return Err(PairingError::History {
                id: e.id,
                found: e.history.len(),
                expected: round as usize - 1,
            });
        }
    }
    let mut players = history::players(entrants, round as usize);
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let (pairs, bye) =
        brackets::pair(&players, round == total_rounds, round).ok_or(PairingError::NoPairing)?;
    let mut games: Vec<(usize, usize)> = pairs;
    games.sort();
    Ok(Pairing {
        games: games
            .into_iter()
            .map(|(i, j)| {
                let (a, b) = (&players[i], &players[j]);
                match colours::allocate(a, b) {
                    Colour::White => (a.id, b.id),
                    Colour::Black => (b.id, a.id),
                }
            })
            .collect(),
        bye: bye.map(|i| players[i].id),
    })
}
