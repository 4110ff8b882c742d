//! The Dutch pairing, bracket by bracket (FIDE C.04.3). From the highest
//! score group down, each bracket (its residents and the players moved down
//! to it) is paired by a maximum-weight matching over the bracket and the
//! next score group. The weights put the criteria in the rules' order: the
//! most pairs in the bracket (C.5), the highest scores paired (C.6), the
//! next bracket's pairs and scores (C.7), colours (C.8–C.11), repeated
//! floats (C.12–C.15) and their score differences (C.16–C.19), and last the
//! order among equal pairings (D.1–D.2). A heterogeneous bracket pairs its
//! moved-down players first, then its remainder. If what is left of the
//! round could then not be completed (C.4, with the bye to an eligible
//! player), the bracket is matched again over every player not yet paired,
//! with completion as the first field. Pairs inside the bracket are kept;
//! its unpaired players float down to the next.

use ethnum::I256;

use crate::byes;
use crate::colours::{self, ColourCost};
use crate::completion;
use crate::history::{Float, Player, Points};
use crate::matching::max_weight_matching;
use crate::weights::{Weight, bits_for};

/// How many distinct scores of moved-down players C.6 tells apart (more are
/// counted with the highest of these).
const SCORE_LEVELS: usize = 4;

/// The bits the fields of a weight may use: an `I256` holds 255, and the
/// matching adds two weights (a dual variable is up to twice the largest).
const WEIGHT_BITS: u32 = 250;

/// A round's pairs (indices, higher ranked first) and its bye.
type Round = (Vec<(usize, usize)>, Option<usize>);

/// The round's pairs as indices into `players` (higher ranked first, before
/// colours), and the bye. `players` must be sorted by score from the
/// highest, then by pairing number. Returns `None` when the round cannot be
/// paired.
pub(crate) fn pair(players: &[Player], last_round: bool, round: u32) -> Option<Round> {
    let n = players.len();
    let topscorer = |p: &Player| last_round && p.score > Points(round.saturating_sub(1));
    let allowed = |i: usize, j: usize| {
        let (a, b) = (&players[i], &players[j]);
        !a.met.contains(&b.id) && !b.met.contains(&a.id) && colours::compatible(a, b, topscorer)
    };
    if !byes::pairable(players, &allowed) {
        return None;
    }
    let odd = n % 2 == 1;
    let bye_candidate = |p: &Player| odd && byes::eligible(p);

    let mut paired = vec![false; n];
    let mut moved_down: Vec<usize> = Vec::new();
    let mut games = Vec::new();
    let bye;
    loop {
        let rest: Vec<usize> = (0..n).filter(|&i| !paired[i]).collect();
        if rest.len() <= 1 {
            bye = rest.first().copied();
            break;
        }
        let residents_score = rest
            .iter()
            .find(|i| !moved_down.contains(i))
            .map(|&i| players[i].score);
        let in_bracket: Vec<bool> = (0..n)
            .map(|i| {
                !paired[i] && (moved_down.contains(&i) || Some(players[i].score) == residents_score)
            })
            .collect();
        let next_score = rest
            .iter()
            .map(|&i| players[i].score)
            .find(|&s| Some(s) < residents_score);
        let in_next: Vec<bool> = (0..n)
            .map(|i| !paired[i] && Some(players[i].score) == next_score)
            .collect();
        let bracket: Vec<usize> = rest.iter().copied().filter(|&i| in_bracket[i]).collect();

        // The bracket and the next score group alone first (C.5–C.7 and
        // below look no further); the whole field when that pairing could
        // not be completed (C.4).
        let near: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&i| in_bracket[i] || in_next[i])
            .collect();
        // One matching: `vertices` are the players in play, `bracket` (with
        // its first `m` moved down, `member` saying who is in it) the
        // bracket whose pairs count; with `mdp_only`, only the moved-down
        // players' pairs are put in order.
        let solve =
            |vertices: &[usize], bracket: &[usize], m: usize, completion: bool, mdp_only: bool| {
                let mut member = vec![false; n];
                for &i in bracket {
                    member[i] = true;
                }
                let mut index = vec![usize::MAX; n];
                for (k, &i) in vertices.iter().enumerate() {
                    index[i] = k;
                }
                let fields = Fields::new(vertices.len(), players, bracket, m, mdp_only);
                let mut edges = Vec::new();
                for (x, &i) in vertices.iter().enumerate() {
                    for &j in &vertices[x + 1..] {
                        if !allowed(i, j) {
                            continue;
                        }
                        let (a, b) = (&players[i], &players[j]);
                        let mut w = Weight::default();
                        if completion {
                            let not_candidates = if odd {
                                u64::from(!bye_candidate(a)) + u64::from(!bye_candidate(b))
                            } else {
                                0
                            };
                            w.push(fields.completion, 1 + not_candidates);
                        }
                        let both = member[i] && member[j];
                        fields.bracket(&mut w, both.then_some((i, j)), players);
                        let next = in_next[j] && (member[i] || in_next[i]);
                        w.push(fields.pairs, u64::from(next));
                        w.push(fields.pairs, u64::from(in_next[j] && member[i]));
                        fields.quality(&mut w, both.then_some((a, b)));
                        fields.order(&mut w, both.then_some((i, j)));
                        edges.push((index[i], index[j], w.value()));
                    }
                }
                let mut mate = vec![None; n];
                for (k, m) in max_weight_matching(vertices.len(), &edges)
                    .into_iter()
                    .enumerate()
                {
                    mate[vertices[k]] = m.map(|m| vertices[m]);
                }
                let unpaired = vertices.iter().filter(|&&i| mate[i].is_none()).count();
                let mut pairs = Vec::new();
                let mut floaters = Vec::new();
                for &i in bracket {
                    match mate[i] {
                        Some(j) if member[j] => {
                            if i < j {
                                pairs.push((i, j));
                            }
                        }
                        _ => floaters.push(i),
                    }
                }
                (pairs, floaters, unpaired)
            };
        let m = moved_down.len();
        // A heterogeneous bracket: the moved-down players' pairing first (in
        // its own order), then the remainder as a homogeneous bracket of the
        // residents left, its unpaired moved-down players in limbo
        // (floating on).
        let pair_bracket = |vertices: &[usize], completion: bool| {
            if m == 0 || bracket.len() == m {
                return solve(vertices, &bracket, m, completion, false);
            }
            let (first, _, _) = solve(vertices, &bracket, m, completion, true);
            let mdp_pairs: Vec<(usize, usize)> = first
                .into_iter()
                .filter(|&(i, _)| moved_down.contains(&i))
                .collect();
            let mut taken = vec![false; n];
            for &(i, j) in &mdp_pairs {
                taken[i] = true;
                taken[j] = true;
            }
            let limbo: Vec<usize> = moved_down.iter().copied().filter(|&i| !taken[i]).collect();
            let remainder: Vec<usize> = bracket[m..]
                .iter()
                .copied()
                .filter(|&i| !taken[i])
                .collect();
            let vertices: Vec<usize> = vertices.iter().copied().filter(|&i| !taken[i]).collect();
            let (rest_pairs, rest_floaters, unpaired) =
                solve(&vertices, &remainder, 0, completion, false);
            let mut floaters = limbo;
            floaters.extend(rest_floaters);
            (
                mdp_pairs.into_iter().chain(rest_pairs).collect(),
                floaters,
                unpaired,
            )
        };
        let (mut pairs, mut floaters, _) = pair_bracket(&near, false);
        let left: Vec<usize> = {
            let mut taken = vec![false; n];
            for &(i, j) in &pairs {
                taken[i] = true;
                taken[j] = true;
            }
            rest.iter().copied().filter(|&i| !taken[i]).collect()
        };
        if !completion::completes(&left, &allowed, &|i| bye_candidate(&players[i])) {
            let unpaired;
            (pairs, floaters, unpaired) = pair_bracket(&rest, true);
            if unpaired > 1 {
                return None;
            }
        }
        games.extend(pairs);
        for &(i, j) in &games {
            paired[i] = true;
            paired[j] = true;
        }
        moved_down = floaters;
    }
    Some((games, bye))
}

/// The widths of the weight fields for one bracket, and the data the
/// bracket's fields read.
struct Fields {
    completion: u32,
    pairs: u32,
    per_player: u32,
    order_bits: u32,
    /// How far the distance is cut to fit the bits left.
    shift: u32,
    /// The width of the sum of S1's places (D.2).
    rank_sum: u32,
    /// The width of each of D.2's last two tie-breaks between exchanges
    /// (0 where they do not fit).
    exchange: u32,
    /// The bracket's highest score less its lowest, in half-points.
    score_range: u64,
    /// The width of a sum of score differences (C.16–C.19).
    float_gap: u32,
    /// Powers of (bracket length + 1) when the exact order fits.
    powers: Option<Vec<I256>>,
    /// Each bracket player's place in the bracket.
    position: Vec<usize>,
    bracket_len: usize,
    moved_down: usize,
    /// Only the moved-down players' pairs are put in order.
    mdp_only: bool,
    /// Distinct scores of the bracket, from the lowest.
    scores: Vec<Points>,
}

impl Fields {
    fn new(
        rest: usize,
        players: &[Player],
        bracket: &[usize],
        moved_down: usize,
        mdp_only: bool,
    ) -> Fields {
        let n = rest as u64;
        let mut position = vec![usize::MAX; players.len()];
        for (k, &i) in bracket.iter().enumerate() {
            position[i] = k;
        }
        let mut scores: Vec<Points> = bracket.iter().map(|&i| players[i].score).collect();
        scores.sort();
        scores.dedup();
        let len = bracket.len() as u64;
        let pairs = bits_for(n / 2 + 1);
        let per_player = bits_for(n + 1);
        let completion = bits_for(3 * n / 2 + 1);
        let rank_sum = bits_for(len * (len / 2 + 1) + 1);
        let score_range =
            u64::from(scores.last().map_or(0, |p| p.0) - scores.first().map_or(0, |p| p.0));
        let float_gap = bits_for(score_range * (n / 2 + 1) + 1);
        let fixed =
            completion + pairs * (2 + SCORE_LEVELS as u32 + 2) + per_player * 8 + float_gap * 4;
        // The exact order needs (len + 1)^len and the D.2 sums; the distance
        // stands in for big brackets, cut to the bits left.
        let exact_bits = (len as f64 * ((len + 1) as f64).log2()).ceil() as u32 + 1;
        let exchange = len as u32;
        let (rank_sum, order_bits, shift, powers) =
            if fixed + rank_sum + 2 * exchange + exact_bits <= WEIGHT_BITS {
                let base = I256::from(len + 1);
                let powers = std::iter::successors(Some(I256::ONE), |p| Some(*p * base))
                    .take(bracket.len())
                    .collect();
                (rank_sum, exact_bits, 0, Some(powers))
            } else {
                let needed = bits_for(len * len * (len / 2 + 1) + 1);
                let available = WEIGHT_BITS.saturating_sub(fixed).max(1);
                (
                    0,
                    needed.min(available),
                    needed.saturating_sub(available),
                    None,
                )
            };
        let exchange = if powers.is_some() { exchange } else { 0 };
        debug_assert!(
            fixed + rank_sum + 2 * exchange + order_bits <= WEIGHT_BITS,
            "the weight fields overflow"
        );
        Fields {
            completion,
            pairs,
            per_player,
            order_bits,
            shift,
            rank_sum,
            exchange,
            score_range,
            float_gap,
            powers,
            position,
            bracket_len: bracket.len(),
            moved_down,
            mdp_only,
            scores,
        }
    }

    /// C.5 (pairs in the bracket) and C.6 (the scores paired: the highest
    /// moved-down players first).
    fn bracket(&self, w: &mut Weight, pair: Option<(usize, usize)>, players: &[Player]) {
        w.push(self.pairs, u64::from(pair.is_some()));
        let mut levels = [0u64; SCORE_LEVELS];
        if let Some((i, _)) = pair {
            // The highest scores keep their own levels; the lowest share 0.
            let from_top =
                self.scores.len() - 1 - self.scores.binary_search(&players[i].score).unwrap_or(0);
            let level = (SCORE_LEVELS - 1).saturating_sub(from_top);
            levels[level] = 1;
        }
        for level in levels.iter().rev() {
            w.push(self.pairs, *level);
        }
    }

    /// C.8–C.15 for a pair of the bracket (`a` the higher ranked).
    fn quality(&self, w: &mut Weight, pair: Option<(&Player, &Player)>) {
        let Some((a, b)) = pair else {
            for _ in 0..8 {
                w.push(self.per_player, 0);
            }
            for _ in 0..4 {
                w.push(self.float_gap, 0);
            }
            return;
        };
        let ColourCost {
            beyond_two,
            three_in_a_row,
            preference,
            strong,
        } = colours::cost(a, b);
        for cost in [beyond_two, three_in_a_row, preference, strong] {
            w.push(self.per_player, u64::from(2 - cost));
        }
        for back in 0..2 {
            // A player who floated down lately and does not now (C.12, C.14).
            let down = u64::from(b.floats[back] == Float::Down)
                + u64::from(a.score <= b.score && a.floats[back] == Float::Down);
            // A player who floated up lately and does not now (C.13, C.15).
            let up = u64::from(!(a.score > b.score && b.floats[back] == Float::Up));
            w.push(self.per_player, down);
            w.push(self.per_player, up);
        }
        // C.16–C.19: the score difference of a pair whose higher player
        // floats down again, or whose lower player floats up again (last
        // round, then the round before), the smaller the better.
        let gap = u64::from(a.score.0.saturating_sub(b.score.0)).min(self.score_range);
        for back in 0..2 {
            let down_again = gap > 0 && a.floats[back] == Float::Down;
            let up_again = gap > 0 && b.floats[back] == Float::Up;
            w.push(
                self.float_gap,
                self.score_range - if down_again { gap } else { 0 },
            );
            w.push(
                self.float_gap,
                self.score_range - if up_again { gap } else { 0 },
            );
        }
    }

    /// The order among pairings equal on every criterion (D.1–D.2): first
    /// the most pairs of an S1 player with an S2 player (moved-down players
    /// against residents, then the remainder's top half against its bottom
    /// half: fewest exchanges), then the transpositions' order: the highest
    /// S1 player with the lowest S2 player he can have, then the next.
    /// Exact when the bracket is small enough for the weight to hold the
    /// lexicographic order; a weighted distance to the natural pairing
    /// otherwise.
    fn order(&self, w: &mut Weight, pair: Option<(usize, usize)>) {
        let len = self.bracket_len as u64;
        let Some((i, j)) =
            pair.filter(|&(i, _)| !self.mdp_only || self.position[i] < self.moved_down)
        else {
            w.push(self.pairs, 0);
            w.push(self.rank_sum, 0);
            w.push(self.exchange, 0);
            w.push(self.exchange, 0);
            w.push_wide(self.order_bits, I256::ZERO);
            return;
        };
        let (pi, pj) = (self.position[i], self.position[j]);
        let m = self.moved_down;
        let half = if m > 0 && m < self.bracket_len {
            m
        } else {
            self.bracket_len / 2
        };
        // D.2: the higher player of each pair makes up S1; the fewest
        // players exchanged into it, then the smallest sum of their
        // bracket sequence numbers.
        if self.powers.is_some() {
            w.push(self.pairs, u64::from(pi < half));
            w.push(self.rank_sum, len - pi as u64);
            // Then, in a homogeneous bracket or remainder, the exchange
            // moving the highest numbers out of S1, then the lowest into it
            // (each compared from its most telling player: a power of two
            // a place).
            let homogeneous = m == 0 || m >= self.bracket_len;
            let moved_out = homogeneous && pj < half;
            let moved_in = homogeneous && pi >= half;
            w.push(self.exchange, if moved_out { 1 << pj } else { 0 });
            w.push(
                self.exchange,
                if moved_in {
                    1 << (self.bracket_len - 1 - pi)
                } else {
                    0
                },
            );
        } else {
            // Big brackets: S1 against S2, counted (the exact sums make the
            // matching slow where every pairing is nearly as good).
            let across = if pi < m && m < self.bracket_len {
                pj >= m
            } else {
                (pi < half) != (pj < half)
            };
            w.push(self.pairs, u64::from(across));
            w.push(self.rank_sum, 0);
            w.push(self.exchange, 0);
            w.push(self.exchange, 0);
        }
        let value = match &self.powers {
            Some(powers) => powers[self.bracket_len - 1 - pi] * I256::from(len - pj as u64),
            None => {
                let worst = len * len;
                let weight = len - pi as u64;
                let penalty = if pi < m && m < self.bracket_len {
                    (pj - m).abs_diff(pi) as u64 * weight
                } else {
                    (pj - pi).abs_diff(half) as u64 * weight
                };
                I256::from((worst - penalty.min(worst)) >> self.shift)
            }
        };
        w.push_wide(self.order_bits, value);
    }
}
