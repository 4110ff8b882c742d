//! The front end, embedded at build time from the repository's `web/`
//! directory: each file with its Content-Type, and `index.html` for `/`
//! and for every other path that is not a file (the browser's own routes,
//! like `/game/ID`).

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::api::error::Error;
use crate::text::text;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/web_files.rs"));
}

/// The embedded file at `path` (without the leading `/`).
#[must_use]
pub fn file(path: &str) -> Option<&'static [u8]> {
    embedded::FILES
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, bytes)| *bytes)
}

/// The Content-Type of a file name, by extension.
#[must_use]
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "ndjson" => "application/x-ndjson",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "txt" | "md" | "ftl" => "text/plain; charset=utf-8",
        "ogn" => "text/x-oware-ogn; charset=utf-8",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// Serves `uri`: an embedded file, or `index.html`; unknown `/api/` paths
/// get a JSON 404.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return Error::not_found(text!("err-no-api-route", path = path)).into_response();
    }
    let name = path.trim_start_matches('/');
    let (name, bytes) = match file(name) {
        Some(bytes) if !name.is_empty() => (name, bytes),
        _ => match file("index.html") {
            Some(bytes) => ("index.html", bytes),
            None => return (StatusCode::NOT_FOUND, "no front end embedded").into_response(),
        },
    };
    (
        [
            (header::CONTENT_TYPE, content_type(name)),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        bytes,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_by_extension() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(
            content_type("app/main.JS"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("board.svg"), "image/svg+xml");
        assert_eq!(content_type("LICENSE"), "application/octet-stream");
    }

    #[test]
    fn index_html_is_embedded() {
        assert!(file("index.html").is_some());
    }
}
