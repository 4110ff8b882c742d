//! Times the pairing of a random Swiss event: `cargo run --release -p
//! wari-swiss --example swiss_bench -- PLAYERS ROUNDS` prints each round's
//! pairing time (the figures in docs/PERFORMANCE.md).

use std::time::Instant;

use wari_swiss::{Colour, Entrant, Points, Round, pair_round};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("a number"));
    let players = args.next().unwrap_or(500);
    let rounds = args.next().unwrap_or(9) as u32;
    let mut entrants: Vec<Entrant> = (1..=players)
        .map(|id| Entrant {
            id,
            rating: 3000.0 - id as f64,
            history: vec![],
        })
        .collect();
    // A fixed pseudo-random sequence (xorshift), so runs compare.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % 100
    };
    for round in 1..=rounds {
        let start = Instant::now();
        let pairing = pair_round(&entrants, round, rounds).expect("a pairing");
        println!(
            "round {round}: {} games paired in {:.3} s",
            pairing.games.len(),
            start.elapsed().as_secs_f64()
        );
        for (white, black) in pairing.games {
            let roll = next();
            let white_points = if roll < 15 {
                Points::DRAW
            } else if roll < 60 {
                Points::WIN
            } else {
                Points::LOSS
            };
            for e in entrants.iter_mut() {
                if e.id == white {
                    e.history.push(Round::Played {
                        opponent: black,
                        colour: Colour::White,
                        points: white_points,
                    });
                } else if e.id == black {
                    let points = Points(2 - white_points.0);
                    e.history.push(Round::Played {
                        opponent: white,
                        colour: Colour::Black,
                        points,
                    });
                }
            }
        }
        for e in entrants.iter_mut() {
            if e.history.len() < round as usize {
                e.history.push(Round::Bye {
                    points: Points::WIN,
                });
            }
        }
    }
}
