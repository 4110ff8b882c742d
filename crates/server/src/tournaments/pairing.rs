//! Whom an arena pairs: the players waiting (joined, active, not in a
//! game), each with the one closest in the current standings who waits,
//! never the opponent just played while someone else waits (as lila's
//! arena pairing avoids an immediate rematch). Two players who just met
//! and are the only ones waiting meet again, or neither would play.

/// A player waiting to be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The account.
    pub player: String,
    /// Its rank in the standings now (1 for the leader).
    pub rank: usize,
    /// Whom it played last, if anyone.
    pub last_opponent: Option<String>,
}

/// The pairs to make among `waiting`, as indices into it, the best
/// placed first.
///
/// ```ignore
/// let w = |player: &str, rank, last: Option<&str>| Waiting {
///     player: player.into(), rank, last_opponent: last.map(Into::into),
/// };
/// // 1 just played 2: 1 meets 3, 2 meets 4.
/// let waiting = [w("a", 1, Some("b")), w("b", 2, Some("a")), w("c", 3, None), w("d", 4, None)];
/// assert_eq!(pairs(&waiting), [(0, 2), (1, 3)]);
/// ```
#[must_use]
pub fn pairs(waiting: &[Waiting]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by_key(|&i| (waiting[i].rank, i));
    let just_met = |a: &Waiting, b: &Waiting| {
        a.last_opponent.as_deref() == Some(b.player.as_str())
            || b.last_opponent.as_deref() == Some(a.player.as_str())
    };
    let mut taken = vec![false; waiting.len()];
    let mut made = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        if taken[i] {
            continue;
        }
        let partner = order[k + 1..]
            .iter()
            .copied()
            .find(|&j| !taken[j] && !just_met(&waiting[i], &waiting[j]))
            .or_else(|| {
                (waiting.len() == 2)
                    .then(|| order[k + 1..].iter().copied().find(|&j| !taken[j]))
                    .flatten()
            });
        if let Some(j) = partner {
            taken[i] = true;
            taken[j] = true;
            made.push((i, j));
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(player: &str, rank: usize, last: Option<&str>) -> Waiting {
        Waiting {
            player: player.to_owned(),
            rank,
            last_opponent: last.map(str::to_owned),
        }
    }

    #[test]
    fn neighbours_in_the_standings_meet() {
        // Given out of order: ranks 3, 1, 4, 2 → (1, 2) and (3, 4).
        let waiting = [
            w("c", 3, None),
            w("a", 1, None),
            w("d", 4, None),
            w("b", 2, None),
        ];
        assert_eq!(pairs(&waiting), [(1, 3), (0, 2)]);
    }

    #[test]
    fn the_opponent_just_played_is_skipped_while_others_wait() {
        // a and b just played: a meets c, b meets d.
        let waiting = [
            w("a", 1, Some("b")),
            w("b", 2, Some("a")),
            w("c", 3, None),
            w("d", 4, None),
        ];
        assert_eq!(pairs(&waiting), [(0, 2), (1, 3)]);
    }

    #[test]
    fn an_odd_one_out_waits() {
        // a, b, c: a meets b; c waits. a and b just met, c too far: a
        // meets c and b waits for the next game to end.
        assert_eq!(
            pairs(&[w("a", 1, None), w("b", 2, None), w("c", 3, None)]),
            [(0, 1)]
        );
        let after = [w("a", 1, Some("b")), w("b", 2, Some("a")), w("c", 5, None)];
        assert_eq!(pairs(&after), [(0, 2)]);
    }

    #[test]
    fn two_alone_meet_again() {
        assert_eq!(
            pairs(&[w("a", 1, Some("b")), w("b", 2, Some("a"))]),
            [(0, 1)]
        );
        assert!(pairs(&[w("a", 1, None)]).is_empty());
    }
}
