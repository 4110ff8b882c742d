//! The Dutch pairing, bracket by bracket (FIDE C.04.3): from the highest
//! score group down, each bracket (its residents and the players moved down
//! to it) is paired by one maximum-weight matching over every player not yet
//! paired. The weights put the criteria in the rules' order — the round can
//! still be completed (C.4) with the bye to an eligible player of the lowest
//! possible score, then the most pairs in the bracket (C.5), the highest
//! scores paired (C.6), the next bracket's pairs and scores (C.7), colours
//! (C.8–C.11), repeated floats (C.12–C.15), and last the nearness to the
//! natural S1-against-S2 order (the transpositions of D.1). Pairs inside
//! the bracket are kept; its unpaired players float down to the next.

use crate::byes;
use crate::colours::{self, ColourCost};
use crate::history::{Float, Player, Points};
use crate::matching::max_weight_matching;
use crate::weights::{Weight, bits_for};

/// How many distinct scores of moved-down players C.6 tells apart (more are
/// counted with the highest of these).
const SCORE_LEVELS: usize = 4;

/// The round's pairs as indices into `players` (higher ranked first, before
/// colours), and the bye. `players` must be sorted by score from the
/// highest, then by pairing number. Returns `None` when the round cannot be
/// paired.
pub(crate) fn pair(players: &[Player], last_round: bool, round: u32) -> Option<(Vec<(usize, usize)>, Option<usize>)> {
    let n = players.len();
    let topscorer = |p: &Player| last_round && p.score > Points(round.saturating_sub(1));
    let allowed = |i: usize, j: usize| {
        let (a, b) = (&players[i], &players[j]);
        !a.met.contains(&b.id) && !b.met.contains(&a.id) && colours::compatible(a, b, topscorer)
    };
    let bye_score = byes::assignee_score(players, &allowed)?;
    let bye_candidate = |p: &Player| bye_score.is_some_and(|s| byes::eligible(p) && p.score <= s);

    let mut paired = vec![false; n];
    let mut moved_down: Vec<usize> = Vec::new();
    let mut games = Vec::new();
    let mut bye = None;
    loop {
        let rest: Vec<usize> = (0..n).filter(|&i| !paired[i]).collect();
        if rest.len() <= 1 {
            bye = rest.first().copied().or(bye);
            break;
        }
        let residents_score = rest.iter().find(|i| !moved_down.contains(i)).map(|&i| players[i].score);
        let in_bracket: Vec<bool> = (0..n)
            .map(|i| !paired[i] && (moved_down.contains(&i) || Some(players[i].score) == residents_score))
            .collect();
        let next_score = rest.iter().map(|&i| players[i].score).find(|&s| Some(s) < residents_score);
        let in_next: Vec<bool> = (0..n).map(|i| !paired[i] && Some(players[i].score) == next_score).collect();
        let bracket: Vec<usize> = rest.iter().copied().filter(|&i| in_bracket[i]).collect();

        let index: Vec<usize> = {
            let mut index = vec![usize::MAX; n];
            for (k, &i) in rest.iter().enumerate() {
                index[i] = k;
            }
            index
        };
        let fields = Fields::new(rest.len(), players, &bracket, moved_down.len());
        let mut edges = Vec::new();
        for (x, &i) in rest.iter().enumerate() {
            for &j in &rest[x + 1..] {
                if !allowed(i, j) {
                    continue;
                }
                let (a, b) = (&players[i], &players[j]);
                let mut w = Weight::default();
                let not_candidates = if bye_score.is_some() {
                    u64::from(!bye_candidate(a)) + u64::from(!bye_candidate(b))
                } else {
                    0
                };
                w.push(fields.completion, 1 + not_candidates);
                let both = in_bracket[i] && in_bracket[j];
                fields.bracket(&mut w, both.then(|| (i, j)), players);
                let next = in_next[j] && (in_bracket[i] || in_next[i]);
                w.push(fields.pairs, u64::from(next));
                w.push(fields.pairs, u64::from(in_next[j] && in_bracket[i]));
                fields.quality(&mut w, both.then(|| (a, b)));
                fields.order(&mut w, both.then(|| (i, j)));
                edges.push((index[i], index[j], w.value()));
            }
        }
        let mate = max_weight_matching(rest.len(), &edges);
        let unmatched = mate.iter().filter(|m| m.is_none()).count();
        if unmatched > 1 {
            return None;
        }
        let mut floaters = Vec::new();
        for &i in &bracket {
            match mate[index[i]].map(|k| rest[k]) {
                Some(j) if in_bracket[j] => {
                    if i < j {
                        games.push((i, j));
                    }
                }
                Some(_) => floaters.push(i),
                None => bye = Some(i),
            }
        }
        for &(i, j) in &games {
            paired[i] = true;
            paired[j] = true;
        }
        if let Some(b) = bye {
            paired[b] = true;
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
    /// Each bracket player's place in the bracket.
    position: Vec<usize>,
    bracket_len: usize,
    moved_down: usize,
    /// Distinct scores of the bracket, from the lowest.
    scores: Vec<Points>,
}

impl Fields {
    fn new(rest: usize, players: &[Player], bracket: &[usize], moved_down: usize) -> Fields {
        let n = rest as u64;
        let mut position = vec![usize::MAX; players.len()];
        for (k, &i) in bracket.iter().enumerate() {
            position[i] = k;
        }
        let mut scores: Vec<Points> = bracket.iter().map(|&i| players[i].score).collect();
        scores.sort();
        scores.dedup();
        let len = bracket.len() as u64;
        Fields {
            completion: bits_for(3 * n / 2 + 1),
            pairs: bits_for(n / 2 + 1),
            per_player: bits_for(n + 1),
            order_bits: bits_for(len * len * (len / 2 + 1) + 1),
            position,
            bracket_len: bracket.len(),
            moved_down,
            scores,
        }
    }

    /// C.5 (pairs in the bracket) and C.6 (the scores paired: the highest
    /// moved-down players first).
    fn bracket(&self, w: &mut Weight, pair: Option<(usize, usize)>, players: &[Player]) {
        w.push(self.pairs, u64::from(pair.is_some()));
        let mut levels = [0u64; SCORE_LEVELS];
        if let Some((i, _)) = pair {
            let level = self.scores.binary_search(&players[i].score).unwrap_or(0).min(SCORE_LEVELS - 1);
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
            return;
        };
        let ColourCost { beyond_two, three_in_a_row, preference, strong } = colours::cost(a, b);
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
    }

    /// Nearness to the natural order (D.1): a moved-down player meets the
    /// resident of the same rank, the residents' S1 the matching S2 player;
    /// the top of the bracket counts most.
    fn order(&self, w: &mut Weight, pair: Option<(usize, usize)>) {
        let len = self.bracket_len as u64;
        let worst = len * len;
        let Some((i, j)) = pair else {
            w.push(self.order_bits, 0);
            return;
        };
        let (pi, pj) = (self.position[i], self.position[j]);
        let (m, residents) = (self.moved_down, self.bracket_len - self.moved_down);
        let weight = (self.bracket_len - pi) as u64;
        let penalty = if pj < m {
            worst
        } else if pi < m {
            (pj - m).abs_diff(pi) as u64 * weight
        } else {
            let half = (residents - m.min(residents)) / 2;
            (pj - pi).abs_diff(half) as u64 * weight
        };
        w.push(self.order_bits, worst - penalty.min(worst));
    }
}
