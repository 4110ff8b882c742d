//! What can go wrong when tables are read, written or built.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a table could not be read, written or built. Every message names
/// the file and what is wrong with it; none of these ever comes with a
/// wrong answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Reading or writing a file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// The file does not start with the table magic: not a table.
    BadMagic(PathBuf),
    /// A format version this library does not read.
    Version {
        /// The file.
        path: PathBuf,
        /// The version it claims.
        found: u32,
    },
    /// The header is malformed or does not match its place (seed count,
    /// pits, entries).
    BadHeader {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// The table was built under other rules.
    WrongRules {
        /// The file.
        path: PathBuf,
        /// The rules asked for.
        expected: String,
        /// The rules the file was built for.
        found: String,
    },
    /// The file is shorter or longer than its header says.
    Truncated {
        /// The file.
        path: PathBuf,
        /// The length the header implies.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// The payload does not match its checksum: the file is corrupt.
    Checksum(PathBuf),
    /// A position played under other rules than the tables'.
    RulesMismatch {
        /// The tables' rules.
        tables: String,
        /// The position's rules.
        position: String,
    },
    /// A variant too large to solve in memory.
    TooLarge {
        /// The rules.
        rules: String,
        /// Positions over all seed counts.
        positions: u64,
        /// Bytes the solve would need.
        bytes: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// A search-based solve asked of rules it does not solve: Oware
    /// (positions repeat: the cycle rule needs more than a search to the
    /// end) or a Kalah game of more than 127 seeds.
    SearchNotSupported {
        /// The rules.
        rules: String,
    },
    /// A table of more boards than a build can index (`u32`).
    TooManyBoards {
        /// The table rules.
        rules: String,
        /// The seed count.
        seeds: usize,
        /// Its boards.
        boards: u64,
    },
    /// Seed counts beyond what a table can hold (48).
    TooManySeeds(usize),
}

impl Error {
    pub(crate) fn io(path: &Path, e: &std::io::Error) -> Error {
        Error::Io {
            path: path.to_owned(),
            message: e.to_string(),
        }
    }

    /// Whether the file is damaged or not a table of these rules: a build
    /// replaces it. (A table of another format version is whole, and an
    /// error reading the file says nothing of its contents.)
    #[must_use]
    pub fn is_damage(&self) -> bool {
        matches!(
            self,
            Error::BadMagic(_)
                | Error::BadHeader { .. }
                | Error::WrongRules { .. }
                | Error::Truncated { .. }
                | Error::Checksum(_)
        )
    }

    pub(crate) fn header(path: &Path, what: impl Into<String>) -> Error {
        Error::BadHeader {
            path: path.to_owned(),
            what: what.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { path, message } => write!(f, "{}: {message}", path.display()),
            Error::BadMagic(path) => {
                write!(f, "{}: not an endgame table (bad magic)", path.display())
            }
            Error::Version { path, found } => write!(
                f,
                "{}: table format version {found}, this program reads version {}",
                path.display(),
                crate::file::VERSION
            ),
            Error::BadHeader { path, what } => {
                write!(f, "{}: bad table header: {what}", path.display())
            }
            Error::WrongRules {
                path,
                expected,
                found,
            } => write!(
                f,
                "{}: table built for rules {found:?}, not {expected:?}",
                path.display()
            ),
            Error::Truncated {
                path,
                expected,
                found,
            } => write!(
                f,
                "{}: file is {found} bytes, its header says {expected}: truncated or damaged",
                path.display()
            ),
            Error::Checksum(path) => write!(
                f,
                "{}: checksum mismatch: the table is corrupt",
                path.display()
            ),
            Error::RulesMismatch { tables, position } => write!(
                f,
                "the position is played under {position:?} but the tables are for {tables:?}"
            ),
            Error::TooLarge {
                rules,
                positions,
                bytes,
                limit,
            } => write!(
                f,
                "{rules} is too large to solve in memory: {positions} positions need about {} MiB, the limit is {} MiB",
                bytes >> 20,
                limit >> 20
            ),
            Error::SearchNotSupported { rules } => write!(
                f,
                "{rules}: only Kalah games of at most 127 seeds are solved by search (Oware positions repeat)"
            ),
            Error::TooManyBoards {
                rules,
                seeds,
                boards,
            } => write!(
                f,
                "{rules} with {seeds} seeds has {boards} boards: a build indexes at most 2^32"
            ),
            Error::TooManySeeds(seeds) => {
                write!(f, "{seeds} seeds on the board: tables hold at most 48")
            }
        }
    }
}

impl std::error::Error for Error {}
