//! A set of tables for one rule set, opened lazily from a directory and
//! memory-mapped, or built in memory: probing positions.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use wari_rules::{Move, Position, Rules, Side};

use crate::error::Error;
use crate::exits::{self, EXIT};
use crate::file::{TableBytes, open_table, table_path};
use crate::index::MAX_LAYER;
use crate::table_rules::{Lower, TableRules};
use crate::value::Value;

/// The tables of one rule set, one per seed count. Opened lazily: a file
/// is mapped and checked the first time a position needs it. `Tables` is
/// `Sync`: probe from any number of threads.
///
/// ```no_run
/// use wari_egdb::Tables;
/// use wari_rules::{Position, Rules};
/// let tables = Tables::open("egdb", &Rules::default())?;
/// let p = Position::from_string("0,0,0,0,1,2/1,0,0,0,0,1 S 20-23", Rules::default())?;
/// if let Some(value) = tables.probe(&p)? {
///     println!("South will capture {} seeds more than North", value.score());
/// }
/// // The cheap call for a search: None when the position is not covered.
/// let score: Option<i8> = tables.score(&p);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Tables {
    dir: Option<PathBuf>,
    rules: TableRules,
    layers: Vec<OnceLock<Result<Option<TableBytes>, Error>>>,
    /// The compressed tables decompressed, for [`Tables::layer`].
    decompressed: Vec<OnceLock<Vec<u8>>>,
}

impl Tables {
    /// The tables of `rules` in directory `dir` (as `wari egdb build`
    /// writes them). Nothing is read yet; a missing directory or file only
    /// means fewer positions are covered.
    ///
    /// The files are memory-mapped, not read: while they are open they must
    /// not be truncated or rewritten in place by anyone (`wari egdb build`
    /// writes a new file and renames it over the old one, which is safe). A
    /// file cut short under a running process makes its next probe there
    /// fault (SIGBUS) rather than return an error, as with any mapped file.
    ///
    /// # Errors
    /// When `dir` exists but is not a directory.
    pub fn open(dir: impl AsRef<Path>, rules: &Rules) -> Result<Tables, Error> {
        let dir = dir.as_ref();
        if dir.exists() && !dir.is_dir() {
            return Err(Error::Io {
                path: dir.to_owned(),
                message: "not a directory".to_owned(),
            });
        }
        Ok(Tables {
            dir: Some(dir.to_owned()),
            rules: TableRules::new(rules),
            layers: (0..=MAX_LAYER).map(|_| OnceLock::new()).collect(),
            decompressed: (0..=MAX_LAYER).map(|_| OnceLock::new()).collect(),
        })
    }

    /// Tables built in memory: `layers[k]` is the table of `k` seeds.
    pub(crate) fn from_layers(rules: TableRules, layers: Vec<Vec<u8>>) -> Tables {
        let cells: Vec<_> = (0..=MAX_LAYER).map(|_| OnceLock::new()).collect();
        for (cell, layer) in cells.iter().zip(layers) {
            let _ = cell.set(Ok(Some(TableBytes::Owned(layer))));
        }
        for cell in &cells {
            let _ = cell.set(Ok(None));
        }
        Tables {
            dir: None,
            rules,
            layers: cells,
            decompressed: (0..=MAX_LAYER).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The rules of these tables.
    #[must_use]
    pub const fn rules(&self) -> &TableRules {
        &self.rules
    }

    /// The directory the tables are read from (`None` when built in
    /// memory).
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file of the table of `seeds` seeds, for tables read from a
    /// directory.
    #[must_use]
    pub fn path(&self, seeds: usize) -> Option<PathBuf> {
        self.dir
            .as_deref()
            .map(|dir| table_path(dir, &self.rules, seeds))
    }

    /// The table of `seeds` seeds, opened and checked on first use;
    /// `None` when there is none.
    ///
    /// # Errors
    /// When its file is not a valid table of these rules (the error is
    /// kept: asking again gives it again).
    pub fn table(&self, seeds: usize) -> Result<Option<&TableBytes>, Error> {
        let Some(cell) = self.layers.get(seeds) else {
            return Ok(None);
        };
        let opened = cell.get_or_init(|| match &self.dir {
            Some(dir) => open_table(dir, &self.rules, seeds),
            None => Ok(None),
        });
        match opened {
            Ok(bytes) => Ok(bytes.as_ref()),
            Err(e) => Err(e.clone()),
        }
    }

    /// The table of `seeds` seeds as one value byte per board, opened and
    /// checked on first use (a compressed table is decompressed into
    /// memory then, and kept); `None` when there is none.
    ///
    /// # Errors
    /// As [`Tables::table`].
    pub fn layer(&self, seeds: usize) -> Result<Option<&[u8]>, Error> {
        let Some(table) = self.table(seeds)? else {
            return Ok(None);
        };
        Ok(Some(match table.raw() {
            Some(raw) => raw,
            None => {
                if let Some(done) = self.decompressed[seeds].get() {
                    return Ok(Some(done));
                }
                // Its exits are read from the tables below, whole too.
                let lower = if table.has_exits() {
                    self.layers_below(seeds)?
                } else {
                    Vec::new()
                };
                self.decompressed[seeds]
                    .get_or_init(|| table.decompress(&self.rules, seeds, &lower[..]))
            }
        }))
    }

    /// Every table of fewer than `seeds` seeds, one byte a board
    /// ([`Tables::layer`]).
    ///
    /// # Errors
    /// When one is missing or not valid.
    pub(crate) fn layers_below(&self, seeds: usize) -> Result<Vec<&[u8]>, Error> {
        (0..seeds)
            .map(|k| {
                self.layer(k)?.ok_or_else(|| Error::Io {
                    path: self.path(k).unwrap_or_default(),
                    message: format!("missing: the table of {seeds} seeds reads it"),
                })
            })
            .collect()
    }

    /// The most seeds such that every table from 0 seeds up is there and
    /// valid; `None` if not even the first is.
    #[must_use]
    pub fn max_seeds(&self) -> Option<usize> {
        (0..=MAX_LAYER)
            .take_while(|&k| matches!(self.table(k), Ok(Some(_))))
            .last()
    }

    fn check_rules(&self, position: &Position) -> Result<(), Error> {
        if self.rules.covers(position) {
            Ok(())
        } else {
            Err(Error::RulesMismatch {
                tables: self.rules.name(),
                position: position.rules().to_string(),
            })
        }
    }

    /// The value of a position from the view of the player to move: what
    /// they will still capture minus what the opponent will (0 once the
    /// game is over). `None` when the tables do not cover it (too many
    /// seeds on the board, or the file is missing).
    ///
    /// # Errors
    /// When the position is played under other rules, or the table it
    /// needs is not valid.
    pub fn probe(&self, position: &Position) -> Result<Option<Value>, Error> {
        self.check_rules(position)?;
        if position.is_over() {
            return Ok(Some(Value::exact(0)));
        }
        let seeds = usize::from(position.seeds_on_board());
        let Some(table) = self.table(seeds)? else {
            return Ok(None);
        };
        let index = self.rules.index_of(position);
        self.value_of(table, seeds, index)
    }

    /// The value of board `index` of `table`, the table of `seeds` seeds:
    /// its stored byte, or its best exit's read from the tables below
    /// (`None` if one of them is missing).
    #[inline]
    fn value_of(
        &self,
        table: &TableBytes,
        seeds: usize,
        index: u64,
    ) -> Result<Option<Value>, Error> {
        let stored = table.get(index);
        if stored != EXIT {
            return Ok(Some(Value::from_byte(stored)));
        }
        // (Each table below opened once, then a lock-free read.)
        for k in 0..seeds {
            if self.table(k)?.is_none() {
                return Ok(None);
            }
        }
        let byte = exits::resolve(stored, index, &self.rules, seeds, &Probing(self));
        Ok(Some(Value::from_byte(byte)))
    }

    /// [`Tables::probe`]'s score alone, or `None` when the position is not
    /// covered for any reason (other rules, missing or invalid table): the
    /// cheap call for a search.
    #[inline]
    #[must_use]
    pub fn score(&self, position: &Position) -> Option<i8> {
        self.probe(position).ok().flatten().map(Value::score)
    }

    /// Every legal move with its value from the view of the player to
    /// move: what the move captures at once plus what follows. `None` when
    /// a position the moves lead to is not covered; an empty list when the
    /// game is over.
    ///
    /// # Errors
    /// As [`Tables::probe`].
    pub fn probe_moves(&self, position: &Position) -> Result<Option<Vec<(Move, Value)>>, Error> {
        self.check_rules(position)?;
        if position.is_over() {
            return Ok(Some(Vec::new()));
        }
        let seeds = usize::from(position.seeds_on_board());
        let m = self.rules.pits();
        // The same board seen from the player to move, South to move.
        let mut board = [0u8; 12];
        let own = position.row(position.turn());
        let other = position.row(position.turn().opposite());
        board[..m].copy_from_slice(own);
        board[m..2 * m].copy_from_slice(other);
        let seen = self.rules.position(&board[..2 * m], seeds);
        let mut moves = Vec::new();
        for mv in seen.legal_moves() {
            let mut child = seen;
            child.play_unchecked(mv);
            let Some(value) = self.value_after(&child, seeds)? else {
                return Ok(None);
            };
            moves.push((Move::new(position.turn(), mv.column()), value));
        }
        Ok(Some(moves))
    }

    /// The value for South of a position South reached by one move from a
    /// board of `seeds` seeds with nothing captured.
    fn value_after(&self, child: &Position, seeds: usize) -> Result<Option<Value>, Error> {
        let south = child.captured(Side::South);
        let north = child.captured(Side::North);
        let gained = south as i8 - north as i8;
        if child.is_over() {
            return Ok(Some(Value::exact(gained)));
        }
        let left = seeds - usize::from(south) - usize::from(north);
        let Some(table) = self.table(left)? else {
            return Ok(None);
        };
        let Some(v) = self.value_of(table, left, self.rules.index_of(child))? else {
            return Ok(None);
        };
        Ok(Some(Value::new(
            match child.turn() {
                Side::South => gained + v.score(),
                Side::North => gained - v.score(),
            },
            v.by_cycle(),
        )))
    }
}

/// The tables as the moves out of a table read them, each exit resolved
/// in turn: every table below the one probed is known to be there.
struct Probing<'t>(&'t Tables);

impl Lower for Probing<'_> {
    fn score(&self, seeds: usize, index: u64) -> i8 {
        let table = match self.0.table(seeds) {
            Ok(Some(table)) => table,
            _ => unreachable!("the tables below were checked"),
        };
        let stored = table.get(index);
        Value::score_of_byte(exits::resolve(stored, index, &self.0.rules, seeds, self))
    }
}
