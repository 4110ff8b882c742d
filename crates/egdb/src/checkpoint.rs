//! The checkpoint of a table being built by [`crate::replay`]: its bounds
//! and best exits saved to `DIR/RULES/NN.build` after every slab of the
//! first pass and after every pass, so that an interrupted build resumes
//! from the last one saved.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "WARIBILD"
//!      8     4  checkpoint format version (u32 LE), 1
//!     16     1  pits per row
//!     17     1  seeds on the board
//!     24     8  boards n (u64 LE)
//!     32     8  chunks of the first pass done (u64 LE)
//!     40     8  passes done after the first (u64 LE)
//!     48     1  length of the rules string
//!     49    79  the table rules string
//!    128     n  best exit of each board (i8)
//!  128+n    2n  bounds of each board (u16 LE: lower bound in the low byte)
//! ```
//!
//! The data are written before the header that counts them, each synced
//! to disk first. The bounds are overwritten in place: a write cut short
//! leaves some boards with the newer bounds and some with the older, and
//! each byte is a true bound either way (bounds only tighten), so that is
//! still a state to go on from.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;

use crate::error::Error;
use crate::replay::Layer;
use crate::retrograde::CHUNK;
use crate::table_rules::TableRules;

const MAGIC: [u8; 8] = *b"WARIBILD";
const VERSION: u32 = 1;
const HEADER: u64 = 128;
/// Bytes moved to or from the file at once.
const BUFFER: usize = 1 << 22;

/// Where a build stands, as its checkpoint says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Progress {
    /// Chunks of the first pass done (all of them once it is over).
    pub(crate) chunks: usize,
    /// Passes done after the first.
    pub(crate) passes: usize,
}

/// The checkpoint file of one table being built.
#[derive(Debug)]
pub(crate) struct Checkpoint {
    path: PathBuf,
    file: File,
}

/// The checkpoint file of the table of `seeds` seeds: `DIR/RULES/NN.build`.
pub(crate) fn checkpoint_path(dir: &Path, rules: &TableRules, seeds: usize) -> PathBuf {
    dir.join(rules.name()).join(format!("{seeds:02}.build"))
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for `layer`, reading what it holds
    /// into the layer, or starts a new one (when there is none, or the
    /// one there is not of this table: then it is replaced).
    pub(crate) fn open(path: &Path, layer: &mut Layer) -> Result<(Checkpoint, Progress), Error> {
        let io = |e: std::io::Error| Error::io(path, &e);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| Error::io(parent, &e))?;
        }
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        let mut checkpoint = Checkpoint {
            path: path.to_owned(),
            file,
        };
        let progress = match checkpoint.read_header(layer)? {
            Some(progress) => {
                checkpoint.load(layer, progress)?;
                progress
            }
            None => {
                let n = layer.len() as u64;
                checkpoint.file.set_len(0).map_err(io)?;
                checkpoint.file.set_len(HEADER + 3 * n).map_err(io)?;
                checkpoint.write_header(layer, Progress::default())?;
                Progress::default()
            }
        };
        Ok((checkpoint, progress))
    }

    /// The progress a valid header of this layer's table records.
    fn read_header(&mut self, layer: &Layer) -> Result<Option<Progress>, Error> {
        let len = self
            .file
            .metadata()
            .map_err(|e| Error::io(&self.path, &e))?
            .len();
        let n = layer.len() as u64;
        if len != HEADER + 3 * n {
            return Ok(None);
        }
        let mut h = [0u8; HEADER as usize];
        self.file
            .seek(SeekFrom::Start(0))
            .and_then(|_| self.file.read_exact(&mut h))
            .map_err(|e| Error::io(&self.path, &e))?;
        let u64_at = |at: usize| u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"));
        let name = layer.rules.name();
        let ours = h[..8] == MAGIC
            && h[8..12] == VERSION.to_le_bytes()
            && usize::from(h[16]) == layer.rules.pits()
            && usize::from(h[17]) == layer.seeds
            && u64_at(24) == n
            && usize::from(h[48]) == name.len()
            && h.get(49..49 + name.len()) == Some(name.as_bytes());
        let chunks = u64_at(32) as usize;
        if !ours || chunks > layer.chunks() {
            return Ok(None);
        }
        Ok(Some(Progress {
            chunks,
            passes: u64_at(40) as usize,
        }))
    }

    fn write_header(&mut self, layer: &Layer, progress: Progress) -> Result<(), Error> {
        let mut h = [0u8; HEADER as usize];
        h[..8].copy_from_slice(&MAGIC);
        h[8..12].copy_from_slice(&VERSION.to_le_bytes());
        h[16] = layer.rules.pits() as u8;
        h[17] = layer.seeds as u8;
        h[24..32].copy_from_slice(&(layer.len() as u64).to_le_bytes());
        h[32..40].copy_from_slice(&(progress.chunks as u64).to_le_bytes());
        h[40..48].copy_from_slice(&(progress.passes as u64).to_le_bytes());
        let name = layer.rules.name();
        h[48] = name.len() as u8;
        h[49..49 + name.len()].copy_from_slice(name.as_bytes());
        self.file
            .seek(SeekFrom::Start(0))
            .and_then(|_| self.file.write_all(&h))
            .and_then(|()| self.file.sync_data())
            .map_err(|e| Error::io(&self.path, &e))
    }

    /// Reads the saved exits and bounds of the chunks the first pass had
    /// done (all chunks once it is over) into `layer`.
    fn load(&mut self, layer: &mut Layer, progress: Progress) -> Result<(), Error> {
        let n = layer.len();
        let boards = (progress.chunks * CHUNK).min(n);
        let io = |e: std::io::Error| Error::io(&self.path, &e);
        self.file.seek(SeekFrom::Start(HEADER)).map_err(io)?;
        let mut buffer = vec![0u8; BUFFER];
        let mut at = 0;
        while at < boards {
            let len = BUFFER.min(boards - at);
            self.file.read_exact(&mut buffer[..len]).map_err(io)?;
            for (exit, &byte) in layer.exits[at..at + len].iter_mut().zip(&buffer[..len]) {
                *exit = byte as i8;
            }
            at += len;
        }
        self.file
            .seek(SeekFrom::Start(HEADER + n as u64))
            .map_err(io)?;
        let mut at = 0;
        while at < boards {
            let len = (BUFFER / 2).min(boards - at);
            self.file.read_exact(&mut buffer[..2 * len]).map_err(io)?;
            for (bound, pair) in layer.bounds[at..at + len]
                .iter()
                .zip(buffer[..2 * len].chunks_exact(2))
            {
                bound.store(u16::from_le_bytes([pair[0], pair[1]]), Relaxed);
            }
            at += len;
        }
        layer.count_open();
        // The chunks the first pass has not done are not open yet.
        for open in &layer.open[progress.chunks..] {
            open.store(0, Relaxed);
        }
        Ok(())
    }

    /// Saves the exits and bounds of chunks `from..progress.chunks` (the
    /// first pass's last slab), then the progress.
    pub(crate) fn save_first_pass(
        &mut self,
        layer: &Layer,
        from: usize,
        progress: Progress,
    ) -> Result<(), Error> {
        let n = layer.len();
        let boards = (from * CHUNK).min(n)..(progress.chunks * CHUNK).min(n);
        let exits: Vec<u8> = layer.exits[boards.clone()]
            .iter()
            .map(|&e| e as u8)
            .collect();
        self.write_at(HEADER + boards.start as u64, &exits)?;
        self.save_bounds(layer, boards)?;
        self.file
            .sync_data()
            .map_err(|e| Error::io(&self.path, &e))?;
        self.write_header(layer, progress)
    }

    /// Saves every bound after a pass, then the progress.
    pub(crate) fn save_pass(&mut self, layer: &Layer, progress: Progress) -> Result<(), Error> {
        self.save_bounds(layer, 0..layer.len())?;
        self.file
            .sync_data()
            .map_err(|e| Error::io(&self.path, &e))?;
        self.write_header(layer, progress)
    }

    fn save_bounds(&mut self, layer: &Layer, boards: std::ops::Range<usize>) -> Result<(), Error> {
        let n = layer.len() as u64;
        let mut buffer = Vec::with_capacity(BUFFER);
        let mut at = boards.start;
        while at < boards.end {
            let len = (BUFFER / 2).min(boards.end - at);
            buffer.clear();
            for bound in &layer.bounds[at..at + len] {
                buffer.extend_from_slice(&bound.load(Relaxed).to_le_bytes());
            }
            self.write_at(HEADER + n + 2 * at as u64, &buffer)?;
            at += len;
        }
        Ok(())
    }

    fn write_at(&mut self, offset: u64, bytes: &[u8]) -> Result<(), Error> {
        self.file
            .seek(SeekFrom::Start(offset))
            .and_then(|_| self.file.write_all(bytes))
            .map_err(|e| Error::io(&self.path, &e))
    }
}
