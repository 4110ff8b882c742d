//! The engine's options: what `uci` declares and `setoption` changes.
//!
//! Names are single words, since Aualé reads an option's name as one
//! word; `setoption` matches them without regard to case.

use wari_engine::{Engine, Level};
use wari_rules::Rules;

/// One option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    Hash,
    Threads,
    Rules,
    Level,
    OwnBook,
    Ponder,
    EgdbPath,
    Seed,
}

impl Name {
    const ALL: [Name; 8] = [
        Name::Hash,
        Name::Threads,
        Name::Rules,
        Name::Level,
        Name::OwnBook,
        Name::Ponder,
        Name::EgdbPath,
        Name::Seed,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Name::Hash => "Hash",
            Name::Threads => "Threads",
            Name::Rules => "Rules",
            Name::Level => "Level",
            Name::OwnBook => "OwnBook",
            Name::Ponder => "Ponder",
            Name::EgdbPath => "EgdbPath",
            Name::Seed => "Seed",
        }
    }

    fn find(name: &str) -> Option<Name> {
        Name::ALL
            .into_iter()
            .find(|n| n.as_str().eq_ignore_ascii_case(name))
    }

    /// The `option` line that declares it, with its default.
    fn declaration(self) -> String {
        let spec = match self {
            Name::Hash => format!(
                "spin default {} min 1 max {}",
                Engine::DEFAULT_HASH_MB,
                Engine::MAX_HASH_MB
            ),
            Name::Threads => format!("spin default 1 min 1 max {}", Engine::MAX_THREADS),
            Name::Rules => format!("string default {}", Rules::default()),
            Name::Level => format!(
                "spin default {} min {} max {}",
                Level::FULL,
                Level::MIN,
                Level::FULL
            ),
            Name::OwnBook => "check default false".to_owned(),
            Name::Ponder => "check default true".to_owned(),
            // `<empty>` is how UCI writes an empty string default.
            Name::EgdbPath => "string default <empty>".to_owned(),
            Name::Seed => format!("string default {RANDOM}"),
        };
        format!("option name {} type {spec}", self.as_str())
    }
}

/// The options' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The transposition table, in megabytes.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// The rules `position` reads under.
    pub rules: Rules,
    /// The playing level.
    pub level: Level,
    /// Play from the opening book of the rules, if there is one.
    pub own_book: bool,
    /// The GUI may ponder (nothing changes in the engine either way).
    pub ponder: bool,
    /// The endgame tables' directory (`wari egdb build`): empty means
    /// `$WARI_EGDB`, or `egdb` in the current directory, when they exist.
    pub egdb_path: String,
    /// The seed of the weaker levels' and the book's random choices,
    /// again at every `ucinewgame`; `None` (`random`): a fresh one from
    /// the system for each game.
    pub seed: Option<u64>,
}

/// The `Seed` value that asks for a fresh seed every game.
const RANDOM: &str = "random";

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: Engine::DEFAULT_HASH_MB,
            threads: 1,
            rules: Rules::default(),
            level: Level::FULL,
            own_book: false,
            ponder: true,
            egdb_path: String::new(),
            seed: None,
        }
    }
}

impl Options {
    /// The `option` lines of the `uci` reply.
    pub fn declarations() -> impl Iterator<Item = String> {
        Name::ALL.into_iter().map(Name::declaration)
    }

    /// Sets an option from `setoption`; returns which one changed.
    ///
    /// # Errors
    /// A message when the name is unknown or the value wrong; the options
    /// are then unchanged.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Name, String> {
        let option = Name::find(name).ok_or_else(|| {
            let known: Vec<&str> = Name::ALL.iter().map(|n| n.as_str()).collect();
            format!(
                "unknown option {name:?}: the options are {}",
                known.join(", ")
            )
        })?;
        let label = option.as_str();
        let value = value
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .ok_or_else(|| {
                format!("option {label} needs a value: setoption name {label} value ...")
            })?;
        match option {
            Name::Hash => self.hash_mb = spin(label, value, 1, Engine::MAX_HASH_MB)?,
            Name::Threads => self.threads = spin(label, value, 1, Engine::MAX_THREADS)?,
            Name::Level => {
                self.level = value.parse().map_err(|e| format!("option {label}: {e}"))?;
            }
            Name::Rules => {
                self.rules = value
                    .parse()
                    .map_err(|e| format!("option {label}: bad rules {value:?}: {e}"))?;
            }
            Name::OwnBook => self.own_book = check(label, value)?,
            Name::Ponder => self.ponder = check(label, value)?,
            Name::EgdbPath => {
                self.egdb_path = if value == "<empty>" {
                    String::new()
                } else {
                    value.to_owned()
                };
            }
            Name::Seed => {
                self.seed = if value.eq_ignore_ascii_case(RANDOM) {
                    None
                } else {
                    Some(value.parse().map_err(|_| {
                        format!(
                            "option {label}: {value:?} is neither {RANDOM} nor a whole number from 0 to {}",
                            u64::MAX
                        )
                    })?)
                };
            }
        }
        Ok(option)
    }
}

fn spin(label: &str, value: &str, min: usize, max: usize) -> Result<usize, String> {
    value
        .parse()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            format!("option {label}: {value:?} is not a whole number from {min} to {max}")
        })
}

fn check(label: &str, value: &str) -> Result<bool, String> {
    if value.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if value.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(format!("option {label}: {value:?} is not true or false"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_name_every_option_in_one_word() {
        let lines: Vec<String> = Options::declarations().collect();
        assert_eq!(
            lines,
            [
                "option name Hash type spin default 64 min 1 max 16384",
                "option name Threads type spin default 1 min 1 max 64",
                "option name Rules type string default abapa",
                "option name Level type spin default 10 min 1 max 10",
                "option name OwnBook type check default false",
                "option name Ponder type check default true",
                "option name EgdbPath type string default <empty>",
                "option name Seed type string default random",
            ]
        );
    }

    #[test]
    fn names_match_without_case_and_bad_values_change_nothing() {
        let mut options = Options::default();
        assert_eq!(options.set("hash", Some("128")), Ok(Name::Hash));
        assert_eq!(options.hash_mb, 128);
        assert_eq!(options.set("RULES", Some("kalah,pits=4")), Ok(Name::Rules));
        assert_eq!(options.rules.to_string(), "kalah,pits=4");
        assert_eq!(options.set("ownbook", Some("TRUE")), Ok(Name::OwnBook));
        assert!(options.own_book);
        assert_eq!(
            options.set("Seed", Some("18446744073709551615")),
            Ok(Name::Seed)
        );
        assert_eq!(options.seed, Some(u64::MAX));
        assert_eq!(options.set("seed", Some("Random")), Ok(Name::Seed));
        assert_eq!(options.seed, None);
        let before = options.clone();
        for (name, value) in [
            ("Hash", Some("0")),
            ("Hash", Some("16385")),
            ("Threads", Some("x")),
            ("Level", Some("11")),
            ("Rules", Some("chess")),
            ("Ponder", Some("yes")),
            ("Ponder", None),
            ("Seed", Some("-1")),
            ("Seed", Some("18446744073709551616")),
            ("Contempt", Some("1")),
        ] {
            assert!(options.set(name, value).is_err(), "{name} {value:?}");
        }
        assert_eq!(options, before);
    }
}
