//! Reading events in the FIDE Tournament Report File format (TRF-16, as
//! bbpPairings and JaVaFo write it): the player lines (`001`) with one
//! block a round, so that an event paired by another program can be
//! replayed round by round and compared.
//!
//! ```
//! use wari_swiss::trf;
//! let line = |n: u32, rating: u32, rounds: &str| {
//!     format!("001 {n:>4}      Name{n:<29} {rating:>4}{:37}{rounds}", "")
//! };
//! let text = [line(1, 2000, "     2 w 1  "), line(2, 1900, "     1 b 0  ")].join("\n");
//! let event = trf::parse(&text)?;
//! assert_eq!(event.rounds(), 1);
//! assert_eq!(event.pairing(1).games, vec![(1, 2)]);
//! assert_eq!(event.entrants_before(1)[0].history, vec![]);
//! # Ok::<(), trf::TrfError>(())
//! ```

use std::fmt;

use crate::Pairing;
use crate::history::{Colour, Entrant, Points, Round};

/// An event read from a TRF: each player's pairing number, rating and
/// rounds.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    players: Vec<(u64, f64, Vec<Round>)>,
}

/// A TRF line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TRF line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for TrfError {}

/// Reads the player lines of a TRF (lines may end in `\n`, `\r\n` or `\r`).
///
/// # Errors
///
/// A [`TrfError`] for a player line whose number, rating or round blocks
/// cannot be read.
pub fn parse(text: &str) -> Result<Event, TrfError> {
    let mut players = Vec::new();
    for (k, line) in text.split(['\n', '\r']).enumerate() {
        if !line.starts_with("001") {
            continue;
        }
        let error = |reason: &str| TrfError {
            line: k + 1,
            reason: reason.to_string(),
        };
        // Columns count characters (names may be beyond ASCII).
        let chars: Vec<char> = line.chars().collect();
        let field = |from: usize, to: usize| -> String {
            chars
                .get(from..to.min(chars.len()))
                .unwrap_or(&[])
                .iter()
                .collect::<String>()
                .trim()
                .to_string()
        };
        let number: u64 = field(4, 8)
            .parse()
            .map_err(|_| error("no pairing number in columns 5-8"))?;
        let rating: f64 = match field(48, 52).as_str() {
            "" => 0.0,
            r => r.parse().map_err(|_| error("no rating in columns 49-52"))?,
        };
        let mut rounds = Vec::new();
        let mut at = 91;
        while at + 8 <= chars.len() {
            let opponent: u64 = field(at, at + 4)
                .parse()
                .map_err(|_| error("a round without an opponent number"))?;
            let (colour, result) = (field(at + 5, at + 6), field(at + 7, at + 8));
            let (colour, result) = (colour.as_str(), result.as_str());
            let points = match result {
                "1" | "+" | "W" | "U" | "F" => Points::WIN,
                "=" | "D" | "H" => Points::DRAW,
                _ => Points::LOSS,
            };
            let colour = match colour {
                "w" => Some(Colour::White),
                "b" => Some(Colour::Black),
                _ => None,
            };
            let round = match (opponent, colour) {
                (0, _) if matches!(result, "U" | "F" | "H" | "+") => Round::Bye { points },
                (0, _) => Round::Absent,
                (_, Some(colour)) if matches!(result, "+" | "-") => Round::Forfeit {
                    opponent,
                    colour,
                    points,
                },
                (_, Some(colour)) => Round::Played {
                    opponent,
                    colour,
                    points,
                },
                (_, None) => return Err(error("a game without a colour")),
            };
            rounds.push(round);
            at += 10;
        }
        players.push((number, rating, rounds));
    }
    Ok(Event { players })
}

impl Event {
    /// The number of rounds played.
    pub fn rounds(&self) -> usize {
        self.players.iter().map(|p| p.2.len()).max().unwrap_or(0)
    }

    /// The entrants as they were before round `round` (1-based): id = the
    /// pairing number, ranked by pairing number, with the earlier rounds.
    /// Players with no game or bye in `round` have it `Absent` already (as
    /// [`crate::pair_round`] takes those who sit a round out).
    pub fn entrants_before(&self, round: usize) -> Vec<Entrant> {
        self.players
            .iter()
            .map(|(number, _, rounds)| {
                let mut history = rounds[..(round - 1).min(rounds.len())].to_vec();
                history.resize(round - 1, Round::Absent);
                if rounds.get(round - 1).is_none_or(|r| *r == Round::Absent) {
                    history.push(Round::Absent);
                }
                Entrant {
                    id: *number,
                    rating: -(*number as f64),
                    history,
                }
            })
            .collect()
    }

    /// The pairing the file records for round `round` (1-based): games as
    /// (white, black) by the white player's pairing number, those forfeited
    /// too, and the bye.
    pub fn pairing(&self, round: usize) -> Pairing {
        let mut games = Vec::new();
        let mut bye = None;
        for (number, _, rounds) in &self.players {
            match rounds.get(round - 1) {
                Some(
                    Round::Played {
                        opponent,
                        colour: Colour::White,
                        ..
                    }
                    | Round::Forfeit {
                        opponent,
                        colour: Colour::White,
                        ..
                    },
                ) => games.push((*number, *opponent)),
                Some(Round::Bye { .. }) => bye = Some(*number),
                _ => {}
            }
        }
        games.sort();
        Pairing { games, bye }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_line_is_an_error_with_its_number() {
        let err = parse("012 event\n001 abcd").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.to_string().contains("pairing number"));
        let long = format!("001    1 Ünïcödé{:83}  xx w 1", "");
        assert_eq!(
            parse(&long).unwrap_err().reason,
            "a round without an opponent number"
        );
        assert_eq!(parse("no players here").unwrap().rounds(), 0);
    }
}
