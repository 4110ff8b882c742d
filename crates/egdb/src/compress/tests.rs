//! Tests of the compressed payload: the model kinds written decode to
//! the tables they were made from (files of the kinds no longer written
//! are read in `tests/file.rs`), damaged payloads never panic, and the
//! measurements behind `docs/PERFORMANCE.md` (ignored).

/// The version-1 table file named by `WARI_COMPRESS_PROBE`, whole, with
/// its board's pits and its seeds (header offsets 16 and 17,
/// docs/ENDGAME.md): what the measurements below read.
fn probe_file() -> (Vec<u8>, usize, usize) {
    let path = std::env::var("WARI_COMPRESS_PROBE").unwrap();
    let file = std::fs::read(&path).unwrap();
    let (cells, seeds) = (usize::from(file[16]) * 2, usize::from(file[17]));
    (file, cells, seeds)
}

/// Conditional entropies of a table file's values (named by
/// `WARI_COMPRESS_PROBE`) under candidate contexts.
#[test]
#[ignore]
fn measure_contexts() {
    use std::collections::HashMap;
    let (file, cells, seeds) = probe_file();
    let m = cells / 2;
    let table = &file[128..];
    let (bytes, symbol, scores) = alphabet(table);
    let a = bytes.len();
    let mut walk = Walk::new(0, cells, seeds, &scores);
    let mut near = neighbours::Walk::new(0, cells, seeds, a);
    let names = [
        "last+class",
        "last+above",
        "last+above+own",
        "last+class+own",
        "last+above+own+empty",
        "last+above+pit0",
        "kind 2: w+n1 (in blocks of 128)",
        "kind 2: w+n1+n2 (in blocks of 128)",
    ];
    let mut counts: Vec<HashMap<u64, HashMap<u8, u64>>> = vec![HashMap::new(); names.len()];
    for (i, &v) in table.iter().enumerate() {
        let s = symbol[usize::from(v)];
        if i % (1 << BLOCK_LOG2) == 0 {
            near = neighbours::Walk::new(i as u64, cells, seeds, a);
        }
        let code = near.context(a);
        let first = usize::from(walk.board[0]);
        let above = if walk.above_known >> first & 1 == 1 {
            u64::from(walk.above[first])
        } else {
            255
        };
        let last = walk.last as u64;
        let class = walk.context() as u64;
        let own: u64 = walk.board[..m].iter().map(|&x| u64::from(x)).sum();
        let empty = walk.board[..cells].iter().filter(|&&x| x == 0).count() as u64;
        let ctx = [
            class,
            last << 8 | above,
            (last << 8 | above) << 8 | own,
            class << 8 | own,
            ((last << 8 | above) << 8 | own) << 8 | empty,
            (last << 8 | above) << 8 | first as u64,
            neighbours::parent(code, a) as u64,
            code as u64,
        ];
        for (k, c) in ctx.iter().enumerate() {
            *counts[k].entry(*c).or_default().entry(s).or_default() += 1;
        }
        walk.advance(usize::from(s));
        near.advance(usize::from(s));
    }
    let n = table.len() as f64;
    for (k, name) in names.iter().enumerate() {
        let mut h = 0.0;
        let mut model = 0usize;
        for dist in counts[k].values() {
            let total: u64 = dist.values().sum();
            model += dist.len();
            for &c in dist.values() {
                let p = c as f64 / total as f64;
                h -= c as f64 * p.log2();
            }
        }
        eprintln!(
            "{name}: {:.3} bits a value, {} contexts, {model} symbols in them",
            h / n,
            counts[k].len()
        );
    }
}

/// Sizes and probe times of a table file named by `WARI_COMPRESS_PROBE`
/// (version 1) at each block size.
#[test]
#[ignore]
fn measure_block_sizes() {
    let (file, cells, seeds) = probe_file();
    let table = &file[128..];
    let kinds: Vec<(u32, u32)> = match std::env::var("WARI_COMPRESS_KINDS") {
        Ok(k) => k
            .split(',')
            .map(|k| {
                let (kind, log2) = k.split_once(':').unwrap();
                (kind.parse().unwrap(), log2.parse().unwrap())
            })
            .collect(),
        Err(_) => (6..=9).map(|log2| (1, log2)).collect(),
    };
    for (kind, log2) in kinds {
        let payload = if kind == 1 {
            compress_blocks(table, cells, seeds, log2)
        } else {
            compress_neighbours(table, cells, seeds, log2).unwrap()
        };
        let c = Compressed::new(&payload[..], cells, seeds).unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let n = 200_000;
        let cpu = || {
            let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
            t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
        };
        let started = cpu();
        let mut sum = 0u64;
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sum += u64::from(c.get(x % c.len()));
        }
        std::hint::black_box(sum);
        eprintln!(
            "kind {kind}, block 2^{log2}: {} bytes, {:.2}x, {:.0} ns of CPU a probe",
            payload.len(),
            table.len() as f64 / payload.len() as f64,
            (cpu() - started) * 1e9 / f64::from(n)
        );
    }
}

use super::*;
use crate::retrograde::{Quiet, build_layer};
use crate::table_rules::TableRules;

/// Decodes `payload` value by value and whole, checking each against
/// `table`; returns its length.
fn decodes_to(payload: &[u8], table: &[u8], cells: usize, seeds: usize) -> usize {
    let compressed = Compressed::new(payload, cells, seeds).unwrap();
    for (i, &byte) in table.iter().enumerate() {
        assert_eq!(compressed.get(i as u64), byte, "value {i}");
    }
    assert!(compressed.decompress() == table);
    payload.len()
}

fn round_trip(table: &[u8], cells: usize, seeds: usize) -> usize {
    decodes_to(&compress(table, cells, seeds).unwrap(), table, cells, seeds)
}

/// The model kind a payload names: kind 1 starts with its block size,
/// later kinds with 0 and the kind.
fn kind(payload: &[u8]) -> u8 {
    if payload[0] == 0 { payload[1] } else { 1 }
}

/// A pseudo-random table of `n` bytes among the first `values`, but
/// never [`EXIT`] (0x41 in its place).
fn random(n: u64, values: u64) -> Vec<u8> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match ((x >> 32) % values) as u8 {
                EXIT => EXIT + 1,
                b => b,
            }
        })
        .collect()
}

/// Real tables decode to themselves, value by value and whole, and
/// take less room than half their boards.
#[test]
fn tables_decode_to_themselves() {
    let rules = TableRules::new(&"wari,pits=4,cycle=even".parse().unwrap());
    let mut layers: Vec<Vec<u8>> = Vec::new();
    for seeds in 0..=14 {
        let table = build_layer(&rules, seeds, &layers[..], &Quiet);
        let size = round_trip(&table, 8, seeds);
        // The model's few kilobytes outweigh small tables.
        if seeds >= 12 {
            assert!(
                size * 3 < table.len() * 2,
                "{seeds} seeds: {size} of {}",
                table.len()
            );
        }
        layers.push(table);
    }
}

/// Each model kind decodes real tables to themselves, and `compress`
/// keeps the smaller: on the standard board kind 4 from 3 seeds on (on
/// 4 pits a row, whose runs are long, kind 1 from 9).
#[test]
fn both_kinds_decode_real_tables_and_the_smaller_is_kept() {
    for (name, max) in [("wari,pits=4,cycle=even", 14), ("wari,cycle=even", 9)] {
        let rules = TableRules::new(&name.parse().unwrap());
        let cells = 2 * rules.pits();
        let mut layers: Vec<Vec<u8>> = Vec::new();
        for seeds in 0..=max {
            let table = build_layer(&rules, seeds, &layers[..], &Quiet);
            let one = compress_blocks(&table, cells, seeds, BLOCK_LOG2);
            let four = compress_neighbours(&table, cells, seeds, BLOCK_LOG2).unwrap();
            assert_eq!((kind(&one), kind(&four)), (1, 4));
            decodes_to(&one, &table, cells, seeds);
            decodes_to(&four, &table, cells, seeds);
            let chosen = compress(&table, cells, seeds).unwrap();
            assert_eq!(
                chosen.len(),
                one.len().min(four.len()),
                "{name}, {seeds} seeds"
            );
            if cells == 12 && seeds >= 3 {
                assert_eq!(kind(&chosen), 4, "{name}, {seeds} seeds");
            }
            layers.push(table);
        }
    }
}

/// Kind 4 on tables of one common value and rare others, whose rare
/// values' frequencies are so small that a block's state, from 1, may
/// reach a bound while below `LOW` and put out a byte (214 blocks of
/// these four tables do, counted once by hand): every block decodes to
/// itself, in every block size.
#[test]
fn skewed_tables_decode_to_themselves_under_kind_4() {
    let n = positions(5, 8);
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let table: Vec<u8> = (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(97) {
                (x >> 8) as u8 % 60
            } else {
                7
            }
        })
        .collect();
    for log2 in 6..=9 {
        let payload = compress_neighbours(&table, 10, 8, log2).unwrap();
        assert_eq!(kind(&payload), 4);
        decodes_to(&payload, &table, 10, 8);
    }
}

/// Odd tables: one value, one value repeated across groups, every
/// byte at random (the largest blocks a model can make).
#[test]
fn odd_tables_decode_to_themselves() {
    round_trip(&[0x85], 12, 0);
    round_trip(&vec![3; positions(6, 6) as usize], 12, 6);
    round_trip(&random(positions(5, 8), 256), 10, 8);
}

/// Kind 4 on odd tables, forced: one value, one value repeated, values
/// at random among the most symbols it takes (blocks of random values
/// still fit the byte that gives their length); with one symbol more it
/// declines.
#[test]
fn odd_tables_decode_to_themselves_under_kind_4() {
    for (table, cells, seeds) in [
        (vec![0x85], 12, 0),
        (vec![3; positions(6, 6) as usize], 12, 6),
        (
            random(positions(5, 8), neighbours::MAX_SYMBOLS as u64),
            10,
            8,
        ),
    ] {
        let payload = compress_neighbours(&table, cells, seeds, BLOCK_LOG2).unwrap();
        assert_eq!(kind(&payload), 4);
        decodes_to(&payload, &table, cells, seeds);
    }
    let table = random(positions(5, 8), neighbours::MAX_SYMBOLS as u64 + 1);
    assert!(compress_neighbours(&table, 10, 8, BLOCK_LOG2).is_none());
    assert_eq!(kind(&compress(&table, 10, 8).unwrap()), 1);
}

/// A table with its exits marked is coded under kind 5 only, decodes to
/// its marked bytes, and is smaller than the table coded without them
/// from 6 seeds on; a payload of kind 5 relabelled 4 (what a reader that
/// did not know exits would take it for) is refused.
#[test]
fn marked_tables_take_kind_5() {
    let rules = TableRules::new(&"wari,cycle=even".parse().unwrap());
    let mut layers: Vec<Vec<u8>> = Vec::new();
    for seeds in 0..=9 {
        let table = build_layer(&rules, seeds, &layers[..], &Quiet);
        let marked = crate::exits::mark(&table, &rules, seeds, &layers[..]);
        if marked.contains(&EXIT) {
            let five = compress(&marked, 12, seeds).unwrap();
            assert_eq!(kind(&five), 5);
            decodes_to(&five, &marked, 12, seeds);
            let plain = compress(&table, 12, seeds).unwrap();
            if seeds >= 6 {
                assert!(
                    five.len() < plain.len(),
                    "{seeds} seeds: {} against {}",
                    five.len(),
                    plain.len()
                );
            }
            let mut relabelled = five.clone();
            relabelled[1] = 4;
            assert!(Compressed::new(&relabelled[..], 12, seeds).is_err());
        }
        layers.push(table);
    }
}

/// A damaged payload of any kind is an error or wrong bytes, never a
/// panic: every byte of the model and index changed in turn, bytes of
/// the data, and every length cut short.
#[test]
fn a_damaged_payload_does_not_panic() {
    let rules = TableRules::new(&"wari,pits=3,cycle=even".parse().unwrap());
    let mut layers: Vec<Vec<u8>> = Vec::new();
    for seeds in 0..=10 {
        layers.push(build_layer(&rules, seeds, &layers[..], &Quiet));
    }
    let table = &layers[10];
    let marked = crate::exits::mark(table, &rules, 10, &layers[..]);
    for payload in [
        compress_blocks(table, 6, 10, BLOCK_LOG2),
        compress_neighbours(table, 6, 10, BLOCK_LOG2).unwrap(),
        compress_neighbours(&marked, 6, 10, BLOCK_LOG2).unwrap(),
    ] {
        let data = payload.len() - payload.len() / 2;
        let step = |at: usize| if at < data { 1 } else { 13 };
        let mut at = 0;
        while at < payload.len() {
            for flip in [0x01, 0x5a, 0xff] {
                let mut bad = payload.clone();
                bad[at] ^= flip;
                if let Ok(c) = Compressed::new(&bad[..], 6, 10) {
                    // (Exits read where a damaged file puts them.)
                    let mut all = c.decompress();
                    crate::exits::resolve_all(&mut all, &rules, 10, &layers[..10]);
                    let _ = c.get(c.len() - 1);
                }
            }
            at += step(at);
        }
        // Cut in the model or index: an error; in the data: the
        // checksum's to catch, the decoder stops at the end.
        for len in (0..payload.len()).step_by(11) {
            if let Ok(c) = Compressed::new(&payload[..len], 6, 10) {
                let _ = c.decompress();
            }
        }
        assert!(Compressed::new(&payload[..10], 6, 10).is_err());
    }
}
