//! The shipped puzzles (docs/PUZZLES.md): the files the trainer serves,
//! `web/puzzles/FAMILY.ndjson`, read from the front end the server embeds
//! (`static_files`), so that the server checks an attempt against the
//! very puzzle the player saw.

mod answer;
mod rating;

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;
use wari_rules::record::parse_moves;
use wari_rules::{Move, Position, Rules, Variant};

pub use answer::{Verdict, judge};
pub use rating::{rate_for_account, rate_for_guest};

use crate::static_files;

/// A puzzle: where it starts, its solution (the solver's moves and the
/// opponent's replies between them), and its rating (its difficulty).
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// `kalah-0002`.
    pub id: String,
    /// The rule family whose puzzle rating an attempt moves.
    pub family: Variant,
    /// The position the solver moves from.
    pub position: Position,
    /// The solution's moves, the solver's first and last.
    pub solution: Vec<Move>,
    /// Its Glicko-2 rating.
    pub rating: f64,
}

/// A line of the file, as `wari puzzles` writes it (the fields the server
/// needs).
#[derive(Deserialize)]
struct Line {
    id: String,
    rules: String,
    position: String,
    solution: String,
    rating: f64,
}

impl Puzzle {
    /// The puzzle of one line of a shipped file.
    fn read(line: &str) -> Result<Puzzle, String> {
        let line: Line = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let rules: Rules = line.rules.parse().map_err(|e| format!("{e}"))?;
        let position = Position::from_string(&line.position, rules).map_err(|e| format!("{e}"))?;
        let solution = parse_moves(&line.solution).map_err(|e| e.to_string())?;
        Ok(Puzzle {
            id: line.id,
            family: rules.variant(),
            position,
            solution,
            rating: line.rating,
        })
    }
}

/// Every shipped puzzle, by id, read once.
static SHIPPED: LazyLock<HashMap<String, Puzzle>> = LazyLock::new(|| {
    let mut puzzles = HashMap::new();
    for family in Variant::ALL {
        let name = format!("puzzles/{}.ndjson", family.name());
        let Some(bytes) = static_files::file(&name) else {
            continue;
        };
        for (n, line) in String::from_utf8_lossy(bytes).lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match Puzzle::read(line) {
                Ok(p) => {
                    puzzles.insert(p.id.clone(), p);
                }
                Err(e) => {
                    tracing::error!(file = %name, line = n + 1, error = %e, "a shipped puzzle cannot be read")
                }
            }
        }
    }
    puzzles
});

/// The shipped puzzle `id`, if there is one.
#[must_use]
pub fn shipped(id: &str) -> Option<&'static Puzzle> {
    SHIPPED.get(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of every shipped file is read (none dropped), the
    /// families as the trainer groups them (the file's name).
    #[test]
    fn every_shipped_puzzle_is_read() {
        for family in Variant::ALL {
            let name = format!("puzzles/{}.ndjson", family.name());
            let text = String::from_utf8_lossy(static_files::file(&name).expect("shipped"));
            let ids: Vec<String> = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| {
                    serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                        .as_str()
                        .unwrap()
                        .to_owned()
                })
                .collect();
            assert!(ids.len() >= 500, "{name}: {}", ids.len());
            for id in ids {
                let p = shipped(&id).unwrap_or_else(|| panic!("{id} not read"));
                assert_eq!(p.family, family, "{id}");
                assert!(id.starts_with(&format!("{}-", family.name())), "{id}");
            }
        }
        assert!(shipped("kalah-9999").is_none());
    }
}
