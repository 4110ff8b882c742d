//! The catalogues compiled in by `build.rs` from `web/locales/`.

/// One language of the manifest and its embedded catalogues.
#[derive(Debug)]
pub(crate) struct Embedded {
    /// Its code, e.g. `"es"`.
    pub code: &'static str,
    /// Its name in itself, e.g. `"Español"`.
    pub name: &'static str,
    /// `(area, Fluent source)` for the areas the Rust side reads.
    pub files: &'static [(&'static str, &'static str)],
}

include!(concat!(env!("OUT_DIR"), "/languages.rs"));
