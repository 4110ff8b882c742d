//! Standings: score, then the tie-breaks Buchholz cut-1, Buchholz,
//! Sonneborn–Berger, games won and direct encounter (FIDE C.07), in that
//! order.

use std::collections::HashMap;

use crate::history::{Entrant, Points, Round};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The entrant's id.
    pub id: u64,
    /// Points from every round.
    pub score: Points,
    /// Buchholz less the lowest opponent's score.
    pub buchholz_cut1: Points,
    /// The sum of the opponents' scores; a round without a game counts a
    /// virtual opponent (FIDE C.07: the player's score before the round,
    /// plus what he did not score, plus a draw for every later round).
    pub buchholz: Points,
    /// The sum of the scores of the opponents beaten and half of those
    /// drawn, in points (games played only).
    pub sonneborn_berger: f64,
    /// Games won over the board.
    pub wins: u32,
    /// Points scored against the players tied on everything above, when
    /// all of them have met (otherwise `None`).
    pub direct_encounter: Option<Points>,
    /// 1 for the first; players tied on everything share a rank.
    pub rank: u32,
}

/// The standings, best first.
///
/// ```
/// use wari_swiss::{standings, Colour, Entrant, Points, Round};
/// let played = |opponent, colour, points| Round::Played { opponent, colour, points };
/// let entrants = [
///     Entrant { id: 1, rating: 0.0, history: vec![played(2, Colour::White, Points::WIN)] },
///     Entrant { id: 2, rating: 0.0, history: vec![played(1, Colour::Black, Points::LOSS)] },
/// ];
/// let table = standings(&entrants);
/// assert_eq!((table[0].id, table[0].rank, table[0].sonneborn_berger), (1, 1, 0.0));
/// assert_eq!((table[1].id, table[1].rank), (2, 2));
/// ```
pub fn standings(entrants: &[Entrant]) -> Vec<Standing> {
    let score: HashMap<u64, Points> = entrants.iter().map(|e| (e.id, e.score())).collect();
    let rounds = entrants.iter().map(|e| e.history.len()).max().unwrap_or(0);
    let mut table: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let mut contributions = Vec::new();
            let mut sb2 = 0u64;
            let mut wins = 0;
            for (r, round) in e.history.iter().enumerate() {
                match *round {
                    Round::Played {
                        opponent, points, ..
                    } if score.contains_key(&opponent) => {
                        let theirs = score[&opponent];
                        contributions.push(theirs);
                        sb2 += u64::from(theirs.0) * u64::from(points.0);
                        if points == Points::WIN {
                            wins += 1;
                        }
                    }
                    _ => {
                        // The virtual opponent (FIDE C.07 2012, 13.15.2).
                        let later = (rounds - r - 1) as u32;
                        let virtual_score =
                            e.score_after(r).0 + (2 - round.points().0.min(2)) + later;
                        contributions.push(Points(virtual_score));
                    }
                }
            }
            let buchholz: Points = contributions.iter().copied().sum();
            let lowest = contributions.iter().copied().min().unwrap_or(Points(0));
            Standing {
                id: e.id,
                score: e.score(),
                buchholz_cut1: Points(buchholz.0 - lowest.0),
                buchholz,
                sonneborn_berger: sb2 as f64 / 4.0,
                wins,
                direct_encounter: None,
                rank: 0,
            }
        })
        .collect();
    let key = |s: &Standing| {
        (
            s.score,
            s.buchholz_cut1,
            s.buchholz,
            (s.sonneborn_berger * 4.0) as u64,
            s.wins,
        )
    };
    table.sort_by_key(|s| std::cmp::Reverse(key(s)));
    // Direct encounter inside each group tied on everything so far.
    let by_id: HashMap<u64, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    let mut start = 0;
    while start < table.len() {
        let mut end = start + 1;
        while end < table.len() && key(&table[end]) == key(&table[start]) {
            end += 1;
        }
        if end - start > 1 {
            let group: Vec<u64> = table[start..end].iter().map(|s| s.id).collect();
            let against = |id: u64, other: u64| {
                by_id[&id].history.iter().find_map(|r| match *r {
                    Round::Played {
                        opponent, points, ..
                    } if opponent == other => Some(points),
                    _ => None,
                })
            };
            let all_met = group
                .iter()
                .all(|&a| group.iter().all(|&b| a == b || against(a, b).is_some()));
            if all_met {
                for s in &mut table[start..end] {
                    s.direct_encounter = Some(
                        group
                            .iter()
                            .filter(|&&b| b != s.id)
                            .filter_map(|&b| against(s.id, b))
                            .sum(),
                    );
                }
                table[start..end].sort_by_key(|s| std::cmp::Reverse(s.direct_encounter));
            }
        }
        start = end;
    }
    for k in 0..table.len() {
        table[k].rank = if k > 0
            && key(&table[k]) == key(&table[k - 1])
            && table[k].direct_encounter == table[k - 1].direct_encounter
        {
            table[k - 1].rank
        } else {
            k as u32 + 1
        };
    }
    table
}
