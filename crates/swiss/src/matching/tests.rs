//! The blossom matching against brute force.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The best total weight by trying every matching.
fn brute_force(n: usize, edges: &[(usize, usize, I256)]) -> I256 {
    fn best(v: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<Option<I256>>]) -> I256 {
        if v == n {
            return I256::ZERO;
        }
        if used[v] {
            return best(v + 1, used, n, w);
        }
        used[v] = true;
        let mut top = best(v + 1, used, n, w);
        for u in v + 1..n {
            if let (false, Some(x)) = (used[u], w[v][u]) {
                used[u] = true;
                top = top.max(x + best(v + 1, used, n, w));
                used[u] = false;
            }
        }
        used[v] = false;
        top
    }
    let mut w = vec![vec![None; n]; n];
    for &(i, j, x) in edges {
        w[i][j] = Some(x);
        w[j][i] = Some(x);
    }
    best(0, &mut vec![false; n], n, &w)
}

fn total(mate: &[Option<usize>], edges: &[(usize, usize, I256)]) -> I256 {
    let mut sum = I256::ZERO;
    for &(i, j, x) in edges {
        if mate[i] == Some(j) {
            assert_eq!(mate[j], Some(i), "the matching is symmetric");
            sum += x;
        }
    }
    sum
}

#[test]
fn a_path_takes_its_outer_edges() {
    let edges = [
        (0, 1, I256::from(2)),
        (1, 2, I256::from(3)),
        (2, 3, I256::from(2)),
    ];
    assert_eq!(
        max_weight_matching(4, &edges),
        vec![Some(1), Some(0), Some(3), Some(2)]
    );
}

#[test]
fn an_odd_cycle_forms_a_blossom() {
    // A triangle 0-1-2 with a pendant 3 on 2: the best is 0-1 and 2-3.
    let edges = [
        (0, 1, I256::from(6)),
        (1, 2, I256::from(6)),
        (0, 2, I256::from(6)),
        (2, 3, I256::from(5)),
    ];
    assert_eq!(
        max_weight_matching(4, &edges),
        vec![Some(1), Some(0), Some(3), Some(2)]
    );
}

#[test]
fn agrees_with_brute_force_on_small_random_graphs() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for case in 0..3000 {
        let n = rng.random_range(1..=11);
        let density = rng.random_range(0.2..1.0);
        let top = if case % 2 == 0 { 4 } else { 1000 };
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.random_bool(density) {
                    edges.push((i, j, I256::from(rng.random_range(1..=top))));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        assert_eq!(
            total(&mate, &edges),
            brute_force(n, &edges),
            "case {case}: {edges:?}"
        );
    }
}

#[test]
fn wide_weights_keep_their_order() {
    // Weights far beyond 128 bits behave like small ones scaled.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..300 {
        let n = rng.random_range(2..=8);
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.random_bool(0.6) {
                    let w = (I256::from(rng.random_range(1..=9)) << 160)
                        + I256::from(rng.random_range(0..=9));
                    edges.push((i, j, w));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        assert_eq!(total(&mate, &edges), brute_force(n, &edges));
    }
}
