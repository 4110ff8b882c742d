//! Aualé's position notation: `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`, the `FEN`
//! of its game files and of its engine protocol.
//!
//! The fields, separated by `-`, are South's pits `A..F`, North's pits
//! `a..f` (in sowing order, so North's `a` faces South's `F`), South's
//! count, North's count and the player to move, `S` or `N`. Aualé only
//! knows six pits a row; here a row may have any number of pits the rules
//! allow, so a position has `2m + 3` fields. The counts are captured seeds
//! under Oware and the stores under Kalah.
//!
//! Aualé accepts any counts up to 49 and Aalina (its engine) wants 48 seeds
//! in all; like [`Position::from_string`], this reader accepts any set-up
//! position of up to [`Position::MAX_TOTAL_SEEDS`] seeds.

use std::fmt;

use crate::{Position, Rules, Side};

/// Reads a position in Aualé's notation under `rules`. Surrounding white
/// space is allowed.
///
/// ```
/// use wari_rules::{auale, Position, Rules, Side};
/// let start = auale::read_position("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", Rules::default())?;
/// assert_eq!(start, Position::default());
///
/// let p = auale::read_position("0-5-5-5-5-4-4-4-4-4-4-4-0-0-N", Rules::default())?;
/// assert_eq!(p, Position::default().play("A".parse()?)?);
///
/// // Four pits a row: 8 pits, 2 counts, the turn.
/// let rules: Rules = "kalah,pits=4,seeds=3".parse()?;
/// let p = auale::read_position("3-3-3-3-3-3-3-3-0-0-S", rules)?;
/// assert_eq!(p.total_seeds(), 24);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// An [`AualeError`]: the wrong number of fields (or the number of another
/// row length than the rules'), a field that is not a whole number, more
/// seeds than a position holds, or a turn other than `S` or `N`.
pub fn read_position(text: &str, rules: Rules) -> Result<Position, AualeError> {
    let fields: Vec<&str> = text.trim().split('-').collect();
    let m = usize::from(rules.pits());
    if fields.len() != 2 * m + 3 {
        let found = fields.len();
        let other_row =
            found % 2 == 1 && (5..=2 * usize::from(Rules::MAX_PITS) + 3).contains(&found);
        return Err(if other_row {
            AualeError::PitsMismatch {
                position: ((found - 3) / 2) as u8,
                rules: rules.pits(),
            }
        } else {
            AualeError::FieldCount {
                found,
                expected: 2 * m + 3,
            }
        });
    }
    let mut counts = [0u32; 2 * Rules::MAX_PITS as usize + 2];
    for (count, field) in counts.iter_mut().zip(&fields[..2 * m + 2]) {
        if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(AualeError::NotANumber((*field).to_owned()));
        }
        *count = field.parse().map_err(|_| AualeError::TooManySeeds)?;
    }
    let turn = match fields[2 * m + 2] {
        "S" => Side::South,
        "N" => Side::North,
        other => return Err(AualeError::Turn(other.to_owned())),
    };
    let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
    if total > u64::from(Position::MAX_TOTAL_SEEDS) {
        return Err(AualeError::TooManySeeds);
    }
    // Every count is at most the total, so they all fit a `u8`.
    let board: Vec<u8> = counts[..2 * m].iter().map(|&c| c as u8).collect();
    let captured = [counts[2 * m] as u8, counts[2 * m + 1] as u8];
    Ok(Position::from_parts_unchecked(
        rules,
        &board,
        captured,
        total as u8,
        turn,
    ))
}

/// Writes a position in Aualé's notation.
///
/// ```
/// use wari_rules::{auale, Position};
/// let p = Position::default().play("F".parse()?)?;
/// assert_eq!(auale::write_position(&p), "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write_position(p: &Position) -> String {
    let mut text = String::with_capacity(40);
    for seeds in p.board() {
        text.push_str(&seeds.to_string());
        text.push('-');
    }
    for side in Side::ALL {
        text.push_str(&p.captured(side).to_string());
        text.push('-');
    }
    text.push(p.turn().letter());
    text
}

/// Why a position in Aualé's notation was refused.
///
/// ```
/// use wari_rules::{auale, Rules};
/// let err = auale::read_position("4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", Rules::default()).unwrap_err();
/// assert_eq!(err.to_string(), "turn \"X\" is not S or N");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AualeError {
    /// Not `2m + 3` fields separated by `-`, and not the count of any
    /// other row length either.
    FieldCount {
        /// Fields found.
        found: usize,
        /// Fields the rules' row length needs.
        expected: usize,
    },
    /// The fields describe rows of another length than the rules'.
    PitsMismatch {
        /// Pits per row in the position.
        position: u8,
        /// Pits per row in the rules.
        rules: u8,
    },
    /// A pit or count that is not a whole number.
    NotANumber(String),
    /// More seeds than a position can hold.
    TooManySeeds,
    /// The last field is not `S` or `N`.
    Turn(String),
}

impl fmt::Display for AualeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AualeError::FieldCount { found, expected } => write!(
                f,
                "an Aualé position has {expected} fields separated by '-' (pits, two counts, the turn) but this one has {found}"
            ),
            AualeError::PitsMismatch { position, rules } => write!(
                f,
                "the position has {position} pits per row but the rules have {rules} (add pits={position} to the rules)"
            ),
            AualeError::NotANumber(field) => {
                write!(f, "field {field:?} is not a whole number")
            }
            AualeError::TooManySeeds => write!(
                f,
                "too many seeds: a position holds at most {} in all",
                Position::MAX_TOTAL_SEEDS
            ),
            AualeError::Turn(field) => write!(f, "turn {field:?} is not S or N"),
        }
    }
}

impl std::error::Error for AualeError {}
