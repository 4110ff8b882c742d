//! The move generator and the fast play path never allocate: a global
//! allocator counts every allocation made while they run.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use wari_rules::{Position, Rules, perft};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// Safety: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // Safety: the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // Safety: `ptr` was allocated by `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn move_generation_play_and_perft_do_not_allocate() {
    let starts: Vec<Position> = ["abapa", "wari", "warri", "kalah", "warri,pits=3,seeds=7"]
        .iter()
        .map(|r| Position::new(r.parse::<Rules>().unwrap()))
        .collect();
    // Only this thread allocates in this test binary while it runs: the
    // count is read before and after.
    let before = ALLOCATIONS.load(Ordering::SeqCst);
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
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert!(leaves > 0);
    assert_eq!(
        after - before,
        0,
        "allocations while generating and playing moves"
    );
}
