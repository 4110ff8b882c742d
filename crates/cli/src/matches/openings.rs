//! Random openings for the pairs of a match, reproducible from a seed.

use wari_rules::{Game, Move, Rules};

/// A small random number generator (SplitMix64): a match is repeatable
/// from its seed without a dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A bijective scrambling of 64 bits (SplitMix64's finaliser): seeds
/// derived from one another look unrelated.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

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
            let m = moves.swap_remove(rng.below(moves.len()));
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

    #[test]
    fn openings_are_legal_distinct_and_repeatable() {
        let rules = Rules::default();
        let a = openings(rules, 4, 20, &mut Rng::new(7));
        assert_eq!(a, openings(rules, 4, 20, &mut Rng::new(7)));
        assert_ne!(a, openings(rules, 4, 20, &mut Rng::new(8)));
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
        for line in openings(rules, 6, 5, &mut Rng::new(1)) {
            let mut game = Game::new(rules);
            for &m in &line {
                game.play(m).unwrap();
            }
            assert!(!game.is_over());
        }
    }
}
