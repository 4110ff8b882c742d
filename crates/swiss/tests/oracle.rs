//! Pairings compared with bbpPairings (v5.0.1, the 2017 Dutch rules), an
//! independent FIDE-endorsed program: `tools/swiss-oracle.sh` had it play
//! random events and recorded them as TRF files under `tests/data/`. Every
//! round is paired again here from the rounds before it; rounds that
//! differ must be listed, with the reason, in
//! `tests/data/known-differences.txt`.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use wari_swiss::{Entrant, Pairing, Round, pair_round, trf};

/// The same event with White and Black swapped everywhere. The Dutch rules
/// are symmetric in colour except for the initial colour (E.5), which
/// wari-swiss fixes as White and bbp draws by lot: an event that started
/// with Black is paired mirrored and mirrored back.
fn mirrored(entrants: Vec<Entrant>) -> Vec<Entrant> {
    entrants
        .into_iter()
        .map(|mut e| {
            for r in &mut e.history {
                if let Round::Played { colour, .. } | Round::Forfeit { colour, .. } = r {
                    *colour = colour.opposite();
                }
            }
            e
        })
        .collect()
}

#[test]
fn pairings_agree_with_bbp_pairings() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let known = fs::read_to_string(data.join("known-differences.txt")).unwrap_or_default();
    let known: BTreeSet<(String, usize)> = known
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            (
                words.next().unwrap().to_string(),
                words.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let mut files: Vec<_> = fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no recorded events in {}",
        data.display()
    );
    let (mut rounds, mut agree) = (0, 0);
    let mut unexplained = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let event = trf::parse(&fs::read_to_string(file).unwrap()).unwrap();
        let total = event.rounds() as u32;
        // The initial colour: the colour of the top seed playing round 1
        // (wari-swiss numbers the players present, so he is its number 1).
        let first = event.pairing(1);
        let top = first.games.iter().map(|&(w, b)| w.min(b)).min();
        let black_first = first.games.iter().any(|&(_, black)| Some(black) == top);
        for round in 1..=event.rounds() {
            let expected = event.pairing(round);
            let entrants = event.entrants_before(round);
            let entrants = if black_first {
                mirrored(entrants)
            } else {
                entrants
            };
            let mut mine: Pairing = pair_round(&entrants, round as u32, total)
                .unwrap_or_else(|e| panic!("{name} round {round}: {e}"));
            if black_first {
                mine.games = mine.games.iter().map(|&(w, b)| (b, w)).collect();
            }
            mine.games.sort();
            rounds += 1;
            let listed = known.contains(&(name.clone(), round));
            if mine == expected {
                agree += 1;
                if listed {
                    unexplained.push(format!(
                        "{name} round {round}: listed as a difference, now agrees"
                    ));
                }
            } else if !listed {
                unexplained.push(format!(
                    "{name} round {round}:\n  bbp  {expected:?}\n  ours {mine:?}"
                ));
            }
        }
    }
    println!("agreement with bbpPairings: {agree} of {rounds} rounds");
    assert!(
        unexplained.is_empty(),
        "{} rounds differ from the list of known differences:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
}
