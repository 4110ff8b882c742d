//! The search-based solver of Kalah against retrograde analysis: the same
//! value and the same first moves' values on every small game, and a
//! principal variation that is a whole game worth the value.

use wari_egdb::{
    DEFAULT_MEMORY_LIMIT, Error, Method, Quiet, Solution, solve_by_search, solve_with,
};
use wari_rules::{Position, Rules, Side};

/// Replays the variation with the rules library: it must end the game
/// with South ahead by the value.
#[track_caller]
fn check_pv(solution: &Solution) {
    let mut p = Position::new(solution.rules);
    for &mv in &solution.pv {
        p = p
            .play(mv)
            .unwrap_or_else(|e| panic!("{}: {mv}: {e}", solution.rules));
    }
    assert!(p.is_over(), "{}: {:?}", solution.rules, solution.pv);
    let margin = i32::from(p.captured(Side::South)) - i32::from(p.captured(Side::North));
    assert_eq!(
        margin,
        i32::from(solution.south_margin()),
        "{}: {:?}",
        solution.rules,
        solution.pv
    );
}

#[test]
fn search_equals_retrograde_on_small_kalah() {
    let mut games = Vec::new();
    for m in 1..=4 {
        for n in 1..=if m <= 2 {
            6
        } else if m == 3 {
            4
        } else {
            2
        } {
            games.push(format!("kalah,pits={m},seeds={n}"));
            games.push(format!("kalah,pits={m},seeds={n},empty-capture=off"));
        }
    }
    games.push("kalah,pits=4,seeds=3".to_owned());
    games.push("kalah,pits=5,seeds=1".to_owned());
    for text in games {
        let rules: Rules = text.parse().unwrap();
        let tables = solve_with(&rules, Method::Retrograde, DEFAULT_MEMORY_LIMIT, &Quiet).unwrap();
        // Without tables, with a few seeds' worth, and with as many as
        // the search takes by itself (all but the game's last seed).
        for table_seeds in [Some(0), Some(3), None] {
            let search =
                solve_by_search(&rules, table_seeds, DEFAULT_MEMORY_LIMIT, &Quiet).unwrap();
            assert_eq!(search.method, Method::Search);
            assert_eq!(search.value, tables.value, "{text} {table_seeds:?}");
            assert_eq!(search.moves, tables.moves, "{text} {table_seeds:?}");
            assert!(search.moves_at_most.is_empty());
            check_pv(&search);
        }
    }
}

#[test]
fn search_refuses_oware() {
    let rules: Rules = "abapa,pits=2,seeds=1".parse().unwrap();
    let result = solve_with(&rules, Method::Search, DEFAULT_MEMORY_LIMIT, &Quiet);
    assert!(
        matches!(result, Err(Error::SearchNotSupported { .. })),
        "{result:?}"
    );
}

/// Published values of whole Kalah games: Irving, Donkers and Uiterwijk
/// (2000) for Kalah(6,4) with the empty capture (a first-player win by
/// 10), Rawlings (2015) for the standard rules without it (by 8).
const PUBLISHED: [(&str, i8); 2] = [("kalah", 10), ("kalah,empty-capture=off", 8)];

/// Kalah(6,4), the standard game: `cargo test -p wari-egdb --release
/// --test prove -- --ignored --nocapture` (`WARI_RULES` for another game;
/// a published value is asserted).
#[test]
#[ignore = "the whole standard game: seconds in release, longer in debug"]
fn standard_kalah() {
    let text = std::env::var("WARI_RULES").unwrap_or_else(|_| "kalah".to_owned());
    {
        let rules: Rules = text.parse().unwrap();
        let solution = solve_with(&rules, Method::Search, DEFAULT_MEMORY_LIMIT, &Quiet).unwrap();
        eprintln!(
            "{text}: value {} moves {:?} at most {:?} nodes {} tables to {} seeds, {:.2} s",
            solution.south_margin(),
            solution
                .moves
                .iter()
                .map(|(m, v)| format!("{m}{}", v.score()))
                .collect::<Vec<_>>(),
            solution
                .moves_at_most
                .iter()
                .map(|(m, v)| format!("{m}{}", v.score()))
                .collect::<Vec<_>>(),
            solution.nodes,
            solution.table_seeds,
            solution.seconds
        );
        check_pv(&solution);
        if let Some(&(_, published)) = PUBLISHED.iter().find(|(name, _)| *name == text) {
            assert_eq!(solution.south_margin(), published, "{text}");
        }
        assert_eq!(solution.moves.len() + solution.moves_at_most.len(), 6);
        for (_, v) in solution.moves.iter().chain(&solution.moves_at_most) {
            assert!(v.score() <= solution.value.score());
        }
    }
}

#[test]
fn auto_searches_kalah_too_large_for_memory() {
    // 4×3 needs about 25 MiB by retrograde analysis: in 10 MiB, search.
    let rules: Rules = "kalah,pits=4,seeds=3".parse().unwrap();
    let solution = solve_with(&rules, Method::Auto, 10 << 20, &Quiet).unwrap();
    assert_eq!(solution.method, Method::Search);
    assert_eq!(solution.south_margin(), 8);
    check_pv(&solution);
    let oware: Rules = "abapa,pits=4,seeds=3".parse().unwrap();
    let result = solve_with(&oware, Method::Auto, 10 << 20, &Quiet);
    assert!(matches!(result, Err(Error::TooLarge { .. })), "{result:?}");
}
