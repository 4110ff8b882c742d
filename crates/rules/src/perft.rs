//! Perft: the number of legal move sequences of a given length (RULES.md §4).

use crate::{Move, Position};

/// The number of legal move sequences of exactly `depth` plies from
/// `position`. A sequence that ends the game early does not count, and
/// history (the cycle rule) is ignored (RULES.md §4).
///
/// ```
/// use wari_rules::{perft, Position};
/// assert_eq!(perft(&Position::default(), 4), 1014);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Bulk counting: the last ply's moves are counted, not played.
        1 => position.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            for m in position.legal_moves() {
                let mut child = *position;
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by the first move: each legal move with the count below it.
///
/// ```
/// use wari_rules::{perft_divide, Position};
/// let divided = perft_divide(&Position::default(), 2);
/// assert_eq!(divided.len(), 6);
/// assert!(divided.iter().all(|&(_, count)| count == 6));
/// ```
#[must_use]
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = *position;
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
