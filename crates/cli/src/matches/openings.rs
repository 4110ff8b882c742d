//! Random openings for the pairs of a match, reproducible from a seed.

use wari_engine::random::{Rng, RngExt};
use wari_rules::{Game, Move, Rules};

/// `count` openings of `plies` random legal moves from the start of
/// `rules`, none of them ending the game (an opening stops early where
/// every move would). Repeats are avoided while fresh lines turn up.
pub fn openings(rules: Rules, plies: u32, count: usize, rng: &mut Rng) -> Vec<Vec<Move>> {
    const TRIES: usize = 50;
    let mut chosen: Vec<Vec<Move>> = Vec::with_capacity(count);
    for _ in 0..count {
        let mut line = random_line(rules, plies, rng);
        for _ in 1..TRIES {
            if !chosen.contains(&line) {
                break;
            }
            line = random_line(rules, plies, rng);
        }
        chosen.push(line);
    }
    chosen
}

fn random_line(rules: Rules, plies: u32, rng: &mut Rng) -> Vec<Move> {
    let mut game = Game::new(rules);
    let mut line = Vec::with_capacity(plies as usize);
    for _ in 0..plies {
        let mut moves: Vec<Move> = game.legal_moves().to_vec();
        // Draw among the moves that leave the game going.
        let m = loop {
            if moves.is_empty() {
                return line;
            }
            let m = moves.swap_remove(rng.random_range(0..moves.len()));
            let mut next = game.clone();
            next.play(m).expect("a legal move");
            if !next.is_over() {
                break m;
            }
        };
        game.play(m).expect("a legal move");
        line.push(m);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_engine::random::seeded;

    #[test]
    fn openings_are_legal_distinct_and_repeatable() {
        let rules = Rules::default();
        let a = openings(rules, 4, 20, &mut seeded(7));
        assert_eq!(a, openings(rules, 4, 20, &mut seeded(7)));
        assert_ne!(a, openings(rules, 4, 20, &mut seeded(8)));
        for (i, line) in a.iter().enumerate() {
            assert_eq!(line.len(), 4);
            let mut game = Game::new(rules);
            for &m in line {
                game.play(m).unwrap();
            }
            assert!(!game.is_over());
            assert!(!a[..i].contains(line), "opening {i} repeats");
        }
    }

    #[test]
    fn an_opening_never_ends_the_game() {
        // One pit of one seed a row: every game is over within a few
        // plies, so the openings stop short instead.
        let rules: Rules = "abapa,pits=1,seeds=1".parse().unwrap();
        for line in openings(rules, 6, 5, &mut seeded(1)) {
            let mut game = Game::new(rules);
            for &m in &line {
                game.play(m).unwrap();
            }
            assert!(!game.is_over());
        }
    }
}
