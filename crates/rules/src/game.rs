//! A game: the moves from a start position, the history the cycle rule
//! needs, the result and the reason it ended, and undo.

use crate::{EndReason, Move, Moves, Outcome, PlayError, Position, Rules, Side, rules::Cycle};

/// A game in progress or finished: a start position, the moves played, and
/// the outcome once it has one.
///
/// Unlike a [`Position`], a game knows its history, so it applies the cycle
/// rule (RULES.md §2.5), and it ends by agreement, resignation or time.
///
/// ```
/// use wari_rules::{Game, EndReason};
/// let mut game = Game::default();
/// for letter in ["C", "d", "A", "f"] {
///     game.play(letter.parse()?)?;
/// }
/// assert_eq!(game.moves().len(), 4);
/// game.undo();
/// assert_eq!(game.position().to_string(), "0,6,1,6,6,6/5,4,4,0,5,5 N 0-0");
/// game.end_by_agreement();
/// assert_eq!(game.outcome().unwrap().reason(), EndReason::Agreement);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[0]` is the start, `positions[i]` the position after `i`
    /// moves, as the move left it.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// How the game ended, and the final position (with the rows swept
    /// when the end says so).
    end: Option<(Outcome, Position)>,
}

impl Default for Game {
    /// A standard `abapa` game from the start.
    fn default() -> Game {
        Game::new(Rules::default())
    }
}

impl Game {
    /// A game from the start position of `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game from a set-up position. If the rules already end the game
    /// there, the game starts finished.
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            end: start.outcome().map(|o| (o, start)),
        }
    }

    /// The rules of the game.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.start().rules()
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now. After an end where each player takes their own
    /// row, the rows are empty and the counts final.
    #[must_use]
    pub fn position(&self) -> &Position {
        match &self.end {
            Some((_, last)) => last,
            None => self.last(),
        }
    }

    fn last(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before each move and after the last, as the moves left
    /// them (without the final sweep of a repetition or agreement).
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.map(|(outcome, _)| outcome)
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The legal moves now; none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Moves {
        if self.is_over() {
            Moves::new()
        } else {
            self.last().legal_moves()
        }
    }

    /// Plays a move, then ends the game if the rules say so, the cycle rule
    /// included.
    ///
    /// # Errors
    /// Why the move is illegal (see [`Position::play`]); the game is left as
    /// it was.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let next = self.last().play(m)?;
        self.moves.push(m);
        self.positions.push(next);
        if let Some(outcome) = next.outcome() {
            self.end = Some((outcome, next));
        } else if !self.rules().is_kalah()
            && self.occurrences(&next) >= self.rules().cycle().occurrences()
        {
            self.end_like_a_cycle(EndReason::Repetition);
        }
        Ok(())
    }

    /// The positions since the last capture, the current one last: all
    /// the history the cycle rule (RULES.md §2.5) can look at, since
    /// captures cannot be undone.
    ///
    /// ```
    /// use wari_rules::Game;
    /// let mut game = Game::default();
    /// game.play("F".parse()?)?;
    /// assert_eq!(game.since_last_capture().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn since_last_capture(&self) -> &[Position] {
        let now = self.last().seeds_on_board();
        let first = self
            .positions
            .iter()
            .rposition(|p| p.seeds_on_board() != now)
            .map_or(0, |i| i + 1);
        &self.positions[first..]
    }

    /// How many times `position` occurs in the game so far. Captures cannot
    /// be undone, so the search stops at the last capture.
    fn occurrences(&self, position: &Position) -> usize {
        self.since_last_capture()
            .iter()
            .filter(|&p| p == position)
            .count()
    }

    /// Ends the game as the cycle rule does: each player takes their own
    /// row, or under `cycle=even` the seeds left are shared equally.
    fn end_like_a_cycle(&mut self, reason: EndReason) {
        let mut last = *self.last();
        let outcome = if self.rules().cycle() == Cycle::Even && !self.rules().is_kalah() {
            let left = u16::from(last.seeds_on_board());
            let halves = Side::ALL.map(|s| u16::from(last.captured(s)) * 2 + left);
            last.end_with(reason, false);
            Outcome::by_count(reason, halves)
        } else {
            last.end_with(reason, true);
            let halves = Side::ALL.map(|s| u16::from(last.captured(s)) * 2);
            Outcome::by_count(reason, halves)
        };
        self.end = Some((outcome, last));
    }

    /// Ends the game by agreement, as the cycle rule would (RULES.md §2.5):
    /// each player takes their own row (under `cycle=even` the seeds left
    /// are shared). Does nothing if the game is over.
    pub fn end_by_agreement(&mut self) {
        if !self.is_over() {
            self.end_like_a_cycle(EndReason::Agreement);
        }
    }

    /// `side` resigns; the other player wins. Does nothing if the game is
    /// over.
    pub fn resign(&mut self, side: Side) {
        self.lose(side, EndReason::Resignation);
    }

    /// `side` ran out of time; the other player wins. Does nothing if the
    /// game is over.
    pub fn lose_on_time(&mut self, side: Side) {
        self.lose(side, EndReason::Time);
    }

    fn lose(&mut self, side: Side, reason: EndReason) {
        if self.is_over() {
            return;
        }
        let mut last = *self.last();
        last.end_with(reason, false);
        let halves = Side::ALL.map(|s| u16::from(last.captured(s)) * 2);
        self.end = Some((Outcome::won_by(reason, side.opposite(), halves), last));
    }

    /// Takes back the last move, and with it any end of the game. Returns
    /// the move, or `None` at the start (where it only clears an end by
    /// agreement, resignation or time).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop();
        if m.is_some() {
            self.positions.pop();
        }
        let last = *self.last();
        self.end = last.outcome().map(|o| (o, last));
        m
    }
}
