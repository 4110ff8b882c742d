//! The computer varies from game to game unless it is given a seed: the
//! weaker levels' random errors and the opening book's choice among its
//! good moves draw a fresh seed from the system for every game; a seed
//! makes every game the same.

use wari_engine::book::Book;
use wari_engine::eval::Weights;
use wari_engine::{Engine, Level, Limits};
use wari_rules::{Game, Move, Position, Side};

fn engine(level: u8, seed: Option<u64>) -> Engine {
    let mut engine = Engine::new();
    engine.set_hash_mb(1);
    engine.set_level(Level::new(level).unwrap());
    engine.set_own_book(true);
    engine.set_seed(seed);
    engine
}

/// The engine's first move from the start.
fn first_move(engine: &mut Engine) -> Move {
    engine
        .think(&Game::default(), &Limits::depth(1))
        .best
        .expect("the start has moves")
}

/// A game of `plies` plies, both sides played by `engine`.
fn self_play(engine: &mut Engine, plies: usize) -> Vec<Move> {
    engine.new_game();
    let mut game = Game::default();
    while game.moves().len() < plies && !game.is_over() {
        let m = engine.think(&game, &Limits::depth(5)).best.unwrap();
        game.play(m).unwrap();
    }
    game.moves().to_vec()
}

#[test]
fn unseeded_engines_vary_their_first_move_at_level_1() {
    // Level 1 scores each move of the start at depth 1 (North has no
    // capture after any of them, so a move's value is minus the
    // evaluation of the position it leads to, as the full-strength
    // search to depth 1 confirms below) and adds an error drawn evenly
    // from -12..=12 seeds (W = 2400 hundredths wide) to each.
    let start = Position::default();
    let weights = Weights::default();
    let values: Vec<i32> = start
        .legal_moves()
        .iter()
        .map(|&m| {
            let child = start.play(m).unwrap();
            for reply in child.legal_moves() {
                let after = child.play(reply).unwrap();
                assert_eq!(after.captured(Side::North), 0, "{m} {reply} captures");
            }
            -weights.evaluate(&child)
        })
        .collect();
    let mut full = engine(10, Some(0));
    full.set_own_book(false);
    let best = full.think(&Game::default(), &Limits::depth(1)).score;
    assert_eq!(best.centiseeds(), *values.iter().max().unwrap());
    // With values at most D apart, a move beats another with
    // probability at most 1 - (W - D)² / (2 W²): for D <= 600 below
    // 0.72. Forty engines all choosing the same move: at most
    // 0.72^39 < 3e-6.
    let spread = values.iter().max().unwrap() - values.iter().min().unwrap();
    assert!(
        spread <= 600,
        "the bound needs values within 6 seeds: {values:?}"
    );
    let moves: Vec<Move> = (0..40).map(|_| first_move(&mut engine(1, None))).collect();
    assert!(
        moves.iter().any(|&m| m != moves[0]),
        "forty unseeded engines all played {}",
        moves[0]
    );
}

#[test]
fn one_engine_varies_from_game_to_game() {
    // As above, game after game on one engine: every new game draws a
    // fresh seed. Ten plies at level 1: the first alike with probability
    // at most 0.62, so forty games alike at most 0.62^39 < 1e-8 from the
    // first ply alone; the later plies only make it rarer.
    let mut engine = engine(1, None);
    let games: Vec<Vec<Move>> = (0..40).map(|_| self_play(&mut engine, 10)).collect();
    assert!(games.iter().any(|g| *g != games[0]), "forty games alike");
}

#[test]
fn a_seed_makes_every_game_the_same_at_every_level() {
    for level in [1, 3, 8, 10] {
        let a = self_play(&mut engine(level, Some(2024)), 12);
        let mut again = engine(level, Some(2024));
        assert_eq!(a, self_play(&mut again, 12), "level {level}");
        // And again after a new game on the same engine.
        assert_eq!(a, self_play(&mut again, 12), "level {level}, second game");
    }
}
#[test]
fn the_book_chooses_among_its_good_moves_by_chance() {
    // A position of the shipped book with two moves or more: unseeded
    // engines at level 10 pick each with probability 1/k, so thirty
    // alike has probability k^-29 <= 2^-29.
    let book = Book::builtin(&Position::default().rules().clone()).unwrap();
    let mut game = Game::default();
    let position = loop {
        let choices = book.choices(game.position());
        assert!(!choices.is_empty(), "the book follows its own moves");
        if choices.len() >= 2 {
            break *game.position();
        }
        game.play(choices[0].best).unwrap();
    };
    let replies: Vec<Move> = (0..30)
        .map(|_| {
            engine(10, None)
                .think(&game, &Limits::depth(1))
                .best
                .unwrap()
        })
        .collect();
    let good: Vec<Move> = book.choices(&position).iter().map(|m| m.best).collect();
    assert!(
        replies.iter().all(|m| good.contains(m)),
        "{replies:?} not in {good:?}"
    );
    assert!(
        replies.iter().any(|&m| m != replies[0]),
        "thirty engines all played {}",
        replies[0]
    );
    // Seeded, the choice repeats.
    let seeded: Vec<Move> = (0..5)
        .map(|_| {
            engine(10, Some(9))
                .think(&game, &Limits::depth(1))
                .best
                .unwrap()
        })
        .collect();
    assert!(seeded.iter().all(|&m| m == seeded[0]));
}
