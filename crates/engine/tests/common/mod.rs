//! What the engine's tests share: small positions built from a board.

use wari_rules::{Position, Rules, Side};

/// The position of `rules` with `board` (South's pits, then North's) and
/// `turn` to move, the seeds not on the board in the two counts, near half
/// each so that the game is not already decided: South's is half the rest
/// plus `split` modulo `2 * spread + 1`, less `spread`. `None` when the
/// board holds more seeds than the rules or the rules refuse it.
pub fn position(rules: Rules, board: &[u8], turn: Side, split: u8, spread: u8) -> Option<Position> {
    let on_board: u32 = board.iter().map(|&s| u32::from(s)).sum();
    let rest = rules.total_seeds().checked_sub(on_board)?;
    let south = (rest / 2 + u32::from(split % (2 * spread + 1)))
        .saturating_sub(u32::from(spread))
        .min(rest);
    let north = rest - south;
    let row = |r: &[u8]| {
        r.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let m = board.len() / 2;
    let text = format!(
        "{}/{} {} {south}-{north}",
        row(&board[..m]),
        row(&board[m..]),
        turn.letter()
    );
    Position::from_string(&text, rules).ok()
}
