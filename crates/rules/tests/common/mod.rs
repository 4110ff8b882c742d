//! Strategies shared by the property tests: rule sets, start and set-up
//! positions, random games.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::sample::Index;
use wari_rules::{Cycle, Position, Rules, Variant};

/// The cycle conventions, in the order of RULES.md §2.5.
pub const CYCLES: [Cycle; 3] = [Cycle::Second, Cycle::Third, Cycle::Even];

/// Any rule set: every variant, 1..=6 pits, 1..=12 seeds, and the options
/// of its family.
pub fn any_rules() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(Variant::ALL.to_vec()),
        1..=Rules::MAX_PITS,
        1..=Rules::MAX_SEEDS_PER_PIT,
        prop::sample::select(CYCLES.to_vec()),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(variant, pits, seeds, cycle, playout, empty_capture)| {
            let rules = Rules::new(variant)
                .with_pits(pits)
                .and_then(|r| r.with_seeds(seeds))
                .expect("pits and seeds in range");
            if variant.is_kalah() {
                rules.with_empty_capture(empty_capture)
            } else {
                rules
                    .with_cycle(cycle)
                    .and_then(|r| r.with_playout(playout))
            }
            .expect("options of the variant's family")
        })
}

/// A random game: for each ply, a choice among the legal moves.
pub fn any_choices() -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), 0..200)
}

/// The positions of a random game played with [`Position::play`] from
/// `start`, the start included; it stops when the game is over or the
/// choices run out.
pub fn random_positions(start: Position, choices: &[Index]) -> Vec<Position> {
    let mut positions = vec![start];
    let mut position = start;
    for choice in choices {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        position = position
            .play(*choice.get(&legal))
            .expect("a legal move is accepted");
        positions.push(position);
    }
    positions
}

/// A set-up position of any rule set, with up to 12 seeds per pit and 24
/// in each count (at most 192 in all, `Position::MAX_TOTAL_SEEDS`): not
/// necessarily reachable, but the parser accepts it and play must keep the
/// invariants.
pub fn any_setup() -> impl Strategy<Value = Position> {
    (
        any_rules(),
        prop::collection::vec(0..=12u8, 12),
        0..=24u8,
        0..=24u8,
        any::<bool>(),
    )
        .prop_map(|(rules, pits, south, north, north_to_move)| {
            let m = usize::from(rules.pits());
            let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            let text = format!(
                "{}/{} {} {south}-{north}",
                row(&pits[..m]),
                row(&pits[6..6 + m]),
                if north_to_move { "N" } else { "S" }
            );
            Position::from_string(&text, rules)
                .unwrap_or_else(|e| panic!("set-up position {text} [{rules}] refused: {e}"))
        })
}

/// Both set-up and start positions, to start random games from.
pub fn any_start() -> impl Strategy<Value = Position> {
    prop_oneof![any_rules().prop_map(Position::new), any_setup()]
}
