//! The endgame tables as the engine's oracle: exact values at the leaves
//! of the search, for `wari analyze` and `wari engine`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use wari_egdb::Tables;
use wari_engine::Oracle;
use wari_rules::{Cycle, Position, Rules};

use crate::error::Error;

/// Tables opened for one rule set, answering only where the value is
/// exact: a value that rests on the cycle convention is exact under
/// `cycle=even` only (docs/ENDGAME.md), so under `cycle=2|3` the search
/// goes on below such positions instead.
#[derive(Debug)]
pub struct Tablebase {
    tables: Tables,
    max_seeds: u8,
    even: bool,
}

impl Oracle for Tablebase {
    fn probe(&self, position: &Position) -> Option<i32> {
        if position.seeds_on_board() > self.max_seeds {
            return None;
        }
        let value = self.tables.probe(position).ok()??;
        (!value.by_cycle() || self.even).then(|| i32::from(value.score()))
    }
}

/// The directory of the tables: `dir`, else `$WARI_EGDB`, else `egdb`.
pub fn directory(dir: Option<&Path>) -> PathBuf {
    dir.map(Path::to_owned)
        .or_else(|| std::env::var_os("WARI_EGDB").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("egdb"))
}

/// The tables of `rules` in `dir` (see [`directory`]) as an oracle, or
/// `None` when there are none for these rules there.
///
/// # Errors
/// When `dir` names something that is not a directory.
pub fn open(dir: Option<&Path>, rules: &Rules) -> Result<Option<Arc<dyn Oracle>>, Error> {
    let dir = directory(dir);
    let tables = Tables::open(&dir, rules).map_err(Error::input)?;
    let Some(max_seeds) = tables.max_seeds() else {
        return Ok(None);
    };
    Ok(Some(Arc::new(Tablebase {
        tables,
        max_seeds: u8::try_from(max_seeds).unwrap_or(u8::MAX),
        even: rules.cycle() == Cycle::Even,
    })))
}
