//! The bot's side of the server's HTTP API: JSON calls with the bearer
//! token, and NDJSON streams read a line at a time.

use std::fmt;
use std::time::Duration;

use serde_json::Value;

/// How long a call (not a stream) may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(15);

/// Why a call failed.
#[derive(Debug)]
pub enum ApiError {
    /// The server could not be reached, or the connection broke: try
    /// again later.
    Network(String),
    /// The TLS handshake failed: the server speaks no TLS, or its
    /// certificate is not trusted (trying again will not help).
    Tls(String),
    /// The server answered with an error status and its one line.
    Refused {
        /// The HTTP status.
        status: u16,
        /// The server's `error`.
        message: String,
    },
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Network(e) => write!(f, "network: {e}"),
            ApiError::Tls(e) => write!(f, "TLS: {e}"),
            ApiError::Refused { status, message } => write!(f, "{status}: {message}"),
        }
    }
}

/// Whether `e` is a failed TLS handshake: rustls's errors reach here as
/// I/O errors of kind `InvalidData` (as `tokio-rustls` reports them),
/// wrapped in another I/O error (by `hyper-rustls`), which `source`
/// skips and `get_ref` opens.
fn tls_failure(mut e: &(dyn std::error::Error + 'static)) -> bool {
    while let Some(io) = e.downcast_ref::<std::io::Error>() {
        if io.kind() == std::io::ErrorKind::InvalidData {
            return true;
        }
        match io.get_ref() {
            Some(inner) => e = inner,
            None => return false,
        }
    }
    false
}

/// A failed request's error and its causes, on one line; a TLS failure
/// apart from the rest.
fn network(e: &reqwest::Error) -> ApiError {
    let mut line = e.to_string();
    let mut tls = false;
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        tls |= tls_failure(c);
        let text = c.to_string();
        if !line.contains(&text) {
            line = format!("{line}: {text}");
        }
        cause = c.source();
    }
    let line = line.replace(['\n', '\r'], " ");
    if tls {
        ApiError::Tls(line)
    } else {
        ApiError::Network(line)
    }
}

/// A server, and the token the bot acts with.
#[derive(Debug, Clone)]
pub struct Api {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Api {
    /// The API of the server at `base` (`http://host:port` or
    /// `https://host`), as `token`. Over https the server's certificate
    /// must chain to one of the Mozilla roots built in (`webpki-roots`)
    /// or to one of `roots` (PEM certificates: a private CA's).
    ///
    /// # Errors
    /// A `roots` that holds no PEM certificate, or a client the TLS
    /// library cannot build with them.
    pub fn new(base: &str, token: &str, roots: Option<&[u8]>) -> Result<Api, String> {
        let mut builder = reqwest::Client::builder();
        if let Some(pem) = roots {
            let certificates =
                reqwest::Certificate::from_pem_bundle(pem).map_err(|e| e.to_string())?;
            if certificates.is_empty() {
                return Err("no PEM certificate in it".to_owned());
            }
            for certificate in certificates {
                builder = builder.add_root_certificate(certificate);
            }
        }
        Ok(Api {
            http: builder.build().map_err(|e| e.to_string())?,
            base: base.trim_end_matches('/').to_owned(),
            token: token.to_owned(),
        })
    }

    async fn answer(response: reqwest::Response) -> Result<Value, ApiError> {
        let status = response.status();
        let text = response.text().await.map_err(|e| network(&e))?;
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        if status.is_success() {
            Ok(body)
        } else {
            Err(ApiError::Refused {
                status: status.as_u16(),
                message: body["error"].as_str().unwrap_or("no error line").to_owned(),
            })
        }
    }

    /// `GET path` → its JSON.
    pub async fn get(&self, path: &str) -> Result<Value, ApiError> {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .timeout(CALL_TIMEOUT)
            .send()
            .await
            .map_err(|e| network(&e))?;
        Api::answer(response).await
    }

    /// `POST path` with `body` → its JSON.
    pub async fn post(&self, path: &str, body: &Value) -> Result<Value, ApiError> {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .header("content-type", "application/json")
            .body(body.to_string())
            .timeout(CALL_TIMEOUT)
            .send()
            .await
            .map_err(|e| network(&e))?;
        Api::answer(response).await
    }

    /// Opens the NDJSON stream at `path`.
    pub async fn lines(&self, path: &str) -> Result<Lines, ApiError> {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .map_err(|e| network(&e))?;
        if !response.status().is_success() {
            return Err(Api::answer(response).await.expect_err("an error status"));
        }
        Ok(Lines {
            response,
            buffer: Vec::new(),
        })
    }
}

/// An NDJSON stream, read a line at a time.
#[derive(Debug)]
pub struct Lines {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Lines {
    /// The next JSON line; `Ok(None)` when the server ended the stream.
    /// A stream silent for `idle` (the server writes an empty line every
    /// 10 or 15 s) is taken for a broken connection.
    pub async fn next(&mut self, idle: Duration) -> Result<Option<Value>, ApiError> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line);
                if text.trim().is_empty() {
                    continue;
                }
                return serde_json::from_str(&text)
                    .map(Some)
                    .map_err(|e| ApiError::Network(format!("a line that is not JSON: {e}")));
            }
            match tokio::time::timeout(idle, self.response.chunk()).await {
                Err(_) => {
                    return Err(ApiError::Network(format!(
                        "nothing heard for {} s",
                        idle.as_secs()
                    )));
                }
                Ok(Err(e)) => return Err(network(&e)),
                Ok(Ok(None)) => return Ok(None),
                Ok(Ok(Some(chunk))) => self.buffer.extend_from_slice(&chunk),
            }
        }
    }
}
