//! Reads `web/locales/manifest.json` and embeds, for every language it
//! lists, the catalogues the Rust side uses (`rules.ftl`, `server.ftl`,
//! `cli.ftl`):
//! writes the table `LANGUAGES` for `src/embedded.rs`. A language is
//! added by a folder and a manifest line, never by code.

use std::path::PathBuf;
use std::{env, fs};

/// The areas (catalogue files) the server and the CLI read; the browser
/// reads the others from `/locales/` itself.
const RUST_AREAS: &[&str] = &["rules", "server", "cli"];

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let locales = crate_dir.join("../../web/locales");
    println!("cargo:rerun-if-changed={}", locales.display());
    let manifest_path = locales.join("manifest.json");
    let text = fs::read_to_string(&manifest_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", manifest_path.display()));
    let manifest: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", manifest_path.display()));
    let languages = manifest["languages"]
        .as_array()
        .expect("manifest.json: \"languages\" must be a list");
    let mut out = String::from(
        "/// Every language of `web/locales/manifest.json`, in its order:\n\
         /// code, name, and the embedded catalogues `(area, source)`.\n\
         pub(crate) static LANGUAGES: &[Embedded] = &[\n",
    );
    for (i, language) in languages.iter().enumerate() {
        let code = language["code"]
            .as_str()
            .expect("manifest.json: every language needs a \"code\"");
        let name = language["name"]
            .as_str()
            .expect("manifest.json: every language needs a \"name\"");
        if i == 0 {
            assert_eq!(
                code, "en",
                "manifest.json: English (en) comes first, the fallback"
            );
        }
        out.push_str(&format!(
            "    Embedded {{ code: {code:?}, name: {name:?}, files: &[\n"
        ));
        for area in RUST_AREAS {
            let path = locales.join(code).join(format!("{area}.ftl"));
            if path.is_file() {
                let absolute = fs::canonicalize(&path).unwrap_or(path);
                out.push_str(&format!(
                    "        ({area:?}, include_str!({:?})),\n",
                    absolute.display().to_string()
                ));
            }
        }
        out.push_str("    ] },\n");
    }
    out.push_str("];\n");
    let dest = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("languages.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}
