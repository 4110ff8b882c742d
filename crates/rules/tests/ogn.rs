//! OGN records (Aualé's game files): round trips under every rule set,
//! Aualé's own files, each error, and no panic on any input.

use std::collections::BTreeMap;

mod common;

use common::any_rules;
use proptest::prelude::*;
use proptest::sample::Index;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wari_rules::ogn::{OgnErrorKind, ROSTER, Record};
use wari_rules::{EndReason, Game, PlayError, Position, Rules, Side, Variant, auale};

/// The tags the writer takes from the game rather than from the record.
const FROM_GAME: [&str; 6] = ["Variant", "Result", "FEN", "Rules", "Termination", "Winner"];

/// A set-up position of any rule set that is not already over (the
/// Aualé notation of each is read back in `auale_notation_round_trip`).
fn any_setup() -> impl Strategy<Value = Position> {
    common::any_setup().prop_filter("a start where the game goes on", |p| !p.is_over())
}

/// How a game stops besides its moves: not at all, by agreement, by a
/// resignation or on time.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Playing,
    Agreement,
    Resign(Side),
    Time(Side),
}

fn any_stop() -> impl Strategy<Value = Stop> {
    let side = || prop::sample::select(Side::ALL.to_vec());
    prop_oneof![
        Just(Stop::Playing),
        Just(Stop::Agreement),
        side().prop_map(Stop::Resign),
        side().prop_map(Stop::Time),
    ]
}

/// A random game from `start`: for each ply a choice among the legal
/// moves; then `stop`.
fn random_game(start: Position, choices: &[Index], stop: Stop) -> Game {
    let mut game = Game::from_position(start);
    for choice in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(*choice.get(&legal)).expect("a legal move");
    }
    match stop {
        Stop::Playing => {}
        Stop::Agreement => game.end_by_agreement(),
        Stop::Resign(side) => game.resign(side),
        Stop::Time(side) => game.lose_on_time(side),
    }
    game
}

/// Tags a user might set: Aualé's roster (some unknown) and others, with
/// quotes, backslashes and non-ASCII text in the values.
fn any_tags() -> impl Strategy<Value = Vec<(String, String)>> {
    let value = || "[ -~]{0,12}|\\PC{0,8}|\\?";
    let roster =
        prop::collection::vec((prop::sample::select(ROSTER[1..7].to_vec()), value()), 0..4)
            .prop_map(|tags| {
                tags.into_iter()
                    .map(|(n, v)| (n.to_owned(), v))
                    .collect::<Vec<_>>()
            });
    let other =
        prop::collection::vec(("[A-Za-z_][A-Za-z0-9_]{0,8}", value()), 0..4).prop_map(|tags| {
            tags.into_iter()
                .filter(|(n, _)| !ROSTER.contains(&n.as_str()) && !FROM_GAME.contains(&n.as_str()))
                .collect::<Vec<_>>()
        });
    (roster, other).prop_map(|(mut roster, other)| {
        roster.extend(other);
        roster
    })
}

/// Comments by ply, white space already normalised, no `}`.
fn any_comments() -> impl Strategy<Value = BTreeMap<usize, String>> {
    prop::collection::btree_map(
        0..120usize,
        prop::collection::vec("[!-|~\u{e0}-\u{ff}]{1,10}", 1..6).prop_map(|w| w.join(" ")),
        0..6,
    )
}

/// The tags other than Aualé's roster and the game's own, in order.
fn other_tags(tags: &[(String, String)]) -> Vec<(String, String)> {
    tags.iter()
        .filter(|(n, _)| !ROSTER.contains(&n.as_str()) && !FROM_GAME.contains(&n.as_str()))
        .cloned()
        .collect()
}

/// Writes a record, reads it back and checks that nothing was lost.
fn check_round_trip(record: &Record) -> Result<(), TestCaseError> {
    let text = record.to_string();
    let back = Record::read(&text)
        .map_err(|e| TestCaseError::fail(format!("{e}\n--- record ---\n{text}")))?;
    prop_assert_eq!(&back.game, &record.game, "{}", text);
    prop_assert_eq!(back.game.outcome(), record.game.outcome());
    prop_assert_eq!(back.abandoned, record.abandoned, "{}", text);
    for name in &ROSTER[1..7] {
        prop_assert_eq!(back.tag(name), record.tag(name), "tag {}", name);
    }
    prop_assert_eq!(other_tags(&back.tags), other_tags(&record.tags));
    let kept: BTreeMap<usize, String> = record
        .comments
        .iter()
        .filter(|&(&ply, _)| ply <= record.game.moves().len())
        .map(|(&ply, c)| (ply, c.clone()))
        .collect();
    prop_assert_eq!(&back.comments, &kept);
    prop_assert_eq!(back.to_string(), text.clone(), "writing is stable");
    for line in text.lines() {
        prop_assert!(line.chars().count() < 80 || !line.contains(' ') || line.starts_with('['));
    }
    let last = text.split_whitespace().last().unwrap_or_default();
    prop_assert_eq!(
        last,
        back.tag("Result").unwrap_or("*"),
        "the result ends the moves"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn round_trip_from_the_start(
        rules in any_rules(),
        choices in prop::collection::vec(any::<Index>(), 0..150),
        stop in any_stop(),
        tags in any_tags(),
        comments in any_comments(),
        abandoned in any::<bool>(),
    ) {
        let game = random_game(Position::new(rules), &choices, stop);
        // Only a game that is not over can have been abandoned.
        let abandoned = abandoned && !game.is_over();
        let record = Record { tags, game, comments, abandoned };
        check_round_trip(&record)?;
        prop_assert!(!record.to_string().contains("[FEN "), "no FEN from the start");
    }

    #[test]
    fn round_trip_from_a_set_up_start(
        start in any_setup(),
        choices in prop::collection::vec(any::<Index>(), 0..80),
        stop in any_stop(),
        comments in any_comments(),
    ) {
        let game = random_game(start, &choices, stop);
        let record = Record { tags: Vec::new(), game, comments, abandoned: false };
        check_round_trip(&record)?;
    }

    #[test]
    fn auale_notation_round_trip(start in any_setup(), choices in prop::collection::vec(any::<Index>(), 0..40)) {
        let game = random_game(start, &choices, Stop::Playing);
        for position in game.positions() {
            let text = auale::write_position(position);
            let back = auale::read_position(&text, *position.rules()).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(auale::write_position(&back), text.clone());
            if !position.is_over() {
                prop_assert_eq!(back, *position, "{}", text);
            }
        }
    }

    #[test]
    fn reading_any_text_never_panics(text in "\\PC*|.*") {
        let _ = Record::read(&text);
        let _ = auale::read_position(&text, Rules::default());
    }

    #[test]
    fn reading_text_of_the_ogn_alphabet_never_panics(
        head in "(\\[[A-Za-z]{0,8}( \"[ -~½]{0,10}\")?\\]?\n?){0,4}",
        tags in prop::collection::vec((prop::sample::select(vec!["Rules", "Variant", "FEN", "Result", "Termination", "Winner"]), "[a-z0-9,=*?½ -]{0,14}|[0-9-]{0,30}[SN]?"), 0..4),
        moves in "[A-Fa-fgz0-9.+*{}() \n½-]{0,120}",
    ) {
        let tags: String = tags.iter().map(|(n, v)| format!("[{n} \"{v}\"]\n")).collect();
        let _ = Record::read(&format!("{head}{tags}\n{moves}"));
        let _ = Record::read(&format!("{tags}\n{moves}"));
    }

    #[test]
    fn reading_positions_of_the_notation_alphabet_never_panics(rules in any_rules(), text in "[0-9SN -]{0,60}") {
        let _ = auale::read_position(&text, rules);
    }
}

/// The game of the research notes' example, written by Aualé's writer:
/// the eight roster tags and no `Rules` tag.
const AUALE_FILE: &str = "\
[Variant \"Oware Abapa\"]
[Event \"?\"]
[Site \"?\"]
[Date \"?\"]
[Round \"?\"]
[South \"?\"]
[North \"?\"]
[Result \"2-26\"]

1. C b 2. E f 3. A a 4. E a 5. C f+2 6. B e+3 7. B a 8. A f 9. D a 10. B b 11.
E f+2 12. A e 13. A c 14. F+2 f 15. A e 16. A c 17. B f 18. C c 19. E b 20. A
f+3 21. D e+2 22. B a 23. C d+10 24. A f+4 2-26
";

#[test]
fn an_auale_file_reads_as_abapa() {
    let record = Record::read(AUALE_FILE).unwrap();
    let game = &record.game;
    assert_eq!(*game.rules(), Rules::default());
    assert_eq!(game.moves().len(), 48);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Majority);
    assert_eq!(outcome.winner(), Some(Side::North));
    assert_eq!(outcome.score_text(), "2-26");
    assert_eq!(
        auale::write_position(game.position()),
        "1-0-0-1-1-5-1-3-5-0-3-0-2-26-S"
    );
    assert_eq!(record.tags.len(), 8);
    assert_eq!(record.tag("Event"), None, "? is unknown");
    assert_eq!(record.tag("Variant"), Some("Oware Abapa"));
}

#[test]
fn written_moves_are_byte_for_byte_auales() {
    let record = Record::read(AUALE_FILE).unwrap();
    let text = record.to_string();
    let ours = text.split_once("\n\n").unwrap();
    let theirs = AUALE_FILE.split_once("\n\n").unwrap();
    assert_eq!(ours.1, theirs.1, "the move text");
    assert!(ours.0.starts_with(theirs.0), "the roster first, then ours");
    assert_eq!(
        &ours.0[theirs.0.len()..],
        "\n[Rules \"abapa\"]\n[Termination \"majority\"]"
    );
}

#[test]
fn an_auale_file_with_a_set_up_start_and_comments() {
    let text = "\
[Variant \"Oware Abapa\"]
[Event \"Analysis\"]
[Site \"?\"]
[Date \"2024.01.01\"]
[Round \"?\"]
[South \"Alice\"]
[North \"Bob\"]
[Result \"*\"]
[FEN \"0-5-5-5-5-4-4-4-4-4-4-4-0-0-N\"]

1. a { North   replies } B
";
    let record = Record::read(text).unwrap();
    assert_eq!(
        auale::write_position(record.game.start()),
        "0-5-5-5-5-4-4-4-4-4-4-4-0-0-N"
    );
    assert_eq!(record.game.moves().len(), 2);
    assert_eq!(
        record.comments.get(&1).map(String::as_str),
        Some("North replies")
    );
    assert_eq!(record.tag("South"), Some("Alice"));
    assert_eq!(record.tag("Date"), Some("2024.01.01"));
    assert!(record.to_string().ends_with(
        "[FEN \"0-5-5-5-5-4-4-4-4-4-4-4-0-0-N\"]\n[Rules \"abapa\"]\n\n1. a { North replies } B *\n"
    ));
}

#[test]
fn auale_reads_any_a_to_f_letter_as_a_move() {
    // Tags in another order, joined moves, variations, a stray `+2`.
    let text = "[Result \"*\"] [Variant \"Oware Abapa\"]\n\nCbE (1. A f {x)} (b)) +2 f *";
    let record = Record::read(text).unwrap();
    assert_eq!(
        wari_rules::record::write_moves(record.game.moves()),
        "C b E f"
    );
}

#[test]
fn a_set_up_start_with_south_to_move_gets_a_fen_tag() {
    let start = auale::read_position("4-4-4-4-4-4-4-4-4-4-4-3-1-0-S", Rules::default()).unwrap();
    let text = Record::new(Game::from_position(start)).to_string();
    assert!(text.contains("[FEN \"4-4-4-4-4-4-4-4-4-4-4-3-1-0-S\"]\n"));
    assert_eq!(Record::read(&text).unwrap().game.start(), &start);
}

#[test]
fn move_numbers_count_pairs_of_plies_whoever_moves() {
    // Kalah: C ends in South's store, so South moves twice.
    let mut game = Game::new(Rules::new(Variant::Kalah));
    for letter in ["C", "D", "a"] {
        game.play(letter.parse().unwrap()).unwrap();
    }
    let text = Record::new(game).to_string();
    assert!(text.ends_with("\n\n1. C+1 D+1 2. a *\n"), "{text}");
    // North first.
    let start = Position::default().play("A".parse().unwrap()).unwrap();
    let mut game = Game::from_position(start);
    game.play("a".parse().unwrap()).unwrap();
    assert!(Record::new(game).to_string().ends_with("\n\n1. a *\n"));
}

#[test]
fn resignation_and_time_carry_the_winner() {
    let mut game = Game::default();
    game.play("C".parse().unwrap()).unwrap();
    game.lose_on_time(Side::North);
    let text = Record::new(game.clone()).to_string();
    // Not the counts: to Aualé the board has not ended the game.
    assert!(text.contains("[Result \"*\"]\n"), "{text}");
    assert!(text.contains("[Termination \"time\"]\n[Winner \"S\"]\n"));
    assert!(text.ends_with("\n\n1. C *\n"), "{text}");
    assert_eq!(Record::read(&text).unwrap().game, game);
    // As this crate wrote them before, with the counts, they still read.
    let older = text.replace("[Result \"*\"]", "[Result \"0-0\"]");
    assert_eq!(Record::read(&older).unwrap().game, game);
    // Any other result does not.
    let wrong = text.replace("[Result \"*\"]", "[Result \"25-0\"]");
    assert!(Record::read(&wrong).is_err());
}

#[test]
fn an_abandoned_game_says_so_with_no_result() {
    // One move, then the game is aborted: not over, no winner.
    let mut game = Game::default();
    game.play("C".parse().unwrap()).unwrap();
    let mut record = Record::new(game.clone());
    record.abandoned = true;
    let text = record.to_string();
    assert!(
        text.contains("[Result \"*\"]\n[Rules \"abapa\"]\n[Termination \"abandoned\"]\n\n"),
        "{text}"
    );
    assert!(!text.contains("[Winner"), "{text}");
    assert!(text.ends_with("\n\n1. C *\n"), "{text}");
    let back = Record::read(&text).unwrap();
    assert!(back.abandoned);
    assert_eq!(back.game, game);
    assert_eq!(back.game.outcome(), None);
    // A record without the tag was not abandoned.
    assert!(
        !Record::read("[Rules \"abapa\"]\n\n1. C *\n")
            .unwrap()
            .abandoned
    );
    // A game its moves ended was not abandoned; nor has one a winner.
    let over = Record::new(a_game_ending_by_repetition(Rules::new(Variant::Abapa))).to_string();
    assert!(over.contains("[Termination \"repetition\"]"), "{over}");
    let over = over.replace(
        "[Termination \"repetition\"]",
        "[Termination \"abandoned\"]",
    );
    let (_, kind) = read_error(&over);
    assert!(
        matches!(kind, OgnErrorKind::AbandonedOver(EndReason::Repetition)),
        "{kind:?}"
    );
    let winner = text.replace(
        "[Termination \"abandoned\"]",
        "[Termination \"abandoned\"]\n[Winner \"S\"]",
    );
    assert!(matches!(
        read_error(&winner).1,
        OgnErrorKind::WinnerMismatch { .. }
    ));
}

/// A record read the way Aualé reads it (docs/research/auale-formats.md
/// §1, from `OGNSerializer` and `Match`): the file starts with `[Variant`;
/// tags are `[Name "value"]` read from the start until something else;
/// then every letter A-F or a-f outside `{...}` and `(...)` is a move, all
/// else is skipped.
#[derive(Debug)]
struct AsAualeReadsIt {
    tags: Vec<(String, String)>,
    moves: String,
}

fn read_as_auale(text: &str) -> AsAualeReadsIt {
    assert!(text.starts_with("[Variant"), "Aualé 1.x refuses:\n{text}");
    let mut rest = text;
    let mut tags = Vec::new();
    // `\s*\[\s*(\w+)\s+"((?:[^"]|\\")*)"\s*\]`, applied again and again.
    loop {
        let t = rest.trim_start();
        let Some(inner) = t.strip_prefix('[') else {
            break;
        };
        let inner = inner.trim_start();
        let name_len = inner
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let (name, after) = inner.split_at(name_len);
        let after = after.trim_start();
        let Some(value_start) = after.strip_prefix('"') else {
            break;
        };
        let mut end = None;
        let mut escaped = false;
        for (i, c) in value_start.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else { break };
        let value = value_start[..end]
            .replace("\\\"", "\"")
            .replace("\\\\", "\\");
        let Some(closed) = value_start[end + 1..].trim_start().strip_prefix(']') else {
            break;
        };
        tags.push((name.to_owned(), value));
        rest = closed;
    }
    let mut moves = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            '(' => {
                for c in chars.by_ref() {
                    if c == ')' {
                        break;
                    }
                }
            }
            'A'..='F' | 'a'..='f' => moves.push(c),
            _ => {}
        }
    }
    AsAualeReadsIt { tags, moves }
}

impl AsAualeReadsIt {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The `Result` Aualé would itself write for these moves: `Match.add_move`
    /// sets the final store counts once its board ends the game (a store
    /// over 24, no legal move, a position seen before; the rows swept),
    /// and `*` otherwise.
    fn result_auale_would_write(&self) -> String {
        let mut game = Game::default();
        for letter in self.moves.chars() {
            game.play(letter.to_string().parse().unwrap()).unwrap();
        }
        match game.outcome() {
            Some(o) => o.score_text(),
            None => "*".to_owned(),
        }
    }
}

#[test]
fn records_read_as_auales_documented_format_says() {
    let mut games = Vec::new();
    // A game its board ends (the file of §1.5, made by Aualé's writer).
    games.push(Record::read(AUALE_FILE).unwrap().game);
    for stop in [
        Stop::Time(Side::North),
        Stop::Time(Side::South),
        Stop::Resign(Side::South),
    ] {
        let mut game = Game::default();
        for letter in "CbEfAaEaCf".chars() {
            game.play(letter.to_string().parse().unwrap()).unwrap();
        }
        match stop {
            Stop::Time(side) => game.lose_on_time(side),
            Stop::Resign(side) => game.resign(side),
            _ => {}
        }
        games.push(game);
    }
    for game in games {
        let mut record = Record::new(game.clone());
        record.set_tag("South", "Ama \"the fast\"");
        record.set_tag("North", "Kofi");
        let text = record.to_string();
        let read = read_as_auale(&text);
        let names: Vec<&str> = read.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names[..8], ROSTER, "{text}");
        assert_eq!(read.tag("Variant"), Some("Oware Abapa"));
        assert_eq!(read.tag("South"), Some("Ama \"the fast\""));
        assert_eq!(
            read.moves,
            wari_rules::record::write_moves(game.moves()).replace(' ', ""),
            "every letter outside braces is one of the moves:\n{text}"
        );
        assert_eq!(
            read.tag("Result"),
            Some(read.result_auale_would_write().as_str()),
            "{text}"
        );
        // How it ended travels in the tags Aualé keeps without reading.
        let outcome = game.outcome().unwrap();
        assert_eq!(read.tag("Termination"), Some(outcome.reason().name()));
        if matches!(outcome.reason(), EndReason::Time | EndReason::Resignation) {
            assert_eq!(read.tag("Winner"), Some(outcome.result_name()));
        }
    }
}

/// A game under `rules` that ends by repetition with seeds left on the
/// last mover's row, found by a fixed pseudo-random walk.
fn a_game_ending_by_repetition(rules: Rules) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    loop {
        let mut game = Game::new(rules);
        while !game.is_over() {
            let legal = game.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            game.play(m).unwrap();
        }
        let mover = game.moves().last().map(|m| m.side());
        let before = game.positions().last().unwrap();
        if game.outcome().unwrap().reason() == EndReason::Repetition
            && mover.is_some_and(|s| game.position().captured(s) > before.captured(s))
        {
            return game;
        }
    }
}

#[test]
fn the_last_move_may_count_the_rows_swept_as_auale_writes_it() {
    let rules: Rules = "abapa,pits=3,seeds=2".parse().unwrap();
    let game = a_game_ending_by_repetition(rules);
    let record = Record::new(game.clone());
    let text = record.to_string();
    let last = *game.moves().last().unwrap();
    let n = game.moves().len();
    let before = game.positions()[n - 1].captured(last.side());
    let swept = game.position().captured(last.side()) - before;
    // Replace the last move's token with Aualé's mark.
    let (moves_text, result) = text.rsplit_once(' ').unwrap();
    let (head, token) = moves_text.rsplit_once(|c: char| c.is_whitespace()).unwrap();
    assert!(token.starts_with(last.letter()), "{token}");
    let auale = format!("{head} {}+{swept} {result}", last.letter());
    assert_eq!(Record::read(&auale).unwrap().game, game, "{auale}");
    let wrong = format!("{head} {}+{} {result}", last.letter(), swept + 1);
    assert!(Record::read(&wrong).is_err());
}

/// The error's kind, panicking with the text if it reads.
fn read_error(text: &str) -> (usize, OgnErrorKind) {
    match Record::read(text) {
        Ok(_) => panic!("read without error:\n{text}"),
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "one line: {e}");
            (e.line, e.kind)
        }
    }
}

#[test]
fn a_malformed_tag_is_an_error_with_its_line() {
    for bad in [
        "[Event \"x\"]\n[Site \"y]\n",
        "[Event \"x\"]\n[Site]\n",
        "[Event \"x\"]\n[Site \"y\"\n\n1. C",
        "[Event \"x\"]\n[\"y\"]\n",
        "[Event \"x\"]\n[Si-te \"y\"]\n",
    ] {
        assert_eq!(read_error(bad), (2, OgnErrorKind::BadTag), "{bad}");
    }
    assert_eq!(
        read_error("[Event \"x\"]\n\n1. C b\n[Site \"y\"]").0,
        4,
        "a tag after the moves"
    );
}

#[test]
fn an_unknown_move_letter_is_an_error() {
    let (line, kind) = read_error("[Variant \"Oware Abapa\"]\n\n1. C b\n2. G a");
    assert_eq!(line, 4);
    assert_eq!(kind, OgnErrorKind::UnknownLetter('G'));
}

#[test]
fn an_illegal_move_is_an_error_naming_its_ply() {
    let (line, kind) = read_error("\n1. C b 2. C");
    assert_eq!(line, 2);
    assert!(
        matches!(
            kind,
            OgnErrorKind::Illegal {
                ply: 3,
                error: PlayError::EmptyPit(_),
                ..
            }
        ),
        "{kind:?}"
    );
    let e = Record::read("1. C C").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: ply 2 (C): pit C is South's and it is North's turn"
    );
    // A pit beyond a small board.
    let (_, kind) = read_error("[Rules \"abapa,pits=3\"]\n\n1. F");
    assert!(matches!(
        kind,
        OgnErrorKind::Illegal {
            ply: 1,
            error: PlayError::NoSuchPit { .. },
            ..
        }
    ));
}

#[test]
fn a_wrong_capture_mark_is_an_error_naming_its_ply() {
    let bad = AUALE_FILE.replace("C f+2", "C f+3");
    let (line, kind) = read_error(&bad);
    assert_eq!(line, 10);
    assert!(
        matches!(&kind, OgnErrorKind::CaptureMismatch { ply: 10, written, captured: 2, .. } if written == "3"),
        "{kind:?}"
    );
    // The same moves under Kalah capture otherwise.
    let kalah = AUALE_FILE
        .replace("Oware Abapa", "Kalah")
        .replace("[Result \"2-26\"]", "[Result \"*\"]");
    assert!(matches!(
        kind_of(&kalah),
        OgnErrorKind::CaptureMismatch { .. } | OgnErrorKind::Illegal { .. }
    ));
    assert!(matches!(
        read_error("1. C+"),
        (1, OgnErrorKind::CaptureMismatch { ply: 1, .. })
    ));
    assert!(matches!(
        read_error("1. C+99999999999999999999"),
        (1, OgnErrorKind::CaptureMismatch { .. })
    ));
}

fn kind_of(text: &str) -> OgnErrorKind {
    read_error(text).1
}

#[test]
fn a_result_that_disagrees_with_the_game_is_an_error() {
    let bad = AUALE_FILE.replace("[Result \"2-26\"]", "[Result \"26-2\"]");
    assert_eq!(
        read_error(&bad),
        (
            8,
            OgnErrorKind::ResultMismatch {
                written: "26-2".to_owned(),
                game: "2-26".to_owned()
            }
        )
    );
    let unfinished = AUALE_FILE.replace("[Result \"2-26\"]", "[Result \"*\"]");
    assert!(matches!(
        kind_of(&unfinished),
        OgnErrorKind::ResultMismatch { .. }
    ));
    assert!(matches!(
        kind_of("[Result \"24-24\"]\n\n1. C"),
        OgnErrorKind::ResultMismatch { .. }
    ));
    // A game made under `wari,cycle=3` does not end where `abapa` says.
    assert!(Record::read(&AUALE_FILE.replace("24. A f+4 ", "")).is_err());
}

#[test]
fn a_bad_fen_is_an_error() {
    for fen in [
        "4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X",
        "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S",
        "4-4-4-4-4-4-4-4-0-0-S",
    ] {
        let text = format!("[Variant \"Oware Abapa\"]\n[FEN \"{fen}\"]\n");
        assert!(
            matches!(read_error(&text), (2, OgnErrorKind::Fen(_))),
            "{fen}"
        );
    }
    // Right under the record's rules.
    assert!(Record::read("[Rules \"abapa,pits=4\"]\n[FEN \"4-4-4-4-4-4-4-4-0-0-S\"]\n").is_ok());
}

#[test]
fn an_unterminated_comment_or_variation_is_an_error() {
    assert_eq!(
        read_error("\n1. C { never\nclosed"),
        (2, OgnErrorKind::UnterminatedComment)
    );
    assert_eq!(
        read_error("\n\n1. C (b E"),
        (3, OgnErrorKind::UnterminatedVariation)
    );
    assert_eq!(
        read_error("1. C (b {E)"),
        (1, OgnErrorKind::UnterminatedComment)
    );
}

#[test]
fn rules_variant_and_ending_tags_are_checked() {
    assert!(matches!(
        kind_of("[Variant \"Awale\"]\n"),
        OgnErrorKind::UnknownVariant(_)
    ));
    assert!(Record::read("[Variant \"Awale\"]\n[Rules \"warri\"]\n").is_ok());
    assert!(matches!(
        kind_of("[Rules \"chess\"]\n"),
        OgnErrorKind::Rules(_)
    ));
    assert!(matches!(
        kind_of("[Variant \"Kalah\"]\n[Rules \"abapa\"]\n"),
        OgnErrorKind::VariantMismatch { .. }
    ));
    assert_eq!(
        Record::read("[Variant \"Oware Warri\"]\n")
            .unwrap()
            .game
            .rules()
            .variant(),
        Variant::Warri
    );
    assert!(matches!(
        kind_of("[Termination \"checkmate\"]\n"),
        OgnErrorKind::Termination(_)
    ));
    assert!(matches!(
        kind_of("[Termination \"majority\"]\n\n1. C"),
        OgnErrorKind::TerminationMismatch { game: None, .. }
    ));
    assert!(matches!(
        kind_of("[Termination \"resignation\"]\n\n1. C"),
        OgnErrorKind::Winner(EndReason::Resignation)
    ));
    assert!(matches!(
        kind_of("[Termination \"time\"]\n[Winner \"draw\"]\n\n1. C"),
        OgnErrorKind::Winner(EndReason::Time)
    ));
    assert!(matches!(
        kind_of("[Winner \"S\"]\n\n1. C"),
        OgnErrorKind::WinnerMismatch { .. }
    ));
    let agreed =
        Record::read("[Termination \"agreement\"]\n[Winner \"draw\"]\n[Result \"24-24\"]\n")
            .unwrap();
    assert_eq!(
        agreed.game.outcome().unwrap().reason(),
        EndReason::Agreement
    );
    let bad_termination = AUALE_FILE.replace("[Result", "[Termination \"repetition\"]\n[Result");
    assert!(matches!(
        kind_of(&bad_termination),
        OgnErrorKind::TerminationMismatch {
            game: Some(EndReason::Majority),
            ..
        }
    ));
}
