//! The search against an exhaustive reference on small games, and its
//! behaviour: captures, game ends, the cycle rule, stopping, time, threads.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use wari_engine::{Control, Engine, Limits, Score};
use wari_rules::{Game, Position, Rules, Side, Variant};

/// The exact final capture difference for the side to move under best
/// play, by plain minimax over `Game` (which applies every rule, the cycle
/// rule included, from the whole history); `None` past `budget` nodes.
fn reference(game: &Game, budget: &mut u64) -> Option<i32> {
    let me = game.position().turn();
    if let Some(outcome) = game.outcome() {
        return Some(
            (i32::from(outcome.halves(me)) - i32::from(outcome.halves(me.opposite()))) / 2,
        );
    }
    *budget = budget.checked_sub(1)?;
    let mut best = i32::MIN;
    for m in game.legal_moves() {
        let mut next = game.clone();
        next.play(m).expect("a legal move");
        let v = reference(&next, budget)?;
        // `v` is for the side to move in `next` (a Kalah extra move keeps
        // the same side).
        best = best.max(if next.position().turn() == me { v } else { -v });
    }
    Some(best)
}

/// A small position: `pits` pits a row, `seeds` seeds on the board placed
/// by `spread`, counts near half each making up the rest of the rules'
/// total.
fn small_position(
    variant: Variant,
    pits: u8,
    seeds: u8,
    spread: &[u8],
    turn: Side,
    split: u8,
) -> Option<Position> {
    let rules = Rules::new(variant)
        .with_pits(pits)
        .ok()?
        .with_seeds(4)
        .ok()?;
    let mut board = vec![0u8; 2 * usize::from(pits)];
    // One seed in each row, the others anywhere.
    let m = usize::from(pits);
    for (i, &s) in spread.iter().take(usize::from(seeds)).enumerate() {
        let pit = match i {
            0 => usize::from(s) % m,
            1 => m + usize::from(s) % m,
            _ => usize::from(s) % (2 * m),
        };
        board[pit] += 1;
    }
    // Counts near half each, so that the game is not already decided.
    common::position(rules, &board, turn, split, 1)
}

/// The margin a search found: exact, or a proven win or loss whose
/// margin it could not prove both ways (read as that many seeds; whether
/// an exact score is right is `tests/exact.rs`'s matter).
fn exact_margin(score: Score) -> Option<i32> {
    match score {
        Score::Exact { margin, .. } => Some(margin),
        Score::Seeds(c) if c % 100 == 0 => Some(c / 100),
        Score::Seeds(_) => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On small boards the search proves the same value as exhaustive
    /// minimax over `Game`, under every Oware tradition and Kalah.
    #[test]
    fn the_search_proves_what_exhaustive_minimax_finds(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        pits in 2u8..=3,
        seeds in 2u8..=5,
        spread in prop::collection::vec(0u8..6, 5),
        south_to_move in any::<bool>(),
        split in 0u8..=6,
    ) {
        let turn = if south_to_move { Side::South } else { Side::North };
        let Some(start) = small_position(variant, pits, seeds, &spread, turn, split) else {
            return Ok(());
        };
        let game = Game::from_position(start);
        prop_assume!(!game.is_over());
        let expected = reference(&game, &mut 200_000);
        prop_assume!(expected.is_some(), "too big for the reference");
        let expected = expected.unwrap_or_default();
        let mut engine = Engine::new();
        engine.set_hash_mb(1);
        let result = engine.think(&game, &Limits::depth(60));
        prop_assert_eq!(exact_margin(result.score), Some(expected), "{} {:?}", start, result);
    }
}

#[test]
fn a_capture_of_three_is_found_at_once() {
    let start = Position::from_string("0,0,0,0,0,1/2,5,0,0,0,4 S 20-16", Rules::default()).unwrap();
    let mut engine = Engine::new();
    let result = engine.think(&Game::from_position(start), &Limits::depth(1));
    assert_eq!(result.best.unwrap().to_string(), "F");
    assert!(result.score.centiseeds() >= 250, "{:?}", result.score);
}

#[test]
fn a_finished_game_has_no_best_move() {
    let start = Position::from_string("0,0,0,0,0,0/0,0,0,0,0,1 N 20-27", Rules::default()).unwrap();
    let mut engine = Engine::new();
    let result = engine.think(&Game::from_position(start), &Limits::depth(5));
    assert_eq!(result.best, None);
    assert_eq!(
        result.score,
        Score::Exact {
            margin: 7,
            plies: 0
        }
    );
}

#[test]
fn the_lone_seed_chase_is_a_cycle_worth_each_own_row() {
    // Every move keeps the chase going: the game ends by the cycle rule
    // with each side taking its own seed, a draw.
    let start = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 S 23-23", Rules::default()).unwrap();
    let mut engine = Engine::new();
    let result = engine.think(&Game::from_position(start), &Limits::depth(30));
    assert_eq!(exact_margin(result.score), Some(0));
    assert_eq!(result.pv.len(), 12, "{:?}", result.pv);
}

#[test]
fn the_cycle_rule_counts_the_game_history() {
    // After eleven plies of the chase, North's reply `f` repeats the start:
    // with the history, the engine knows the game then ends.
    let start = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 S 23-23", Rules::default()).unwrap();
    let mut game = Game::from_position(start);
    for m in "A a B b C c D d E e F".split(' ') {
        game.play(m.parse().unwrap()).unwrap();
    }
    let mut engine = Engine::new();
    let result = engine.think(&game, &Limits::depth(10));
    assert_eq!(result.pv.len(), 1, "{:?}", result.pv);
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let control = Arc::new(Control::new());
    let stopper = Arc::clone(&control);
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        stopper.stop();
    });
    let game = Game::default();
    let mut engine = Engine::new();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let started = Instant::now();
    let result = engine.search(&game, &limits, &control, &mut |_| {});
    t.join().unwrap();
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(game.legal_moves().contains(&result.best.unwrap()));
}

#[test]
fn a_movetime_is_kept_with_two_threads() {
    let game = Game::default();
    let mut engine = Engine::new();
    engine.set_threads(2);
    let started = Instant::now();
    let result = engine.think(&game, &Limits::movetime(Duration::from_millis(300)));
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(250), "{took:?}");
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert!(result.depth >= 4);
    assert!(game.legal_moves().contains(&result.best.unwrap()));
}

#[test]
fn reports_come_once_per_depth_with_growing_nodes() {
    let game = Game::default();
    let mut engine = Engine::new();
    let mut depths = Vec::new();
    let mut nodes = Vec::new();
    engine.search(&game, &Limits::depth(9), &Control::new(), &mut |info| {
        depths.push(info.depth);
        nodes.push(info.nodes);
        assert!(!info.pv.is_empty());
    });
    assert_eq!(depths, (1..=9).collect::<Vec<_>>());
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn kalah_extra_moves_are_searched_by_the_same_side() {
    // South's D (1 seed, pits=4) ends in the store: an extra move, then C.
    let rules: Rules = "kalah,pits=4,seeds=3".parse().unwrap();
    let start = Position::from_string("0,0,2,1/3,3,3,3 S 4-5", rules).unwrap();
    let mut engine = Engine::new();
    let result = engine.think(&Game::from_position(start), &Limits::depth(30));
    let expected = reference(&Game::from_position(start), &mut 10_000_000).expect("a small tree");
    assert_eq!(exact_margin(result.score), Some(expected));
}
