//! Request extractors whose refusals are this API's errors: JSON bodies
//! and query strings (400/413 as `{"error"}`), the guest's session (401
//! without one) and the client key the limits count by.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::error::Error;
use crate::App;
use crate::session::token_of;
use crate::store::Session;

/// A JSON body, whatever its Content-Type; an empty body reads as `{}`.
#[derive(Debug)]
pub struct Json<T>(pub T);

fn body_error(e: &BytesRejection) -> Error {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        Error::TooLarge("the body is too large".to_owned())
    } else {
        Error::bad(format!("cannot read the body: {e}"))
    }
}

impl<T: DeserializeOwned> FromRequest<Arc<App>> for Json<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &Arc<App>) -> Result<Json<T>, Error> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| body_error(&e))?;
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(bytes)
            .map(Json)
            .map_err(|e| Error::bad(format!("malformed JSON body: {e}")))
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
            .map_err(|_| Error::bad("the body is not UTF-8 text"))
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
            .map_err(|e| Error::bad(e.body_text()))
    }
}

/// The guest making the request, if it has a session.
#[derive(Debug)]
pub struct MaybeGuest(pub Option<Session>);

impl FromRequestParts<Arc<App>> for MaybeGuest {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<MaybeGuest, Error> {
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

/// The address the request came from (the peer of the connection).
#[derive(Debug, Clone, Copy)]
pub struct Address(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for Address {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Address, Error> {
        Ok(Address(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip()),
        ))
    }
}

/// Who the limits count by: the session, or the address without one.
#[derive(Debug, Clone)]
pub struct Client(pub String);

impl FromRequestParts<Arc<App>> for Client {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Client, Error> {
        let MaybeGuest(session) = MaybeGuest::from_request_parts(parts, app).await?;
        if let Some(s) = session {
            return Ok(Client(format!("s:{}", s.id)));
        }
        let addr = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| "unknown".to_owned(), |c| c.0.ip().to_string());
        Ok(Client(format!("ip:{addr}")))
    }
}
