//! The rules a table is built under, and the moves of a board played by
//! the rules library itself, so that the tables agree with it by
//! construction.

use wari_rules::{Cycle, Move, Position, Rules, Side};

use crate::index::{MAX_BOARD, rank, rank_swapped};
use crate::value::Value;

/// The rules of a family of tables: what of a [`Rules`] matters to the
/// value of a position with some seeds on the board.
///
/// The seeds per pit at the start and `playout` do not matter (tables
/// always play on to the natural end), nor does `cycle=2` against
/// `cycle=3` (both take the same convention); the grand-slam tradition,
/// the pits, `cycle=even` and Kalah's empty capture do.
///
/// ```
/// use wari_egdb::TableRules;
/// let t = TableRules::new(&"wari,seeds=3,cycle=3,playout".parse()?);
/// assert_eq!(t.name(), "wari");
/// let t = TableRules::new(&"kalah,pits=4,seeds=3".parse()?);
/// assert_eq!(t.name(), "kalah,pits=4");
/// # Ok::<(), wari_rules::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRules {
    /// The normalised rules, as named in files.
    rules: Rules,
    /// The rules positions are played under: `playout` for Oware.
    play: Rules,
    pits: usize,
}

/// What a move leads to, from the mover's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Child {
    /// The move captures (or ends the game): its score is known from the
    /// tables of fewer seeds.
    Exit(i8),
    /// The move captures nothing: the opponent is to move in the position
    /// of this index in the same table.
    Same(u64),
}

/// Reads values of positions with fewer seeds.
pub(crate) trait Lower {
    /// The stored score of board `index` with `seeds` seeds.
    fn score(&self, seeds: usize, index: u64) -> i8;
}

impl<T: AsRef<[u8]>> Lower for [T] {
    #[inline]
    fn score(&self, seeds: usize, index: u64) -> i8 {
        Value::score_of_byte(self[seeds].as_ref()[index as usize])
    }
}

impl TableRules {
    /// The table rules of a rule set.
    #[must_use]
    pub fn new(rules: &Rules) -> TableRules {
        let mut normal = Rules::new(rules.variant())
            .with_pits(rules.pits())
            .expect("pits of valid rules");
        let play;
        if rules.is_kalah() {
            normal = normal
                .with_empty_capture(rules.empty_capture())
                .expect("Kalah option under Kalah");
            play = normal;
        } else {
            if rules.cycle() == Cycle::Even {
                normal = normal.with_cycle(Cycle::Even).expect("Oware option");
            }
            play = normal.with_playout(true).expect("Oware option");
        }
        TableRules {
            rules: normal,
            play,
            pits: usize::from(rules.pits()),
        }
    }

    /// The normalised rules (seeds per pit 4, no `playout`, `cycle=2`
    /// unless `cycle=even`).
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The rules string tables are filed under, like `abapa` or
    /// `kalah,pits=4`.
    #[must_use]
    pub fn name(&self) -> String {
        self.rules.to_string()
    }

    /// Pits per row.
    #[must_use]
    pub const fn pits(&self) -> usize {
        self.pits
    }

    /// Whether an endless cycle shares the seeds left (worth 0) rather
    /// than giving each player their own row.
    #[must_use]
    pub fn even_cycles(&self) -> bool {
        !self.rules.is_kalah() && self.rules.cycle() == Cycle::Even
    }

    /// Whether a position is played under these table rules.
    #[must_use]
    pub fn covers(&self, position: &Position) -> bool {
        TableRules::new(position.rules()) == *self
    }

    /// The position of a board (the mover's row first) with South to move
    /// and nothing captured yet.
    #[inline]
    pub(crate) fn position(&self, board: &[u8], seeds: usize) -> Position {
        Position::from_parts_unchecked(self.play, board, [0, 0], seeds as u8, Side::South)
    }

    /// The index of a position: its board ranked from the view of the
    /// player to move.
    #[inline]
    pub(crate) fn index_of(&self, position: &Position) -> u64 {
        match position.turn() {
            Side::South => rank(position.board()),
            Side::North => rank_swapped(position.board(), self.pits),
        }
    }

    /// The score of the position itself if the game is over in it (the
    /// player to move cannot move): own row minus the opponent's, as the
    /// rules library sweeps them.
    #[inline]
    pub(crate) fn terminal(position: &Position) -> Option<i8> {
        position
            .is_over()
            .then(|| position.captured(Side::South) as i8 - position.captured(Side::North) as i8)
    }

    /// Plays every legal move of `position` (South to move, nothing
    /// captured, `seeds` on the board) and tells `f` where each leads.
    #[inline]
    pub(crate) fn expand<L: Lower + ?Sized>(
        &self,
        position: &Position,
        seeds: usize,
        lower: &L,
        mut f: impl FnMut(Move, Child),
    ) {
        for mv in position.legal_moves() {
            let mut child = *position;
            child.play_unchecked(mv);
            f(mv, self.child(&child, seeds, lower));
        }
    }

    /// Where a position reached by one move leads, from the view of the
    /// player who made it (South, with nothing captured before).
    #[inline]
    pub(crate) fn child<L: Lower + ?Sized>(
        &self,
        child: &Position,
        seeds: usize,
        lower: &L,
    ) -> Child {
        let south = child.captured(Side::South);
        let north = child.captured(Side::North);
        let gained = south as i8 - north as i8;
        if child.is_over() {
            // Every end sweeps the board: the counts are final.
            return Child::Exit(gained);
        }
        let left = seeds - usize::from(south) - usize::from(north);
        if left == seeds {
            debug_assert_eq!(child.turn(), Side::North);
            return Child::Same(rank_swapped(child.board(), self.pits));
        }
        let index = self.index_of(child);
        let v = lower.score(left, index);
        Child::Exit(match child.turn() {
            // Kalah's extra move, warri's grand slam: the mover again.
            Side::South => gained + v,
            Side::North => gained - v,
        })
    }

    /// The score an endless cycle through this board is given: own row
    /// minus the opponent's, or 0 under `cycle=even`.
    #[inline]
    pub(crate) fn cycle_score(&self, board: &[u8]) -> i8 {
        if self.even_cycles() {
            return 0;
        }
        let m = self.pits;
        let own: u32 = board[..m].iter().map(|&s| u32::from(s)).sum();
        let other: u32 = board[m..2 * m].iter().map(|&s| u32::from(s)).sum();
        (own as i32 - other as i32) as i8
    }
}

/// A board buffer large enough for any table.
pub(crate) type BoardBuf = [u8; MAX_BOARD];
