//! Fitting the evaluation's weights from self-play: the program behind
//! `wari tune`.
//!
//! Games are played by the engine against itself at a fixed depth from
//! openings of a few random moves. Every quiet position (no capture
//! available to the side to move) becomes a sample: its features and
//! its target, either the seeds the side to move went on to capture
//! minus the opponent's, or (with a [`Label`]) the value a longer search
//! with the endgame tables gives it, less the seeds already captured.
//! The weights are the least-squares fit of that target on the features,
//! and with [`fit_with_pits`] on the pit values too.

use std::sync::Arc;
use std::thread;

use wari_rules::{Game, Position, Rules};

use crate::eval::{
    COUNTS, FEATURES, PITS, PitValues, Weights, captured_difference, count_class, features,
    is_capture, rows_of,
};
use crate::random::{self, RngExt};
use crate::{Engine, Limits, Oracle};

/// One position of a self-play game and what followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position's features (see [`crate::eval::FEATURE_NAMES`]).
    pub features: [i32; FEATURES],
    /// The seeds of each pit: the side to move's row, then the
    /// opponent's, each from its owner's left (for the pit values; only
    /// on the standard board of six pits a row).
    pub rows: [[u8; PITS]; 2],
    /// What the fit should predict from the features, in hundredths of a
    /// seed: the seeds the side to move captures from then on minus the
    /// opponent's, in the game or by a [`Label`]'s search.
    pub target: i32,
}

impl Sample {
    /// The sample of `p` with `target`.
    fn new(p: &Position, target: i32) -> Sample {
        let mut rows = [[0; PITS]; 2];
        if p.pits() == PITS {
            for (to, from) in rows.iter_mut().zip(rows_of(p)) {
                to.copy_from_slice(from);
            }
        }
        Sample {
            features: features(p),
            rows,
            target,
        }
    }
}

/// Targets from a longer search rather than from the game's end: every
/// sampled position is searched with the endgame tables, and its target
/// is the value found less the seeds already captured. Positions the
/// tables answer are not sampled (the evaluation is not asked there).
#[derive(Clone)]
pub struct Label {
    /// The endgame tables, for the labelling search and the self-play.
    pub oracle: Arc<dyn Oracle>,
    /// Nodes of each labelling search.
    pub nodes: u64,
}

impl std::fmt::Debug for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Label").field("nodes", &self.nodes).finish()
    }
}

/// How self-play games are played.
#[derive(Clone, Debug)]
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
    /// Where the targets come from: the game's end when `None`.
    pub label: Option<Label>,
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
            label: None,
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
                        let mut engine = self.engine(weights, 8);
                        // Unused without a label: the smallest table.
                        let labeller_mb = if self.label.is_some() { 32 } else { 1 };
                        let mut labeller = self.engine(weights, labeller_mb);
                        let mut out = Vec::new();
                        for g in t * per..((t + 1) * per).min(games) {
                            out.extend(self.game_samples(&mut engine, &mut labeller, g));
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

    /// An engine with `weights`, a table of `hash_mb` MB and the label's
    /// tables, if any.
    fn engine(&self, weights: Weights, hash_mb: usize) -> Engine {
        let mut engine = Engine::new();
        engine.set_hash_mb(hash_mb);
        engine.set_weights(weights);
        engine.set_oracle(self.label.as_ref().map(|l| l.oracle.clone()));
        engine
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

    /// The samples of game `g`, each game played (and labelled) from
    /// empty transposition tables, so that a game's samples do not depend
    /// on the games played before it.
    fn game_samples(&self, engine: &mut Engine, labeller: &mut Engine, g: u64) -> Vec<Sample> {
        let mut game = self.opening(g);
        engine.new_game();
        labeller.new_game();
        let mut seen: Vec<Position> = Vec::new();
        let mut labelled = Vec::new();
        while !game.is_over() {
            if game.moves().len() >= self.max_plies {
                game.end_by_agreement();
                break;
            }
            let p = *game.position();
            if is_quiet(&p) {
                match &self.label {
                    None => seen.push(p),
                    Some(label) if label.oracle.probe(&p).is_none() => {
                        let limits = Limits {
                            nodes: Some(label.nodes),
                            ..Limits::default()
                        };
                        let value = labeller.think(&game, &limits).score.centiseeds();
                        let now = captured_difference(&p, p.turn());
                        labelled.push(Sample::new(&p, value - now * 100));
                    }
                    Some(_) => {}
                }
            }
            let best = engine
                .think(&game, &Limits::depth(self.depth))
                .best
                .expect("the game is not over");
            game.play(best).expect("the engine plays legal moves");
        }
        let outcome = game.outcome().expect("the game is over");
        labelled.extend(seen.iter().map(|p| {
            let me = p.turn();
            let final_halves =
                i32::from(outcome.halves(me)) - i32::from(outcome.halves(me.opposite()));
            let now = captured_difference(p, me);
            Sample::new(p, final_halves * 50 - now * 100)
        }));
        labelled
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
///         Sample { features, rows: [[0; 6]; 2], target: 30 * features[0] + 20 }
///     })
///     .collect();
/// let w = fit(&samples).unwrap();
/// assert_eq!(w[0], 30);
/// assert_eq!(w[FEATURES - 1], 20);
/// ```
#[must_use]
pub fn fit(samples: &[Sample]) -> Option<[i32; FEATURES]> {
    // Features that never vary in the samples (other than the constant)
    // are held at zero.
    let used: Vec<usize> = (0..FEATURES)
        .filter(|&k| k == FEATURES - 1 || samples.iter().any(|s| s.features[k] != 0))
        .collect();
    let a = normal_equations(used.len(), 0.0, samples, |s, row| {
        row.extend(
            used.iter()
                .enumerate()
                .map(|(i, &k)| (i, f64::from(s.features[k]))),
        );
    });
    let solution = solve(a)?;
    let mut w = [0; FEATURES];
    for (i, &k) in used.iter().enumerate() {
        w[k] = solution[i].round() as i32;
    }
    Some(w)
}

/// How much the least squares of [`fit_with_pits`] are held toward zero
/// weights (ridge regression), in squared hundredths of a seed: as much
/// as ten samples of target 0 for each value, so that a pit count seldom
/// seen gets a small value rather than a wild one, and the pit values,
/// which always sum the same number of pits, are not left undetermined
/// against the constant. A count seen in a thousand samples moves 1%.
const RIDGE: f64 = 10.0;

/// Weights and pit values (rounded to whole hundredths of a seed) that
/// predict the samples' targets from their features and the counts of
/// their pits ([`crate::eval::pit_sum`]), by least squares held slightly
/// toward zero; `None` when there are no samples.
///
/// ```
/// use wari_engine::eval::FEATURES;
/// use wari_engine::tune::{Sample, fit_with_pits};
/// // Targets: 2 seeds for each empty pit of the opponent's row.
/// let samples: Vec<Sample> = (0..600u32)
///     .map(|i| {
///         let mine = [1 + (i % 3) as u8, 2, 3, 1, 2, 3];
///         let theirs: [u8; 6] = std::array::from_fn(|c| ((i >> c) & 1) as u8 * 4);
///         let empty = theirs.iter().filter(|&&s| s == 0).count() as i32;
///         let mut features = [0; FEATURES];
///         features[FEATURES - 1] = 1;
///         Sample { features, rows: [mine, theirs], target: 200 * empty }
///     })
///     .collect();
/// let (_, pits) = fit_with_pits(&samples).unwrap();
/// // An empty pit of the opponent's row is worth 2 seeds more than one of
/// // 4 (a little less: the ridge holds the values toward zero).
/// let more = pits[1][3][0] - pits[1][3][4];
/// assert!((190..=200).contains(&more), "{more}");
/// ```
#[must_use]
pub fn fit_with_pits(samples: &[Sample]) -> Option<([i32; FEATURES], PitValues)> {
    if samples.is_empty() {
        return None;
    }
    let a = normal_equations(FEATURES + 2 * PITS * COUNTS, RIDGE, samples, |s, row| {
        row.extend((0..FEATURES).map(|k| (k, f64::from(s.features[k]))));
        row.extend(pit_columns(s).map(|i| (FEATURES + i, 1.0)));
    });
    let solution = solve(a)?;
    let mut w = [0; FEATURES];
    for (k, x) in w.iter_mut().enumerate() {
        *x = solution[k].round() as i32;
    }
    let mut pits: PitValues = [[[0; COUNTS]; PITS]; 2];
    for (i, x) in pits.iter_mut().flatten().flatten().enumerate() {
        *x = solution[FEATURES + i].round() as i16;
    }
    Some((w, pits))
}

/// The pit values' columns a sample sets (one per pit), numbered as
/// [`PitValues`] flattened.
fn pit_columns(s: &Sample) -> impl Iterator<Item = usize> + '_ {
    s.rows.iter().enumerate().flat_map(|(row, counts)| {
        counts
            .iter()
            .enumerate()
            .map(move |(place, &seeds)| (row * PITS + place) * COUNTS + count_class(seeds))
    })
}

/// The normal equations (FᵀF + ridge·I) w = Fᵀy of `n` unknowns, as an
/// augmented matrix; `columns` lists a sample's non-zero columns.
fn normal_equations(
    n: usize,
    ridge: f64,
    samples: &[Sample],
    columns: impl Fn(&Sample, &mut Vec<(usize, f64)>),
) -> Vec<Vec<f64>> {
    let mut a = vec![vec![0f64; n + 1]; n];
    let mut row = Vec::new();
    for s in samples {
        row.clear();
        columns(s, &mut row);
        for &(i, fi) in &row {
            for &(j, fj) in &row {
                a[i][j] += fi * fj;
            }
            a[i][n] += fi * f64::from(s.target);
        }
    }
    for (i, r) in a.iter_mut().enumerate() {
        r[i] += ridge;
    }
    a
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

/// The mean squared error of weights and pit values on samples, in seeds
/// squared.
#[must_use]
pub fn error(samples: &[Sample], w: &[i32; FEATURES], pits: &PitValues) -> f64 {
    let flat: Vec<i16> = pits.iter().flatten().flatten().copied().collect();
    let total: f64 = samples
        .iter()
        .map(|s| {
            let predicted: i32 = (0..FEATURES).map(|k| w[k] * s.features[k]).sum::<i32>()
                + pit_columns(s).map(|i| i32::from(flat[i])).sum::<i32>();
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
