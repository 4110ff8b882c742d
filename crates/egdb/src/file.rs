//! The table file format: a 128-byte header, then one byte per board.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "WARIEGDB"
//!      8     4  format version (little-endian u32), now 1
//!     12     4  header length (u32), 128
//!     16     1  pits per row
//!     17     1  seeds on the board (the table's seed count)
//!     18     6  zero
//!     24     8  entries (u64): C(seeds + 2 pits - 1, 2 pits - 1)
//!     32     8  checksum of the payload (u64, see `checksum`)
//!     40     1  length of the rules string
//!     41    87  the table rules string (as `TableRules::name`), zero padded
//!    128     -  the payload: one `Value` byte per board, in index order
//! ```
//!
//! Opening a file checks every field against what the caller expects and
//! the checksum against the payload, so a wrong, truncated or damaged file
//! is an error before any value is read from it.

use std::fs::{self, File};
use std::io::Write;
use std::ops::Deref;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::error::Error;
use crate::index::positions;
use crate::table_rules::TableRules;

/// The first bytes of every table file.
pub const MAGIC: [u8; 8] = *b"WARIEGDB";

/// The format version this library writes and reads.
pub const VERSION: u32 = 1;

/// Bytes before the payload.
pub const HEADER_LEN: usize = 128;

/// The file of the table of `seeds` seeds under `rules` in `dir`:
/// `DIR/RULES/NN.egdb`, like `egdb/abapa/07.egdb`.
///
/// ```
/// use std::path::Path;
/// use wari_egdb::{TableRules, table_path};
/// let rules = TableRules::new(&"kalah,pits=4,seeds=3".parse()?);
/// assert_eq!(table_path(Path::new("egdb"), &rules, 7), Path::new("egdb/kalah,pits=4/07.egdb"));
/// # Ok::<(), wari_rules::RulesError>(())
/// ```
#[must_use]
pub fn table_path(dir: &Path, rules: &TableRules, seeds: usize) -> PathBuf {
    dir.join(rules.name()).join(format!("{seeds:02}.egdb"))
}

/// A 64-bit checksum of a payload: each 8-byte word is mixed in by a
/// step that is a bijection of the running sum, so changing any one word
/// always changes the result; the length is mixed in last.
#[must_use]
pub fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h: u64 = 0x5741_5249_4547_4442;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    h = (h ^ u64::from_le_bytes(tail))
        .wrapping_mul(K)
        .rotate_left(29);
    (h ^ bytes.len() as u64).wrapping_mul(K)
}

fn header(rules: &TableRules, seeds: usize, payload: &[u8]) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(&MAGIC);
    h[8..12].copy_from_slice(&VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
    h[16] = rules.pits() as u8;
    h[17] = seeds as u8;
    h[24..32].copy_from_slice(&(payload.len() as u64).to_le_bytes());
    h[32..40].copy_from_slice(&checksum(payload).to_le_bytes());
    let name = rules.name();
    h[40] = name.len() as u8;
    h[41..41 + name.len()].copy_from_slice(name.as_bytes());
    h
}

/// Writes a table atomically: to a temporary file beside it, then renamed,
/// so that an interrupted build never leaves a partial table.
///
/// # Errors
/// When the directory or file cannot be written.
pub fn write_table(
    dir: &Path,
    rules: &TableRules,
    seeds: usize,
    payload: &[u8],
) -> Result<PathBuf, Error> {
    let path = table_path(dir, rules, seeds);
    let parent = path.parent().expect("a table path has a directory");
    fs::create_dir_all(parent).map_err(|e| Error::io(parent, &e))?;
    let temp = path.with_extension("egdb.tmp");
    let write = || -> std::io::Result<()> {
        let mut file = File::create(&temp)?;
        file.write_all(&header(rules, seeds, payload))?;
        file.write_all(payload)?;
        file.sync_all()?;
        fs::rename(&temp, &path)
    };
    write().map_err(|e| {
        // Nothing half written is left behind.
        let _ = fs::remove_file(&temp);
        Error::io(&path, &e)
    })?;
    Ok(path)
}

/// The bytes of an opened table: mapped from its file, or built in memory.
#[derive(Debug)]
pub enum TableBytes {
    /// A memory-mapped file, header included.
    Mapped(Mmap),
    /// Built in memory: the payload alone.
    Owned(Vec<u8>),
}

impl Deref for TableBytes {
    type Target = [u8];

    /// The payload: one byte per board.
    fn deref(&self) -> &[u8] {
        match self {
            TableBytes::Mapped(map) => &map[HEADER_LEN..],
            TableBytes::Owned(bytes) => bytes,
        }
    }
}

impl AsRef<[u8]> for TableBytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

/// Opens and checks the table of `seeds` seeds under `rules` in `dir`.
/// `Ok(None)` when there is no such file.
///
/// # Errors
/// When the file cannot be read, or is not the table expected: bad magic,
/// another version, other rules, pits or seeds, a wrong length or a
/// checksum that does not match.
pub fn open_table(
    dir: &Path,
    rules: &TableRules,
    seeds: usize,
) -> Result<Option<TableBytes>, Error> {
    let path = table_path(dir, rules, seeds);
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(&path, &e)),
    };
    let len = file.metadata().map_err(|e| Error::io(&path, &e))?.len();
    if len < HEADER_LEN as u64 {
        if len >= 8 && !read_start(&file, &path)?.starts_with(&MAGIC) {
            return Err(Error::BadMagic(path));
        }
        return Err(Error::Truncated {
            path,
            expected: HEADER_LEN as u64 + positions(rules.pits(), seeds),
            found: len,
        });
    }
    // Safety: the map is read-only and the file is not changed while it
    // is open (tables are written to a temporary file and renamed, never
    // rewritten in place); a file truncated under us by someone else
    // could fault, as with any mapped file.
    let map = unsafe { Mmap::map(&file) }.map_err(|e| Error::io(&path, &e))?;
    check(&map, &path, rules, seeds)?;
    Ok(Some(TableBytes::Mapped(map)))
}

fn read_start(file: &File, path: &Path) -> Result<Vec<u8>, Error> {
    use std::io::Read;
    let mut start = Vec::new();
    file.take(8)
        .read_to_end(&mut start)
        .map_err(|e| Error::io(path, &e))?;
    Ok(start)
}

/// Checks a whole file's bytes: header fields, length and checksum.
fn check(bytes: &[u8], path: &Path, rules: &TableRules, seeds: usize) -> Result<(), Error> {
    let path = || path.to_owned();
    if bytes[..8] != MAGIC {
        return Err(Error::BadMagic(path()));
    }
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32_at(8);
    if version != VERSION {
        return Err(Error::Version {
            path: path(),
            found: version,
        });
    }
    if u32_at(12) != HEADER_LEN as u32 {
        return Err(Error::header(
            &path(),
            format!("header length {}", u32_at(12)),
        ));
    }
    let name_len = usize::from(bytes[40]);
    let name = bytes
        .get(41..41 + name_len)
        .filter(|_| 41 + name_len <= HEADER_LEN)
        .and_then(|b| std::str::from_utf8(b).ok())
        .ok_or_else(|| Error::header(&path(), "unreadable rules string"))?;
    if name != rules.name() {
        return Err(Error::WrongRules {
            path: path(),
            expected: rules.name(),
            found: name.to_owned(),
        });
    }
    if usize::from(bytes[16]) != rules.pits() || usize::from(bytes[17]) != seeds {
        return Err(Error::header(
            &path(),
            format!(
                "{} pits and {} seeds, expected {} and {seeds}",
                bytes[16],
                bytes[17],
                rules.pits()
            ),
        ));
    }
    let entries = positions(rules.pits(), seeds);
    if u64_at(24) != entries {
        return Err(Error::header(
            &path(),
            format!("{} entries, expected {entries}", u64_at(24)),
        ));
    }
    let expected = HEADER_LEN as u64 + entries;
    if bytes.len() as u64 != expected {
        return Err(Error::Truncated {
            path: path(),
            expected,
            found: bytes.len() as u64,
        });
    }
    if checksum(&bytes[HEADER_LEN..]) != u64_at(32) {
        return Err(Error::Checksum(path()));
    }
    Ok(())
}
