//! The completion criterion (C.4): can the players not yet paired all be
//! paired (one of them left for the bye, who must be allowed it)? A maximum
//! cardinality matching (Edmonds' blossoms, unweighted) answers it fast,
//! which lets each bracket be paired among its own players and the next
//! score group alone, with the whole field brought in only when that
//! choice would leave the round unpairable.

const NONE: usize = usize::MAX;

/// Whether `vertices` can all be paired by `allowed` edges, with exactly one
/// left over when they are odd, and that one a `bye_candidate`.
pub(crate) fn completes(
    vertices: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
    bye_candidate: &dyn Fn(usize) -> bool,
) -> bool {
    let n = vertices.len();
    let odd = n % 2 == 1;
    // An odd field gets a stand-in for the bye, joined to every candidate.
    let size = n + usize::from(odd);
    let mut adjacent = vec![Vec::new(); size];
    for x in 0..n {
        for y in x + 1..n {
            if allowed(vertices[x], vertices[y]) {
                adjacent[x].push(y);
                adjacent[y].push(x);
            }
        }
        if odd && bye_candidate(vertices[x]) {
            adjacent[x].push(n);
            adjacent[n].push(x);
        }
    }
    max_cardinality(&adjacent) * 2 == size
}

/// The size of a maximum matching of the graph.
fn max_cardinality(adjacent: &[Vec<usize>]) -> usize {
    let n = adjacent.len();
    let mut mate = vec![NONE; n];
    // Greedy first: dense fields leave few vertices for the search.
    for v in 0..n {
        if mate[v] == NONE
            && let Some(&u) = adjacent[v].iter().find(|&&u| mate[u] == NONE)
        {
            mate[v] = u;
            mate[u] = v;
        }
    }
    let mut search = Search::new(n);
    for root in 0..n {
        if mate[root] == NONE
            && let Some(mut v) = search.augmenting_path(root, adjacent, &mate)
        {
            while v != NONE {
                let pv = search.parent[v];
                let next = mate[pv];
                mate[v] = pv;
                mate[pv] = v;
                v = next;
            }
        }
    }
    mate.iter().filter(|&&m| m != NONE).count() / 2
}

/// The search for an augmenting path from one free vertex, shrinking odd
/// cycles (blossoms) to their base.
struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: Default::default(),
        }
    }

    fn lowest_common_ancestor(&self, mut a: usize, mut b: usize, mate: &[usize]) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize, mate: &[usize]) {
        while self.base[v] != base {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// The free vertex an augmenting path from `root` ends at.
    fn augmenting_path(
        &mut self,
        root: usize,
        adjacent: &[Vec<usize>],
        mate: &[usize],
    ) -> Option<usize> {
        let n = adjacent.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        self.base.iter_mut().enumerate().for_each(|(i, b)| *b = i);
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for &to in &adjacent[v] {
                if self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let base = self.lowest_common_ancestor(v, to, mate);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, base, to, mate);
                    self.mark_path(to, base, v, mate);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = base;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        return Some(to);
                    }
                    self.used[mate[to]] = true;
                    self.queue.push_back(mate[to]);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The largest matching by trying everything.
    fn brute_force(adjacent: &[Vec<usize>]) -> usize {
        fn best(v: usize, used: &mut Vec<bool>, adjacent: &[Vec<usize>]) -> usize {
            if v == adjacent.len() {
                return 0;
            }
            if used[v] {
                return best(v + 1, used, adjacent);
            }
            used[v] = true;
            let mut top = best(v + 1, used, adjacent);
            for &u in &adjacent[v] {
                if !used[u] {
                    used[u] = true;
                    top = top.max(1 + best(v + 1, used, adjacent));
                    used[u] = false;
                }
            }
            used[v] = false;
            top
        }
        best(0, &mut vec![false; adjacent.len()], adjacent)
    }

    #[test]
    fn agrees_with_brute_force_on_small_random_graphs() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for case in 0..3000 {
            let n = rng.random_range(1..=11);
            let density = rng.random_range(0.1..0.9);
            let mut adjacent = vec![Vec::new(); n];
            for i in 0..n {
                for j in i + 1..n {
                    if rng.random_bool(density) {
                        adjacent[i].push(j);
                        adjacent[j].push(i);
                    }
                }
            }
            assert_eq!(
                max_cardinality(&adjacent),
                brute_force(&adjacent),
                "case {case}: {adjacent:?}"
            );
        }
    }

    #[test]
    fn an_odd_field_needs_a_bye_candidate_left_over() {
        // A path 0-1-2: 0 or 2 can be left over, not 1.
        let allowed = |a: usize, b: usize| a.abs_diff(b) == 1;
        assert!(completes(&[0, 1, 2], &allowed, &|v| v == 2));
        assert!(!completes(&[0, 1, 2], &allowed, &|v| v == 1));
        assert!(!completes(&[0, 1, 2, 3, 5, 7], &allowed, &|_| true));
    }
}
