//! Files a command writes once its work is done (`book --out`, `tune
//! --write`), checked before the work starts: a mistyped directory fails
//! at once, not after an hour of search.

use std::fs::{self, OpenOptions};
use std::path::{Path, PathBuf};

use crate::error::Error;

/// A file to write at the end, known to be writable.
#[derive(Debug)]
pub struct OutputFile {
    path: PathBuf,
    /// The check created it (empty): removed again if never written.
    created: bool,
    written: bool,
}

impl OutputFile {
    /// Checks that `path` can be written: its directory exists, it is not
    /// a directory, and it opens for writing. An existing file is left as
    /// it is until [`OutputFile::write`].
    ///
    /// # Errors
    /// One line naming the file and why it cannot be written.
    pub fn check(path: &Path) -> Result<OutputFile, Error> {
        let cannot = |why: &dyn std::fmt::Display| {
            Error::input(format!("cannot write {}: {why}", path.display()))
        };
        if path.is_dir() {
            return Err(cannot(&"it is a directory"));
        }
        let existed = path.exists();
        // Appending changes nothing in a file that is there.
        OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| cannot(&e))?;
        Ok(OutputFile {
            path: path.to_owned(),
            created: !existed,
            written: false,
        })
    }

    /// Writes the file's whole contents.
    ///
    /// # Errors
    /// One line naming the file when writing fails.
    pub fn write(mut self, contents: &str) -> Result<(), Error> {
        self.written = true;
        fs::write(&self.path, contents)
            .map_err(|e| Error::input(format!("cannot write {}: {e}", self.path.display())))
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if self.created && !self.written {
            // Only the empty file the check made; nothing of the user's.
            let _ = fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_directory_fails_before_any_work() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/book.txt");
        let err = OutputFile::check(&path).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("cannot write {}", path.display())),
            "{err}"
        );
        assert!(OutputFile::check(dir.path()).is_err());
    }

    #[test]
    fn an_unwritten_check_leaves_nothing_behind_and_keeps_what_was_there() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new.txt");
        drop(OutputFile::check(&new).unwrap());
        assert!(!new.exists());
        let old = dir.path().join("old.txt");
        fs::write(&old, "kept").unwrap();
        drop(OutputFile::check(&old).unwrap());
        assert_eq!(fs::read_to_string(&old).unwrap(), "kept");
        OutputFile::check(&old).unwrap().write("new").unwrap();
        assert_eq!(fs::read_to_string(&old).unwrap(), "new");
    }
}
