//! A language the catalogues speak, and how a request or a terminal
//! chooses one.

use std::fmt;
use std::str::FromStr;

use crate::embedded::LANGUAGES;
use crate::{Arg, message};

/// One language of `web/locales/manifest.json` (English and Spanish
/// today). English is the first and the fallback.
///
/// ```
/// use wari_i18n::Language;
/// let es: Language = "es".parse().unwrap();
/// assert_eq!(es.code(), "es");
/// assert_eq!(es.name(), "Español");
/// assert_eq!(Language::default(), Language::ENGLISH);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Language(usize);

impl Language {
    /// English: the manifest's first language, used when nothing else
    /// is asked for and for a message missing in another language.
    pub const ENGLISH: Language = Language(0);

    /// Every language, in the manifest's order.
    ///
    /// ```
    /// let codes: Vec<_> = wari_i18n::Language::all().map(|l| l.code()).collect();
    /// assert_eq!(codes, ["en", "es"]);
    /// ```
    pub fn all() -> impl Iterator<Item = Language> {
        (0..LANGUAGES.len()).map(Language)
    }

    /// The language's code (`"en"`, `"es"`): its folder under
    /// `web/locales/`, its cookie and API value.
    pub fn code(self) -> &'static str {
        LANGUAGES[self.0].code
    }

    /// The language's name in itself (`"English"`, `"Español"`).
    pub fn name(self) -> &'static str {
        LANGUAGES[self.0].name
    }

    pub(crate) fn index(self) -> usize {
        self.0
    }

    /// The language of one language tag or POSIX locale, by its primary
    /// subtag, case-insensitively: `"es"`, `"es-AR"`, `"es_ES.UTF-8"`,
    /// `"EN"`. `None` for one we have no catalogues for (`"fr"`, `"C"`).
    ///
    /// ```
    /// use wari_i18n::Language;
    /// assert_eq!(Language::from_tag("es_ES.UTF-8").map(|l| l.code()), Some("es"));
    /// assert_eq!(Language::from_tag("fr-FR"), None);
    /// ```
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag
            .trim()
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default();
        Language::all().find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The language an `Accept-Language` header prefers among ours: the
    /// highest quality first, ties in the header's order; `q=0` refuses
    /// one. `None` when it names none of ours (the caller falls back to
    /// English).
    ///
    /// ```
    /// use wari_i18n::Language;
    /// let pick = Language::negotiate("fr-FR,es;q=0.8,en;q=0.5");
    /// assert_eq!(pick.map(|l| l.code()), Some("es"));
    /// assert_eq!(Language::negotiate("en;q=0, es;q=0.1").map(|l| l.code()), Some("es"));
    /// assert_eq!(Language::negotiate("de, *"), None);
    /// ```
    pub fn negotiate(accept_language: &str) -> Option<Language> {
        let mut best: Option<(f32, Language)> = None;
        for range in accept_language.split(',') {
            let mut parts = range.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let quality = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .map(|q| q.trim().parse::<f32>().unwrap_or(0.0))
                .next()
                .unwrap_or(1.0);
            let Some(language) = Language::from_tag(tag) else {
                continue;
            };
            let better = best.is_none_or(|(q, _)| quality > q);
            if quality > 0.0 && better {
                best = Some((quality, language));
            }
        }
        best.map(|(_, language)| language)
    }

    /// The language of a terminal, from POSIX locale variables as
    /// gettext reads them: the first set and non-empty of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` decides. `None` when it is none of ours
    /// (`C`, `fr_FR.UTF-8`) or nothing is set.
    pub fn from_env() -> Option<Language> {
        let var = |name| std::env::var(name).ok();
        Language::from_locale_vars(var("LC_ALL"), var("LC_MESSAGES"), var("LANG"))
    }

    /// [`Language::from_env`] on given values of `LC_ALL`, `LC_MESSAGES`
    /// and `LANG`.
    ///
    /// ```
    /// use wari_i18n::Language;
    /// let es = Language::from_locale_vars(None, Some("es_ES.UTF-8".into()), Some("en_GB".into()));
    /// assert_eq!(es.map(|l| l.code()), Some("es"));
    /// // LC_ALL wins even when it names a language we lack.
    /// assert_eq!(Language::from_locale_vars(Some("C".into()), None, Some("es_ES".into())), None);
    /// ```
    pub fn from_locale_vars(
        lc_all: Option<String>,
        lc_messages: Option<String>,
        lang: Option<String>,
    ) -> Option<Language> {
        [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|value| !value.is_empty())
            .and_then(|value| Language::from_tag(&value))
    }
}

impl Default for Language {
    fn default() -> Self {
        Language::ENGLISH
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that names none of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl UnknownLanguage {
    /// The error in `language`.
    ///
    /// ```
    /// use wari_i18n::{Language, UnknownLanguage};
    /// let es: Language = "es".parse().unwrap();
    /// let err = UnknownLanguage("fr".into());
    /// assert_eq!(err.message(es), "idioma desconocido «fr» (disponibles: en, es)");
    /// ```
    pub fn message(&self, language: Language) -> String {
        let codes: Vec<_> = Language::all().map(|l| l.code()).collect();
        let args = [
            ("language", Arg::from(&self.0)),
            ("available", Arg::from(codes.join(", "))),
        ];
        message(language, "err-unknown-language", &args)
    }
}

/// In English.
impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Language::ENGLISH))
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// Exactly a code of ours, in any case (`"es"`, `"EN"`); a region or
    /// anything else is refused, as `--lang` and `PUT /api/language`
    /// want.
    ///
    /// ```
    /// use wari_i18n::Language;
    /// assert!("ES".parse::<Language>().is_ok());
    /// let err = "fr".parse::<Language>().unwrap_err();
    /// assert_eq!(err.to_string(), "unknown language \"fr\" (available: en, es)");
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::all()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLanguage(s.to_string()))
    }
}
