//! The server's one error type and the HTTP status each variant maps to.
//! Every error reaches the client as `{"error": "one line"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Why a request or message was refused, or what went wrong inside.
#[derive(Debug)]
pub enum Error {
    /// Malformed input: a body, a move letter, a rules string (400).
    BadRequest(String),
    /// No session cookie, or an unknown one (401).
    Unauthorized,
    /// A sign-in whose name or password is wrong (401).
    WrongPassword,
    /// A call that needs an account, from a guest (401).
    NotSignedIn(String),
    /// The session may not do this: not seated, not its turn (403).
    Forbidden(String),
    /// No such game, table or invite (404).
    NotFound(String),
    /// The request does not fit the game's state: game over, stale ply,
    /// no such offer (409).
    Conflict(String),
    /// A request that took too long to arrive (408).
    Timeout(String),
    /// A body over the size limit (413).
    TooLarge(String),
    /// A body that is not of the type asked for: JSON (415).
    Unsupported(String),
    /// Too many messages or connections (429).
    TooMany(String),
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
    /// A 400 with `message` flattened to one line.
    pub fn bad(message: impl std::fmt::Display) -> Error {
        Error::BadRequest(one_line(message))
    }

    /// A 409 with `message` flattened to one line.
    pub fn conflict(message: impl std::fmt::Display) -> Error {
        Error::Conflict(one_line(message))
    }

    /// A 403 with `message`.
    pub fn forbidden(message: impl std::fmt::Display) -> Error {
        Error::Forbidden(one_line(message))
    }

    /// Why the server could not start, from the error met on the way.
    pub fn startup(cause: impl std::fmt::Display) -> Error {
        Error::Startup(one_line(cause))
    }

    /// A 404 naming what was not found.
    pub fn not_found(what: impl std::fmt::Display) -> Error {
        Error::NotFound(one_line(what))
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

    /// The one line the client sees.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            Error::BadRequest(m)
            | Error::Forbidden(m)
            | Error::NotFound(m)
            | Error::Conflict(m)
            | Error::Timeout(m)
            | Error::TooLarge(m)
            | Error::Unsupported(m)
            | Error::TooMany(m)
            | Error::NotSignedIn(m) => m.clone(),
            Error::WrongPassword => "wrong name or password".to_owned(),
            Error::Unauthorized => "no session: POST /api/session first".to_owned(),
            Error::Internal(_) | Error::Startup(_) => "internal error".to_owned(),
            Error::Unavailable(_) => "the database is unavailable".to_owned(),
        }
    }
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

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        (status, axum::Json(json!({ "error": self.message() }))).into_response()
    }
}

/// `message` with line breaks turned into spaces.
pub fn one_line(message: impl std::fmt::Display) -> String {
    message.to_string().replace(['\n', '\r'], " ")
}
