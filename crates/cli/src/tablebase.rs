//! The endgame tables as the engine's oracle: exact values at the leaves
//! of the search, for `wari analyze` and `wari engine`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use wari_egdb::Tables;
use wari_engine::Oracle;
use wari_rules::{Cycle, Position, Rules};

use crate::error::Error;

/// Tables opened for one rule set, as exact values for the search.
///
/// Only under Kalah, where no position repeats (a move either feeds a
/// store or moves seeds nearer the mover's store), and under
/// `cycle=even`: there a cycle ends with the seeds left shared
/// equally, worth 0 wherever it closes, so the tables' values are the
/// game's. Under `cycle=2|3` each player takes their own row at the
/// position that repeats first, which depends on the moves that led there;
/// the tables' convention (docs/ENDGAME.md) then gives estimates, and
/// a test found a position whose table value, though not marked as
/// resting on a cycle, differs from the real game's (`1,2,0/0,1,1 N 8-7`
/// under `abapa,pits=3`: the tables say a draw, the rules a win for
/// North). So under those rules the engine does not use them.
#[derive(Debug)]
pub struct Tablebase {
    tables: Tables,
    max_seeds: u8,
}

impl Oracle for Tablebase {
    fn probe(&self, position: &Position) -> Option<i32> {
        if position.seeds_on_board() > self.max_seeds {
            return None;
        }
        self.tables.score(position).map(i32::from)
    }
}

/// The directory of the tables: `dir`, else `$WARI_EGDB`, else `egdb`.
pub fn directory(dir: Option<&Path>) -> PathBuf {
    dir.map(Path::to_owned)
        .or_else(|| std::env::var_os("WARI_EGDB").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("egdb"))
}

/// The tables of `rules` in `dir` (see [`directory`]) as an oracle, or
/// `None` when there are none for these rules there, or for Oware under
/// `cycle=2|3` (see [`Tablebase`]).
///
/// # Errors
/// When `dir` names something that is not a directory.
pub fn open(dir: Option<&Path>, rules: &Rules) -> Result<Option<Arc<dyn Oracle>>, Error> {
    if !rules.is_kalah() && rules.cycle() != Cycle::Even {
        return Ok(None);
    }
    let dir = directory(dir);
    let tables = Tables::open(&dir, rules).map_err(Error::input)?;
    let Some(max_seeds) = tables.max_seeds() else {
        return Ok(None);
    };
    Ok(Some(Arc::new(Tablebase {
        tables,
        max_seeds: u8::try_from(max_seeds).unwrap_or(u8::MAX),
    })))
}
