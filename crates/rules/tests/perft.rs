//! The perft suite of `perft.txt`, whose counts come from an independent
//! implementation (`tools/reference_perft.py`).

use wari_rules::{Position, Rules, perft, perft_divide};

struct Case {
    line: usize,
    rules: Rules,
    position: Position,
    depth: u32,
    count: u64,
}

fn suite() -> Vec<Case> {
    include_str!("perft.txt")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(fields.len(), 4, "perft.txt line {}: {l}", i + 1);
            let rules: Rules = fields[0].parse().unwrap();
            Case {
                line: i + 1,
                rules,
                position: Position::from_string(fields[1], rules).unwrap(),
                depth: fields[2].parse().unwrap(),
                count: fields[3].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn perft_suite_matches_the_independent_counts() {
    let cases = suite();
    assert!(cases.len() > 50, "the suite is missing lines");
    let mut wrong = Vec::new();
    for c in &cases {
        let found = perft(&c.position, c.depth);
        if found != c.count {
            wrong.push(format!(
                "line {}: {} {} depth {}: expected {}, found {found}",
                c.line, c.rules, c.position, c.depth, c.count
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn perft_divide_sums_to_perft_across_the_suite() {
    for c in suite().iter().filter(|c| c.depth <= 5) {
        let total: u64 = perft_divide(&c.position, c.depth)
            .iter()
            .map(|&(_, n)| n)
            .sum();
        assert_eq!(total, c.count, "line {}", c.line);
    }
}

#[test]
fn perft_with_bulk_counting_equals_perft_by_playing_every_leaf() {
    fn plain(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        p.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *p;
                child.play_unchecked(m);
                plain(&child, depth - 1)
            })
            .sum()
    }
    for c in suite().iter().filter(|c| c.count < 20_000) {
        assert_eq!(plain(&c.position, c.depth), c.count, "line {}", c.line);
    }
}
