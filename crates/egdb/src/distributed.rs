//! Building the tables over several processes with MPI (feature `mpi`):
//! each seed count's boards are split into index ranges, one per
//! process; each process plays the moves of its own range, and after the
//! first pass and after every pass the processes exchange their bounds
//! (an all-gather), until a pass changes no bound anywhere.
//!
//! The values are the same as a single process's, byte for byte: the
//! bounds are iterated from the same start to the same fixed point (see
//! `replay.rs`), and a pass in which no process changed anything, each
//! reading every bound as the last exchange left it, is that fixed
//! point. The process of rank 0 writes each table; the others open it
//! from the same directory (a shared file system on a cluster).
//!
//! Every process keeps the whole seed count's bounds (two bytes a board)
//! and its own range's best exits: what is shared is only the work, not
//! the memory (docs/ENDGAME.md, "Beyond one machine").

use std::path::Path;
use std::time::Instant;

use mpi::Count;
use mpi::collective::SystemOperation;
use mpi::datatype::PartitionMut;
use mpi::traits::{Communicator, CommunicatorCollectives};
use wari_rules::Rules;

use crate::builder::kept_layer;
use crate::error::Error;
use crate::file::{TableBytes, open_table, write_table};
use crate::index::{MAX_LAYER, positions};
use crate::replay::{Layer, Mode};
use crate::retrograde::{CHUNK, Progress};
use crate::table_rules::TableRules;

/// [`build_distributed`] over every process started with this program
/// (by `mpirun -n N`), MPI set up and shut down here; only the process of
/// rank 0 reports to `progress`. Returns this process's rank and the
/// number of processes.
///
/// # Errors
/// As [`build_distributed`]; also when MPI was set up already.
pub fn build_mpi(
    dir: &Path,
    rules: &Rules,
    max_seeds: usize,
    memory: u64,
    progress: &dyn Progress,
) -> Result<(usize, usize), Error> {
    let universe = mpi::initialize().ok_or_else(|| Error::Io {
        path: dir.to_owned(),
        message: "MPI was set up already".to_owned(),
    })?;
    let world = universe.world();
    let rank = world.rank() as usize;
    let quiet = crate::retrograde::Quiet;
    let progress = if rank == 0 { progress } else { &quiet };
    build_distributed(&world, dir, rules, max_seeds, memory, progress)?;
    Ok((rank, world.size() as usize))
}

/// Builds the tables of `rules` from 0 to `max_seeds` seeds into `dir`
/// as [`crate::build`] does, over the processes of `world`, each taking
/// an equal share of every seed count's boards. Every process of `world`
/// calls it with the same arguments; `progress` is told of the build as
/// the process of rank 0 sees it (the others may pass
/// [`crate::Quiet`]). Once the quiet children of its own open boards fit
/// in what `memory` leaves beside the seed count's bounds and exits, a
/// process keeps them and reads them instead of playing the moves again,
/// as [`crate::build_with`] does.
///
/// # Errors
/// As [`crate::build`]. An error on one process (a file it cannot read)
/// is not seen by the others, which then wait: run it under `mpirun`,
/// which ends them all when one fails.
pub fn build_distributed<C: Communicator>(
    world: &C,
    dir: &Path,
    rules: &Rules,
    max_seeds: usize,
    memory: u64,
    progress: &dyn Progress,
) -> Result<(), Error> {
    if max_seeds > MAX_LAYER {
        return Err(Error::TooManySeeds(max_seeds));
    }
    let rules = TableRules::new(rules);
    let (rank, size) = (world.rank() as usize, world.size() as usize);
    let mut layers: Vec<TableBytes> = Vec::with_capacity(max_seeds + 1);
    for seeds in 0..=max_seeds {
        let boards = positions(rules.pits(), seeds);
        if let Some(kept) = kept_layer(dir, &rules, seeds, boards, &layers[..], progress)? {
            layers.push(kept);
            continue;
        }
        // Every process has looked before any writes.
        world.barrier();
        progress.layer_start(seeds, boards, false);
        let started = Instant::now();
        let mut layer = Layer::new(&rules, seeds);
        let chunks = layer.chunks();
        let share = |r: usize| chunks * r / size;
        let mine = share(rank)..share(rank + 1);
        // Each process's boards in the exchanges: its chunks' boards.
        let ranges: Vec<(usize, usize)> = (0..size)
            .map(|r| {
                let first = (share(r) * CHUNK).min(layer.len());
                let last = (share(r + 1) * CHUNK).min(layer.len());
                (first, last - first)
            })
            .collect();
        layer.first_pass(mine.clone(), &layers[..]);
        progress.boards(layer.len() as u64);
        exchange(world, &layer, &ranges, rank);
        progress.pass(0, total_open(world, &layer, mine.clone()));
        let mut pass = 0;
        let mut mode = Mode::Replay;
        let budget = layer.children_budget(memory);
        loop {
            let (changed, words) = layer.pass(mine.clone(), mode);
            mode = mode.next(words, budget);
            exchange(world, &layer, &ranges, rank);
            let mut anywhere = 0u8;
            world.all_reduce_into(&u8::from(changed), &mut anywhere, SystemOperation::max());
            pass += 1;
            progress.pass(pass, total_open(world, &layer, mine.clone()));
            if anywhere == 0 {
                break;
            }
        }
        let table = if rank == 0 {
            layer.exits = Vec::new();
            let table = layer.values(0..layer.len());
            drop(layer);
            write_table(dir, &rules, seeds, &table)?;
            Some(table)
        } else {
            drop(layer);
            None
        };
        // The table is written before the others read it.
        world.barrier();
        let table = match table {
            Some(table) => TableBytes::Owned(table),
            None => open_table(dir, &rules, seeds)?
                .ok_or_else(|| Error::Io {
                    path: crate::file::table_path(dir, &rules, seeds),
                    message: "not written by the process of rank 0".to_owned(),
                })?
                .into_raw(&rules, seeds, &layers[..]),
        };
        progress.layer_done(seeds, boards, started.elapsed().as_secs_f64());
        layers.push(table);
    }
    Ok(())
}

/// Gives every process every other's bounds: each sends those of its
/// own boards, `ranges[r]` being process `r`'s (first board, boards).
fn exchange<C: Communicator>(world: &C, layer: &Layer, ranges: &[(usize, usize)], rank: usize) {
    use std::sync::atomic::Ordering::Relaxed;
    let (first, count) = ranges[rank];
    let mine: Vec<u16> = layer.bounds[first..first + count]
        .iter()
        .map(|b| b.load(Relaxed))
        .collect();
    let counts: Vec<Count> = ranges
        .iter()
        .map(|&(_, c)| Count::try_from(c).expect("a share of at most 2^31 boards"))
        .collect();
    let displs: Vec<Count> = ranges
        .iter()
        .map(|&(f, _)| Count::try_from(f).expect("a table of at most 2^31 boards"))
        .collect();
    let mut all = vec![0u16; layer.len()];
    {
        let mut partition = PartitionMut::new(&mut all[..], &counts[..], &displs[..]);
        world.all_gather_varcount_into(&mine[..], &mut partition);
    }
    for (bound, &value) in layer.bounds.iter().zip(&all) {
        bound.store(value, Relaxed);
    }
}

/// Boards still open over every process's range.
fn total_open<C: Communicator>(world: &C, layer: &Layer, mine: std::ops::Range<usize>) -> u64 {
    use std::sync::atomic::Ordering::Relaxed;
    let open: u64 = layer.open[mine]
        .iter()
        .map(|o| u64::from(o.load(Relaxed)))
        .sum();
    let mut total = 0u64;
    world.all_reduce_into(&open, &mut total, SystemOperation::sum());
    total
}
