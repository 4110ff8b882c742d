//! The move generator and the fast play path never allocate: a global
//! allocator counts every allocation made while they run.
//!
//! The binary has its own `main` (`harness = false` in Cargo.toml): the
//! count is of every thread, so no other thread may run beside the test.

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use wari_rules::{Position, Rules, perft};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() {
    move_generation_play_and_perft_do_not_allocate();
    println!("test move_generation_play_and_perft_do_not_allocate ... ok");
}

fn move_generation_play_and_perft_do_not_allocate() {
    let starts: Vec<Position> = ["abapa", "wari", "warri", "kalah", "warri,pits=3,seeds=7"]
        .iter()
        .map(|r| Position::new(r.parse::<Rules>().unwrap()))
        .collect();
    // The only thread of this binary: the count is read before and after.
    let region = Region::new(GLOBAL);
    let mut leaves = 0;
    for start in &starts {
        leaves += perft(start, 5);
        let mut p = *start;
        let mut seed = 0x9e37_79b9_u32;
        while !p.is_over() {
            let moves = p.legal_moves();
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let m = moves[seed as usize % moves.len()];
            assert!(p.is_legal(m));
            p.play_unchecked(m);
        }
    }
    let change = region.change();
    assert!(leaves > 0);
    assert_eq!(
        change.allocations + change.reallocations,
        0,
        "allocations while generating and playing moves"
    );
}
