//! Whole events with random results: every round of a 30-player, 9-round
//! event checked against the absolute rules, and a 500-player event
//! checked the same way (its timing is in docs/PERFORMANCE.md, from the
//! `swiss_bench` example; no timing here).

mod support;

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use support::{check_round, play, seeded};
use wari_swiss::{Entrant, Points, pair_round, standings};

/// A random result: the higher-rated side wins more often; a draw now and
/// then.
fn result(rng: &mut ChaCha8Rng, white: u64, black: u64) -> Points {
    let roll: f64 = rng.random();
    let white_better = white < black;
    if roll < 0.15 {
        Points::DRAW
    } else if (roll < 0.65) == white_better {
        Points::WIN
    } else {
        Points::LOSS
    }
}

/// Checks that the pairing keeps to the score groups: brackets pair inside
/// themselves and only their leftovers float, so games across score groups
/// are few — at most one more than the number of groups in a field like
/// this. (How far a player floats is not bounded: in the last rounds the
/// completion criterion can send a leader down several groups to partner
/// players at the bottom who have all met each other.)
fn check_brackets(entrants: &[Entrant], games: &[(u64, u64)]) {
    let score: HashMap<u64, Points> = entrants.iter().map(|e| (e.id, e.score())).collect();
    let mut scores: Vec<Points> = score.values().copied().collect();
    scores.sort();
    scores.dedup();
    let mixed = games.iter().filter(|(w, b)| score[w] != score[b]).count();
    assert!(
        mixed <= scores.len() + 1,
        "{mixed} games across score groups with {} groups",
        scores.len()
    );
}

fn run_event(players: u64, rounds: u32, seed: u64, check: bool) -> Vec<Entrant> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut entrants = seeded(players);
    for round in 1..=rounds {
        let pairing =
            pair_round(&entrants, round, rounds).unwrap_or_else(|e| panic!("round {round}: {e}"));
        if check {
            check_round(&entrants, &pairing, round, rounds);
            check_brackets(&entrants, &pairing.games);
        }
        assert_eq!(pairing.games.len() as u64, players / 2);
        play(&mut entrants, &pairing, |w, b| result(&mut rng, w, b));
    }
    entrants
}

#[test]
fn thirty_players_nine_rounds_every_round_legal() {
    for seed in [1, 2, 3] {
        let entrants = run_event(30, 9, seed, true);
        let table = standings(&entrants);
        assert_eq!(table.len(), 30);
        assert!(table.windows(2).all(|w| w[0].score >= w[1].score));
    }
    // An odd field: the bye moves to a new player each round.
    let entrants = run_event(29, 9, 4, true);
    let byes = entrants.iter().filter(|e| {
        e.history
            .iter()
            .any(|r| matches!(r, wari_swiss::Round::Bye { .. }))
    });
    assert_eq!(byes.count(), 9);
}

#[test]
fn five_hundred_players_pair_round_after_round() {
    let entrants = run_event(500, 4, 9, true);
    assert!(entrants.iter().all(|e| e.history.len() == 4));
}
