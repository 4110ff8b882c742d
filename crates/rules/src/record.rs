//! Game records as move lists: the moves' letters separated by spaces,
//! `C d A f` (RULES.md §1).

use std::fmt;

use crate::{Game, Move, MoveError, PlayError};

/// Reads a move list: letters separated by white space. Moves may also be
/// written joined (`CdAf`), as engines of the UCI dialect do.
///
/// ```
/// use wari_rules::record::parse_moves;
/// let moves = parse_moves("C d  A\tf")?;
/// assert_eq!(moves.len(), 4);
/// assert_eq!(parse_moves("CdAf")?, moves);
/// # Ok::<(), wari_rules::record::RecordError>(())
/// ```
///
/// # Errors
/// The first token that is not a move, with its ply (from 1).
pub fn parse_moves(text: &str) -> Result<Vec<Move>, RecordError> {
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        for c in token.chars() {
            let m = Move::from_letter(c).ok_or_else(|| RecordError {
                ply: moves.len() + 1,
                kind: RecordErrorKind::NotAMove(MoveError(if token.chars().count() == 1 {
                    token.to_owned()
                } else {
                    c.to_string()
                })),
            })?;
            moves.push(m);
        }
    }
    Ok(moves)
}

/// Writes a move list: letters separated by single spaces.
///
/// ```
/// use wari_rules::record::{parse_moves, write_moves};
/// assert_eq!(write_moves(&parse_moves("CdAf")?), "C d A f");
/// # Ok::<(), wari_rules::record::RecordError>(())
/// ```
#[must_use]
pub fn write_moves(moves: &[Move]) -> String {
    let mut text = String::with_capacity(moves.len() * 2);
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push(m.letter());
    }
    text
}

/// Plays moves into a game, stopping at the first illegal one.
///
/// ```
/// use wari_rules::{Game, record::{parse_moves, play_moves}};
/// let mut game = Game::default();
/// let err = play_moves(&mut game, &parse_moves("C d C")?).unwrap_err();
/// assert_eq!(err.to_string(), "ply 3 (C): pit C is empty");
/// assert_eq!(game.moves().len(), 2);
/// # Ok::<(), wari_rules::record::RecordError>(())
/// ```
///
/// # Errors
/// The ply (from 1, counted from the game's first move) and why the move
/// is illegal; the moves before it stay played.
pub fn play_moves(game: &mut Game, moves: &[Move]) -> Result<(), RecordError> {
    for &m in moves {
        let ply = game.moves().len() + 1;
        game.play(m).map_err(|e| RecordError {
            ply,
            kind: RecordErrorKind::Illegal(m, e),
        })?;
    }
    Ok(())
}

/// A move list that cannot be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The ply of the bad move, from 1.
    pub ply: usize,
    /// What is wrong with it.
    pub kind: RecordErrorKind,
}

/// What is wrong with a move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// The token is not a move letter.
    NotAMove(MoveError),
    /// The move is not legal in the game at that point.
    Illegal(Move, PlayError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            RecordErrorKind::NotAMove(e) => write!(f, "ply {}: {e}", self.ply),
            RecordErrorKind::Illegal(m, e) => write!(f, "ply {} ({m}): {e}", self.ply),
        }
    }
}

impl std::error::Error for RecordError {}
