//! The lessons of the web's Learn pages (`web/learn/lessons.json`, docs/
//! WEB.md) replayed by this library, independently of the browser's
//! `rules.js` that the pages judge moves with: every example's move gives
//! the position its caption shows, and every task's answers are exactly
//! the legal moves that reach its goal, under each rule set the lesson is
//! taught for. Their words are Fluent keys (`web/locales/LANG/lessons.ftl`),
//! and every one of them is written in each language.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use serde_json::Value;
use wari_rules::{EndReason, Game, Move, Position, Rules, Slot, Sowing};

fn lessons() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/learn/lessons.json");
    let text = fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the lessons are missing: {}: {e}", path.display()));
    serde_json::from_str(&text).expect("the lessons are JSON")
}

fn text(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("no {key} in {v}"))
        .to_owned()
}

/// The game of an example or a task: its position under `rules` (its
/// own, if it names some), then the moves played before it.
fn game_of(item: &Value, rules: &str) -> Game {
    let rules: Rules = item["rules"]
        .as_str()
        .unwrap_or(rules)
        .parse()
        .expect("the rules read");
    let start = Position::from_string(&text(item, "position"), rules).expect("a position");
    let mut game = Game::from_position(start);
    for m in item["moves"].as_array().into_iter().flatten() {
        let m: Move = m.as_str().unwrap().parse().expect("a move");
        game.play(m).expect("the moves before are legal");
    }
    assert!(!game.is_over(), "{item}: over before the move");
    game
}

/// Whether `m` reaches `task`'s goal (as web/js/learn/goal.js defines).
fn reaches(task: &Value, game: &Game, m: Move) -> bool {
    let mover = game.position().turn();
    let sowing = Sowing::of(game.position(), m).expect("a legal move");
    let mut after = game.clone();
    after.play(m).expect("a legal move");
    match task["goal"].as_str().unwrap() {
        "last" => {
            let pit: Move = text(task, "pit").parse().unwrap();
            let index = pit.index(usize::from(game.rules().pits()));
            sowing.drops().last() == Some(&Slot::Pit(index))
        }
        "capture" => u64::from(sowing.captured_seeds()) == task["seeds"].as_u64().unwrap(),
        "extra-move" => !after.is_over() && after.position().turn() == mover,
        "end" => {
            let reason: EndReason = text(task, "reason").parse().unwrap();
            after.outcome().map(|o| o.reason()) == Some(reason)
        }
        "legal" => true,
        other => panic!("unknown goal {other}"),
    }
}

#[test]
fn every_lesson_says_what_the_rules_do() {
    let lessons = lessons();
    let families = &lessons["families"];
    let mut tasks = 0;
    for lesson in lessons["lessons"].as_array().unwrap() {
        let id = text(lesson, "id");
        for family in lesson["families"].as_array().unwrap() {
            let rules = text(&families[family.as_str().unwrap()], "rules");
            for example in lesson["examples"].as_array().unwrap() {
                let mut game = game_of(example, &rules);
                let m: Move = text(example, "move").parse().unwrap();
                game.play(m)
                    .unwrap_or_else(|e| panic!("{id} ({rules}): {e}"));
                assert_eq!(
                    game.position().to_string(),
                    text(example, "after"),
                    "{id} ({rules}): {}",
                    text(example, "caption")
                );
            }
            let task = &lesson["task"];
            let game = game_of(task, &rules);
            let answers: Vec<String> = game
                .legal_moves()
                .into_iter()
                .filter(|&m| reaches(task, &game, m))
                .map(|m| m.to_string())
                .collect();
            let expected: Vec<String> = task["answers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().to_owned())
                .collect();
            assert_eq!(
                answers,
                expected,
                "{id} ({rules}): {}",
                text(task, "prompt")
            );
            // A task must be one: some pit with seeds is not an answer.
            let pits_with_seeds = game
                .position()
                .row(game.position().turn())
                .iter()
                .filter(|&&n| n > 0)
                .count();
            assert!(
                answers.len() < pits_with_seeds,
                "{id} ({rules}): every move is an answer"
            );
            tasks += 1;
        }
    }
    // Every rule set has lessons.
    for family in ["abapa", "wari", "warri", "kalah"] {
        assert!(
            lessons["lessons"]
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l["families"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|f| f == family)),
            "no lesson for {family}"
        );
    }
    assert!(tasks >= 4);
}

/// The keys a Fluent catalogue defines: its lines `key = …` (comments,
/// continuation lines and variants start otherwise).
fn catalogue_keys(language: &str) -> BTreeSet<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../web/locales/{language}/lessons.ftl"));
    let text = fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the catalogue is missing: {}: {e}", path.display()));
    text.lines()
        .filter_map(|line| line.split_once(" ="))
        .map(|(key, _)| key)
        .filter(|key| {
            key.starts_with(|c: char| c.is_ascii_lowercase())
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .map(str::to_owned)
        .collect()
}

/// The words of the lessons: each family's line, each lesson's title,
/// paragraphs, examples' captions, task prompt and explanation.
fn lesson_keys(lessons: &Value) -> Vec<String> {
    let mut keys = Vec::new();
    for family in lessons["families"].as_object().unwrap().values() {
        keys.push(text(family, "about"));
    }
    for lesson in lessons["lessons"].as_array().unwrap() {
        keys.push(text(lesson, "title"));
        for paragraph in lesson["text"].as_array().unwrap() {
            keys.push(paragraph.as_str().unwrap().to_owned());
        }
        for example in lesson["examples"].as_array().unwrap() {
            keys.push(text(example, "caption"));
        }
        keys.push(text(&lesson["task"], "prompt"));
        keys.push(text(&lesson["task"], "explain"));
    }
    keys
}

#[test]
fn every_lesson_is_written_in_english_and_spanish() {
    let keys = lesson_keys(&lessons());
    assert!(keys.len() > 40, "{} keys", keys.len());
    assert_eq!(
        keys.len(),
        keys.iter().collect::<BTreeSet<_>>().len(),
        "a key is used twice"
    );
    for language in ["en", "es"] {
        let catalogue = catalogue_keys(language);
        for key in &keys {
            assert!(
                catalogue.contains(key),
                "{key} is not in {language}/lessons.ftl"
            );
        }
    }
}
