//! The pairing-allocated bye (A.5, C.2): at most one a player, to a player
//! of the lowest score group that can take it.

use crate::completion::completes;
use crate::history::{Player, Points};

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
    let everyone: Vec<usize> = (0..players.len()).collect();
    if players.len().is_multiple_of(2) {
        return completes(&everyone, allowed, &|_| false).then_some(None);
    }
    let mut scores: Vec<Points> = players.iter().map(|p| p.score).collect();
    scores.dedup();
    // From the lowest score up: the first that can take the bye.
    scores
        .into_iter()
        .rev()
        .find(|&s| {
            completes(&everyone, allowed, &|i| {
                eligible(&players[i]) && players[i].score <= s
            })
        })
        .map(Some)
}
