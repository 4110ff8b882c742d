//! `wari play`'s command line in the player's language: its help and its
//! usage errors (a bad value, an unknown option), read from `cli.ftl`
//! when the language asked for (`--lang`, else the terminal's) is not
//! English. The English help is the code's own (the `Args` docs), so
//! other commands and English players see clap's text unchanged.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, Command};
use wari_engine::LevelError;
use wari_i18n::{Text, UnknownLanguage, message};
use wari_rules::TimeControlError;

use super::NotASide;
pub use super::words::Language;
use crate::args::NumberError;

/// The language `wari play`'s command line is read in, if `argv` runs
/// `wari play`: `--lang` (a bad one is told in English, as clap says it),
/// else the terminal's, else English.
pub fn language(argv: &[OsString]) -> Option<Language> {
    if argv.get(1).and_then(|a| a.to_str()) != Some("play") {
        return None;
    }
    let words: Vec<&str> = argv.iter().filter_map(|a| a.to_str()).collect();
    let asked = words
        .iter()
        .enumerate()
        .find_map(|(i, w)| match w.strip_prefix("--lang=") {
            Some(code) => Some(code),
            None => (*w == "--lang")
                .then(|| words.get(i + 1).copied())
                .flatten(),
        });
    let asked = asked.and_then(|code| code.parse().ok());
    Some(super::words::choose(asked))
}

/// Each option's help and value name, by its id: keys written out, as
/// the key test finds them.
const OPTIONS: &[(&str, &str, Option<&str>)] = &[
    ("rules", "cli-help-rules", Some("cli-value-rules")),
    ("from", "cli-help-from", Some("cli-value-position")),
    ("mode", "cli-help-mode", Some("cli-value-mode")),
    ("level", "cli-help-level", Some("cli-value-level")),
    ("side", "cli-help-side", Some("cli-value-side")),
    ("tc", "cli-help-tc", Some("cli-value-tc")),
    ("movetime", "cli-help-movetime", Some("cli-value-ms")),
    ("speed", "cli-help-speed", Some("cli-value-speed")),
    ("load", "cli-help-load", Some("cli-value-file")),
    ("rewind", "cli-help-rewind", None),
    ("plain", "cli-help-plain", None),
    ("seed", "cli-help-seed", Some("cli-value-n")),
    ("lang", "cli-help-lang", Some("cli-value-lang")),
];

/// The `play` subcommand with its help in `lang` (unchanged in English).
pub fn localise(play: Command, lang: Language) -> Command {
    if lang == Language::ENGLISH {
        return play;
    }
    let say = |key: &str| message(lang, key, &[]);
    let template = format!(
        "{{about-with-newline}}\n{}: {{usage}}\n\n{}:\n{{options}}{{after-help}}",
        say("cli-help-usage"),
        say("cli-help-options"),
    );
    let mut play = play
        .about(say("cli-help-about"))
        .long_about(say("cli-help-long-about"))
        .help_template(template)
        .override_usage(say("cli-help-usage-line"))
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(say("cli-help-help")),
        );
    for &(id, help, value) in OPTIONS {
        play = play.mut_arg(id, |arg| {
            let arg = arg.help(say(help)).long_help(say(help));
            match value {
                // The default and the values are in the help's words.
                Some(value) => arg
                    .value_name(say(value))
                    .hide_default_value(true)
                    .hide_possible_values(true),
                None => arg,
            }
        });
    }
    play
}

/// A usage error of `wari play` as one line in `lang`, or `None` for
/// English (clap's words, as every command says them) and for mistakes
/// without words of ours.
pub fn error_line(e: &clap::Error, lang: Language) -> Option<String> {
    if lang == Language::ENGLISH {
        return None;
    }
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(s)) => Some(s.join(", ")),
        _ => None,
    };
    let option = || {
        let arg = context(ContextKind::InvalidArg)?;
        // `--tc <MINUTES+SECONDS>` names the option as `--tc`.
        Some(arg.split(' ').next().unwrap_or(&arg).to_owned())
    };
    let say = |key: &str, args: &[(&str, wari_i18n::Arg)]| message(lang, key, args);
    let line = match e.kind() {
        ErrorKind::ValueValidation | ErrorKind::InvalidValue => {
            let (option, value) = (option()?, context(ContextKind::InvalidValue)?);
            if value.is_empty() {
                say("cli-usage-needs-value", &[("option", option.into())])
            } else {
                let why = match e.kind() {
                    ErrorKind::InvalidValue => {
                        let values = context(ContextKind::ValidValue)?;
                        say("cli-usage-expected", &[("values", values.into())])
                    }
                    _ => why(std::error::Error::source(e)?, lang)?,
                };
                let value = format!("{value:?}");
                say(
                    "cli-usage-bad-value",
                    &[
                        ("option", option.into()),
                        ("value", value.into()),
                        ("why", why.into()),
                    ],
                )
            }
        }
        ErrorKind::UnknownArgument => {
            let argument = format!("'{}'", context(ContextKind::InvalidArg)?);
            let text = say("cli-usage-unexpected", &[("argument", argument.into())]);
            say("cli-usage-see-help", &[("message", text.into())])
        }
        ErrorKind::ArgumentConflict => {
            let other = context(ContextKind::PriorArg)?;
            let other = other.split(' ').next().unwrap_or(&other).to_owned();
            let text = say(
                "cli-usage-conflict",
                &[("option", option()?.into()), ("other", other.into())],
            );
            say("cli-usage-see-help", &[("message", text.into())])
        }
        ErrorKind::MissingRequiredArgument => {
            let options = context(ContextKind::InvalidArg)?;
            let text = say("cli-usage-missing", &[("options", options.into())]);
            say("cli-usage-see-help", &[("message", text.into())])
        }
        _ => return None,
    };
    Some(line)
}

/// Why one of `wari play`'s parsers refused a value, in `lang`.
fn why(source: &(dyn std::error::Error + 'static), lang: Language) -> Option<String> {
    let say = |key: &str, args: &[(&str, wari_i18n::Arg)]| message(lang, key, args);
    if let Some(e) = source.downcast_ref::<NumberError>() {
        return Some(match e {
            NumberError::NotWhole(text) => say(
                "cli-usage-not-whole",
                &[("text", format!("{text:?}").into())],
            ),
            NumberError::AtLeast(min) => {
                say("cli-usage-at-least", &[("min", min.to_string().into())])
            }
            NumberError::Between(min, max) => say(
                "cli-usage-between",
                &[
                    ("min", min.to_string().into()),
                    ("max", max.to_string().into()),
                ],
            ),
        });
    }
    if let Some(NotASide(text)) = source.downcast_ref::<NotASide>() {
        let text = format!("{text:?}");
        return Some(say("cli-usage-not-a-side", &[("text", text.into())]));
    }
    if let Some(LevelError(text)) = source.downcast_ref::<LevelError>() {
        let text = format!("{text:?}");
        return Some(say("cli-usage-not-a-level", &[("text", text.into())]));
    }
    if let Some(e) = source.downcast_ref::<TimeControlError>() {
        return Some(Text::from(e.clone()).render(lang));
    }
    if let Some(e) = source.downcast_ref::<UnknownLanguage>() {
        return Some(Text::from(e.clone()).render(lang));
    }
    None
}
