//! The parsers never panic, and refuse bad input with a one-line message
//! naming what is wrong.

use std::fmt::Display;
use std::str::FromStr;

use proptest::prelude::*;
use wari_rules::record::parse_moves;
use wari_rules::{EndReason, Move, Position, PositionError, Rules};

/// A parser's error must say something, on one line (RULES.md §1 strings
/// are shown to users in one-line error reports).
fn check_message<T, E: Display>(input: &str, result: Result<T, E>) -> Result<(), TestCaseError> {
    if let Err(e) = result {
        let message = e.to_string();
        prop_assert!(!message.is_empty(), "empty error message for {:?}", input);
        prop_assert!(
            !message.contains('\n'),
            "error message for {:?} spans lines: {:?}",
            input,
            message
        );
    }
    Ok(())
}

/// Feeds `input` to every parser of the library.
fn parse_everything(input: &str) -> Result<(), TestCaseError> {
    for rules in [
        "abapa",
        "wari,pits=3",
        "kalah,pits=4,seeds=3",
        "warri,pits=1",
    ] {
        let rules: Rules = rules.parse().expect("a valid rules string");
        check_message(input, Position::from_string(input, rules))?;
    }
    check_message(input, Rules::from_str(input))?;
    check_message(input, Move::from_str(input))?;
    check_message(input, parse_moves(input))?;
    check_message(input, EndReason::from_str(input))?;
    Ok(())
}

/// Strings that look like position strings: right shape, random counts,
/// turns and separators.
const NEAR_POSITION: &str = "[0-9]{0,4}(,[0-9]{0,4}){0,7}/[0-9]{0,4}(,[0-9]{0,4}){0,7} [SNsx-]{1,2} [0-9]{0,3}-?[0-9]{0,3}(-[0-9])?";

/// Strings that look like rules strings.
const NEAR_RULES: &str = "(abapa|wari|warri|kalah|x)(,(pits|seeds|cycle|playout|empty-capture|z)(=(on|off|even|[0-9]{1,4}|))?){0,5}";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn no_string_makes_a_parser_panic(input in any::<String>()) {
        parse_everything(&input)?;
    }

    #[test]
    fn no_position_like_string_makes_a_parser_panic(input in "[0123456789,/ SN-]{0,40}") {
        parse_everything(&input)?;
    }

    #[test]
    fn no_nearly_valid_position_string_makes_a_parser_panic(input in NEAR_POSITION) {
        parse_everything(&input)?;
    }

    #[test]
    fn no_rules_like_string_makes_a_parser_panic(input in "[abcdefghijklmnopqrstuvwxyz,=0123456789-]{0,40}") {
        parse_everything(&input)?;
    }

    #[test]
    fn no_nearly_valid_rules_string_makes_a_parser_panic(input in NEAR_RULES) {
        parse_everything(&input)?;
    }

    #[test]
    fn no_move_list_makes_a_parser_panic(input in "[A-Ga-g \t\n]{0,40}") {
        parse_everything(&input)?;
    }
}

/// The error of a position string under the standard rules.
fn position_error(text: &str) -> PositionError {
    position_error_under(text, Rules::default())
}

fn position_error_under(text: &str, rules: Rules) -> PositionError {
    match Position::from_string(text, rules) {
        Ok(p) => panic!("{text:?} [{rules}] should be refused, reads as {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn position_string_needs_rows_turn_and_counts() {
    for text in [
        "",
        "   ",
        "4,4,4,4,4,4/4,4,4,4,4,4",
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
        "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 extra",
        "4,4,4,4,4,4 4,4,4,4,4,4 S 0-0",
    ] {
        assert_eq!(position_error(text), PositionError::Shape, "{text:?}");
    }
}

#[test]
fn position_string_rows_must_have_the_rules_number_of_pits() {
    assert_eq!(
        position_error("4,4,4,4,4/4,4,4,4,4 S 0-0"),
        PositionError::PitsMismatch {
            position: 5,
            rules: 6
        }
    );
    let four: Rules = "kalah,pits=4".parse().unwrap();
    assert_eq!(
        position_error_under("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", four),
        PositionError::PitsMismatch {
            position: 6,
            rules: 4
        }
    );
}

#[test]
fn position_string_row_has_at_most_six_pits() {
    assert_eq!(
        position_error("4,4,4,4,4,4,0/4,4,4,4,4,4 S 0-0"),
        PositionError::TooManyPits
    );
    assert_eq!(
        position_error("4,4,4,4,4,4/4,4,4,4,4,4,0 S 0-0"),
        PositionError::TooManyPits
    );
}

#[test]
fn position_string_rows_must_have_the_same_length() {
    assert_eq!(
        position_error("4,4,4,4,4,4/4,4,4,4,4 S 0-0"),
        PositionError::RowLengths { south: 6, north: 5 }
    );
    assert_eq!(
        position_error("4,4,4/4,4,4,4 S 0-0"),
        PositionError::RowLengths { south: 3, north: 4 }
    );
}

#[test]
fn position_string_pit_counts_are_whole_numbers() {
    for (text, token) in [
        ("4,x,4,4,4,4/4,4,4,4,4,4 S 0-0", "x"),
        ("4,,4,4,4,4/4,4,4,4,4,4 S 0-0", ""),
        ("4,4,4,4,4,4/4,4,4,4,4,-4 S 0-0", "-4"),
        ("4,4,4,4,4,+4/4,4,4,4,4,4 S 0-0", "+4"),
        ("4,4,4,4,4,4.0/4,4,4,4,4,4 S 0-0", "4.0"),
        ("4,4,4,4,4,4//4,4,4,4,4,4 S 0-0", "/4"),
    ] {
        assert_eq!(
            position_error(text),
            PositionError::NotANumber(token.to_owned()),
            "{text:?}"
        );
    }
}

#[test]
fn position_string_overflowing_counts_are_too_many_seeds() {
    for text in [
        "99999999999999999999,4,4,4,4,4/4,4,4,4,4,4 S 0-0",
        "4,4,4,4,4,4/4,4,4,4,4,193 S 0-0",
        "4,4,4,4,4,4/4,4,4,4,4,4 S 99999999999999999999-0",
        "4,4,4,4,4,4/4,4,4,4,4,4 S 0-99999999999999999999",
        // Each count fits a u32 but their sum wraps to 0 + 48 (issue 14).
        "4,4,4,4,4,4/4,4,4,4,4,4 S 4294967295-4294967249",
        "0,0,0,0,0,0/0,0,0,0,0,0 S 4294967295-1",
    ] {
        assert_eq!(
            position_error(text),
            PositionError::TooManySeeds,
            "{text:?}"
        );
    }
}

#[test]
fn position_string_holds_at_most_192_seeds_in_all() {
    assert_eq!(
        position_error("99,99,0,0,0,0/0,0,0,0,0,0 S 0-0"),
        PositionError::TooManySeeds
    );
    assert_eq!(
        position_error("4,4,4,4,4,4/4,4,4,4,4,4 S 100-45"),
        PositionError::TooManySeeds
    );
    // 192 exactly is accepted.
    let p = Position::from_string("4,4,4,4,4,4/4,4,4,4,4,4 S 100-44", Rules::default())
        .expect("192 seeds fit");
    assert_eq!(p.total_seeds(), 192);
}

#[test]
fn position_string_turn_is_s_or_n() {
    for turn in ["X", "s", "n", "South", "SN", "-"] {
        let text = format!("4,4,4,4,4,4/4,4,4,4,4,4 {turn} 0-0");
        assert_eq!(
            position_error(&text),
            PositionError::Turn(turn.to_owned()),
            "{text:?}"
        );
    }
}

#[test]
fn position_string_counts_are_south_dash_north() {
    for caps in ["3", "a-b", "1-2-3", "-3", "3-", "-", "1--2", "1+2", "+1-2"] {
        let text = format!("4,4,4,4,4,4/4,4,4,4,4,4 S {caps}");
        assert_eq!(
            position_error(&text),
            PositionError::Counts(caps.to_owned()),
            "{text:?}"
        );
    }
}

#[test]
fn position_string_errors_display_on_one_line() {
    for text in [
        "",
        "4,4,4,4,4/4,4,4,4,4 S 0-0",
        "4,4,4,4,4,4,0/4,4,4,4,4,4 S 0-0",
        "4,4,4,4,4,4/4,4,4,4,4 S 0-0",
        "4,x,4,4,4,4/4,4,4,4,4,4 S 0-0",
        "4,4,4,4,4,4/4,4,4,4,4,4 X 0-0",
        "4,4,4,4,4,4/4,4,4,4,4,4 S 1-2-3",
        "99,99,0,0,0,0/0,0,0,0,0,0 S 0-0",
    ] {
        let message = position_error(text).to_string();
        assert!(
            !message.is_empty() && !message.contains('\n'),
            "{text:?}: {message:?}"
        );
    }
}

/// RULES.md §1: "SOUTH lists pits `A..F`, NORTH lists `a..f` ... `m` is
/// the number of counts in a row". Reading a position string with fewer
/// than six pits per row must count each pit once: the start position's
/// string reads back as the start position, with `2 * m * n` seeds.
#[test]
fn position_string_with_fewer_than_six_pits_counts_each_seed_once() {
    for text in [
        "kalah,pits=4,seeds=3",
        "abapa,pits=1,seeds=1",
        "wari,pits=5",
    ] {
        let rules: Rules = text.parse().unwrap();
        let start = Position::new(rules);
        let read = Position::from_string(&start.to_string(), rules).unwrap();
        assert_eq!(
            u32::from(read.total_seeds()),
            rules.total_seeds(),
            "{start} [{rules}]: total seeds"
        );
        assert_eq!(read, start, "{start} [{rules}]");
    }
}

/// RULES.md §2.5.1: "in a set-up position, of the seeds on the board plus
/// both counts ... A position string whose counts already give a player
/// more than half describes a finished game". Here 9 seeds in all, South
/// has 5: the game is over, South wins by majority.
#[test]
fn position_string_with_three_pits_and_a_majority_is_finished() {
    let rules: Rules = "abapa,pits=3".parse().unwrap();
    let p = Position::from_string("1,0,0/0,0,2 S 5-1", rules).unwrap();
    assert_eq!(p.total_seeds(), 9, "{p:?}");
    assert_eq!(p.end_reason(), Some(EndReason::Majority), "{p:?}");
    assert_eq!(
        p.outcome().and_then(|o| o.winner()),
        Some(wari_rules::Side::South)
    );
}
