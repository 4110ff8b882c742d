//! Building the tables of a rule set into a directory, one file per seed
//! count, resuming after the last table already written.

use std::path::Path;
use std::time::Instant;

use wari_rules::Rules;

use crate::error::Error;
use crate::file::{TableBytes, open_table, write_table};
use crate::index::{MAX_LAYER, positions};
use crate::retrograde::{Progress, build_layer};
use crate::table_rules::TableRules;

/// Builds the tables of `rules` for every seed count from 0 to
/// `max_seeds` into `dir` (as `DIR/RULES/NN.egdb`). A table whose file is
/// there and valid is kept; each new table is written as soon as it is
/// done, so an interrupted build resumes where it stopped.
///
/// ```
/// use wari_egdb::{Quiet, Tables, build};
/// use wari_rules::{Position, Rules};
/// let dir = tempfile::tempdir()?;
/// let rules: Rules = "abapa,pits=3".parse()?;
/// build(dir.path(), &rules, 4, &Quiet)?;
/// let tables = Tables::open(dir.path(), &rules)?;
/// assert_eq!(tables.max_seeds(), Some(4));
/// // Two lone seeds: neither side can ever capture; each keeps its own.
/// let p = Position::from_string("0,0,1/0,0,1 S 0-0", rules)?;
/// assert_eq!(tables.probe(&p)?.map(|v| v.score()), Some(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When a file cannot be read or written, or one already there is a
/// table of another format version (it is not overwritten: remove it by
/// hand).
pub fn build(
    dir: &Path,
    rules: &Rules,
    max_seeds: usize,
    progress: &dyn Progress,
) -> Result<(), Error> {
    if max_seeds > MAX_LAYER {
        return Err(Error::TooManySeeds(max_seeds));
    }
    let rules = TableRules::new(rules);
    check_size(&rules, max_seeds)?;
    let mut layers: Vec<TableBytes> = Vec::with_capacity(max_seeds + 1);
    for seeds in 0..=max_seeds {
        let boards = positions(rules.pits(), seeds);
        match open_table(dir, &rules, seeds) {
            Ok(Some(kept)) => {
                progress.layer_start(seeds, boards, true);
                layers.push(kept);
                continue;
            }
            Ok(None) => {}
            Err(e) if e.is_damage() => progress.replacing(seeds, &e),
            Err(e) => return Err(e),
        }
        progress.layer_start(seeds, boards, false);
        let started = Instant::now();
        let table = build_layer(&rules, seeds, &layers[..], progress);
        write_table(dir, &rules, seeds, &table)?;
        progress.layer_done(seeds, boards, started.elapsed().as_secs_f64());
        layers.push(TableBytes::Owned(table));
    }
    Ok(())
}

/// Refuses tables whose boards cannot be indexed by `u32` (the build keeps
/// its moves' children so): beyond 31 seeds on the standard board.
pub(crate) fn check_size(rules: &TableRules, max_seeds: usize) -> Result<(), Error> {
    let boards = positions(rules.pits(), max_seeds);
    if boards > u64::from(u32::MAX) {
        return Err(Error::TooManyBoards {
            rules: rules.name(),
            seeds: max_seeds,
            boards,
        });
    }
    Ok(())
}

/// Builds the tables of `rules` up to `max_seeds` in memory.
pub(crate) fn build_in_memory(
    rules: &TableRules,
    max_seeds: usize,
    progress: &dyn Progress,
) -> Vec<Vec<u8>> {
    let mut layers: Vec<Vec<u8>> = Vec::with_capacity(max_seeds + 1);
    for seeds in 0..=max_seeds {
        let boards = positions(rules.pits(), seeds);
        progress.layer_start(seeds, boards, false);
        let started = Instant::now();
        let table = build_layer(rules, seeds, &layers[..], progress);
        progress.layer_done(seeds, boards, started.elapsed().as_secs_f64());
        layers.push(table);
    }
    layers
}
