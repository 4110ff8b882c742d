//! Table files: a wrong, truncated or damaged file is an error, never a
//! panic or a wrong answer; `verify` finds a value changed inside a file
//! whose checksum was made to match.

use std::fs;
use std::path::Path;

use wari_egdb::{
    Error, HEADER_LEN, Quiet, TableRules, Tables, build, checksum, open_table, table_path, verify,
};
use wari_rules::{Position, Rules};

fn rules() -> Rules {
    "abapa,pits=3".parse().unwrap()
}

/// Tables of abapa on 3 pits up to 6 seeds in a fresh directory.
fn built() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), &rules(), 6, &Quiet).unwrap();
    dir
}

fn path(dir: &Path, seeds: usize) -> std::path::PathBuf {
    table_path(dir, &TableRules::new(&rules()), seeds)
}

fn open(dir: &Path, seeds: usize) -> Result<(), Error> {
    open_table(dir, &TableRules::new(&rules()), seeds).map(|_| ())
}

/// A position with 5 seeds on the board.
fn five() -> Position {
    Position::from_string("1,0,2/1,0,1 S 0-0", rules()).unwrap()
}

#[test]
fn a_built_table_opens_and_verifies() {
    let dir = built();
    let tables = Tables::open(dir.path(), &rules()).unwrap();
    assert_eq!(tables.max_seeds(), Some(6));
    for seeds in 0..=6 {
        let verdict = verify(&tables, seeds).unwrap();
        assert_eq!(verdict.mismatches, 0, "{verdict:?}");
        assert_eq!(verdict.boards, wari_egdb::positions(3, seeds));
    }
}

#[test]
fn truncated_file_is_an_error() {
    let dir = built();
    let p = path(dir.path(), 5);
    let bytes = fs::read(&p).unwrap();
    fs::write(&p, &bytes[..bytes.len() - 1]).unwrap();
    assert!(matches!(open(dir.path(), 5), Err(Error::Truncated { .. })));
    fs::write(&p, &bytes[..40]).unwrap();
    assert!(matches!(open(dir.path(), 5), Err(Error::Truncated { .. })));
    fs::write(&p, b"").unwrap();
    assert!(matches!(open(dir.path(), 5), Err(Error::Truncated { .. })));
    let tables = Tables::open(dir.path(), &rules()).unwrap();
    let e = tables.probe(&five()).unwrap_err();
    assert!(e.to_string().contains("truncated"), "{e}");
    assert_eq!(tables.score(&five()), None);
    assert_eq!(tables.max_seeds(), Some(4));
}

#[test]
fn wrong_magic_is_an_error() {
    let dir = built();
    let p = path(dir.path(), 5);
    let mut bytes = fs::read(&p).unwrap();
    bytes[0] = b'X';
    fs::write(&p, &bytes).unwrap();
    assert!(matches!(open(dir.path(), 5), Err(Error::BadMagic(_))));
}

#[test]
fn another_version_is_an_error() {
    let dir = built();
    let p = path(dir.path(), 5);
    let mut bytes = fs::read(&p).unwrap();
    bytes[8] = 9;
    fs::write(&p, &bytes).unwrap();
    assert!(matches!(
        open(dir.path(), 5),
        Err(Error::Version { found: 9, .. })
    ));
}

#[test]
fn a_table_of_other_rules_is_an_error() {
    let dir = built();
    // The abapa file put where the warri tables are looked for.
    let warri: Rules = "warri,pits=3".parse().unwrap();
    let warri_path = table_path(dir.path(), &TableRules::new(&warri), 5);
    fs::create_dir_all(warri_path.parent().unwrap()).unwrap();
    fs::copy(path(dir.path(), 5), &warri_path).unwrap();
    let e = open_table(dir.path(), &TableRules::new(&warri), 5).unwrap_err();
    assert!(matches!(e, Error::WrongRules { .. }), "{e}");
    assert!(e.to_string().contains("\"abapa,pits=3\""), "{e}");
    // And a file of another seed count in the place of this one.
    fs::copy(path(dir.path(), 4), path(dir.path(), 5)).unwrap();
    assert!(matches!(open(dir.path(), 5), Err(Error::BadHeader { .. })));
}

#[test]
fn a_damaged_payload_fails_its_checksum() {
    let dir = built();
    let p = path(dir.path(), 6);
    let mut bytes = fs::read(&p).unwrap();
    bytes[HEADER_LEN + 100] ^= 0x01;
    fs::write(&p, &bytes).unwrap();
    assert!(matches!(open(dir.path(), 6), Err(Error::Checksum(_))));
}

#[test]
fn verify_finds_a_wrong_value_behind_a_good_checksum() {
    let dir = built();
    let p = path(dir.path(), 6);
    let mut bytes = fs::read(&p).unwrap();
    // Every value of seed count 6 is checked; change one and make the
    // checksum match again, as a buggy build would write it.
    let at = HEADER_LEN + 200;
    bytes[at] = (bytes[at] & 0x80) | (bytes[at].wrapping_add(2) & 0x7f);
    let sum = checksum(&bytes[HEADER_LEN..]);
    bytes[32..40].copy_from_slice(&sum.to_le_bytes());
    fs::write(&p, &bytes).unwrap();
    let tables = Tables::open(dir.path(), &rules()).unwrap();
    let verdict = verify(&tables, 6).unwrap();
    assert!(verdict.mismatches >= 1, "{verdict:?}");
    // The changed board, and perhaps a board whose move leads to it.
    assert!(
        verdict.examples.iter().any(|e| e.contains("(index 200)")),
        "{verdict:?}"
    );
}

#[test]
fn a_build_resumes_and_keeps_valid_files() {
    let dir = built();
    let kept = path(dir.path(), 3);
    let before = fs::metadata(&kept).unwrap().modified().unwrap();
    fs::remove_file(path(dir.path(), 6)).unwrap();
    build(dir.path(), &rules(), 6, &Quiet).unwrap();
    assert_eq!(fs::metadata(&kept).unwrap().modified().unwrap(), before);
    assert!(path(dir.path(), 6).exists());
    // A damaged file is built again, and the progress told why.
    let whole = fs::read(path(dir.path(), 4)).unwrap();
    let mut bytes = whole.clone();
    bytes[HEADER_LEN] ^= 1;
    fs::write(path(dir.path(), 4), &bytes).unwrap();
    let told = Told::default();
    build(dir.path(), &rules(), 6, &told).unwrap();
    let replaced = told.0.lock().unwrap().clone();
    assert_eq!(replaced.len(), 1, "{replaced:?}");
    assert!(
        matches!(replaced[0], (4, Error::Checksum(_))),
        "{replaced:?}"
    );
    assert_eq!(fs::read(path(dir.path(), 4)).unwrap(), whole);
    // A table of another format version is whole: not replaced.
    let mut bytes = whole;
    bytes[8] = 99;
    fs::write(path(dir.path(), 4), &bytes).unwrap();
    assert!(matches!(
        build(dir.path(), &rules(), 6, &Quiet),
        Err(Error::Version { found: 99, .. })
    ));
}

/// The tables a build said it replaced, and why.
#[derive(Default)]
struct Told(std::sync::Mutex<Vec<(usize, Error)>>);

impl wari_egdb::Progress for Told {
    fn replacing(&self, seeds: usize, why: &Error) {
        self.0.lock().unwrap().push((seeds, why.clone()));
    }
}

#[test]
fn positions_beyond_the_tables_are_not_covered() {
    let dir = built();
    let tables = Tables::open(dir.path(), &rules()).unwrap();
    let seven = Position::from_string("1,0,3/1,0,2 S 0-0", rules()).unwrap();
    assert_eq!(tables.probe(&seven).unwrap(), None);
    assert!(tables.probe(&five()).unwrap().is_some());
    let kalah =
        Position::from_string("1,0,2/1,0,1 S 0-0", "kalah,pits=3".parse().unwrap()).unwrap();
    assert!(matches!(
        tables.probe(&kalah),
        Err(Error::RulesMismatch { .. })
    ));
}

#[test]
fn tables_are_shared_between_threads() {
    fn shared<T: Send + Sync>(_: &T) {}
    let dir = built();
    let tables = Tables::open(dir.path(), &rules()).unwrap();
    shared(&tables);
    let scores: Vec<Option<i8>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2).map(|_| s.spawn(|| tables.score(&five()))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(scores[0], scores[1]);
    assert!(scores[0].is_some());
}

#[test]
fn a_build_too_large_to_index_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let e = build(dir.path(), &Rules::default(), 32, &Quiet).unwrap_err();
    assert!(matches!(e, Error::TooManyBoards { seeds: 32, .. }), "{e}");
    let e = build(dir.path(), &Rules::default(), 49, &Quiet).unwrap_err();
    assert!(matches!(e, Error::TooManySeeds(49)), "{e}");
    assert!(!table_path(dir.path(), &TableRules::new(&Rules::default()), 0).exists());
}
