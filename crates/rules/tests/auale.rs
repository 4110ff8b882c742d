//! Aualé's position notation, `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`: the
//! research notes' positions and every malformed input.

use wari_rules::auale::{AualeError, read_position, write_position};
use wari_rules::{Position, Rules, Side};

#[test]
fn the_start_and_the_first_moves_match_auale() {
    let start = Position::default();
    assert_eq!(write_position(&start), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    for (letter, text) in [
        ("A", "0-5-5-5-5-4-4-4-4-4-4-4-0-0-N"),
        ("F", "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"),
    ] {
        let after = start.play(letter.parse().unwrap()).unwrap();
        assert_eq!(write_position(&after), text);
        assert_eq!(read_position(text, Rules::default()).unwrap(), after);
    }
}

#[test]
fn counts_are_captures_and_any_row_length_works() {
    let p = read_position(" 1-0-0-1-1-5-1-3-5-0-3-0-2-26-S\n", Rules::default()).unwrap();
    assert_eq!(p.captured(Side::South), 2);
    assert_eq!(p.captured(Side::North), 26);
    assert!(p.is_over(), "North has more than half");
    let rules: Rules = "kalah,pits=1,seeds=2".parse().unwrap();
    let p = read_position("2-2-0-0-N", rules).unwrap();
    assert_eq!(p.turn(), Side::North);
    assert_eq!(write_position(&p), "2-2-0-0-N");
}

#[test]
fn every_malformed_position_is_refused() {
    let six = Rules::default();
    let cases: [(&str, AualeError); 9] = [
        (
            "",
            AualeError::FieldCount {
                found: 1,
                expected: 15,
            },
        ),
        (
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0",
            AualeError::FieldCount {
                found: 14,
                expected: 15,
            },
        ),
        (
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-S",
            AualeError::FieldCount {
                found: 16,
                expected: 15,
            },
        ),
        (
            "4-4-4-4-4-4-4-4-0-0-S",
            AualeError::PitsMismatch {
                position: 4,
                rules: 6,
            },
        ),
        (
            "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S",
            AualeError::NotANumber("x".to_owned()),
        ),
        (
            "4-4-4-4-4-4-4-4-4-4-4--4-0-S",
            AualeError::NotANumber(String::new()),
        ),
        (
            "4-4-4-4-4-4-4-4-4-4-4-99999999999-0-0-S",
            AualeError::TooManySeeds,
        ),
        (
            "40-40-40-40-40-4-4-4-4-4-4-4-0-0-S",
            AualeError::TooManySeeds,
        ),
        (
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-s",
            AualeError::Turn("s".to_owned()),
        ),
    ];
    for (text, error) in cases {
        let got = read_position(text, six).unwrap_err();
        assert_eq!(got, error, "{text:?}");
        assert!(!got.to_string().contains('\n'));
    }
    assert_eq!(
        read_position("4-4-4-4-4-4-4-4-4-4-4-+4-0-0-S", six),
        Err(AualeError::NotANumber("+4".to_owned()))
    );
}
