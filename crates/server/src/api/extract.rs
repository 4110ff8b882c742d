//! Request extractors whose refusals are this API's errors: JSON bodies
//! and query strings (400/413 as `{"error"}`), the guest's session (401
//! without one) and the client key the limits count by.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::bearer::TokenSession;
use super::error::Error;
use crate::App;
use crate::session::token_of;
use crate::store::Session;
use crate::text::text;

/// A JSON body: `Content-Type: application/json` (415 otherwise; a page
/// of another site cannot send it without a CORS preflight, which this
/// server never grants) and a body (an empty one is a 400, never `{}`).
#[derive(Debug)]
pub struct Json<T>(pub T);

/// The body of a call that takes no fields: `{}` (any JSON object).
#[derive(Debug, serde::Deserialize)]
pub struct NoFields {}

/// Whether the request says its body is JSON.
fn says_json(req: &Request) -> bool {
    req.headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

fn body_error(e: &BytesRejection) -> Error {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        Error::TooLarge(text!("err-body-too-large"))
    } else {
        Error::bad(text!("err-body-unreadable", e = e))
    }
}

impl<T: DeserializeOwned> FromRequest<Arc<App>> for Json<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &Arc<App>) -> Result<Json<T>, Error> {
        if !says_json(&req) {
            return Err(Error::Unsupported(text!("err-body-not-json")));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| body_error(&e))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(Error::bad(text!("err-body-required")));
        }
        serde_json::from_slice(&bytes)
            .map(Json)
            .map_err(|e| Error::bad(text!("err-body-malformed", e = e)))
    }
}

/// A text body (OGN).
#[derive(Debug)]
pub struct Text(pub String);

impl FromRequest<Arc<App>> for Text {
    type Rejection = Error;

    async fn from_request(req: Request, state: &Arc<App>) -> Result<Text, Error> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| body_error(&e))?;
        String::from_utf8(bytes.to_vec())
            .map(Text)
            .map_err(|_| Error::bad(text!("err-body-not-utf8")))
    }
}

/// A query string.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Query<T>, Error> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| Query(q.0))
            .map_err(|e| Error::bad(text!("err-refused", detail = e.body_text())))
    }
}

/// The guest making the request, if it has a session: a bearer token's
/// (`bearer.rs` checked it), else the cookie's.
#[derive(Debug)]
pub struct MaybeGuest(pub Option<Session>);

impl FromRequestParts<Arc<App>> for MaybeGuest {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<MaybeGuest, Error> {
        if let Some(TokenSession(session)) = parts.extensions.get::<TokenSession>() {
            return Ok(MaybeGuest(Some(session.clone())));
        }
        match token_of(&parts.headers) {
            None => Ok(MaybeGuest(None)),
            Some(token) => Ok(MaybeGuest(app.sessions.find(app, &token).await?)),
        }
    }
}

/// The guest making the request; 401 without a session.
#[derive(Debug)]
pub struct Guest(pub Session);

impl FromRequestParts<Arc<App>> for Guest {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Guest, Error> {
        let MaybeGuest(session) = MaybeGuest::from_request_parts(parts, app).await?;
        session.map(Guest).ok_or(Error::Unauthorized)
    }
}

/// The guest making a request that acts (plays, joins, posts, ...): as
/// [`Guest`], and the request counted against the session's rate (429
/// past it).
#[derive(Debug)]
pub struct Acting(pub Session);

impl FromRequestParts<Arc<App>> for Acting {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Acting, Error> {
        let Guest(session) = Guest::from_request_parts(parts, app).await?;
        count_acting(app, &session)?;
        Ok(Acting(session))
    }
}

/// Counts a request of `session` that acts against the session's rate
/// (429 past it): what [`Acting`] does, for the handlers that count later
/// (after checking the caller or the body).
///
/// # Errors
/// 429 past the rate.
pub fn count_acting(app: &App, session: &Session) -> Result<(), Error> {
    app.limiter.check(&session_key(session))
}

/// The key the limits count `session`'s requests by.
fn session_key(session: &Session) -> String {
    format!("s:{}", session.id)
}

/// Who the limits count by: the session, or the address without one.
#[derive(Debug, Clone)]
pub struct Client(pub String);

impl FromRequestParts<Arc<App>> for Client {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Client, Error> {
        let MaybeGuest(session) = MaybeGuest::from_request_parts(parts, app).await?;
        if let Some(s) = session {
            return Ok(Client(session_key(&s)));
        }
        let Address(ip) = Address::from_request_parts(parts, app).await?;
        Ok(Client(format!("ip:{ip}")))
    }
}

/// The client's address: the peer's, or with a peer given by
/// `--trusted-proxy`, the last address in `X-Forwarded-For` that is not a
/// trusted proxy's.
#[derive(Debug, Clone, Copy)]
pub struct Address(pub IpAddr);

impl FromRequestParts<Arc<App>> for Address {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Address, Error> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
        Ok(Address(client_ip(
            peer,
            &parts.headers,
            &app.config.trusted_proxies,
        )))
    }
}

/// The address of the client behind `peer`: `peer` itself unless it is
/// one of `trusted`, else the right-most address of `X-Forwarded-For`
/// that is not trusted (the one the first trusted proxy saw; the ones
/// left of it are the client's word).
#[must_use]
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    for hop in forwarded.iter().rev() {
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) if trusted.contains(&ip) => {}
            Ok(ip) => return ip,
            // A hop that is not an address: nothing left of it is sure.
            Err(_) => break,
        }
    }
    peer
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 203.0.113.7, 10.0.0.1"),
        );
        // Not trusted: its header is ignored.
        assert_eq!(client_ip(proxy, &headers, &[]), proxy);
        // Trusted: the last untrusted hop; what the client wrote before
        // it (6.6.6.6) is not believed.
        assert_eq!(
            client_ip(proxy, &headers, &[proxy]),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(proxy, &HeaderMap::new(), &[proxy]), proxy);
    }
}
