//! Who plays whom in a quick-pairing pool: the pure part of the pairing.
//! The longest waiting seeker is served first, paired with the closest
//! rating among those both accept; each seeker accepts a rating
//! difference that widens with the time waited. Nobody is paired with
//! themselves, rated seekers only with rated ones, and not twice in a row
//! with the same opponent while anyone else waits.

/// A seek waiting in a pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Seeker {
    /// The seek's id.
    pub seek: String,
    /// The player (an account's or a guest session's id).
    pub player: String,
    /// The rating in the pool's rating pool (1500 for guests).
    pub rating: i32,
    /// Signed in: paired only with signed-in seekers, for a rated game.
    pub rated: bool,
    /// How long it has waited, in milliseconds.
    pub waited_ms: i64,
    /// The opponent of the player's last paired game, if any.
    pub last_opponent: Option<String>,
}

/// The rating difference accepted at first.
pub const START_RANGE: i32 = 100;
/// Added each second waited.
pub const RANGE_PER_S: i32 = 10;
/// At most (after 90 s, anyone).
pub const MAX_RANGE: i32 = 1000;

/// The rating difference `seeker` accepts after its wait.
#[must_use]
pub fn range(seeker: &Seeker) -> i32 {
    let widened = i32::try_from(seeker.waited_ms / 1000)
        .unwrap_or(i32::MAX)
        .saturating_mul(RANGE_PER_S);
    START_RANGE.saturating_add(widened).min(MAX_RANGE)
}

/// Whether `a` and `b` may be paired, `waiting` seekers in the pool.
fn fits(a: &Seeker, b: &Seeker, waiting: usize) -> bool {
    if a.player == b.player || a.rated != b.rated {
        return false;
    }
    let rematch = a.last_opponent.as_deref() == Some(b.player.as_str())
        || b.last_opponent.as_deref() == Some(a.player.as_str());
    if rematch && waiting > 2 {
        return false;
    }
    (a.rating - b.rating).abs() <= range(a).max(range(b))
}

/// The pairs to make now, by index into `seekers` (each seeker in one
/// pair at most): the longest waiting first, each with the closest rating
/// it fits, ties to the longer waiting.
#[must_use]
pub fn pairs(seekers: &[Seeker]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..seekers.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(seekers[i].waited_ms));
    let players = {
        let mut p: Vec<&str> = seekers.iter().map(|s| s.player.as_str()).collect();
        p.sort_unstable();
        p.dedup();
        p.len()
    };
    let mut taken = vec![false; seekers.len()];
    let mut made = Vec::new();
    for &a in &order {
        if taken[a] {
            continue;
        }
        let best = order
            .iter()
            .copied()
            .filter(|&b| b != a && !taken[b] && fits(&seekers[a], &seekers[b], players))
            .min_by_key(|&b| {
                (
                    (seekers[a].rating - seekers[b].rating).abs(),
                    std::cmp::Reverse(seekers[b].waited_ms),
                )
            });
        if let Some(b) = best {
            taken[a] = true;
            taken[b] = true;
            made.push((a, b));
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeker(player: &str, rating: i32, waited_s: i64) -> Seeker {
        Seeker {
            seek: format!("seek-{player}"),
            player: player.to_owned(),
            rating,
            rated: true,
            waited_ms: waited_s * 1000,
            last_opponent: None,
        }
    }

    fn names(seekers: &[Seeker], pairs: &[(usize, usize)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|&(a, b)| (seekers[a].player.clone(), seekers[b].player.clone()))
            .collect()
    }

    #[test]
    fn the_range_widens_with_the_wait() {
        assert_eq!(range(&seeker("a", 1500, 0)), 100);
        assert_eq!(range(&seeker("a", 1500, 30)), 400);
        assert_eq!(range(&seeker("a", 1500, 600)), 1000);
        // 1500 and 1750 are too far apart at first; after 15 s of waiting
        // the older seeker takes the newer.
        let fresh = [seeker("a", 1500, 1), seeker("b", 1750, 0)];
        assert!(pairs(&fresh).is_empty());
        let later = [seeker("a", 1500, 15), seeker("b", 1750, 0)];
        assert_eq!(names(&later, &pairs(&later)), [("a".into(), "b".into())]);
    }

    #[test]
    fn the_longest_waiting_gets_the_closest_rating() {
        let s = [
            seeker("new", 1490, 0),
            seeker("old", 1500, 20),
            seeker("far", 1700, 10),
            seeker("near", 1520, 3),
        ];
        assert_eq!(
            names(&s, &pairs(&s)),
            [("old".into(), "new".into()), ("far".into(), "near".into())]
        );
    }

    #[test]
    fn never_oneself_and_rated_only_with_rated() {
        let mut twice = [seeker("a", 1500, 5), seeker("a", 1500, 1)];
        twice[1].seek = "other".into();
        assert!(pairs(&twice).is_empty());
        let mut guest = seeker("g", 1500, 9);
        guest.rated = false;
        let s = [guest, seeker("b", 1500, 9)];
        assert!(pairs(&s).is_empty());
    }

    #[test]
    fn not_the_same_opponent_twice_in_a_row_while_others_wait() {
        let mut a = seeker("a", 1500, 10);
        a.last_opponent = Some("b".into());
        let mut b = seeker("b", 1500, 9);
        b.last_opponent = Some("a".into());
        let alone = [a.clone(), b.clone()];
        assert_eq!(names(&alone, &pairs(&alone)), [("a".into(), "b".into())]);
        let three = [a, b, seeker("c", 1600, 1)];
        let made = names(&three, &pairs(&three));
        assert_eq!(made, [("a".into(), "c".into())]);
    }
}
