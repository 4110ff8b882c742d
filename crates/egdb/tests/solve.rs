//! `solve` against a plain negamax over the whole game from the start,
//! written here from the rules alone (memoised on the board and the
//! player to move: what is left to win depends on nothing else).

use std::collections::{HashMap, HashSet};

use wari_egdb::{DEFAULT_MEMORY_LIMIT, Error, Quiet, solve};
use wari_rules::{Position, Rules};

/// Seeds the player to move will still gain over the opponent; Kalah has
/// no cycles (seeds only move on towards the stores).
fn kalah(p: &Position, memo: &mut HashMap<u128, i32>) -> i32 {
    if p.is_over() {
        return 0;
    }
    if let Some(&v) = memo.get(&p.key()) {
        return v;
    }
    let me = p.turn();
    let mut best = i32::MIN;
    for mv in p.legal_moves() {
        let child = p.play(mv).unwrap();
        let gained = (i32::from(child.captured(me)) - i32::from(p.captured(me)))
            - (i32::from(child.captured(me.opposite())) - i32::from(p.captured(me.opposite())));
        let rest = kalah(&child, memo);
        best = best.max(gained + if child.turn() == me { rest } else { -rest });
    }
    memo.insert(p.key(), best);
    best
}

/// The game under `cycle=even` with no memo: a repeated position shares
/// the seeds left (worth 0 more), alpha-beta over the paths.
fn even(p: &Position, mut alpha: i32, beta: i32, path: &mut HashSet<u128>) -> i32 {
    if p.is_over() || !path.insert(p.key()) {
        return 0;
    }
    let me = p.turn();
    let mut best = i32::MIN;
    for mv in p.legal_moves() {
        let child = p.play(mv).unwrap();
        let gained = (i32::from(child.captured(me)) - i32::from(p.captured(me)))
            - (i32::from(child.captured(me.opposite())) - i32::from(p.captured(me.opposite())));
        let v = if child.turn() == me {
            gained + even(&child, alpha - gained, beta - gained, path)
        } else {
            gained - even(&child, gained - beta, gained - alpha, path)
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    path.remove(&p.key());
    best
}

#[test]
fn kalah_solutions_equal_a_plain_negamax() {
    for text in [
        "kalah,pits=1,seeds=1",
        "kalah,pits=1,seeds=5",
        "kalah,pits=2,seeds=2",
        "kalah,pits=2,seeds=5",
        "kalah,pits=3,seeds=2",
        "kalah,pits=3,seeds=3",
        "kalah,pits=3,seeds=3,empty-capture=off",
        "kalah,pits=4,seeds=2",
    ] {
        let rules: Rules = text.parse().unwrap();
        let solution = solve(&rules, DEFAULT_MEMORY_LIMIT, &Quiet).unwrap();
        let reference = kalah(&Position::new(rules), &mut HashMap::new());
        assert_eq!(i32::from(solution.south_margin()), reference, "{text}");
        assert!(!solution.value.by_cycle());
        // The variation is a whole game worth the value.
        let mut p = Position::new(rules);
        for &mv in &solution.pv {
            p = p.play(mv).unwrap();
        }
        assert!(p.is_over(), "{text}");
        let margin = i32::from(p.captured(wari_rules::Side::South))
            - i32::from(p.captured(wari_rules::Side::North));
        assert_eq!(margin, reference, "{text}: {:?}", solution.pv);
    }
}

#[test]
fn even_cycle_solutions_equal_the_game() {
    for text in [
        "wari,pits=2,seeds=1,cycle=even",
        "wari,pits=2,seeds=2,cycle=even",
        "abapa,pits=1,seeds=3,cycle=even",
        "abapa,pits=2,seeds=1,cycle=even",
        "warri,pits=2,seeds=1,cycle=even",
    ] {
        let rules: Rules = text.parse().unwrap();
        let solution = solve(&rules, DEFAULT_MEMORY_LIMIT, &Quiet).unwrap();
        let start = Position::new(rules.with_playout(true).unwrap());
        let reference = even(&start, -100, 100, &mut HashSet::new());
        assert_eq!(i32::from(solution.south_margin()), reference, "{text}");
    }
}

#[test]
fn too_large_a_game_is_refused_with_its_size() {
    let rules: Rules = "abapa".parse().unwrap();
    match solve(&rules, DEFAULT_MEMORY_LIMIT, &Quiet) {
        Err(Error::TooLarge { positions, .. }) => assert!(positions > 1 << 40),
        other => panic!("{other:?}"),
    }
}

/// Every Kalah game of docs/SOLVED.md that a plain negamax finishes in
/// seconds: `cargo test -p wari-egdb --test solve -- --ignored`.
#[test]
#[ignore = "about 15 s with a fresh build: run by hand when the build changes"]
fn every_small_kalah_equals_a_plain_negamax() {
    let mut games = Vec::new();
    for m in 1..=3 {
        for n in 1..=6 {
            games.push(format!("kalah,pits={m},seeds={n}"));
        }
    }
    games.extend(
        [
            "kalah,pits=4,seeds=1",
            "kalah,pits=4,seeds=3",
            "kalah,pits=5,seeds=1",
            "kalah,pits=6,seeds=1",
        ]
        .map(String::from),
    );
    for text in games {
        let rules: Rules = text.parse().unwrap();
        let solution = solve(&rules, DEFAULT_MEMORY_LIMIT, &Quiet).unwrap();
        let reference = kalah(&Position::new(rules), &mut HashMap::new());
        assert_eq!(i32::from(solution.south_margin()), reference, "{text}");
    }
}
