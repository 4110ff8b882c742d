//! Why a record cannot be read.

use std::fmt;

use super::variant_name;
use crate::auale::AualeError;
use crate::{EndReason, Move, PlayError, Rules, RulesError, UnknownEndReason, Variant};

/// Why a record could not be read: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgnError {
    /// The line of the problem, from 1: the move's or the tag's.
    pub line: usize,
    /// What is wrong.
    pub kind: OgnErrorKind,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OgnErrorKind {
    /// A tag that is not `[Name "value"]`.
    BadTag,
    /// A tag after the move text began.
    TagAfterMoves,
    /// A `Variant` this crate does not know, and no `Rules` tag.
    UnknownVariant(String),
    /// A `Rules` tag that is not a rules string.
    Rules(RulesError),
    /// A `Variant` that names another variant than the `Rules` tag.
    VariantMismatch {
        /// The variant the `Variant` tag names.
        variant: Variant,
        /// The rules of the `Rules` tag.
        rules: Rules,
    },
    /// A `FEN` tag that is not a position under the record's rules.
    Fen(AualeError),
    /// A letter that is not a move.
    UnknownLetter(char),
    /// A move the rules do not allow there.
    Illegal {
        /// The ply, from 1 (the record's first move).
        ply: usize,
        /// The move.
        m: Move,
        /// Why it is illegal.
        error: PlayError,
    },
    /// A `+N` mark that is not what the move captures under the rules.
    CaptureMismatch {
        /// The ply, from 1.
        ply: usize,
        /// The move.
        m: Move,
        /// The mark's number as written.
        written: String,
        /// What the move captures (raises the mover's count by).
        captured: u8,
        /// The rules it was played under.
        rules: Rules,
    },
    /// A `{` without its `}`.
    UnterminatedComment,
    /// A `(` without its `)`.
    UnterminatedVariation,
    /// A `Termination` that is not one of RULES.md §1's end reasons.
    Termination(UnknownEndReason),
    /// A `Termination` that is not how the game ended.
    TerminationMismatch {
        /// The reason the tag gives.
        written: EndReason,
        /// How the replayed game ended, if it did.
        game: Option<EndReason>,
    },
    /// A `Termination` of `abandoned` after moves that ended the game
    /// (by this reason).
    AbandonedOver(EndReason),
    /// A resignation or loss on time without a `Winner` of `S` or `N`.
    Winner(EndReason),
    /// A `Winner` that is not the replayed game's.
    WinnerMismatch {
        /// The tag's value.
        written: String,
        /// The game's: `S`, `N`, `draw` or `*` (not over).
        game: &'static str,
    },
    /// A `Result` that is not the replayed game's.
    ResultMismatch {
        /// The tag's value.
        written: String,
        /// The game's final counts, or `*`.
        game: String,
    },
}

impl fmt::Display for OgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            OgnErrorKind::BadTag => f.write_str("a tag is [Name \"value\"]"),
            OgnErrorKind::TagAfterMoves => f.write_str("a tag after the moves"),
            OgnErrorKind::UnknownVariant(v) => write!(
                f,
                "unknown Variant {v:?}: expected Oware Abapa, Oware Wari, Oware Warri or Kalah, or a Rules tag"
            ),
            OgnErrorKind::Rules(e) => write!(f, "Rules tag: {e}"),
            OgnErrorKind::VariantMismatch { variant, rules } => write!(
                f,
                "Variant {:?} disagrees with Rules {:?}",
                variant_name(*variant),
                rules.to_string()
            ),
            OgnErrorKind::Fen(e) => write!(f, "FEN tag: {e}"),
            OgnErrorKind::UnknownLetter(c) => write!(
                f,
                "{c:?} is not a move: a move is one letter, A-F for South or a-f for North"
            ),
            OgnErrorKind::Illegal { ply, m, error } => write!(f, "ply {ply} ({m}): {error}"),
            OgnErrorKind::CaptureMismatch {
                ply,
                m,
                written,
                captured,
                rules,
            } => write!(
                f,
                "ply {ply} ({m}) is marked +{written} but captures {captured} under {rules}"
            ),
            OgnErrorKind::UnterminatedComment => f.write_str("a comment '{' is never closed"),
            OgnErrorKind::UnterminatedVariation => f.write_str("a variation '(' is never closed"),
            OgnErrorKind::Termination(e) => write!(f, "Termination tag: {e}"),
            OgnErrorKind::TerminationMismatch { written, game } => match game {
                Some(reason) => write!(
                    f,
                    "Termination {:?} but the game ended by {reason}",
                    written.name()
                ),
                None => write!(
                    f,
                    "Termination {:?} but the game is not over",
                    written.name()
                ),
            },
            OgnErrorKind::AbandonedOver(reason) => write!(
                f,
                "Termination \"abandoned\" but the game ended by {reason}"
            ),
            OgnErrorKind::Winner(reason) => write!(
                f,
                "Termination {:?} needs a Winner tag of S or N",
                reason.name()
            ),
            OgnErrorKind::WinnerMismatch { written, game } => {
                write!(f, "Winner {written:?} but the game's is {game:?}")
            }
            OgnErrorKind::ResultMismatch { written, game } => {
                write!(f, "Result {written:?} but the game's is {game:?}")
            }
        }
    }
}

impl std::error::Error for OgnError {}
