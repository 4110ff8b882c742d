//! Fitting the evaluation's weights from self-play: the program behind
//! `wari tune`.
//!
//! Games are played by the engine against itself at a fixed depth from
//! openings of a few random moves. Every quiet position (no capture
//! available to the side to move) becomes a sample: its features and
//! the seeds the side to move went on to capture minus the opponent's.
//! The weights are the least-squares fit of that target on the features.

use std::thread;

use wari_rules::{Game, Position, Rules};

use crate::eval::{FEATURES, Weights, features, is_capture};
use crate::random::{self, RngExt};
use crate::{Engine, Limits};

/// One position of a self-play game and what followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position's features (see [`crate::eval::FEATURE_NAMES`]).
    pub features: [i32; FEATURES],
    /// Seeds the side to move captured from then on minus the opponent's,
    /// in hundredths of a seed.
    pub target: i32,
}

/// How self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    /// The rules of every game.
    pub rules: Rules,
    /// Search depth of every move.
    pub depth: u32,
    /// Random moves at the start of each game.
    pub opening_plies: u32,
    /// Games stop after this many plies, ended as by the cycle rule.
    pub max_plies: usize,
    /// Seed of the random openings.
    pub seed: u64,
}

impl SelfPlay {
    /// Self-play at `depth` under `rules`, 4 random opening plies, seed 1.
    #[must_use]
    pub fn new(rules: Rules, depth: u32) -> SelfPlay {
        SelfPlay {
            rules,
            depth,
            opening_plies: 4,
            max_plies: 400,
            seed: 1,
        }
    }

    /// Plays `games` games with `weights` on every thread available and
    /// returns the samples of their quiet positions, in game order;
    /// `played` is called after each game (from any thread).
    #[must_use]
    pub fn samples(&self, games: u64, weights: Weights, played: &(dyn Fn() + Sync)) -> Vec<Sample> {
        let threads = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        let per = games.div_ceil(threads);
        thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let mut engine = Engine::new();
                        engine.set_hash_mb(8);
                        engine.set_weights(weights);
                        let mut out = Vec::new();
                        for g in t * per..((t + 1) * per).min(games) {
                            out.extend(self.game_samples(&mut engine, g));
                            played();
                        }
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a self-play thread"))
                .collect()
        })
    }

    /// A random opening for game `g`.
    fn opening(&self, g: u64) -> Game {
        let mut rng = random::seeded(random::derive(self.seed, g));
        let mut game = Game::new(self.rules);
        for _ in 0..self.opening_plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let i = rng.random_range(0..moves.len());
            game.play(moves[i]).expect("a legal move");
        }
        game
    }

    fn game_samples(&self, engine: &mut Engine, g: u64) -> Vec<Sample> {
        let mut game = self.opening(g);
        engine.new_game();
        let mut seen: Vec<Position> = Vec::new();
        while !game.is_over() {
            if game.moves().len() >= self.max_plies {
                game.end_by_agreement();
                break;
            }
            let p = *game.position();
            if is_quiet(&p) {
                seen.push(p);
            }
            let best = engine
                .think(&game, &Limits::depth(self.depth))
                .best
                .expect("the game is not over");
            game.play(best).expect("the engine plays legal moves");
        }
        let outcome = game.outcome().expect("the game is over");
        seen.iter()
            .map(|p| {
                let me = p.turn();
                let final_halves =
                    i32::from(outcome.halves(me)) - i32::from(outcome.halves(me.opposite()));
                let now = i32::from(p.captured(me)) - i32::from(p.captured(me.opposite()));
                Sample {
                    features: features(p),
                    target: final_halves * 50 - now * 100,
                }
            })
            .collect()
    }
}

/// Whether no move of the side to move captures.
fn is_quiet(p: &Position) -> bool {
    p.legal_moves().iter().all(|&m| {
        let mut next = *p;
        next.play_unchecked(m);
        !is_capture(p, &next)
    })
}

/// The least-squares weights (rounded to whole hundredths of a seed) that
/// predict the samples' targets from their features; `None` when the
/// features are linearly dependent in the samples (too few or too
/// uniform).
///
/// ```
/// use wari_engine::tune::{Sample, fit};
/// use wari_engine::eval::FEATURES;
/// // Targets exactly 30 per unit of feature 0, plus 20 for the constant.
/// let samples: Vec<Sample> = (0..200)
///     .map(|i| {
///         let mut features = [0; FEATURES];
///         for (k, f) in features.iter_mut().enumerate() {
///             *f = ((i * (k as i32 + 3)) % (7 + k as i32)) - 3;
///         }
///         features[FEATURES - 1] = 1;
///         Sample { features, target: 30 * features[0] + 20 }
///     })
///     .collect();
/// let w = fit(&samples).unwrap();
/// assert_eq!(w[0], 30);
/// assert_eq!(w[FEATURES - 1], 20);
/// ```
#[must_use]
pub fn fit(samples: &[Sample]) -> Option<[i32; FEATURES]> {
    // Normal equations (FᵀF) w = Fᵀy, with features that never vary in
    // the samples (other than the constant) held at zero.
    let used: Vec<usize> = (0..FEATURES)
        .filter(|&k| k == FEATURES - 1 || samples.iter().any(|s| s.features[k] != 0))
        .collect();
    let n = used.len();
    let mut a = vec![vec![0f64; n + 1]; n];
    for s in samples {
        for (i, &ki) in used.iter().enumerate() {
            let fi = f64::from(s.features[ki]);
            for (j, &kj) in used.iter().enumerate() {
                a[i][j] += fi * f64::from(s.features[kj]);
            }
            a[i][n] += fi * f64::from(s.target);
        }
    }
    let solution = solve(a)?;
    let mut w = [0; FEATURES];
    for (i, &k) in used.iter().enumerate() {
        w[k] = solution[i].round() as i32;
    }
    Some(w)
}

/// Gaussian elimination with partial pivoting on an augmented matrix.
fn solve(mut a: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let n = a.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-9 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let factor = row[col] / pivot_row[col];
                for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= factor * p;
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

/// The mean squared error of weights on samples, in seeds squared.
#[must_use]
pub fn error(samples: &[Sample], w: &[i32; FEATURES]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let predicted: i32 = (0..FEATURES).map(|k| w[k] * s.features[k]).sum();
            let e = f64::from(s.target - predicted) / 100.0;
            e * e
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The result of a duel, from the first weights' view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Duel {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Duel {
    /// The score fraction: wins plus half the draws, over all games.
    #[must_use]
    pub fn score(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games.max(1))
    }
}

impl SelfPlay {
    /// Plays `pairs` openings twice, colours swapped: `a` against `b`;
    /// `played` is called after each game (from any thread).
    #[must_use]
    pub fn duel(&self, pairs: u64, a: Weights, b: Weights, played: &(dyn Fn() + Sync)) -> Duel {
        let threads = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        let per = pairs.div_ceil(threads);
        thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let mut players = [Engine::new(), Engine::new()];
                        players[0].set_weights(a);
                        players[1].set_weights(b);
                        let mut duel = Duel::default();
                        for g in t * per..((t + 1) * per).min(pairs) {
                            for a_side in wari_rules::Side::ALL {
                                let winner = self.play_out(self.opening(g), &mut players, a_side);
                                match winner {
                                    Some(s) if s == a_side => duel.wins += 1,
                                    Some(_) => duel.losses += 1,
                                    None => duel.draws += 1,
                                }
                                played();
                            }
                        }
                        duel
                    })
                })
                .collect();
            handles.into_iter().fold(Duel::default(), |acc, h| {
                let d = h.join().expect("a duel thread");
                Duel {
                    wins: acc.wins + d.wins,
                    draws: acc.draws + d.draws,
                    losses: acc.losses + d.losses,
                }
            })
        })
    }

    /// Plays a game from `game` with `players[0]` on `first_side`; the
    /// winner.
    fn play_out(
        &self,
        mut game: Game,
        players: &mut [Engine; 2],
        first_side: wari_rules::Side,
    ) -> Option<wari_rules::Side> {
        for p in players.iter_mut() {
            p.new_game();
        }
        while !game.is_over() {
            if game.moves().len() >= self.max_plies {
                game.end_by_agreement();
                break;
            }
            let who = usize::from(game.position().turn() != first_side);
            let best = players[who]
                .think(&game, &Limits::depth(self.depth))
                .best
                .expect("the game is not over");
            game.play(best).expect("the engine plays legal moves");
        }
        game.outcome().and_then(|o| o.winner())
    }
}
