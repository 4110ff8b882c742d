//! Pairing cases worked out by hand from the FIDE Dutch rules (C.04.3);
//! each names the rules that decide it.

mod support;

use support::{record, seeded};
use wari_swiss::{Pairing, PairingError, Points, pair_round};

const W: Points = Points::WIN;
const D: Points = Points::DRAW;
const L: Points = Points::LOSS;

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half_alternating_colours() {
    // A.2/B: one bracket, S1 = 1-4, S2 = 5-8, S1[i] meets S2[i]. E.5: the
    // higher-ranked player has White (the initial colour) on odd pairing
    // numbers, Black on even ones.
    let pairing = pair_round(&seeded(8), 1, 5).unwrap();
    assert_eq!(
        pairing,
        Pairing {
            games: vec![(1, 5), (6, 2), (3, 7), (8, 4)],
            bye: None
        }
    );
}

#[test]
fn round_one_gives_the_bye_to_the_lowest_ranked_player() {
    // A.5/C.04.1.c: with seven players S1 = 1-3, S2 = 4-6 and 7 stays
    // unpaired: the bye.
    let pairing = pair_round(&seeded(7), 1, 5).unwrap();
    assert_eq!(
        pairing,
        Pairing {
            games: vec![(1, 4), (5, 2), (3, 6)],
            bye: Some(7)
        }
    );
}

#[test]
fn a_repeat_pairing_is_avoided_by_a_transposition_that_keeps_colours() {
    // Round 1 (1-5, 6-2, 3-7, 8-4) all drawn: one bracket of eight at ½.
    // Players 1, 3, 6, 8 had White and want Black (mild), 2, 4, 5, 7 want
    // White. C.1 rules out 1-5, 2-6, 3-7, 4-8; C.10 asks for every
    // preference granted, so S1 player 1 needs 5 or 7 (5 is a repeat): 7;
    // 2 needs 6 or 8: 8; then 3-5 and 4-6. That is the first transposition
    // of S2 (7, 8, 5, 6) meeting every criterion (D.1).
    let mut e = seeded(8);
    record(&mut e, &[(1, 5, D), (6, 2, D), (3, 7, D), (8, 4, D)], None);
    let pairing = pair_round(&e, 2, 5).unwrap();
    assert_eq!(
        pairing,
        Pairing {
            games: vec![(7, 1), (2, 8), (5, 3), (4, 6)],
            bye: None
        }
    );
}

#[test]
fn colour_preferences_come_before_the_natural_order() {
    // Round 1 (1-5, 6-2, 3-7, 8-4) won by 1, 2, 3, 4. Bracket 1: S1 = 1, 2,
    // S2 = 3, 4. The natural 1-3, 2-4 leaves two players without their
    // preference (1 and 3 had White and want Black; 2 and 4 had Black and
    // want White). C.10 ranks above the order of transpositions, and 1-4,
    // 2-3 grants all four (E.1): 4-1, 2-3. Bracket 0 likewise: 5 and 7 want
    // White, 6 and 8 Black: 5-8, 7-6.
    let mut e = seeded(8);
    record(&mut e, &[(1, 5, W), (6, 2, L), (3, 7, W), (8, 4, L)], None);
    let pairing = pair_round(&e, 2, 5).unwrap();
    assert_eq!(
        pairing,
        Pairing {
            games: vec![(4, 1), (2, 3), (5, 8), (7, 6)],
            bye: None
        }
    );
}

#[test]
fn the_odd_player_of_a_bracket_floats_down_and_meets_the_top_of_the_next() {
    // Six players, round 1: 1-4, 5-2, 3-6 won by 1, 2, 3 (White of 5-2 is
    // 5, who loses). Bracket 1 = {1, 2, 3}: one pair, the lowest (3)
    // floats down (D.1: S1 = 1, S2 = 2, 3; 1-2). Bracket 0 = MDP 3 plus
    // {4, 5, 6}: 3 met 6, so 3 meets the highest resident he can, 4 (B.2:
    // the MDP against S2 in order); the remainder 5-6.
    // Colours: 1 (W) vs 2 (B): both get their preference, 2-1. 3 (W) vs 4
    // (B): 4-3. 5 (W) vs 6 (B): 6-5.
    let mut e = seeded(6);
    record(&mut e, &[(1, 4, W), (5, 2, L), (3, 6, W)], None);
    let pairing = pair_round(&e, 2, 5).unwrap();
    assert_eq!(
        pairing,
        Pairing {
            games: vec![(2, 1), (4, 3), (6, 5)],
            bye: None
        }
    );
}

#[test]
fn a_downfloater_is_chosen_so_the_next_bracket_can_pair() {
    // Round 1: 1-2 and 4-3 drawn; round 2: 3-1 won by 1, 2-4 won by 2.
    // Scores: 1 and 2: 1½, 3 and 4: ½. The top bracket {1, 2} cannot pair
    // (they met, C.1): both float down (C.5 can do no better), and the
    // only legal round is 1-4 and 2-3 (C.4, completion).
    let mut e = seeded(4);
    record(&mut e, &[(1, 2, D), (4, 3, D)], None);
    record(&mut e, &[(3, 1, L), (2, 4, W)], None);
    let pairing = pair_round(&e, 3, 3).unwrap();
    let mut games: Vec<(u64, u64)> = pairing
        .games
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    games.sort();
    assert_eq!(games, vec![(1, 4), (2, 3)]);
}

#[test]
fn absolute_preferences_are_granted_together_with_mild_ones() {
    // Round 1: 1-3 and 2-4 won by White; round 2: 1-4 and 3-2 drawn.
    let mut e = seeded(4);
    record(&mut e, &[(1, 3, W), (2, 4, W)], None);
    record(&mut e, &[(1, 4, D), (3, 2, D)], None);
    // Scores: 1: 1½, 2: 1½, 3: ½, 4: ½. 1 had W, W (absolute Black); 2 had
    // W, B (mild White). Bracket 1½: 1-2 (not met). E.1: 1 Black, 2 White.
    // 3 had B, W (mild Black), 4 had B, B (absolute White): 4-3.
    let pairing = pair_round(&e, 3, 5).unwrap();
    assert_eq!(
        pairing,
        Pairing {
            games: vec![(2, 1), (4, 3)],
            bye: None
        }
    );
}

#[test]
fn the_stronger_preference_wins_when_both_want_the_same_colour() {
    // Round 1: 1-3 (1 wins), 4-2 (2 wins); round 2: 1-4 (1 wins), 2-3 (2
    // wins). 1 had W, W: absolute Black. 2 had B, W: mild Black. Both want
    // Black; E.2 grants the absolute one: 2-1. 3: B, B (absolute White);
    // 4: W, B (mild White): E.2, 3 White: 3-4.
    let mut e = seeded(4);
    record(&mut e, &[(1, 3, W), (4, 2, L)], None);
    record(&mut e, &[(1, 4, W), (2, 3, W)], None);
    let pairing = pair_round(&e, 3, 5).unwrap();
    assert_eq!(
        pairing,
        Pairing {
            games: vec![(2, 1), (3, 4)],
            bye: None
        }
    );
}

#[test]
fn nobody_gets_a_colour_three_times_in_a_row_except_topscorers_in_the_last_round() {
    // Round 1: 1-4, 3-5 won by White, 6-2 won by 6. Round 2: 1-6 and 3-2
    // won by White, 4-5 drawn. Scores: 1: 2, 3: 2, 6: 1, 4: ½, 5: ½, 2: 0.
    // 1 and 3 both had White twice: absolute Black (A.6). 5 and 2 had
    // Black twice: absolute White.
    let mut e = seeded(6);
    record(&mut e, &[(1, 4, W), (3, 5, W), (6, 2, W)], None);
    record(&mut e, &[(1, 6, W), (3, 2, W), (4, 5, D)], None);
    // Round 3 of 5: C.3 keeps 1 and 3 apart.
    let middle = pair_round(&e, 3, 5).unwrap();
    support::check_round(&e, &middle, 3, 5);
    assert!(
        !middle
            .games
            .iter()
            .any(|&(a, b)| a.min(b) == 1 && a.max(b) == 3),
        "{middle:?}"
    );
    // Round 3 of 3: 1 and 3 are topscorers (over 50% of the maximum, A.7),
    // so C.3 lets them meet and C.5 (most pairs in the top bracket) makes
    // them. Equal colour differences, same colours every round: E.4 gives
    // the higher-ranked 1 Black. Then 5 (met 3, 4; 2 shares his absolute
    // White) must meet 6 and 4 meets 2. 5's absolute White beats 6's mild
    // preference (E.2); 4 (mild Black) and 2 (absolute White) both get
    // theirs.
    let last = pair_round(&e, 3, 3).unwrap();
    assert_eq!(
        last,
        Pairing {
            games: vec![(3, 1), (5, 6), (2, 4)],
            bye: None
        }
    );
}

#[test]
fn the_bye_goes_to_the_lowest_scorer_who_has_not_had_one() {
    // Five players; round 1: 1-3 (1 wins), 4-2 (2 wins), 5 bye. Scores: 1,
    // 2, 5: 1 point; 3, 4: 0. Round 2: the bye goes to the 0-point group,
    // to its lowest-ranked player, 4 (A.5, C.2). 5 cannot have it again.
    let mut e = seeded(5);
    record(&mut e, &[(1, 3, W), (4, 2, L)], Some(5));
    let pairing = pair_round(&e, 2, 5).unwrap();
    assert_eq!(pairing.bye, Some(4));
    // Round 2 all won by White, then round 3: whoever is lowest and has
    // not had a bye gets it.
    let mut e2 = e.clone();
    support::play(&mut e2, &pairing, |_, _| W);
    let third = pair_round(&e2, 3, 5).unwrap();
    assert!(![Some(5), Some(4)].contains(&third.bye), "{third:?}");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let e = seeded(4);
    assert_eq!(
        pair_round(&e, 0, 5),
        Err(PairingError::RoundOutOfRange {
            round: 0,
            total_rounds: 5
        })
    );
    assert_eq!(
        pair_round(&e, 6, 5),
        Err(PairingError::RoundOutOfRange {
            round: 6,
            total_rounds: 5
        })
    );
    assert_eq!(
        pair_round(&e, 2, 5),
        Err(PairingError::History {
            id: 1,
            found: 0,
            expected: 1
        })
    );
    let mut twice = seeded(3);
    twice[2].id = 1;
    assert_eq!(
        pair_round(&twice, 1, 5),
        Err(PairingError::DuplicateEntrant(1))
    );
    assert_eq!(
        pair_round(&[], 1, 5),
        Ok(Pairing {
            games: vec![],
            bye: None
        })
    );
    // Two players who have met cannot be paired again.
    let mut two = seeded(2);
    record(&mut two, &[(1, 2, D)], None);
    assert_eq!(pair_round(&two, 2, 3), Err(PairingError::NoPairing));
    assert!(!PairingError::NoPairing.to_string().is_empty());
    let crowd = seeded(wari_swiss::MAX_ENTRANTS as u64 + 1);
    assert_eq!(
        pair_round(&crowd, 1, 5),
        Err(PairingError::TooManyEntrants(2001))
    );
}
