//! A checked position: the board, the counts, the player to move, and
//! whether the game is over.

use std::fmt;

use crate::sow::{self, Board};
use crate::{EndReason, Move, Moves, Outcome, Rules, Side, Variant};

/// A position of a game under some [`Rules`]: the seeds in each pit, the
/// seeds each player has captured (Oware) or holds in their store (Kalah),
/// the player to move, and whether the game is over.
///
/// Positions are small `Copy` values. [`Position::play`] checks a move and
/// says why it is illegal; [`Position::play_unchecked`] is the fast path for
/// search.
///
/// ```
/// use wari_rules::{Position, Move};
/// let start = Position::default();
/// let next = start.play("C".parse()?)?;
/// assert_eq!(next.to_string(), "4,4,0,5,5,5/5,4,4,4,4,4 N 0-0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// When a move ends the game with each player taking their own row, the
/// rows are swept into the counts at once (RULES.md §1), so the position
/// after the last move shows the final counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pits `0..m` are South's `A..F`, pits `m..2m` North's `a..f`; the
    /// rest stay zero.
    board: Board,
    captured: [u8; 2],
    /// Seeds on the board plus both counts: it never changes during a game.
    total: u8,
    turn: Side,
    end: Option<EndReason>,
    /// The columns the player to move may play, as bits, before `wari`
    /// drops grand slams; 0 once the game is over.
    movable: u8,
    rules: Rules,
}

impl Default for Position {
    /// The start of a standard `abapa` game.
    fn default() -> Position {
        Position::new(Rules::default())
    }
}

impl Position {
    /// The start position of a rule set: `seeds` in every pit, South to
    /// move.
    ///
    /// ```
    /// use wari_rules::{Position, Rules};
    /// let rules: Rules = "kalah,pits=4,seeds=3".parse()?;
    /// assert_eq!(Position::new(rules).to_string(), "3,3,3,3/3,3,3,3 S 0-0");
    /// # Ok::<(), wari_rules::RulesError>(())
    /// ```
    #[must_use]
    pub fn new(rules: Rules) -> Position {
        let m = usize::from(rules.pits());
        let mut board = [0; 16];
        board[..2 * m].fill(rules.seeds());
        let mut position = Position {
            board,
            captured: [0, 0],
            total: (2 * m) as u8 * rules.seeds(),
            turn: Side::South,
            end: None,
            movable: 0,
            rules,
        };
        position.settle();
        position
    }

    /// A position built from its parts, without the checks of
    /// [`Position::from_string`]: the fast way to set up many positions
    /// (the endgame databases build every board this way).
    ///
    /// `board` lists `A..F` then `a..f` (`2 * rules.pits()` counts);
    /// `total` is the seeds on the board plus both counts and must be their
    /// sum, at most [`Position::MAX_TOTAL_SEEDS`]: nothing checks it, and a
    /// position whose parts disagree plays on unspecified (but memory-safe).
    /// As after a move, the game is over at once if the player to move has
    /// no legal move (each player takes their own row) or, without
    /// `playout`, if a count is a majority.
    ///
    /// ```
    /// use wari_rules::{Position, Rules, Side};
    /// let p = Position::from_parts_unchecked(Rules::default(), &[0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0], [20, 25], 48, Side::South);
    /// assert!(p.is_over());
    /// let q = Position::from_parts_unchecked(Rules::default(), &[0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0], [22, 23], 48, Side::South);
    /// assert_eq!(q.to_string(), "0,0,0,0,0,2/1,0,0,0,0,0 S 22-23");
    /// ```
    ///
    /// # Panics
    /// When `board` has more than 16 counts.
    #[must_use]
    pub fn from_parts_unchecked(
        rules: Rules,
        board: &[u8],
        captured: [u8; 2],
        total: u8,
        turn: Side,
    ) -> Position {
        let mut pits = [0; 16];
        pits[..board.len()].copy_from_slice(board);
        let mut position = Position {
            board: pits,
            captured,
            total,
            turn,
            end: None,
            movable: 0,
            rules,
        };
        if !rules.is_kalah()
            && !rules.playout()
            && Side::ALL.into_iter().any(|s| position.has_majority(s))
        {
            position.end = Some(EndReason::Majority);
        }
        position.settle();
        position
    }

    /// The rules this position is played under.
    #[inline]
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The player to move (after the game's end, the one who would have).
    #[inline]
    #[must_use]
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// Pits per row.
    #[inline]
    #[must_use]
    pub const fn pits(&self) -> usize {
        self.rules.pits() as usize
    }

    /// All pits, `A..F` then `a..f`.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &[u8] {
        &self.board[..2 * self.pits()]
    }

    /// A player's row, from their own left to right.
    #[inline]
    #[must_use]
    pub fn row(&self, side: Side) -> &[u8] {
        let m = self.pits();
        let base = side.index() * m;
        &self.board[base..base + m]
    }

    /// The board and the player to move packed into one number. Within one
    /// game, positions with the same counts are the same position exactly
    /// when their keys are equal: the cycle rule (RULES.md §2.5) compares
    /// keys since the last capture, and a search can hash them.
    ///
    /// ```
    /// use wari_rules::{Position, Rules};
    /// let south = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 S 23-23", Rules::default())?;
    /// let north = Position::from_string("1,0,0,0,0,0/1,0,0,0,0,0 N 23-23", Rules::default())?;
    /// assert_ne!(south.key(), north.key());
    /// // Two lone seeds chase each other round the board and come back.
    /// let mut p = south;
    /// let mut plies = 0;
    /// loop {
    ///     p = p.play(p.legal_moves()[0])?;
    ///     plies += 1;
    ///     if p.key() == south.key() { break; }
    /// }
    /// assert_eq!(plies, 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn key(&self) -> u128 {
        // At most 12 pits are used, so the last byte is free for the turn.
        u128::from_le_bytes(self.board) | (self.turn.index() as u128) << 120
    }

    /// The seeds in the pit a move would empty (0 if the pit does not exist).
    #[inline]
    #[must_use]
    pub fn seeds_in(&self, m: Move) -> u8 {
        self.row(m.side())
            .get(usize::from(m.column()))
            .copied()
            .unwrap_or(0)
    }

    /// Seeds a player has captured (Oware) or holds in their store (Kalah).
    #[inline]
    #[must_use]
    pub const fn captured(&self, side: Side) -> u8 {
        self.captured[side.index()]
    }

    /// All seeds: on the board and in both counts.
    #[inline]
    #[must_use]
    pub const fn total_seeds(&self) -> u8 {
        self.total
    }

    /// Seeds still on the board.
    #[must_use]
    pub fn seeds_on_board(&self) -> u8 {
        self.total - self.captured[0] - self.captured[1]
    }

    /// Whether the game is over in this position.
    #[inline]
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Why the game is over, if it is. Only the rules decide here; the
    /// cycle rule, agreement, resignation and time belong to a
    /// [`Game`](crate::Game).
    #[inline]
    #[must_use]
    pub const fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The result, if the game is over in this position.
    ///
    /// ```
    /// use wari_rules::{Position, Rules, Side, EndReason};
    /// let p = Position::from_string("0,0,0,0,0,1/0,0,0,0,0,0 N 20-27", Rules::default())?;
    /// let outcome = p.outcome().unwrap();
    /// assert_eq!(outcome.reason(), EndReason::Majority);
    /// assert_eq!(outcome.winner(), Some(Side::North));
    /// # Ok::<(), wari_rules::PositionError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        let halves = [
            u16::from(self.captured[0]) * 2,
            u16::from(self.captured[1]) * 2,
        ];
        Some(Outcome::by_count(reason, halves))
    }

    /// Whether a player has captured more than half of all seeds.
    #[inline]
    #[must_use]
    pub const fn has_majority(&self, side: Side) -> bool {
        self.captured[side.index()] as u16 * 2 > self.total as u16
    }

    /// The legal moves, in the order of the pits. Empty when the game is
    /// over.
    ///
    /// ```
    /// use wari_rules::{Position, Rules};
    /// // North's row is empty: South must feed it, and only E and F reach.
    /// let p = Position::from_string("3,1,0,0,2,1/0,0,0,0,0,0 S 20-21", Rules::default())?;
    /// let letters: String = p.legal_moves().iter().map(|m| m.letter()).collect();
    /// assert_eq!(letters, "EF");
    /// # Ok::<(), wari_rules::PositionError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> Moves {
        let mut moves = Moves::from_columns(self.turn, self.movable);
        if self.rules.variant() == Variant::Wari && moves.len() > 1 {
            self.drop_grand_slams(&mut moves);
        }
        moves
    }

    /// Under `wari`, drops the grand slams when another move exists
    /// (RULES.md §2.3).
    #[cold]
    fn drop_grand_slams(&self, moves: &mut Moves) {
        let mut slams = [false; 6];
        let mut any_other = false;
        for (i, &mv) in moves.iter().enumerate() {
            slams[i] = self.is_grand_slam(mv);
            any_other |= !slams[i];
        }
        if any_other {
            let mut i = 0;
            moves.retain(|_| {
                i += 1;
                !slams[i - 1]
            });
        }
    }

    /// The number of legal moves, without listing them (for perft's last
    /// ply).
    #[inline]
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if self.rules.variant() == Variant::Wari {
            self.legal_moves().len()
        } else {
            self.movable.count_ones() as usize
        }
    }

    /// Whether `m` is a legal move here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Whether an Oware move would capture every seed left on the
    /// opponent's row after its sowing (RULES.md §2.3), whatever the rules
    /// then make of it. Always false under Kalah and for an empty pit.
    ///
    /// ```
    /// use wari_rules::{Position, Rules};
    /// let p = Position::from_string("0,0,0,0,0,2/1,2,0,0,0,0 S 20-23", Rules::default())?;
    /// assert!(p.is_grand_slam("F".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_grand_slam(&self, mv: Move) -> bool {
        if self.rules.is_kalah() || self.seeds_in(mv) == 0 {
            return false;
        }
        let mut board = self.board;
        let last = sow::sow(&mut board, self.pits(), self.index(mv));
        let capture = sow::capture_chain(&board, self.pits(), self.turn, last);
        capture.taken > 0 && capture.left == 0
    }

    /// Plays a move after checking it is legal.
    ///
    /// # Errors
    /// Says why the move is illegal: the game is over, no such pit, not the
    /// mover's pit, an empty pit, the opponent must be fed, or a grand slam
    /// forbidden under `wari`.
    pub fn play(&self, m: Move) -> Result<Position, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if usize::from(m.column()) >= self.pits() {
            return Err(PlayError::NoSuchPit {
                m,
                pits: self.rules.pits(),
            });
        }
        if m.side() != self.turn {
            return Err(PlayError::NotYourPit { m, turn: self.turn });
        }
        if self.seeds_in(m) == 0 {
            return Err(PlayError::EmptyPit(m));
        }
        if !self.is_legal(m) {
            return Err(if self.row_is_empty(self.turn.opposite()) {
                PlayError::MustFeed { m, turn: self.turn }
            } else {
                PlayError::GrandSlamForbidden(m)
            });
        }
        let mut next = *self;
        next.play_unchecked(m);
        Ok(next)
    }

    /// Plays a move without checking it. The move must be legal (one of
    /// [`Position::legal_moves`]); otherwise the position that results is
    /// unspecified (but memory-safe).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        if self.rules.is_kalah() {
            self.play_kalah(m);
        } else {
            self.play_oware(m);
        }
    }

    /// [`Move::index`], spelled out: calling it made the release build of
    /// perft and random games run 0.5% more instructions (callgrind,
    /// `wari-bench`), so the hot path keeps this form.
    #[inline]
    fn index(&self, m: Move) -> usize {
        m.side().index() * self.pits() + usize::from(m.column())
    }

    #[inline]
    fn row_is_empty(&self, side: Side) -> bool {
        sow::row_bits(&self.board, self.pits(), side) == 0
    }

    #[inline(always)]
    fn play_oware(&mut self, mv: Move) {
        let m = self.pits();
        let mover = self.turn;
        let origin = self.index(mv);
        let last = sow::sow(&mut self.board, m, origin);
        let capture = sow::capture_chain(&self.board, m, mover, last);
        self.turn = mover.opposite();
        if capture.taken > 0 {
            match (capture.left == 0, self.rules.variant()) {
                (true, Variant::Abapa) => {}
                (true, Variant::Wari) => {
                    self.take_row(mover.opposite(), mover);
                    self.take_row(mover, mover);
                    self.end = Some(EndReason::GrandSlam);
                }
                (true, _) => {
                    self.take_row(mover.opposite(), mover);
                    self.turn = mover;
                }
                (false, _) => {
                    self.board[capture.first..=last].fill(0);
                    self.captured[mover.index()] += capture.taken;
                }
            }
        }
        if !self.rules.playout() && self.has_majority(mover) && self.end.is_none() {
            self.end = Some(EndReason::Majority);
        }
        self.settle();
    }

    fn play_kalah(&mut self, mv: Move) {
        let m = self.pits();
        let mover = self.turn;
        let own = mover.index() * m;
        let other = mover.opposite().index() * m;
        let start = usize::from(mv.column());
        let seeds = usize::from(self.board[own + start]);
        self.board[own + start] = 0;
        // Slots from the mover's view: own pits 0..m, the store m, the
        // opponent's pits m+1..=2m; the opponent's store is skipped.
        let slots = 2 * m + 1;
        let laps = (seeds / slots) as u8;
        if laps > 0 {
            for pit in &mut self.board[..2 * m] {
                *pit += laps;
            }
            self.captured[mover.index()] += laps;
        }
        for k in 1..=seeds % slots {
            match (start + k) % slots {
                s if s < m => self.board[own + s] += 1,
                s if s == m => self.captured[mover.index()] += 1,
                s => self.board[other + s - m - 1] += 1,
            }
        }
        let last = (start + seeds) % slots;
        if last == m {
            // Last seed in the store: the mover plays again.
        } else {
            if last < m && self.board[own + last] == 1 {
                let facing = 2 * m - 1 - (own + last);
                if self.board[facing] > 0 || self.rules.empty_capture() {
                    self.captured[mover.index()] += 1 + self.board[facing];
                    self.board[own + last] = 0;
                    self.board[facing] = 0;
                }
            }
            self.turn = mover.opposite();
        }
        self.settle();
    }

    /// Finds the moves of the player to move, and ends the game if the
    /// rules say so after a move (or in a set-up position): under Kalah
    /// when a row is empty, under Oware when the player to move has no
    /// legal move. Each player then takes their own row.
    #[inline(always)]
    fn settle(&mut self) {
        let m = self.pits();
        self.movable = 0;
        if self.end.is_some() {
            return;
        }
        if self.rules.is_kalah() {
            if self.row_is_empty(Side::South) || self.row_is_empty(Side::North) {
                self.sweep();
                self.end = Some(EndReason::EmptySide);
            } else {
                self.movable = sow::movable(&self.board, m, self.turn, false);
            }
        } else {
            let feed = self.row_is_empty(self.turn.opposite());
            self.movable = sow::movable(&self.board, m, self.turn, feed);
            if self.movable == 0 {
                self.sweep();
                self.end = Some(EndReason::NoMoves);
            }
        }
    }

    /// Each player takes the seeds on their own row.
    pub(crate) fn sweep(&mut self) {
        for side in Side::ALL {
            self.take_row(side, side);
        }
    }

    fn take_row(&mut self, row: Side, taker: Side) {
        let m = self.pits();
        let base = row.index() * m;
        let seeds = sow::row_sum(&self.board, m, row);
        self.board[base..base + m].fill(0);
        self.captured[taker.index()] += seeds;
    }

    /// Marks the game over with `reason`; with `sweep`, each player takes
    /// their own row first.
    pub(crate) fn end_with(&mut self, reason: EndReason, sweep: bool) {
        if sweep {
            self.sweep();
        }
        self.end = Some(reason);
        self.movable = 0;
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} [{}]", self, self.rules)?;
        if let Some(end) = self.end {
            write!(f, " over: {end}")?;
        }
        f.write_str(")")
    }
}

/// Why [`Position::play`] refused a move. The messages use RULES.md's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver,
    /// The letter names a pit beyond the row's end.
    NoSuchPit {
        /// The move.
        m: Move,
        /// Pits per row.
        pits: u8,
    },
    /// The pit belongs to the player not on move.
    NotYourPit {
        /// The move.
        m: Move,
        /// The player to move.
        turn: Side,
    },
    /// The pit holds no seed.
    EmptyPit(Move),
    /// The opponent's row is empty and the move does not sow into it.
    MustFeed {
        /// The move.
        m: Move,
        /// The player to move.
        turn: Side,
    },
    /// A grand slam under `wari` while another move exists.
    GrandSlamForbidden(Move),
}

impl PlayError {
    /// A stable machine code for the refusal, for clients and catalogues
    /// that write it in the reader's language (the variant's fields are
    /// its arguments).
    ///
    /// ```
    /// use wari_rules::{Move, PlayError};
    /// let e = PlayError::EmptyPit("d".parse::<Move>().unwrap());
    /// assert_eq!(e.code(), "empty-pit");
    /// assert_eq!(e.to_string(), "pit d is empty");
    /// ```
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            PlayError::GameOver => "game-over",
            PlayError::NoSuchPit { .. } => "no-such-pit",
            PlayError::NotYourPit { .. } => "not-your-pit",
            PlayError::EmptyPit(_) => "empty-pit",
            PlayError::MustFeed { .. } => "must-feed",
            PlayError::GrandSlamForbidden(_) => "grand-slam-forbidden",
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::NoSuchPit { m, pits } => {
                write!(f, "there is no pit {m}: this board has {pits} pits per row")
            }
            PlayError::NotYourPit { m, turn } => {
                write!(
                    f,
                    "pit {m} is {}'s and it is {turn}'s turn",
                    turn.opposite()
                )
            }
            PlayError::EmptyPit(m) => write!(f, "pit {m} is empty"),
            PlayError::MustFeed { m, turn } => write!(
                f,
                "{m} does not reach {}'s empty row: {turn} must feed it",
                turn.opposite()
            ),
            PlayError::GrandSlamForbidden(m) => write!(
                f,
                "{m} would capture every seed of the opponent's row: a grand slam is forbidden under wari while another move exists"
            ),
        }
    }
}

impl std::error::Error for PlayError {}
