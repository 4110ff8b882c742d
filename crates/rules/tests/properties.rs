//! Property tests: invariants of positions, games and notation over random
//! rule sets and random games.

mod common;

use common::{any_choices, any_rules, any_setup, any_start, random_positions};
use proptest::prelude::*;
use proptest::sample::Index;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wari_rules::record::{parse_moves, write_moves};
use wari_rules::{Cycle, EndReason, Game, Move, Position, Rules, Side, Slot, Sowing, Variant};

/// Any move letter `A..F`, `a..f`.
fn any_move() -> impl Strategy<Value = Move> {
    (prop::sample::select(Side::ALL.to_vec()), 0..6u8).prop_map(|(side, c)| Move::new(side, c))
}

/// The twelve move letters.
fn all_moves() -> impl Iterator<Item = Move> {
    Side::ALL
        .into_iter()
        .flat_map(|side| (0..6).map(move |c| Move::new(side, c)))
}

/// A random game played with [`Game::play`], stopping when it is over or
/// the choices run out.
fn random_game(rules: Rules, choices: &[Index]) -> Game {
    let mut game = Game::new(rules);
    for choice in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(*choice.get(&legal))
            .expect("a legal move is accepted");
    }
    game
}

fn board_sum(position: &Position) -> u32 {
    position.board().iter().map(|&s| u32::from(s)).sum()
}

/// The reason a position string re-parses with. The string records the
/// board, turn and counts but not why the game ended, so the parser derives
/// it: a position whose counts give a player more than half re-parses as
/// ended by `majority` (unless `playout`); otherwise a swept Oware board
/// (after `no-moves` or a `wari` grand slam, RULES.md §2.3) has no legal
/// move and re-parses as `no-moves`.
fn reparsed_reason(p: &Position) -> Option<EndReason> {
    let reason = p.end_reason()?;
    let rules = p.rules();
    let majority =
        !rules.is_kalah() && !rules.playout() && Side::ALL.into_iter().any(|s| p.has_majority(s));
    Some(match reason {
        EndReason::NoMoves | EndReason::GrandSlam if majority => EndReason::Majority,
        EndReason::GrandSlam => EndReason::NoMoves,
        other => other,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Seeds are never created or lost: board plus both counts is the
    /// rules' total after every move (RULES.md §2.1, §2.2, §3).
    #[test]
    fn seeds_are_conserved_after_every_move(rules in any_rules(), choices in any_choices()) {
        let total = rules.total_seeds();
        for p in random_positions(Position::new(rules), &choices) {
            let counted = board_sum(&p) + u32::from(p.captured(Side::South)) + u32::from(p.captured(Side::North));
            prop_assert_eq!(counted, total, "at {:?}", p);
            prop_assert_eq!(u32::from(p.total_seeds()), total, "at {:?}", p);
        }
        // The same through a Game, whose final position may be swept by
        // the cycle rule.
        let game = random_game(rules, &choices);
        let p = game.position();
        let counted = board_sum(p) + u32::from(p.captured(Side::South)) + u32::from(p.captured(Side::North));
        prop_assert_eq!(counted, total, "at the end of the game {:?}", p);
    }

    /// Seeds are conserved from set-up positions too.
    #[test]
    fn seeds_are_conserved_from_setup_positions(start in any_setup(), choices in any_choices()) {
        let total = u32::from(start.total_seeds());
        for p in random_positions(start, &choices) {
            let counted = board_sum(&p) + u32::from(p.captured(Side::South)) + u32::from(p.captured(Side::North));
            prop_assert_eq!(counted, total, "from {:?}, at {:?}", start, p);
        }
    }

    /// `legal_moves` lists exactly the moves `play` accepts, and
    /// `count_legal_moves` counts them; none once the game is over.
    #[test]
    fn legal_moves_are_exactly_the_moves_play_accepts(start in any_start(), choices in any_choices()) {
        for p in random_positions(start, &choices) {
            let legal = p.legal_moves();
            for m in all_moves() {
                let played = p.play(m);
                prop_assert_eq!(
                    played.is_ok(),
                    legal.contains(&m),
                    "{} at {:?}: play says {:?}, legal moves {:?}", m, p, played, legal
                );
                prop_assert_eq!(p.is_legal(m), legal.contains(&m), "{} at {:?}", m, p);
            }
            prop_assert_eq!(p.count_legal_moves(), legal.len(), "at {:?}", p);
            prop_assert_eq!(legal.is_empty(), p.is_over(), "at {:?}: legal moves {:?}", p, legal);
        }
    }

    /// A position string reads back as the same position (RULES.md §1),
    /// except for the reason the game ended, which the string does not
    /// record (see [`reparsed_reason`]).
    #[test]
    fn position_string_round_trips(start in any_start(), choices in any_choices()) {
        for p in random_positions(start, &choices) {
            let text = p.to_string();
            let q = Position::from_string(&text, *p.rules());
            prop_assert!(q.is_ok(), "{} [{}] does not re-parse: {:?}", text, p.rules(), q);
            let q = q.unwrap();
            prop_assert_eq!(q.to_string(), text.clone());
            prop_assert_eq!(q.legal_moves(), p.legal_moves(), "at {}", text);
            prop_assert_eq!(q.turn(), p.turn(), "at {}", text);
            for side in Side::ALL {
                prop_assert_eq!(q.captured(side), p.captured(side), "at {}", text);
            }
            prop_assert_eq!(q.total_seeds(), p.total_seeds(), "at {}", text);
            prop_assert_eq!(q.is_over(), p.is_over(), "at {}", text);
            prop_assert_eq!(q.end_reason(), reparsed_reason(&p), "at {} [{}]", text, p.rules());
            prop_assert_eq!(q.outcome().map(|o| o.winner()), p.outcome().map(|o| o.winner()), "at {}", text);
        }
    }

    /// A rules string reads back as the same rules (RULES.md §1).
    #[test]
    fn rules_string_round_trips(rules in any_rules()) {
        let text = rules.to_string();
        prop_assert_eq!(text.parse::<Rules>(), Ok(rules), "{}", text);
    }

    /// Display is canonical: every option spelled out, defaults included,
    /// in any order, names the same rules and displays the same string.
    #[test]
    fn rules_display_is_canonical(
        (rules, options) in any_rules().prop_flat_map(|r| (Just(r), Just(spelled_out(r)).prop_shuffle()))
    ) {
        let text = format!("{},{}", rules.variant(), options.join(","));
        let parsed = text.parse::<Rules>();
        prop_assert_eq!(parsed.clone(), Ok(rules), "{}", text);
        prop_assert_eq!(parsed.unwrap().to_string(), rules.to_string(), "{}", text);
    }

    /// A move list reads back as the same moves.
    #[test]
    fn move_list_round_trips(moves in prop::collection::vec(any_move(), 0..100)) {
        let text = write_moves(&moves);
        prop_assert_eq!(parse_moves(&text), Ok(moves), "{}", text);
    }

    /// Undoing `j` of `k` moves gives the game of the first `k - j` moves;
    /// undo at the start returns `None`.
    #[test]
    fn undo_restores_the_game(rules in any_rules(), choices in any_choices(), undo in any::<Index>()) {
        let mut game = random_game(rules, &choices);
        let moves = game.moves().to_vec();
        let j = undo.index(moves.len() + 1);
        for i in 0..j {
            prop_assert_eq!(game.undo(), Some(moves[moves.len() - 1 - i]));
        }
        let mut replayed = Game::new(rules);
        for &m in &moves[..moves.len() - j] {
            replayed.play(m).expect("the moves were legal");
        }
        prop_assert_eq!(&game, &replayed, "after undoing {} of {:?}", j, write_moves(&moves));
        while game.undo().is_some() {}
        prop_assert_eq!(&game, &Game::new(rules));
        prop_assert_eq!(game.undo(), None);
    }

    /// A game's positions are the positions `Position::play` gives, and it
    /// ends with them, except that a game may also end by the cycle rule.
    #[test]
    fn game_and_position_agree(rules in any_rules(), choices in any_choices()) {
        let game = random_game(rules, &choices);
        let mut p = Position::new(rules);
        prop_assert_eq!(game.positions()[0], p);
        for (i, &m) in game.moves().iter().enumerate() {
            p = p.play(m).expect("the game's moves are legal");
            prop_assert_eq!(game.positions()[i + 1], p, "after {}", write_moves(&game.moves()[..=i]));
        }
        match game.outcome() {
            None => {
                prop_assert!(!p.is_over());
                prop_assert_eq!(game.position(), &p);
                prop_assert_eq!(game.legal_moves(), p.legal_moves());
            }
            Some(outcome) if outcome.reason() == EndReason::Repetition => {
                prop_assert!(!rules.is_kalah(), "Kalah has no cycle rule");
                prop_assert!(!p.is_over(), "{:?}", p);
                prop_assert!(game.positions()[..game.moves().len()].contains(&p));
            }
            Some(outcome) => {
                prop_assert_eq!(game.position(), &p);
                prop_assert_eq!(Some(outcome), p.outcome());
            }
        }
    }

    /// `Position::key` tells the positions of one game apart by board and
    /// player to move, as the cycle rule (RULES.md §2.5) compares them.
    #[test]
    fn keys_are_equal_exactly_when_board_and_turn_are(start in any_start(), choices in any_choices()) {
        let mut positions = vec![start];
        for choice in &choices {
            let last = positions[positions.len() - 1];
            let legal = last.legal_moves();
            if legal.is_empty() {
                break;
            }
            positions.push(last.play(*choice.get(&legal)).expect("a legal move"));
        }
        for a in &positions {
            for b in &positions {
                let same = a.board() == b.board() && a.turn() == b.turn();
                prop_assert_eq!(a.key() == b.key(), same, "{} and {}", a, b);
            }
        }
    }

    /// Random play ends (RULES.md §2.5, §3), and how it ends is consistent:
    /// the counts decide the winner, and when the rows are swept the board
    /// is empty (under `cycle=even` a repetition shares the seeds instead).
    #[test]
    fn random_games_end_and_their_outcome_agrees_with_the_counts(rules in any_rules(), seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(rules);
        while !game.is_over() && game.moves().len() < MAX_PLIES {
            let legal = game.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            game.play(m).expect("a legal move is accepted");
        }
        let outcome = game.outcome();
        prop_assert!(outcome.is_some(), "[{}] not over after {} plies: {:?}", rules, MAX_PLIES, game.position());
        let outcome = outcome.unwrap();
        let p = *game.position();
        let reason = outcome.reason();
        let total = u16::from(p.total_seeds());
        let shared = reason == EndReason::Repetition && rules.cycle() == Cycle::Even;
        if shared {
            let left = u16::from(p.seeds_on_board());
            for side in Side::ALL {
                prop_assert_eq!(outcome.halves(side), 2 * u16::from(p.captured(side)) + left);
            }
        } else {
            for side in Side::ALL {
                prop_assert_eq!(outcome.halves(side), 2 * u16::from(p.captured(side)), "{:?}", outcome);
            }
        }
        if reason.sweeps_rows() && !shared {
            prop_assert_eq!(p.seeds_on_board(), 0, "{} ended by {} at {:?}", rules, reason, p);
            prop_assert_eq!(outcome.halves(Side::South) + outcome.halves(Side::North), 2 * total);
        }
        if shared {
            prop_assert_eq!(outcome.halves(Side::South) + outcome.halves(Side::North), 2 * total);
        }
        let expected = match outcome.halves(Side::South).cmp(&outcome.halves(Side::North)) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        prop_assert_eq!(outcome.winner(), expected, "{:?}", outcome);
        match reason {
            EndReason::Majority => {
                prop_assert!(!rules.is_kalah() && !rules.playout());
                prop_assert!(Side::ALL.into_iter().any(|s| p.has_majority(s)), "{:?}", p);
            }
            EndReason::GrandSlam => prop_assert_eq!(rules.variant(), Variant::Wari),
            EndReason::EmptySide => prop_assert!(rules.is_kalah()),
            EndReason::NoMoves | EndReason::Repetition => prop_assert!(!rules.is_kalah()),
            other => prop_assert!(false, "random play cannot end by {}", other),
        }
    }
}

/// The longest random game [`random_games_end_and_their_outcome_agrees_with_the_counts`]
/// waits for.
const MAX_PLIES: usize = 2_000;

/// Every option of `rules` written out, defaults included.
fn spelled_out(rules: Rules) -> Vec<String> {
    let mut options = vec![
        format!("pits={}", rules.pits()),
        format!("seeds={}", rules.seeds()),
    ];
    if rules.is_kalah() {
        let on = if rules.empty_capture() { "on" } else { "off" };
        options.push(format!("empty-capture={on}"));
    } else {
        let cycle = match rules.cycle() {
            Cycle::Second => "2",
            Cycle::Third => "3",
            Cycle::Even => "even",
        };
        options.push(format!("cycle={cycle}"));
        // `playout` has no spelling for "off": it is there or not.
        if rules.playout() {
            options.push("playout".to_owned());
        }
    }
    options
}

#[test]
fn undo_at_the_start_returns_none() {
    for variant in Variant::ALL {
        let mut game = Game::new(Rules::new(variant));
        assert_eq!(game.undo(), None);
        assert_eq!(game, Game::new(Rules::new(variant)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// The description of a move, worked out seed by seed, tells the same
    /// move as the fast sowing: its drops, captures and sweep, applied to
    /// the position before, give the position `play` leaves, and the turn
    /// stays with the mover exactly when it says so.
    #[test]
    fn a_described_move_is_the_move_played(start in any_start(), choices in any_choices()) {
        for before in random_positions(start, &choices) {
            for m in before.legal_moves() {
                let sowing = Sowing::of(&before, m).expect("a legal move is described");
                let after = before.play(m).expect("a legal move is played");
                prop_assert_eq!(sowing.after(), &after);
                prop_assert_eq!(sowing.played(), m);
                let mover = m.side();
                let mut board = before.board().to_vec();
                let mut counts = Side::ALL.map(|s| u32::from(before.captured(s)));
                prop_assert_eq!(u32::from(board[sowing.origin()]), sowing.drops().len() as u32);
                board[sowing.origin()] = 0;
                for &slot in sowing.drops() {
                    match slot {
                        Slot::Pit(i) => board[i] += 1,
                        Slot::Store(side) => counts[side.index()] += 1,
                    }
                }
                prop_assert_eq!(board.clone(), sowing.sown());
                for &(pit, seeds) in sowing.captures() {
                    prop_assert_eq!(board[pit], seeds, "captured pit {} of {:?} by {}", pit, before, m);
                    board[pit] = 0;
                    counts[mover.index()] += u32::from(seeds);
                }
                let m_pits = before.pits();
                for side in Side::ALL {
                    let swept = u32::from(sowing.swept()[side.index()]);
                    if swept > 0 {
                        let row = &mut board[side.index() * m_pits..(side.index() + 1) * m_pits];
                        prop_assert_eq!(row.iter().map(|&s| u32::from(s)).sum::<u32>(), swept);
                        row.fill(0);
                        counts[side.index()] += swept;
                    }
                }
                prop_assert_eq!(&board[..], after.board(), "board after {} in {:?}", m, before);
                prop_assert_eq!(counts, Side::ALL.map(|s| u32::from(after.captured(s))), "counts after {} in {:?}", m, before);
                prop_assert_eq!(
                    sowing.extra_move(),
                    !after.is_over() && after.turn() == mover,
                    "extra move after {} in {:?}", m, before
                );
                prop_assert_eq!(sowing.grand_slam().is_some(), before.is_grand_slam(m));
            }
        }
    }
}
