//! Values a compressed table need not store: a board whose value is
//! attained by one of its moves that leave the table (a capture, or the
//! game's end) is stored as [`EXIT`], and read back as the best of those
//! moves, from the tables of fewer seeds.
//!
//! On the `wari,cycle=even` table of 18 seeds a third of the values are
//! such (34%), and a reader resolves one with 1.3 probes of smaller
//! tables on average. Their one symbol makes the table 3.1 times smaller
//! where its values alone, coded the same way, make it 2.5 times
//! (`docs/PERFORMANCE.md`, "Exits").
//!
//! ```text
//! stored byte EXIT (0x40, a score of -64: no table holds one) =
//!     Value::exact(max over the board's moves that capture or end the
//!                  game of what they gain less the value after them)
//! ```

use rayon::prelude::*;

use crate::index::{MAX_BOARD, next_board, unrank};
use crate::table_rules::{Child, Lower, TableRules};
use crate::value::Value;

/// The stored byte of a board whose value is the best of its exits.
pub(crate) const EXIT: u8 = 0x40;

/// Boards a task marks or resolves.
const CHUNK: usize = 1 << 14;

/// The best of the moves of `board` (the mover's row first, `seeds` on
/// it) that leave its table, from the mover's view; `None` if it has
/// none.
fn best_exit<L: Lower + ?Sized>(
    rules: &TableRules,
    board: &[u8],
    seeds: usize,
    lower: &L,
) -> Option<i8> {
    let position = rules.position(board, seeds);
    let mut best = None;
    rules.expand(&position, seeds, lower, |_, child| {
        if let Child::Exit(score) = child {
            best = Some(best.map_or(score, |b: i8| b.max(score)));
        }
    });
    best
}

/// `table` (the table of `seeds` seeds) with [`EXIT`] for every board
/// whose value is that of its best exit, and no cycle mark.
pub(crate) fn mark<L: Lower + Sync + ?Sized>(
    table: &[u8],
    rules: &TableRules,
    seeds: usize,
    lower: &L,
) -> Vec<u8> {
    let cells = 2 * rules.pits();
    let mut marked = table.to_vec();
    marked
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(c, part)| {
            let mut board = [0u8; MAX_BOARD];
            unrank((c * CHUNK) as u64, seeds, &mut board[..cells]);
            for byte in part {
                if best_exit(rules, &board[..cells], seeds, lower)
                    .is_some_and(|best| Value::exact(best).to_byte() == *byte)
                {
                    *byte = EXIT;
                }
                next_board(&mut board[..cells]);
            }
        });
    marked
}

/// The value byte of board `index` of the table of `seeds` seeds, whose
/// stored byte is `stored`: itself, or its best exit's if it is
/// [`EXIT`].
#[inline]
pub(crate) fn resolve<L: Lower + ?Sized>(
    stored: u8,
    index: u64,
    rules: &TableRules,
    seeds: usize,
    lower: &L,
) -> u8 {
    if stored != EXIT {
        return stored;
    }
    let cells = 2 * rules.pits();
    let mut board = [0u8; MAX_BOARD];
    unrank(index, seeds, &mut board[..cells]);
    exit_byte(rules, &board[..cells], seeds, lower)
}

/// The value byte of a board stored as [`EXIT`]: its best exit's.
fn exit_byte<L: Lower + ?Sized>(rules: &TableRules, board: &[u8], seeds: usize, lower: &L) -> u8 {
    // (A board with no exit has no EXIT in a sound file: a damaged one
    // that slipped past the checksum reads 0 there.)
    Value::exact(best_exit(rules, board, seeds, lower).unwrap_or(0)).to_byte()
}

/// Replaces every [`EXIT`] of `table` (the stored bytes of the table of
/// `seeds` seeds) by its value, in parallel.
pub(crate) fn resolve_all<L: Lower + Sync + ?Sized>(
    table: &mut [u8],
    rules: &TableRules,
    seeds: usize,
    lower: &L,
) {
    let cells = 2 * rules.pits();
    table
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(c, part)| {
            if !part.contains(&EXIT) {
                return;
            }
            let mut board = [0u8; MAX_BOARD];
            unrank((c * CHUNK) as u64, seeds, &mut board[..cells]);
            for byte in part {
                if *byte == EXIT {
                    *byte = exit_byte(rules, &board[..cells], seeds, lower);
                }
                next_board(&mut board[..cells]);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::build_in_memory;
    use crate::retrograde::Quiet;

    /// The share of exits in a version-1 table file of `wari,cycle=even`
    /// (named by `WARI_COMPRESS_PROBE`, the tables of fewer seeds beside
    /// it), and the boards of smaller tables an exit reads on average
    /// (docs/PERFORMANCE.md, "Exits").
    #[test]
    #[ignore]
    fn measure_exits() {
        let path = std::path::PathBuf::from(std::env::var("WARI_COMPRESS_PROBE").unwrap());
        let file = std::fs::read(&path).unwrap();
        let seeds = usize::from(file[17]);
        let table = &file[128..];
        let lower: Vec<Vec<u8>> = (0..seeds)
            .map(|k| {
                std::fs::read(path.with_file_name(format!("{k:02}.egdb"))).unwrap()[128..].to_vec()
            })
            .collect();
        let rules = TableRules::new(&"wari,cycle=even".parse().unwrap());
        /// Counts the boards read.
        struct Counting<'l>(&'l [Vec<u8>], std::sync::atomic::AtomicU64);
        impl Lower for Counting<'_> {
            fn score(&self, seeds: usize, index: u64) -> i8 {
                self.1.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                self.0.score(seeds, index)
            }
        }
        let marked = mark(table, &rules, seeds, &lower[..]);
        let exits = marked.iter().filter(|&&b| b == EXIT).count();
        let counting = Counting(&lower[..], 0.into());
        let mut all = marked;
        resolve_all(&mut all, &rules, seeds, &counting);
        assert!(all == table);
        let read = counting.1.into_inner();
        eprintln!(
            "{seeds} seeds: {exits} exits of {} boards ({:.1}%), {:.2} boards below read an exit",
            table.len(),
            100.0 * exits as f64 / table.len() as f64,
            read as f64 / exits as f64
        );
    }

    /// Every table of a few rule sets, marked and resolved, is itself
    /// again; the marks fall only where a board has a move that leaves
    /// the table (checked by playing the moves with the rules library),
    /// and cover a good part of the larger tables.
    #[test]
    fn marked_tables_resolve_to_themselves() {
        for (name, max) in [("wari,cycle=even", 12), ("abapa", 12), ("kalah,pits=4", 10)] {
            let rules = TableRules::new(&name.parse().unwrap());
            let layers = build_in_memory(&rules, max, &Quiet);
            for seeds in 0..=max {
                let table = &layers[seeds];
                let marked = mark(table, &rules, seeds, &layers[..]);
                let cells = 2 * rules.pits();
                let mut board = [0u8; MAX_BOARD];
                for (index, (&m, &v)) in marked.iter().zip(table).enumerate() {
                    let byte = resolve(m, index as u64, &rules, seeds, &layers[..]);
                    assert_eq!(byte, v, "{name}, {seeds} seeds, board {index}");
                    if m == EXIT {
                        unrank(index as u64, seeds, &mut board[..cells]);
                        let position = rules.position(&board[..cells], seeds);
                        let leaves = position.legal_moves().into_iter().any(|mv| {
                            let mut child = position;
                            child.play_unchecked(mv);
                            child.is_over()
                                || usize::from(child.seeds_on_board()) < seeds
                                || child.turn() == position.turn()
                        });
                        assert!(leaves, "{name}, {seeds} seeds, board {index}");
                    }
                }
                let mut all = marked.clone();
                resolve_all(&mut all, &rules, seeds, &layers[..]);
                assert!(all == *table, "{name}, {seeds} seeds");
                if seeds == max {
                    let share =
                        marked.iter().filter(|&&b| b == EXIT).count() as f64 / table.len() as f64;
                    assert!(share > 0.1, "{name}: {share}");
                }
            }
        }
    }
}
