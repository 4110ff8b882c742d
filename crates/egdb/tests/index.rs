//! The ranking of seed distributions: a bijection onto `0..positions`,
//! in the order `next_board` walks.

use std::collections::HashSet;

use wari_egdb::{next_board, positions, rank, unrank};

/// Every board of `seeds` seeds on `pits` pits, by brute force.
fn all_boards(pits: usize, seeds: u8) -> Vec<Vec<u8>> {
    if pits == 1 {
        return vec![vec![seeds]];
    }
    let mut boards = Vec::new();
    for first in 0..=seeds {
        for mut rest in all_boards(pits - 1, seeds - first) {
            rest.insert(0, first);
            boards.push(rest);
        }
    }
    boards
}

#[test]
fn rank_is_a_bijection_onto_the_positions() {
    for m in 1..=3 {
        for k in 0..=7u8 {
            let boards = all_boards(2 * m, k);
            assert_eq!(
                boards.len() as u64,
                positions(m, usize::from(k)),
                "m={m} k={k}"
            );
            let ranks: HashSet<u64> = boards.iter().map(|b| rank(b)).collect();
            assert_eq!(
                ranks.len(),
                boards.len(),
                "m={m} k={k}: two boards share a rank"
            );
            assert!(
                ranks.iter().all(|&r| r < boards.len() as u64),
                "m={m} k={k}"
            );
        }
    }
}

#[test]
fn unrank_inverts_rank() {
    for m in 1..=3 {
        for k in 0..=6u8 {
            for board in all_boards(2 * m, k) {
                let mut back = vec![0; 2 * m];
                unrank(rank(&board), usize::from(k), &mut back);
                assert_eq!(back, board);
            }
        }
    }
}

#[test]
fn next_board_walks_the_ranks_in_order() {
    for m in 1..=4 {
        for k in 0..=6 {
            let mut board = vec![0; 2 * m];
            unrank(0, k, &mut board);
            let mut count = 1;
            while next_board(&mut board) {
                assert_eq!(rank(&board), count, "m={m} k={k}");
                count += 1;
            }
            assert_eq!(count, positions(m, k), "m={m} k={k}");
        }
    }
}

#[test]
fn large_boards_round_trip() {
    // The standard board with 48 seeds: indices above 2^32.
    let board = [4u8; 12];
    let index = rank(&board);
    assert!(index < positions(6, 48));
    let mut back = [0; 12];
    unrank(index, 48, &mut back);
    assert_eq!(back, board);
    let last = positions(6, 48) - 1;
    unrank(last, 48, &mut back);
    assert_eq!(rank(&back), last);
    assert_eq!(back, [48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn layer_sizes_match_the_binomials() {
    assert_eq!(positions(6, 0), 1);
    assert_eq!(positions(6, 12), 1_352_078);
    assert_eq!(positions(6, 20), 84_672_315);
    assert_eq!(positions(4, 3), 120);
}
