//! The server's one error type and the HTTP status each variant maps to.
//! Every error reaches the client as `{"error": "one line", "code":
//! "stable-code"}`: the line in the request's language (the
//! `translate` layer of `api::language`), the code the catalogue key
//! without `err-` (docs/API.md).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use wari_i18n::Language;

use crate::text::{Text, text};

/// Why a request or message was refused, or what went wrong inside.
#[derive(Debug)]
pub enum Error {
    /// Malformed input: a body, a move letter, a rules string (400).
    BadRequest(Text),
    /// No session cookie, or an unknown one (401).
    Unauthorized,
    /// A sign-in whose name or password is wrong (401).
    WrongPassword,
    /// A call that needs an account, from a guest (401).
    NotSignedIn(Text),
    /// The session may not do this: not seated, not its turn (403).
    Forbidden(Text),
    /// No such game, table or invite (404).
    NotFound(Text),
    /// The request does not fit the game's state: game over, stale ply,
    /// no such offer (409).
    Conflict(Text),
    /// A request that took too long to arrive (408).
    Timeout(Text),
    /// A body over the size limit (413).
    TooLarge(Text),
    /// A body that is not of the type asked for: JSON (415).
    Unsupported(Text),
    /// Too many messages or connections (429).
    TooMany(Text),
    /// The database or a task failed (500); logged, not detailed to the
    /// client.
    Internal(String),
    /// The database is unreachable (503).
    Unavailable(String),
    /// The server could not start: a database URL it cannot use, a
    /// database it cannot reach or migrate, an address it cannot listen
    /// on. Only [`start`](crate::start) returns it; no client is ever
    /// answered with it.
    Startup(String),
}

impl Error {
    /// A 400 saying `text`.
    pub fn bad(text: impl Into<Text>) -> Error {
        Error::BadRequest(text.into())
    }

    /// A 409 saying `text`.
    pub fn conflict(text: impl Into<Text>) -> Error {
        Error::Conflict(text.into())
    }

    /// A 403 saying `text`.
    pub fn forbidden(text: impl Into<Text>) -> Error {
        Error::Forbidden(text.into())
    }

    /// Why the server could not start, from the error met on the way.
    pub fn startup(cause: impl std::fmt::Display) -> Error {
        Error::Startup(one_line(cause))
    }

    /// A 404 saying what was not found.
    pub fn not_found(text: impl Into<Text>) -> Error {
        Error::NotFound(text.into())
    }

    /// The HTTP status of this error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Error::BadRequest(_) => StatusCode::BAD_REQUEST,
            Error::Unauthorized | Error::WrongPassword | Error::NotSignedIn(_) => {
                StatusCode::UNAUTHORIZED
            }
            Error::Forbidden(_) => StatusCode::FORBIDDEN,
            Error::NotFound(_) => StatusCode::NOT_FOUND,
            Error::Conflict(_) => StatusCode::CONFLICT,
            Error::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            Error::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Error::Unsupported(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Error::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            Error::Internal(_) | Error::Startup(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Error::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// What the client is told, by catalogue key: the refusal's own text,
    /// or for an internal failure only that there was one.
    #[must_use]
    pub fn text(&self) -> Text {
        match self {
            Error::BadRequest(t)
            | Error::Forbidden(t)
            | Error::NotFound(t)
            | Error::Conflict(t)
            | Error::Timeout(t)
            | Error::TooLarge(t)
            | Error::Unsupported(t)
            | Error::TooMany(t)
            | Error::NotSignedIn(t) => t.clone(),
            Error::WrongPassword => text!("err-wrong-password"),
            Error::Unauthorized => text!("err-no-session"),
            Error::Internal(_) | Error::Startup(_) => text!("err-internal"),
            Error::Unavailable(_) => text!("err-unavailable"),
        }
    }

    /// The one line the client sees, in English.
    #[must_use]
    pub fn message(&self) -> String {
        self.text().english()
    }

    /// The body the client gets in `language`: `{"error", "code"}`.
    #[must_use]
    pub fn body(&self, language: Language) -> Value {
        body(&self.text(), language)
    }
}

/// `{"error": text in language, "code": its code}`.
#[must_use]
pub fn body(text: &Text, language: Language) -> Value {
    json!({ "error": text.render(language), "code": text.code() })
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Internal(m) | Error::Unavailable(m) | Error::Startup(m) => f.write_str(m),
            other => f.write_str(&other.message()),
        }
    }
}

impl std::error::Error for Error {}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Error {
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => {
                Error::Unavailable(one_line(e))
            }
            other => Error::Internal(format!("database: {}", one_line(other))),
        }
    }
}

/// The refusal a response carries, for the `translate` layer to write in
/// the request's language.
#[derive(Clone, Debug)]
pub struct Refusal(pub Text);

impl IntoResponse for Error {
    /// The body in English, and the `Refusal` for the `translate` layer
    /// to write it again in the request's language.
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let text = self.text();
        let mut response = (status, axum::Json(body(&text, Language::ENGLISH))).into_response();
        response.extensions_mut().insert(Refusal(text));
        response
    }
}

/// `message` with line breaks turned into spaces.
pub fn one_line(message: impl std::fmt::Display) -> String {
    message.to_string().replace(['\n', '\r'], " ")
}
