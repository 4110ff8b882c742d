//! The key test: the catalogues under `web/locales/` agree with each other
//! and with the code. It fails when
//! - a language folder or a catalogue file is not in the manifest, or a
//!   manifest file exists in one language and not in another;
//! - a `.ftl` file does not parse;
//! - a key (message or term) is defined twice in a language, across all
//!   its files;
//! - a key exists in one language and not in another (same file);
//! - a message's variables differ between languages;
//! - a key is unused: for `rules.ftl`, `server.ftl` and `cli.ftl`, not found as a
//!   string literal (`"key"`) in the Rust code under `crates/` (comments,
//!   doc examples and these tests do not count); for the browser's files, not found as a
//!   whole quoted string (`"key"`, `'key'`, `` `key` ``) in a file under
//!   `web/` outside `web/locales/`. A term is used when a message of its
//!   language refers to it.
//!
//! Files the manifest lists that no language has yet are skipped: the
//! catalogues grow area by area.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use fluent_syntax::ast;
use fluent_syntax::parser;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn locales() -> PathBuf {
    root().join("web/locales")
}

struct Manifest {
    languages: Vec<String>,
    files: Vec<String>,
}

fn manifest() -> Manifest {
    let text = fs::read_to_string(locales().join("manifest.json")).expect("manifest.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("manifest.json is JSON");
    let languages = json["languages"]
        .as_array()
        .expect("languages")
        .iter()
        .map(|l| l["code"].as_str().expect("code").to_string())
        .collect();
    let files = json["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f.as_str().expect("file name").to_string())
        .collect();
    Manifest { languages, files }
}

/// One message or term of one file: its variables.
#[derive(Debug)]
struct Entry {
    variables: BTreeSet<String>,
    terms: BTreeSet<String>,
}

/// Every entry of one file by key (`-name` for terms), with the
/// duplicates found in the file.
fn parse_file(path: &Path, problems: &mut Vec<String>) -> Vec<(String, Entry)> {
    let source = fs::read_to_string(path).expect("readable catalogue");
    let resource = match parser::parse(source.as_str()) {
        Ok(resource) => resource,
        Err((resource, errors)) => {
            for error in errors {
                problems.push(format!("{}: does not parse: {error:?}", path.display()));
            }
            resource
        }
    };
    let mut entries = Vec::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(message) => {
                let mut found = Entry {
                    variables: BTreeSet::new(),
                    terms: BTreeSet::new(),
                };
                if let Some(value) = &message.value {
                    pattern(value, &mut found);
                }
                for attribute in &message.attributes {
                    pattern(&attribute.value, &mut found);
                }
                entries.push((message.id.name.to_string(), found));
            }
            ast::Entry::Term(term) => {
                let mut found = Entry {
                    variables: BTreeSet::new(),
                    terms: BTreeSet::new(),
                };
                pattern(&term.value, &mut found);
                for attribute in &term.attributes {
                    pattern(&attribute.value, &mut found);
                }
                entries.push((format!("-{}", term.id.name), found));
            }
            ast::Entry::Junk { content } => {
                problems.push(format!("{}: does not parse: {content:?}", path.display()));
            }
            ast::Entry::Comment(_)
            | ast::Entry::GroupComment(_)
            | ast::Entry::ResourceComment(_) => {}
        }
    }
    entries
}

fn pattern(pattern: &ast::Pattern<&str>, found: &mut Entry) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_refs(expression, found);
        }
    }
}

fn expression_refs(expression: &ast::Expression<&str>, found: &mut Entry) {
    match expression {
        ast::Expression::Inline(inline) => inline_refs(inline, found),
        ast::Expression::Select { selector, variants } => {
            inline_refs(selector, found);
            for variant in variants {
                pattern(&variant.value, found);
            }
        }
    }
}

fn inline_refs(inline: &ast::InlineExpression<&str>, found: &mut Entry) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            found.variables.insert(id.name.to_string());
        }
        ast::InlineExpression::TermReference { id, arguments, .. } => {
            found.terms.insert(format!("-{}", id.name));
            if let Some(arguments) = arguments {
                call_refs(arguments, found);
            }
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => call_refs(arguments, found),
        ast::InlineExpression::Placeable { expression } => expression_refs(expression, found),
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. }
        | ast::InlineExpression::MessageReference { .. } => {}
    }
}

fn call_refs(arguments: &ast::CallArguments<&str>, found: &mut Entry) {
    for positional in &arguments.positional {
        inline_refs(positional, found);
    }
    for named in &arguments.named {
        inline_refs(&named.value, found);
    }
}

/// The text of every file under `dir` with one of `extensions`, skipping
/// `skip` and build output.
/// Lines starting with `//` (comments, doc examples) are left out when
/// `code_only`.
fn sources(dir: &Path, extensions: &[&str], skip: &[PathBuf], code_only: bool, out: &mut String) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "node_modules" {
            continue;
        }
        if skip.iter().any(|s| path.starts_with(s)) {
            continue;
        }
        if path.is_dir() {
            sources(&path, extensions, skip, code_only, out);
        } else if extensions.iter().any(|e| name.ends_with(e))
            && let Ok(text) = fs::read_to_string(&path)
        {
            for line in text.lines() {
                if !(code_only && line.trim_start().starts_with("//")) {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
    }
}

#[test]
fn catalogues_agree_with_each_other_and_with_the_code() {
    let manifest = manifest();
    let mut problems = Vec::new();

    // Folders and files all in the manifest.
    for entry in fs::read_dir(locales()).expect("web/locales").flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let code = entry.file_name().to_string_lossy().into_owned();
        if !manifest.languages.contains(&code) {
            problems.push(format!("web/locales/{code}/ is not in manifest.json"));
            continue;
        }
        for file in fs::read_dir(&path).expect("language folder").flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            let listed = name
                .strip_suffix(".ftl")
                .is_some_and(|area| manifest.files.iter().any(|f| f == area));
            if !listed {
                problems.push(format!(
                    "web/locales/{code}/{name} is not a catalogue the manifest lists"
                ));
            }
        }
    }

    let rust_code = {
        let mut text = String::new();
        let skip = [root().join("crates/i18n/tests")];
        sources(&root().join("crates"), &[".rs"], &skip, true, &mut text);
        text
    };
    let web_code = {
        let mut text = String::new();
        let skip = [locales()];
        let web = root().join("web");
        sources(
            &web,
            &[".js", ".mjs", ".html", ".json"],
            &skip,
            false,
            &mut text,
        );
        text
    };

    // language -> key -> (file, entry)
    let mut by_language: BTreeMap<&str, BTreeMap<String, (String, Entry)>> = BTreeMap::new();
    let mut checked_files = 0;
    for area in &manifest.files {
        let present: Vec<&String> = manifest
            .languages
            .iter()
            .filter(|l| locales().join(l).join(format!("{area}.ftl")).is_file())
            .collect();
        if present.is_empty() {
            continue;
        }
        for language in &manifest.languages {
            if !present.contains(&language) {
                problems.push(format!(
                    "{area}.ftl is in {} but not in {language}",
                    present[0]
                ));
            }
        }
        for language in &present {
            checked_files += 1;
            let path = locales().join(language).join(format!("{area}.ftl"));
            let keys = by_language.entry(language.as_str()).or_default();
            for (key, entry) in parse_file(&path, &mut problems) {
                if let Some((first, _)) = keys.get(&key) {
                    problems.push(format!(
                        "{key} is defined twice in {language} ({first}.ftl and {area}.ftl)"
                    ));
                } else {
                    keys.insert(key, (area.clone(), entry));
                }
            }
        }
    }
    assert!(checked_files > 0, "no catalogue found under web/locales");

    // Same keys, same variables, everywhere; every key used.
    for (language, keys) in &by_language {
        for (key, (area, entry)) in keys {
            for (other, other_keys) in &by_language {
                match other_keys.get(key) {
                    None => problems.push(format!(
                        "{key} ({area}.ftl) is in {language} but not in {other}"
                    )),
                    Some((_, other_entry)) if other_entry.variables != entry.variables => problems
                        .push(format!(
                            "{key}: variables {:?} in {language} but {:?} in {other}",
                            entry.variables, other_entry.variables
                        )),
                    Some(_) => {}
                }
            }
            if key.starts_with('-') {
                let referred = keys.values().any(|(_, e)| e.terms.contains(key));
                if !referred {
                    problems.push(format!(
                        "term {key} ({language}) is referred to by no message"
                    ));
                }
            } else if *language == "en" {
                let rust_side = matches!(area.as_str(), "rules" | "server" | "cli");
                let used = if rust_side {
                    rust_code.contains(&format!("\"{key}\""))
                } else {
                    ['"', '\'', '`']
                        .iter()
                        .any(|q| web_code.contains(&format!("{q}{key}{q}")))
                };
                if !used {
                    let place = if rust_side {
                        "as a string literal under crates/"
                    } else {
                        "as a quoted string under web/ (outside web/locales/)"
                    };
                    problems.push(format!("{key} ({area}.ftl) is unused: not found {place}"));
                }
            }
        }
    }

    assert!(
        problems.is_empty(),
        "{} problem(s) in web/locales:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
