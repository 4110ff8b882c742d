//! The embedded catalogues, one Fluent bundle per language, and the one
//! function that turns a key and its arguments into a message.

use std::borrow::Cow;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::Language;
use crate::embedded::LANGUAGES;
use crate::number::format_value;

/// One argument of a message: a text, or a number (formatted per
/// language, and chosen on by plurals: `{ $count -> [one] … }`).
///
/// ```
/// use wari_i18n::Arg;
/// let _: Arg = "d".into();
/// let _: Arg = 13u32.into();
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    /// A text, inserted as it is.
    Text(Cow<'a, str>),
    /// A number.
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(Cow::Owned(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64);

/// The bundles, built once on first use.
fn bundles() -> &'static [FluentBundle<FluentResource>] {
    static BUNDLES: OnceLock<Vec<FluentBundle<FluentResource>>> = OnceLock::new();
    BUNDLES.get_or_init(|| LANGUAGES.iter().map(|l| bundle(l.code, l.files)).collect())
}

/// One language's bundle. A file that does not parse keeps the messages
/// that do, and a duplicate keeps the first: the key test
/// (`tests/catalogues.rs`) is what refuses both.
fn bundle(code: &str, files: &[(&str, &'static str)]) -> FluentBundle<FluentResource> {
    let id = code.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Messages go to terminals, JSON and logs, not bidirectional text:
    // no Unicode isolation marks around arguments.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(format_value));
    // NUMBER() is fluent's only builtin; it cannot already be there.
    let _ = bundle.add_builtins();
    for (_, source) in files {
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
        let _ = bundle.add_resource(resource);
    }
    bundle
}

/// The message `key` in `language` with its arguments; a key that
/// language lacks comes in English, and one English lacks comes back as
/// the key itself. Never panics.
///
/// ```
/// use wari_i18n::{Language, message};
/// let es: Language = "es".parse().unwrap();
/// let args = [("language", "fr".into()), ("available", "en, es".into())];
/// let text = message(es, "err-unknown-language", &args);
/// assert_eq!(text, "idioma desconocido «fr» (disponibles: en, es)");
/// assert_eq!(message(es, "no-such-key", &[]), "no-such-key");
/// ```
pub fn message(language: Language, key: &str, args: &[(&str, Arg)]) -> String {
    let bundles = bundles();
    let found = [language, Language::ENGLISH]
        .into_iter()
        .filter_map(|l| bundles.get(l.index()))
        .find_map(|b| b.get_message(key).and_then(|m| m.value()).map(|p| (b, p)));
    let Some((bundle, pattern)) = found else {
        return key.to_string();
    };
    let mut fluent_args = FluentArgs::new();
    for (name, arg) in args {
        let value = match arg {
            Arg::Text(text) => FluentValue::from(text.to_string()),
            Arg::Number(n) => FluentValue::from(*n),
        };
        fluent_args.set(name.to_string(), value);
    }
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, Some(&fluent_args), &mut errors)
        .into_owned()
}

/// Whether `language`'s own catalogues have `key` (no fallback).
///
/// ```
/// use wari_i18n::{Language, has_message};
/// assert!(has_message(Language::ENGLISH, "err-unknown-language"));
/// assert!(!has_message(Language::ENGLISH, "no-such-key"));
/// ```
pub fn has_message(language: Language, key: &str) -> bool {
    bundles()
        .get(language.index())
        .is_some_and(|b| b.has_message(key))
}
