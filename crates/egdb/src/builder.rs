//! Building the tables of a rule set into a directory, one file per seed
//! count, resuming after the last table already written.

use std::path::Path;
use std::time::Instant;

use wari_rules::Rules;

use crate::checkpoint::checkpoint_path;
use crate::error::Error;
use crate::file::{TableBytes, open_table, write_compressed, write_table};
use crate::index::{MAX_LAYER, positions};
use crate::replay::build_layer_replaying;
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
/// hand); when the largest table's build needs more than 10 GiB even
/// playing the moves again (30 seeds on the standard board and more: see
/// [`build_with`]).
pub fn build(
    dir: &Path,
    rules: &Rules,
    max_seeds: usize,
    progress: &dyn Progress,
) -> Result<(), Error> {
    build_with(dir, rules, max_seeds, &BuildOptions::default(), progress)
}

/// How a build may use the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Bytes a table's build may take. A seed count whose moves' children
    /// fit (about 20 bytes a board: 24 seeds on the standard board in
    /// 8.5 GB) keeps them; a larger one plays the moves again at every
    /// pass, in 4 bytes a board, until the children of the boards still
    /// open fit. Either way a table of [`CHECKPOINTED`] boards or more
    /// saves a checkpoint of its work (`NN.build` beside the tables)
    /// after every pass.
    pub memory: u64,
    /// Whether the tables built are written compressed (format version
    /// 2: about 3 times smaller, a probe 5 to 10 times as long), rather
    /// than one byte a board (version 1). Tables already there are kept
    /// as they are (`compress_table` rewrites them).
    pub compressed: bool,
    /// With `compressed`: whether the boards whose value a capture or the
    /// game's end gives are stored as exits, read back from the tables of
    /// fewer seeds (model kind 5: about 1.25 times smaller again, a probe
    /// about 2.4 times as long).
    pub exits: bool,
}

/// Bytes a board, about, of a build that keeps the moves' children:
/// 8.5 GB measured for the 417 million boards of 24 seeds.
pub const BYTES_PER_BOARD_KEPT: u64 = 20;

/// Bytes a board of a build that plays the moves again: both bounds,
/// the best exit, and the table written at the end.
pub const BYTES_PER_BOARD_REPLAYED: u64 = 4;

/// The build memory by default: 10 GiB (24 seeds on the standard board
/// keep their children, 25 and above play again).
pub const DEFAULT_BUILD_MEMORY: u64 = 10 << 30;

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            memory: DEFAULT_BUILD_MEMORY,
            compressed: false,
            exits: false,
        }
    }
}

/// Boards of a table from which its build saves a checkpoint after
/// every pass (2^26: 20 seeds on the standard board, about a minute and
/// a half of CPU; a smaller one is built again whole after an
/// interruption).
pub const CHECKPOINTED: u64 = 1 << 26;

impl BuildOptions {
    /// Whether the table of `boards` boards is built by passes that play
    /// the moves again (until their children fit in memory), saving a
    /// checkpoint after each, rather than by keeping every board's
    /// children from the first pass on.
    #[must_use]
    pub fn replays(&self, boards: u64) -> bool {
        boards.saturating_mul(BYTES_PER_BOARD_KEPT) > self.memory
            || boards > u64::from(u32::MAX)
            || boards >= CHECKPOINTED
    }
}

/// [`build`] with options: how much memory a table's build may take.
///
/// ```
/// use wari_egdb::{BuildOptions, Quiet, Tables, build_with};
/// let dir = tempfile::tempdir()?;
/// let rules = "wari,pits=3,cycle=even".parse()?;
/// // So little memory that every table is built by passes that play the
/// // moves again, with a checkpoint after each.
/// build_with(dir.path(), &rules, 6, &BuildOptions { memory: 0, ..BuildOptions::default() }, &Quiet)?;
/// assert_eq!(Tables::open(dir.path(), &rules)?.max_seeds(), Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`build`]; the largest table's build may take
/// [`BYTES_PER_BOARD_REPLAYED`] bytes a board, within `options.memory`
/// (but at least 1 GiB).
pub fn build_with(
    dir: &Path,
    rules: &Rules,
    max_seeds: usize,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<(), Error> {
    if max_seeds > MAX_LAYER {
        return Err(Error::TooManySeeds(max_seeds));
    }
    let rules = TableRules::new(rules);
    let largest = positions(rules.pits(), max_seeds);
    if largest.saturating_mul(BYTES_PER_BOARD_REPLAYED) > options.memory.max(1 << 30) {
        return Err(Error::BuildMemory {
            rules: rules.name(),
            seeds: max_seeds,
            bytes: largest * BYTES_PER_BOARD_REPLAYED,
            limit: options.memory.max(1 << 30),
        });
    }
    let mut layers: Vec<TableBytes> = Vec::with_capacity(max_seeds + 1);
    // A checkpoint rests on the tables below it: one of them built again
    // makes it worthless.
    let mut rebuilt_below = false;
    for seeds in 0..=max_seeds {
        let boards = positions(rules.pits(), seeds);
        if let Some(kept) = kept_layer(dir, &rules, seeds, boards, &layers[..], progress)? {
            layers.push(kept);
            continue;
        }
        progress.layer_start(seeds, boards, false);
        let started = Instant::now();
        let checkpoint = checkpoint_path(dir, &rules, seeds);
        let table = if options.replays(boards) {
            if rebuilt_below {
                remove_checkpoint(&checkpoint)?;
            }
            build_layer_replaying(
                &rules,
                seeds,
                &layers[..],
                Some(&checkpoint),
                options.memory,
                progress,
            )?
        } else {
            build_layer(&rules, seeds, &layers[..], progress)
        };
        // (A table compression would not make smaller is written as it is.)
        if !(options.compressed
            && write_compressed(dir, &rules, seeds, &table, &layers[..], options.exits)?.is_some())
        {
            write_table(dir, &rules, seeds, &table)?;
        }
        remove_checkpoint(&checkpoint)?;
        rebuilt_below = true;
        progress.layer_done(seeds, boards, started.elapsed().as_secs_f64());
        layers.push(TableBytes::Owned(table));
    }
    Ok(())
}

/// Removes a checkpoint file if there is one.
fn remove_checkpoint(path: &Path) -> Result<(), Error> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::io(path, &e)),
        _ => Ok(()),
    }
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

/// The table of `seeds` seeds (`boards` boards) already in `dir`, with one
/// byte a board (a compressed one decompressed, its exits read from
/// `lower`, the tables below), announced to `progress` as kept; `None`
/// when it is to be built: missing, or damaged (announced as replaced).
///
/// # Errors
/// A file that cannot be read for another reason than damage.
pub(crate) fn kept_layer(
    dir: &Path,
    rules: &TableRules,
    seeds: usize,
    boards: u64,
    lower: &[TableBytes],
    progress: &dyn Progress,
) -> Result<Option<TableBytes>, Error> {
    match open_table(dir, rules, seeds) {
        Ok(Some(kept)) => {
            progress.layer_start(seeds, boards, true);
            Ok(Some(kept.into_raw(rules, seeds, lower)))
        }
        Ok(None) => Ok(None),
        Err(e) if e.is_damage() => {
            progress.replacing(seeds, &e);
            Ok(None)
        }
        Err(e) => Err(e),
    }
}
