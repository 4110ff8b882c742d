//! What a move did, seed by seed: where each seed fell, what it captured,
//! how the table's tradition treated a grand slam, an extra move, and how
//! the game ended. For a board to animate a move and a record to tell it.

use crate::{EndReason, Move, PlayError, Position, Side, Variant};

/// A place a seed can land.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A pit, by its index in [`Position::board`] (`A..F` then `a..f`).
    Pit(usize),
    /// A player's store (Kalah).
    Store(Side),
}

/// What a grand slam (RULES.md §2.3) did under the table's tradition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrandSlam {
    /// `abapa`: it captured nothing; the sown seeds stay.
    CapturedNothing,
    /// `wari`: it captured the whole row and ended the game; the mover
    /// also took the seeds left on their own row.
    EndedTheGame,
    /// `warri`: it captured the whole row and the mover moves again.
    MovesAgain,
}

/// One move, described: the pit emptied, where each seed fell (laps
/// included, the emptied pit skipped under Oware, the opponent's store
/// skipped under Kalah), the pits captured and their seeds, a grand slam,
/// an extra move, and the end of the game with the seeds each player then
/// took from their own row.
///
/// It is computed seed by seed from the rules, apart from the fast
/// [`Position::play_unchecked`], and carries the position the move left,
/// which is the one [`Position::play`] gives.
///
/// ```
/// use wari_rules::{Position, Rules, Slot, Sowing};
/// // F's two seeds fall in North's a and b, which then hold 2 and 3.
/// let before = Position::from_string("0,0,0,0,0,2/1,2,4,0,0,0 S 0-0", Rules::default())?;
/// let sowing = Sowing::of(&before, "F".parse()?)?;
/// assert_eq!(sowing.drops(), [Slot::Pit(6), Slot::Pit(7)]);
/// assert_eq!(sowing.captures(), [(6, 2), (7, 3)]);
/// assert_eq!(sowing.captured_seeds(), 5);
/// assert_eq!(sowing.after().to_string(), "0,0,0,0,0,0/0,0,4,0,0,0 N 5-0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    before: Position,
    after: Position,
    origin: usize,
    drops: Vec<Slot>,
    captures: Vec<(usize, u8)>,
    grand_slam: Option<GrandSlam>,
    extra_move: bool,
    swept: [u8; 2],
}

impl Sowing {
    /// Plays `m` in `before` and describes what it did.
    ///
    /// # Errors
    /// When the move is illegal, as [`Position::play`] says.
    pub fn of(before: &Position, m: Move) -> Result<Sowing, PlayError> {
        let after = before.play(m)?;
        let pits = before.pits();
        let mover = m.side();
        let kalah = before.rules().is_kalah();
        let origin = m.index(pits);

        // The places in sowing order, counterclockwise from South's `A`;
        // under Kalah the mover's store follows their row and the
        // opponent's store is not on the way.
        let mut ring: Vec<Slot> = Vec::with_capacity(2 * pits + 1);
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
        let seeds = usize::from(before.board()[origin]);
        let mut board = before.board().to_vec();
        board[origin] = 0;
        let mut drops = Vec::with_capacity(seeds);
        let mut at = start;
        while drops.len() < seeds {
            at = (at + 1) % ring.len();
            // Oware skips the emptied pit on a lap (RULES.md §2.1).
            if !kalah && at == start {
                continue;
            }
            if let Slot::Pit(i) = ring[at] {
                board[i] += 1;
            }
            drops.push(ring[at]);
        }

        let mut sowing = Sowing {
            before: *before,
            after,
            origin,
            drops,
            captures: Vec::new(),
            grand_slam: None,
            extra_move: false,
            swept: [0, 0],
        };
        match sowing.drops.last() {
            Some(&Slot::Pit(last)) if kalah => sowing.capture_kalah(&mut board, last),
            Some(&Slot::Pit(last)) => sowing.capture_oware(&mut board, last),
            // The last seed in the mover's store: they move again.
            _ => sowing.extra_move = true,
        }
        sowing.sweep(&board);
        Ok(sowing)
    }

    /// RULES.md §3: a last seed in an empty pit of the mover's row takes
    /// it and the pit facing it (if that is empty, only with
    /// `empty-capture=on`).
    fn capture_kalah(&mut self, board: &mut [u8], last: usize) {
        let pits = self.before.pits();
        let mover = self.mover();
        let facing = 2 * pits - 1 - last;
        if last / pits == mover.index()
            && board[last] == 1
            && (board[facing] > 0 || self.before.rules().empty_capture())
        {
            self.take(board, last);
            if board[facing] > 0 {
                self.take(board, facing);
            }
        }
    }

    /// RULES.md §2.2 and §2.3: the chain of 2s and 3s back from the last
    /// pit on the opponent's row, and what the tradition makes of a chain
    /// that would take the whole row.
    fn capture_oware(&mut self, board: &mut [u8], last: usize) {
        let pits = self.before.pits();
        let mover = self.mover();
        let row = mover.opposite().index() * pits..(mover.opposite().index() + 1) * pits;
        let mut chain = Vec::new();
        let mut pit = last;
        while row.contains(&pit) && (2..=3).contains(&board[pit]) {
            chain.push(pit);
            if pit == row.start {
                break;
            }
            pit -= 1;
        }
        if chain.is_empty() {
            return;
        }
        let taken: u32 = chain.iter().map(|&p| u32::from(board[p])).sum();
        let on_row: u32 = board[row.clone()].iter().map(|&s| u32::from(s)).sum();
        if taken < on_row {
            for &p in chain.iter().rev() {
                self.take(board, p);
            }
            return;
        }
        self.grand_slam = Some(match self.before.rules().variant() {
            Variant::Abapa => GrandSlam::CapturedNothing,
            Variant::Wari => GrandSlam::EndedTheGame,
            Variant::Warri | Variant::Kalah => GrandSlam::MovesAgain,
        });
        if self.grand_slam == Some(GrandSlam::CapturedNothing) {
            return;
        }
        for p in row {
            if board[p] > 0 {
                self.take(board, p);
            }
        }
        self.extra_move = self.grand_slam == Some(GrandSlam::MovesAgain);
    }

    /// The mover takes a pit's seeds.
    fn take(&mut self, board: &mut [u8], pit: usize) {
        self.captures.push((pit, board[pit]));
        board[pit] = 0;
    }

    /// RULES.md §1: an end with each player taking their own row (a grand
    /// slam under `wari`: the mover's row only, the other is captured).
    fn sweep(&mut self, board: &[u8]) {
        let pits = self.before.pits();
        let row = |side: Side| -> u8 {
            let base = side.index() * pits;
            board[base..base + pits].iter().sum()
        };
        match self.after.end_reason() {
            Some(EndReason::GrandSlam) => self.swept[self.mover().index()] = row(self.mover()),
            Some(EndReason::NoMoves | EndReason::EmptySide) => self.swept = Side::ALL.map(row),
            _ => {}
        }
    }

    /// The position the move was played in.
    #[must_use]
    pub fn before(&self) -> &Position {
        &self.before
    }

    /// The position the move left (the one [`Position::play`] gives).
    #[must_use]
    pub fn after(&self) -> &Position {
        &self.after
    }

    /// The move.
    #[must_use]
    pub fn played(&self) -> Move {
        Move::at_index(self.origin, self.before.pits())
    }

    /// The player who moved.
    #[must_use]
    pub fn mover(&self) -> Side {
        self.before.turn()
    }

    /// The board index of the pit the move emptied.
    #[must_use]
    pub fn origin(&self) -> usize {
        self.origin
    }

    /// Where each seed fell, in sowing order.
    #[must_use]
    pub fn drops(&self) -> &[Slot] {
        &self.drops
    }

    /// Every pit's count once the seeds are sown, before any capture.
    #[must_use]
    pub fn sown(&self) -> Vec<u8> {
        let mut board = self.before.board().to_vec();
        board[self.origin] = 0;
        for &slot in &self.drops {
            if let Slot::Pit(i) = slot {
                board[i] += 1;
            }
        }
        board
    }

    /// The pits the mover captured and the seeds each held, in the order
    /// they were taken: an Oware chain from its first pit on, a grand
    /// slam's whole row from the row's first pit, Kalah's landing pit then
    /// the pit facing it.
    #[must_use]
    pub fn captures(&self) -> &[(usize, u8)] {
        &self.captures
    }

    /// The seeds the move captured (under Kalah, those taken to the store
    /// by a capture, not the seeds sown into it).
    #[must_use]
    pub fn captured_seeds(&self) -> u32 {
        self.captures.iter().map(|&(_, s)| u32::from(s)).sum()
    }

    /// The grand slam, if the move was one, and how the table treated it.
    #[must_use]
    pub fn grand_slam(&self) -> Option<GrandSlam> {
        self.grand_slam
    }

    /// Whether the mover moves again: Kalah's last seed in the own store,
    /// or a grand slam under `warri` (unless the game ended).
    #[must_use]
    pub fn extra_move(&self) -> bool {
        self.extra_move && !self.after.is_over()
    }

    /// How the move ended the game, if it did (the rules' ends only: a
    /// repetition is the game's to judge).
    #[must_use]
    pub fn end(&self) -> Option<EndReason> {
        self.after.end_reason()
    }

    /// The seeds each player (`[South, North]`) took from their own row
    /// when the move ended the game.
    #[must_use]
    pub fn swept(&self) -> [u8; 2] {
        self.swept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn sowing(position: &str, rules: &str, m: &str) -> Sowing {
        let rules: Rules = rules.parse().unwrap();
        let before = Position::from_string(position, rules).unwrap();
        Sowing::of(&before, m.parse().unwrap()).unwrap()
    }

    #[test]
    fn a_lap_skips_the_emptied_pit() {
        // RULES.md §2.1: 12 seeds from F reach round to a, skipping F.
        let s = sowing("0,0,0,0,0,12/1,1,1,1,1,1 S 0-0", "abapa", "F");
        assert_eq!(s.drops().len(), 12);
        assert!(!s.drops().contains(&Slot::Pit(5)));
        assert_eq!(s.drops()[11], Slot::Pit(6));
        assert_eq!(s.sown()[5], 0);
        assert_eq!(s.sown()[6], 3);
    }

    #[test]
    fn a_quiet_move_captures_nothing() {
        let s = sowing("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", "abapa", "C");
        assert_eq!(
            s.drops(),
            [Slot::Pit(3), Slot::Pit(4), Slot::Pit(5), Slot::Pit(6)]
        );
        assert!(s.captures().is_empty());
        assert!(!s.extra_move());
        assert_eq!(s.end(), None);
    }

    #[test]
    fn a_chain_stops_at_a_pit_of_another_count() {
        // E's 3 seeds: F, a (1 -> 2), b (2 -> 3). b and a are taken; the
        // chain would go on to F, which is South's own.
        let s = sowing("0,0,0,0,3,0/1,2,0,0,4,0 S 0-0", "abapa", "E");
        assert_eq!(s.captures(), [(6, 2), (7, 3)]);
        assert_eq!(s.captured_seeds(), 5);
    }

    #[test]
    fn a_grand_slam_under_each_tradition() {
        // E's three seeds: F, then a (1 -> 2) and b (2 -> 3), the whole of
        // North's row.
        let position = "4,4,4,0,3,0/1,2,0,0,0,0 S 0-0";
        let abapa = sowing(position, "abapa", "E");
        assert_eq!(abapa.grand_slam(), Some(GrandSlam::CapturedNothing));
        assert!(abapa.captures().is_empty());
        assert!(!abapa.extra_move());

        // Warri: the row is taken and South moves again (and must feed).
        let warri = sowing(position, "warri", "E");
        assert_eq!(warri.grand_slam(), Some(GrandSlam::MovesAgain));
        assert_eq!(warri.captures(), [(6, 2), (7, 3)]);
        assert!(warri.extra_move());
        assert_eq!(warri.after().turn(), Side::South);

        // Wari: E is forbidden while other moves exist; as the only legal
        // move it is played, the game ends and South also takes F's seed.
        let rules: Rules = "wari".parse().unwrap();
        let before = Position::from_string(position, rules).unwrap();
        assert_eq!(
            Sowing::of(&before, "E".parse().unwrap()),
            Err(PlayError::GrandSlamForbidden("E".parse().unwrap()))
        );
        let wari = sowing("0,0,0,0,3,0/1,2,0,0,0,0 S 20-20", "wari", "E");
        assert_eq!(wari.grand_slam(), Some(GrandSlam::EndedTheGame));
        assert_eq!(wari.captures(), [(6, 2), (7, 3)]);
        assert_eq!(wari.end(), Some(EndReason::GrandSlam));
        assert_eq!(wari.swept(), [1, 0]);
        assert_eq!(wari.after().captured(Side::South), 26);
    }

    #[test]
    fn kalah_sows_into_the_own_store_and_moves_again() {
        let s = sowing("0,0,0,1,0,1/1,1,1,1,1,1 S 0-0", "kalah", "F");
        assert_eq!(s.drops(), [Slot::Store(Side::South)]);
        assert!(s.extra_move());
        assert_eq!(s.after().turn(), Side::South);
    }

    #[test]
    fn kalah_captures_from_an_empty_pit_and_the_pit_facing_it() {
        // D's seed lands in the empty E, which faces b.
        let s = sowing("0,0,0,1,0,2/1,1,1,1,1,1 S 0-0", "kalah", "D");
        assert_eq!(s.drops(), [Slot::Pit(4)]);
        assert_eq!(s.captures(), [(4, 1), (7, 1)]);
    }

    #[test]
    fn kalah_skips_the_opponents_store() {
        let s = sowing("1,1,1,1,1,1/0,0,0,0,0,8 N 0-0", "kalah", "f");
        assert_eq!(s.drops()[0], Slot::Store(Side::North));
        assert!(!s.drops().contains(&Slot::Store(Side::South)));
        assert_eq!(s.drops()[7], Slot::Pit(6));
        assert_eq!(s.captures(), [(6, 1), (5, 2)]);
    }

    #[test]
    fn an_empty_capture_needs_the_option() {
        // A's seed lands in the empty B; the pit facing it, e, is empty.
        let on = sowing("1,0,1,0,0,0/1,1,1,1,0,1 S 0-0", "kalah", "A");
        assert_eq!(on.captures(), [(1, 1)]);
        let off = sowing(
            "1,0,1,0,0,0/1,1,1,1,0,1 S 0-0",
            "kalah,empty-capture=off",
            "A",
        );
        assert!(off.captures().is_empty());
    }

    #[test]
    fn the_last_move_sweeps_each_row_to_its_owner() {
        // Kalah: South's last seed goes to the store, leaving the row
        // empty; North takes its own 6.
        let s = sowing("0,0,0,0,0,1/1,1,1,1,1,1 S 10-10", "kalah", "F");
        assert_eq!(s.end(), Some(EndReason::EmptySide));
        assert_eq!(s.swept(), [0, 6]);
    }

    #[test]
    fn an_illegal_move_is_refused() {
        let rules = Rules::default();
        let start = Position::new(rules);
        assert_eq!(
            Sowing::of(&start, "a".parse().unwrap()),
            Err(PlayError::NotYourPit {
                m: "a".parse().unwrap(),
                turn: Side::South
            })
        );
    }
}
