//! Position strings (RULES.md §1): `SOUTH/NORTH TURN CAPS`, such as the
//! start `4,4,4,4,4,4/4,4,4,4,4,4 S 0-0`.

use std::fmt;

use crate::{Position, Rules, Side};

impl Position {
    /// Reads a position string under `rules`.
    ///
    /// The string is `SOUTH/NORTH TURN CAPS`: SOUTH lists pits `A..F`,
    /// NORTH lists `a..f`, TURN is `S` or `N`, CAPS is `south-north`. Each
    /// row must have `rules.pits()` counts. Surrounding spaces are allowed.
    ///
    /// ```
    /// use wari_rules::{Position, Rules, Side};
    /// let p = Position::from_string("0,0,0,1,2,0/3,0,0,0,0,1 N 20-21", Rules::default())?;
    /// assert_eq!(p.turn(), Side::North);
    /// assert_eq!(p.captured(Side::North), 21);
    /// assert_eq!(p.total_seeds(), 48);
    /// # Ok::<(), wari_rules::PositionError>(())
    /// ```
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong: the shape, a count that is
    /// not a number or too large, rows of different lengths, a row length
    /// that is not the rules' number of pits, the turn, or the counts.
    pub fn from_string(s: &str, rules: Rules) -> Result<Position, PositionError> {
        let mut fields = s.split_whitespace();
        let (Some(rows), Some(turn), Some(caps), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(PositionError::Shape);
        };
        let (south, north) = rows.split_once('/').ok_or(PositionError::Shape)?;
        let mut board = [0u8; 12];
        let south_len = read_row(south, &mut board[..6])?;
        let north_len = read_row(north, &mut board[6..])?;
        if south_len != north_len {
            return Err(PositionError::RowLengths {
                south: south_len,
                north: north_len,
            });
        }
        if south_len != usize::from(rules.pits()) {
            return Err(PositionError::PitsMismatch {
                position: south_len as u8,
                rules: rules.pits(),
            });
        }
        board.copy_within(6..6 + north_len, south_len);
        let turn = match turn {
            "S" => Side::South,
            "N" => Side::North,
            _ => return Err(PositionError::Turn(turn.to_owned())),
        };
        let (cap_s, cap_n) = caps
            .split_once('-')
            .ok_or_else(|| PositionError::Counts(caps.to_owned()))?;
        let count = |text: &str| -> Result<u32, PositionError> {
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(PositionError::Counts(caps.to_owned()));
            }
            text.parse::<u32>().map_err(|_| PositionError::TooManySeeds)
        };
        let captured = [count(cap_s)?, count(cap_n)?];
        let board = &board[..2 * south_len];
        let on_board: u32 = board.iter().map(|&s| u32::from(s)).sum();
        // Each count fits a u32 but their sum need not: add with a check.
        let total = on_board
            .checked_add(captured[0])
            .and_then(|t| t.checked_add(captured[1]))
            .filter(|&t| t <= u32::from(Position::MAX_TOTAL_SEEDS))
            .ok_or(PositionError::TooManySeeds)?;
        Ok(Position::from_parts_unchecked(
            rules,
            board,
            [captured[0] as u8, captured[1] as u8],
            total as u8,
            turn,
        ))
    }

    /// The most seeds a position may hold in all (board and counts).
    pub const MAX_TOTAL_SEEDS: u8 = 192;
}

/// Reads the comma-separated counts of one row into `pits`; returns how
/// many there were.
fn read_row(text: &str, pits: &mut [u8]) -> Result<usize, PositionError> {
    let mut len = 0;
    for token in text.split(',') {
        if len == pits.len() {
            return Err(PositionError::TooManyPits);
        }
        if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PositionError::NotANumber(token.to_owned()));
        }
        let seeds: u32 = token.parse().map_err(|_| PositionError::TooManySeeds)?;
        if seeds > u32::from(Position::MAX_TOTAL_SEEDS) {
            return Err(PositionError::TooManySeeds);
        }
        pits[len] = seeds as u8;
        len += 1;
    }
    Ok(len)
}

impl fmt::Display for Position {
    /// The position string, e.g. `4,4,4,4,4,4/4,4,4,4,4,4 S 0-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in Side::ALL {
            for (i, seeds) in self.row(side).iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{seeds}")?;
            }
            if side == Side::South {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {}-{}",
            self.turn().letter(),
            self.captured(Side::South),
            self.captured(Side::North)
        )
    }
}

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not of the form `SOUTH/NORTH TURN CAPS`.
    Shape,
    /// A pit's count is not a whole number.
    NotANumber(String),
    /// A row has more than six pits.
    TooManyPits,
    /// The two rows have different lengths.
    RowLengths {
        /// Counts in South's row.
        south: usize,
        /// Counts in North's row.
        north: usize,
    },
    /// The rows do not have the rules' number of pits.
    PitsMismatch {
        /// Pits per row in the string.
        position: u8,
        /// Pits per row in the rules.
        rules: u8,
    },
    /// The turn is not `S` or `N`.
    Turn(String),
    /// The counts are not `south-north` whole numbers.
    Counts(String),
    /// More seeds than a position can hold.
    TooManySeeds,
}

impl PositionError {
    /// A stable machine code for the refusal (the variant's fields are
    /// its arguments).
    ///
    /// ```
    /// use wari_rules::PositionError;
    /// assert_eq!(PositionError::TooManyPits.code(), "too-many-pits");
    /// ```
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            PositionError::Shape => "shape",
            PositionError::NotANumber(_) => "not-a-number",
            PositionError::TooManyPits => "too-many-pits",
            PositionError::RowLengths { .. } => "row-lengths",
            PositionError::PitsMismatch { .. } => "pits-mismatch",
            PositionError::Turn(_) => "turn",
            PositionError::Counts(_) => "counts",
            PositionError::TooManySeeds => "too-many-seeds",
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Shape => f.write_str(
                "a position is SOUTH/NORTH TURN CAPS, like 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0",
            ),
            PositionError::NotANumber(token) => {
                write!(f, "pit count {token:?} is not a whole number")
            }
            PositionError::TooManyPits => f.write_str("a row has at most 6 pits"),
            PositionError::RowLengths { south, north } => {
                write!(f, "South's row has {south} pits but North's has {north}")
            }
            PositionError::PitsMismatch { position, rules } => write!(
                f,
                "the position has {position} pits per row but the rules have {rules} (add pits={position} to the rules)"
            ),
            PositionError::Turn(token) => {
                write!(f, "turn {token:?} is not S or N")
            }
            PositionError::Counts(token) => write!(
                f,
                "captured counts {token:?} are not SOUTH-NORTH whole numbers, like 0-0"
            ),
            PositionError::TooManySeeds => write!(
                f,
                "too many seeds: a position holds at most {} in all",
                Position::MAX_TOTAL_SEEDS
            ),
        }
    }
}

impl std::error::Error for PositionError {}
