//! Tie-breaks worked out by hand (FIDE C.07: Buchholz, Buchholz cut-1,
//! Sonneborn–Berger, wins, direct encounter).

mod support;

use support::{record, seeded};
use wari_swiss::{Points, standings};

const W: Points = Points::WIN;
const D: Points = Points::DRAW;
const L: Points = Points::LOSS;

#[test]
fn a_small_round_robin_ranks_by_score_then_buchholz_then_sonneborn_berger() {
    // 1-2 1-0, 3-4 ½; 1-3 ½, 2-4 1-0; 1-4 0-1, 2-3 0-1.
    // Scores: 3: 2, 1: 1½, 4: 1½, 2: 1.
    // Buchholz: 1: 1 + 2 + 1½ = 4½; 2: 1½ + 1½ + 2 = 5; 3: 1½ + 1½ + 1 = 4;
    // 4: 2 + 1 + 1½ = 4½. Cut-1 (less the lowest): 1: 3½, 2: 3½, 3: 3, 4: 3½.
    // Sonneborn–Berger: 1: 1 (beat 2) + ½·2 (drew 3) = 2; 2: 1½ (beat 4);
    // 3: ½·1½ + ½·1½ + 1 = 2½; 4: ½·2 + 1½ = 2½.
    // 1 and 4 tie on score, cut-1 and Buchholz; 4 has more SB.
    let mut e = seeded(4);
    record(&mut e, &[(1, 2, W), (3, 4, D)], None);
    record(&mut e, &[(1, 3, D), (2, 4, W)], None);
    record(&mut e, &[(1, 4, L), (2, 3, L)], None);
    let table = standings(&e);
    let order: Vec<(u64, u32)> = table.iter().map(|s| (s.id, s.rank)).collect();
    assert_eq!(order, vec![(3, 1), (4, 2), (1, 3), (2, 4)]);
    let by_id = |id| table.iter().find(|s| s.id == id).unwrap();
    assert_eq!(
        (by_id(1).score, by_id(1).buchholz, by_id(1).buchholz_cut1),
        (Points(3), Points(9), Points(7))
    );
    assert_eq!(
        (by_id(2).buchholz, by_id(2).buchholz_cut1),
        (Points(10), Points(7))
    );
    assert_eq!(
        (by_id(3).buchholz, by_id(3).buchholz_cut1),
        (Points(8), Points(6))
    );
    assert_eq!(by_id(1).sonneborn_berger, 2.0);
    assert_eq!(by_id(2).sonneborn_berger, 1.5);
    assert_eq!(by_id(3).sonneborn_berger, 2.5);
    assert_eq!(by_id(4).sonneborn_berger, 2.5);
    assert!(table.iter().all(|s| s.wins == 1));
}

#[test]
fn a_bye_counts_a_virtual_opponent_in_buchholz() {
    // One round: 1 beats 2, 3 has the bye (a win). FIDE C.07 13.15.2: the
    // virtual opponent scores what 3 had before the round (0), plus what 3
    // did not score (0), plus ½ a round after (none): 0.
    let mut e = seeded(3);
    record(&mut e, &[(1, 2, W)], Some(3));
    let table = standings(&e);
    let by_id = |id| table.iter().find(|s| s.id == id).unwrap();
    assert_eq!(by_id(3).buchholz, Points(0));
    assert_eq!(by_id(1).buchholz, Points(0));
    assert_eq!(by_id(2).buchholz, Points(2));
    // 1 and 3 tie on 1 point and Buchholz 0; 1 has the win over the board.
    assert_eq!(
        table.iter().map(|s| s.id).collect::<Vec<_>>(),
        vec![1, 3, 2]
    );
    assert_eq!(by_id(3).wins, 0);
}

#[test]
fn players_tied_on_everything_share_the_rank() {
    // 1-2 drawn: both ½, Buchholz ½, SB ¼, no wins; they met, so direct
    // encounter applies and is ½ each: still tied.
    let mut e = seeded(2);
    record(&mut e, &[(1, 2, D)], None);
    let table = standings(&e);
    assert_eq!(table.iter().map(|s| s.rank).collect::<Vec<_>>(), vec![1, 1]);
    assert!(
        table
            .iter()
            .all(|s| s.direct_encounter == Some(Points(1)) && s.sonneborn_berger == 0.25)
    );
}
