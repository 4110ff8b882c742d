//! Every score the engine calls exact is the game's value: checked
//! against plain minimax to the end of the game over `Game` (which applies
//! every rule, the cycle rule included, from the whole history), on
//! endgames small enough for it, with searches cut short at many node
//! counts and depths, where a proven result is most often only a bound.

mod common;

use proptest::prelude::*;
use wari_engine::{Control, Engine, Limits, Score};
use wari_rules::{Game, Position, Rules, Side};

/// Plain minimax over `Game`, shared with the CLI's puzzle tests.
#[path = "../../rules/tests/support/game_minimax.rs"]
mod game_minimax;

/// The game's value for the side to move, `None` if too big to find.
fn value(game: &Game) -> Option<i32> {
    game_minimax::value(game, 200_000)
}

/// Every exact score a search reports (each iteration, then its result),
/// with where it came from.
fn exact_scores(game: &Game, limits: &Limits, hash_mb: usize) -> Vec<(String, i32)> {
    let mut engine = Engine::new();
    engine.set_hash_mb(hash_mb);
    let mut found = Vec::new();
    let result = engine.search(game, limits, &Control::new(), &mut |info| {
        if let Score::Exact { margin, .. } = info.score {
            found.push((format!("depth {} {}", info.depth, info.score), margin));
        }
    });
    if let Score::Exact { margin, .. } = result.score {
        found.push((format!("result {}", result.score), margin));
    }
    found
}

/// The limits of the searches tried: cut short at several node counts,
/// and to several depths.
fn limits() -> Vec<Limits> {
    let mut all: Vec<Limits> = [100u64, 1_000, 10_000]
        .into_iter()
        .map(|nodes| Limits {
            nodes: Some(nodes),
            ..Limits::default()
        })
        .collect();
    all.extend([3, 7].map(Limits::depth));
    all
}

/// Checks every exact score of every search of `game` against minimax.
fn check(game: &Game) -> Result<(), String> {
    let Some(truth) = value(game) else {
        return Ok(());
    };
    for limits in limits() {
        for (at, margin) in exact_scores(game, &limits, 1) {
            if margin != truth {
                return Err(format!(
                    "{} {}: {at} with {limits:?}, but minimax finds {truth:+}",
                    game.position().rules(),
                    game.position()
                ));
            }
        }
    }
    Ok(())
}

/// A position of `rules` on `pits` pits a row with a seed in each pit of
/// `places` (pit indices, South's first, taken modulo the board), counts
/// near half each.
fn endgame(rules: Rules, pits: u8, places: &[u8], turn: Side, split: u8) -> Option<Position> {
    let rules = rules.with_pits(pits).ok()?.with_seeds(4).ok()?;
    let m = usize::from(pits);
    let mut board = vec![0u8; 2 * m];
    for &pit in places {
        board[usize::from(pit) % (2 * m)] += 1;
    }
    common::position(rules, &board, turn, split, 2)
}

#[test]
fn exact_scores_in_small_endgames_are_the_games_values() {
    // Found by the property below against the search before proofs
    // travelled with its values: each was called exact (a proven win or
    // loss that had beaten an estimate) with a margin minimax refutes.
    for (rules, position) in [
        ("warri,pits=3", "1,3,0/1,0,0 S 8-11"),
        ("abapa,pits=3,cycle=3", "0,0,1/0,2,0 S 9-12"),
        ("wari,pits=3", "1,2,1/1,0,0 N 7-12"),
        ("wari,pits=3", "2,1,0/0,0,2 S 7-12"),
        ("abapa,pits=3", "1,1,0/0,0,2 N 12-8"),
        ("wari,pits=3", "1,0,1/2,1,0 N 8-11"),
    ] {
        let rules: Rules = rules.parse().expect("rules");
        let start = Position::from_string(position, rules).expect("a position");
        let game = Game::from_position(start);
        assert!(value(&game).is_some(), "{position} is small enough");
        check(&game).unwrap_or_else(|e| panic!("{e}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Small endgames of every Oware tradition on the standard board: an
    /// exact score is the value minimax finds, however short the search.
    #[test]
    fn an_exact_score_is_the_value_minimax_finds(
        rules in prop::sample::select(vec!["abapa", "wari", "warri", "abapa,cycle=3"]),
        pits in 3u8..=4,
        places in prop::collection::vec(0u8..8, 3..=6),
        south_to_move in any::<bool>(),
        split in 0u8..5,
    ) {
        let rules: Rules = rules.parse().expect("rules");
        let turn = if south_to_move { Side::South } else { Side::North };
        let Some(start) = endgame(rules, pits, &places, turn, split) else {
            return Ok(());
        };
        let game = Game::from_position(start);
        prop_assume!(!game.is_over());
        if let Err(e) = check(&game) {
            prop_assert!(false, "{}", e);
        }
    }
}
