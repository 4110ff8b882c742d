//! The endgame tables as the engine's oracle, for `wari analyze`, `wari
//! play` and `wari engine`; the small tables built on first use.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use wari_egdb::{Quiet, Tables, build};
use wari_engine::{Known, Oracle};
use wari_rules::{Cycle, Game, Position, Rules};

use crate::error::Error;

/// The seeds up to which tables are built on first use, when the
/// directory has fewer: a few seconds of work, a few MB on disk.
pub const FIRST_USE_SEEDS: usize = 12;

/// A game gets its first tables built once it has at most this many
/// seeds on the board (the search soon reaches the tables from there).
pub const NEAR_THE_END: u8 = 24;

/// Tables opened for one rule set, as the search's oracle.
///
/// Under Kalah (no position repeats: a move feeds a store or moves seeds
/// nearer the mover's store) and under `cycle=even` (a cycle shares the
/// seeds left, worth 0 wherever it closes) the tables hold the game's own
/// values, so they are [`Known::Exact`]. Under `cycle=2|3` each player
/// takes their own row at the position that repeats first, which depends
/// on the moves that led there; the tables' convention (docs/ENDGAME.md)
/// is then an estimate, and even a value not marked as resting on a cycle
/// can differ from the game's (`1,2,0/0,1,1 N 8-7` under `abapa,pits=3`:
/// the tables say a draw, the rules a win for North). So there they are
/// [`Known::Estimate`]: the search uses them at its horizon and applies
/// the real cycle rule above it.
#[derive(Debug)]
pub struct Tablebase {
    tables: Tables,
    max_seeds: u8,
    exact: bool,
}

impl Oracle for Tablebase {
    fn probe(&self, position: &Position) -> Option<Known> {
        if position.seeds_on_board() > self.max_seeds {
            return None;
        }
        let rest = i32::from(self.tables.score(position)?);
        Some(if self.exact {
            Known::Exact(rest)
        } else {
            Known::Estimate(rest)
        })
    }
}

/// Whether the tables of `rules` hold the game's own values (Kalah,
/// `cycle=even`), not the cycle convention's estimates.
#[must_use]
pub fn exact_under(rules: &Rules) -> bool {
    rules.is_kalah() || rules.cycle() == Cycle::Even
}

/// The directory of the tables: `dir`, which must exist, else the
/// default: `$WARI_EGDB`, else `egdb` in the current directory if there
/// is one, else the user's data directory (`$XDG_DATA_HOME/wari/egdb`, by
/// default `~/.local/share/wari/egdb`). Only the default is made when
/// tables are first built: a directory named on the command line or in
/// `EgdbPath` that is not there is a mistake (`wari egdb build --dir DIR`
/// makes its own).
///
/// # Errors
/// When `dir` is given and is not a directory.
pub fn directory(dir: Option<&Path>) -> Result<PathBuf, Error> {
    if let Some(dir) = dir {
        return if dir.is_dir() {
            Ok(dir.to_owned())
        } else if dir.exists() {
            Err(Error::input(format!(
                "{}: not a directory (the endgame tables' directory)",
                dir.display()
            )))
        } else {
            Err(Error::input(format!(
                "no directory {} for the endgame tables (wari egdb build --dir {} makes one)",
                dir.display(),
                dir.display()
            )))
        };
    }
    Ok(default_directory())
}

/// The default directory of the tables (see [`directory`]).
fn default_directory() -> PathBuf {
    if let Some(dir) = std::env::var_os("WARI_EGDB") {
        return PathBuf::from(dir);
    }
    let here = PathBuf::from("egdb");
    if here.is_dir() {
        return here;
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|d| d.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".local/share")));
    data.map_or(here, |d| d.join("wari").join("egdb"))
}

/// The tables of `rules` in `dir` (see [`directory`]) as an oracle, or
/// `None` when there are none for these rules there.
///
/// # Errors
/// When `dir` is given and is not a directory.
pub fn open(dir: Option<&Path>, rules: &Rules) -> Result<Option<Arc<dyn Oracle>>, Error> {
    let dir = directory(dir)?;
    let tables = Tables::open(&dir, rules).map_err(Error::input)?;
    let Some(max_seeds) = tables.max_seeds() else {
        return Ok(None);
    };
    Ok(Some(Arc::new(Tablebase {
        tables,
        max_seeds: u8::try_from(max_seeds).unwrap_or(u8::MAX),
        exact: exact_under(rules),
    })))
}

/// Builds the tables of `rules` up to [`FIRST_USE_SEEDS`] seeds in `dir`
/// (see [`directory`]) when `position` is near the end of its game and
/// they are not all there yet; says so on `note`. Returns whether it
/// built anything.
///
/// # Errors
/// When `dir` is given and is not a directory, or the tables cannot be
/// written (the engine then goes on without them).
pub fn build_on_first_use(
    dir: Option<&Path>,
    rules: &Rules,
    position: &Position,
    note: &mut dyn FnMut(&str),
) -> Result<bool, Error> {
    if position.seeds_on_board() > NEAR_THE_END {
        return Ok(false);
    }
    let dir = directory(dir)?;
    let tables = Tables::open(&dir, rules).map_err(Error::input)?;
    // Once seen there, the small tables are not checked again in this
    // process (each check reads them whole).
    static THERE: Mutex<Vec<(PathBuf, String)>> = Mutex::new(Vec::new());
    let place = (dir.clone(), tables.rules().name());
    let mut there = THERE.lock().unwrap_or_else(PoisonError::into_inner);
    if there.contains(&place) {
        return Ok(false);
    }
    if (0..=FIRST_USE_SEEDS).all(|k| matches!(tables.layer(k), Ok(Some(_)))) {
        there.push(place);
        return Ok(false);
    }
    note(&format!(
        "building the endgame tables of {} up to {FIRST_USE_SEEDS} seeds in {} (first use, a few seconds)",
        tables.rules().name(),
        dir.display()
    ));
    build(&dir, rules, FIRST_USE_SEEDS, &Quiet).map_err(Error::input)?;
    there.push(place);
    Ok(true)
}

/// The tables of every rule set the server's games are played under,
/// each opened once (and its small tables built on first use, when a game
/// nears its end): the computer's [`wari_server::Tablebases`].
pub struct Shelf {
    /// The directory named, if one was (else the default).
    dir: Option<PathBuf>,
    opened: Mutex<HashMap<Rules, Option<Arc<dyn Oracle>>>>,
}

impl Shelf {
    /// The tables in `dir` (see [`directory`]).
    ///
    /// # Errors
    /// When `dir` is given and is not a directory.
    pub fn new(dir: Option<&Path>) -> Result<Shelf, Error> {
        Ok(Shelf {
            dir: dir.map(|d| directory(Some(d))).transpose()?,
            opened: Mutex::new(HashMap::new()),
        })
    }
}

impl std::fmt::Debug for Shelf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
        f.debug_struct("Shelf")
            .field("dir", &self.dir)
            .field("opened", &opened.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl wari_server::Tablebases for Shelf {
    fn oracle(&self, game: &Game) -> Option<Arc<dyn Oracle>> {
        let rules = *game.rules();
        let mut opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(oracle) = opened.get(&rules) {
            return oracle.clone();
        }
        // Far from the end, nothing is opened (nor remembered) yet.
        if game.position().seeds_on_board() > NEAR_THE_END {
            return None;
        }
        let dir = self.dir.as_deref();
        if let Err(e) = build_on_first_use(dir, &rules, game.position(), &mut |note| {
            tracing::info!("{note}");
        }) {
            tracing::warn!("the computer goes on without endgame tables: {e}");
        }
        let oracle = open(dir, &rules).ok().flatten();
        opened.insert(rules, oracle.clone());
        oracle
    }
}
