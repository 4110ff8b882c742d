//! A text for people, by catalogue key: what the server and the CLI say
//! (errors, refusals of the rules, messages) is a key of
//! `web/locales/*/*.ftl` and its arguments, written in the reader's
//! language only when it is shown.

use std::fmt;

use crate::{Arg, Language, message};

/// A catalogue key with its arguments, e.g. `err-play-empty-pit` with
/// `pit = d`: "pit d is empty", "el hoyo d está vacío". Made with
/// [`text!`](crate::text!); not `Display`, so that an argument is either shown as it
/// displays itself or, a `Text` itself, written in the same language.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    key: &'static str,
    args: Vec<(&'static str, Value)>,
}

/// One argument of a [`Text`].
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A text or number as given.
    Arg(Arg<'static>),
    /// Another text, written in the same language as the one holding it.
    Text(Box<Text>),
}

impl<T: fmt::Display> From<T> for Value {
    fn from(value: T) -> Value {
        Value::Arg(Arg::from(value.to_string()))
    }
}

impl From<Text> for Value {
    fn from(text: Text) -> Value {
        Value::Text(Box::new(text))
    }
}

impl From<&Text> for Value {
    fn from(text: &Text) -> Value {
        Value::Text(Box::new(text.clone()))
    }
}

impl Text {
    /// The text of `key`, without arguments yet.
    #[must_use]
    pub fn new(key: &'static str) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// With argument `name`: a value written as it displays itself (ids,
    /// names, letters, and numbers that read as figures of the API, like
    /// `10800`), or a [`Text`] written in the same language.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Text {
        self.args.push((name, value.into()));
        self
    }

    /// With argument `name` a number, formatted per language and chosen
    /// on by plurals (`{ $count -> [one] … *[other] … }`).
    #[must_use]
    pub fn number(mut self, name: &'static str, value: impl Into<f64>) -> Text {
        self.args
            .push((name, Value::Arg(Arg::Number(value.into()))));
        self
    }

    /// Its catalogue key, e.g. `err-play-empty-pit`.
    #[must_use]
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The stable machine code the API sends beside the message: the key
    /// without its `err-` (or `note-`) prefix, e.g. `play-empty-pit`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.key
            .strip_prefix("err-")
            .or_else(|| self.key.strip_prefix("note-"))
            .unwrap_or(self.key)
    }

    /// The text in `language`, on one line.
    #[must_use]
    pub fn render(&self, language: Language) -> String {
        let args: Vec<(&str, Arg)> = self
            .args
            .iter()
            .map(|(name, value)| match value {
                Value::Arg(arg) => (*name, arg.clone()),
                Value::Text(text) => (*name, Arg::from(text.render(language))),
            })
            .collect();
        message(language, self.key, &args).replace(['\n', '\r'], " ")
    }

    /// The text in English (logs, and what the tests read).
    #[must_use]
    pub fn english(&self) -> String {
        self.render(Language::ENGLISH)
    }
}

/// `text!("err-key", name = value, …)`: a [`Text`] whose arguments
/// display themselves or are texts ([`Text::with`]); the values are
/// borrowed.
///
/// ```
/// use wari_i18n::{Language, text};
///
/// let t = text!("err-play-empty-pit", pit = 'd');
/// assert_eq!(t.render(Language::ENGLISH), "pit d is empty");
/// ```
#[macro_export]
macro_rules! text {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::Text::new($key)$(.with(stringify!($name), &$value))*
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_written_in_the_language_asked_for() {
        let es: Language = "es".parse().unwrap();
        let t = text!("err-play-empty-pit", pit = 'd');
        assert_eq!(t.code(), "play-empty-pit");
        assert_eq!(t.english(), "pit d is empty");
        assert_eq!(t.render(es), "el hoyo d está vacío");
    }

    #[test]
    fn counts_choose_the_plural_and_are_written_per_language() {
        let es: Language = "es".parse().unwrap();
        let stale = |played: f64| text!("err-stale-ply", ply = 3).number("moves", played);
        assert_eq!(stale(1.0).english(), "stale ply 3: 1 move has been played");
        assert_eq!(
            stale(5.0).english(),
            "stale ply 3: 5 moves have been played"
        );
        assert_eq!(
            stale(1.0).render(es),
            "jugada 3 desfasada: ya se ha jugado 1 jugada"
        );
        assert_eq!(
            stale(12345.0).render(es),
            "jugada 3 desfasada: ya se han jugado 12.345 jugadas"
        );
        assert_eq!(
            stale(12345.0).english(),
            "stale ply 3: 12,345 moves have been played"
        );
    }
}
