//! An event in memory for the tests: entrants, recording results, and the
//! checks every round must pass.

#![allow(dead_code)]

use std::collections::{HashMap, HashSet};

use wari_swiss::{Colour, Entrant, Pairing, Points, Round};

/// Entrants `1..=n`, rated so that id 1 is the top seed.
pub fn seeded(n: u64) -> Vec<Entrant> {
    (1..=n)
        .map(|id| Entrant {
            id,
            rating: 3000.0 - id as f64,
            history: vec![],
        })
        .collect()
}

/// Records a round: `games` as (white, black, white's points), the bye
/// worth a win, and everyone else absent.
pub fn record(entrants: &mut [Entrant], games: &[(u64, u64, Points)], bye: Option<u64>) {
    let mut done = HashSet::new();
    for &(white, black, points) in games {
        for e in entrants.iter_mut() {
            if e.id == white {
                e.history.push(Round::Played {
                    opponent: black,
                    colour: Colour::White,
                    points,
                });
            } else if e.id == black {
                e.history.push(Round::Played {
                    opponent: white,
                    colour: Colour::Black,
                    points: Points(2 - points.0),
                });
            }
        }
        done.insert(white);
        done.insert(black);
    }
    for e in entrants.iter_mut() {
        if Some(e.id) == bye {
            e.history.push(Round::Bye {
                points: Points::WIN,
            });
        } else if !done.contains(&e.id) {
            e.history.push(Round::Absent);
        }
    }
}

/// Checks a round's pairing against the absolute rules: everybody paired
/// once or given the bye, no repeat game (C.1), no second bye (C.2), no
/// colour difference beyond ±2 and no third colour in a row (C.3) except
/// for a topscorer (or his opponent) in the last round, and every game
/// between players whose scores differ by no more than the floats allow.
pub fn check_round(entrants: &[Entrant], pairing: &Pairing, round: u32, total: u32) {
    let by_id: HashMap<u64, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    let mut seen = HashSet::new();
    for &(w, b) in &pairing.games {
        assert!(
            seen.insert(w) && seen.insert(b),
            "round {round}: {w} or {b} paired twice"
        );
        let met = by_id[&w]
            .history
            .iter()
            .any(|r| matches!(r, Round::Played { opponent, .. } if *opponent == b));
        assert!(!met, "round {round}: {w} and {b} meet again");
    }
    if let Some(bye) = pairing.bye {
        assert!(seen.insert(bye), "round {round}: the bye {bye} also plays");
        let had = by_id[&bye]
            .history
            .iter()
            .any(|r| matches!(r, Round::Bye { .. }));
        assert!(!had, "round {round}: {bye} gets a second bye");
    }
    assert_eq!(
        seen.len(),
        entrants.len(),
        "round {round}: not everyone is paired"
    );
    assert!(
        entrants.len() % 2 == 1 || pairing.bye.is_none(),
        "round {round}: a bye with an even field"
    );
    let topscorer = |id: u64| round == total && by_id[&id].score() > Points(round - 1);
    for &(w, b) in &pairing.games {
        let exempt = topscorer(w) || topscorer(b);
        for (id, colour) in [(w, Colour::White), (b, Colour::Black)] {
            let mut colours: Vec<Colour> = by_id[&id]
                .history
                .iter()
                .filter_map(|r| match r {
                    Round::Played { colour, .. } => Some(*colour),
                    _ => None,
                })
                .collect();
            colours.push(colour);
            let difference: i32 = colours
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum();
            let three =
                colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|c| *c == colour);
            if !exempt {
                assert!(
                    difference.abs() <= 2,
                    "round {round}: {id} gets colour difference {difference}"
                );
                assert!(
                    !three,
                    "round {round}: {id} gets {colour:?} a third time in a row"
                );
            }
        }
    }
}

/// Plays a round with results from `result(white, black)`.
pub fn play(
    entrants: &mut [Entrant],
    pairing: &Pairing,
    mut result: impl FnMut(u64, u64) -> Points,
) {
    let games: Vec<(u64, u64, Points)> = pairing
        .games
        .iter()
        .map(|&(w, b)| (w, b, result(w, b)))
        .collect();
    record(entrants, &games, pairing.bye);
}
