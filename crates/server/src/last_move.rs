//! What the last move did, for the board to show it: the pits it
//! captured from and how many seeds it took.

use wari_rules::{Move, Position, Side};

/// The captures of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captures {
    /// The pits emptied by the capture, as move letters.
    pub pits: Vec<char>,
    /// Seeds captured (Kalah: taken to the store by a capture, not the
    /// seeds sown into it).
    pub seeds: u32,
}

/// The captures of `mv` played from `before`, given the position it left
/// (`after`, as the move left it: before any end-of-game sweep).
#[must_use]
pub fn captures(before: &Position, mv: Move, after: &Position) -> Captures {
    let m = before.pits();
    let board = before.board();
    let mover = mv.side();
    let origin = mover.index() * m + usize::from(mv.column());
    let seeds = usize::from(board[origin]);
    let kalah = before.rules().is_kalah();
    // Slots: the 2m pits, then (Kalah) the two stores at 2m and 2m + 1.
    let mut expected: Vec<u32> = board.iter().map(|&n| u32::from(n)).collect();
    expected[origin] = 0;
    let mut last = origin;
    if kalah {
        // The ring: South's pits, South's store, North's pits, North's store.
        let ring: Vec<usize> = (0..m)
            .chain([2 * m])
            .chain(m..2 * m)
            .chain([2 * m + 1])
            .collect();
        let skip = 2 * m + mover.opposite().index();
        let mut at = ring.iter().position(|&s| s == origin).unwrap_or(0);
        let mut left = seeds;
        while left > 0 {
            at = (at + 1) % ring.len();
            let slot = ring[at];
            if slot == skip {
                continue;
            }
            if slot < 2 * m {
                expected[slot] += 1;
            }
            last = slot;
            left -= 1;
        }
        let own = |i: usize| i < 2 * m && i / m == mover.index();
        let after_board = after.board();
        if own(last) && expected[last] == 1 && after_board[last] == 0 {
            let facing = 2 * m - 1 - last;
            let taken = expected[facing];
            if taken > 0 || before.rules().empty_capture() {
                let mut pits = vec![letter(last, m)];
                if taken > 0 {
                    pits.push(letter(facing, m));
                }
                return Captures {
                    pits,
                    seeds: 1 + taken,
                };
            }
        }
        return Captures {
            pits: Vec::new(),
            seeds: 0,
        };
    }
    let mut left = seeds;
    let mut at = origin;
    while left > 0 {
        at = (at + 1) % (2 * m);
        if at == origin {
            continue;
        }
        expected[at] += 1;
        last = at;
        left -= 1;
    }
    let after_board = after.board();
    let mut pits = Vec::new();
    let mut total = 0;
    let mut at = last;
    while seeds > 0
        && at / m == mover.opposite().index()
        && (2..=3).contains(&expected[at])
        && after_board[at] == 0
    {
        pits.push(letter(at, m));
        total += expected[at];
        if at.is_multiple_of(m) {
            break;
        }
        at -= 1;
    }
    pits.reverse();
    Captures { pits, seeds: total }
}

fn letter(index: usize, m: usize) -> char {
    let side = if index < m { Side::South } else { Side::North };
    Move::new(side, (index % m) as u8).letter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::Rules;

    fn check(position: &str, rules: &str, mv: &str) -> Captures {
        let rules: Rules = rules.parse().unwrap();
        let before = Position::from_string(position, rules).unwrap();
        let mv: Move = mv.parse().unwrap();
        let after = before.play(mv).unwrap();
        captures(&before, mv, &after)
    }

    #[test]
    fn an_oware_capture_chain_is_listed_in_row_order() {
        // F sows into a and b, making 2 and 3: both are captured.
        let c = check("0,0,0,0,0,2/1,2,4,0,0,0 S 0-0", "abapa", "F");
        assert_eq!(c.pits, vec!['a', 'b']);
        assert_eq!(c.seeds, 5);
    }

    #[test]
    fn a_quiet_move_captures_nothing() {
        let c = check("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", "abapa", "C");
        assert!(c.pits.is_empty());
        assert_eq!(c.seeds, 0);
    }

    #[test]
    fn a_kalah_capture_takes_the_facing_pit() {
        // A's one seed lands in the empty B, facing e (3 seeds).
        let c = check("1,0,4,4,4,4/4,4,4,4,3,4 S 0-0", "kalah", "A");
        assert_eq!(c.pits, vec!['B', 'e']);
        assert_eq!(c.seeds, 4);
    }
}
