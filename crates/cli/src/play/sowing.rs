//! Where each seed of a move lands and which pits it captured: what the
//! sowing animation shows and the last move's highlight marks.

use wari_rules::{Move, Position, Side};

/// A place a seed can land: a pit (its index on the board, `A..F` then
/// `a..f`) or a store (Kalah).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A pit, by board index.
    Pit(usize),
    /// A player's store.
    Store(Side),
}

/// One move seed by seed: the pit emptied, where each seed went, the board
/// after the sowing (before captures) and the pits the move captured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The board index of the pit emptied.
    pub origin: usize,
    /// Where each seed landed, in order.
    pub drops: Vec<Slot>,
    /// Every pit's count once the seeds are sown, before any capture.
    pub sown: Vec<u8>,
    /// The pits the move took seeds from (board indices).
    pub captured: Vec<usize>,
}

/// The board index of the pit a move empties.
pub fn pit_index(position: &Position, m: Move) -> usize {
    m.side().index() * position.pits() + usize::from(m.column())
}

/// How `m`, played in `before`, sowed and captured; `after` is the
/// position it left.
pub fn sow(before: &Position, m: Move, after: &Position) -> Sowing {
    let pits = before.pits();
    let mover = m.side();
    let origin = pit_index(before, m);
    let seeds = before.board()[origin];
    let kalah = before.rules().is_kalah();

    // The places in counterclockwise order; Kalah's stores sit after each
    // row's last pit.
    let mut ring: Vec<Slot> = Vec::with_capacity(2 * pits + 2);
    for side in Side::ALL {
        ring.extend((0..pits).map(|c| Slot::Pit(side.index() * pits + c)));
        if kalah && side == mover {
            ring.push(Slot::Store(side));
        }
    }
    let start = ring
        .iter()
        .position(|&s| s == Slot::Pit(origin))
        .expect("the origin is on the board");

    let mut drops = Vec::with_capacity(usize::from(seeds));
    let mut sown = before.board().to_vec();
    sown[origin] = 0;
    let mut at = start;
    while drops.len() < usize::from(seeds) {
        at = (at + 1) % ring.len();
        // Oware skips the emptied pit (RULES.md §2.1); Kalah does not.
        if !kalah && at == start {
            continue;
        }
        let slot = ring[at];
        if let Slot::Pit(i) = slot {
            sown[i] += 1;
        }
        drops.push(slot);
    }

    let board = after.board();
    let mut captured = Vec::new();
    if let Some(&Slot::Pit(last)) = drops.last() {
        if kalah {
            // A last seed in an empty pit of the mover's row takes the pit
            // and the one facing it.
            let own = last / pits == mover.index();
            if own && sown[last] == 1 && board[last] == 0 {
                captured.push(last);
                let facing = 2 * pits - 1 - last;
                if sown[facing] > 0 {
                    captured.push(facing);
                }
            }
        } else {
            // The capture chain walks back from the last pit (RULES.md §2.2),
            // as far as the mover's count grew: a grand slam that captures
            // nothing, or rows swept at the end, empty pits too.
            let gain = after.captured(mover).saturating_sub(before.captured(mover));
            let mut taken = 0;
            let mut i = last;
            while i / pits != mover.index()
                && (2..=3).contains(&sown[i])
                && board[i] == 0
                && taken + sown[i] <= gain
            {
                taken += sown[i];
                captured.push(i);
                if i % pits == 0 {
                    break;
                }
                i -= 1;
            }
        }
    }
    Sowing {
        origin,
        drops,
        sown,
        captured,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::Rules;

    fn position(text: &str, rules: &str) -> Position {
        Position::from_string(text, rules.parse::<Rules>().unwrap()).unwrap()
    }

    fn play(before: &Position, letter: &str) -> Sowing {
        let m = letter.parse().unwrap();
        sow(before, m, &before.play(m).unwrap())
    }

    #[test]
    fn oware_sows_counterclockwise_and_skips_the_emptied_pit() {
        let p = position("0,0,0,0,0,12/1,1,1,1,1,1 S 0-0", "abapa");
        let s = play(&p, "F");
        assert_eq!(s.origin, 5);
        assert_eq!(s.drops.len(), 12);
        assert_eq!(s.drops[0], Slot::Pit(6));
        // The 12th seed goes past F to North's a, skipping F.
        assert!(!s.drops.contains(&Slot::Pit(5)));
        assert_eq!(s.drops[11], Slot::Pit(6));
        assert_eq!(s.sown[5], 0);
    }

    #[test]
    fn the_capture_chain_is_marked() {
        // F sows into a and b; b and a hold 2 and 3: both captured.
        let p = position("0,0,0,0,0,2/2,1,4,0,0,0 S 20-19", "abapa");
        let s = play(&p, "F");
        assert_eq!(s.captured, vec![7, 6]);
    }

    #[test]
    fn a_grand_slam_under_abapa_captures_nothing() {
        let p = position("0,0,0,0,0,2/1,2,0,0,0,0 S 20-23", "abapa");
        assert!(p.is_grand_slam("F".parse().unwrap()));
        assert_eq!(play(&p, "F").captured, Vec::<usize>::new());
    }

    #[test]
    fn kalah_sows_into_the_own_store_and_captures_from_an_empty_pit() {
        let p = position("0,0,0,1,0,2/1,1,1,1,1,1 S 0-0", "kalah");
        let s = play(&p, "F");
        assert_eq!(s.drops, vec![Slot::Store(Side::South), Slot::Pit(6)]);
        // D's seed lands in the empty E, facing b.
        let s = play(&p, "D");
        assert_eq!(s.drops, vec![Slot::Pit(4)]);
        assert_eq!(s.captured, vec![4, 7]);
    }

    #[test]
    fn kalah_skips_the_opponents_store() {
        let p = position("1,1,1,1,1,1/0,0,0,0,0,8 N 0-0", "kalah");
        let s = play(&p, "f");
        assert_eq!(s.drops[0], Slot::Store(Side::North));
        assert!(!s.drops.contains(&Slot::Store(Side::South)));
        assert_eq!(s.drops[7], Slot::Pit(6));
        assert_eq!(s.captured, vec![6, 5]);
    }
}
