//! The players' language: the message catalogues of `web/locales/`
//! (Project Fluent, `.ftl`) for the server and the CLI, embedded at build
//! time, and how a language is chosen.
//!
//! The catalogues are data: `web/locales/manifest.json` lists the
//! languages (English first, the fallback) and the files; the browser
//! reads the same files. Adding a language is a folder and a manifest
//! line (docs/TRANSLATING.md). A [`Text`] is a key and its arguments,
//! written in a language when shown; the rules crate's refusals become
//! texts here (`rules.ftl`), for the server and the CLI alike. Of the
//! workspace this crate depends on the rules alone, and nothing below
//! the server and the CLI depends on it.
//!
//! ```
//! use wari_i18n::{Language, message};
//! let es = Language::negotiate("es-ES,es;q=0.9,en;q=0.8").unwrap_or_default();
//! let args = [("language", "fr".into()), ("available", "en, es".into())];
//! let text = message(es, "err-unknown-language", &args);
//! assert_eq!(text, "idioma desconocido «fr» (disponibles: en, es)");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod catalogue;
mod embedded;
mod language;
mod number;
mod refusal;
mod text;

pub use catalogue::{Arg, has_message, message};
pub use language::{Language, UnknownLanguage};
pub use text::{Text, Value};
