//! Endgame databases for Oware and Kalah by retrograde analysis, and a
//! solver for small variants (by the tables) and for Kalah (by search
//! over the tables of few seeds).
//!
//! A table holds, for one rule set and one number `k` of seeds on the
//! board, the value of every position: the seeds the player to move will
//! still capture minus those the opponent will, under best play by both,
//! play going on to the natural end of the game. One byte per position,
//! indexed by the rank of the seed distribution seen from the player to
//! move ([`rank`]). See `docs/ENDGAME.md` for the conventions (cycles
//! above all) and the file format.
//!
//! ```
//! use wari_egdb::{Quiet, Tables, build};
//! use wari_rules::{Position, Rules};
//!
//! let dir = tempfile::tempdir()?;
//! let rules: Rules = "abapa,pits=3".parse()?;
//! build(dir.path(), &rules, 5, &Quiet)?;
//! let tables = Tables::open(dir.path(), &rules)?;
//! // South sows C's 2 seeds into a and b: b holds 2 and a holds 2, both
//! // captured; North's last seed is then South's to keep or lose.
//! let p = Position::from_string("0,0,2/1,1,1 S 0-0", rules)?;
//! let value = tables.probe(&p)?.expect("5 seeds are covered");
//! let moves = tables.probe_moves(&p)?.expect("covered");
//! assert_eq!(value.score(), moves.iter().map(|(_, v)| v.score()).max().unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod builder;
mod checkpoint;
mod compress;
#[cfg(feature = "mpi")]
mod distributed;
mod error;
mod exits;
mod file;
mod index;
mod prove;
mod replay;
mod retrograde;
mod search_solve;
mod solve;
mod stats;
mod table_rules;
mod tables;
mod transposition;
mod value;
mod verify;

pub use builder::{
    BYTES_PER_BOARD_KEPT, BYTES_PER_BOARD_REPLAYED, BuildOptions, CHECKPOINTED,
    DEFAULT_BUILD_MEMORY, build, build_with,
};
#[cfg(feature = "mpi")]
pub use distributed::{build_distributed, build_mpi};
pub use error::Error;
pub use file::{TableBytes, compress_table, table_path};
pub use index::{MAX_LAYER, next_board, positions, rank, unrank};
pub use retrograde::{Progress, Quiet};
pub use search_solve::{solve_by_search, solve_by_search_over};
pub use solve::{
    AUTO_SEARCH_POSITIONS, DEFAULT_MEMORY_LIMIT, Method, Solution, solve, solve_size, solve_with,
};
pub use stats::Stats;
pub use table_rules::TableRules;
pub use tables::Tables;
pub use value::Value;
pub use verify::{Verdict, verify};
