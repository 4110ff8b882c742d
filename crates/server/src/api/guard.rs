//! Guards every request passes before its handler: cross-site requests
//! refused by their `Origin`, and every refusal made JSON.
//!
//! A browser sends `Origin` with every WebSocket handshake and every
//! `POST`; a page of another site can make neither with this server's
//! origin. So a state-changing request (any method but `GET`, `HEAD`,
//! `OPTIONS`) and every WebSocket upgrade whose `Origin` is neither this
//! server's own (its `Host`) nor one listed by `--allowed-origin` is
//! refused with 403. Clients that are not browsers (the CLI, curl) send
//! no `Origin` and pass. Together with JSON bodies required (a page of
//! another site cannot send `application/json` without a CORS preflight,
//! which this server never grants; see `extract.rs`), the session cookie
//! cannot be used from another site, whatever its `SameSite`.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::Error;
use crate::App;
use crate::text::text;

/// Refuses a cross-site state-changing request or WebSocket upgrade.
pub async fn same_origin(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if (!safe || is_websocket(request.headers()))
        && let Err(e) = check_origin(request.headers(), &app.config.allowed_origins)
    {
        return e.into_response();
    }
    next.run(request).await
}

fn is_websocket(headers: &HeaderMap) -> bool {
    headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// Whether `headers` come from this server's own pages, one of `allowed`
/// (origins such as `https://wari.example`), or a client that sends no
/// `Origin`.
///
/// # Errors
/// A 403 naming the refused origin.
pub fn check_origin(headers: &HeaderMap, allowed: &[String]) -> Result<(), Error> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if same_host(origin, host)
        || allowed
            .iter()
            .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        Ok(())
    } else {
        Err(Error::forbidden(text!(
            "err-cross-site",
            origin = format!("{:?}", origin)
        )))
    }
}

/// Whether the origin `scheme://authority` names `host` (the `Host`
/// header, `name[:port]`), a scheme's default port written or not.
fn same_host(origin: &str, host: &str) -> bool {
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false;
    };
    if host.is_empty() || authority.contains('/') {
        return false;
    }
    let default_port = match scheme.to_ascii_lowercase().as_str() {
        "http" => ":80",
        "https" => ":443",
        _ => return false,
    };
    let strip = |a: &str| {
        a.strip_suffix(default_port)
            .unwrap_or(a)
            .to_ascii_lowercase()
    };
    strip(authority) == strip(host)
}

/// Turns every refusal that is not JSON yet (axum's own: 405, a failed
/// WebSocket handshake, a bad path) into `{"error": "…"}` with the same
/// status.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (_, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .ok()
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| {
            status
                .canonical_reason()
                .unwrap_or("refused")
                .to_ascii_lowercase()
        });
    let text = if status == axum::http::StatusCode::METHOD_NOT_ALLOWED {
        text!("err-method-not-allowed")
    } else {
        text!("err-refused", detail = super::error::one_line(text))
    };
    let body = super::error::body(&text, wari_i18n::Language::ENGLISH).to_string();
    let mut response = Response::new(Body::from(body));
    response
        .extensions_mut()
        .insert(super::error::Refusal(text));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static(host));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_static(o));
        }
        h
    }

    #[test]
    fn the_own_origin_and_listed_ones_pass() {
        let allowed = vec!["https://wari.example".to_owned()];
        for (origin, host) in [
            (None, "127.0.0.1:8080"),
            (Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            (Some("http://Wari.Example"), "wari.example:80"),
            (Some("https://wari.example:443"), "wari.example"),
            (Some("https://wari.example"), "10.0.0.5:8080"),
        ] {
            assert!(
                check_origin(&headers(origin, host), &allowed).is_ok(),
                "{origin:?} {host}"
            );
        }
    }

    #[test]
    fn other_origins_are_refused() {
        for (origin, host) in [
            ("http://evil.example", "127.0.0.1:8080"),
            ("http://127.0.0.1:8081", "127.0.0.1:8080"),
            ("null", "127.0.0.1:8080"),
            ("https://127.0.0.1:8080/x", "127.0.0.1:8080"),
            ("http://127.0.0.1:8080", ""),
        ] {
            assert!(
                check_origin(&headers(Some(origin), host), &[]).is_err(),
                "{origin} {host}"
            );
        }
    }
}
