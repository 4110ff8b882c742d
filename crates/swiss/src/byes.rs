//! The pairing-allocated bye (A.5, C.2): at most one a player, to a player
//! of the lowest score group that can take it.

use crate::history::{Player, Points};
use crate::matching::max_weight_matching;
use crate::weights::{Weight, bits_for};

/// Whether a player may get the bye (C.2: not one who has had one).
pub(crate) fn eligible(player: &Player) -> bool {
    !player.had_bye
}

/// Checks that the round can be paired at all (C.1–C.3 with at most one
/// player left out, and that one eligible for the bye) and, when the number
/// of players is odd, finds the lowest score the bye can go to.
///
/// `players` are sorted by score from the highest; `allowed(i, j)` says
/// whether two of them may meet. Returns `None` when no pairing exists,
/// `Some(None)` when nobody gets a bye.
pub(crate) fn assignee_score(
    players: &[Player],
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Option<Option<Points>> {
    let n = players.len();
    let odd = n % 2 == 1;
    // Score groups counted from the bottom: 0 is the lowest.
    let mut scores: Vec<Points> = players.iter().map(|p| p.score).collect();
    scores.dedup();
    scores.reverse();
    let level = |p: &Player| scores.binary_search(&p.score).expect("a score of the round") as u64;
    let level_bits = bits_for(n as u64 * 2 * scores.len() as u64);
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if !allowed(i, j) {
                continue;
            }
            let mut w = Weight::default();
            let not_eligible = u64::from(!eligible(&players[i])) + u64::from(!eligible(&players[j]));
            w.push(bits_for(3 * n as u64), 1 + if odd { not_eligible } else { 0 });
            w.push(level_bits, if odd { level(&players[i]) + level(&players[j]) } else { 0 });
            edges.push((i, j, w.value()));
        }
    }
    let mate = max_weight_matching(n, &edges);
    let unmatched: Vec<usize> = (0..n).filter(|&v| mate[v].is_none()).collect();
    match unmatched.as_slice() {
        [] => Some(None),
        [v] if eligible(&players[*v]) => Some(Some(players[*v].score)),
        _ => None,
    }
}

