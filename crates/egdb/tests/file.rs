//! Table files: a wrong, truncated or damaged file is an error, never a
//! panic or a wrong answer; `verify` finds a value changed inside a file
//! whose checksum was made to match.

use std::fs;
use std::path::Path;

use wari_egdb::{
    BuildOptions, Error, Quiet, TableRules, Tables, build, build_with, table_path, verify,
};
use wari_rules::{Position, Rules, Side};

#[path = "support/format.rs"]
mod format;

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
    open_with(dir, &rules(), seeds)
}

/// Opens and checks the one table of `seeds` seeds under `rules`.
fn open_with(dir: &Path, rules: &Rules, seeds: usize) -> Result<(), Error> {
    Tables::open(dir, rules)?.table(seeds).map(|_| ())
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
    let e = open_with(dir.path(), &warri, 5).unwrap_err();
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
    let at = format::header_len(&bytes) + 100;
    bytes[at] ^= 0x01;
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
    let at = format::header_len(&bytes) + 200;
    bytes[at] = (bytes[at] & 0x80) | (bytes[at].wrapping_add(2) & 0x7f);
    format::reseal(&mut bytes);
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
    let at = format::header_len(&bytes);
    bytes[at] ^= 1;
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
fn a_build_too_large_for_its_memory_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let e = build(dir.path(), &Rules::default(), 32, &Quiet).unwrap_err();
    assert!(matches!(e, Error::BuildMemory { seeds: 32, .. }), "{e}");
    let e = build(dir.path(), &Rules::default(), 49, &Quiet).unwrap_err();
    assert!(matches!(e, Error::TooManySeeds(49)), "{e}");
    assert!(!table_path(dir.path(), &TableRules::new(&Rules::default()), 0).exists());
}

/// Every board of `seeds` seeds, South to move, probes to the same value
/// and the same values of its moves in `a` and in `b`.
fn probes_agree(a: &Tables, b: &Tables, rules: &Rules, seeds: usize) {
    let total = u8::try_from(rules.total_seeds()).unwrap();
    let cells = 2 * usize::from(rules.pits());
    let mut board = [0u8; 12];
    for index in 0..wari_egdb::positions(cells / 2, seeds) {
        wari_egdb::unrank(index, seeds, &mut board[..cells]);
        let left = total - seeds as u8;
        let p = Position::from_parts_unchecked(
            *rules,
            &board[..cells],
            [left / 2, left - left / 2],
            total,
            Side::South,
        );
        assert_eq!(
            a.probe(&p).unwrap(),
            b.probe(&p).unwrap(),
            "{rules}, board {index}"
        );
        assert_eq!(
            a.probe_moves(&p).unwrap(),
            b.probe_moves(&p).unwrap(),
            "{rules}, board {index}"
        );
    }
}

/// Every board's value byte of the tables of `rules` up to `max` in
/// `dir`, as the files give them.
fn every_byte(dir: &Path, rules: &Rules, max: usize) -> Vec<Vec<u8>> {
    let tables = Tables::open(dir, rules).unwrap();
    (0..=max)
        .map(|seeds| tables.layer(seeds).unwrap().unwrap().to_vec())
        .collect()
}

/// Compressed tables (format version 2) give every board the byte of
/// the version-1 file they were made from, beside version-1 files in the
/// same directory; `verify` passes on them; they take less room.
#[test]
fn compressed_tables_read_as_the_tables_they_were_made_from() {
    let rules: Rules = "wari,pits=4,cycle=even".parse().unwrap();
    let plain = tempfile::tempdir().unwrap();
    build(plain.path(), &rules, 12, &Quiet).unwrap();
    let packed = tempfile::tempdir().unwrap();
    build(packed.path(), &rules, 12, &Quiet).unwrap();
    // Every other seed count compressed: both versions in one directory.
    let tables = Tables::open(packed.path(), &rules).unwrap();
    for seeds in (1..=12).step_by(2) {
        let (before, after) = wari_egdb::compress_table(&tables, seeds, true)
            .unwrap()
            .unwrap();
        assert!(after <= before, "{seeds} seeds: {before} -> {after}");
    }
    drop(tables);
    let compressed = |seeds: usize| {
        Tables::open(packed.path(), &rules)
            .unwrap()
            .table(seeds)
            .unwrap()
            .unwrap()
            .is_compressed()
    };
    assert!(compressed(11) && !compressed(12));
    assert_eq!(
        every_byte(plain.path(), &rules, 12),
        every_byte(packed.path(), &rules, 12)
    );
    let a = Tables::open(plain.path(), &rules).unwrap();
    let b = Tables::open(packed.path(), &rules).unwrap();
    assert_eq!(b.max_seeds(), Some(12));
    // Stored as exits, a third of the boards of 11 seeds: each probed
    // reads the same value as the plain table's.
    let table = b.table(11).unwrap().unwrap();
    assert!(table.has_exits());
    let exits = (0..table.len()).filter(|&i| table.get(i) == 0x40).count();
    assert!(exits * 5 > table.len() as usize, "{exits} exits");
    probes_agree(&a, &b, &rules, 11);
    let p = Position::from_string("2,0,3,1/0,4,1,0 S 20-17", rules).unwrap();
    assert_eq!(a.probe_moves(&p).unwrap(), b.probe_moves(&p).unwrap());
    assert!(a.probe(&p).unwrap().is_some());
    for seeds in 0..=12 {
        let verdict = verify(&b, seeds).unwrap();
        assert_eq!(verdict.mismatches, 0, "{seeds} seeds: {verdict:?}");
    }
}

/// A compressed file cut short or changed is an error naming the file,
/// never a panic or a wrong value.
#[test]
fn a_damaged_compressed_table_is_an_error() {
    let rules: Rules = "wari,pits=4,cycle=even".parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), &rules, 11, &Quiet).unwrap();
    let table_rules = TableRules::new(&rules);
    wari_egdb::compress_table(&Tables::open(dir.path(), &rules).unwrap(), 11, true).unwrap();
    let p = table_path(dir.path(), &table_rules, 11);
    let bytes = fs::read(&p).unwrap();
    assert_eq!(bytes[8], 2, "format version 2");
    let open = || open_with(dir.path(), &rules, 11);
    fs::write(&p, &bytes[..bytes.len() - 1]).unwrap();
    assert!(open().is_err());
    let mut changed = bytes.clone();
    changed[bytes.len() / 2] ^= 0x10;
    fs::write(&p, &changed).unwrap();
    let e = open().unwrap_err();
    assert!(e.to_string().contains("11.egdb"), "{e}");
    fs::write(&p, &bytes).unwrap();
    assert!(open().is_ok());
}

/// Every file's header holds the checksum of its payload as
/// docs/ENDGAME.md defines it, for both format versions.
#[test]
fn files_carry_the_documented_checksum() {
    let rules: Rules = "wari,pits=4,cycle=even".parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), &rules, 11, &Quiet).unwrap();
    let table_rules = TableRules::new(&rules);
    wari_egdb::compress_table(&Tables::open(dir.path(), &rules).unwrap(), 11, false).unwrap();
    for seeds in 0..=11 {
        let bytes = fs::read(table_path(dir.path(), &table_rules, seeds)).unwrap();
        assert_eq!(format::header_len(&bytes), 128);
        let stored = u64::from_le_bytes(bytes[32..40].try_into().unwrap());
        assert_eq!(stored, format::checksum(&bytes[128..]), "{seeds} seeds");
    }
    assert_eq!(
        fs::read(table_path(dir.path(), &table_rules, 11)).unwrap()[8],
        2
    );
}

/// A build that writes its tables compressed gives every board of every
/// table the byte of the plain build (version 1, the independent
/// reference: no compression code touches it), under every family of
/// table rules on the standard board, and `verify` passes on it.
#[test]
fn compressed_builds_give_every_board_its_version_1_value_under_every_rule_set() {
    const MAX: usize = 9;
    for name in [
        "abapa",
        "wari",
        "warri",
        "wari,cycle=even",
        "abapa,cycle=even",
        "kalah",
        "kalah,empty-capture=off",
    ] {
        let rules: Rules = name.parse().unwrap();
        let plain = tempfile::tempdir().unwrap();
        build(plain.path(), &rules, MAX, &Quiet).unwrap();
        for exits in [false, true] {
            let packed = tempfile::tempdir().unwrap();
            let options = BuildOptions {
                compressed: true,
                exits,
                ..BuildOptions::default()
            };
            build_with(packed.path(), &rules, MAX, &options, &Quiet).unwrap();
            let table_rules = TableRules::new(&rules);
            let version = |dir: &Path, seeds: usize| {
                fs::read(table_path(dir, &table_rules, seeds)).unwrap()[8]
            };
            // Compressed from 4 seeds on at least (with fewer the model may
            // outweigh the values), never in the plain build.
            for seeds in 0..=MAX {
                assert_eq!(version(plain.path(), seeds), 1, "{name}, {seeds} seeds");
            }
            for seeds in 4..=MAX {
                assert_eq!(version(packed.path(), seeds), 2, "{name}, {seeds} seeds");
            }
            assert_eq!(
                every_byte(plain.path(), &rules, MAX),
                every_byte(packed.path(), &rules, MAX),
                "{name}"
            );
            let tables = Tables::open(packed.path(), &rules).unwrap();
            for seeds in 0..=MAX {
                let verdict = verify(&tables, seeds).unwrap();
                assert_eq!(verdict.mismatches, 0, "{name}, {seeds} seeds: {verdict:?}");
            }
            assert_eq!(
                tables.table(MAX).unwrap().unwrap().has_exits(),
                exits,
                "{name}"
            );
            probes_agree(
                &Tables::open(plain.path(), &rules).unwrap(),
                &tables,
                &rules,
                MAX,
            );
        }
    }
}

/// A compressed table of model kind 1, written by the release before
/// kind 2 existed (`tests/data/kind-1`: `wari egdb build --compressed`
/// at commit a218ac5), still reads: every board gives the byte of a
/// version-1 build made now, one by one and decompressed whole.
#[test]
fn a_compressed_table_of_model_kind_1_still_reads() {
    let rules: Rules = "wari,pits=4,cycle=even".parse().unwrap();
    let table_rules = TableRules::new(&rules);
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/kind-1");
    let bytes = fs::read(table_path(&old, &table_rules, 10)).unwrap();
    // Version 2; the payload starts with kind 1's block size (2^7).
    assert_eq!((bytes[8], bytes[128]), (2, 7));
    let plain = tempfile::tempdir().unwrap();
    build(plain.path(), &rules, 10, &Quiet).unwrap();
    let fresh = Tables::open(plain.path(), &rules).unwrap();
    let fresh = fresh.table(10).unwrap().unwrap();
    let kept = Tables::open(&old, &rules).unwrap();
    let table = kept.table(10).unwrap().unwrap();
    assert!(table.is_compressed());
    assert_eq!(table.len(), fresh.len());
    for i in 0..table.len() {
        assert_eq!(table.get(i), fresh.get(i), "board {i}");
    }
    assert!(
        kept.layer(10).unwrap()
            == Tables::open(plain.path(), &rules)
                .unwrap()
                .layer(10)
                .unwrap()
    );
}

/// Compressed tables of model kinds 2 and 3 (blocks whose states start
/// from 2^16), written by the release before kinds 4 and 5 existed
/// (`tests/data/kind-2` and `kind-3`: `wari egdb build --rules
/// wari,cycle=even --max-seeds 7 --compressed`, and with `--exits`, at
/// commit 8c04d83), still read: every board probes (value and moves) as
/// in a version-1 build made now, and decompresses to its bytes. The
/// same table compressed now (kind 4) is smaller by at least a byte a
/// block of 2^7 values (of the 16 bits a state from 2^16 held for
/// nothing).
#[test]
fn compressed_tables_of_model_kinds_2_and_3_still_read() {
    let rules: Rules = "wari,cycle=even".parse().unwrap();
    let table_rules = TableRules::new(&rules);
    let plain = tempfile::tempdir().unwrap();
    build(plain.path(), &rules, 7, &Quiet).unwrap();
    let fresh = Tables::open(plain.path(), &rules).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for (name, kind) in [("kind-2", 2), ("kind-3", 3)] {
        let old = data.join(name);
        let bytes = fs::read(table_path(&old, &table_rules, 7)).unwrap();
        // Version 2; the payload starts with 0 and the kind.
        assert_eq!((bytes[8], bytes[128], bytes[129]), (2, 0, kind));
        let kept = Tables::open(&old, &rules).unwrap();
        for seeds in 0..=7 {
            probes_agree(&kept, &fresh, &rules, seeds);
            assert!(kept.layer(seeds).unwrap() == fresh.layer(seeds).unwrap());
        }
        if kind == 2 {
            let now = tempfile::tempdir().unwrap();
            build(now.path(), &rules, 7, &Quiet).unwrap();
            let tables = Tables::open(now.path(), &rules).unwrap();
            let (_, after) = wari_egdb::compress_table(&tables, 7, false)
                .unwrap()
                .unwrap();
            let blocks = wari_egdb::positions(6, 7).div_ceil(128);
            assert!(
                after + blocks <= bytes.len() as u64,
                "{after} bytes now, {} then, {blocks} blocks",
                bytes.len()
            );
        }
    }
}
