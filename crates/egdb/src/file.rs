//! The table file format: a 128-byte header, then one byte per board
//! (version 1) or the values compressed (version 2, `compress.rs`).
//!
//! ```text
//! offset  size  field
//!      0     8  magic "WARIEGDB"
//!      8     4  format version (little-endian u32): 1 or 2
//!     12     4  header length (u32), 128
//!     16     1  pits per row
//!     17     1  seeds on the board (the table's seed count)
//!     18     6  zero
//!     24     8  entries (u64): C(seeds + 2 pits - 1, 2 pits - 1)
//!     32     8  checksum of the payload (u64, see `checksum`)
//!     40     1  length of the rules string
//!     41    87  the table rules string (as `TableRules::name`), zero padded
//!    128     -  the payload: one `Value` byte per board, in index order
//!                 (version 1), or those bytes compressed (version 2)
//! ```
//!
//! Opening a file checks every field against what the caller expects and
//! the checksum against the payload, so a wrong, truncated or damaged file
//! is an error before any value is read from it.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::compress::{Compressed, compress};
use crate::error::Error;
use crate::exits;
use crate::index::positions;
use crate::table_rules::{Lower, TableRules};
use crate::tables::Tables;

/// The first bytes of every table file.
pub(crate) const MAGIC: [u8; 8] = *b"WARIEGDB";

/// The format version of a table of one byte a board, which builds
/// write.
pub(crate) const VERSION: u32 = 1;

/// The format version of a compressed table (`wari egdb compress`).
pub(crate) const COMPRESSED_VERSION: u32 = 2;

/// Bytes before the payload.
pub(crate) const HEADER_LEN: usize = 128;

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
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
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

fn header(rules: &TableRules, seeds: usize, version: u32, payload: &[u8]) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(&MAGIC);
    h[8..12].copy_from_slice(&version.to_le_bytes());
    h[12..16].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
    h[16] = rules.pits() as u8;
    h[17] = seeds as u8;
    h[24..32].copy_from_slice(&positions(rules.pits(), seeds).to_le_bytes());
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
pub(crate) fn write_table(
    dir: &Path,
    rules: &TableRules,
    seeds: usize,
    payload: &[u8],
) -> Result<PathBuf, Error> {
    write_file(dir, rules, seeds, VERSION, payload)
}

fn write_file(
    dir: &Path,
    rules: &TableRules,
    seeds: usize,
    version: u32,
    payload: &[u8],
) -> Result<PathBuf, Error> {
    let path = table_path(dir, rules, seeds);
    let parent = path.parent().expect("a table path has a directory");
    fs::create_dir_all(parent).map_err(|e| Error::io(parent, &e))?;
    let temp = path.with_extension("egdb.tmp");
    let write = || -> std::io::Result<()> {
        let mut file = File::create(&temp)?;
        file.write_all(&header(rules, seeds, version, payload))?;
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

/// An opened table: its values mapped from a file of one byte a board,
/// built in memory, or mapped from a compressed file.
#[derive(Debug)]
pub enum TableBytes {
    /// A memory-mapped file of format version 1, header included.
    Mapped(Mmap),
    /// Built in memory (or decompressed): one byte a board.
    Owned(Vec<u8>),
    /// A memory-mapped compressed file (format version 2).
    Compressed(Box<Compressed<Payload>>),
}

/// The payload of a mapped file: the bytes after its header.
#[derive(Debug)]
pub struct Payload(Mmap);

impl AsRef<[u8]> for Payload {
    fn as_ref(&self) -> &[u8] {
        &self.0[HEADER_LEN..]
    }
}

impl TableBytes {
    /// The stored byte of board `index` ([`crate::Value::from_byte`]);
    /// in a compressed table, 0x40 (a score of -64) for a board whose
    /// value is the best of its moves that capture or end the game,
    /// which [`Tables`] reads from the tables of fewer seeds.
    ///
    /// # Panics
    /// When `index` is not below [`TableBytes::len`].
    #[inline]
    #[must_use]
    pub fn get(&self, index: u64) -> u8 {
        match self {
            TableBytes::Mapped(map) => map[HEADER_LEN + index as usize],
            TableBytes::Owned(bytes) => bytes[index as usize],
            TableBytes::Compressed(table) => {
                assert!(index < table.len(), "index out of range");
                table.get(index)
            }
        }
    }

    /// Boards in the table.
    #[must_use]
    pub fn len(&self) -> u64 {
        match self {
            TableBytes::Mapped(map) => (map.len() - HEADER_LEN) as u64,
            TableBytes::Owned(bytes) => bytes.len() as u64,
            TableBytes::Compressed(table) => table.len(),
        }
    }

    /// Whether the table has no board (never: every seed count has one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One byte a board, unless the table is compressed.
    #[must_use]
    pub fn raw(&self) -> Option<&[u8]> {
        match self {
            TableBytes::Mapped(map) => Some(&map[HEADER_LEN..]),
            TableBytes::Owned(bytes) => Some(bytes),
            TableBytes::Compressed(_) => None,
        }
    }

    /// The bytes as stored: one a board, or the compressed payload.
    #[must_use]
    pub fn stored(&self) -> &[u8] {
        match self {
            TableBytes::Compressed(table) => table.payload(),
            raw => raw.raw().expect("not compressed"),
        }
    }

    /// Whether the table is compressed (format version 2).
    #[must_use]
    pub const fn is_compressed(&self) -> bool {
        matches!(self, TableBytes::Compressed(_))
    }

    /// Whether some boards are stored as exits, their values to be read
    /// from the tables of fewer seeds (a compressed table of model kind
    /// 3).
    #[must_use]
    pub const fn has_exits(&self) -> bool {
        match self {
            TableBytes::Compressed(table) => table.has_exits(),
            _ => false,
        }
    }

    /// Every value byte, decompressed if need be (in parallel), of the
    /// table of `seeds` seeds under `rules`; `lower` are the tables of
    /// fewer seeds, which a compressed table's exits are read from.
    pub(crate) fn decompress<L: Lower + Sync + ?Sized>(
        &self,
        rules: &TableRules,
        seeds: usize,
        lower: &L,
    ) -> Vec<u8> {
        match self {
            TableBytes::Compressed(table) => {
                let mut bytes = table.decompress();
                exits::resolve_all(&mut bytes, rules, seeds, lower);
                bytes
            }
            raw => raw.raw().expect("not compressed").to_vec(),
        }
    }

    /// The table with one byte a board: itself, or decompressed
    /// ([`TableBytes::decompress`]).
    pub(crate) fn into_raw<L: Lower + Sync + ?Sized>(
        self,
        rules: &TableRules,
        seeds: usize,
        lower: &L,
    ) -> TableBytes {
        match self {
            TableBytes::Compressed(_) => TableBytes::Owned(self.decompress(rules, seeds, lower)),
            raw => raw,
        }
    }
}

/// Opens and checks the table of `seeds` seeds under `rules` in `dir`.
/// `Ok(None)` when there is no such file.
///
/// # Errors
/// When the file cannot be read, or is not the table expected: bad magic,
/// another version, other rules, pits or seeds, a wrong length or a
/// checksum that does not match.
pub(crate) fn open_table(
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
    if check(&map, &path, rules, seeds)? == VERSION {
        return Ok(Some(TableBytes::Mapped(map)));
    }
    let compressed = Compressed::new(Payload(map), 2 * rules.pits(), seeds)
        .map_err(|what| Error::header(&path, format!("damaged compressed table: {what}")))?;
    Ok(Some(TableBytes::Compressed(Box::new(compressed))))
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
/// Returns the format version.
fn check(bytes: &[u8], path: &Path, rules: &TableRules, seeds: usize) -> Result<u32, Error> {
    let path = || path.to_owned();
    if bytes[..8] != MAGIC {
        return Err(Error::BadMagic(path()));
    }
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32_at(8);
    if version != VERSION && version != COMPRESSED_VERSION {
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
    if version == VERSION && bytes.len() as u64 != expected {
        return Err(Error::Truncated {
            path: path(),
            expected,
            found: bytes.len() as u64,
        });
    }
    if checksum(&bytes[HEADER_LEN..]) != u64_at(32) {
        return Err(Error::Checksum(path()));
    }
    Ok(version)
}

/// Rewrites the table of `seeds` seeds of `tables` (opened from a
/// directory) compressed (format version 2), after checking that the
/// compressed payload decodes to the same bytes; the tables of fewer
/// seeds must be there (its exits are read from them). Returns the
/// file's length before and after, or `None` when there is no such
/// table; a table already compressed, or one that compression would not
/// make smaller (a few seeds: the model outweighs the values), is left
/// as it is (the same length twice). With `exits`, the boards whose
/// value a capture or the game's end gives are stored as exits (model
/// kind 5) where that makes the file smaller.
///
/// ```
/// use wari_egdb::{Quiet, Tables, build, compress_table};
/// let dir = tempfile::tempdir()?;
/// let rules = "wari,pits=4,cycle=even".parse()?;
/// build(dir.path(), &rules, 10, &Quiet)?;
/// let tables = Tables::open(dir.path(), &rules)?;
/// let (before, after) = compress_table(&tables, 10, true)?.unwrap();
/// assert!(after < before);
/// assert_eq!(Tables::open(dir.path(), &rules)?.max_seeds(), Some(10));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When the file, or one of fewer seeds, is not a valid table or not
/// there, or the file cannot be written; when `tables` are not opened
/// from a directory.
pub fn compress_table(
    tables: &Tables,
    seeds: usize,
    exits: bool,
) -> Result<Option<(u64, u64)>, Error> {
    let Some(dir) = tables.dir() else {
        return Err(Error::Io {
            path: PathBuf::new(),
            message: "tables built in memory have no files to compress".to_owned(),
        });
    };
    let rules = tables.rules();
    let Some(table) = open_table(dir, rules, seeds)? else {
        return Ok(None);
    };
    let before = (HEADER_LEN + table.stored().len()) as u64;
    if table.is_compressed() {
        return Ok(Some((before, before)));
    }
    let lower = if exits {
        tables.layers_below(seeds)?
    } else {
        Vec::new()
    };
    let raw = table.raw().expect("not compressed");
    let after = write_compressed(dir, rules, seeds, raw, &lower[..], exits)?;
    Ok(Some((before, after.unwrap_or(before))))
}

/// Writes the table of `seeds` seeds under `rules`, whose bytes are
/// `raw`, compressed (format version 2) after checking that the
/// compressed payload decodes to `raw`; with `exits`, with its exits
/// marked (`exits.rs`, read from `lower`, the tables of fewer seeds) if
/// that is smaller. Returns the file's length, or `None`, writing
/// nothing, when compression would not make it smaller (a few seeds: the
/// model outweighs the values).
///
/// # Errors
/// When the file cannot be written, or the payload would not decode to
/// `raw`.
pub(crate) fn write_compressed<L: Lower + Sync + ?Sized>(
    dir: &Path,
    rules: &TableRules,
    seeds: usize,
    raw: &[u8],
    lower: &L,
    with_exits: bool,
) -> Result<Option<u64>, Error> {
    let cells = 2 * rules.pits();
    let mut payload = compress(raw, cells, seeds).expect("a table without exits always compresses");
    if with_exits {
        let marked = exits::mark(raw, rules, seeds, lower);
        if let Some(smaller) = compress(&marked, cells, seeds).filter(|p| p.len() < payload.len()) {
            payload = smaller;
        }
    }
    if payload.len() >= raw.len() {
        return Ok(None);
    }
    let path = table_path(dir, rules, seeds);
    let mut decoded = Compressed::new(&payload[..], cells, seeds)
        .map_err(|what| Error::header(&path, format!("compression failed: {what}")))?
        .decompress();
    exits::resolve_all(&mut decoded, rules, seeds, lower);
    if decoded != raw {
        return Err(Error::header(
            &path,
            "compression failed: the decoded table differs",
        ));
    }
    drop(decoded);
    write_file(dir, rules, seeds, COMPRESSED_VERSION, &payload)?;
    Ok(Some((HEADER_LEN + payload.len()) as u64))
}
